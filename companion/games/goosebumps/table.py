"""What lies on the physical Goosebumps table, as data (issue 25; companion/core/table.py).

The rulebook's components are "Game Board, 6 Monster Characters, 65 Cards" ("Contents"). What the
table holds, and so what this projection lists:

- each player's Monster Character on the track ("All players choose a Monster Character and place
  it on the START space", "To Begin"), on the space the screens name (START, a Landmark, "space 5",
  THE END), keyed by seat so a move is one step;
- the discard pile, one face-up card each, newest last: a played card is laid there face up and
  the whole table sees it (rules.py keeps `discard` public; the reshuffle of GSB-07, "another
  player must gather the discarded cards", takes them all off again);
- the automated player's holder, when its cards are real (option device_hand "holder"): one
  face-down card per filled slot. Never the card's value: nobody at the table may see it.

Not on the table, and why:
- a person's hand: the rulebook's players hold their cards ("picking up enough cards to make a
  hand of five cards"); the device neither sees nor places them, and the person lays a played
  card on the discard pile themself (the discard step then names it);
- the automated player's cards when the device keeps them (device_hand "screen"): they are not
  real cards (gsb_setup's words: "nobody deals it a real card");
- the draw pile: a face-down stack the table draws from when a prompt says so; it has no place
  that changes, and how many cards it holds is not a step anyone makes.
"""

from __future__ import annotations

from companion.core.table import Table, Thing
from companion.games.goosebumps.board import track_for
from companion.games.goosebumps.cards import EMPTY, title
from companion.games.goosebumps.state import State

DISCARD_PILE = "the discard pile"
FACE_UP = "face"  # core.table words a face as "<face> up": "face up"
FACE_DOWN = "face down"


def monster(seat: str) -> str:
    return f"{seat}'s monster"


def holder_slot(seat: str, slot: int) -> str:
    return f"slot {slot} of {seat}'s holder"


def table(state: State) -> Table:
    track = track_for(state.options.board)
    out: dict[str, Thing] = {}
    for i, (seat, space) in enumerate(zip(state.seats, state.positions)):
        out[f"monster:{i}"] = Thing(monster(seat), track.space_name(space))
    if state.options.device_hand == "holder":
        for i, seat in enumerate(state.seats):
            if not state.automated[i]:
                continue
            for k, card in enumerate(state.hands[i]):
                if card != EMPTY:  # its value stays off the table's data: the holder is face down
                    out[f"holder:{i}:{k + 1}"] = Thing("a card", holder_slot(seat, k + 1), FACE_DOWN)
    for n, card in enumerate(state.discard):
        out[f"discard:{n}"] = Thing(title(card), DISCARD_PILE, FACE_UP)
    return out
