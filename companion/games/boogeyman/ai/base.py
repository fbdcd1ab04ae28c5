"""Which decisions are the Boogeyman player's: Room tokens, the Nightmare/Trouble/Event cards,
the Possessed Babysitter's path, hiding the Objectives in Competitive set-up. A policy never
reads `state.rng` (future dice) nor the Search tokens it did not place: it is handed an
InfoState (companion/ai/engine.py) and reads only the worlds it draws from it."""

from __future__ import annotations

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
    """A Boogeyman policy was asked while the first pending decision is not the Boogeyman's."""


def boogeyman_decision(state: State) -> BoogeymanDecision | None:
    """The Boogeyman player's decision the game waits for, if that is what it waits for."""
    if not state.pending:
        return None
    p: Pending = state.pending[0]
    if isinstance(p, (ChooseRoomTokens, ChooseCard, SteerBabysitter, HideTokens)):
        return p
    return None
