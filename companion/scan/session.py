"""Decoded frames -> events for the game: one CardScanned per showing, one message per stray card.

    session = ScanSession.for_game("BGM")            # loads the catalogue
    worker = ScanWorker(open_camera(), session.decoder.decode,
                        lambda result, t: Clock.schedule_once(lambda _: ui(session.feed(result, t))))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from cards_qr.codes import CardCode, other_game_message
from companion.scan.catalogue import CardScanned, Catalogue
from companion.scan.decoder import DecodeResult, Decoder
from companion.scan.presence import Presence


@dataclass(frozen=True)
class OtherGameShown:
    """A valid card of another game was shown: tell the table, do not play it."""

    code: CardCode
    message: str


ScanEvent = Union[CardScanned, OtherGameShown]


@dataclass
class ScanSession:
    game: str
    catalogue: Catalogue
    decoder: Decoder
    presence: Presence = field(default_factory=Presence)

    @classmethod
    def for_game(cls, game: str, presence: Presence | None = None) -> "ScanSession":
        return cls(game, Catalogue.load(game), Decoder(game=game), presence or Presence())

    def feed(self, result: DecodeResult, now: float | None = None) -> list[ScanEvent]:
        """Events for one decoded frame (usually none: the same cards are still in view)."""
        events: list[ScanEvent] = []
        keys: list[tuple[str, CardCode]] = [("card", c) for c in result.cards]
        keys += [("other", c) for c in result.other_game]
        for kind, code in self.presence.update(keys, now):
            if kind == "card":
                events.append(self.catalogue.scanned(code))
            else:
                events.append(OtherGameShown(code, other_game_message(code, self.game)))
        return events
