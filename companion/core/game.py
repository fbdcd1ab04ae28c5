"""What every game module declares, and the registry that finds them by code.

A game is a pure reducer over typed data. The journal, replay, undo, the UI and the AI all
reach a game only through this protocol, so each of them is written once for every game.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol, TypeVar

S = TypeVar("S")
I = TypeVar("I", contravariant=True)  # inputs are only consumed
O = TypeVar("O")


class GameRules(Protocol[S, I, O]):
    """The module-level API of a game (see companion/games/boogeyman/game.py)."""

    code: str
    title: str
    options_type: type[O]
    state_type: type[S]
    input_type: Any  # a Union of input dataclasses, each with a `kind` class attribute

    def setup(self, options: O, seed: int) -> S: ...

    def apply(self, state: S, inp: I) -> S: ...

    def label(self, state: S, inp: I) -> str: ...

    def view(self, state: S, seat: str) -> dict[str, Any]: ...

    def is_over(self, state: S) -> bool: ...


_MODULES = {
    "BGM": "companion.games.boogeyman.game",
}


def game_codes() -> tuple[str, ...]:
    return tuple(sorted(_MODULES))


def get_rules(code: str) -> GameRules[Any, Any, Any]:
    """The rules object of a game by its code (BGM, ...)."""
    from companion.core.errors import IllegalInput

    try:
        name = _MODULES[code]
    except KeyError:
        raise IllegalInput(f"unknown game {code!r}; known games: {', '.join(game_codes())}") from None
    module = importlib.import_module(name)
    rules: GameRules[Any, Any, Any] = module.RULES
    return rules
