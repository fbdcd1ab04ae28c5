"""Issue 25: every change to the physical table is a step the table is shown, by touch only (the
window's touch dispatch at each control's position: `Harness.tap`). Findings #1 (the Babysitter's
walk after a search), #2 (walking into the hidden Boogeyman's room) and #4 (Undo across the
Boogeyman's turn lists what to put back), each on Boogeyman's real screens.

Rulebook (shared/seeds/000_2850ad6adba777bb.txt): "When collecting a Search token ... the
Babysitter will move, following the shortest path, as many areas as indicated by the noise";
"If a Child or the Babysitter moves into the Room that the Boogeyman is in at that moment ... in
addition to flipping the Light/Dark token to the Dark side, they must place the Boogeyman in that
Room"; "Revealing the Boogeyman: At the end of each round ... the Boogeyman is placed in the Room
shown" and "if there is a Light/Dark token there, you must flip that token so that it shows the
Dark side" (The Apparitions Ladder).
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.table import follow, table_of
from tests.ui.flows import (BgmChildren, TableModel, same_table, shown_steps, start_game, tap_zone,
                            through_summary, type_text)
from tests.ui.test_issue25_parts import window_text


def _a_light_card(h: Any) -> None:
    """The table draws a Light card; no camera: it is picked from the list and named."""
    app = h.app
    assert app.sm.current == "scan" and "draw the top Light card" in h.prompt()
    h.scroll_to("pick:BGM:LGHT:30", app.screen("scan").ids.scroller)
    h.tap("pick:BGM:LGHT:30")
    if app.sm.current == "card_form":
        h.tap_widget(app.screen("card_form").ids.name)
        type_text(h, "Old lamp")
        h.tap("key:done")
        h.tap("effect:none")
        h.tap("save")


def test_1_the_babysitter_walking_after_a_search_is_a_step_before_the_next_prompt(harness: Any) -> None:
    """Finding #1: Mike searches Room 1 and the token is a Noise 2; the Babysitter walks Room 10 ->
    corridor C2 -> corridor C1. The screen says so, and waits, before "draw the top Search card"."""
    h = harness
    app = h.app
    c = app.controller
    start_game(h)
    tap_zone(h, "1")
    assert not app.summary.shown  # Mike walked there himself: nothing for the table to do
    h.tap("flip")
    _a_light_card(h)
    assert app.sm.current == "table" and not app.summary.shown
    h.tap("search")
    assert app.sm.current == "found"
    h.tap("found:noise:2")
    assert c.state.babysitter == "C1"
    assert app.summary.shown and app.summary.heading == "On the table"
    shown = shown_steps(h)
    assert "Move the Babysitter from Room 10 to corridor C1" in shown, shown
    assert "Move the Babysitter from Room 10 to corridor C1" in " ".join(window_text())
    # The token Mike turned over himself is shown done; the Babysitter's walk is the one to do.
    assert app.summary.ticked[shown.index("Take a Search token from Room 1")]
    assert not app.summary.ticked[shown.index("Move the Babysitter from Room 10 to corridor C1")]
    assert app.sm.current != "scan"  # the next prompt waits for the table
    through_summary(h)
    assert app.sm.current == "scan" and "draw the top Search card" in h.prompt()


def test_2_walking_into_the_hidden_boogeymans_room_puts_its_miniature_there(harness: Any) -> None:
    """Finding #2: Competitive, a player as the Boogeyman plays Room 1 face down; Mike walks into
    Room 1. Before "draw the top Boogeyman card": put its miniature in Room 1, flip the Light token."""
    h = harness
    app = h.app
    c = app.controller
    was = app.prefs.boogeyman
    app.prefs.boogeyman = "person"
    app.save_prefs()
    try:
        start_game(h, mode="competitive")
        assert app.sm.current == "boogeyman"
        h.tap("reveal")
        for z in ("3", "12", "23"):
            h.tap(f"room:{z}")
        h.tap("confirm")
        h.tap("room:7")
        h.tap("confirm")
        h.tap("room:16")
        h.tap("confirm")
        # The Search tokens the Boogeyman player laid are entered: no list asks for them again.
        assert not app.summary.shown
        h.tap("reveal")
        h.tap("room:1")
        h.tap("confirm")
        assert h.until(lambda: app.sm.current == "table", 5), app.sm.current
        assert not app.summary.shown
        tap_zone(h, "1")
        assert c.state.boogeyman == ("1",)
        assert app.summary.shown
        shown = shown_steps(h)
        assert "Put the Boogeyman in Room 1" in shown, shown
        assert "Turn the Light/Dark token in Room 1 Dark up" in shown, shown
        assert app.sm.current != "scan"
        through_summary(h)
        assert h.until(lambda: app.sm.current == "scan", 3) and "Boogeyman card" in h.prompt()
    finally:
        app.prefs.boogeyman = was
        app.save_prefs()


def test_4_undo_across_the_boogeymans_turn_lists_what_to_put_back(harness: Any) -> None:
    """Finding #4: the Boogeyman's turn put its miniature on the board and turned a Light token to
    Dark; Undo back to the children's turn lists taking it off and turning the token back, and a
    table that follows those steps has the table it had before the turn."""
    h = harness
    app = h.app
    c = app.controller
    start_game(h)
    h.tap("end")
    before = table_of(c.rules, c.state)
    h.tap("end")
    through_summary(h)  # the Boogeyman's turn and its steps, done
    assert c.state.round == 2 and c.state.boogeyman
    zone = c.state.boogeyman[0]
    after = table_of(c.rules, c.state)
    h.tap("undo")
    assert app.confirm.shown
    h.tap("confirm_ok")
    assert c.state.round == 1
    assert app.summary.shown and app.summary.heading == "Put the table back"
    shown = shown_steps(h)
    assert f"Take the Boogeyman from Room {zone}" in shown, shown
    if before[f"token:light:{zone}"].face == "Light":
        assert f"Turn the Light/Dark token in Room {zone} Light up" in shown, shown
    # Following the steps shown puts the table back as it was before the Boogeyman's turn.
    steps = [t.step for t in c.table_steps]
    assert [s.text for s in steps] == shown
    table = follow(after, steps)
    assert {k: (t.place, t.face) for k, t in table.items()} == {k: (t.place, t.face) for k, t in before.items()}
    through_summary(h)
    assert app.sm.current == "table" and h.prompt() == "Daphne: 3 Actions left"


@pytest.mark.slow  # a whole game by touch, ~55 s: `make test-slow`
def test_a_game_by_touches_whose_table_follows_only_the_steps_shown(harness: Any) -> None:
    """Issue 25, "Done when": a Boogeyman game (Cooperative, two children) played by touches only,
    Undo included, while the test keeps its own model of the physical table. The model changes only
    by the steps the shell showed (each checked on screen when it was still to do) or, when no list
    came up, by what the person did and entered themselves (every such step is one the person
    did). Whenever no list is up, and at the end, the model is the device's table."""
    h = harness
    app = h.app
    c = app.controller
    start_game(h)
    kids = BgmChildren(h, seed=25)
    with TableModel(h) as table:
        for _ in range(3000):
            if c.session.finished:
                break
            if table.read():
                continue
            table.settle()
            kids.step()
        table.read()  # the last input's steps: the night is over, the table still follows them
        table.settle()
    assert c.session.finished, c.state.round
    assert table.lists > 5 and table.followed > 20 and kids.undos > 0
    assert same_table(table.model, table_of(c.rules, c.state))
