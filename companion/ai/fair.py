"""The "fair" levels: the device keeps the table's chance of winning near a target.

A fair level is Hard's search (the game's own `hard` budget, so it costs what Hard costs) that
does not simply play its best input. Each decision:

1. It estimates the table's chance of winning from its own seat's view only: the mean of the
   game's `chance(world, seat)` over a few worlds drawn for the seat (`InfoState.sample`), or,
   for a game whose search values are already the seat's chance of winning (Bump in the Night,
   Goosebumps), the value of its best input.
2. Its *reasonable* inputs are those whose search value is at most `bound` below the best's
   (the game's `FairSpec.bound`, in its own value's units; documented in docs/adversary.md). An
   input outside the bound is never played, however far the table is behind.
3. It picks the reasonable input that moves the table's chance toward the target: for chance
   values (`pick="nearest"`), the one whose value is nearest to (1 - target), and its best when
   the table is ahead; otherwise (`pick="ease"`) it eases off in proportion to how far the table
   is behind (`ease`: 0 = its best, 1 = its weakest reasonable input; `centre` is the ease with
   the table on target, falling to 0 once the table is `width` ahead).

Everything is seeded from `seed ^ public_seed(observation)` as every level is, so the same
position gets the same answer after an Undo, and nothing the seat may not know can move it.
The policy keeps a log of its ease per decision (`pushes`) for the end screen's line.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping

from companion.ai.engine import Budget, GamePolicies, InfoState, SearchPolicy
from companion.core.errors import IllegalInput
from companion.core.rng import Rng

# level -> the table's target chance of winning
TARGETS: dict[str, float] = {"fair": 0.50, "fair-gentle": 0.65, "fair-tough": 0.35}
FAIR_LEVELS = tuple(TARGETS)
WORDS = {"fair": "Fair", "fair-gentle": "Fair (gentle)", "fair-tough": "Fair (tough)"}


@dataclass(frozen=True)
class FairSpec:
    """A game's settings for its fair levels (a pack's policies may set `fair` to one)."""

    base: str = "hard"        # the level whose budget the search uses
    bound: float = 0.12       # the most a played input may be below the best, in value units
    worlds: int = 3           # worlds drawn to estimate the table's chance (with `chance`)
    width: float = 0.25       # how far behind the target the table is when the device eases fully
    chance_values: bool = True  # the search's values are the seat's chance of winning
    pick: str = "nearest"     # "nearest": the value nearest 1 - target; "ease": in proportion
    params: Mapping[str, Any] = field(default_factory=dict)  # the game's knobs over the base level's
    centre: float = 0.0       # the ease with the table on target ("ease": 0.5 = halfway, symmetric)
    power: float = 1.0        # the ease's curve with the table behind: 2 = little near the target,
    #                           most far from it (a stronger table claws back a small ease; a weaker
    #                           one is the one left far behind)


def spec_of(policies: GamePolicies) -> FairSpec:
    spec = getattr(policies, "fair", None)
    return spec if isinstance(spec, FairSpec) else FairSpec()


@dataclass(frozen=True)
class Push:
    """One decision of a fair level: where the game was (`when`, the game's words such as a
    round number), the table's estimated chance, and how much the device eased off (0..1)."""

    when: int
    chance: float
    ease: float


class FairPolicy(SearchPolicy):
    """Hard's search, played toward a target chance for the table (see the module's doc)."""

    def __init__(self, name: str, policies: GamePolicies, target: float, seed: int = 0) -> None:
        self.spec = spec_of(policies)
        base = policies.levels[self.spec.base]
        super().__init__(name, policies, with_budget(base, **self.spec.params) if self.spec.params else base, seed)
        self.target = target
        self.pushes: list[Push] = []

    # ---- the estimate
    def table_chance(self, info: InfoState[Any], rng: Rng) -> tuple[float | None, Rng]:
        """The table's chance of winning by the game's `chance` hook, from worlds drawn for the
        seat (None when the game has no such hook: the search's values stand in)."""
        chance: Callable[[Any, str], float] | None = getattr(self.policies, "chance", None)
        if chance is None:
            return None, rng
        total = 0.0
        n = max(1, self.spec.worlds)
        for _ in range(n):
            world, rng = info.sample(rng)
            total += chance(world, info.seat)
        return 1.0 - total / n, rng

    def ease(self, table: float) -> float:
        """`centre` with the table on target, rising to 1 once it is `width` behind and falling to
        0 (its best) once it is `width` ahead (with centre 0: its best whenever the table is at
        or above the target)."""
        behind = (self.target - table) / max(1e-9, self.spec.width)
        c = self.spec.centre
        if behind >= 0:
            return c + (1.0 - c) * float(min(1.0, behind) ** self.spec.power)
        return max(0.0, c + c * behind)

    # ---- the decision
    def decide(self, info: InfoState[Any], deadline: float | None = None) -> Any:
        candidates = info.legal()
        if not candidates:
            raise IllegalInput(f"{info.seat} has nothing to decide")
        rng = Rng.from_seed(self.seed ^ info.public_seed)
        table, rng = self.table_chance(info, rng)
        ease = self.ease(table) if table is not None else 0.0
        budget = self.budget
        eased_shortcut = getattr(self.policies, "fair_shortcut", None)
        if eased_shortcut is not None:
            quick, rng = eased_shortcut(info, budget, ease, rng)
            if quick is not None:
                self._log(info, table, ease)
                return quick
        else:
            shortcut = getattr(self.policies, "shortcut", None)
            if shortcut is not None:
                quick, rng = shortcut(info, budget, rng)
                if quick is not None:
                    return quick
        if len(candidates) == 1:
            return candidates[0]
        means = self._means(info, candidates, rng, deadline)
        seed, rng = rng.next_u64()
        pick, table, ease = self.choose(candidates, means, table, Rng.from_seed(seed))
        self._log(info, table, ease)
        return pick

    def choose(self, candidates: list[Any], means: list[float], table: float | None,
               rng: Rng) -> tuple[Any, float, float]:
        """The reasonable input nearest the target; also the table's chance and the ease used."""
        best = max(means)
        if table is None:
            table = 1.0 - best
        reasonable = [i for i, m in enumerate(means) if m >= best - self.spec.bound]
        ease = self.ease(table)
        if self.spec.chance_values and self.spec.pick == "nearest":
            want = 1.0 - self.target
            if table >= self.target:
                want = best  # the table is ahead: the device plays its best
        else:
            low = min(means[i] for i in reasonable)
            want = best - ease * (best - low)
        ties = []
        for _ in candidates:
            t, rng = rng.below(1 << 30)
            ties.append(t)
        i = min(reasonable, key=lambda j: (abs(means[j] - want), -means[j], ties[j]))
        used = (best - means[i]) / self.spec.bound if self.spec.bound > 0 else 0.0
        return candidates[i], table, max(0.0, min(1.0, used)) if self.spec.pick == "nearest" else ease

    def _log(self, info: InfoState[Any], table: float | None, ease: float) -> None:
        when = getattr(self.policies, "when", None)
        at = int(when(info)) if when is not None else len(self.pushes)
        self.pushes.append(Push(at, 1.0 - self.target if table is None else table, ease))


def make_fair(policies: GamePolicies, level: str, seed: int = 0, **options: Any) -> FairPolicy:
    """A fair level for a game whose policies have the spec's base level (every game with Hard)."""
    spec = spec_of(policies)
    if spec.base not in policies.levels:
        raise IllegalInput(f"this game has no {spec.base!r} level for {level!r} to build on")
    factory = getattr(policies, "for_fair", None)
    own: GamePolicies = factory(**options) if factory is not None else policies
    return FairPolicy(level, own, TARGETS[level], seed)


def with_budget(budget: Budget, **params: Any) -> Budget:
    return replace(budget, params={**dict(budget.params), **params})


def pushed(pushes: list[Push], words: str = "rounds") -> str:
    """How hard the device pushed, in words: the stretches it eased off ("eased off in rounds
    3-5"), or that it played its best throughout."""
    eased = sorted({p.when for p in pushes if p.ease >= 0.5})
    if not pushes:
        return ""
    if not eased:
        return "played its best throughout"
    spans: list[tuple[int, int]] = []
    for w in eased:
        if spans and w <= spans[-1][1] + 1:
            spans[-1] = (spans[-1][0], w)
        else:
            spans.append((w, w))
    text = ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in spans[:4])
    return f"eased off in {words} {text}"
