"""Bump in the Night's first table screen at Large text (Settings -> Text size, issue 28), by touch.
The play-test of 5 Dec 2026 (issue 25; docs/ui.md) put the rulebook's "Setup" steps 1-3 (take the
monsters of your colour, lay the six tiles green borders outside, shuffle all the cards into one
deck) above the house, and who starts (BIN-G6: the rulebook names nobody) must stay there too. At
Large text both took five lines: the "Roll for the chart" button was cut by the bottom of its
column and only two of the die's six faces could be reached. Now the set-up's words stand there
until the die's faces open (step 4, "Group Creation Chart"); then who starts alone."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterator

import pytest


@pytest.fixture
def large(tmp_path: Path) -> Iterator[Any]:
    from companion.ui import theme as T
    from companion.ui.harness import Harness
    from companion.ui.settings import Settings

    old = os.environ.get("COMPANION_DATA_DIR")
    os.environ["COMPANION_DATA_DIR"] = str(tmp_path)
    prefs = Settings.load(tmp_path / "settings.json")
    prefs.large_text = True  # as Settings -> Large writes it; the screens are built at start
    prefs.save(tmp_path / "settings.json")
    h = Harness(tmp_path, camera="none", draw=False)
    try:
        yield h
    finally:
        h.close()
        T.set_scale(1.0)
        if old is None:
            os.environ.pop("COMPANION_DATA_DIR", None)
        else:
            os.environ["COMPANION_DATA_DIR"] = old


def _whole_in_its_list(w: Any) -> bool:
    """The control lies whole inside the visible part of the list that holds it."""
    from kivy.uix.scrollview import ScrollView

    sv = w.parent
    while sv is not None and not isinstance(sv, ScrollView):
        sv = sv.parent
    assert sv is not None
    (x0, y0), (x1, y1) = w.to_window(w.x, w.y), w.to_window(w.right, w.top)
    (sx0, sy0), (sx1, sy1) = sv.to_window(sv.x, sv.y), sv.to_window(sv.right, sv.top)
    return sx0 <= x0 and x1 <= sx1 + 0.5 and sy0 <= y0 and y1 <= sy1 + 0.5


def test_bin_chart_screen_at_large_text_says_the_set_up_and_reaches_every_face(large: Any) -> None:
    from companion.ui import theme as T

    h = large
    app = h.app
    assert app.text_scale == T.LARGE and T.FONT_BODY == 25
    app.go("choose")
    h.choose_game("game:BIN")
    h.tap("monster:none")
    h.tap("start")
    assert app.sm.current == "bin_table"
    table = app.screen("bin_table")
    h.pump(frames=3)
    said = table.ids.notices.text
    assert "monsters of their colour" in said and "green borders outside" in said and "shuffle all the cards" in said
    assert "Red takes the first turn" in said, said
    roll = h.find("group:roll")
    assert _whole_in_its_list(roll), (roll.pos, roll.size)  # cut by its column's bottom before
    h.tap("group:roll")
    h.pump(frames=3)
    assert "Set-up" not in table.ids.notices.text and "Red takes the first turn" in table.ids.notices.text
    assert table.ids.choices_note.text == "A card drawn: its corner number."
    for face in range(6):  # the die's faces from the top, a finger sliding the list on where it must
        assert h.scroll_to(f"choice:{face}").action == f"choice:{face}"  # (it fails if one stays out of reach)
    before = app.controller.state
    h.tap("choice:5")  # the last face, reached: the die shows 6, taken (BIN-G1: roll again by default)
    h.pump(frames=3)
    assert app.controller.state is not before and app.controller.state.phase.value == "roll"
