"""Pig's rules (rules.md beside this file): options, state, inputs and the validating reducer,
with the game protocol (companion/core/game.py)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Union

from companion.core.errors import IllegalInput
from companion.core.game import NOBODY, Actor, GameRules, Observation, Result
from companion.core.options import check_holders, holders, number
from companion.core.rng import Rng
from companion.core.rulesver import RulesVersion, need_known

RULES_VERSIONS = (RulesVersion(1, "Pig as in rules.md", frozenset({"players", "holders", "target"})),)
RULES_VERSION = RULES_VERSIONS[-1].number
FACES = 6


@dataclass(frozen=True)
class Options:
    players: int = number(2, 2, 4, "Players")  # rules.md 1
    holders: tuple[str, ...] = holders(("person", "normal"))
    target: int = number(100, 20, 200, "Points to win", step=10)  # rules.md 5
    rules_version: int = RULES_VERSION


@dataclass(frozen=True)
class State:
    options: Options
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    turn: int  # whose turn: an index into seats
    pot: int  # the turn's sum so far
    rolling: bool  # the die is pending (chance); else the player chooses roll or hold
    rng: Rng  # the device's die
    round: int  # 1, 2, ...: every player's turn once
    notices: tuple[str, ...] = ()
    winner: int = -1


@dataclass(frozen=True)
class Face:
    """What the table's die showed."""

    kind: ClassVar[str] = "face"
    value: int


@dataclass(frozen=True)
class RollForMe:
    """The device rolls the die for the player (the state's generator)."""

    kind: ClassVar[str] = "roll_for_me"


@dataclass(frozen=True)
class Roll:
    """Roll again."""

    kind: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Hold:
    """Bank the turn's sum."""

    kind: ClassVar[str] = "hold"


Input = Union[Face, RollForMe, Roll, Hold]


class Pig(GameRules[State, Input, Options]):
    """The protocol's defaults serve: `view` is `observe`, `is_over` follows `result`, and
    `resample` redraws the dice to come (the game's only hidden part)."""

    code = "PIG"
    title = "Pig"
    options_type = Options
    state_type = State
    input_type: Any = Input
    rules_versions = RULES_VERSIONS

    def setup(self, options: Options, seed: int) -> State:
        need_known(RULES_VERSIONS, options.rules_version, "Pig")
        if not 2 <= options.players <= 4:
            raise IllegalInput(f"Pig is for 2 to 4 players, not {options.players}")
        if not 20 <= options.target <= 200:
            raise IllegalInput(f"the target is 20 to 200 points, not {options.target}")
        check_holders(options.holders)
        seats = tuple(f"Player {i + 1}" for i in range(options.players))
        return State(options, seats, (0,) * options.players, 0, 0, True, Rng.from_seed(seed), 1)

    def apply(self, state: State, inp: Input) -> State:
        if state.winner >= 0:
            raise IllegalInput("the game is over")
        who = state.seats[state.turn]
        if state.rolling:
            if isinstance(inp, RollForMe):
                value, rng = state.rng.below(FACES)
                return self._rolled(replace(state, rng=rng), value + 1, f"The device rolled a {value + 1} for {who}")
            if isinstance(inp, Face) and 1 <= inp.value <= FACES:
                return self._rolled(state, inp.value, f"{who} rolled a {inp.value}")
            raise IllegalInput(f"{who}'s die is to be rolled: enter what it shows (1 to {FACES}), not {inp!r}")
        if isinstance(inp, Roll):
            return replace(state, rolling=True, notices=())
        if isinstance(inp, Hold):  # rules.md 4, 5
            score = state.scores[state.turn] + state.pot
            scores = tuple(score if i == state.turn else s for i, s in enumerate(state.scores))
            said = f"{who} holds {state.pot}: {score} points"
            if score >= state.options.target:
                return replace(state, scores=scores, pot=0, winner=state.turn, notices=(said, f"{who} wins"))
            return self._next(replace(state, scores=scores), said)
        raise IllegalInput(f"{who} rolls again or holds, not {inp!r}")

    def _rolled(self, state: State, value: int, said: str) -> State:
        if value == 1:  # rules.md 3
            return self._next(state, f"{said}: the turn's {state.pot} points are lost" if state.pot else said)
        return replace(state, pot=state.pot + value, rolling=False, notices=(said,))

    @staticmethod
    def _next(state: State, said: str) -> State:
        nxt = (state.turn + 1) % len(state.seats)
        return replace(state, turn=nxt, pot=0, rolling=True, round=state.round + (nxt == 0), notices=(said,))

    def label(self, state: State, inp: Input) -> str:
        """A button's caption: what the die shows, or the choice."""
        if isinstance(inp, Face):
            return str(inp.value)
        if isinstance(inp, RollForMe):
            return "Roll for me"
        if isinstance(inp, Roll):
            return "Roll again"
        return f"Hold {state.pot}"

    def told(self, before: State, inp: Input, after: State) -> str:
        """What happened, for the journal: what the die showed (the device's too), what a hold banked."""
        if isinstance(inp, Roll):
            return f"{before.seats[before.turn]} rolls again"
        return ". ".join(after.notices)

    def observe(self, state: State, seat: str) -> Observation:
        who = state.seats[state.turn]
        if state.winner >= 0:
            prompt = f"{state.seats[state.winner]} wins"
        elif state.rolling:
            prompt = f"{who}: roll the die and tap what it shows"
        else:
            prompt = f"{who}: {state.pot} this turn. Roll again or hold?"
        scores = ", ".join(f"{s} {n}" for s, n in zip(state.seats, state.scores))
        return {"prompt": prompt, "notices": [*state.notices, f"Scores: {scores}"],
                "scores": dict(zip(state.seats, state.scores)), "turn": who, "pot": state.pot,
                "rolling": state.rolling, "target": state.options.target, "round": state.round,
                "status": f"Pig to {state.options.target} \u00b7 {who}'s turn"}

    def seats(self, state: State) -> tuple[str, ...]:
        return state.seats

    def to_act(self, state: State) -> Actor:
        if state.winner >= 0:
            return NOBODY
        who = state.seats[state.turn]
        return Actor("chance", who) if state.rolling else Actor.of(who)  # rules.md 6: the player rolls

    def legal_inputs(self, state: State, seat: str) -> list[Input]:
        if state.winner >= 0 or seat != state.seats[state.turn]:
            return []
        if state.rolling:
            return [*(Face(v) for v in range(1, FACES + 1)), RollForMe()]
        return [Roll(), Hold()]

    def roll_for_me(self, state: State) -> Input | None:
        return RollForMe() if state.rolling and state.winner < 0 else None

    def chance_outcomes(self, state: State) -> list[tuple[Input, float]]:
        return [(Face(v), 1 / FACES) for v in range(1, FACES + 1)] if state.rolling and state.winner < 0 else []

    def result(self, state: State) -> Result | None:
        if state.winner < 0:
            return None
        won = state.seats[state.winner]
        return Result((won,), {s: float(s == won) for s in state.seats}, "target")

    def spoiler_test_options(self) -> list[Options]:
        return [Options(), Options(players=4, holders=("hard", "person", "easy", "normal"), target=30)]


RULES = Pig()
