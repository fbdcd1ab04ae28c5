"""The Boogeyman appearing and the Babysitter moving ("The Babysitter", "Interacting with the Boogeyman")."""

from __future__ import annotations

from companion.core.evolve import evolve
from companion.games.boogeyman.common import (
    DECK_NAMES,
    babysitter_graph,
    conscious_children_in,
    note,
    set_room,
    tie_roll,
    title,
    zone_name,
)
from companion.games.boogeyman import v1
from companion.games.boogeyman.state import (
    DrawCard,
    NeedRoll,
    State,
    SteerBabysitter,
    Switch,
)

# ---------------------------------------------------------------- the Boogeyman appears

def reveal(s: State, zone: str) -> State:
    """Flip face-down Ladder tokens of this room; flip its Light token to Dark."""
    ladder = tuple(evolve(t, face_up=True) if t.room == zone else t for t in s.ladder)
    s = evolve(s, ladder=ladder)
    room = s.room(zone)
    if room is not None and room.switch == Switch.LIGHT:
        s = set_room(s, zone, evolve(room, switch=Switch.DARK))
    return s


def place_miniature(s: State, zone: str) -> State:
    """Its miniature goes to `zone`; a second one stays only where it is also 'now' (Nightmare Mode)."""
    if zone in s.boogeyman:
        return s
    keep = tuple(z for z in s.boogeyman if z in s.current_rooms) if len(s.current_rooms) > 1 else ()
    return evolve(s, boogeyman=keep + (zone,))


def appear(s: State, zone: str) -> State:
    """The Boogeyman is revealed in `zone` and its miniature placed there."""
    s = place_miniature(reveal(s, zone), zone)
    return note(s, f"The Boogeyman appears in {zone_name(s, zone)}!")


def boogeyman_interaction(s: State, zone: str, on_turn: bool = True) -> State:
    """'Interacting with the Boogeyman' when it reveals itself (`on_turn` False: on its own turn,
    so an encounter does not cut the next child's turn short)."""
    if v1.applies(s):
        return v1.boogeyman_interaction(s, zone)
    kids = conscious_children_in(s, zone)
    sitter = s.babysitter == zone
    if kids and sitter:
        return note(s, "Adults and children together: the Boogeyman stays in the shadows")
    if len(kids) > 1:
        return tie_roll(s, [c.name for c in kids], "boogeyman", on_turn)
    if kids:
        return encounter(s, kids[0].name, "BOOG", on_turn)
    if sitter:
        return possess(s, on_turn)
    return s


def encounter(s: State, name: str, deck: str, on_turn: bool = True) -> State:
    if v1.applies(s):
        return v1.encounter(s, name, deck)
    who = "the Babysitter" if deck == "SITR" else "the Boogeyman"
    s = note(s, f"{title(name)} meets {who}: draw the top {DECK_NAMES[deck]} card")
    own_turn = on_turn and name == s.active
    return evolve(s, pending=s.pending + (DrawCard(deck, name, encounter=True, ends_turn=own_turn),))


def babysitter_meets(s: State, victim: str, noisy_child: str, on_turn: bool) -> State:
    s = encounter(s, victim, "SITR", on_turn)
    if on_turn and victim == noisy_child and noisy_child == s.active:
        s = evolve(s, turn_ending=True)
    return s


# ---------------------------------------------------------------- the Babysitter moves

def move_babysitter(s: State, target: str, steps: int, noisy_child: str = "", possessed: bool = False,
                    on_turn: bool = True) -> State:
    """Move her `steps` rooms along the shortest path toward `target`, stopping at the first child."""
    if steps <= 0:
        return s
    path = babysitter_graph(s).path(s.babysitter, target)
    if path is None:
        return note(s, "The Babysitter cannot reach there")
    return walk_babysitter(s, path[1:steps + 1], noisy_child, possessed, on_turn)


def walk_babysitter(s: State, path: tuple[str, ...], noisy_child: str, possessed: bool,
                    on_turn: bool = True) -> State:
    if v1.applies(s):
        return v1.walk_babysitter(s, path, noisy_child, possessed)
    start = s.babysitter
    for zone in path:
        s = evolve(s, babysitter=zone)
        kids = conscious_children_in(s, zone)
        if kids:
            s = note(s, f"The Babysitter moves from {zone_name(s, start)} and stops in {zone_name(s, zone)}")
            if zone in s.current_rooms and zone not in s.boogeyman:
                s = place_miniature(reveal(s, zone), zone)
            if len(kids) > 1:
                return tie_roll(s, [c.name for c in kids], "babysitter", on_turn, noisy=noisy_child)
            return babysitter_meets(s, kids[0].name, noisy_child, on_turn)
    if s.babysitter != start:
        s = note(s, f"The Babysitter moves from {zone_name(s, start)} to {zone_name(s, s.babysitter)}")
    zone = s.babysitter
    if zone in s.current_rooms and zone not in s.boogeyman:
        s = appear(s, zone)
    if zone in s.boogeyman and not possessed:
        # 'To be Possessed, the Babysitter must be stationary ... in the same place as the Boogeyman.'
        s = possess(s, on_turn)
    return s


def possess(s: State, on_turn: bool = True) -> State:
    """'She is Possessed by the Boogeyman: roll 1 die': the table's die, or the device's on request."""
    if v1.applies(s):
        return v1.possess(s)
    s = note(s, "The Babysitter is Possessed! Roll the die for her")
    return evolve(s, pending=s.pending + (NeedRoll("", "possessed", on_turn),))


def possessed_move(s: State, steps: int, on_turn: bool) -> State:
    """Her rolled rooms toward the nearest child (a tie rolls off), or where its player says."""
    if s.player_run:
        return evolve(s, pending=s.pending + (SteerBabysitter(steps, on_turn),))
    graph = babysitter_graph(s)
    dist = graph.distances(s.babysitter)
    kids = [c for c in s.children if c.on_board and not c.passed_out and c.zone in dist]
    if not kids:
        return note(s, "No child is within her reach: she stays")
    nearest = min(dist[c.zone] for c in kids)
    tied = [c.name for c in kids if dist[c.zone] == nearest]
    if len(tied) > 1:
        return tie_roll(s, tied, "possessed", on_turn, steps=steps)
    return move_babysitter(s, s.child(tied[0]).zone, steps, possessed=True, on_turn=on_turn)
