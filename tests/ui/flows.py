"""What a person does at the screen, by touches only: the helpers UI tests share. What a pack's
own `shots` may need too (a tap, whether a control shows, sliding a list to a control, turning
the choose screen's pages, a finger held on a cover) lives in the shell: `companion.ui.harness.
Harness` (`tap`, `visible`, `scroll_to`, `choose_game`, `drag`) and `companion.ui.touch`
(`held_down`, `Finger`)."""

from __future__ import annotations

import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator



def start_game(h: Any, mode: str = "coop", kids: tuple[str, ...] = ("mike", "daphne"),
               difficulty: str = "normal") -> None:
    """Choose Boogeyman, the mode, the difficulty and the children, then every set-up step."""
    app = h.app
    assert app.sm.current == "choose"
    h.choose_game("boogeyman")
    h.tap(f"mode:{mode}")
    h.tap(f"difficulty:{difficulty}")
    h.tap("next")
    for k in kids:
        h.tap(f"child:{k}")
    h.tap("next")
    assert app.sm.current == "setup"
    for _ in app.screen("setup").steps:
        h.tap("next")


def tap_zone(h: Any, zone: str) -> None:
    h.tap_widget(h.app.screen("table").ids.map.cells[zone])


def type_text(h: Any, text: str) -> None:
    """On the on-screen keyboard: shift for capitals after the first letter, space, symbols."""
    kb = h.app.keyboard
    assert kb.shown, "the keyboard is not up"
    for ch in text:
        if ch == " ":
            h.tap("key:space")
            continue
        lower = ch.lower()
        if ch.isalpha() or ch in "',.-":
            if kb.mode != "letters":
                h.tap("key:mode")
            if ch.isupper() and not kb.shift:
                h.tap("key:shift")
            h.tap(f"key:{lower}")
        else:
            if kb.mode != "symbols":
                h.tap("key:mode")
            h.tap(f"key:{ch}")


def through_summary(h: Any) -> list[str]:
    """Tap Next through the Boogeyman's-turn steps; returns them."""
    app = h.app
    assert app.summary.shown, "no Boogeyman's-turn summary on screen"
    steps = list(app.summary.steps)
    while app.summary.shown:
        h.tap("summary_next")
    return steps


def table_done(h: Any) -> list[str]:
    """A person does the steps the list shows, if it shows, and taps Done: the next prompt waits
    for it (issue 25). Returns the steps (none when no list was up)."""
    return through_summary(h) if h.app.summary.shown else []


@contextmanager
def panel_app(data: Path) -> Iterator[Any]:
    """An app with the GPIO panel on gpiozero's mock pins (`h.factory`), its data in `data`."""
    from gpiozero.pins.mock import MockFactory

    from companion.ui.harness import Harness

    old = os.environ.get("COMPANION_DATA_DIR")
    os.environ["COMPANION_DATA_DIR"] = str(data)
    factory = MockFactory()
    h = Harness(data, camera="none", pin_factory=factory, draw=False)
    h.factory = factory
    try:
        yield h
    finally:
        h.close()
        factory.reset()
        if old is not None:
            os.environ["COMPANION_DATA_DIR"] = old


def press(h: Any, button: str) -> None:
    """A finger on the panel's button: the pin goes low (it closes to GND), then high; gpiozero's
    thread hands the press to the UI through the Clock."""
    pins = h.app.panel.panel.pins
    pin = h.factory.pin(getattr(pins, button))
    pin.drive_low()
    time.sleep(pins.bounce_s + 0.02)
    pin.drive_high()
    h.pump(0.15)
