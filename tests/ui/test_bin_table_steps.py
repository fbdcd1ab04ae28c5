"""Issue 25, "Done when", for Bump in the Night against the device's monster player (Yellow, Hard):
a whole game to the end by touches only, while the test keeps its own model of the physical table,
changed only by the steps the shell showed (each read on screen while its list was up) or by what
a person did and entered themselves (shown ticked). Whenever no list is up, and at the end, the
model is the device's table; an Undo across the device's turn, followed by its put-back steps,
gives back the table from before it.

The smallest game the rulebook allows: two players (Red, and Yellow held by the device).
Rulebook (shared/seeds/002_0ad9d80a8c50e1bc.txt): Setup (the die and the Group Creation Chart
place the girls), the turn's three steps (play cards, move and scare, end), "The active player
removes such people from the board and claims them", locked markers on doors.
"""

from __future__ import annotations

import re
from typing import Any

from companion.core.table import table_of
from companion.games.bump_in_the_night.ui.drive import step
from tests.ui.flows import TableModel, same_table
from tests.ui.test_bin_game import PLAY, start_game


def test_a_bin_game_against_the_device_by_touches_whose_table_follows_only_the_steps_shown(harness: Any) -> None:
    h = harness
    app = h.app
    start_game(h)  # Red a person, Yellow the device's monster player at Hard
    c = app.controller
    assert app.seat.level_of("yellow") == "hard" and app.seat.level_of("red") == "person"
    put_back: list[list[str]] = []
    with TableModel(h) as table:
        for _ in range(3000):
            if c.session.finished:
                break
            if table.read():
                continue
            table.settle()
            span = app.undo_span() if not app.seat.plays(c.state) and not app.confirm.shown else []
            if (not put_back and len(span) > 1 and any(x.startswith("Yellow ") for x in span[1:])
                    and not same_table(table_of(c.rules, c.session.earlier(len(span))), table_of(c.rules, c.state))):
                # Undo across the device's turn: following its put-back list gives back the table
                # from before the person's input the device answered.
                earlier = table_of(c.rules, c.session.earlier(len(span)))
                h.tap("undo")
                assert app.confirm.shown
                h.tap("confirm_ok")
                assert app.summary.shown and app.summary.heading == "Put the table back"
                put_back.append(list(app.summary.steps))
                table.read()
                assert same_table(table.model, earlier)
                continue
            step(h, prefer=PLAY)
        table.read()  # the device's winning turn: the table still follows its steps
        table.settle()
    assert c.session.finished and app.sm.current == "bin_over"
    assert same_table(table.model, table_of(c.rules, c.state))
    assert table.lists > 5 and table.followed > 20 and table.ticked > 0, (table.lists, table.followed, table.ticked)
    done = c.history()[0]
    assert any(x.startswith("Yellow ") for x in done) and any(x.startswith("Red ") for x in done)
    assert put_back and put_back[0], put_back
    # Each girl's run is one step, said once: the device's scares, runs and cards say that the girls
    # moved, never "Move 1 girl from ..." again beside the step (a table doing both moved her twice).
    assert [row for _, row in table.shown if row.startswith("Move a girl from ")]
    assert not [row for _, row in table.shown if re.search(r"Move \d+ girls? from ", row)], sorted(set(table.shown))
