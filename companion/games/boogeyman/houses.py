"""The house a game is played in, and its graphs for children and for the Babysitter (cached).

A game's `board` option is "" (the shipped Villa Spencer), a board file's path (games recorded
before the journal kept boards), or what `record_board` makes of either when a game begins: the
path ("" for the shipped one), a newline and the file's content. So editing or deleting the file later never changes a
game that is under way or in the journal.
"""

from __future__ import annotations

from functools import lru_cache

from companion.core.graph import Graph
from companion.games.boogeyman.house import House


def record_board(board: str) -> str:
    """The board option as the journal keeps it: the file's name ("" for the shipped Villa
    Spencer), a newline and its content. A recorded board is kept as it is."""
    from companion.core.datafile import record_file
    from companion.games.boogeyman.board_file import _WORDING, MAX_BOARD_BYTES, default_house_path, load_house_text

    return record_file(board, default_house_path(), load_house_text, MAX_BOARD_BYTES, _WORDING, game="BGM")


def board_name(board: str) -> str:
    """The board's file name for people ("" = the shipped one)."""
    return board.split("\n", 1)[0]


@lru_cache(maxsize=8)
def house_for(board: str) -> House:
    from companion.core.datafile import recorded_name
    from companion.games.boogeyman.board_file import default_house_path, load_house, load_house_text

    if "\n" in board:
        name, text = board.split("\n", 1)
        return load_house_text(text, recorded_name(name, default_house_path()))
    return load_house(board or default_house_path())


@lru_cache(maxsize=64)
def walk_graph(board: str, attic_unlocked: bool, trap_door: str, babysitter: bool) -> Graph:
    """Who can walk where: the Attic only once unlocked; the Trap Door only for children."""
    house = house_for(board)
    base = house.graph()
    closed = [] if attic_unlocked else [house.attic]
    extra = [(trap_door, house.secret_room)] if trap_door and not babysitter else []
    return base.with_edges(extra=extra, without=closed)
