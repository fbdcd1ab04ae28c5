"""The inputs that are legal now: candidates checked by the reducer itself, never a second copy
of the rules. Used by random play in tests, the simulation harness and the AI."""

from __future__ import annotations

from itertools import combinations

from companion.core.errors import IllegalInput
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.cards import free_code
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.rounds import room_token_pools
from companion.games.boogeyman.rules import apply, babysitter_graph, child_graph
from companion.games.boogeyman.state import (
    AdjustRoll,
    ChooseCard,
    ChooseRoomTokens,
    DrawCard,
    Effect,
    HideTokens,
    NeedRoll,
    Phase,
    PlayFinale,
    State,
    SteerBabysitter,
    TieRoll,
)


def candidates(s: State) -> list[I.Input]:  # noqa: C901 - one branch per pending kind
    if s.phase == Phase.OVER:
        return []
    house = house_for(s.options.board)
    if s.pending:
        p = s.pending[0]
        if isinstance(p, DrawCard):
            code = free_code(s, p.deck)
            out: list[I.Input] = [I.CardDrawn(code)]
            if p.encounter:
                out.append(I.CardDrawn(code, (Effect("lose_status", 1),)))
                out.append(I.PlayCard(p.child, "BGM:SRCH:01", (Effect("cancel_encounter"),)))
            return out
        if isinstance(p, TieRoll) and p.rolled:
            candy = s.child(p.roller).candy
            return [I.SpendCandy(d) for d in range(-candy, candy + 1)]
        if isinstance(p, (NeedRoll, TieRoll)):
            rolls: list[I.Input] = [I.RollDie(None)]
            return rolls + [I.RollDie(v) for v in range(1, 7)]
        if isinstance(p, AdjustRoll):
            candy = s.child(p.child).candy
            return [I.SpendCandy(d) for d in range(-candy, candy + 1)]
        if isinstance(p, ChooseRoomTokens):
            pools = room_token_pools(s, p.count)
            picks: list[I.Input] = [I.PlaceRoomTokens(tuple(c)) for c in combinations(sorted(pools[0]), p.count)]
            if p.count == 2 and pools[1] != pools[0]:  # the first fills the Ladder: the second from all
                picks = [I.PlaceRoomTokens((a, b)) for a in sorted(pools[0]) for b in sorted(pools[1]) if b != a]
            return picks[:400]  # every pair of Nightmare Mode's two tokens
        if isinstance(p, ChooseCard):
            return [I.ChooseCardInput(c) for c in sorted(s.deck(p.deck).remaining)]
        if isinstance(p, SteerBabysitter):
            graph = babysitter_graph(s)
            paths: list[I.Input] = [I.SteerBabysitterInput(())]
            for c in s.children:
                path = graph.path(s.babysitter, c.zone)
                if path and len(path) > 1:
                    paths.append(I.SteerBabysitterInput(path[1:p.steps + 1]))
            return paths
        if isinstance(p, HideTokens):
            rooms = [r for r in house.rooms if r != house.secret_room]
            return [I.HideTokensInput(tuple(rooms[i:i + p.objectives]), rooms[-1], rooms[-2])
                    for i in range(0, len(rooms) - p.objectives - 2, 3)]
        assert isinstance(p, PlayFinale)
        return [I.FinaleOutcome(True), I.FinaleOutcome(False)]
    name = s.active
    if not name:
        return []
    c = s.child(name)
    out = [I.EndTurn()]
    if c.passed_out:
        return out
    out += [I.Move(name, z) for z in child_graph(s).neighbours(c.zone)]
    out += [I.Search(name), I.FlipSwitch(name), I.BreakLock(name), I.UseKey(name)]
    out += [I.Revive(name, k.name) for k in s.children if k.passed_out and k.zone == c.zone]
    if not s.mission_done and s.finale_room:
        out.append(I.MissionComplete())
    out.append(I.StartFinale(name))
    return out


def legal_inputs(s: State) -> list[I.Input]:
    out = []
    for inp in candidates(s):
        try:
            apply(s, inp)
        except IllegalInput:
            continue
        out.append(inp)
    return out
