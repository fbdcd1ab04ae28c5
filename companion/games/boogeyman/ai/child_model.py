"""The AI's model of the table, for rollouts: where children head and how the table resolves
draws and rolls. Deliberately simpler and noisier than the simulation's child bots - the AI
must not assume it knows its opponents' exact policy.

Children head to the nearest reachable room that still has Search tokens (a random choice
among equally near ones, and now and then a random step), flip and search when they are there,
leave rooms with an adult, carry Objectives to the Finale room. Encounters cost a Status card
with probability ENCOUNTER_LOSS; other draws do nothing.
"""

from __future__ import annotations

from companion.core.rng import Rng
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.rules import babysitter_graph, child_graph
from companion.games.boogeyman.state import (
    AdjustRoll,
    ChooseCard,
    ChooseRoomTokens,
    DrawCard,
    Effect,
    HideTokens,
    NeedRoll,
    PlayFinale,
    State,
    SteerBabysitter,
    TieRoll,
)
from companion.games.boogeyman.cards import free_code, model_top

ENCOUNTER_LOSS = 0.6
RANDOM_STEP = 0.15


def _chance(rng: Rng, p: float) -> tuple[bool, Rng]:
    v, rng = rng.below(1_000_000)
    return v < p * 1_000_000, rng


def table_input(s: State, rng: Rng) -> tuple[I.Input | None, Rng]:
    """The modelled table's next input; None when the Boogeyman must choose Room tokens (the
    rollout's horizon) or the game is over."""
    if not s.pending:
        return child_input(s, rng)
    p = s.pending[0]
    if isinstance(p, DrawCard):
        if p.deck in ("NGHT", "TRBL", "EVNT"):
            return I.CardDrawn(model_top(s, p.deck)), rng
        if p.encounter:
            hit, rng = _chance(rng, ENCOUNTER_LOSS)
            if hit:
                return I.CardDrawn(free_code(s, p.deck), (Effect("lose_status", 1),)), rng
        return I.CardDrawn(free_code(s, p.deck)), rng
    if isinstance(p, TieRoll):
        return (I.SpendCandy(0) if p.rolled else I.RollDie(None)), rng
    if isinstance(p, NeedRoll):
        return I.RollDie(None), rng
    if isinstance(p, AdjustRoll):
        c = s.child(p.child)
        away = babysitter_graph(s).distances(s.babysitter).get(c.zone, 99)
        need = p.rolled - (away - 1)
        return I.SpendCandy(-need if 0 < need <= c.candy else 0), rng
    if isinstance(p, ChooseCard):
        return I.ChooseCardInput(s.deck(p.deck).remaining[0]), rng
    if isinstance(p, SteerBabysitter):
        g = babysitter_graph(s)
        dist = g.distances(s.babysitter)
        kids = [c for c in s.children if c.on_board and not c.passed_out and c.zone in dist]
        if not kids:
            return I.SteerBabysitterInput(()), rng
        target = min(kids, key=lambda c: (dist[c.zone], c.name))
        path = g.path(s.babysitter, target.zone) or (s.babysitter,)
        return I.SteerBabysitterInput(path[1:p.steps + 1]), rng
    if isinstance(p, PlayFinale):
        return I.FinaleOutcome(True), rng
    assert isinstance(p, (ChooseRoomTokens, HideTokens))
    return None, rng


def child_input(s: State, rng: Rng) -> tuple[I.Input | None, Rng]:
    if not s.order:
        return None, rng
    c = s.child(s.active)
    if c.passed_out or s.actions_left <= 0:
        return I.EndTurn(), rng
    g = child_graph(s)
    adults = {s.babysitter, *s.boogeyman}
    room = s.room(c.zone)
    if c.zone not in adults:
        for k in s.children:
            if k.passed_out and k.on_board and k.zone == c.zone:
                return I.Revive(c.name, k.name), rng
        if room is not None and room.stack:
            if room.switch is not None:
                return I.FlipSwitch(c.name), rng
            if not room.lock:
                return I.Search(c.name), rng
            if babysitter_graph(s).distances(s.babysitter).get(c.zone, 99) >= 4:
                return I.BreakLock(c.name), rng
    nbrs = [n for n in g.neighbours(c.zone) if n not in adults]
    if not nbrs:
        return I.EndTurn(), rng
    wander, rng = _chance(rng, RANDOM_STEP)
    if wander:
        step, rng = rng.choice(nbrs)
        return I.Move(c.name, step), rng
    dist = g.distances(c.zone)
    if s.finale_room and (c.objectives or s.mission_done) and s.finale_room in dist:
        goals = [s.finale_room]
    else:
        goals = [z for z, r in s.rooms if r.stack and z in dist and z not in adults and z != c.zone]
    if not goals:
        return I.EndTurn(), rng
    near = min(dist[z] for z in goals)
    goal, rng = rng.choice(sorted(z for z in goals if dist[z] == near))
    path = g.path(c.zone, goal)
    if path is None or len(path) < 2 or path[1] in adults:
        step, rng = rng.choice(nbrs)
        return I.Move(c.name, step), rng
    return I.Move(c.name, path[1]), rng
