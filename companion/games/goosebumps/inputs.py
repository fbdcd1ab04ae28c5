"""The inputs of Goosebumps: what the table (or the automated player) tells the device.

Chance results travel inside inputs: a drawn card is named by the table (scanned), "?" when the
device may not see it (a person's own draw), "*" when the device draws it itself (simulations).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union

DEVICE_DRAWS = "*"


@dataclass(frozen=True)
class Draw:
    """The cards picked up, one entry each: a card, "?" (not shown to the device) or "*".
    `stickers`: the code the camera read for each card ("" for one named by touch; () for none),
    kept in the state so that a sticker shown again is refused without its name (State.read)."""

    kind: ClassVar[str] = "draw"
    cards: tuple[str, ...]
    stickers: tuple[str, ...] = ()


@dataclass(frozen=True)
class Play:
    """One card, or three of a kind (three equal numbers), from the hand of the player to act."""

    kind: ClassVar[str] = "play"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Pass:
    """The player to act holds no card they may play (only when that is so)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Steal:
    """The player on STEAL picks whom to steal from."""

    kind: ClassVar[str] = "steal"
    victim: str


@dataclass(frozen=True)
class Take:
    """The stolen card: named by the table; or `slot` (1 = the first) of the automated player's
    holder that the person stealing picked without looking; or neither ("" and 0) = the device
    picks a slot of a hand it knows (when the device itself is the stealer, or in a sampled world
    of the search; a person stealing from the holder picks the slot: issue 25 #14)."""

    kind: ClassVar[str] = "take"
    card: str = ""
    slot: int = 0


@dataclass(frozen=True)
class Shortcut:
    kind: ClassVar[str] = "shortcut"
    take: bool


@dataclass(frozen=True)
class Target:
    kind: ClassVar[str] = "target"
    seat: str


@dataclass(frozen=True)
class React:
    """Answer to a reaction window: play the card (Freeze Ray! / Rollin' With My Gnomies) or not."""

    kind: ClassVar[str] = "react"
    play: bool


@dataclass(frozen=True)
class Place:
    """A correction from the table (a tap on the track): `seat`'s monster stands on `space`."""

    kind: ClassVar[str] = "place"
    seat: str
    space: int


Input = Union[Draw, Play, Pass, Steal, Take, Shortcut, Target, React, Place]
