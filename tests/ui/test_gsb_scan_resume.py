"""Goosebumps' refusal of a sticker read into a hand, across an app restart and an Undo: the
stickers read for a pick-up are journaled with it (Draw.stickers) and kept in the game's state
(State.read), not in the app's memory. The app is closed and a new one resumes the game from its
SQLite journal, as `companion run --resume` after a power cut; the camera is the mock camera
rendering real QR frames, read by the scan worker; every step is a touch."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any


from tests.ui.test_gsb_scan import STICKER, camera_on, show


def app_on(data: Path, resume: bool) -> Any:
    from companion.ui.harness import Harness

    return Harness(data, camera="none", resume=resume, draw=False)


def test_a_sticker_read_into_a_hand_is_still_refused_after_a_resume_until_its_pick_up_is_undone(
        data_dir: Path) -> None:
    """GSB-03, "To Begin" (each player is dealt four cards), with the house's rules that a hand
    reaches a screen only through its own seat's observation and that undo and resume survive a
    power cut. Player 1 reads four stickers in private, the Freeze Ray!'s left lying under the
    camera; the app stops. The app started again resumes at Player 2's pick-up: the Freeze Ray!'s
    sticker is refused there without naming the card. Back at the table, Player 1's pick-up is
    undone: the same sticker now names a Freeze Ray! for Player 1."""
    from companion.ui.screens import BaseScreen  # noqa: F401 - Kivy up before the pack's screens

    h = app_on(data_dir, resume=False)
    try:
        app = h.app
        app.go("choose")
        h.choose_game("goosebumps")
        h.tap("players:2")
        h.tap("device_at:-1")
        h.tap("start")
        c = app.controller
        cam = camera_on(h)
        h.tap("draw_name")
        h.tap("look")
        note = app.screen("gsb_pickup").ids.note
        show(h, cam, STICKER["3"], lambda: "(3 more)" in note.text)
        show(h, cam, STICKER["pal"], lambda: "(2 more)" in note.text)
        show(h, cam, STICKER["car"], lambda: "(1 more)" in note.text)
        cam.show(STICKER["freeze"])  # and left lying under the camera
        assert h.until(lambda: c.state.hands[0] == ("3", "pal", "car", "freeze"), 8), app.toaster.text
    finally:
        h.close()
    with sqlite3.connect(data_dir / "journal.sqlite") as db:  # the journal holds the stickers read
        row = db.execute("SELECT input FROM inputs ORDER BY seq DESC LIMIT 1").fetchone()
    assert json.loads(row[0])["stickers"] == [STICKER[k] for k in ("3", "pal", "car", "freeze")]

    h = app_on(data_dir, resume=True)
    try:
        app = h.app
        c = app.controller
        assert app.sm.current == "gsb_table" and c.view()["waiting"]["seat"] == "Player 2"
        cam = camera_on(h)
        h.tap("draw_name")
        h.tap("look")
        private = app.screen("gsb_pickup")
        cam.show(STICKER["freeze"])
        assert h.until(lambda: app.toaster.shown and "read into a hand already" in app.toaster.ids.msg.text, 8)
        said = (app.toaster.ids.msg.text, private.ids.note.text, private.ids.heading.text)
        assert private.picked == [] and not any("Freeze" in t for t in said), said
        cam.clear()  # gone from the view: shown again later, it is a new showing
        assert h.until(lambda: not app.scanner.session.presence.in_view, 8)

        h.tap("pickup_cancel")
        h.tap("undo")
        assert app.confirm.shown
        h.tap("confirm_ok")
        assert c.view()["waiting"]["seat"] == "Player 1" and c.state.hands[0] == ()
        h.tap("draw_name")
        h.tap("look")
        note = private.ids.note
        show(h, cam, STICKER["freeze"], lambda: "(3 more)" in note.text)
        assert private.picked == ["freeze"]
    finally:
        h.close()
