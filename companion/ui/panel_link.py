"""The GPIO control panel in the app: opened when the Pi's GPIO is there (gpiozero's pin factories,
`GPIOZERO_PIN_FACTORY=mock` or a factory passed in under test), quietly absent otherwise.

No Kivy: presses reach the app through `schedule` (the app passes Clock), so they are handled on
the UI thread like taps.
"""

from __future__ import annotations

import logging
import warnings
from typing import Any, Callable

from companion.controls.pins import ControlsError, PinMapError

log = logging.getLogger(__name__)
Schedule = Callable[[Callable[[], None]], None]


class PanelLink:
    def __init__(self, panel: Any, schedule: Schedule, pressed: Callable[[str], None]) -> None:
        self.panel = panel
        self._link = ""
        panel.on_press(lambda name: schedule(lambda: pressed(name)))

    @classmethod
    def open(cls, schedule: Schedule, pressed: Callable[[str], None], pin_factory: Any = None) -> "PanelLink | None":
        """The panel, or None on a machine without GPIO (a laptop). A broken pin map is a real
        error: it is logged as one."""
        from companion.controls.panel import ControlPanel

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # gpiozero tells of every pin factory it tries
                panel = ControlPanel(pin_factory=pin_factory)
        except PinMapError as exc:
            log.error("GPIO controls: %s", exc)
            return None
        except ControlsError as exc:
            log.info("no GPIO controls here: %s", exc)
            return None
        return cls(panel, schedule, pressed)

    def show_link(self, state: str) -> None:
        """The sensor link's state on the status LED (only when it changes)."""
        if state != self._link:
            self._link = state
            try:
                self.panel.show_link(state)
            except ValueError:
                self.panel.show_link("down")

    def beep(self, times: int = 1) -> None:
        self.panel.beep(times)

    def close(self) -> None:
        self.panel.close()
