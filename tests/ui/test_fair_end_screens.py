"""Issue 30, "the table can see how it went": a whole game against the device at the fair level,
by touches only, ends on a screen that says how hard the device pushed ("... eased off in rounds
3-5." or "... played its best throughout."), as the seat recorded it decision by decision.
Bump in the Night and Goosebumps here (Boogeyman's Finale: tests/ui/test_seat.py and its own
flows). Whole games: `make test-slow`."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.slow

MARKUP = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")
SAID = re.compile(r"(eased off in rounds [0-9, -]+|played its best throughout)\.")


def test_bump_in_the_night_ends_saying_how_hard_the_fair_monster_player_pushed(harness: Any) -> None:
    from companion.games.bump_in_the_night.ui.drive import step
    from tests.ui.test_bin_game import PLAY, start_game

    h = harness
    app = h.app
    start_game(h, level="fair")
    assert app.seat.level_of("yellow") == "fair"
    for _ in range(2500):
        if app.controller.session.finished:
            break
        step(h, prefer=PLAY)
    assert app.controller.session.finished
    while app.summary.shown:
        h.tap("summary_next")
    assert app.sm.current == "bin_over"
    assert any(s == "yellow" for s, _ in app.seat.pushes)  # the seat logged its decisions by round
    line = app.seat.pushed_line("yellow", "The Yellow monster player")
    text = MARKUP.sub("", app.screen("bin_over").ids.reason.text)  # the colour's name is coloured
    assert line and MARKUP.sub("", line) in text and SAID.search(line), text
    eased = sorted({when for (s, when), ease in app.seat.pushes.items() if s == "yellow" and ease >= 0.5})
    assert ("played its best" in line) == (not eased)


def test_goosebumps_ends_saying_how_hard_the_fair_automated_player_pushed(harness: Any) -> None:
    from companion.games.goosebumps.ui.shots import Player, new_game

    h = harness
    app = h.app
    new_game(h, "fair")
    c = app.controller
    assert app.seat.seat == "Device" and app.seat.level == "fair"
    Player(h, seed=2).play(lambda: c.session.finished and not app.summary.shown)
    assert app.sm.current == "gsb_end"
    assert any(s == "Device" for s, _ in app.seat.pushes)
    line = app.seat.pushed_line("Device", "The automated player")
    text = app.screen("gsb_end").ids.summary.text
    assert line and line in text and SAID.search(line), text
