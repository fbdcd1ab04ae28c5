"""No spoilers, in every registered game: two states that differ only in what a seat may not
know give that seat the same observation, the same legal inputs and labels, and the same worlds;
and two states that differ only in what the table may not know put the same screen and status
line in front of it (the game's UI, asked as the app's controller asks it).

What a shared screen offers (`shared_inputs`) is part of what the table sees: checked for a game
declaring hidden hands and for one shown on the generic screen.

The twin of a state is a world `resample` draws for the seat: by the protocol it differs from
the state only in what the seat may not know."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from companion.core import packs
from companion.core.errors import IllegalInput
from companion.core.game import GameRules, get_rules, shared_inputs, told
from companion.core.rng import Rng
from companion.ui.packui import ui_for

sys.path.insert(0, str(Path(__file__).parent))
from random_play import random_states  # noqa: E402


def _codes() -> list[str]:
    return list(packs.codes()) + ["DICE", "HAND"]


@pytest.fixture(autouse=True, scope="module")
def _fixture_pack() -> Any:
    packs.register("DICE", "fixture_game")
    packs.register("HAND", "fixture_hand")  # hidden hands: the shared screen offers the table's list
    yield
    packs.unregister("DICE")
    packs.unregister("HAND")


def _options(code: str) -> list[Any]:
    """A few set-ups per game: every Boogeyman mode, otherwise the default options."""
    rules = get_rules(code)
    if code == "BGM":
        from companion.games.boogeyman.state import Mode, Options

        return [Options(mode=m, children=("mike", "daphne", "ray")) for m in Mode]
    sample = getattr(rules, "spoiler_test_options", None)  # a pack may offer varied set-ups
    return list(sample()) if sample is not None else [rules.options_type()]


class _Seen:
    """What a game's UI reads from the app's controller, for one state (no journal, no Kivy)."""

    def __init__(self, rules: Any, state: Any) -> None:
        self.rules, self.state = rules, state
        self.session = type("S", (), {"finished": rules.is_over(state), "state": state, "rules": rules})()

    def pending(self) -> Any:
        pending = getattr(self.state, "pending", ())
        return pending[0] if pending else None

    def view(self, seat: str = "table") -> Any:
        return self.rules.observe(self.state, seat)

    def actor(self) -> Any:
        return self.rules.to_act(self.state)

    def legal(self) -> list[Any]:
        return shared_inputs(self.rules, self.state)


def _screen(ui: Any, rules: Any, state: Any) -> tuple[str, str]:
    seen = _Seen(rules, state)
    return ui.pending_screen(seen), ui.status(seen.view())


@pytest.mark.parametrize("code", _codes())
def test_what_a_seat_may_not_know_changes_nothing_it_sees(code: str) -> None:
    rules = get_rules(code)
    ui = ui_for(packs.get_pack(code))
    # Whose choices a shared screen shows: every seat's on the generic screen (a pack with no
    # screens of its own); a game with hidden hands offers the table's list on all of its own.
    shared = getattr(rules, "hidden_hands", False) or not packs.get_pack(code).has("ui")
    checked = differed = told_same = 0
    own_told = getattr(type(rules), "told", None) not in (None, GameRules.told)  # not the caption
    games = [(options, 100 + 10 * k + j) for k, options in enumerate(_options(code)) for j in range(3)]
    for options, seed in games:
        for i, state in enumerate(random_states(rules, options, seed, 250)):
            if i % 7:
                continue
            for seat in rules.seats(state) + ("table",):
                twin, _ = rules.resample(state, seat, Rng.from_seed(i * 31 + 7))
                differed += twin != state
                assert rules.observe(twin, seat) == rules.observe(state, seat), (code, seat, i)
                legal = rules.legal_inputs(state, seat)
                assert rules.legal_inputs(twin, seat) == legal, (code, seat, i)
                assert [rules.label(twin, x) for x in legal] == [rules.label(state, x) for x in legal]
                # The worlds a seat can imagine depend on its observation only.
                a, _ = rules.resample(state, seat, Rng.from_seed(5))
                b, _ = rules.resample(twin, seat, Rng.from_seed(5))
                assert a == b, (code, seat, i)
                if seat == "table":  # one screen for everybody at the table
                    assert _screen(ui, rules, twin) == _screen(ui, rules, state), (code, i)
                    if shared:  # and the choices a shared screen shows are the same
                        offered = shared_inputs(rules, state)
                        assert shared_inputs(rules, twin) == offered, (code, i)
                        assert [rules.label(twin, x) for x in offered] == [rules.label(state, x) for x in offered]
                    if own_told:  # what happened says no more than the table then sees
                        told_same += _told_the_same(rules, state, twin)
                checked += 1
    assert checked > 20 and (told_same > 0 or not own_told)
    assert differed > 0  # the twins really differed: every game hides something (future dice at least)


def _told_the_same(rules: Any, state: Any, twin: Any) -> int:
    """A pack's `told(before, input, after)`, for two states the table cannot tell apart: the same
    sentence whenever the states after the input look the same to the table (a die the device
    rolled may say what it showed: the table sees that). How many inputs were compared."""
    compared = 0
    for x in shared_inputs(rules, state):
        try:
            after, twin_after = rules.apply(state, x), rules.apply(twin, x)
        except IllegalInput:
            continue
        if rules.observe(after, "table") == rules.observe(twin_after, "table"):
            assert told(rules, twin, x, twin_after) == told(rules, state, x, after), (rules.code, x)
            compared += 1
    return compared


FAIR_GAMES = ("BGM", "BIN", "GSB")  # every seat the device holds as an adversary has the fair levels


@pytest.mark.parametrize("code", FAIR_GAMES)
def test_the_fair_level_decides_from_its_seats_observation_alone(code: str) -> None:
    """The fair level (companion/ai/fair.py) estimates the table's chance and picks its input
    from the seat's observation only: the state and a world drawn for the seat (differing in
    what the seat may not know: hidden tokens, the others' hands, future dice) get the same
    answer and the same estimate; and asked again at the same position (an Undo) it answers
    the same."""
    from companion.ai.engine import InfoState, level_names, make_policy

    rules = get_rules(code)
    assert {"fair", "fair-gentle", "fair-tough"} <= set(level_names(code))
    options = _options(code)
    if code == "BGM":  # the device holds the Boogeyman only when a player runs it: Competitive
        from companion.games.boogeyman.state import Mode

        options = [o for o in options if o.mode is Mode.COMPETITIVE]
    checked = 0
    for seed in (101, 102, 103):
        for i, state in enumerate(random_states(rules, options[0], seed, 120)):
            actor = rules.to_act(state)
            if actor.kind != "seat" or not actor.seat or i % 3:
                continue
            if code == "BGM" and actor.seat != "boogeyman":
                continue
            twin, _ = rules.resample(state, actor.seat, Rng.from_seed(i * 17 + 3))
            answers = []
            for s in (state, twin, state):
                policy = make_policy(code, "fair", seed=9)
                answers.append(policy.decide(InfoState(rules, s, actor.seat)))
                answers.append([(p.when, round(p.chance, 9), round(p.ease, 9)) for p in policy.pushes])
            assert answers[0] == answers[2] == answers[4], (code, i)  # the twin, and again (Undo)
            assert answers[1] == answers[3] == answers[5], (code, i)
            checked += 1
            if checked >= 6:
                return
    assert checked >= 3, code
