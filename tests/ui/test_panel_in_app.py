"""The GPIO control panel inside the app, on gpiozero's mock pins: the buttons press as a person
would (the pin goes low, then high), and what they do is journaled; the LED shows the link, the
buzzer sounds on a reveal."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.state import AdjustRoll, NeedRoll
from tests.ui import flows
from tests.ui.flows import start_game, tap_zone


@pytest.fixture(scope="module")
def panel_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with flows.panel_app(tmp_path_factory.mktemp("panel")) as h:
        yield h


press = flows.press


def test_the_app_creates_the_panel_and_its_buttons_play(panel_app: Any) -> None:
    h = panel_app
    app = h.app
    assert app.panel is not None, "companion run creates the panel when GPIO is there"
    led = h.factory.pin(app.panel.panel.pins.status_led)
    assert h.until(lambda: app.sensors.state == "ok" and bool(led.state), 5)  # steady: the link is ok

    start_game(h, kids=("mike", "daphne"))
    c = app.controller
    tap_zone(h, "4")
    c.submit(I.FlipSwitch("mike"))
    c.submit(I.CardDrawn("BGM:LGHT:02", name="Bats"))
    h.tap("lock")
    assert isinstance(c.pending(), NeedRoll)

    # Roll: the device rolls the pending die; Roll again: the roll stands, no Candy.
    press(h, "roll")
    assert c.history()[0][-1] == "Mike's die: rolled by the device"
    assert isinstance(c.pending(), AdjustRoll)
    press(h, "roll")
    assert c.history()[0][-1] == "Kept the roll"
    # The table's steps (the Lock, the Babysitter's walk): Confirm ticks them one by one.
    while app.summary.shown:
        press(h, "confirm")

    # Undo: the same confirm as on the screen, with the label first; Confirm takes it back.
    done = len(c.history()[0])
    press(h, "undo")
    assert app.confirm.shown and app.confirm.message == "Undo: Kept the roll?"
    press(h, "confirm")
    assert not app.confirm.shown and len(c.history()[0]) == done - 1
    while app.summary.shown:  # what to put back
        press(h, "confirm")
    press(h, "roll")  # the roll stands after all
    assert c.history()[0][-1] == "Kept the roll"
    while app.summary.shown:
        press(h, "confirm")
    press(h, "roll")  # nothing to roll now: a short beep, nothing journaled
    assert c.history()[0][-1] == "Kept the roll"

    # The Boogeyman's turn: the buzzer sounds as it appears; Confirm walks the table through it.
    while c.state.pending:  # whatever the noise led to (the cards are not this test's business)
        c.submit(c.legal()[0])
    buzzer = h.factory.pin(app.panel.panel.pins.buzzer)
    buzzer.clear_states()
    while c.state.round == 1:
        c.submit(I.EndTurn())
    assert app.summary.shown
    assert h.until(lambda: sum(1 for s in buzzer.states if s.state) >= 1, 2)
    while app.summary.shown:
        press(h, "confirm")
    assert c.state.round == 2 and not app.summary.shown
