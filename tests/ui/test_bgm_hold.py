"""The Boogeyman player's private screen behind the shell's hold-to-reveal cover (companion/ui/hold.py),
with the same Settings -> "Private cards" as every game: the Apparitions Ladder's face-down rooms show
only while the Boogeyman player's finger is on the cover (or for a tap's seconds), and no Label holds
them while covered. Touches go in through the window's dispatch at screen positions."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from companion.ui import touch
from tests.ui.flows import start_game, through_summary

sys.path.insert(0, str(Path(__file__).parent))
from sol_table_bots import labels_holding  # noqa: E402


def inside(cover: Any) -> tuple[float, float]:
    return touch.centre(cover)


def at_second_token(h: Any) -> tuple[Any, str]:
    """Competitive, a player as the Boogeyman: Objectives hidden and Room 9 played face down by touch,
    then a round ends and the Boogeyman player's screen asks for the next Room token."""
    app = h.app
    app.prefs.boogeyman = "person"
    app.save_prefs()
    start_game(h, mode="competitive", kids=("peter", "leila"))
    assert app.sm.current == "boogeyman"
    h.tap("reveal")
    for z in ("3", "12", "23"):
        h.tap(f"room:{z}")
    h.tap("confirm")
    h.tap("room:7")
    h.tap("confirm")
    h.tap("room:16")
    h.tap("confirm")
    h.tap("reveal")
    h.tap("room:9")
    h.tap("confirm")
    assert app.sm.current == "table"
    h.tap("end")
    h.tap("end")  # the round ends: the Boogeyman player plays a Room token
    assert h.until(lambda: app.sm.current == "boogeyman", 5), app.sm.current
    assert app.screen("boogeyman").ids.cover.shown
    h.tap("reveal")  # "I am the Boogeyman": the choices, and the cover over the Ladder
    secret = "(9)"  # Room 9, face down on the Ladder: the Boogeyman's own
    assert app.controller.view("boogeyman")["ladder"][0]["room"] == "9"
    assert app.controller.view()["ladder"][0]["room"] is None  # the children's view hides it
    assert not labels_holding(secret), "the Ladder is on screen before any finger is on the cover"
    return h.find("hold"), secret


def test_the_ladder_shows_only_while_held_and_the_other_hand_chooses(harness: Any) -> None:
    h = harness
    app = h.app
    cover, secret = at_second_token(h)
    finger, other = touch.Finger(), touch.Finger()
    finger.down(*inside(cover))
    h.pump(0.2)
    assert labels_holding(secret) and cover.revealed
    finger.up()
    h.pump()
    assert not labels_holding(secret) and not cover.revealed
    # Held with one hand, a room tapped with the other: covered first, and the room still taken.
    finger.down(*inside(cover))
    assert labels_holding(secret)
    room = h.find(h.screen.ids.options.children[-1].action)
    other.tap(*touch.centre(room))
    h.pump()
    assert not labels_holding(secret)
    assert h.screen.sel == [room.action.split(":")[1]]  # the room under the finger, not a neighbour
    finger.up()
    h.tap("confirm")
    assert len(app.controller.state.ladder) == 2 and not app.controller.view("boogeyman")["pending"]
    assert not labels_holding(secret)
    if h.until(lambda: app.summary.shown, 2):
        through_summary(h)
    assert h.until(lambda: app.sm.current == "table", 2)


def test_a_tap_shows_it_for_the_settings_seconds(harness: Any) -> None:
    h = harness
    app = h.app
    app.prefs.look_seconds = 10  # Settings -> Private cards: "Tap: 10 s"
    try:
        cover, secret = at_second_token(h)
        assert "tap" in cover.hint
        h.tap("hold")
        assert labels_holding(secret) and "10 s" in cover.ids.footer.text
        touch.let_pass(4.0)
        assert labels_holding(secret)
        touch.let_pass(6.5)
        assert not labels_holding(secret)  # covered by itself
        h.tap("hold")
        assert labels_holding(secret)
        h.tap("hide")  # handed over: covered
        assert not labels_holding(secret) and app.screen("boogeyman").ids.cover.shown
    finally:
        app.prefs.look_seconds = 0
        app.save_prefs()


def test_the_boogeymans_settings_offer_private_cards_and_scroll_to_the_rest(harness: Any) -> None:
    # Boogeyman's Settings has seven rows with "Private cards": more than 480 px hold, so the rows
    # scroll (the buttons below them stay put). Chosen by touch; a drag brings the sensor status up.
    h, app = harness, harness.app
    h.tap("settings")
    try:
        h.tap("look_row:10")
        assert app.prefs.look_seconds == 10 and h.find("look_row:10").caption.startswith("\u2714")
        scr = app.screen("settings")
        view, note = scr.ids.rows_view, scr.ids.port_note
        bottom = view.to_window(view.x, view.y)[1]
        assert note.to_window(note.x, note.y)[1] < bottom  # the sensor status starts below the view
        x = view.to_window(view.center_x, view.y)[0]
        h.drag([(x, bottom + 40), (x, bottom + 240)])
        assert note.to_window(note.x, note.y)[1] >= bottom - 1  # scrolled into view
        h.tap("back")
        assert app.sm.current != "settings"
    finally:
        app.prefs.look_seconds = 0
