"""Moves made on the house (issue 25, "Moves on the board"): where the table's act is moving a
piece, the screen takes a tap on the piece (or its room) and then on its destination, with the
legal destinations lit. This module says, from the rules alone, which pieces may move now, from
where, and to which rooms; the screens (ui/) draw it and take the taps. No Kivy here.

- A scared girl running (BIN-39..59): one girl at a time, each tap one `Run` (the reducer makes
  the forced moves after it, as it does for the device). The whole-scare outcomes `legal_inputs`
  also offers (`RunPlan`, for the device and its search) are not listed for people: a person moves
  girls, not outcomes.
- A lock marker put on or taken off a door (BIN-26; the Poltergeist's, BIN-17): a tap on a room
  beside the door, then on the room across it (an outside door: "Out of the house").
- A monster from its owner's group (BIN-30), the Cat and the Bat as one placement (BIN-14: the
  Cat's room, then the Bat's), a monster moved (BIN-31, BIN-60), a girl moved in Step 4 (BIN-60),
  a group of girls put into a room at set-up (the table places the girls).

What has no place on the board (a scare, a card, ending a step) stays a list.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.bump_in_the_night import scare
from companion.games.bump_in_the_night.choices import monster_words
from companion.games.bump_in_the_night.context import Ctx, ctx_for
from companion.games.bump_in_the_night.inputs import Input, Lock, Move, MovePerson, Place, PlaceGroup, Run, RunPlan
from companion.games.bump_in_the_night.state import KINDS, SUPPLY, State

OUT = "outside"


@dataclass(frozen=True)
class Way:
    """One way a piece can go: its destinations in the order they are tapped (the Cat's room, then
    the Bat's), what tells it apart from another way to the same rooms ("" when nothing does: which
    monster terrifies her there), and the input it makes."""

    to: tuple[str, ...]
    which: str
    inp: Input


@dataclass(frozen=True)
class Piece:
    """A piece that may move now: `key` names it for the screens and tests ("run:0", "person:den:1",
    "move:red/cat", "place:goblin", "place:pair", "girls", "lock", "lock:poltergeist"); `src` is the room it stands in ("" for
    one taken from its owner's group or the box)."""

    key: str
    caption: str
    src: str
    ways: tuple[Way, ...]

    def stage(self, picked: tuple[str, ...]) -> tuple[str, ...]:
        """The rooms lit after the destinations `picked` so far, in the house's order of the ways."""
        k = len(picked)
        out: list[str] = []
        for w in self.ways:
            if len(w.to) > k and w.to[:k] == picked and w.to[k] not in out:
                out.append(w.to[k])
        return tuple(out)

    def reached(self, picked: tuple[str, ...]) -> tuple[Way, ...]:
        """The ways whose every destination is picked."""
        return tuple(w for w in self.ways if w.to == picked)


BOARD_INPUTS = (Lock, Place, Move, MovePerson, PlaceGroup, Run, RunPlan)


def on_board(inp: Input) -> bool:
    """An input the house takes by taps (so no list shows it)."""
    return isinstance(inp, BOARD_INPUTS)


def _owner(state: State, colour: str) -> str:
    return "Your" if not colour or colour == state.seats[state.active] else f"{colour.capitalize()}'s"


def pieces(state: State, legal: list[Input], c: Ctx | None = None) -> list[Piece]:
    """The pieces that may move now, from the legal inputs of the seat that acts (and, while
    girls run, from the scare's own single moves)."""
    c = c or ctx_for(state.options)
    rid = c.house.room_id
    out: dict[str, Piece] = {}
    order: list[str] = []

    def add(key: str, caption: str, src: str, way: Way) -> None:
        if key not in out:
            order.append(key)
            out[key] = Piece(key, caption, src, ())
        p = out[key]
        out[key] = Piece(p.key, p.caption, p.src, p.ways + (way,))

    if state.running is not None and not state.pending and any(isinstance(i, (Run, RunPlan)) for i in legal):
        run = state.running
        for ch in scare.choices(state, c):
            r = run.runners[ch.runner]
            which = ""
            if ch.monster is not None:
                seat, kind = ch.monster
                owner = _owner(state, state.seats[seat])
                which = f"Terrified by {'your' if owner == 'Your' else owner} {monster_words(KINDS[kind])}"
            where = rid(r.room)
            add(f"run:{ch.runner}", f"A girl at terror {r.terror}", where,
                Way((rid(ch.to),), which, scare.to_input(state, c, ch)))
    for inp in legal:
        if isinstance(inp, Lock):
            door = c.house.doors[c.house.door(inp.door)]
            key, words = ("lock:poltergeist", "The Poltergeist's lock") if inp.poltergeist else ("lock", "Lock or unlock a door")
            a = rid(door.a)
            b = OUT if door.outside else rid(door.b)
            add(key, words, "", Way((a, b), "", inp))
            add(key, words, "", Way((b, a), "", inp))
        elif isinstance(inp, Place):
            if inp.partner_room:
                add("place:pair", "The Cat and the Bat", "", Way((inp.room, inp.partner_room), "", inp))
            else:
                add(f"place:{inp.monster}", f"Your {monster_words(inp.monster)}", "", Way((inp.room,), "", inp))
        elif isinstance(inp, Move):
            seat = state.seats.index(inp.colour) if inp.colour else state.active
            room = state.monsters[seat][KINDS.index(inp.monster)]
            if room == SUPPLY:
                continue
            colour = inp.colour or state.seats[state.active]
            add(f"move:{colour}/{inp.monster}", f"{_owner(state, inp.colour)} {monster_words(inp.monster)}",
                rid(room), Way((inp.to,), "", inp))
        elif isinstance(inp, MovePerson):
            who = "never moved" if inp.unmoved else "has moved"
            add(f"person:{inp.room}:{int(inp.unmoved)}", f"A girl who {who}", inp.room, Way((inp.to,), "", inp))
        elif isinstance(inp, PlaceGroup):
            n = state.groups[0] if state.groups else 0
            add("girls", f"The group of {n}", "", Way((inp.room,), "", inp))
    return [out[k] for k in order]


def family(key: str) -> str:
    """The kind of move a piece's key names ("run", "person", "move", "place", "girls", "lock")."""
    return key.split(":", 1)[0]


def sources(found: list[Piece]) -> dict[str, list[Piece]]:
    """Rooms holding a piece that may move, each with those pieces."""
    out: dict[str, list[Piece]] = {}
    for p in found:
        if p.src:
            out.setdefault(p.src, []).append(p)
    return out


__all__ = ["OUT", "Piece", "Way", "family", "on_board", "pieces", "sources"]
