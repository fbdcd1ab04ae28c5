"""Steps left undone when the app stopped are shown again on resume (issue 25; the play-tests of
5 Dec 2026 killed the app while the device's steps showed, and Resume went on without them: the
table never heard "Put Yellow's Scary Bat in the Back Hall").

The app is closed while the device's steps are on the screen, as a power cut or `kill -9` leaves
it (the journal holds every input; nothing closes the list); a new app on the same data folder
resumes the game by a touch on Resume, and lists the steps still to do."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


from companion.games.bump_in_the_night.ui.drive import step
from tests.ui.test_bin_game import start_game


def app_on(data: Path) -> Any:
    from companion.ui.harness import Harness

    return Harness(data, camera="none", draw=False)


def _resume_by_touch(h: Any) -> None:
    app = h.app
    app.go("choose")
    h.pump(frames=2)
    h.tap("resume")
    assert h.until(lambda: app.sm.current.startswith("bin_") or app.summary.shown, 5), (app.sm.current, app.toaster.text)


def test_the_device_s_steps_undone_when_the_app_stopped_are_shown_again_on_resume(data_dir: Path) -> None:
    """BIN Setup: the device places the girls (its steps: each girl to her room). The app stops
    with them on the screen; resumed by touch, the same steps are listed under "Still to do on the
    table". Once done, a second resume lists nothing: the table is the game's."""
    from companion.ui.screens import BaseScreen  # noqa: F401 - Kivy up before the pack's screens

    h = app_on(data_dir)
    try:
        app = h.app
        start_game(h, first="red")
        h.tap("group:roll")
        h.tap("choice:1")  # the die shows 2
        h.tap("group:girls")  # the device places the girls
        assert h.until(lambda: app.summary.shown, 5)
        shown = [line for line in app.summary.steps if line.startswith("Put")]
        assert shown, app.summary.steps  # the girls to put in their rooms
    finally:
        h.close()  # the steps were never done: the app simply stopped

    h = app_on(data_dir)
    try:
        app = h.app
        _resume_by_touch(h)
        assert h.until(lambda: app.summary.shown, 5), "no steps shown on resume"
        assert app.summary.heading == "Still to do on the table"
        assert [line for line in app.summary.steps if line.startswith("Put")] == shown
        while app.summary.shown:
            h.tap("summary_next")
        # The game goes on from there: Red's set-up goes on by touch.
        for _ in range(5):
            step(h, prefer=("deal",))
    finally:
        h.close()
    laid = json.loads((data_dir / "journal.sqlite.laid.json").read_text(encoding="utf-8"))
    assert list(laid) == ["1"]

    h = app_on(data_dir)
    try:
        app = h.app
        _resume_by_touch(h)
        h.pump(frames=3)
        assert not (app.summary.shown and app.summary.heading == "Still to do on the table")
    finally:
        h.close()


def test_a_damaged_record_of_the_table_resumes_as_before(data_dir: Path) -> None:
    """The record beside the journal is an aid: a damaged one is logged and the game resumes
    without its steps; nothing is lost and the next finished step writes it anew."""
    from companion.ui.screens import BaseScreen  # noqa: F401

    h = app_on(data_dir)
    try:
        app = h.app
        start_game(h, first="red")
        h.tap("group:roll")
        h.tap("choice:1")
        h.tap("group:girls")
        assert h.until(lambda: app.summary.shown, 5)
    finally:
        h.close()
    record = data_dir / "journal.sqlite.laid.json"
    record.write_text("{not json", encoding="utf-8")
    h = app_on(data_dir)
    try:
        app = h.app
        _resume_by_touch(h)
        h.pump(frames=3)
        assert app.sm.current.startswith("bin_") and not app.summary.shown  # where the game waits
        assert app.controller.state.phase.value != "over"
        step(h, prefer=("deal",))  # a step of play done with nothing to do on the table: kept anew
        h.pump(frames=2)
    finally:
        h.close()
    assert "1" in json.loads(record.read_text(encoding="utf-8"))
