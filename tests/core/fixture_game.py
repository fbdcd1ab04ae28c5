"""A small but real game for the journal/session tests: players race a counter to a target.

Has what the Session must cope with: a seeded Rng in the state (device die rolls), several input
kinds, illegal inputs, an end of game, and codec-relevant types (enum, tuple, frozenset, Optional).

It is also the smallest complete game pack (docs/architecture.md, "How to add a game"): the whole
protocol, the AI's policies and PACK, all in this one module, so the shell - journal, undo,
resume, simulation, search and the app's generic screen - can be tested on a game it has never
heard of. Registered in tests with `companion.core.packs.register("DICE", "fixture_game")`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Union

from companion.ai.engine import Budget
from companion.core.errors import IllegalInput
from companion.core.game import NOBODY, Actor, GameRules, Observation, Result
from companion.core.packs import Pack
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


class DiceRace(GameRules[State, Input, Options]):
    """The protocol's defaults (core/game.py) give `view`, `is_over` and `resample` (its only
    hidden part is the die to come)."""

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

    def observe(self, state: State, seat: str) -> Observation:
        who = state.players[state.turn]
        prompt = "The race is over" if state.phase is Phase.OVER else f"{who}: roll, add 1 to 3, or pass"
        return {"scores": dict(zip(state.players, state.scores)), "you": seat, "prompt": prompt,
                "active": who, "last_roll": state.last_roll, "passed": sorted(state.passed), "notices": []}

    # -- the rest of the protocol: who acts, legal inputs, worlds, chance, the result
    def seats(self, state: State) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: State) -> Actor:
        return NOBODY if state.phase is Phase.OVER else Actor.of(state.players[state.turn])

    def legal_inputs(self, state: State, seat: str) -> list[Input]:
        if self.to_act(state).seat != seat:
            return []
        out: list[Input] = [Roll(), Add(1), Add(2), Add(3)]
        if seat not in state.passed:
            out.append(Pass())
        return out

    def chance_outcomes(self, state: State) -> list[tuple[Input, float]]:
        return []  # the device's die is rolled inside the reducer; nothing waits for chance

    def result(self, state: State) -> Result | None:
        if state.phase is not Phase.OVER:
            return None
        best = max(state.scores)
        winners = tuple(p for p, sc in zip(state.players, state.scores) if sc == best)
        return Result(winners, {p: (1.0 if p in winners else 0.0) for p in state.players}, "target")


RULES = DiceRace()


class Policies:
    """The AI's part: a rollout policy, an evaluation, the levels."""

    levels = {"easy": Budget(iterations=8, depth=30), "normal": Budget(iterations=40, depth=60),
              "hard": Budget(iterations=160, depth=80)}

    def rollout(self, state: State, rng: Rng) -> tuple[Input, Rng]:
        pick, rng = rng.below(4)
        return (Roll(), Add(1), Add(2), Add(3))[pick], rng

    def evaluate(self, state: State, seat: str) -> float:
        mine = state.scores[state.players.index(seat)]
        return min(1.0, mine / max(1, state.target))


POLICIES = Policies()

PACK = Pack(rules=RULES, short="Dice race", policies=__name__)


def lookup(code: str) -> DiceRace:
    assert code == RULES.code, code
    return RULES
