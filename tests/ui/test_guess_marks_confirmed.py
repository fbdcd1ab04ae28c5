"""With every guessed fact confirmed in the owner's box, the same words are said with no mark and
Why? has no "Still a guess" line (issue 26; the marks themselves: test_guess_marks.py)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core import ownbox
from tests.ui.test_guess_marks import GAMES, MARKUP, _drive_counts, _confirm_everything, _play_until_said, _terms


@pytest.mark.parametrize("code", ["BGM", "GSB", "BIN"])  # Boogeyman first: as third its tile was out of reach
def test_nothing_is_marked_once_the_box_confirms_it(harness: Any, code: str) -> None:
    h = harness
    app = h.app
    path = ownbox.box_path(code, app.data_dir)
    _confirm_everything(code, app.data_dir)
    try:
        start, limit = GAMES[code]
        step, table = start(h)
        terms = _terms(code)
        text, term = _play_until_said(h, step, table, terms, limit)  # the same words, now checked
        assert "\u25cc" not in text, text
        assert not [s for s, _ in app.rules_for(MARKUP.sub("", text)) if s == "Still a guess"]
    finally:
        path.unlink(missing_ok=True)


__all__ = ["_drive_counts"]  # the autouse fixture, in this module too
