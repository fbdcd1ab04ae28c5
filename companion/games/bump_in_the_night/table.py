"""What lies on the physical Bump in the Night table, as data (issue 25; companion/core/table.py).

The rulebook's "Parts List": monster miniatures in six colours, 14 white "little girl"
miniatures, six room tiles, 12 locked markers, 52 cards. What the table holds, and so what this
projection lists, each place in the house's own words (the room names of the house file, as the
screens show them):

- each monster miniature in the house: "Red's Goblin" "in the Kitchen". A monster still in its
  owner's group ("takes the corresponding group of six colored monsters", Setup) is off the board:
  absent. The Goblin stands ("standing") or, hiding, lies down ("face down": BIN-35, "Can hide and
  thus not scare people during a turn"; the instruction says "lay it down until the end of the turn");
- the girls in each room: the 14 are identical pieces, so a room's girls are keyed by room and
  count ("girl:kitchen:2" is the Kitchen's second girl). A girl who runs is then one step taken off
  her room and one put on the room she reaches, which says where she went: any pairing of the
  identical pieces leaves the same board (choices.girl_moves says the same). A girl running right
  now (state.running) stands in the room she has reached;
- the girls a player claimed ("The active player removes such people from the board and claims
  them", "as a trophy"): in front of that player, "Red's trophies";
- a locked marker on each locked door ("Doors with lock markers are locked");
- the Bonus cards played, face up in front of their player (each is a point, BIN-63: "each
  successfully played Bonus card counts as 1 extra person claimed");
- the discard pile, face up: the cards played and discarded are named to the whole table (the
  observation's "discards"), newest last.

Not on the table, and why: a person's hand (held in the hand); the monster player's hand the
device deals from its own shuffle (nobody sees it: "Let the device deal it") and the cards dealt
into the device's holder, which the state does not tell apart from those, so the holder's face-down
cards are counted on the screens, not laid out here as steps; the draw pile (a face-down stack the
table draws from when a prompt says so).
"""

from __future__ import annotations

from companion.core.table import Table, Thing
from companion.games.bump_in_the_night.context import ctx_for
from companion.games.bump_in_the_night.state import GOBLIN, MONSTER_NAMES, SUPPLY, State

FACE_UP = "face"  # core.table words a face as "<face> up": "face up"
STANDING = "standing"  # "standing up"
LYING = "face down"
DISCARD_PILE = "the discard pile"


def colour(seat: str) -> str:
    return seat.capitalize()


def room_place(name: str) -> str:
    """"in the Kitchen": a room takes "in" (a piece stands in a room, "Put a girl in the Kitchen";
    core/table.py keeps a place's own preposition and drops it after "from" and "to")."""
    return f"in the {name}"


def door_place(name: str) -> str:
    """"the Front Door", "the Conservatory - Library door"."""
    return f"the {name}" if name.endswith(("Door", "Gate")) else f"the {name} door"


def girls_in_rooms(state: State) -> list[int]:
    """The girls standing in each room of the real board: those at rest and those running."""
    here = [u + m for u, m in zip(state.unmoved, state.moved)]
    if state.running is not None:
        for r in state.running.runners:
            here[r.room] += 1
    return here


def table(state: State) -> Table:
    c = ctx_for(state.options)
    house = c.house
    out: dict[str, Thing] = {}
    for i, seat in enumerate(state.seats):
        for kind, room in enumerate(state.monsters[i]):
            if room == SUPPLY:
                continue
            face = ""
            if kind == GOBLIN:
                face = LYING if i in state.turn.hidden else STANDING
            out[f"monster:{seat}:{kind}"] = Thing(f"{colour(seat)}'s {MONSTER_NAMES[kind]}",
                                                  room_place(house.room_name(room)), face)
    for room, n in enumerate(girls_in_rooms(state)):
        rid = house.room_id(room)
        for k in range(1, n + 1):
            out[f"girl:{rid}:{k}"] = Thing("a girl", room_place(house.room_name(room)))
    for i, seat in enumerate(state.seats):
        n = state.claimed[i]
        if state.running is not None and i == state.active:
            n += state.running.claimed  # claimed while running, credited when the scare ends
        for k in range(1, n + 1):
            out[f"claimed:{seat}:{k}"] = Thing("a girl", f"{colour(seat)}'s trophies")
    names = {d.id: d.name for d in house.doors}
    for door in sorted(state.locks):
        out[f"lock:{door}"] = Thing("a locked marker", door_place(names.get(door, door)))
    for i, seat in enumerate(state.seats):
        for code in state.bonuses[i]:
            out[f"bonus:{code}"] = Thing(c.card(code).name, f"the table in front of {colour(seat)}", FACE_UP)
    for n, code in enumerate(state.deck.discard_pile):
        out[f"discard:{n}"] = Thing(c.card(code).name, DISCARD_PILE, FACE_UP)
    return out
