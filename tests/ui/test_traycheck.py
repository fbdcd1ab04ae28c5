"""The tray check screen, pressed the way a finger does: touches through the window at the buttons'
screen coordinates, with the mock camera showing the tray check sticker, then nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest


@pytest.fixture
def camera_harness(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    from companion.ui.harness import Harness

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    h = Harness(tmp_path, camera="mock")
    try:
        yield h
    finally:
        h.close()


def press(h: Any, widget: Any) -> None:
    """A finger on the widget's centre: down, then up, through the window's touch dispatch."""
    from kivy.tests.common import UnitTestTouch

    assert not widget.disabled, f"{widget} is disabled"
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    h.pump()
    touch.touch_up()
    h.pump()


def test_tray_check_from_settings_by_touch(camera_harness: Any) -> None:
    from companion.scan.traycheck import TEST_CODE

    h = camera_harness
    app = h.app
    assert h.until(lambda: app.scanner.camera is not None, 10), app.scanner.error
    app.scanner.camera.show(TEST_CODE)  # the sticker on the tray: 5 px per module at 640 x 480
    press(h, app.screen("choose").find("settings"))
    assert app.sm.current == "settings"
    press(h, app.screen("settings").find("traycheck"))
    assert app.sm.current == "traycheck"
    screen = app.screen("traycheck")
    assert h.until(lambda: screen.report is not None, 30), screen.ids.verdict.text
    assert screen.ids.verdict.text.startswith("Ready"), screen.ids.verdict.text
    assert "pixels per module: 5.0" in screen.ids.report.text
    assert "640x480 chosen" in screen.ids.report.text
    # The sticker taken away: the check says what to do.
    app.scanner.camera.clear()
    press(h, screen.find("check_again"))
    assert h.until(lambda: screen.report is not None, 30)
    assert "Put the tray check sticker" in screen.ids.verdict.text
    press(h, screen.find("back"))
    assert app.sm.current == "settings"
