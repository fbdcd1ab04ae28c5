"""The Boogeyman's policies on the shared engine (companion/ai/engine.py), and its levels.

Easy is the rule-run adversary (the rulebook's random procedure); Normal and Hard are the
engine's determinized search, with this game's shared rollout (`values`) for Room tokens and
its heuristics (`shortcut`) for the decisions that need no search. Budgets are worlds sampled
with a wall-clock cap for the app; on a Raspberry Pi 4 (about 4x slower) the cap, not the
worlds, is what binds - see docs/adversary.md.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.ai.engine import Budget, InfoState, SearchPolicy
from companion.ai.fair import FairSpec
from companion.core.rng import Rng
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.ai import planner
from companion.games.boogeyman.ai.base import boogeyman_decision
from companion.games.boogeyman.ai.child_model import table_input
from companion.games.boogeyman.ai.rule_run import RuleRunAdversary
from companion.games.boogeyman.protocol import BOOGEYMAN
from companion.games.boogeyman.state import (
    ChooseCard,
    ChooseRoomTokens,
    Effect,
    HideTokens,
    State,
    SteerBabysitter,
)

LEVEL_NAMES = ("rules", "easy", "normal", "hard", "fair", "fair-gentle", "fair-tough")

LEVELS: dict[str, Budget] = {
    # Normal: a small search, and about half the tokens drawn at random as the rulebook would.
    "normal": Budget(iterations=2, depth=60, time_ms=25.0, params={"hide": "deal", "blunder": 0.55}),
    # Hard: the full search; Objectives hidden in the far locked rooms.
    "hard": Budget(iterations=12, depth=80, time_ms=40.0, params={"hide": "far"}),
}
# On a Pi 4 the same iteration budgets take ~4x as long; the app's deadline there.
PI4_TIME_MS = {"normal": 100.0, "hard": 160.0}


def knobs(budget: Budget) -> planner.Knobs:
    return planner.Knobs(**dict(budget.params))


class RuleRunPolicy:
    """Easy: exactly the rulebook's random procedure, with its own generator."""

    observes: str | None = None
    searches = False

    def __init__(self, seed: int = 0, name: str = "rules") -> None:
        self.name = name
        self.adversary = RuleRunAdversary(seed)

    def decide(self, info: InfoState[Any], deadline: float | None = None) -> I.Input:
        return self.adversary.decide(info.known())


class BoogeymanPolicies:
    levels: Mapping[str, Budget] = LEVELS

    def __init__(self, catalogue: Mapping[str, tuple[Effect, ...]] | None = None) -> None:
        self.catalogue = dict(catalogue or {})

    # ---- the engine's hooks
    def shortcut(self, info: InfoState[Any], budget: Budget, rng: Rng) -> tuple[I.Input | None, Rng]:
        state: State = info.known()
        p = boogeyman_decision(state)
        k = knobs(budget)
        if isinstance(p, ChooseRoomTokens):
            roll, rng = rng.below(1_000_000)
            if roll < k.blunder * 1_000_000:
                return self._rule_run(state, rng)
            return None, rng  # the search
        if isinstance(p, ChooseCard):
            if k.cards == "random":
                return self._rule_run(state, rng)
            return planner.card(state, p, self.catalogue, rng)
        if isinstance(p, SteerBabysitter):
            if k.steer == "nearest":
                return self._rule_run(state, rng)
            return I.SteerBabysitterInput(planner.steer(state, p.steps)), rng
        if isinstance(p, HideTokens):
            if k.hide == "deal":
                return self._rule_run(state, rng)
            return planner.hide(state, p.objectives, k.hide), rng
        return None, rng  # a child's decision: the generic search

    def values(self, world: State, seat: str, candidates: list[Any], budget: Budget,
               rng: Rng) -> tuple[list[float], Rng]:
        """Room tokens: one shared rollout per world scores every candidate (planner.py)."""
        p = boogeyman_decision(world)
        if not isinstance(p, ChooseRoomTokens) or seat != BOOGEYMAN:
            raise ValueError("the shared rollout only scores the Boogeyman's Room tokens")
        rooms = sorted({r for c in candidates for r in c.rooms}, key=lambda r: (len(r), r))
        seed, rng = rng.next_u64()
        per_room = planner.room_token_values(world, rooms, p.count, budget.depth, knobs(budget).prior,
                                             Rng.from_seed(seed))
        return [sum(per_room[r] for r in c.rooms) for c in candidates], rng

    def rollout(self, state: State, rng: Rng) -> tuple[I.Input | None, Rng]:
        if boogeyman_decision(state) is not None:
            seed, rng = rng.next_u64()
            return RuleRunAdversary(seed).decide(state), rng
        return table_input(state, rng)

    def evaluate(self, state: State, seat: str) -> float:
        """The Boogeyman's share of an unfinished night: Stress climbed and Status cards lost."""
        from companion.games.boogeyman.houses import house_for

        house = house_for(state.options.board)
        stress = max(state.stress_boogeyman, state.stress_babysitter) / max(1, house.stress_top)
        lost = sum(3 - c.status for c in state.children) / max(1, 3 * len(state.children))
        v = 0.5 * stress + 0.5 * lost
        return v if seat == BOOGEYMAN else 1.0 - v

    # ---- levels that are not a plain search
    def make_policy(self, level: str, seed: int = 0, **options: Any) -> Any:
        if level in ("rules", "easy"):
            return RuleRunPolicy(seed, level)
        if level in LEVELS:
            catalogue = options.get("catalogue", self.catalogue)
            return SearchPolicy(level, BoogeymanPolicies(catalogue), LEVELS[level], seed)
        return None

    def for_fair(self, **options: Any) -> "FairBoogeymanPolicies":
        """The policies a fair level runs (companion/ai/fair.py): these, with its hooks."""
        return FairBoogeymanPolicies(options.get("catalogue", self.catalogue))

    @staticmethod
    def _rule_run(state: State, rng: Rng) -> tuple[I.Input, Rng]:
        seed, rng = rng.next_u64()
        return RuleRunAdversary(seed).decide(state), rng


# The fair levels (companion/ai/fair.py). The planner's values are not a chance (Room tokens:
# the harm of the first stop there next round, about 1-2.5 an encounter; cards: the catalogue's
# harm, a Status card 3; the Possessed Babysitter: minus how far she ends from the children), so
# the device eases in proportion to how far the table is behind. `bound` 8.0 in each decision's
# own units: a Room token at most about five encounters below the best (a hidden token: a table
# never sees where it lay unless someone stops there), a card at most two or three Status cards
# gentler than the cruellest, the Babysitter at most 8 rooms farther from the children than her best.
# Ease 0.8 with the table on target, full once it is 0.3 behind, none once 0.3 ahead: with 3.0 /
# 0.5 / 0.1 the novice bots won 37.7 % in 1,000 games (seed 2026); tuned on seed 31 (300 games a
# cell: good bots 50.7 %, novice 44.0 %), docs/adversary.md.
FAIR = FairSpec(base="hard", bound=8.0, worlds=1, width=0.30, chance_values=False, pick="ease", centre=0.8)

# The children's chance of winning (logistic on public facts; fitted on 10,155 Boogeyman
# decisions of 300 Competitive games, 100 each against rules/normal/hard, seed 777, 4 children:
# benchmarks/fair_chance.py): constant, Objectives found (of 3), Mission
# done, Status left (share), Stress (mean of both tracks, share of the top), the higher track,
# round (share of the cap).
CHANCE_WEIGHTS = (-3.935, 2.1, 0.542, 3.196, -5.815, 4.604, -3.442)


def chance_features(state: State) -> tuple[float, ...]:
    """Public facts only: the Objectives carried or stacked, Status, Stress and the round."""
    from companion.games.boogeyman.houses import house_for
    from companion.games.boogeyman.model import ROUND_CAP

    house = house_for(state.options.board)
    top = max(1, house.stress_top)
    kids = [c for c in state.children if c.on_board]
    found = sum(len(c.objectives) for c in kids) + len(state.finale_stack)
    status = sum(max(0, c.status) for c in kids) / max(1, 3 * len(kids))
    return (1.0, found / 3, float(state.mission_done), status,
            (state.stress_boogeyman + state.stress_babysitter) / (2 * top),
            max(state.stress_boogeyman, state.stress_babysitter) / top, min(state.round, ROUND_CAP) / ROUND_CAP)


def children_chance(state: State) -> float:
    import math

    x = sum(w * f for w, f in zip(CHANCE_WEIGHTS, chance_features(state)))
    return 1.0 / (1.0 + math.exp(-x))


class FairBoogeymanPolicies(BoogeymanPolicies):
    """The fair levels' hooks: the chance estimate and the eased decisions outside the search."""

    fair = FAIR

    def chance(self, world: State, seat: str) -> float:
        p = children_chance(world)
        return 1.0 - p if seat == BOOGEYMAN else p

    def when(self, info: InfoState[Any]) -> int:
        state: State = info.known()
        return state.round

    def fair_shortcut(self, info: InfoState[Any], budget: Budget, ease: float,
                      rng: Rng) -> tuple[I.Input | None, Rng]:
        """The decisions outside the search, eased as the Room tokens are: the card and the
        Possessed Babysitter's room nearest `best - ease x (best - weakest)` by the planner's own
        scores (the catalogue's harm; how close she ends to the children, never onto its own
        hidden room); hiding: the rulebook's deal (a fair level does not start by pushing)."""
        state: State = info.known()
        p = boogeyman_decision(state)
        if isinstance(p, HideTokens):
            return self._rule_run(state, rng)
        if isinstance(p, ChooseCard):
            scored = []
            for code in sorted(state.deck(p.deck).remaining):
                effects = self.catalogue.get(code)
                tie, rng = rng.below(1 << 20)
                scored.append((planner.card_harm(effects) if effects is not None else 0.0, tie, code))
            if not scored:
                return self.shortcut(info, budget, rng)
            top = max(h for h, _, _ in scored)
            scored = [x for x in scored if x[0] >= top - self.fair.bound]
            want = _eased([h for h, _, _ in scored], ease)
            return I.ChooseCardInput(min(scored, key=lambda x: (abs(x[0] - want), x[1]))[2]), rng
        if isinstance(p, SteerBabysitter):
            hidden = set(state.current_rooms) - set(state.boogeyman)
            options = [o for o in planner.steer_options(state, p.steps) if o[1] not in hidden]
            if not options:
                return self.shortcut(info, budget, rng)
            top = max(v for v, _, _ in options)
            options = [o for o in options if o[0] >= top - self.fair.bound]
            want = _eased([v for v, _, _ in options], ease)
            return I.SteerBabysitterInput(min(options, key=lambda o: (abs(o[0] - want), -o[0]))[2]), rng
        if isinstance(p, ChooseRoomTokens):
            return None, rng
        return self.shortcut(info, budget, rng)


def _eased(values: list[float], ease: float) -> float:
    best, low = max(values), min(values)
    return best - ease * (best - low)


POLICIES = BoogeymanPolicies()


def time_budget_ms(level: str, pi4: bool = False) -> float | None:
    if level not in LEVELS:
        return None
    return PI4_TIME_MS[level] if pi4 else LEVELS[level].time_ms
