"""From stable zone occupancy to game inputs, for any game (the game supplies its own words).

Presence sensors cannot tell pieces apart and several pieces may share a zone, so a change in
occupancy is explained with what the game knows: where every piece should be, the adjacency of
the board, whose turn it is, and where the game has sent a piece. Three parts:

- SettleFilter: a position still settling (pieces slid, lifted, knocked) is never acted on.
- infer_move(): which piece moved, or an explicit Ambiguous question with the candidates.
- first_fix(): when the table and the game disagree, one fix at a time, as data with a text.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Mapping

from companion.i18n import N_

Zone = str
Piece = str


# ---- settling ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settled:
    before: frozenset[Zone]  # the last settled occupancy (what the game last acted on)
    after: frozenset[Zone]


class SettleFilter:
    """Reports an occupancy only once it has held unchanged for `settle` seconds.

    observe() may be called from any thread (e.g. the link's listener); poll() from the game loop.
    The first settled occupancy is reported with before == after (a baseline, not a move).
    """

    def __init__(self, settle: float = 0.8, clock: Callable[[], float] = time.monotonic) -> None:
        self.settle = settle
        self.clock = clock
        self._latest: frozenset[Zone] | None = None
        self._since = 0.0
        self._settled: frozenset[Zone] | None = None

    def observe(self, occupied: frozenset[Zone]) -> None:
        occupied = frozenset(occupied)
        if occupied != self._latest:
            self._latest = occupied
            self._since = self.clock()

    @property
    def settling(self) -> bool:
        return self._latest is not None and self._latest != self._settled

    @property
    def settled(self) -> frozenset[Zone] | None:
        return self._settled

    def poll(self) -> Settled | None:
        """A Settled change when the latest occupancy has held long enough and differs."""
        latest = self._latest
        if latest is None or latest == self._settled or self.clock() - self._since < self.settle - 1e-9:
            return None
        before = self._settled if self._settled is not None else latest
        self._settled = latest
        return Settled(before, latest)


# ---- which piece moved ------------------------------------------------------------------------


@dataclass(frozen=True)
class Moved:
    piece: Piece
    from_zone: Zone | None  # None: came onto the board
    to_zone: Zone | None  # None: taken off the board


@dataclass(frozen=True)
class Ambiguous:
    """Ask the players: which of these happened?"""

    question: str
    candidates: tuple[Moved, ...]


@dataclass(frozen=True)
class NoMove:
    """Nothing the game needs to hear (no change)."""


@dataclass(frozen=True)
class Unexplained:
    """No single move of a piece explains the change; use first_fix() to put the table right."""

    freed: frozenset[Zone]
    filled: frozenset[Zone]


Inference = Moved | Ambiguous | NoMove | Unexplained


def _occupied_by_expectation(expected: Mapping[Piece, Zone | None]) -> dict[Zone, list[Piece]]:
    where: dict[Zone, list[Piece]] = {}
    for piece, zone in expected.items():
        if zone is not None:
            where.setdefault(zone, []).append(piece)
    return where


def infer_move(
    expected: Mapping[Piece, Zone | None],
    adjacency: Mapping[Zone, frozenset[Zone]],
    active: Piece | None,
    before: frozenset[Zone],
    after: frozenset[Zone],
    *,
    sent: Mapping[Piece, Zone] | None = None,
    label: Callable[[Zone], str] | None = None,
    names: Mapping[Piece, str] | None = None,
) -> Inference:
    """Explain one settled change as one piece's move.

    expected: where the game says each piece is (None = off the board).
    adjacency: zone -> zones one step away (a move elsewhere is only accepted if the game `sent`
        that piece there, e.g. "put the Babysitter in Room 14").
    active: the piece whose turn it is; preferred over others when several could have moved.
    label/names: words for zones and pieces in the question ("Room 14", "the Babysitter").
    """
    sent = sent or {}
    freed, filled = before - after, after - before
    if not freed and not filled:
        return NoMove()
    if len(freed) > 1 or len(filled) > 1:
        return Unexplained(frozenset(freed), frozenset(filled))
    src = next(iter(freed), None)
    dst = next(iter(filled), None)
    crowd = _occupied_by_expectation(expected)

    candidates: list[Moved] = []
    for piece, zone in expected.items():
        near = adjacency.get(zone, frozenset()) if zone is not None else frozenset()
        goal = sent.get(piece)
        if src is not None:
            if zone != src or len(crowd[src]) > 1:
                continue  # only this zone's only piece can have freed it
            if dst is not None:
                if dst in near or goal == dst:
                    candidates.append(Moved(piece, src, dst))
            else:
                # Freed, nothing filled: it joined an occupied zone, or left the board.
                targets = [goal] if goal in after else [z for z in sorted(near) if z in after]
                candidates.extend(Moved(piece, src, t) for t in targets)
                if not targets:
                    candidates.append(Moved(piece, src, None))
        elif dst is not None:
            if zone is None:
                if goal == dst or piece == active:
                    candidates.append(Moved(piece, None, dst))  # came onto the board
            elif len(crowd[zone]) > 1 and (dst in near or goal == dst):
                candidates.append(Moved(piece, zone, dst))  # left a zone someone else still holds

    # Narrow: a piece the game sent exactly there, then the active piece.
    preferences: tuple[Callable[[Moved], bool], ...] = (
        lambda m: sent.get(m.piece) == m.to_zone,
        lambda m: m.piece == active,
    )
    for prefer in preferences:
        narrowed = [m for m in candidates if prefer(m)]
        if narrowed:
            candidates = narrowed
            break
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        return Unexplained(frozenset(freed), frozenset(filled))
    say = label or zone_label
    who = names or {}
    options = "; ".join(
        f"{(who.get(m.piece, m.piece))} to {say(m.to_zone) if m.to_zone else 'off the board'}" for m in candidates
    )
    if src is not None and len({m.piece for m in candidates}) == 1:
        question = f"Where did {(who.get(candidates[0].piece, candidates[0].piece))} go? ({options})"
    else:
        question = f"Who moved? ({options})"
    return Ambiguous(question, tuple(candidates))


# ---- one fix at a time ------------------------------------------------------------------------

# The shapes of the sentences below, as the catalog says them in another language (Domain.said:
# the mismatch screen shows them through it; the English sentences are made as they are).
SHAPES = (N_("Move {what} from {src} to {zone}"), N_("Put {what} in {zone}"), N_("{zone} should be empty"),
          N_("Room {n}"), N_("Who moved?"), N_("Where did {who} go?"))


@dataclass(frozen=True)
class Fix:
    kind: str  # "move" (piece in the wrong zone), "put" (piece missing), "clear" (zone should be empty)
    zone: Zone
    piece: Piece | None
    from_zone: Zone | None
    text: str


def zone_label(zone: Zone) -> str:
    """Default words for a zone: "Room 14" for a number, the id itself otherwise."""
    return f"Room {zone}" if zone.isdigit() else zone


def first_fix(
    expected: Mapping[Piece, Zone | None],
    occupied: frozenset[Zone],
    *,
    label: Callable[[Zone], str] | None = None,
    names: Mapping[Piece, str] | None = None,
    order: tuple[Piece, ...] = (),
) -> Fix | None:
    """The first thing to put right so the table matches the game, or None when it matches.

    Pieces in `order` come first (e.g. the active piece), then the mapping's own order.
    names: words for pieces with their article ("the Babysitter", "Mike"); default the piece id.
    """
    say = label or zone_label
    who = names or {}
    crowd = _occupied_by_expectation(expected)
    missing = [z for z in crowd if z not in occupied]
    extra = sorted(occupied - crowd.keys(), key=lambda z: (not z.isdigit(), int(z) if z.isdigit() else 0, z))
    if missing:
        rank = {p: i for i, p in enumerate(order)}
        missing.sort(key=lambda z: min(rank.get(p, len(rank)) for p in crowd[z]))
        zone = missing[0]
        pieces = crowd[zone]
        what = " and ".join((who.get(p, p)) for p in pieces)
        if len(missing) == 1 and len(extra) == 1:
            src = extra[0]
            return Fix("move", zone, pieces[0], src, f"Move {what} from {say(src)} to {say(zone)}")
        return Fix("put", zone, pieces[0], None, f"Put {what} in {say(zone)}")
    if extra:
        return Fix("clear", extra[0], None, None, f"{say(extra[0])} should be empty")
    return None
