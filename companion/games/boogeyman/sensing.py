"""From what the sensor mat sees to Boogeyman inputs (the game's half of issue 4's inference).

The sensors package explains a settled occupancy change as one piece's move, knowing nothing of
the game; this module supplies the game's knowledge (where every miniature should be, whose turn
it is, the passages a child may use) and turns the answer into an Input, a question for the
players, or one fix to put the table right. Pure: the caller submits what it returns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from companion.core.errors import IllegalInput
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.rules import apply, child_graph, title
from companion.games.boogeyman.state import Phase, State
from companion.sensors.inference import Ambiguous, Fix, Moved, first_fix, infer_move


@dataclass(frozen=True)
class Ask:
    """A really ambiguous change: ask the players, offering these moves as buttons."""

    question: str
    choices: tuple[I.Move, ...]


@dataclass(frozen=True)
class PutRight:
    """The table and the game disagree: show this one fix until the board matches."""

    fix: Fix


TableEvent = I.Move | Ask | PutRight
BOARD_NAME = "villa-spencer"  # the board a calibrated mat's zone map names


def zones(state: State | None = None) -> tuple[str, ...]:
    """The zones of the house the mat covers (the shipped Villa Spencer before a game)."""
    return house_for(state.options.board if state is not None else "").zones


def expected_positions(state: State) -> dict[str, str | None]:
    """Where every miniature should stand. Passed Out children still lie in their zone."""
    out: dict[str, str | None] = {c.name: (None if c.removed else c.zone) for c in state.children}
    out["babysitter"] = state.babysitter
    for i, zone in enumerate(state.boogeyman):
        out["boogeyman" if i == 0 else f"boogeyman{i + 1}"] = zone
    return out


def piece_names(state: State) -> dict[str, str]:
    names = {c.name: title(c.name) for c in state.children}
    names.update({"babysitter": "the Babysitter", "boogeyman": "the Boogeyman", "boogeyman2": "the Boogeyman"})
    return names


def zone_words(state: State) -> Callable[[str], str]:
    house = house_for(state.options.board)
    return lambda z: f"Room {z}" if house.is_room(z) else f"corridor {z}"


def _legal(state: State, move: I.Move) -> bool:
    try:
        apply(state, move)
    except IllegalInput:
        return False
    return True


def on_settled(state: State, before: frozenset[str], after: frozenset[str]) -> TableEvent | None:
    """What to do about a settled change of occupied zones (before -> after)."""
    expected = expected_positions(state)
    words = zone_words(state)
    names = piece_names(state)
    if state.phase == Phase.PLAY and not state.pending and state.active:
        graph = child_graph(state)
        adjacency = {z: frozenset(graph.neighbours(z)) for z in graph.order}
        found = infer_move(expected, adjacency, state.active, before, after, label=words, names=names)
        if isinstance(found, Moved) and found.to_zone is not None:
            move = I.Move(found.piece, found.to_zone)
            if _legal(state, move):
                return move
        if isinstance(found, Ambiguous):
            choices = tuple(I.Move(m.piece, m.to_zone) for m in found.candidates if m.to_zone is not None)
            legal = tuple(m for m in choices if _legal(state, m))
            if len(legal) == 1:
                return legal[0]
            if legal:
                return Ask(found.question, legal)
    fix = first_fix(expected, after, label=words, names=names, order=(state.active, "babysitter"))
    return PutRight(fix) if fix is not None else None


def check(state: State, occupied: frozenset[str]) -> PutRight | None:
    """One fix, or None when the mat shows every miniature where the game has it."""
    fix = first_fix(expected_positions(state), occupied, label=zone_words(state), names=piece_names(state),
                    order=(state.active, "babysitter"))
    return PutRight(fix) if fix is not None else None
