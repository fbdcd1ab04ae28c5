"""A small game with hidden hands, for the shell: each player holds one secret card (1 to 3) and
on their turn plays it (scoring its value, then drawing another) or passes; first to the target.

The acting seat's own list names its card (`Play(2)`, `Pass`), so a screen the whole table sees
must offer the table's list instead: every card a hand could hold (`hidden_hands = True`); the
reducer refuses a card the player does not hold. Registered in tests with
`companion.core.packs.register("HAND", "fixture_hand")`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Union

from companion.core.errors import IllegalInput
from companion.core.game import NOBODY, Actor, Observation, Result
from companion.core.packs import Pack
from companion.core.rng import Rng

CARDS = (1, 2, 3)


@dataclass(frozen=True)
class Options:
    players: tuple[str, ...] = ("Ann", "Bob")
    target: int = 8


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    target: int
    scores: tuple[int, ...]
    hands: tuple[int, ...]  # secret: each player sees only their own
    turn: int
    rng: Rng
    over: bool


@dataclass(frozen=True)
class Play:
    kind: ClassVar[str] = "play"
    card: int


@dataclass(frozen=True)
class Pass:
    kind: ClassVar[str] = "pass"


Input = Union[Play, Pass]


def _deal(rng: Rng) -> tuple[int, Rng]:
    i, rng = rng.below(len(CARDS))
    return CARDS[i], rng


class SecretCard:
    code = "HAND"
    title = "Secret card (test fixture)"
    options_type = Options
    state_type = State
    input_type: Any = Input
    hidden_hands = True  # the acting seat's list shows its card: shared screens offer the table's

    def setup(self, options: Options, seed: int) -> State:
        rng = Rng.from_seed(seed)
        hands = []
        for _ in options.players:
            card, rng = _deal(rng)
            hands.append(card)
        return State(options.players, options.target, (0,) * len(options.players), tuple(hands), 0, rng, False)

    def apply(self, state: State, inp: Input) -> State:
        if state.over:
            raise IllegalInput("the game is over")
        who, t = state.players[state.turn], state.turn
        scores, hands, rng = list(state.scores), list(state.hands), state.rng
        if isinstance(inp, Play):
            if inp.card != state.hands[t]:
                raise IllegalInput(f"{who} does not hold a {inp.card}")
            scores[t] += inp.card
            hands[t], rng = _deal(rng)
        elif not isinstance(inp, Pass):
            raise IllegalInput(f"unknown input {inp!r}")
        return replace(state, scores=tuple(scores), hands=tuple(hands), rng=rng,
                       turn=(t + 1) % len(state.players), over=scores[t] >= state.target)

    def label(self, state: State, inp: Input) -> str:
        who = state.players[state.turn]
        return f"{who} played a {inp.card}" if isinstance(inp, Play) else f"{who} passed"

    def observe(self, state: State, seat: str) -> Observation:
        who = state.players[state.turn]
        mine = state.hands[state.players.index(seat)] if seat in state.players else None
        return {"scores": dict(zip(state.players, state.scores)), "active": who, "hand": mine,
                "prompt": "The game is over" if state.over else f"{who}: play your card or pass",
                "notices": []}

    def view(self, state: State, seat: str) -> Observation:
        return self.observe(state, seat)

    def is_over(self, state: State) -> bool:
        return state.over

    def seats(self, state: State) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: State) -> Actor:
        return NOBODY if state.over else Actor.of(state.players[state.turn])

    def legal_inputs(self, state: State, seat: str) -> list[Input]:
        if state.over:
            return []
        if seat == "table":
            return [*(Play(c) for c in CARDS), Pass()]
        if seat != state.players[state.turn]:
            return []
        return [Play(state.hands[state.turn]), Pass()]

    def resample(self, state: State, seat: str, rng: Rng) -> tuple[State, Rng]:
        """Every hand but the seat's own redrawn, and the cards to come."""
        hands = list(state.hands)
        for i, p in enumerate(state.players):
            if p != seat:
                hands[i], rng = _deal(rng)
        seed, rng = rng.next_u64()
        return replace(state, hands=tuple(hands), rng=Rng.from_seed(seed)), rng

    def chance_outcomes(self, state: State) -> list[tuple[Input, float]]:
        return []

    def result(self, state: State) -> Result | None:
        if not state.over:
            return None
        best = max(state.scores)
        winners = tuple(p for p, s in zip(state.players, state.scores) if s == best)
        return Result(winners, {p: float(p in winners) for p in state.players}, "target")


RULES = SecretCard()

PACK = Pack(code="HAND", title="Secret card (test fixture)", short="Secret card", rules=RULES)
