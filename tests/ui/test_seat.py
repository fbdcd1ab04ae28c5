"""The device's Boogeyman seat without Kivy: who answers, once per state, stale answers dropped."""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Any, Callable

import pytest

from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.state import ChooseRoomTokens, Mode, Options, State
from companion.core.game import public_seed
from companion.ui.seat import DeviceSeat


def seat(current: list[State], submitted: list[Any], errors: list[str]) -> tuple[DeviceSeat, threading.Event]:
    done = threading.Event()
    work: list[Callable[[], None]] = []

    def schedule(fn: Callable[[], None]) -> None:
        work.append(fn)
        fn()
        done.set()

    s = DeviceSeat(schedule, lambda: current[0], lambda i: submitted.append(i) or True, errors.append, lambda: RULES)
    return s, done


def competitive(device: bool = True) -> State:
    return RULES.setup(Options(mode=Mode.COMPETITIVE, children=("peter", "leila"), device_boogeyman=device), 5)


def test_the_device_answers_its_decision_once() -> None:
    state = competitive()
    current, submitted, errors = [state], [], []
    s, done = seat(current, submitted, errors)
    s.level = "normal"
    assert s.think(state) and s.think(state)  # asked twice: one decision
    assert done.wait(5)
    s.close()
    assert len(submitted) == 1 and isinstance(submitted[0], I.HideTokensInput) and not errors
    RULES.apply(state, submitted[0])  # a legal choice


@pytest.mark.parametrize("level", ["hard", "fair"])
def test_back_at_a_state_it_answered_the_device_decides_again(level: str) -> None:
    """An Undo hands back the very state object the device answered: it decides there again, the
    same answer (it once remembered the object for good and never answered again); at the fair
    level too (its estimate of the table's chance is seeded from the observation as well)."""
    state = competitive()
    current: list[Any] = [state]
    submitted: list[Any] = []

    def submit(inp: Any) -> bool:
        submitted.append(inp)
        current[0] = RULES.apply(current[0], inp)  # the game moves on, as the app's does
        return True

    answered = threading.Event()
    s = DeviceSeat(lambda fn: (fn(), answered.set()), lambda: current[0], submit, lambda m: None, lambda: RULES)
    s.level = level
    assert s.think(state) and answered.wait(5) and len(submitted) == 1
    current[0] = state  # Undo: the same object again
    answered.clear()
    assert s.think(state) and answered.wait(5)
    s.close()
    assert len(submitted) == 2 and submitted[0] == submitted[1]


def test_a_refused_answer_is_not_asked_again_and_again() -> None:
    state = competitive()
    current, errors = [state], []
    calls: list[Any] = []
    answered = threading.Event()
    def refuse(inp: Any) -> bool:  # e.g. a full disk: the game stays where it was
        calls.append(inp)
        return False

    s = DeviceSeat(lambda fn: (fn(), answered.set()), lambda: current[0], refuse, errors.append, lambda: RULES)
    assert s.think(state) and answered.wait(5)
    answered.clear()
    assert s.think(state)  # still this state, its answer refused: no second search
    assert not answered.wait(0.5)
    s.close()
    assert len(calls) == 1


def test_a_person_in_the_seat_or_a_coop_game_is_not_the_devices() -> None:
    current, submitted, errors = [competitive(device=False)], [], []
    s, _ = seat(current, submitted, errors)
    s.level = "hard"
    assert not s.think(current[0])
    s.level = "hard"
    assert not s.think(RULES.setup(Options(children=("mike",)), 1))
    s.close()


def test_an_answer_for_a_state_the_game_left_is_dropped() -> None:
    state = competitive()
    current, submitted, errors = [state], [], []
    s, done = seat(current, submitted, errors)
    current[0] = competitive()  # an Undo or a new game: another state
    assert s.think(state)
    assert done.wait(5)
    s.close()
    assert submitted == []


def test_the_seed_comes_from_what_the_table_sees() -> None:
    from dataclasses import replace

    state = competitive()
    hidden = replace(state, rng=replace(state.rng, state=state.rng.state ^ 0xFFFF))
    assert public_seed(RULES, state, "boogeyman") == public_seed(RULES, hidden, "boogeyman")
    assert public_seed(RULES, state, "boogeyman") != public_seed(RULES, replace(state, stress_babysitter=1), "boogeyman")


def test_the_device_holds_several_seats_of_any_game_each_at_its_level() -> None:
    """The fixture game, which the shell knows only by its pack: the device holds both chairs."""
    import sys
    from pathlib import Path

    from companion.core import packs
    from companion.core.game import get_rules

    sys.path.insert(0, str(Path(__file__).parents[1] / "core"))
    packs.register("DICE", "fixture_game")
    try:
        rules = get_rules("DICE")
        state = rules.setup(rules.options_type(), 3)
        current: list[Any] = [state]
        played: list[tuple[str, Any]] = []
        answered = threading.Event()

        def submit(inp: Any) -> bool:
            played.append((rules.to_act(current[0]).seat, inp))
            current[0] = rules.apply(current[0], inp)
            answered.set()
            return True

        s = DeviceSeat(lambda fn: fn(), lambda: current[0], submit, lambda m: None, lambda: rules)
        s.level = "person"
        s.levels = {"Ann": "easy", "Bob": "hard"}
        assert s.level_of("Ann") == "easy" and s.level_of("Bob") == "hard" and s.level_of("Cy") == "person"
        moves = 0
        while not rules.is_over(current[0]) and moves < 60:
            answered.clear()
            assert s.think(current[0])
            assert answered.wait(5)
            moves += 1
        s.levels = {"Ann": "person", "Bob": "hard"}  # a person takes Ann's chair back
        starts = [rules.setup(rules.options_type(), seed) for seed in range(8)]
        assert {rules.to_act(st).seat for st in starts} == {"Ann", "Bob"}
        assert all(s.plays(st) == (rules.to_act(st).seat == "Bob") for st in starts)
        s.close()
        assert rules.is_over(current[0]) and {who for who, _ in played} == {"Ann", "Bob"}
    finally:
        packs.unregister("DICE")


def test_a_busy_machine_gets_the_same_answer_as_an_idle_one(monkeypatch: Any) -> None:
    # Iterations bind, not the clock: with a clock that jumps a second at every look (a loaded
    # machine), the device's Hard choice is the one the unhurried search makes, so an Undo gets it again
    from companion.ai import engine
    from companion.ai.engine import InfoState, make_policy

    from companion.games.boogeyman.sim.model import Config, play_game

    found: list[State] = []  # a decision Hard searches for (where its rooms' tokens go)
    play_game(Config("competitive", "hard"), 2,
              on_decision=lambda st, _i: found.append(st) if isinstance(st.pending[0], ChooseRoomTokens) else None)
    state = replace(found[0], options=replace(found[0].options, device_boogeyman=True))
    idle = make_policy(RULES.code, "hard", seed=0).decide(InfoState(RULES, state, "boogeyman"), None)
    hurried = make_policy(RULES.code, "hard", seed=0).decide(InfoState(RULES, state, "boogeyman"), 0.0)
    assert hurried != idle  # a search cut short answers otherwise: the cap would matter
    ticks = iter(range(10**9))
    monkeypatch.setattr(engine.time, "perf_counter", lambda: float(next(ticks)))
    current, submitted, errors = [state], [], []
    s, done = seat(current, submitted, errors)
    s.level = "hard"
    assert s.think(state)
    assert done.wait(10)
    s.close()
    assert submitted == [idle] and not errors


def test_a_seat_the_device_holds_rolls_its_own_die_and_a_persons_die_is_left_to_the_table() -> None:
    """A chance step named for a seat (Pig: the player rolls): the device rolls it with the game's
    own generator ("roll for me") when it holds that seat, and never for a person's seat."""
    from companion.games.pig.rules import RULES as PIG
    from companion.games.pig.rules import Face, Options as PigOptions, RollForMe

    state = PIG.setup(PigOptions(), 1)  # Player 1's die is pending
    submitted: list[Any] = []
    answered = threading.Event()
    s = DeviceSeat(lambda fn: (fn(), answered.set()), lambda: state, lambda i: submitted.append(i) or True,
                   lambda m: None, lambda: PIG)
    s.level, s.levels = "person", {"Player 2": "easy"}
    assert not s.plays(state) and not s.think(state)  # a person's die: the table rolls it
    s.levels = {"Player 1": "easy"}
    assert s.plays(state) and s.think(state) and answered.wait(5)
    assert submitted == [RollForMe()]
    decision = PIG.apply(state, Face(4))  # its decision next: the engine's level answers it
    assert s.plays(decision)
    s.close()


def test_an_answer_that_comes_after_the_app_stopped_is_dropped() -> None:
    """The UI runs the device's answer on a later frame; if the app stopped meanwhile (its journal
    closed), the answer must not reach the closed game (seen in CI: the next test's first frame ran a
    Pig answer from the test before and failed with 'journal is closed')."""
    state = competitive()
    held: list[Callable[[], None]] = []
    handed = threading.Event()

    def closed_journal() -> Any:
        raise AssertionError("journal is closed")

    def schedule(fn: Callable[[], None]) -> None:  # the UI's next frame, not yet come
        held.append(fn)
        handed.set()

    s = DeviceSeat(schedule, lambda: state, lambda i: True, lambda m: None, lambda: RULES)
    s.level = "normal"
    assert s.think(state) and handed.wait(5) and len(held) == 1
    s.current = closed_journal  # the app stops: its controller's journal is closed
    s.close()
    held[0]()  # the frame comes: nothing is asked of the closed game


def test_at_the_fair_level_the_seat_keeps_how_hard_it_pushed_for_the_end_screen() -> None:
    """The end screen's line (issue 30): the seat records the fair level's ease by round for the
    game being played; a new game forgets it; a fixed level has no line."""
    state = competitive()
    current, submitted, errors = [state], [], []
    s, done = seat(current, submitted, errors)
    s.for_game("game 1")
    s.level = "fair"
    assert s.think(state) and done.wait(5)
    s.close()
    assert submitted and not errors
    assert list(s.pushes) == [("boogeyman", state.round)]
    line = s.pushed_line("boogeyman", "The Boogeyman")
    assert line.startswith("The Boogeyman ") and ("eased off in rounds" in line or "played its best" in line)
    s.for_game("game 1")
    assert s.pushes  # the same game: kept
    s.for_game("game 2")
    assert not s.pushes and s.pushed_line("boogeyman", "The Boogeyman") == ""  # nothing decided yet
    s.level = "hard"
    assert s.pushed_line("boogeyman", "The Boogeyman") == ""
