"""The rule-run adversary: exactly the rulebook's random procedure, with its own generator.

'Room tokens are drawn randomly'; Nightmare, Trouble and Event cards are drawn from the deck;
the Possessed Babysitter 'goes towards the nearest child' (ties: the children roll and the
lowest is chosen - uniform, so one draw from our generator). Hiding the Objectives replays
the set-up deal ('Setting Up the Game'): Trap Door and Key set aside, Rooms 6 and 20 dealt
first, the rest shuffled in.
"""

from __future__ import annotations

from companion.core.rng import Rng
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.rules import babysitter_graph
from companion.games.boogeyman.state import (
    ChooseCard,
    ChooseRoomTokens,
    HideTokens,
    State,
    SteerBabysitter,
)
from companion.games.boogeyman.ai.base import NotBoogeymansDecision, boogeyman_decision
from companion.games.boogeyman.ai.common import awake_children, usable_room_tokens


class RuleRunAdversary:
    name = "rules"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    def decide(self, state: State) -> I.Input:
        p = boogeyman_decision(state)
        if isinstance(p, ChooseRoomTokens):
            picks, self.rng = self.rng.sample(usable_room_tokens(state), p.count)
            return I.PlaceRoomTokens(tuple(picks))
        if isinstance(p, ChooseCard):
            card, self.rng = self.rng.choice(sorted(state.deck(p.deck).remaining))
            return I.ChooseCardInput(card)
        if isinstance(p, SteerBabysitter):
            return I.SteerBabysitterInput(self._toward_nearest(state, p.steps))
        if isinstance(p, HideTokens):
            return self._deal(state, p.objectives)
        raise NotBoogeymansDecision(f"nothing for the Boogeyman to decide: {state.pending[:1]}")

    def _toward_nearest(self, state: State, steps: int) -> tuple[str, ...]:
        graph = babysitter_graph(state)
        dist = graph.distances(state.babysitter)
        kids = [c for c in awake_children(state) if c.zone in dist]
        if not kids:
            return ()
        nearest = min(dist[c.zone] for c in kids)
        tied = sorted(c.name for c in kids if dist[c.zone] == nearest)
        target, self.rng = self.rng.choice(tied)
        path = graph.path(state.babysitter, state.child(target).zone) or (state.babysitter,)
        return path[1:steps + 1]

    def _deal(self, state: State, objectives: int) -> I.HideTokensInput:
        house = house_for(state.options.board)
        tokens: list[str] = []
        for spec in house.search_tokens:
            tokens += [spec.kind] * spec.count
        special = [k for k in tokens if k in ("trap_door", "skeleton_key")]
        plain = [k for k in tokens if k not in ("trap_door", "skeleton_key")]
        plain_t, self.rng = self.rng.shuffled(plain)
        n = house.tokens_per_room
        first = list(house.double_search_rooms)
        slots: list[tuple[str, str]] = []  # (room, token kind)
        for i, room in enumerate(first):
            slots += [(room, k) for k in plain_t[i * n:(i + 1) * n]]
        rest, self.rng = self.rng.shuffled(list(plain_t[len(first) * n:]) + special)
        others = [r for r in house.rooms if r not in first]
        for i, room in enumerate(others):
            slots += [(room, k) for k in rest[i * n:(i + 1) * n]]
        obj = tuple(r for r, k in slots if k == "objective")[:objectives]
        trap = next(r for r, k in slots if k == "trap_door")
        key = next(r for r, k in slots if k == "skeleton_key")
        return I.HideTokensInput(obj, trap, key)
