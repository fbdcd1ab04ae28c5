"""The player-run Boogeyman AI (Normal, Hard): determinized Monte Carlo on the real reducer.

Room tokens. A hidden token changes nothing until a child or the Babysitter stops in its
room, so one rollout per sampled world serves every candidate token: the AI determinizes
(infoset.py), plays a probe token the children cannot meet, lets the modelled table play the
next round through `RULES.apply` (child_model.py), and credits each usable room with the value
of the first stop there - a child's encounter (worth more on a Terrified child, who would Pass
Out) or the Babysitter stopping alone (a possession it then steers). The averages over worlds,
plus a small prior for rooms near children that still hold tokens, rank the tokens.

Possessed Babysitter: every room she can reach with the rolled steps is scored - ending on the
child most likely to lose a Status card is best; otherwise stay close to the children, and
never walk onto its own hidden room (that would reveal it).

Cards: the catalogue's effects when known (a harm score), else the deck's order is no guide
and the choice is a draw from the AI's generator.

Competitive set-up: hide the Objectives where they cost the children most (see `_hide`).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import Mapping

from companion.core.errors import IllegalInput
from companion.core.rng import Rng
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.rules import babysitter_graph, child_graph
from companion.games.boogeyman.state import (
    Child,
    ChooseCard,
    ChooseRoomTokens,
    Effect,
    HideTokens,
    State,
    SteerBabysitter,
)
from companion.ai.base import NotBoogeymansDecision, boogeyman_decision
from companion.ai.child_model import ENCOUNTER_LOSS, table_input
from companion.ai.common import awake_children, usable_room_tokens
from companion.ai.infoset import determinize
from companion.ai.rule_run import RuleRunAdversary

# How much each card effect hurts the children (per unit of N), for ranking known cards.
HARM = {
    "lose_status": 3.0, "lose_candy": 0.8, "lose_actions": 0.6, "end_turn": 1.0,
    "babysitter_toward": 0.4, "babysitter_to_child": 2.0, "gain_status": -3.0, "gain_candy": -0.8,
    "extra_actions": -0.6, "remove_lock": -0.5, "cancel_encounter": -1.0, "none": 0.0,
}


@dataclass(frozen=True)
class Budget:
    """A level's search budget: `worlds` sampled per Room-token decision, `max_steps` inputs per
    rollout, `time_ms` the in-app deadline (simulations pass no deadline, so only the iteration
    budget applies and games replay exactly). `hide`: "deal" (the rulebook's random deal),
    "far" or "chain" (see PlannerAdversary._hide)."""

    worlds: int
    max_steps: int
    time_ms: float
    hide: str
    prior: float = 0.15
    steer: str = "plan"     # "plan" (score every reachable room) or "nearest" (the rulebook's way)
    cards: str = "catalogue"  # "catalogue" (rank known effects) or "random"
    blunder: float = 0.0    # chance a Room token is drawn at random instead (a gentler level)


def encounter_value(c: Child, deck: str = "BOOG") -> float:
    """What an encounter with this child is worth to the Boogeyman: a card, a Stress step, the
    rest of the turn, and a likely Status card (a Terrified child Passes Out)."""
    loss = ENCOUNTER_LOSS if deck == "BOOG" else ENCOUNTER_LOSS * 0.9
    return 1.0 + loss * (2.5 if c.status == 1 else 0.8 if c.status == 2 else 0.5)


def card_harm(effects: tuple[Effect, ...]) -> float:
    return sum(HARM.get(e.effect, 0.0) * max(1, e.n) for e in effects)


class PlannerAdversary:
    def __init__(self, name: str, budget: Budget, seed: int = 0,
                 catalogue: Mapping[str, tuple[Effect, ...]] | None = None) -> None:
        self.name = name
        self.budget = budget
        self.rng = Rng.from_seed(seed ^ 0x5EED_B0_06E7)
        self.catalogue = dict(catalogue or {})
        self.worlds_used: list[int] = []  # per Room-token decision, for the benchmark

    def decide(self, state: State, deadline: float | None = None) -> I.Input:
        p = boogeyman_decision(state)
        if isinstance(p, ChooseRoomTokens):
            return self._room_tokens(state, p.count, deadline)
        if isinstance(p, ChooseCard):
            return self._card(state, p)
        if isinstance(p, SteerBabysitter):
            if self.budget.steer == "nearest":
                return self._rule_run().decide(state)
            return I.SteerBabysitterInput(self._steer(state, p.steps))
        if isinstance(p, HideTokens):
            return self._hide(state, p.objectives)
        raise NotBoogeymansDecision(f"nothing for the Boogeyman to decide: {state.pending[:1]}")

    # ------------------------------------------------------------ Room tokens

    def _room_tokens(self, state: State, count: int, deadline: float | None) -> I.Input:
        roll, self.rng = self.rng.below(1_000_000)
        if roll < self.budget.blunder * 1_000_000:
            return self._rule_run().decide(state)
        usable = usable_room_tokens(state)
        totals = dict.fromkeys(usable, 0.0)
        worlds = 0
        for _ in range(self.budget.worlds):
            if deadline is not None and worlds > 0 and time.perf_counter() > deadline:
                break
            world, self.rng = determinize(state, self.rng)
            for room, v in self._rollout(world, usable, count).items():
                if room in totals:
                    totals[room] += v
            worlds += 1
        self.worlds_used.append(worlds)
        prior = self._prior(state, usable)
        noise: dict[str, int] = {}
        for r in usable:
            noise[r], self.rng = self.rng.below(1 << 20)
        ranked = sorted(usable, key=lambda r: (-(totals[r] / max(1, worlds) + prior[r]), noise[r]))
        return I.PlaceRoomTokens(tuple(ranked[:count]))

    def _rollout(self, world: State, usable: list[str], count: int) -> dict[str, float]:
        """Play the modelled next round in one world; the value of the first stop in each room."""
        probe = self._probe(world, usable, count)
        s = replace(RULES.apply(world, I.PlaceRoomTokens(probe)), current=0)
        rng = Rng.from_seed(world.rng.state)
        first: dict[str, float] = {}
        for _ in range(self.budget.max_steps):
            inp, rng = table_input(s, rng)
            if inp is None:
                break
            prev = s
            try:
                s = RULES.apply(s, inp)
            except IllegalInput:
                try:
                    s = RULES.apply(s, I.EndTurn())
                except IllegalInput:
                    break
            if isinstance(inp, I.Move) and inp.to not in first:
                c = prev.child(inp.child)
                # With the Babysitter there she is met instead; the Boogeyman only shows itself.
                first[inp.to] = 0.3 if prev.babysitter == inp.to else encounter_value(c)
            if s.babysitter != prev.babysitter and s.babysitter not in first:
                if not any(k.zone == s.babysitter for k in awake_children(s)):
                    first[s.babysitter] = 0.35
            if s.phase.value == "over":
                break
        return first

    def _probe(self, world: State, usable: list[str], count: int) -> tuple[str, ...]:
        """Tokens the children are least likely to walk into (the Secret Room, far rooms)."""
        g = child_graph(world)
        kids = awake_children(world)
        dists = [g.distances(c.zone) for c in kids]

        def near(r: str) -> int:
            return min((d.get(r, 99) for d in dists), default=99)

        return tuple(sorted(usable, key=lambda r: (-near(r), r))[:count])

    def _prior(self, state: State, usable: list[str]) -> dict[str, float]:
        """Rooms near children that still hold tokens, and the Finale room, draw them next."""
        g = child_graph(state)
        kids = awake_children(state)
        dists = [g.distances(c.zone) for c in kids]
        out: dict[str, float] = {}
        for r in usable:
            room = state.room(r)
            pull = 1.0 if r == state.finale_room else (0.5 if room is not None and room.stack else 0.1)
            out[r] = self.budget.prior * pull * sum(math.exp(-d.get(r, 99) / 1.5) for d in dists)
        return out

    # ------------------------------------------------------------ the Possessed Babysitter

    def _steer(self, state: State, steps: int) -> tuple[str, ...]:
        g = babysitter_graph(state)
        kids = awake_children(state)
        kid_zones = {c.zone for c in kids}
        # Breadth-first within `steps`; her walk stops at the first child.
        paths: dict[str, tuple[str, ...]] = {state.babysitter: ()}
        frontier = [state.babysitter]
        for _ in range(steps):
            nxt = []
            for z in frontier:
                if z in kid_zones and z != state.babysitter:
                    continue
                for n in g.neighbours(z):
                    if n not in paths:
                        paths[n] = paths[z] + (n,)
                        nxt.append(n)
            frontier = nxt
        hidden = set(state.current_rooms) - set(state.boogeyman)

        def value(zone: str) -> float:
            here = [c for c in kids if c.zone == zone]
            if here and zone != state.babysitter:
                return 10.0 + sum(encounter_value(c, "SITR") for c in here) / len(here)
            d = g.distances(zone)
            near = min((d.get(c.zone, 99) + 0.5 * c.status for c in kids), default=99.0)
            return -near - (5.0 if zone in hidden else 0.0)

        best = max(sorted(paths), key=value)
        return paths[best]

    # ------------------------------------------------------------ cards

    def _rule_run(self) -> RuleRunAdversary:
        seed, self.rng = self.rng.next_u64()
        return RuleRunAdversary(seed)

    def _card(self, state: State, p: ChooseCard) -> I.Input:
        if self.budget.cards == "random":
            return self._rule_run().decide(state)
        cards = sorted(state.deck(p.deck).remaining)
        scored = []
        for code in cards:
            effects = self.catalogue.get(code)
            tie, self.rng = self.rng.below(1 << 20)
            scored.append((-(card_harm(effects) if effects is not None else 0.0), tie, code))
        return I.ChooseCardInput(min(scored)[2])

    # ------------------------------------------------------------ Competitive set-up

    def _hide(self, state: State, objectives: int) -> I.Input:
        """"far": Objectives in the locked rooms farthest from the children's start, Key and
        Trap Door in the next farthest. "chain": one Objective behind the Trap Door (the Secret
        Room), one in the Attic, the Trap Door and Key in far locked rooms - never the Key in
        the Attic or the Trap Door in the Secret Room, so the game stays winnable."""
        house = house_for(state.options.board)
        if self.budget.hide == "deal":
            return self._rule_run().decide(state)
        g = child_graph(state)
        d0 = g.distances(house.children_start)
        plain = [r for r in house.rooms if r not in (house.attic, house.secret_room)]
        far = sorted(plain, key=lambda r: (-(d0.get(r, 0) + (3 if r in house.lock_rooms else 0)), r))
        if self.budget.hide == "chain":
            objs = ([house.secret_room, house.attic] + far)[:objectives]
            rest = [r for r in far if r not in objs]
            return I.HideTokensInput(tuple(objs), rest[0], rest[1])
        return I.HideTokensInput(tuple(far[:objectives]), far[objectives], far[objectives + 1])
