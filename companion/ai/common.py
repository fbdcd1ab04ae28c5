"""Small helpers the adversaries share: which Room tokens are usable, who can be reached."""

from __future__ import annotations

from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.rules import babysitter_graph
from companion.games.boogeyman.state import Child, State


def usable_room_tokens(state: State) -> list[str]:
    """'Any Room token placed on the Ladder cannot be used again until the entire Ladder is full'."""
    house = house_for(state.options.board)
    pool = set(state.reserve)
    if len(state.ladder) >= house.ladder_spaces:
        pool |= {t.room for t in state.ladder}
    return sorted(pool, key=lambda r: (len(r), r))


def awake_children(state: State) -> list[Child]:
    return [c for c in state.children if c.on_board and not c.passed_out]


def babysitter_distances(state: State) -> dict[str, int]:
    return babysitter_graph(state).distances(state.babysitter)
