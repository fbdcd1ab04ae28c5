"""Loyalty cards and exit peeks behind a hold-to-reveal cover (issue 11, "Hidden information":
"shown only to their holder, behind a hold-to-reveal cover, never on a public screen, until the
end"). The shell's cover is companion/ui/hold.py; here it is on SOL's private screen.

Every touch goes in through the window's dispatch at the cover's screen position (down, move, up),
with one or two fingers. "Shown" means a Label in the window holds the secret's text; "hidden"
means no Label does (the text is not merely transparent: it is nowhere in the widget tree)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from companion.ui import touch
from tests.ui import flows

sys.path.insert(0, str(Path(__file__).parent))
from sol_table_bots import labels_holding, set_up  # noqa: E402


@pytest.fixture(scope="module")
def panel_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """An app with the GPIO panel on gpiozero's mock pins (its Undo button is one way to leave)."""
    with flows.panel_app(tmp_path_factory.mktemp("hold")) as h:
        yield h


@pytest.fixture
def h(panel_app: Any) -> Any:
    panel_app.home()
    return panel_app


def at_loyalty(h: Any) -> tuple[Any, str]:
    """A game set up by touch, the device with Max after "I am Max": the cover and Max's card."""
    app = h.app
    set_up(h)
    assert app.sm.current == "sol_private"
    h.tap("reveal")
    cover = h.find("hold")
    title = app.controller.view("max")["private"]["loyalty"]["title"]
    assert title and not labels_holding(title), "Max's card is on screen before any finger is on it"
    return cover, title


def inside(cover: Any, fx: float = 0.5, fy: float = 0.5) -> tuple[float, float]:
    return cover.to_window(cover.x + cover.width * fx, cover.y + cover.height * fy)


def test_the_secret_shows_only_while_a_finger_is_down_on_the_cover(h: Any) -> None:
    cover, title = at_loyalty(h)
    finger = touch.Finger()
    finger.down(*inside(cover))
    h.pump()
    assert labels_holding(title), "a finger is on the cover: Max's Loyalty card shows"
    assert "Lift your finger" in cover.ids.footer.text
    h.pump(0.3)  # held a while: still shown
    assert labels_holding(title)
    finger.up()
    h.pump()
    assert not labels_holding(title) and not cover.revealed
    # Again: the cover is not used up by one look.
    finger.down(*inside(cover, 0.2, 0.8))
    assert labels_holding(title)
    finger.up()
    assert not labels_holding(title)
    # Something resting on the screen is not a finger reading: a minute of one press covers it
    # (here two seconds, not to pump a minute of frames).
    assert cover.max_hold == 60
    cover.max_hold = 2.0
    try:
        finger.down(*inside(cover))
        touch.let_pass(1.5)
        assert labels_holding(title)
        touch.let_pass(1.0)
        assert not labels_holding(title)
        finger.up()
        assert not labels_holding(title)
    finally:
        cover.max_hold = 60


def test_sliding_off_the_cover_covers_it(h: Any) -> None:
    cover, title = at_loyalty(h)
    finger = touch.Finger()
    x, y = inside(cover)
    finger.down(x, y)
    assert labels_holding(title)
    finger.move(x, y - cover.height * 0.2)  # still on it
    assert labels_holding(title)
    below = cover.to_window(cover.x, cover.y)[1] - 20
    finger.move(x, below)  # off the cover, the finger still down
    h.pump()
    assert not labels_holding(title)
    finger.move(x, y)  # back onto it without lifting: it stays covered
    h.pump()
    assert not labels_holding(title)
    finger.up()
    assert not labels_holding(title)


def test_two_fingers_never_leave_it_shown(h: Any) -> None:
    cover, title = at_loyalty(h)
    a, b = touch.Finger(), touch.Finger()
    # A second finger on the cover covers it; lifting either leaves it covered.
    a.down(*inside(cover, 0.3))
    assert labels_holding(title)
    b.down(*inside(cover, 0.7))
    h.pump()
    assert not labels_holding(title)
    a.up()
    b.up()
    h.pump()
    assert not labels_holding(title)
    # A second finger on no control at all (the status bar) covers it too.
    a.down(*inside(cover))
    assert labels_holding(title)
    b.down(400, touch.EventLoop.window.height - 10)
    h.pump()
    assert not labels_holding(title)
    b.up()
    a.up()
    # A finger that lands off the cover (on the status bar) and slides on shows nothing.
    x, y = inside(cover)
    a.down(x, touch.EventLoop.window.height - 10)
    a.move(x, y)
    h.pump()
    assert not labels_holding(title)
    a.up()
    # A second finger on the Done button covers it first, before the button acts (it hands on).
    a.down(*inside(cover))
    assert labels_holding(title)
    done = h.find("hide")
    b.down(*touch.centre(done))
    h.pump()
    assert not labels_holding(title)
    b.up()
    a.up()
    h.pump()
    assert not labels_holding(title)


press = flows.press


def test_leaving_the_screen_any_way_covers_it(h: Any) -> None:
    cover, title = at_loyalty(h)
    app = h.app
    finger = touch.Finger()

    def held() -> None:
        finger.down(*inside(cover))
        assert labels_holding(title)

    # The panel's Undo button while a finger holds it: the confirm comes over the screen.
    held()
    press(h, "undo")
    assert app.confirm.shown or app.toaster.shown  # nothing to undo yet at set-up: a notice instead
    assert not labels_holding(title)
    finger.up()
    app.confirm.shown = False
    app.toaster.hide()
    # A notice over the screen.
    held()
    app.toast("The sensor board was unplugged", "error")
    h.pump()
    assert not labels_holding(title)
    finger.up()
    app.toaster.hide()
    # The app pausing, the window minimised.
    from kivy.core.window import Window

    for event in ((app, "on_pause"), (Window, "on_minimize"), (Window, "on_hide")):
        held()
        event[0].dispatch(event[1])
        h.pump()
        assert not labels_holding(title), event[1]
        finger.up()
    # Another screen (the game routing itself, a menu), the finger still down; then back.
    held()
    app.go("sol_table")
    h.pump()
    assert not labels_holding(title)
    finger.up()
    app.go("sol_private")
    h.pump()
    assert not labels_holding(title) and app.screen("sol_private").ids.cover.shown  # handed over again


def test_the_panel_undo_on_a_peek_covers_the_number(h: Any) -> None:
    """A peek (SOL-64): the number is under the finger only; Undo from the panel covers it."""
    from companion.games.stuff_of_legend.ui.shots import SEED, _Bots, _until

    app = h.app
    set_up(h)
    while app.sm.current == "sol_private":
        h.tap("hide" if app.screen("sol_private").opened else "reveal")
    assert _until(h, _Bots(SEED), "state_number")
    c = app.controller
    seat = c.state.head.seat
    number = next(p["number"] for p in c.view(seat)["private"]["peeks"] if p["exit"] == c.state.head.exit)
    assert app.sm.current == "sol_private"
    h.tap("reveal")
    cover = h.find("hold")
    shown = f"the token shows [b][size=30]{number}[/size]"
    assert not labels_holding(shown)
    assert h.find("choice:0").caption.startswith("I say")  # the choices name no number seen
    finger = touch.Finger()
    finger.down(*inside(cover))
    assert labels_holding(shown)
    press(h, "undo")
    assert app.confirm.shown and not labels_holding(shown)
    finger.up()
    h.tap("confirm_cancel")
    assert not labels_holding(shown)


def test_a_tap_can_show_it_for_a_while_when_set(h: Any) -> None:
    """Settings -> Private cards -> "Tap: 10 s", for a player who cannot hold a press: a tap
    shows it with a countdown, another touch covers it, and it covers itself after 10 s."""
    app = h.app
    set_up(h)
    while app.sm.current == "sol_private":
        h.tap("hide" if app.screen("sol_private").opened else "reveal")
    h.tap("games")
    h.tap("settings")
    h.tap("look_row:10")
    assert app.prefs.look_seconds == 10
    from companion.ui.settings import Settings

    assert Settings.load(app.settings_path).look_seconds == 10  # kept for the next start
    h.tap("back")
    assert app.sm.current == "choose"  # Settings goes back where it was opened from (issue 25, 15)
    h.tap("resume")
    h.tap("look")
    h.tap("look:max")
    h.tap("reveal")
    cover = h.find("hold")
    assert "Max: tap here to see" in cover.hint and "for 10 s" in cover.hint  # the cover says the setting
    title = app.controller.view("max")["private"]["loyalty"]["title"]
    assert not labels_holding(title)
    h.tap("hold")  # down and up
    assert labels_holding(title) and "10 s" in cover.ids.footer.text
    touch.let_pass(4.0)
    assert labels_holding(title) and "6 s" in cover.ids.footer.text
    h.tap("hold")  # touch it again: covered at once
    assert not labels_holding(title)
    h.tap("hold")
    touch.let_pass(10.5)
    assert not labels_holding(title)  # covered by itself
    h.tap("hold")
    app.go("sol_table")  # leaving covers it in this mode too
    h.pump()
    assert not labels_holding(title)
    app.prefs.look_seconds = 0
    app.save_prefs()


def test_the_cover_alone_on_any_screen(h: Any) -> None:
    """The shell's widget without SOL's screen around it: a screen of another game that only sets
    `secret` and does nothing on leaving still has its secret covered when it is left."""
    from kivy.lang import Builder

    from companion.ui.hold import HoldCover
    from companion.ui.screens import BaseScreen

    app = h.app
    kv = str(Path(__file__).resolve().parents[2] / "companion/ui/hold.kv")
    Builder.unload_file(kv)  # as the app loads a game's widgets: never twice
    Builder.load_file(kv)
    screen = BaseScreen(name="hold_probe")
    cover = HoldCover(hint="Hold here", secret="[b]The Objective is in Room 7[/b]")
    assert len(cover.children) == 3  # the hint, the secret and the footer: the rules once
    screen.add_widget(cover)
    app.sm.add_widget(screen)
    try:
        app.go("hold_probe")
        h.pump()
        finger = touch.Finger()
        finger.down(*touch.centre(cover))
        assert labels_holding("Room 7")
        app.go("choose")
        h.pump()
        assert not labels_holding("Room 7") and not cover.revealed
        finger.up()
        app.go("hold_probe")
        h.pump()
        assert not labels_holding("Room 7")
        finger.down(*touch.centre(cover))
        assert labels_holding("Room 7")
        cover.shown = False  # the screen hides the cover's part: covered
        h.pump()
        assert not labels_holding("Room 7")
        finger.up()
    finally:
        app.go("choose")
        app.sm.remove_widget(screen)
