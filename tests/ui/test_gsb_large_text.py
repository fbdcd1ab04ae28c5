"""Goosebumps at Large text (issue 28: Settings -> Text size: Large, every size 25 % larger): the
set-up form, taller than the screen, scrolls to its last row; at the table the prompt has room for
two lines at the body size, the strip's chips hold their initials, and every choice in the list
(two rows, partly below the fold at this size) is reached by touch. Every state
`companion shots --game GSB` renders is measured whole at Large text by
tests/ui/test_readability.py; this walks the same screens by touch."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterator

import pytest

# The pack's screens import Kivy's widgets: imported inside the tests, never at collection.


@pytest.fixture
def large(tmp_path: Path) -> Iterator[Any]:
    """An app started on a data folder whose settings say Large text (as Settings writes them)."""
    from companion.ui import theme as T
    from companion.ui.harness import Harness
    from companion.ui.settings import Settings

    old = os.environ.get("COMPANION_DATA_DIR")
    os.environ["COMPANION_DATA_DIR"] = str(tmp_path)
    prefs = Settings.load(tmp_path / "settings.json")
    prefs.large_text = True
    prefs.save(tmp_path / "settings.json")
    h = Harness(tmp_path, camera="none", draw=False)
    try:
        yield h
    finally:
        h.close()
        T.set_scale(1.0)  # what is built next at the normal size
        if old is None:
            os.environ.pop("COMPANION_DATA_DIR", None)
        else:
            os.environ["COMPANION_DATA_DIR"] = old


def _whole(h: Any) -> None:
    from companion.ui.readability import measure

    h.pump(frames=3)
    got = measure()
    cut = [f"{r.owner}/{r.widget} {r.text[:60]!r}: {r.cut}" for r in got if r.cut]
    assert not cut, cut
    assert min(r.px for r in got) >= 20


def test_at_large_text_the_set_up_scrolls_and_the_table_s_choices_are_reached_by_touch(large: Any) -> None:
    from companion.games.goosebumps.ui.screens.gsb_table import line_px
    from companion.games.goosebumps.ui.shots import Player
    from companion.ui import theme as T

    h = large
    app = h.app
    assert T.FONT_BODY == round(20 * T.LARGE) and T.FONT_PROMPT == round(30 * T.LARGE)
    h.choose_game("goosebumps")
    setup = app.screen("gsb_setup")
    h.tap("players:3")
    h.tap("device_at:2")
    _whole(h)
    # The form is taller than the screen at this size: its last row comes into view by a finger.
    assert not h.visible("opt:shortcut")
    h.scroll_to("opt:shortcut")
    _whole(h)
    h.tap("opt:shortcut")
    assert setup.shortcut is False
    h.tap("opt:shortcut")
    assert setup.shortcut is True
    h.tap("start")
    c = app.controller
    p = Player(h, seed=3)
    p.play(lambda: c.view()["waiting"]["kind"] == "play" and not app.seat.plays(c.state) and c.state.round >= 2
           and not app.summary.shown and app.sm.current == "gsb_table")
    h.pump(frames=3)
    _whole(h)
    table = app.screen("gsb_table")
    prompt, strip = table.ids.prompt, table.ids.strip
    assert prompt.height >= 2 * line_px(T.FONT_BODY) or prompt.height >= line_px(T.FONT_PROMPT)
    marks = list(strip.children)
    assert marks and all(m.font_size == T.FONT_BODY and m.texture_size[1] <= m.height for m in marks)
    # The choices in two rows (or more): at this size the list can be taller than its room; every
    # choice comes into a finger's reach, the last one pressed.
    choices, scroller = table.ids.choices, table.ids.scroller
    assert len(choices.children) > choices.cols
    actions = [w.action for w in reversed(choices.children)]
    assert actions[-1] == "threes"
    for action in actions:
        h.scroll_to(action, scroller=scroller)
    h.tap("threes")
    assert table.mode == "threes"
