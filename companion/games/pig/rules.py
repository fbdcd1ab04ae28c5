"""Pig's rules (rules.md beside this file): options, state, inputs and the validating reducer,
with the game protocol (companion/core/game.py).

Every sentence is made when it is shown, in the table's language then (the pack's catalog,
locale/ beside this file: docs/i18n.md): the state keeps what happened as `Said` facts, not
sentences, so a game started in English goes on in German. The seats' names ("Player 1") are
the game's ids in the journal; they are shown through the catalog too."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Union

from companion.core.errors import IllegalInput
from companion.core.game import NOBODY, Actor, GameRules, Observation, Result
from companion.core.options import check_holders, holders, number
from companion.core.rng import Rng
from companion.core.rulesver import RulesVersion, need_known
from companion.i18n import N_, pack_domain

RULES_VERSIONS = (RulesVersion(1, "Pig as in rules.md", frozenset({"players", "holders", "target"})),)
RULES_VERSION = RULES_VERSIONS[-1].number
FACES = 6
_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
ngettext = _DOMAIN.ngettext
SEAT_NAMES = (N_("Player 1"), N_("Player 2"), N_("Player 3"), N_("Player 4"))  # the seats' ids, shown through _()


@dataclass(frozen=True)
class Options:
    players: int = number(2, 2, 4, N_("Players"))  # rules.md 1
    holders: tuple[str, ...] = holders(("person", "normal"))
    target: int = number(100, 20, 200, N_("Points to win"), step=10)  # rules.md 5
    rules_version: int = RULES_VERSION


@dataclass(frozen=True)
class Said:
    """What happened, to be told in words when shown (`told`): `what` is one of "rolled",
    "device_rolled", "lost" (a 1 after `pot` points), "held" (`pot` banked: `score`), "won"."""

    what: str
    seat: int
    value: int = 0
    pot: int = 0
    score: int = 0


def who(seat: str) -> str:
    """A seat's name as the table reads it now ("Player 1", "Spieler 1")."""
    return _(seat)


def told_line(state_seats: tuple[str, ...], said: Said) -> str:
    """One fact in words, in the language of the moment."""
    name = who(state_seats[said.seat])
    if said.what == "device_rolled":
        line = _("The device rolled a {value} for {who}").format(value=said.value, who=name)
    elif said.what == "rolled":
        line = _("{who} rolled a {value}").format(who=name, value=said.value)
    elif said.what == "held":
        return ngettext("{who} holds {pot}: {score} point", "{who} holds {pot}: {score} points", said.score).format(
            who=name, pot=said.pot, score=said.score)
    elif said.what == "won":
        return _("{who} wins").format(who=name)
    else:
        raise ValueError(f"Pig: nothing is told as {said.what!r}")
    if said.value == 1 and said.pot:  # rules.md 3
        line = ngettext("{said}: the turn's {pot} point is lost", "{said}: the turn's {pot} points are lost",
                        said.pot).format(said=line, pot=said.pot)
    return line


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
    notices: tuple[Said, ...] = ()  # what the last input did, told when shown
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
    title = N_("Pig")  # a name: the same in German (its catalog says so)
    options_type = Options
    state_type = State
    input_type: Any = Input
    rules_versions = RULES_VERSIONS

    def setup(self, options: Options, seed: int) -> State:
        need_known(RULES_VERSIONS, options.rules_version, "Pig")
        if not 2 <= options.players <= 4:
            raise IllegalInput(_("Pig is for 2 to 4 players, not {n}").format(n=options.players))
        if not 20 <= options.target <= 200:
            raise IllegalInput(_("the target is 20 to 200 points, not {n}").format(n=options.target))
        check_holders(options.holders)
        seats = SEAT_NAMES[:options.players]
        return State(options, seats, (0,) * options.players, 0, 0, True, Rng.from_seed(seed), 1)

    def apply(self, state: State, inp: Input) -> State:
        if state.winner >= 0:
            raise IllegalInput(_("the game is over"))
        name = who(state.seats[state.turn])
        if state.rolling:
            if isinstance(inp, RollForMe):
                value, rng = state.rng.below(FACES)
                return self._rolled(replace(state, rng=rng), value + 1, "device_rolled")
            if isinstance(inp, Face) and 1 <= inp.value <= FACES:
                return self._rolled(state, inp.value, "rolled")
            raise IllegalInput(_("{who}'s die is to be rolled: enter what it shows (1 to {faces}), not {what}").format(
                who=name, faces=FACES, what=repr(inp)))
        if isinstance(inp, Roll):
            return replace(state, rolling=True, notices=())
        if isinstance(inp, Hold):  # rules.md 4, 5
            score = state.scores[state.turn] + state.pot
            scores = tuple(score if i == state.turn else s for i, s in enumerate(state.scores))
            said = Said("held", state.turn, pot=state.pot, score=score)
            if score >= state.options.target:
                return replace(state, scores=scores, pot=0, winner=state.turn,
                               notices=(said, Said("won", state.turn)))
            return self._next(replace(state, scores=scores), said)
        raise IllegalInput(_("{who} rolls again or holds, not {what}").format(who=name, what=repr(inp)))

    def _rolled(self, state: State, value: int, what: str) -> State:
        said = Said(what, state.turn, value=value, pot=state.pot if value == 1 else 0)
        if value == 1:  # rules.md 3
            return self._next(state, said)
        return replace(state, pot=state.pot + value, rolling=False, notices=(said,))

    @staticmethod
    def _next(state: State, said: Said) -> State:
        nxt = (state.turn + 1) % len(state.seats)
        return replace(state, turn=nxt, pot=0, rolling=True, round=state.round + (nxt == 0), notices=(said,))

    def label(self, state: State, inp: Input) -> str:
        """A button's caption: what the die shows, or the choice."""
        if isinstance(inp, Face):
            return str(inp.value)
        if isinstance(inp, RollForMe):
            return _("Roll for me")
        if isinstance(inp, Roll):
            return _("Roll again")
        return _("Hold {pot}").format(pot=state.pot)

    def told(self, before: State, inp: Input, after: State) -> str:
        """What happened, for the journal: what the die showed (the device's too), what a hold banked."""
        if isinstance(inp, Roll):
            return _("{who} rolls again").format(who=who(before.seats[before.turn]))
        return ". ".join(told_line(after.seats, s) for s in after.notices)

    def observe(self, state: State, seat: str) -> Observation:
        turn = state.seats[state.turn]
        name = who(turn)
        if state.winner >= 0:
            prompt = _("{who} wins").format(who=who(state.seats[state.winner]))
        elif state.rolling:
            prompt = _("{who}: roll the die and tap what it shows").format(who=name)
        else:
            prompt = _("{who}: {pot} this turn. Roll again or hold?").format(who=name, pot=state.pot)
        scores = ", ".join(f"{who(s)} {n}" for s, n in zip(state.seats, state.scores))
        return {"prompt": prompt, "notices": [*(told_line(state.seats, s) for s in state.notices),
                                              _("Scores: {scores}").format(scores=scores)],
                "scores": dict(zip(state.seats, state.scores)), "turn": turn, "pot": state.pot,
                "rolling": state.rolling, "target": state.options.target, "round": state.round,
                "status": _("Pig to {target} \u00b7 {who}'s turn").format(target=state.options.target, who=name)}

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
