"""Pig on the shell alone (it has no screens of its own): the set-up the shell builds from its
options, a whole game by touches with the device in a seat rolling its own die, and the real
die entered by a tap on what it shows (companion/games/pig/rules.md 2-6)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from companion.games.pig.rules import Options


def choices(h: Any) -> list[Any]:
    h.pump(frames=3)
    return sorted(h.app.screen("game").ids.choices.children, key=lambda b: int(b.action.split(":")[1]))


def test_a_whole_game_of_pig_with_the_device_in_a_seat_and_the_real_die_by_taps(harness: Any) -> None:
    from companion.ui import touch
    from companion.ui.fit import why_cut

    h = harness
    app = h.app
    app.seed = 7
    app.go("choose")
    h.choose_game("game:PIG")
    assert app.sm.current == "game_setup"  # the shell's set-up, from Pig's Options
    assert h.find("players:2").caption.startswith("\u2714") and h.find("holders:1:normal").caption.startswith("\u2714")
    h.tap("players:3")  # a row per seat the game has
    assert h.visible("holders:2:person")
    h.tap("players:2")
    with pytest.raises(LookupError):
        h.find("holders:2:person")
    h.tap("holders:1:hard")  # Player 2: the device at Hard
    for _ in range(7):
        h.tap("target:down")  # 100 -> 30
    assert h.find("target:down").disabled is False and not touch.unreachable() and not touch.small_targets()
    h.tap("start")
    c = app.controller
    assert app.sm.current == "game" and c.rules.code == "PIG"
    assert c.session.options == Options(players=2, holders=("person", "hard"), target=30)
    assert app.seat.levels == {"Player 2": "hard"} and app.seat.level_of("Player 1") == "person"

    die = random.Random(11)  # the table's real die
    taps = rolled = 0
    while taps < 300:
        assert h.until(lambda: c.session.finished or c.actor().seat == "Player 1", timeout=8), (
            f"the device did not play on: {c.history()[0][-3:]}")
        if c.session.finished:
            break
        if c.state.rolling:  # seven choices, all on screen at once: a tap on what the die shows
            buttons = choices(h)
            assert [b.caption for b in buttons] == [str(v) for v in range(1, 7)] + ["Roll for me"]  # captions
            for b in buttons:
                assert touch.reach(b) is b and why_cut(b) == "", b.caption
            face, before = die.randint(1, 6), len(c.history()[0])
            h.tap(f"choice:{face - 1}")
            assert c.history()[0][before].startswith(f"Player 1 rolled a {face}")  # the journal says what happened
            rolled += 1
        else:
            assert [b.caption for b in choices(h)] == ["Roll again", f"Hold {c.state.pot}"]
            h.tap("choice:0" if c.state.pot < 10 else "choice:1")
        taps += 1
        if taps == 5:  # resumed from the choose screen, the game keeps who holds each seat (its options)
            h.tap("games")
            app.seat.levels = {}
            h.tap("resume")
            assert app.sm.current == "game" and app.seat.levels == {"Player 2": "hard"}
    done = c.history()[0]
    assert c.session.finished and taps < 300
    assert rolled >= 3 and not [d for d in done if d.startswith("The device rolled") and "for Player 1" in d]
    assert [d for d in done if re.match(r"The device rolled a [1-6] for Player 2", d)]  # its own die, told after
    assert any(d.startswith("Player 2 holds") or d == "Player 2 rolls again" for d in done)  # and decided
    winner = c.rules.result(c.state).winners[0]
    assert app.screen("game").ids.prompt.text == f"{winner} wins"


def test_the_roll_button_and_roll_for_me_roll_the_device_s_die(harness: Any) -> None:
    """The panel's Roll button enters "roll for me" at a pending die (the device rolls only when asked)."""
    h = harness
    app = h.app
    app.seed = 3
    app.go("choose")
    h.choose_game("game:PIG")
    h.tap("holders:1:person")  # two people
    h.tap("start")
    c = app.controller
    app.pressed("roll")
    (said,) = c.history()[0]
    assert re.match(r"The device rolled a [1-6] for Player 1", said)  # what the die showed
    if c.state.rolling:  # a 1: Player 2's die
        return
    app.pressed("roll")  # a decision, not a die: nothing is rolled
    assert c.history()[0] == (said,)


def test_undo_of_the_devices_turn_and_it_plays_the_same_turn_again(harness: Any) -> None:
    """The device in Player 1's chair plays its turn, its own die included. Undo of it goes back to
    the start (nothing a person gave before it), the confirm saying the device's answers go too;
    the device then plays again: the same rolls and the same decisions (its die is the game's
    generator, its decisions seeded from what it sees), and the screen is not stuck deciding."""
    h = harness
    app = h.app
    app.seed = 5
    app.go("choose")
    h.choose_game("game:PIG")
    h.tap("holders:0:hard")
    h.tap("holders:1:person")
    h.tap("start")
    c = app.controller
    assert h.until(lambda: c.actor().seat == "Player 2", timeout=8), c.history()[0]
    turn = c.history()[0]
    assert turn[0].startswith("The device rolled a") and turn[0].endswith("for Player 1")
    h.tap("undo")
    assert app.confirm.message == f"Undo: {turn[0]}?"
    if len(turn) > 1:
        assert "The device's answer after it goes too" in app.confirm.detail
    h.tap("confirm_ok")
    assert h.until(lambda: c.actor().seat == "Player 2" and len(c.history()[0]) == len(turn), timeout=8)
    assert c.history()[0] == turn
    assert app.screen("game").ids.choices_note.text == ""
    assert h.until(lambda: not app.toaster.shown, timeout=6)  # "Undone: ..." lies over the lower row a while
    h.tap("choice:5")  # Player 2's die, by a tap
    assert c.history()[0] == (*turn, "Player 2 rolled a 6")  # told after the roll, not the caption "6"


def test_the_fair_level_is_a_holder_on_the_set_up_screen_and_plays(harness: Any) -> None:
    """Issue 30: "Fair" beside Easy/Normal/Hard on the set-up the shell builds from Options, by touch;
    the device then plays its seat at the fair level (companion/ai/fair.py)."""
    from companion.ui import touch
    from companion.ui.fit import why_cut

    h = harness
    app = h.app
    app.seed = 5
    app.go("choose")
    h.choose_game("game:PIG")
    assert h.find("holders:1:fair").caption.endswith("Fair") and why_cut(h.find("holders:1:fair")) == ""
    h.tap("holders:1:fair")
    assert not touch.unreachable() and not touch.small_targets()
    h.tap("start")
    c = app.controller
    assert c.session.options.holders == ("person", "fair") and app.seat.levels == {"Player 2": "fair"}
    for _ in range(40):  # Player 1 rolls a 4 and holds; then the device's turn
        assert h.until(lambda: c.session.finished or c.actor().seat == "Player 1", timeout=8)
        if any(d.startswith("Player 2 holds") or d == "Player 2 rolls again" for d in c.history()[0]):
            break
        h.tap("choice:3" if c.state.rolling else "choice:1")
    assert any(d.startswith("Player 2 holds") or d == "Player 2 rolls again" for d in c.history()[0])
