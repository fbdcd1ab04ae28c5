"""Card codes per shared/specs/card-codes.md: `<GAME>:<DECK>:<NN>`, checked against the manifest.

`parse_code` answers "is this string a card of any game?"; `classify` adds "of the game being
played?", so a well-formed Stuff of Legend code on a Boogeyman table gets a clear message instead
of silently vanishing like a phone's web-address QR.
"""

from __future__ import annotations

import enum
import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from companion.core.errors import CompanionError

# Exactly the grammar: upper-case game and deck, two ASCII digits. fullmatch, so no whitespace,
# no trailing newline, no lower case; [0-9] rather than \d so other scripts' digits do not pass.
_CODE_RE = re.compile(r"([A-Z]{3}):([A-Z0-9]+):([0-9]{2})")

STICKER_KINDS = ("card", "token")


class ManifestError(CompanionError, ValueError):
    """The deck manifest (cards_qr/decks.toml) is malformed."""


class OtherGameCard(CompanionError, ValueError):
    """A valid card code, but of a game other than the one being played."""

    def __init__(self, code: "CardCode", playing: str) -> None:
        self.code = code
        self.playing = playing
        super().__init__(other_game_message(code, playing))


@dataclass(frozen=True)
class Deck:
    game: str
    code: str
    what: str
    size: int
    sticker: str  # "card" or "token"


@dataclass(frozen=True)
class Game:
    code: str
    name: str
    decks: tuple[Deck, ...]

    def deck(self, code: str) -> Deck | None:
        for d in self.decks:
            if d.code == code:
                return d
        return None


@dataclass(frozen=True)
class Manifest:
    spec_version: int
    games: tuple[Game, ...]

    def game(self, code: str) -> Game | None:
        for g in self.games:
            if g.code == code:
                return g
        return None

    @property
    def game_codes(self) -> tuple[str, ...]:
        return tuple(g.code for g in self.games)


@dataclass(frozen=True, order=True)
class CardCode:
    game: str
    deck: str
    number: int

    def __str__(self) -> str:
        return f"{self.game}:{self.deck}:{self.number:02d}"

    @property
    def text(self) -> str:
        return str(self)


class Verdict(enum.Enum):
    CARD = "card"  # a card of the game being played
    OTHER_GAME = "other_game"  # a valid card code of another game
    FOREIGN = "foreign"  # not a card code at all: ignore silently


def _parse_manifest(text: str, source: str) -> Manifest:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ManifestError(f"{source}: {exc}") from exc
    try:
        games = []
        for gcode, g in data["games"].items():
            if not re.fullmatch(r"[A-Z]{3}", gcode):
                raise ManifestError(f"{source}: game code {gcode!r} is not three capitals")
            decks = []
            for d in g["decks"]:
                deck = Deck(gcode, str(d["code"]), str(d["what"]), int(d["size"]), str(d["sticker"]))
                if not re.fullmatch(r"[A-Z0-9]+", deck.code):
                    raise ManifestError(f"{source}: deck code {deck.code!r} in {gcode} is malformed")
                if not 1 <= deck.size <= 99:
                    raise ManifestError(f"{source}: {gcode}:{deck.code} size {deck.size} not 1-99")
                if deck.sticker not in STICKER_KINDS:
                    raise ManifestError(f"{source}: {gcode}:{deck.code} sticker {deck.sticker!r}")
                decks.append(deck)
            if len({d.code for d in decks}) != len(decks):
                raise ManifestError(f"{source}: duplicate deck code in {gcode}")
            games.append(Game(gcode, str(g["name"]), tuple(decks)))
        return Manifest(int(data["spec_version"]), tuple(games))
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, ManifestError):
            raise
        raise ManifestError(f"{source}: missing or bad field: {exc}") from exc


@lru_cache(maxsize=1)
def manifest() -> Manifest:
    """The shipped deck manifest (cards_qr/decks.toml)."""
    path = Path(__file__).with_name("decks.toml")
    return _parse_manifest(path.read_text(encoding="utf-8"), str(path))


def parse_code(text: str, m: Manifest | None = None) -> CardCode | None:
    """The card a decoded string names, in any game; None if it is not a card code."""
    if not isinstance(text, str):
        return None
    match = _CODE_RE.fullmatch(text)
    if match is None:
        return None
    m = m or manifest()
    game = m.game(match.group(1))
    if game is None:
        return None
    deck = game.deck(match.group(2))
    if deck is None:
        return None
    number = int(match.group(3))
    if not 1 <= number <= deck.size:
        return None
    return CardCode(game.code, deck.code, number)


def classify(text: str, playing: str | None, m: Manifest | None = None) -> tuple[Verdict, CardCode | None]:
    """Whether a decoded string is a card of the game being played (`playing=None`: any game)."""
    code = parse_code(text, m)
    if code is None:
        return Verdict.FOREIGN, None
    if playing is not None and code.game != playing:
        return Verdict.OTHER_GAME, code
    return Verdict.CARD, code


def require_code(text: str, playing: str | None = None) -> CardCode:
    """Like `classify`, but raising: for typed-in codes (CLI, catalogue keys)."""
    verdict, code = classify(text, playing)
    if verdict is Verdict.FOREIGN or code is None:
        raise InvalidCode(text)
    if verdict is Verdict.OTHER_GAME and playing is not None:
        raise OtherGameCard(code, playing)
    return code


class InvalidCode(CompanionError, ValueError):
    """A string that is not a card code of the spec."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(f"{text!r} is not a card code (expected e.g. BGM:SRCH:07)")


def other_game_message(code: CardCode, playing: str) -> str:
    m = manifest()
    theirs = m.game(code.game)
    ours = m.game(playing)
    their_name = theirs.name if theirs else code.game
    our_name = ours.name if ours else playing
    return f"{code} belongs to {their_name}, not {our_name}: put it back in its box"


def all_codes(game: str | None = None, m: Manifest | None = None) -> Iterator[CardCode]:
    """Every code of every deck (of one game, or of all games), each once, in manifest order."""
    m = m or manifest()
    for g in m.games:
        if game is not None and g.code != game:
            continue
        for d in g.decks:
            for n in range(1, d.size + 1):
                yield CardCode(g.code, d.code, n)


def deck_of(code: CardCode, m: Manifest | None = None) -> Deck:
    m = m or manifest()
    g = m.game(code.game)
    d = g.deck(code.deck) if g else None
    if d is None:  # only reachable with a hand-built CardCode
        raise InvalidCode(str(code))
    return d
