"""The 65 cards: nine sets of 1-6 and the 11 Monster Mayhem cards (the mix is data: `Mix`).

Cards are short strings in states and inputs: "1".."6" for the numbered cards, and a word per
Monster Mayhem kind. Two marks are not cards: UNSEEN ("?") is a card in a hand the device has
not seen (a person's own cards), EMPTY ("") an empty slot of the automated player's holder.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

NUMBERS: tuple[str, ...] = ("1", "2", "3", "4", "5", "6")
SETS = 9  # "nine sets of 1-6"

PAL = "pal"
CAR = "car"
BOOK = "book"
STINE = "stine"
GNOMIES = "gnomies"
FREEZE = "freeze"

IN_TURN: tuple[str, ...] = (PAL, CAR, BOOK, STINE)  # "Play these cards during your turn"
OUT_OF_TURN: tuple[str, ...] = (GNOMIES, FREEZE)  # "Play these cards during other players' turns"
MAYHEM: tuple[str, ...] = IN_TURN + OUT_OF_TURN
KINDS: tuple[str, ...] = NUMBERS + MAYHEM
MAYHEM_CARDS = 11

UNSEEN = "?"
EMPTY = ""

TITLES: dict[str, str] = {
    PAL: "Pal of the Praying Mantis",
    CAR: "Hitch a ride in the Haunted Car",
    BOOK: "Found Your Book!",
    STINE: "R.L. Stine!",
    GNOMIES: "Rollin' With My Gnomies",
    FREEZE: "Freeze Ray!",
}


def is_number(card: str) -> bool:
    return card in NUMBERS


def title(card: str) -> str:
    """'a 4', 'Freeze Ray!'."""
    if card in NUMBERS:
        return f"a {card}"
    if card == UNSEEN:
        return "a card"
    return TITLES.get(card, card)


@dataclass(frozen=True)
class Mix:
    """How many of each Monster Mayhem card the box holds. The rulebook names the six kinds and
    says there are 11 cards, not how many of each (GSB-G2); the shipped track file carries the
    labelled placeholder (see docs/games/GSB.md)."""

    pal: int = 3
    car: int = 2
    book: int = 2
    stine: int = 2
    gnomies: int = 1
    freeze: int = 1

    def counts(self) -> dict[str, int]:
        return {f.name: int(getattr(self, f.name)) for f in fields(self)}

    def total(self) -> int:
        return sum(self.counts().values())

    def problems(self) -> list[str]:
        bad = [f"{k} = {v} is negative" for k, v in self.counts().items() if v < 0]
        if not bad and self.total() != MAYHEM_CARDS:
            bad.append(f"the box has {MAYHEM_CARDS} Monster Mayhem cards, this mix has {self.total()}")
        return bad

    def describe(self) -> str:
        return ", ".join(f"{TITLES[k]} x{v}" for k, v in self.counts().items())


def deck(mix: Mix) -> tuple[str, ...]:
    """Every card of the box, sorted by kind (GSB-01: 54 numbered + 11 Monster Mayhem)."""
    out: list[str] = []
    for n in NUMBERS:
        out += [n] * SETS
    for kind, count in mix.counts().items():
        out += [kind] * count
    return tuple(out)


def card_for_code(code: str, mix: Mix) -> str:
    """The card a sticker code stands for in the default sticker layout (cards_qr decks NUMB and
    MAYH): GSB:NUMB:01-09 are the 1s, 10-18 the 2s, ...; GSB:MAYH:NN follow the mix in the order
    of `Mix`'s fields. Raises ValueError for a code that is not a Goosebumps card."""
    parts = code.strip().upper().split(":")
    if len(parts) != 3 or parts[0] != "GSB" or not parts[2].isdigit():
        raise ValueError(f"{code!r} is not a Goosebumps card code (GSB:NUMB:NN or GSB:MAYH:NN)")
    nn = int(parts[2])
    if parts[1] == "NUMB" and 1 <= nn <= SETS * len(NUMBERS):
        return NUMBERS[(nn - 1) // SETS]
    if parts[1] == "MAYH" and 1 <= nn <= mix.total():
        k = nn
        for kind, count in mix.counts().items():
            if k <= count:
                return kind
            k -= count
    raise ValueError(f"{code!r}: no such card in the Goosebumps decks")
