"""Issue 25, "Done when", for Goosebumps: a whole game against the automated player played by
touches only, Undo included, while the test keeps its own model of the physical table, changed
only by following the steps the shell showed (each read on screen while the list was up) or,
when no list came up, by what a person did and entered themselves (their own pick-up, shown
ticked). Whenever no list is up, and at the end, the model is the device's table.

Rulebook (shared/seeds, Goosebumps): GSB-03 "To Begin" (four cards each, in the holder), GSB-05
"Taking a Turn" (pick up to make five, play, move your monster), GSB-39 (Freeze Ray!), and the
STEAL spaces (take a card from another player's holder).
"""

from __future__ import annotations

from typing import Any

from companion.core.table import table_of
from tests.ui.flows import TableModel, same_table


def test_a_goosebumps_game_by_touches_whose_table_follows_only_the_steps_shown(harness: Any) -> None:
    from companion.games.goosebumps.ui.shots import Player, new_game

    h = harness
    app = h.app
    new_game(h, "hard")  # two players, the device in seat 2 with its own holder
    c = app.controller
    assert c.rules.code == "GSB" and c.state.automated == (False, True)
    p = Player(h, seed=25)
    undos = turns = 0
    with TableModel(h) as table:
        for _ in range(1500):
            if c.session.finished and not app.summary.shown:
                break
            if table.read():  # Done may let the device decide: a new list comes up, read too
                continue
            table.settle()
            person = not app.seat.plays(c.state) and app.sm.current == "gsb_table"
            turns += person
            if person and c.session.can_undo and undos < 3 and turns % 9 == 4:
                undos += 1
                h.tap("undo")
                if app.confirm.shown:
                    h.tap("confirm_ok")
                continue
            p.step()
        table.settle()
    assert c.session.finished and app.sm.current == "gsb_end"
    assert table.lists > 5 and table.followed > 20 and undos > 0 and table.ticked > 0, (
        table.lists, table.followed, undos, table.ticked)
    assert same_table(table.model, table_of(c.rules, c.state))
