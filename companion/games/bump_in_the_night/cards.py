"""The card catalogue: what each sticker BIN:DECK:NN is, read from data/cards.toml.

The rulebook prints the decks and most titles but no card text (BIN-G3, BIN-G4), so each card
carries one effect from the vocabulary below, which the reducer knows how to apply. The shipped
effects are guessed from the titles; the table corrects the file (`companion bin cards check`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core.datafile import (WHOLE_FILE, Issue, Lines, Wording, loaded, parse_toml, read_toml, record_file, recorded,
                                     recorded_name)

ACTION, BLOCK, BONUS = "ACTN", "BLCK", "BONS"
DECK_SIZES = {ACTION: 25, BLOCK: 20, BONUS: 7}  # BIN-04; card-codes.md
MAX_BYTES = 256_000  # the house and card files are a few kilobytes; refuse anything that is not one
WORDING = Wording(too_big="{size} bytes is too big for a data file (at most {limit})")
KINDS = ("cat", "bat", "goblin", "poltergeist", "ghost", "specter")

# Action cards: "played by the active player anytime during their turn" (BIN-20).
ACTION_EFFECTS = {
    "open_gates": "the Garage Door and the Cemetery Gate are open until the end of this turn",
    "through_locks": "scared people may run through locked doors until the end of this turn",
    "scare_plus": "the next scare this turn gets n more free moves",
    "terror_plus": "people scared next this turn start n terror levels higher",
    "extra_scare": "one more scare this turn (before Step 4)",
    "extra_step2": "one more place, replace or move this turn (before Step 3)",
    "place_anywhere": "place one of your monsters now in any room, even one with people",
    "move_person": "move one person now to a room next door, through an unlocked door",
    "none": "no known effect: name the card in the catalogue to play it",
}
# Block cards: "only played at the very end of a player's turn" (BIN-21).
BLOCK_EFFECTS = {
    "remove_monster": "return one monster on the board (of `kind`, or any) to its owner",
    "clear_room": "return every monster in one room to its owner",
    "lock_change": "place or remove one lock marker",
    "move_person": "move one person to a room next door, through an unlocked door",
    "none": "no known effect: name the card in the catalogue to play it",
}
NEEDS_N = frozenset({"scare_plus", "terror_plus"})
CARD_KEYS = frozenset({"deck", "name", "copies", "numbers", "effect", "n", "kind", "room", "monster"})


@dataclass(frozen=True)
class Card:
    code: str
    deck: str
    name: str
    number: int  # the 1-6 in the lower right-hand corner (BIN-09)
    effect: str = "none"  # Action/Block: a key of ACTION_EFFECTS / BLOCK_EFFECTS; Bonus: "bonus"
    n: int = 0
    kind: str = ""  # remove_monster: a monster kind or "any"
    room: str = ""  # Bonus: the room id it names
    monster: str = ""  # Bonus: the monster kind it names

    @property
    def playable(self) -> bool:
        return self.effect != "none"


@dataclass(frozen=True)
class Catalogue:
    source: str
    cards: tuple[Card, ...]  # in code order: ACTN 01..25, BLCK 01..20, BONS 01..07

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by", {c.code: c for c in self.cards})

    def get(self, code: str) -> Card:
        by: dict[str, Card] = self.__dict__["_by"]
        try:
            return by[code]
        except KeyError:
            raise KeyError(f"{code} is not a Bump in the Night card (BIN:ACTN:01..25, BIN:BLCK:01..20, "
                           f"BIN:BONS:01..07)") from None

    def __contains__(self, code: object) -> bool:
        return code in self.__dict__["_by"]

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(c.code for c in self.cards)


def code(deck: str, nn: int) -> str:
    return f"BIN:{deck}:{nn:02d}"


def default_cards_path() -> Path:
    return Path(__file__).resolve().parent / "data" / "cards.toml"


def read_cards(path: str | Path, room_ids: frozenset[str] | None = None,
               raw: bytes | str | None = None) -> tuple[Catalogue | None, list[Issue]]:
    """The catalogue with every issue found; `room_ids` (every room on any tile side) checks the
    rooms Bonus cards name; `raw`: the file's content already in hand (as a game records it),
    `path` then only names it."""
    name = str(path)
    data, text, issues = (read_toml(path, MAX_BYTES, WORDING) if raw is None
                          else parse_toml(raw, name, MAX_BYTES, WORDING))
    if data is None:
        return None, issues
    lines = Lines(text)
    out: list[Issue] = []

    def add(nth: int | None, message: str, *needles: str) -> None:
        out.append(Issue(name, lines.find("" if nth is None else "card", nth or 0, *needles), message))

    for key in sorted(set(data) - {"card"}):
        add(None, f"unknown key {key!r} at the top level (only [[card]] tables)", key)
    raw = data.get("card")
    if not isinstance(raw, list) or not raw:
        return None, [Issue(name, WHOLE_FILE, "no [[card]] tables")]
    cards: dict[str, Card] = {}
    for k, c in enumerate(raw):
        if not isinstance(c, dict):
            add(k, "each [[card]] is a table")
            continue
        for key in sorted(set(c) - CARD_KEYS):
            add(k, f"unknown key {key!r} in a [[card]] (known: {', '.join(sorted(CARD_KEYS))})", f"{key} =")
        deck, title = c.get("deck"), c.get("name")
        if deck not in DECK_SIZES:
            add(k, f"deck must be one of {', '.join(DECK_SIZES)}, not {deck!r}", "deck =")
            continue
        if not isinstance(title, str) or not title.strip():
            add(k, "every card needs a name", "name =")
            continue
        copies: list[int] = c.get("copies") or []
        numbers: list[int] = c.get("numbers") or []
        if not _ints(copies) or not copies:
            add(k, f"{title}: copies is the list of sticker numbers NN of BIN:{deck}:NN", "copies =")
            continue
        if not _ints(numbers) or len(numbers) != len(copies) or not all(1 <= v <= 6 for v in numbers):
            add(k, f"{title}: numbers gives each copy's corner number 1-6, one per copy", "numbers =")
            continue
        effect, extra = _effect(c, deck, title, room_ids, lambda m, *n: add(k, m, *n))
        if effect is None:
            continue
        for nn, number in zip(copies, numbers):
            if not 1 <= nn <= DECK_SIZES[deck]:
                add(k, f"{title}: BIN:{deck}:{nn:02d} is past the deck's {DECK_SIZES[deck]} cards", "copies =")
                continue
            cc = code(deck, nn)
            if cc in cards:
                add(k, f"{cc} is both {cards[cc].name} and {title}", "copies =")
                continue
            cards[cc] = Card(cc, deck, title.strip(), number, effect, **extra)
    for deck, size in DECK_SIZES.items():
        missing = [code(deck, nn) for nn in range(1, size + 1) if code(deck, nn) not in cards]
        if missing:
            out.append(Issue(name, WHOLE_FILE, f"no card is given for {', '.join(missing)} (the {deck} deck has {size})"))
    if out:
        return None, out
    order = {d: i for i, d in enumerate(DECK_SIZES)}
    ordered = tuple(sorted(cards.values(), key=lambda x: (order[x.deck], x.code)))
    return Catalogue(name, ordered), []


def _ints(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in v)


def _effect(c: dict[str, Any], deck: str, title: str, room_ids: frozenset[str] | None,
            add: Any) -> tuple[str | None, dict[str, Any]]:
    if deck == BONUS:
        room, monster = c.get("room", ""), c.get("monster", "")
        if bool(room) == bool(monster) or "effect" in c:
            add(f"{title}: a Bonus card names one room (room = ...) or one monster (monster = ...)", "room =",
                "monster =")
            return None, {}
        if monster and monster not in KINDS:
            add(f"{title}: monster must be one of {', '.join(KINDS)}, not {monster!r}", "monster =")
            return None, {}
        if room and (not isinstance(room, str) or (room_ids is not None and room not in room_ids)):
            add(f"{title}: no tile has a room with the id {room!r}", "room =")
            return None, {}
        return "bonus", {"room": room, "monster": monster}
    known = ACTION_EFFECTS if deck == ACTION else BLOCK_EFFECTS
    effect = c.get("effect")
    if effect not in known:
        add(f"{title}: effect must be one of {', '.join(known)}, not {effect!r}", "effect =")
        return None, {}
    extra: dict[str, Any] = {}
    if effect in NEEDS_N:
        n = c.get("n")
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 5:
            add(f"{title}: {effect} needs n = 1 to 5", "n =", "effect =")
            return None, {}
        extra["n"] = n
    if effect == "remove_monster":
        kind = c.get("kind", "any")
        if kind not in KINDS + ("any",):
            add(f"{title}: kind must be any or one of {', '.join(KINDS)}, not {kind!r}", "kind =")
            return None, {}
        extra["kind"] = kind
    return str(effect), extra


def check_cards(path: str | Path, room_ids: frozenset[str] | None = None) -> list[Issue]:
    return read_cards(path, room_ids)[1]


@functools.lru_cache(maxsize=8)
def _load(path: str, stamp: tuple[int, int]) -> Catalogue:
    return loaded(read_cards(path))


@functools.lru_cache(maxsize=8)
def _recorded(setting: str) -> Catalogue:
    name, text = recorded(setting)
    return cards_text(text or "", recorded_name(name, default_cards_path()))


def cards_text(raw: bytes | str, name: str) -> Catalogue:
    """The catalogue of a file's content (as a game records it); `name` is for messages."""
    return loaded(read_cards(name, None, raw))


def record_cards(setting: str) -> str:
    """The `cards` option as a new game records it: the file's name, a newline and its content
    (a bad file is refused with its lines, before the game begins)."""
    return record_file(setting, default_cards_path(), cards_text, MAX_BYTES, WORDING, game="BIN")


def load_cards(path: str = "") -> Catalogue:
    """The catalogue of a game's `cards` option: "" = the shipped file, a path (read again, as
    journals from before recording hold it), or as a game records it (`record_cards`)."""
    if "\n" in path:
        return _recorded(path)
    name = str(Path(path) if path else default_cards_path())
    try:
        st = Path(name).stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = (0, 0)
    return _load(name, stamp)
