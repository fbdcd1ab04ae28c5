"""The control panel: three big buttons, a status LED and a buzzer on the Pi's GPIO.

    panel = ControlPanel()                       # pins from hardware/pins.toml
    panel.on_press(lambda button: Clock.schedule_once(lambda dt: app.pressed(button)))
    panel.show_link("ok")

Runs unchanged with GPIOZERO_PIN_FACTORY=mock (no Pi needed). Callbacks run on gpiozero's own
thread: hand them to your loop.
"""

from __future__ import annotations

import threading
from typing import Any, Callable

from companion.controls.pins import ControlPins, ControlsError, load_control_pins

BUTTONS = ("confirm", "roll", "undo")
# Link state -> status LED: (on seconds, off seconds); None = steady.
LED_PATTERNS: dict[str, tuple[float, float] | None] = {
    "ok": None,
    "syncing": (0.1, 0.1),
    "stale": (0.5, 0.5),
    "down": (0.1, 0.9),
}


class ControlPanel:
    def __init__(self, pins: ControlPins | None = None, pin_factory: Any = None) -> None:
        try:
            from gpiozero import LED, Button, Buzzer
        except ImportError as exc:  # pragma: no cover - gpiozero is a dependency
            raise ControlsError(f"gpiozero is not installed: {exc}") from exc
        self.pins = pins or load_control_pins()
        kw = {"pin_factory": pin_factory} if pin_factory is not None else {}
        try:
            self.buttons = {
                name: Button(getattr(self.pins, name), pull_up=True, bounce_time=self.pins.bounce_s or None, **kw)
                for name in BUTTONS
            }
            self.status_led = LED(self.pins.status_led, **kw)
            self.buzzer = Buzzer(self.pins.buzzer, **kw)
        except Exception as exc:  # gpiozero: BadPinFactory, PinInUse, no GPIO on this machine
            raise ControlsError(
                f"cannot use the GPIO controls ({type(exc).__name__}: {exc}); "
                "off a Pi, run with GPIOZERO_PIN_FACTORY=mock"
            ) from exc
        self._listeners: list[Callable[[str], None]] = []
        self._lock = threading.Lock()
        for name, button in self.buttons.items():
            button.when_pressed = lambda _dev=None, n=name: self._pressed(n)

    def on_press(self, listener: Callable[[str], None]) -> None:
        """listener("confirm" | "roll" | "undo") on each press."""
        with self._lock:
            self._listeners.append(listener)

    def _pressed(self, name: str) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            listener(name)

    def show_link(self, state: str) -> None:
        """The sensor link's state on the status LED: steady when ok, blinking otherwise."""
        if state not in LED_PATTERNS:
            raise ValueError(f"unknown link state {state!r}; expected one of {sorted(LED_PATTERNS)}")
        pattern = LED_PATTERNS[state]
        if pattern is None:
            self.status_led.on()
        else:
            self.status_led.blink(on_time=pattern[0], off_time=pattern[1], background=True)

    def beep(self, times: int = 1, length: float = 0.08) -> None:
        """Short beeps (a move needs fixing, an ambiguous move needs an answer)."""
        self.buzzer.blink(on_time=length, off_time=length, n=times, background=True)

    def close(self) -> None:
        for device in (*self.buttons.values(), self.status_led, self.buzzer):
            device.close()
