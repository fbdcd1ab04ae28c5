"""A die race for the generic screen's tests: the real die is the truth.

Each turn the player rolls the table's die and taps what it shows (one button per face), or asks
the device to roll for them: `faces` + 1 choices, seven for a six-sided die. First to `target`
wins. The smallest pack with a die a person rolls (a chance step named for its roller); no
screens, no policies. Registered in tests with `companion.core.packs.register("DIE", "fixture_die")`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Union

from companion.core.errors import IllegalInput
from companion.core.game import NOBODY, Actor, Observation, Result
from companion.core.packs import Pack
from companion.core.rng import Rng


@dataclass(frozen=True)
class Options:
    players: tuple[str, ...] = ("Ann", "Bob")
    faces: int = 6
    target: int = 30


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    faces: int
    target: int
    scores: tuple[int, ...]
    turn: int
    rng: Rng
    over: bool


@dataclass(frozen=True)
class Face:
    """What the table's die showed."""

    kind: ClassVar[str] = "face"
    value: int


@dataclass(frozen=True)
class RollForMe:
    """The device rolls the die instead."""

    kind: ClassVar[str] = "roll_for_me"


Input = Union[Face, RollForMe]


class DieRace:
    code = "DIE"
    title = "Die race (test fixture)"
    options_type: Any = Options
    state_type = State
    input_type: Any = Input

    def setup(self, options: Options, seed: int) -> State:
        if not options.players or options.faces < 2:
            raise IllegalInput("need a player and a die of two faces or more")
        n = len(options.players)
        return State(options.players, options.faces, options.target, (0,) * n, 0, Rng.from_seed(seed), False)

    def apply(self, state: State, inp: Input) -> State:
        if state.over:
            raise IllegalInput("the game is over")
        rng = state.rng
        if isinstance(inp, RollForMe):
            value, rng = rng.below(state.faces)
            value += 1
        elif isinstance(inp, Face) and 1 <= inp.value <= state.faces:
            value = inp.value
        else:
            raise IllegalInput(f"a {state.faces}-sided die cannot show {inp!r}")
        scores = tuple(s + value if i == state.turn else s for i, s in enumerate(state.scores))
        return replace(state, scores=scores, turn=(state.turn + 1) % len(state.players), rng=rng,
                       over=scores[state.turn] >= state.target)

    def label(self, state: State, inp: Input) -> str:
        who = state.players[state.turn]
        return f"Roll the die for {who}" if isinstance(inp, RollForMe) else f"{who} rolled a {inp.value}"

    def view(self, state: State, seat: str) -> Observation:
        who = state.players[state.turn]
        prompt = "The race is over" if state.over else f"{who}: roll the die and tap what it shows"
        return {"scores": dict(zip(state.players, state.scores)), "prompt": prompt, "notices": []}

    def observe(self, state: State, seat: str) -> Observation:
        return self.view(state, seat)

    def is_over(self, state: State) -> bool:
        return state.over

    def seats(self, state: State) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: State) -> Actor:
        return NOBODY if state.over else Actor("chance", state.players[state.turn])

    def legal_inputs(self, state: State, seat: str) -> list[Input]:
        if self.to_act(state).seat != seat:
            return []
        return [*(Face(v) for v in range(1, state.faces + 1)), RollForMe()]

    def resample(self, state: State, seat: str, rng: Rng) -> tuple[State, Rng]:
        seed, rng = rng.next_u64()
        return replace(state, rng=Rng.from_seed(seed)), rng

    def chance_outcomes(self, state: State) -> list[tuple[Input, float]]:
        return [(Face(v), 1 / state.faces) for v in range(1, state.faces + 1)]

    def result(self, state: State) -> Result | None:
        if not state.over:
            return None
        best = max(state.scores)
        winners = tuple(p for p, s in zip(state.players, state.scores) if s == best)
        return Result(winners, {p: float(p in winners) for p in state.players}, "target")


RULES = DieRace()

PACK = Pack(code="DIE", title="Die race (test fixture)", short="Die race", rules=RULES)
