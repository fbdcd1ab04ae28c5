"""The Boogeyman appearing and the Babysitter moving ("The Babysitter", "Interacting with the Boogeyman")."""

from __future__ import annotations

from companion.core.evolve import evolve
from companion.games.boogeyman.common import (
    DECK_NAMES,
    babysitter_graph,
    conscious_children_in,
    lowest_roller,
    note,
    roll,
    set_room,
    title,
    zone_name,
)
from companion.games.boogeyman.state import (
    DrawCard,
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


def boogeyman_interaction(s: State, zone: str) -> State:
    """'Interacting with the Boogeyman' when it reveals itself at the end of a round."""
    kids = conscious_children_in(s, zone)
    sitter = s.babysitter == zone
    if kids and sitter:
        return note(s, "Adults and children together: the Boogeyman stays in the shadows")
    if kids:
        victim, s = lowest_roller(s, [c.name for c in kids])
        return encounter(s, victim, "BOOG")
    if sitter:
        return possess(s)
    return s


def encounter(s: State, name: str, deck: str) -> State:
    who = "the Babysitter" if deck == "SITR" else "the Boogeyman"
    s = note(s, f"{title(name)} meets {who}: draw a {DECK_NAMES[deck]} card")
    own_turn = name == s.active
    return evolve(s, pending=s.pending + (DrawCard(deck, name, encounter=True, ends_turn=own_turn),))


# ---------------------------------------------------------------- the Babysitter moves

def move_babysitter(s: State, target: str, steps: int, noisy_child: str = "", possessed: bool = False) -> State:
    """Move her `steps` rooms along the shortest path toward `target`, stopping at the first child."""
    if steps <= 0:
        return s
    path = babysitter_graph(s).path(s.babysitter, target)
    if path is None:
        return note(s, "The Babysitter cannot reach there")
    return walk_babysitter(s, path[1:steps + 1], noisy_child, possessed)


def walk_babysitter(s: State, path: tuple[str, ...], noisy_child: str, possessed: bool) -> State:
    for zone in path:
        s = evolve(s, babysitter=zone)
        kids = conscious_children_in(s, zone)
        if kids:
            victim, s = lowest_roller(s, [c.name for c in kids])
            s = note(s, f"The Babysitter stops in {zone_name(s, zone)}")
            if zone in s.current_rooms and zone not in s.boogeyman:
                s = place_miniature(reveal(s, zone), zone)
            s = encounter(s, victim, "SITR")
            if victim == noisy_child and noisy_child == s.active:
                s = evolve(s, turn_ending=True)
            return s
    s = note(s, f"The Babysitter moves to {zone_name(s, s.babysitter)}")
    zone = s.babysitter
    if zone in s.current_rooms and zone not in s.boogeyman:
        s = appear(s, zone)
    if zone in s.boogeyman and not possessed:
        # 'To be Possessed, the Babysitter must be stationary ... in the same place as the Boogeyman.'
        s = possess(s)
    return s


def possess(s: State) -> State:
    """The Possessed Babysitter: 1 die of rooms toward the nearest child, or where its player says."""
    steps, s = roll(s)
    s = note(s, f"The Babysitter is Possessed! Rolled {steps}")
    if s.player_run:
        return evolve(s, pending=s.pending + (SteerBabysitter(steps),))
    graph = babysitter_graph(s)
    dist = graph.distances(s.babysitter)
    kids = [c for c in s.children if c.on_board and not c.passed_out and c.zone in dist]
    if not kids:
        return s
    nearest = min(dist[c.zone] for c in kids)
    tied = [c.name for c in kids if dist[c.zone] == nearest]
    target, s = lowest_roller(s, tied) if len(tied) > 1 else (tied[0], s)
    return move_babysitter(s, s.child(target).zone, steps, possessed=True)
