"""A small but real game for the journal/session tests: players race a counter to a target.

Has what the Session must cope with: a seeded Rng in the state (device die rolls), several input
kinds, illegal inputs, an end of game, and codec-relevant types (enum, tuple, frozenset, Optional).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Union

from companion.core.errors import IllegalInput
from companion.core.rng import Rng


class Phase(enum.Enum):
    PLAYING = "playing"
    OVER = "over"


@dataclass(frozen=True)
class Options:
    players: tuple[str, ...] = ("Ann", "Bob")
    target: int = 20


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    target: int
    scores: tuple[int, ...]
    turn: int
    rng: Rng
    phase: Phase
    last_roll: int | None
    passed: frozenset[str]


@dataclass(frozen=True)
class Roll:
    """The device rolls a die for the current player."""

    kind: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Add:
    """A player moves their counter by hand: 1 to 3."""

    kind: ClassVar[str] = "add"
    amount: int


@dataclass(frozen=True)
class Pass:
    kind: ClassVar[str] = "pass"


Input = Union[Roll, Add, Pass]


class DiceRace:
    code = "DICE"
    title = "Dice race (test fixture)"
    options_type = Options
    state_type = State
    input_type: Any = Input

    def setup(self, options: Options, seed: int) -> State:
        if len(options.players) < 1:
            raise IllegalInput("need at least one player")
        rng = Rng.from_seed(seed)
        first, rng = rng.below(len(options.players))
        return State(
            players=options.players,
            target=options.target,
            scores=(0,) * len(options.players),
            turn=first,
            rng=rng,
            phase=Phase.PLAYING,
            last_roll=None,
            passed=frozenset(),
        )

    def apply(self, state: State, inp: Input) -> State:
        if state.phase is Phase.OVER:
            raise IllegalInput("the game is over")
        who = state.players[state.turn]
        rng, roll = state.rng, state.last_roll
        passed = state.passed - {who}
        if isinstance(inp, Roll):
            roll, rng = rng.die()
            gain = roll
        elif isinstance(inp, Add):
            if not 1 <= inp.amount <= 3:
                raise IllegalInput(f"{who} may add 1 to 3, not {inp.amount}")
            gain = inp.amount
        elif isinstance(inp, Pass):
            if who in state.passed:
                raise IllegalInput(f"{who} passed last turn and must play")
            gain, passed = 0, state.passed | {who}
        else:
            raise IllegalInput(f"unknown input {inp!r}")
        scores = tuple(s + gain if i == state.turn else s for i, s in enumerate(state.scores))
        over = scores[state.turn] >= state.target
        return replace(
            state,
            scores=scores,
            turn=(state.turn + 1) % len(state.players),
            rng=rng,
            phase=Phase.OVER if over else Phase.PLAYING,
            last_roll=roll,
            passed=passed,
        )

    def label(self, state: State, inp: Input) -> str:
        who = state.players[state.turn]
        if isinstance(inp, Roll):
            return f"{who} rolled the die"
        if isinstance(inp, Add):
            return f"{who} added {inp.amount}"
        return f"{who} passed"

    def view(self, state: State, seat: str) -> dict[str, Any]:
        return {"scores": dict(zip(state.players, state.scores)), "you": seat}

    def is_over(self, state: State) -> bool:
        return state.phase is Phase.OVER


RULES = DiceRace()


def lookup(code: str) -> DiceRace:
    assert code == RULES.code, code
    return RULES
