"""One adversary engine for every game: determinized search on the game protocol.

A policy is handed an `InfoState` - what one seat may know - never the state itself. It can read
the seat's observation and legal inputs and draw worlds consistent with them (the game's
`resample`). `SearchPolicy` is determinized Monte Carlo with UCB1 at the root: each iteration
picks a candidate input by UCB1, plays it in a drawn world and the game on with the game's
rollout policy (chance resolved by its `chance_outcomes`), and scores the end by the result or
the game's evaluation. Common random numbers by default: the n-th try of every candidate is
played in the same world with the same dice after it, so two candidates are compared on the
same luck and the difference between them, not the noise, decides. Budgets are iterations with an optional wall-clock deadline; with no
deadline the answer depends only on the seed and the observation, so an Undo gets the same
answer and simulations replay exactly.

A game supplies only its policies (`GamePolicies`): a rollout policy, an evaluation and its
levels; optionally `values(world, seat, candidates, budget, rng) -> (scores, rng)` (score every
candidate from one world at once, when the game knows a cheaper or better way than a rollout per
candidate: the engine then averages those scores over `iterations` worlds, one per iteration,
instead of UCB1) and `shortcut` (decisions that need no search).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Generic, Mapping, Protocol, TypeVar

from companion.core.errors import IllegalInput
from companion.core.game import Actor, GameRules, Observation, public_seed, sample_chance
from companion.core.rng import Rng

S = TypeVar("S")


class InfoState(Generic[S]):
    """What `seat` may know of a position: its observation, its legal inputs, and worlds drawn
    consistent with them. The true state stays inside; `clairvoyant` (benchmarks only: the
    ceiling of strength) makes `sample` return the true state, future dice included."""

    __slots__ = ("rules", "seat", "_state", "_obs", "clairvoyant")

    def __init__(self, rules: GameRules[S, Any, Any], state: S, seat: str, clairvoyant: bool = False) -> None:
        self.rules = rules
        self.seat = seat
        self._state = state
        self._obs: Observation | None = None
        self.clairvoyant = clairvoyant

    @property
    def observation(self) -> Observation:
        if self._obs is None:
            self._obs = self.rules.observe(self._state, self.seat)
        return self._obs

    @property
    def actor(self) -> Actor:
        return self.rules.to_act(self._state)

    def legal(self) -> list[Any]:
        return self.rules.legal_inputs(self._state, self.seat)

    def sample(self, rng: Rng) -> tuple[S, Rng]:
        if self.clairvoyant:
            return self._state, rng
        return self.rules.resample(self._state, self.seat, rng)

    def known(self) -> S:
        """One canonical world (drawn with a fixed generator): for heuristics that read a typed
        state. It depends only on the observation, as every sample does."""
        return self.sample(Rng(0))[0]

    @property
    def public_seed(self) -> int:
        return public_seed(self.rules, self._state, self.seat)


class Policy(Protocol):
    """Whatever holds a seat: a level of the engine, a bot, a random player, the modelled table.
    `observes` is the seat whose information it is handed (None: the seat it plays)."""

    name: str
    observes: str | None

    def decide(self, info: InfoState[Any], deadline: float | None = None) -> Any: ...


@dataclass(frozen=True)
class Budget:
    """A level's search budget: `iterations` worlds, at most `depth` inputs per rollout, and
    `time_ms`, about what those iterations take on the reference machine. A wall-clock cap applies
    only when a caller passes a deadline; the app's seat and simulations pass none, so iterations
    alone bind: the same answer after an Undo, and simulations replay exactly, under any load."""

    iterations: int
    depth: int = 200
    time_ms: float | None = None
    explore: float = 1.0  # UCB1's exploration constant, in units of the score range
    common_random: bool = True  # the n-th try of every candidate: the same world and dice (False: fresh ones)
    params: Mapping[str, Any] = field(default_factory=dict)  # the game's own knobs for a level


class GamePolicies(Protocol):
    """The per-game part of the engine (a pack's `policies` module provides one as POLICIES)."""

    levels: Mapping[str, Budget]

    def rollout(self, state: Any, rng: Rng) -> tuple[Any, Rng]:
        """A fast input for whoever acts in `state` (a simulated world: the full state is fine
        here, since the world is already a sample)."""
        ...

    def evaluate(self, state: Any, seat: str) -> float:
        """How good an unfinished position is for `seat`, in [0, 1]."""
        ...


def _score(rules: GameRules[Any, Any, Any], state: Any, seat: str, policies: GamePolicies) -> float:
    result = rules.result(state)
    if result is not None:
        return float(result.scores.get(seat, 1.0 if seat in result.winners else 0.0))
    return float(policies.evaluate(state, seat))


def rollout_value(rules: GameRules[Any, Any, Any], policies: GamePolicies, state: Any, seat: str, rng: Rng,
                  depth: int) -> tuple[float, Rng]:
    """Play on from `state` with the rollout policy; the score for `seat` where it stops."""
    for _ in range(depth):
        actor = rules.to_act(state)
        if actor.kind == "nobody":
            break
        if actor.kind == "chance":
            inp, rng = sample_chance(rules.chance_outcomes(state), rng)
        else:
            inp, rng = policies.rollout(state, rng)
        if inp is None:
            break
        try:
            state = rules.apply(state, inp)
        except IllegalInput:
            break  # a rollout policy's slip: score the position reached
    return _score(rules, state, seat, policies), rng


class SearchPolicy:
    """Determinized Monte Carlo search with UCB1 at the root (see the module's doc)."""

    observes: str | None = None
    searches = True

    def __init__(self, name: str, policies: GamePolicies, budget: Budget, seed: int = 0) -> None:
        self.name = name
        self.policies = policies
        self.budget = budget
        self.seed = seed
        self.iterations_used: list[int] = []  # per decision, for benchmarks

    def decide(self, info: InfoState[Any], deadline: float | None = None) -> Any:
        candidates = info.legal()
        if not candidates:
            raise IllegalInput(f"{info.seat} has nothing to decide")
        rng = Rng.from_seed(self.seed ^ info.public_seed)
        shortcut = getattr(self.policies, "shortcut", None)
        if shortcut is not None:
            quick, rng = shortcut(info, self.budget, rng)
            if quick is not None:
                return quick
        if len(candidates) == 1:
            return candidates[0]
        means = self._means(info, candidates, rng, deadline)
        ties = []
        for _ in candidates:  # equal values: the engine's own draw, never the list's order
            t, rng = rng.below(1 << 30)
            ties.append(t)
        return candidates[max(range(len(candidates)), key=lambda i: (means[i], ties[i]))]

    def _means(self, info: InfoState[Any], candidates: list[Any], rng: Rng, deadline: float | None) -> list[float]:
        """Each candidate's mean value for the deciding seat: over shared playouts when the game
        gives `values` (common random numbers), else by UCB; the iterations spent are logged."""
        values = getattr(self.policies, "values", None)
        if values is not None:
            totals, n = self._shared(info, candidates, values, rng, deadline)
            means = [t / max(1, n) for t in totals]
        else:
            means, n = self._ucb(info, candidates, rng, deadline)
        self.iterations_used.append(n)
        return means

    def _shared(self, info: InfoState[Any], candidates: list[Any], values: Any, rng: Rng,
                deadline: float | None) -> tuple[list[float], int]:
        """The game scores every candidate from one world per iteration."""
        totals = [0.0] * len(candidates)
        n = 0
        for _ in range(self.budget.iterations):
            if deadline is not None and n > 0 and time.perf_counter() > deadline:
                break
            world, rng = info.sample(rng)
            got, rng = values(world, info.seat, candidates, self.budget, rng)
            for i, v in enumerate(got):
                totals[i] += v
            n += 1
        return totals, n

    def _ucb(self, info: InfoState[Any], candidates: list[Any], rng: Rng,
             deadline: float | None) -> tuple[list[float], int]:
        rules, seat = info.rules, info.seat
        k = len(candidates)
        sums = [0.0] * k
        visits = [0] * k
        tries: list[tuple[Any, Rng]] = []  # common random numbers: the n-th world and the dice after it
        for it in range(max(self.budget.iterations, k)):
            if deadline is not None and it >= k and time.perf_counter() > deadline:
                break
            if it < k:
                i = it
            else:
                log_n = math.log(it)
                i = max(range(k), key=lambda j: sums[j] / visits[j]
                        + self.budget.explore * math.sqrt(log_n / visits[j]))
            if self.budget.common_random:
                while len(tries) <= visits[i]:  # a world is immutable: every candidate may play in it
                    seed, rng = rng.next_u64()
                    tries.append(info.sample(Rng.from_seed(seed)))
                world, dice = tries[visits[i]]
            else:
                world, rng = info.sample(rng)
                dice = rng
            try:
                after = rules.apply(world, candidates[i])
            except IllegalInput:
                v = -1.0  # legal in the observation but not in this world: should not happen
            else:
                v, dice = rollout_value(rules, self.policies, after, seat, dice, self.budget.depth)
            if not self.budget.common_random:
                rng = dice
            sums[i] += v
            visits[i] += 1
        means = [sums[j] / visits[j] if visits[j] else -math.inf for j in range(k)]
        return means, sum(visits)


class RandomPolicy:
    """A uniformly random legal input."""

    observes: str | None = None
    searches = False

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.name = name
        self.rng = Rng.from_seed(seed ^ 0x7A2D0)

    def decide(self, info: InfoState[Any], deadline: float | None = None) -> Any:
        legal = info.legal()
        if not legal:
            raise IllegalInput(f"{info.seat} has nothing to decide")
        choice, self.rng = self.rng.choice(legal)
        return choice


class GreedyPolicy:
    """One ply: the input whose position the game's evaluation likes best, in one sampled world
    (ties broken by the policy's own generator)."""

    observes: str | None = None
    searches = False

    def __init__(self, policies: GamePolicies, seed: int = 0, name: str = "greedy") -> None:
        self.name = name
        self.policies = policies
        self.rng = Rng.from_seed(seed ^ 0x96EED)

    def decide(self, info: InfoState[Any], deadline: float | None = None) -> Any:
        legal = info.legal()
        if not legal:
            raise IllegalInput(f"{info.seat} has nothing to decide")
        world, self.rng = info.sample(self.rng)
        best: tuple[float, int] | None = None
        pick = legal[0]
        for inp in legal:
            try:
                after = info.rules.apply(world, inp)
            except IllegalInput:
                continue
            tie, self.rng = self.rng.below(1 << 30)
            key = (_score(info.rules, after, info.seat, self.policies), tie)
            if best is None or key > best:
                best, pick = key, inp
        return pick


GENERIC = ("random", "greedy")


def game_policies(code: str) -> GamePolicies:
    from companion.core.packs import get_pack

    module = get_pack(code).part("policies")
    policies: GamePolicies = module.POLICIES
    return policies


def level_names(code: str) -> tuple[str, ...]:
    from companion.core.packs import get_pack

    pack = get_pack(code)
    names = tuple(game_policies(code).levels) if pack.has("policies") else ()
    if "hard" in names:  # every game with a Hard level has the fair levels (companion/ai/fair.py)
        from companion.ai.fair import FAIR_LEVELS

        names += FAIR_LEVELS
    return GENERIC + tuple(n for n in names if n not in GENERIC)


def make_policy(code: str, level: str, seed: int = 0, **options: Any) -> Policy:
    """"The device plays a seat at level L": a policy for any registered game.

    `random` and `greedy` are generic; other levels are the game's. A pack's policies module may
    define `make_policy(level, seed, **options)` for levels that are not a plain search budget
    (Boogeyman's rule-run Easy); it returns None for the levels it leaves to the engine."""
    if level == "random":
        return RandomPolicy(seed)
    policies = game_policies(code)
    if level == "greedy":
        return GreedyPolicy(policies, seed)
    from companion.ai.fair import FAIR_LEVELS, make_fair

    if level in FAIR_LEVELS and "hard" in policies.levels:
        return make_fair(policies, level, seed, **options)
    own = getattr(policies, "make_policy", None)
    if own is not None:
        made: Policy | None = own(level, seed, **options)
        if made is not None:
            return made
    try:
        budget = policies.levels[level]
    except KeyError:
        raise IllegalInput(f"unknown level {level!r}: one of {', '.join(level_names(code))}") from None
    return SearchPolicy(level, policies, budget, seed)
