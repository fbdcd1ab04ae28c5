"""A game the app has never heard of, with no screens of its own (the fixture pack), shown by the
shell: chosen on its tile, played on the generic game screen by touches, undone with the confirm,
resumed from the choose screen. Nothing outside the fixture's own module knows the game."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from companion.core import packs

sys.path.insert(0, str(Path(__file__).parent.parent / "core"))


@pytest.fixture(autouse=True, scope="module")
def _dice() -> Iterator[None]:
    packs.register("DICE", "fixture_game")
    yield
    packs.unregister("DICE")


def test_a_game_with_no_screens_is_played_on_the_generic_screen_by_touch(harness: Any) -> None:
    h = harness
    app = h.app
    app.seed = 5
    h.app.go("choose")
    h.tap("game:DICE")  # its tile, built from the registry
    assert app.sm.current == "game" and app.controller.rules.code == "DICE"
    assert app.scanner.game == "DICE"  # the scan screen reads this game's cards, not the last game's
    assert "roll, add 1 to 3, or pass" in app.screen("game").ids.prompt.text
    first = app.controller.state.players[app.controller.state.turn]
    h.tap("choice:2")  # "<who> added 2": the labels are the game's own words
    assert app.controller.history()[0] == (f"{first} added 2",)
    moves = 1
    while not app.controller.session.finished and moves < 80:
        h.tap("choice:3")  # add 3
        moves += 1
    assert app.controller.session.finished and moves < 80
    assert app.screen("game").ids.prompt.text == "The race is over"
    h.tap("undo")
    assert app.confirm.shown  # the label first, then a confirm
    h.tap("confirm_ok")
    assert not app.controller.session.finished and len(app.controller.history()[0]) == moves - 1
    # Resume from the choose screen: the same game, on the same screen.
    h.tap("games")
    assert app.sm.current == "choose"
    h.tap("resume")
    assert app.sm.current == "game" and len(app.controller.history()[0]) == moves - 1
    # A new camera chosen in Settings still reads this game's cards.
    h.tap("games")
    h.tap("settings")
    h.tap("cam_row:none")
    assert app.prefs.camera == "none" and app.scanner.game == "DICE"
