"""The house a game is played in, and its graphs for children and for the Babysitter (cached).

A game's `board` option is "" (the shipped Villa Spencer), a board file's path (games recorded
before the journal kept boards), or what `record_board` makes of a path when a game begins: the
path, a newline and the file's content. So editing or deleting the file later never changes a
game that is under way or in the journal.
"""

from __future__ import annotations

from functools import lru_cache

from companion.core.errors import BoardFileError
from companion.core.graph import Graph
from companion.games.boogeyman.house import House


def record_board(board: str) -> str:
    """The board option as the journal keeps it: a file's path becomes its path and content."""
    from companion.core.files import read_bounded
    from companion.games.boogeyman.board_file import MAX_BOARD_BYTES, load_house_text

    if not board or "\n" in board:
        return board
    try:
        raw = read_bounded(board, MAX_BOARD_BYTES)
    except OSError as exc:
        raise BoardFileError(board, None, f"cannot read the board file: {exc.strerror or exc}") from exc
    load_house_text(raw, board)  # a bad file is refused now, before the game begins
    return f"{board}\n{raw.decode('utf-8')}"


def board_name(board: str) -> str:
    """The board's file name for people ("" = the shipped one)."""
    return board.split("\n", 1)[0]


@lru_cache(maxsize=8)
def house_for(board: str) -> House:
    from companion.games.boogeyman.board_file import default_house_path, load_house, load_house_text

    if "\n" in board:
        name, text = board.split("\n", 1)
        return load_house_text(text, f"{name} (as recorded when the game began)")
    return load_house(board or default_house_path())


@lru_cache(maxsize=64)
def walk_graph(board: str, attic_unlocked: bool, trap_door: str, babysitter: bool) -> Graph:
    """Who can walk where: the Attic only once unlocked; the Trap Door only for children."""
    house = house_for(board)
    base = house.graph()
    closed = [] if attic_unlocked else [house.attic]
    extra = [(trap_door, house.secret_room)] if trap_door and not babysitter else []
    return base.with_edges(extra=extra, without=closed)
