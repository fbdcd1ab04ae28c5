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

from companion.core.table import ToDo, follow, table_of
from tests.ui.test_table_steps import shown_steps


def _same(model: Any, want: Any) -> bool:
    return {k: (x.place, x.face) for k, x in model.items()} == {k: (x.place, x.face) for k, x in want.items()}


def test_a_goosebumps_game_by_touches_whose_table_follows_only_the_steps_shown(harness: Any) -> None:
    from companion.games.goosebumps.ui.shots import Player, new_game

    h = harness
    app = h.app
    new_game(h, "hard")  # two players, the device in seat 2 with its own holder
    c = app.controller
    assert c.rules.code == "GSB" and c.state.automated == (False, True)
    p = Player(h, seed=25)
    model = dict(table_of(c.rules, c.state))
    queued: list[ToDo] = []
    c.subscribe(lambda: queued.extend(c.table_steps))
    listen = c._listeners[-1]
    seen: list[str] = []  # the rows of the lists on screen since the model last followed
    followed = lists = undos = ticked = turns = 0

    def settle() -> None:
        nonlocal followed, ticked
        if app.summary.shown:
            return
        for t in queued:  # each was shown in a list, or done (and entered) by the person
            assert t.done or t.step.text in seen, (t.step.text, seen)
            ticked += t.done
        model_now = follow(model, [t.step for t in queued])
        model.clear()
        model.update(model_now)
        followed += len(queued)
        queued.clear()
        seen.clear()
        assert _same(model, table_of(c.rules, c.state)), c.history()[0][-3:]

    try:
        for _ in range(1500):
            if c.session.finished and not app.summary.shown:
                break
            if app.summary.shown:
                lists += 1
                while app.summary.shown:  # Done may let the device decide: a new list comes up
                    rows = list(app.summary.steps)
                    assert shown_steps(h)[:len(rows)] == rows
                    seen.extend(x for x in rows if x not in seen)
                    h.tap("summary_next")
                settle()
                continue
            settle()
            person = not app.seat.plays(c.state) and app.sm.current == "gsb_table"
            turns += person
            if person and c.session.can_undo and undos < 3 and turns % 9 == 4:
                undos += 1
                h.tap("undo")
                if app.confirm.shown:
                    h.tap("confirm_ok")
                continue
            p.step()
        settle()
    finally:
        c._listeners.remove(listen)
    assert c.session.finished and app.sm.current == "gsb_end"
    assert lists > 5 and followed > 20 and undos > 0 and ticked > 0, (lists, followed, undos, ticked)
    assert _same(model, table_of(c.rules, c.state))
