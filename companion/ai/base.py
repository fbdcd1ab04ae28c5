"""What every adversary is: given a state whose first pending decision is the Boogeyman's, the input.

The app consults `decide` for every Boogeyman decision (Room tokens, Nightmare/Trouble/Event
cards, the Possessed Babysitter's path, hiding the Objectives in Competitive set-up). An
adversary keeps its own seeded generator: it never reads `state.rng` (future dice) nor the
Search tokens it did not place (see infoset.py).
"""

from __future__ import annotations

from typing import Protocol

from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.state import (
    ChooseCard,
    ChooseRoomTokens,
    HideTokens,
    Pending,
    State,
    SteerBabysitter,
)

BoogeymanDecision = ChooseRoomTokens | ChooseCard | SteerBabysitter | HideTokens
BOOGEYMAN_DECISIONS: tuple[type, ...] = (ChooseRoomTokens, ChooseCard, SteerBabysitter, HideTokens)


class NotBoogeymansDecision(ValueError):
    """`decide` was called while the first pending decision is not the Boogeyman's."""


def boogeyman_decision(state: State) -> BoogeymanDecision | None:
    """The Boogeyman player's decision the game waits for, if that is what it waits for."""
    if not state.pending:
        return None
    p: Pending = state.pending[0]
    if isinstance(p, (ChooseRoomTokens, ChooseCard, SteerBabysitter, HideTokens)):
        return p
    return None


class Adversary(Protocol):
    """The Boogeyman player's seat. `deadline` is a time.perf_counter() value or None (no limit:
    only the iteration budget applies, which keeps simulations deterministic)."""

    name: str

    def decide(self, state: State, deadline: float | None = None) -> I.Input:
        ...
