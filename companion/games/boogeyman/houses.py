"""The house a game is played in, and its graphs for children and for the Babysitter (cached)."""

from __future__ import annotations

from functools import lru_cache

from companion.core.graph import Graph
from companion.games.boogeyman.house import House


@lru_cache(maxsize=8)
def house_for(board: str) -> House:
    from companion.games.boogeyman.board_file import default_house_path, load_house

    return load_house(board or default_house_path())


@lru_cache(maxsize=64)
def walk_graph(board: str, attic_unlocked: bool, trap_door: str, babysitter: bool) -> Graph:
    """Who can walk where: the Attic only once unlocked; the Trap Door only for children."""
    house = house_for(board)
    base = house.graph()
    closed = [] if attic_unlocked else [house.attic]
    extra = [(trap_door, house.secret_room)] if trap_door and not babysitter else []
    return base.with_edges(extra=extra, without=closed)
