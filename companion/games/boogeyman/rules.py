"""The Boogeyman reducer: `apply(state, input) -> state`, validating first, pure, deterministic.

Section names in comments are the rulebook's (shared/seeds/000_2850ad6adba777bb.txt).
"""

from __future__ import annotations

from typing import Callable

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.actions import (
    apply_effects_input,
    break_lock,
    card_drawn,
    choose_card,
    end_turn,
    flip_switch,
    hide_tokens,
    move,
    place_figure,
    place_room_tokens,
    play_card,
    revive,
    roll_die,
    search,
    spend_candy,
    steer,
    use_key,
)
from companion.games.boogeyman.common import (  # the public API, with apply
    DECK_NAMES,
    babysitter_graph,
    child_graph,
    describe_pending,
    title,
    zone_name,
)
from companion.games.boogeyman.finale import (
    finale_outcome,
    mission_complete,
    start_finale,
)
from companion.games.boogeyman.rounds import settle
from companion.games.boogeyman.state import Phase, State

__all__ = ["apply", "DECK_NAMES", "babysitter_graph", "child_graph", "describe_pending", "title", "zone_name"]


_HANDLERS: dict[type, Callable[[State, object], State]] = {}


def _on(tp: type, fn: Callable[[State, object], State]) -> None:
    _HANDLERS[tp] = fn


for _tp, _fn in (
    (I.Move, move), (I.Search, search), (I.FlipSwitch, flip_switch), (I.BreakLock, break_lock),
    (I.UseKey, use_key), (I.Revive, revive), (I.RollDie, roll_die), (I.SpendCandy, spend_candy),
    (I.CardDrawn, card_drawn), (I.PlayCard, play_card), (I.ApplyEffects, apply_effects_input),
    (I.PlaceFigure, place_figure), (I.EndTurn, end_turn), (I.PlaceRoomTokens, place_room_tokens),
    (I.ChooseCardInput, choose_card), (I.SteerBabysitterInput, steer), (I.HideTokensInput, hide_tokens),
    (I.MissionComplete, mission_complete), (I.StartFinale, start_finale), (I.FinaleOutcome, finale_outcome),
):
    _on(_tp, _fn)  # type: ignore[arg-type]


def apply(state: State, inp: I.Input) -> State:
    """The one way a Boogeyman game changes. Raises IllegalInput and leaves `state` as it was."""
    handler = _HANDLERS.get(type(inp))
    if handler is None:
        raise IllegalInput(f"not a Boogeyman input: {inp!r}")
    if state.phase == Phase.OVER:
        raise IllegalInput("the game is over")
    s = handler(evolve(state, notices=()), inp)
    return settle(s)
