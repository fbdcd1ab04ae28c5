"""The player-run Boogeyman's knowledge (Normal, Hard) for the shared engine's search.

Room tokens. A hidden token changes nothing until a child or the Babysitter stops in its
room, so one rollout per sampled world serves every candidate token: in each world the engine
draws (protocol.resample for the "boogeyman" seat), it plays a probe token the children cannot meet, lets the modelled table play the
next round through `RULES.apply` (child_model.py), and credits each usable room with the value
of the first stop there - a child's encounter (worth more on a Terrified child, who would Pass
Out) or the Babysitter stopping alone (a possession it then steers). The averages over worlds,
plus a small prior for rooms near children that still hold tokens, rank the tokens.

Possessed Babysitter: every room she can reach with the rolled steps is scored - ending on the
child most likely to lose a Status card is best; otherwise stay close to the children, and
never walk onto its own hidden room (that would reveal it).

Cards: the catalogue's effects when known (a harm score), else the deck's order is no guide
and the choice is a draw from the AI's generator.

Competitive set-up: hide the Objectives where they cost the children most (see `hide`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Mapping

from companion.core.errors import IllegalInput
from companion.core.rng import Rng
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.rounds import room_token_pools
from companion.games.boogeyman.rules import babysitter_graph, child_graph
from companion.games.boogeyman.state import (
    Child,
    ChooseCard,
    Effect,
    State,
)
from companion.games.boogeyman.ai.child_model import ENCOUNTER_LOSS, table_input
from companion.games.boogeyman.ai.common import awake_children

# How much each card effect hurts the children (per unit of N), for ranking known cards.
HARM = {
    "lose_status": 3.0, "lose_candy": 0.8, "lose_actions": 0.6, "end_turn": 1.0,
    "babysitter_toward": 0.4, "babysitter_to_child": 2.0, "gain_status": -3.0, "gain_candy": -0.8,
    "extra_actions": -0.6, "remove_lock": -0.5, "cancel_encounter": -1.0, "none": 0.0,
}


@dataclass(frozen=True)
class Knobs:
    """A level's Boogeyman-specific settings (the engine's Budget carries them as `params`)."""

    hide: str = "far"       # Competitive set-up: "deal" (the rulebook's), "far", "chain"
    prior: float = 0.15     # weight of rooms near children that still hold tokens
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


def room_token_values(world: State, rooms: list[str], count: int, depth: int, prior: float,
                      rng: Rng) -> dict[str, float]:
    """One sampled world's value of each usable room: the first stop there in the modelled next
    round (one rollout serves every room), plus the prior for rooms the children are drawn to.
    `rng` drives the modelled table: it differs every iteration even when the world does not
    (the clairvoyant ceiling sees one true world)."""
    first = _rollout(world, rooms, count, depth, rng)
    near = _prior(world, rooms, prior)
    return {r: first.get(r, 0.0) + near[r] for r in rooms}


def _rollout(world: State, usable: list[str], count: int, depth: int, rng: Rng) -> dict[str, float]:
    """Play the modelled next round in one world; the value of the first stop in each room."""
    probe = _probe(world, usable, count)
    s = replace(RULES.apply(world, I.PlaceRoomTokens(probe)), current=0)
    first: dict[str, float] = {}
    for _ in range(depth):
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


def _probe(world: State, usable: list[str], count: int) -> tuple[str, ...]:
    """Tokens the children are least likely to walk into (the Secret Room, far rooms), each one
    that its place in the turn allows in this world: the usable rooms are the candidates', and a
    token on the Ladder may be played only after the Ladder fills (a sampled world's Ladder is not
    the table's, and two rooms each of some candidate need not make one together)."""
    g = child_graph(world)
    dists = [g.distances(c.zone) for c in awake_children(world)]

    def near(r: str) -> int:
        return min((d.get(r, 99) for d in dists), default=99)

    chosen: list[str] = []
    for pool in room_token_pools(world, count):
        free = [r for r in pool if r not in chosen]
        if not free:
            break
        chosen.append(min([r for r in free if r in usable] or free, key=lambda r: (-near(r), r)))
    return tuple(chosen)


def _prior(state: State, usable: list[str], weight: float) -> dict[str, float]:
    """Rooms near children that still hold tokens, and the Finale room, draw them next."""
    g = child_graph(state)
    dists = [g.distances(c.zone) for c in awake_children(state)]
    out: dict[str, float] = {}
    for r in usable:
        room = state.room(r)
        pull = 1.0 if r == state.finale_room else (0.5 if room is not None and room.stack else 0.1)
        out[r] = weight * pull * sum(math.exp(-d.get(r, 99) / 1.5) for d in dists)
    return out


def steer(state: State, steps: int) -> tuple[str, ...]:
    """The Possessed Babysitter: every room she can reach with the rolled steps is scored -
    ending on the child most likely to lose a Status card is best; otherwise stay close to the
    children, and never walk onto its own hidden room (that would reveal it)."""
    return max(steer_options(state, steps), key=lambda o: o[0])[2]


def steer_options(state: State, steps: int) -> list[tuple[float, str, tuple[str, ...]]]:
    """Every room she can reach with the rolled steps: (value, room, path), rooms in order."""
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

    return [(value(z), z, paths[z]) for z in sorted(paths)]


def card(state: State, p: ChooseCard, catalogue: Mapping[str, tuple[Effect, ...]], rng: Rng) -> tuple[I.Input, Rng]:
    """The cruellest card the catalogue knows; unknown cards count as harmless, ties drawn."""
    scored = []
    for code in sorted(state.deck(p.deck).remaining):
        effects = catalogue.get(code)
        tie, rng = rng.below(1 << 20)
        scored.append((-(card_harm(effects) if effects is not None else 0.0), tie, code))
    return I.ChooseCardInput(min(scored)[2]), rng


def hide(state: State, objectives: int, how: str) -> I.Input:
    """"far": Objectives in the locked rooms farthest from the children's start, Key and Trap
    Door in the next farthest. "chain": one Objective behind the Trap Door (the Secret Room), one
    in the Attic, the Trap Door and Key in far locked rooms - never the Key in the Attic or the
    Trap Door in the Secret Room, so the game stays winnable."""
    house = house_for(state.options.board)
    g = child_graph(state)
    d0 = g.distances(house.children_start)
    plain = [r for r in house.rooms if r not in (house.attic, house.secret_room)]
    far = sorted(plain, key=lambda r: (-(d0.get(r, 0) + (3 if r in house.lock_rooms else 0)), r))
    if how == "chain":
        objs = ([house.secret_room, house.attic] + far)[:objectives]
        rest = [r for r in far if r not in objs]
        return I.HideTokensInput(tuple(objs), rest[0], rest[1])
    return I.HideTokensInput(tuple(far[:objectives]), far[objectives], far[objectives + 1])
