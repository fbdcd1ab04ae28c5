"""Settings in the UI: mode and difficulty for the next game, sound, voice, camera, serial port,
and the sensor calibration."""

from __future__ import annotations

from typing import Any

from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton

CAMERAS = (("", "Auto"), ("picamera2", "Pi camera"), ("opencv:0", "USB webcam"), ("mock", "Demo"), ("none", "None"))
MODES = (("solo", "Solo"), ("coop", "Co-op"), ("semi", "Semi"), ("competitive", "Compet."))
DIFFS = (("normal", "Normal"), ("hard", "Hard"), ("nightmare", "Nightmare"))
SEATS = (("person", "A player"), ("easy", "Device: Easy"), ("normal", "Device: Normal"), ("hard", "Device: Hard"))


class SettingsScreen(BaseScreen):
    title = "Settings"

    def refresh(self) -> None:
        p = self.app.prefs
        self._row("mode_row", MODES, p.mode, lambda v: self._set("mode", v))
        self._row("diff_row", DIFFS, p.difficulty, lambda v: self._set("difficulty", v))
        self._row("seat_row", SEATS, p.boogeyman, lambda v: self._set("boogeyman", v))
        self._row("cam_row", CAMERAS, p.camera, self._camera)
        self._row("sound_row", ((True, "On"), (False, "Off")), p.sound, lambda v: self._set("sound", v))
        self._row("voice_row", ((True, "On"), (False, "Off")), p.voice, lambda v: self._set("voice", v))
        self.ids.port.text = p.serial_port
        feed = self.app.sensors
        self.ids.port_note.text = (feed.label if feed else "Sensors: off") + (f" \u2014 {feed.error}" if feed and feed.error else "")

    def _row(self, rid: str, options: Any, current: Any, fn: Any) -> None:
        row = self.ids[rid]
        row.clear_widgets()
        for value, text in options:
            on = value == current
            b = BigButton(caption=("\u2714 " if on else "") + text, kind="primary" if on else "normal",
                          font_size=16, action=f"{rid}:{value}", height=50)  # the row's height: no overlap
            b.bind(on_press=lambda btn, value=value: fn(value))
            row.add_widget(b)

    def _set(self, key: str, value: Any) -> None:
        setattr(self.app.prefs, key, value)
        self.app.save_prefs()
        self.refresh()

    def _camera(self, value: str) -> None:
        self._set("camera", value)
        self.app.restart_camera()

    def apply_port(self) -> None:
        self.app.prefs.serial_port = self.ids.port.text.strip()
        self.app.save_prefs()
        self.app.start_sensors()
        self.app.toast("Sensors restarted on " + (self.app.prefs.serial_port or "the virtual board"), "info")
        self.refresh()


SCREEN = SettingsScreen
