"""Bump in the Night's inputs: one frozen dataclass per kind (docs/journal.md).

Rooms, doors and cards are named by their ids (house.toml, cards.toml), monsters by kind and,
where another seat's monster is meant, by colour. Chance results travel inside the inputs: the
die or card of the set-up, and every card drawn (None: the device draws for that seat).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union


@dataclass(frozen=True)
class GroupRoll:
    """The set-up die for the Group Creation Chart (BIN-08/10): what it showed (None: the device
    rolls), or a card drawn instead whose corner number counts (BIN-09)."""

    kind: ClassVar[str] = "group_roll"
    value: int | None = None
    card: str = ""


@dataclass(frozen=True)
class PlaceGirls:
    """The device places the six groups (BIN-G2 default)."""

    kind: ClassVar[str] = "place_girls"


@dataclass(frozen=True)
class PlaceGroup:
    """The table put the next group of the chart into `room` (BIN-G2 setting)."""

    kind: ClassVar[str] = "place_group"
    room: str


@dataclass(frozen=True)
class Draw:
    """The seat that owes a card drew `card` (scanned or named), or None: the device draws it.
    `scanned`: the camera read its sticker (kept in State.read: shown again while the card is in
    a hand, it is the card left lying under the camera)."""

    kind: ClassVar[str] = "draw"
    card: str | None = None
    scanned: bool = False


@dataclass(frozen=True)
class Lock:
    """Step 1: place or remove a lock marker (BIN-26); `poltergeist`: the Poltergeist's extra one."""

    kind: ClassVar[str] = "lock"
    door: str
    poltergeist: bool = False


@dataclass(frozen=True)
class Place:
    """Step 2: one of your monsters from your supply into a room with no people (BIN-30); the Cat
    and the Bat count as one placement, the other going into `partner_room` (BIN-14)."""

    kind: ClassVar[str] = "place"
    monster: str
    room: str
    partner_room: str = ""


@dataclass(frozen=True)
class Move:
    """Step 2 or 4: move your monster to `to` (BIN-31, BIN-60); `colour`: another player's, in
    Step 2 with the setting move_any_monster."""

    kind: ClassVar[str] = "move"
    monster: str
    to: str
    colour: str = ""


@dataclass(frozen=True)
class Replace:
    """Step 2: discard `card`, send `colour`'s monster home, put yours of that kind there (BIN-32)."""

    kind: ClassVar[str] = "replace"
    card: str
    colour: str
    monster: str


@dataclass(frozen=True)
class Scare:
    """Step 3: activate `colour`'s `monster`, scaring everyone in its room (BIN-33)."""

    kind: ClassVar[str] = "scare"
    colour: str
    monster: str


@dataclass(frozen=True)
class Hide:
    """The owner of a Goblin another player tried to use: does it hide? (BIN-35)"""

    kind: ClassVar[str] = "hide"
    hide: bool


@dataclass(frozen=True)
class Run:
    """One move of a scared person: runner `runner` (index in the scare's runners) runs to `to`
    (a room id or "outside"); `monster` ("colour/kind") terrifies her there when several could."""

    kind: ClassVar[str] = "run"
    runner: int
    to: str
    monster: str = ""


@dataclass(frozen=True)
class RunPlan:
    """Several moves at once: one of the resolver's outcomes, chosen by the active player."""

    kind: ClassVar[str] = "run_plan"
    steps: tuple[Run, ...]


@dataclass(frozen=True)
class Bonus:
    """The owner plays Bonus `card` ("" = none) now that another player used their monster (BIN-22)."""

    kind: ClassVar[str] = "bonus"
    card: str = ""


@dataclass(frozen=True)
class MovePerson:
    """Step 4: move one person from `room` to the room `to` next door (BIN-60); `unmoved`: one who
    has never moved (else one who has)."""

    kind: ClassVar[str] = "move_person"
    room: str
    to: str
    unmoved: bool = False


@dataclass(frozen=True)
class PlayCard:
    """Play an Action card (your turn, any time) or a Block card (Step 5), with its targets."""

    kind: ClassVar[str] = "play_card"
    card: str
    colour: str = ""
    monster: str = ""
    room: str = ""
    to: str = ""
    door: str = ""
    unmoved: bool = False


@dataclass(frozen=True)
class Done:
    """End this step (or decline to scare, BIN-G14)."""

    kind: ClassVar[str] = "done"


Input = Union[GroupRoll, PlaceGirls, PlaceGroup, Draw, Lock, Place, Move, Replace, Scare, Hide, Run, RunPlan,
              Bonus, MovePerson, PlayCard, Done]
