"""The game protocol: what every game declares, so the shell is written once for all of them.

Learnt from OpenSpiel's state API and boardgame.io's flow. A game is a pure, validating reducer
over typed, frozen data, plus the questions a shell, an AI or a simulation asks of a position:

- who acts now (`to_act`): a seat, the whole table, chance, or nobody (the game is over);
- the legal inputs for a seat (`legal_inputs`);
- what a seat may know (`observe`) and a world consistent with it (`resample`);
- the chance outcomes of a pending chance event with their probabilities (`chance_outcomes`);
- the result of a finished game (`result`);
- what a screen the whole table sees may offer (`shared_inputs`, below).

The physical table is the truth: a chance event is always resolved by an input, which may carry
what the real die, coin or card showed. `chance_outcomes` lists exactly those inputs, so a
simulation or a search samples the same inputs a table would enter.

Nothing here imports a game: the registry (companion/core/packs.py) names packs as strings.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal, Mapping, Protocol, TypeVar, cast

from companion.core.rng import Rng

S = TypeVar("S")
I = TypeVar("I")
O = TypeVar("O")

# An observation is JSON-able data: what one seat may know, nothing more. Screens, sounds, the
# voice and the AI read it; equality of observations is the spoiler test's yardstick.
Observation = dict[str, Any]

ActorKind = Literal["seat", "table", "chance", "nobody"]


@dataclass(frozen=True)
class Actor:
    """Who the game waits for.

    kind "seat": one seat decides (`seat` names it). "table": anyone at the table may act (a
    physical event the device only records). "chance": a die, coin or card draw; `seat` names the
    person who rolls or draws at a real table ("" when the device is the roller). "nobody": over.
    """

    kind: ActorKind
    seat: str = ""

    @staticmethod
    def of(seat: str) -> "Actor":
        return Actor("seat", seat)


NOBODY = Actor("nobody")
TABLE = Actor("table")


@dataclass(frozen=True)
class Result:
    """How a finished game ended: the winning seats (empty: nobody won) and a score per seat.

    Scores are in [0, 1] for search and simulation: 1 a win, 0 a loss, fractions for shared or
    partial results. `reason` is a short word for statistics ("finale", "boy_lost", ...).
    """

    winners: tuple[str, ...]
    scores: Mapping[str, float] = field(default_factory=dict)
    reason: str = ""


class GameRules(Protocol[S, I, O]):
    """The rules object of a game pack (see companion/games/boogeyman/game.py, and the smallest
    example, tests/core/fixture_game.py).

    A rules class that names this protocol as its base (`class Pig(GameRules[State, Input,
    Options])`) gets the defaults below and leaves those members out: `view` is `observe`,
    `is_over` is "`result` is not None", `resample` redraws the future of the state's dice and
    decks (`redraw_dice`), and `told` is the input's caption (`label`)."""

    code: str
    title: str
    options_type: type[O]
    state_type: type[S]
    input_type: Any  # a Union of input dataclasses, each with a `kind` class attribute

    def setup(self, options: O, seed: int) -> S: ...

    def apply(self, state: S, inp: I) -> S:
        """The one way a game changes; raises IllegalInput and leaves `state` as it was."""
        ...

    def label(self, state: S, inp: I) -> str:
        """The input's caption before it is given (a button on the generic screen, a menu
        line): never a secret. By default (`told`) also what the journal says happened."""
        ...

    def is_over(self, state: S) -> bool:
        """The game has ended. Default: it has a `result`."""
        return self.result(state) is not None

    def seats(self, state: S) -> tuple[str, ...]:
        """The seats of this game, in table order (the seats an AI or a person can take)."""
        ...

    def to_act(self, state: S) -> Actor: ...

    def legal_inputs(self, state: S, seat: str) -> list[I]:
        """Every input `seat` may give now (for chance: the outcomes; for "table": the table's).
        It depends only on what `seat` may know.

        A game with hidden hands whose acting seat's list would show that hand (a card it holds)
        sets the class attribute `hidden_hands = True` and answers "table" at every step with
        the list the table's view allows (every card a hand could hold): the shared screens
        offer that one (`shared_inputs`), and `apply` refuses what the real hand cannot do."""
        ...

    def observe(self, state: S, seat: str) -> Observation:
        """What `seat` may know. Two states that differ only in what `seat` may not know give
        the same observation (tests/core/test_spoilers.py checks every registered pack)."""
        ...

    def resample(self, state: S, seat: str, rng: Rng) -> tuple[S, Rng]:
        """A world consistent with `seat`'s observation: every hidden part redrawn with `rng`,
        the game's own generator (future dice) reseeded from it. Depends only on
        `observe(state, seat)` and `rng`. Default (`redraw_dice`): for a game whose only hidden
        part is the future of its dice and decks."""
        return redraw_dice(state, rng)

    def chance_outcomes(self, state: S) -> list[tuple[I, float]]:
        """When chance acts: the inputs that resolve it, with probabilities summing to 1."""
        ...

    def result(self, state: S) -> Result | None:
        """None while the game goes on."""
        ...

    def view(self, state: S, seat: str) -> Observation:
        """The observation the screens read. Default: `observe` (the same for every game so far)."""
        return self.observe(state, seat)

    def told(self, before: S, inp: I, after: S) -> str:
        """What happened, after `apply` (the journal's line; see `told` below). Default: the
        input's caption, `label(before, inp)`."""
        return self.label(before, inp)

    def printed_names(self) -> frozenset[str]:
        """Names printed on the components the table owns (card titles, board spaces, characters),
        from the pack's data and the owner's box: shown as printed in every language, so the
        check for texts not from the catalogs (companion/ui/readability.py) leaves them out.
        Default: none."""
        return frozenset()


def redraw_dice(state: S, rng: Rng) -> tuple[S, Rng]:
    """The default `resample`, for a game whose only hidden part is the future of its dice and
    decks: every `Rng` field of the state (a frozen dataclass) reseeded from `rng`, in field
    order, then every `Deck` field's draw pile shuffled (what is in it stays; its order is the
    future). Whatever else the state holds is taken as known to every seat: a game with hands,
    hidden tokens or a deck a seat has peeked at writes its own `resample`."""
    from companion.core.deck import Deck

    values = [(f.name, getattr(state, f.name)) for f in dataclasses.fields(cast(Any, state))]
    changes: dict[str, Any] = {}
    for name, value in values:
        if isinstance(value, Rng):
            seed, rng = rng.next_u64()
            changes[name] = Rng.from_seed(seed)
    for name, value in values:
        if isinstance(value, Deck):
            pile, rng = rng.shuffled(value.draw_pile)
            changes[name] = Deck(value.name, pile, value.discard_pile)
    out: S = dataclasses.replace(cast(Any, state), **changes)
    return out, rng


def told(rules: GameRules[S, I, Any], before: S, inp: I, after: S) -> str:
    """What happened, in a public sentence, for the journal, the history and Undo's confirm:
    computed after `apply`, so it may say what a die the device rolled showed. The rules'
    optional `told(before, input, after)`; by default the input's caption, `label(before, input)`.
    Only the label is recorded: the journal's meaning is its inputs, so old journals replay
    whatever their labels say."""
    hook = getattr(rules, "told", None)
    if hook is None:
        return rules.label(before, inp)
    said: str = hook(before, inp, after)
    return said


def public_seed(rules: GameRules[S, Any, Any], state: S, seat: str) -> int:
    """A seed from what `seat` may know only: a decision seeded with it is the same after an
    Undo, and cannot leak what the seat may not know."""
    import hashlib
    import json

    seen = rules.observe(state, seat)
    seen.pop("notices", None)  # what the last input said is not part of the position
    digest = hashlib.sha256(json.dumps(seen, sort_keys=True, default=str).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def shared_inputs(rules: GameRules[S, I, Any], state: S) -> list[I]:
    """The inputs a screen the whole table sees offers now, in the game's order: the acting
    seat's own list, or the table's (`legal_inputs(state, "table")`) for a game that declares
    `hidden_hands`, so a shared screen never shows a hand by what it offers. Private screens
    (behind a cover) ask `legal_inputs` for the seat itself."""
    actor = rules.to_act(state)
    if actor.kind == "nobody":
        return []
    if getattr(rules, "hidden_hands", False):
        return list(rules.legal_inputs(state, "table"))
    return list(rules.legal_inputs(state, actor.seat or actor.kind))


def device_roll(rules: GameRules[S, I, Any], state: S) -> I | None:
    """The input that asks the device to roll (flip, draw) the pending chance step itself, with
    the state's `Rng`: the rules' optional `roll_for_me(state)` (None: no such input now). The
    device rolls only when asked: a seat it holds, the Roll button, or a tap on "roll for me"."""
    hook = getattr(rules, "roll_for_me", None)
    if hook is None or rules.to_act(state).kind != "chance":
        return None
    inp: I | None = hook(state)
    return inp


def sample_chance(outcomes: list[tuple[I, float]], rng: Rng) -> tuple[I, Rng]:
    """One chance outcome drawn with `rng` (probabilities need not be exact fractions)."""
    if not outcomes:
        raise ValueError("no chance outcomes to sample")
    total = sum(p for _, p in outcomes)
    v, rng = rng.below(1 << 53)
    x = v / float(1 << 53) * total
    acc = 0.0
    for inp, p in outcomes:
        acc += p
        if x < acc:
            return inp, rng
    return outcomes[-1][0], rng


def get_rules(code: str) -> GameRules[Any, Any, Any]:
    """The rules object of a registered game by its code (BGM, ...)."""
    from companion.core.packs import get_pack

    rules: GameRules[Any, Any, Any] = get_pack(code).rules
    return rules


def game_codes() -> tuple[str, ...]:
    from companion.core.packs import codes

    return codes()
