"""Small helpers the adversaries share: which Room tokens are usable, who can be reached."""

from __future__ import annotations

from companion.games.boogeyman.rules import babysitter_graph
from companion.games.boogeyman import rounds
from companion.games.boogeyman.rounds import tokens_per_turn
from companion.games.boogeyman.state import Child, ChooseRoomTokens, State


def usable_room_tokens(state: State) -> list[str]:
    """'Any Room token placed on the Ladder cannot be used again until the entire Ladder is full'."""
    p = state.pending[0] if state.pending else None
    count = p.count if isinstance(p, ChooseRoomTokens) else tokens_per_turn(state)
    return sorted(set(rounds.usable_room_tokens(state, count)), key=lambda r: (len(r), r))


def awake_children(state: State) -> list[Child]:
    return [c for c in state.children if c.on_board and not c.passed_out]


def babysitter_distances(state: State) -> dict[str, int]:
    return babysitter_graph(state).distances(state.babysitter)
