"""Objective tokens, the Mission and the Grand Finale ("The Mission", "The Grand Finale")."""

from __future__ import annotations

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.common import (
    need_turn,
    note,
    pending_of,
    pop,
    set_child,
    title,
    zone_name,
)
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.state import (
    Phase,
    PlayFinale,
    State,
)

# ---------------------------------------------------------------- the Mission and the Finale

def objective_goal(s: State) -> tuple[str, int]:
    counts: dict[str, int] = {}
    for c in s.children:
        for col in c.objectives:
            counts[col] = counts.get(col, 0) + 1
    for col in s.finale_stack:
        counts[col] = counts.get(col, 0) + 1
    if not counts:
        return "", 0
    col = max(sorted(counts), key=lambda k: counts[k])
    return col, counts[col]


def check_finale_trigger(s: State) -> State:
    """'When the Children are in possession of all 3 Objective tokens, a Room token is drawn.'"""
    if s.finale_room:
        return finale_arrival(s, s.active)
    _, count = objective_goal(s)
    if count < 3:
        return s
    pool = s.reserve or tuple(t.room for t in s.ladder)
    room, rng = s.rng.choice(pool)
    s = evolve(s, finale_room=room, rng=rng)
    s = note(s, f"All 3 Objectives found! Place the Finale token in {zone_name(s, room)}")
    for c in s.children:
        s = finale_arrival(s, c.name)
    return s


def finale_arrival(s: State, name: str) -> State:
    """Objective tokens carried into the Finale room are stacked there. After the Mission, the
    first child to reach the room carrying one becomes the Leader; when every token is already
    stacked (nothing left to carry), the first child to be in the room does."""
    if not s.finale_room or not name:
        return s
    c = s.child(name)
    if c.zone != s.finale_room or c.removed:
        return s
    if c.objectives:
        s = set_child(s, evolve(c, objectives=()))
        s = evolve(s, finale_stack=s.finale_stack + c.objectives)
        s = note(s, f"{title(name)} stacks {len(c.objectives)} Objective token(s) in the Finale room")
    nothing_left = not any(k.objectives for k in s.children)
    if s.mission_done and not s.leader and not c.passed_out and (c.objectives or nothing_left):
        s = evolve(s, leader=name)
        s = note(s, f"{title(name)} is the Leader")
    return s


def mission_complete(s: State, i: I.MissionComplete) -> State:
    if s.phase != Phase.PLAY:
        raise IllegalInput("the Mission is completed during play")
    if s.mission_done:
        raise IllegalInput("the Mission is already complete")
    s = note(evolve(s, mission_done=True), "Mission complete: the Finale can begin once everything is ready")
    # Children already waiting in the Finale room with every token stacked: the first in turn
    # order (from whoever plays now) leads.
    for name in s.order[s.turn:] + s.order[:s.turn]:
        s = finale_arrival(s, name)
    return s


def start_finale(s: State, i: I.StartFinale) -> State:
    c = need_turn(s, i.child)
    if not s.mission_done:
        raise IllegalInput("the Mission must be completed before the Finale")
    if not s.finale_room:
        raise IllegalInput("the Children do not hold all 3 Objective tokens yet")
    if not s.leader:
        raise IllegalInput("nobody has brought an Objective token to the Finale room since the Mission")
    if s.leader != c.name:
        raise IllegalInput(f"only the Leader ({title(s.leader)}) can start the Finale")
    col, count = objective_goal(s)
    if len([x for x in s.finale_stack if x == col]) < 3:
        raise IllegalInput("all 3 Objective tokens must be stacked in the Finale room")
    house = house_for(s.options.board)
    # 'Shuffle ALL the Room tokens ... and without looking at them draw one.'
    number, rng = s.rng.choice(house.rooms)
    kids = tuple(k.name for k in s.children if k.on_board and k.zone == s.finale_room and not k.passed_out)
    s = evolve(s, rng=rng, phase=Phase.FINALE, finale_number=int(number), finale_children=kids,
                pending=(PlayFinale(),))
    return note(s, f"The Finale begins: reveal your Objective cards, then open the Book of Endings at Finale {number}")


def finale_outcome(s: State, i: I.FinaleOutcome) -> State:
    pending_of(s, PlayFinale)
    s = evolve(pop(s), phase=Phase.OVER, winner="children" if i.children_won else "boogeyman")
    return note(s, "The Children survive the night!" if i.children_won else "The Boogeyman wins")
