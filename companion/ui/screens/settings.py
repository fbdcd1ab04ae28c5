"""Settings in the UI: the game's own rows (Boogeyman: mode and difficulty for the next game, who
holds the Boogeyman's seat), sound, voice, camera, serial port, the sensor calibration."""

from __future__ import annotations

from typing import Any

from companion.ui import theme as T
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton

CAMERAS = (("", "Auto"), ("picamera2", "Pi camera"), ("opencv:0", "USB webcam"), ("mock", "Demo"), ("none", "None"))


LABELS = {"mode": "Next game"}  # the rows' words, where the game's own differ


class SettingsScreen(BaseScreen):
    title = "Settings"

    def refresh(self) -> None:
        p = self.app.prefs
        self._game_rows()
        self._row("cam_row", CAMERAS, p.camera, self._camera)
        self._row("sound_row", ((True, "On"), (False, "Off")), p.sound, lambda v: self._set("sound", v))
        self._row("voice_row", ((True, "On"), (False, "Off")), p.voice, lambda v: self._set("voice", v))
        self._text_size()
        self.ids.port.text = p.serial_port
        feed = self.app.sensors
        self.ids.port_note.text = (feed.label if feed else "Sensors: off") + (f" \u2014 {feed.error}" if feed and feed.error else "")

    def _game_rows(self) -> None:
        """The rows of the game being played (else of the first game on the shelf)."""
        from kivy.factory import Factory
        from kivy.uix.boxlayout import BoxLayout

        app = self.app
        box = self.ids.game_rows
        box.clear_widgets()
        game = app.game or app.shelf_ui()
        for row in game.settings(app) if game is not None else ():
            line = Factory.SetRow()
            line.add_widget(Factory.SetLabel(text=LABELS.get(row.key, row.label)))
            choices = BoxLayout(spacing=3)
            line.add_widget(choices)
            box.add_widget(line)
            self._row(choices, row.options, row.current, lambda v, r=row: (r.choose(v), self.refresh()),
                      f"{row.key}_row")

    def _row(self, rid: Any, options: Any, current: Any, fn: Any, name: str = "") -> None:
        row = self.ids[rid] if isinstance(rid, str) else rid
        rid = name or rid
        row.clear_widgets()
        for value, text in options:
            on = value == current
            b = BigButton(caption=("\u2714 " if on else "") + text, kind="primary" if on else "normal",
                          font_size=T.FONT_BODY, action=f"{rid}:{value}", height=50)  # the row's height: no overlap
            b.bind(on_press=lambda btn, value=value: fn(value))
            row.add_widget(b)

    def _set(self, key: str, value: Any) -> None:
        setattr(self.app.prefs, key, value)
        self.app.save_prefs()
        self.refresh()

    def _text_size(self) -> None:
        """Normal or Large text (+25 %, theme.LARGE). The screens are built at start, so a change
        takes effect at the next start: the chosen button says so until then."""
        large = self.app.prefs.large_text
        built_large = self.app.text_scale > 1.0
        later = ": from next start"
        options = ((False, "Normal" + (later if not large and built_large else "")),
                   (True, "Large +25 %" if large == built_large else "Large" + later))
        self._row("text_row", options, large, self._large_text, "large_text")

    def _large_text(self, on: bool) -> None:
        self._set("large_text", on)
        if on != (self.app.text_scale > 1.0):
            self.app.toast(("Large" if on else "Normal") + " text from the next start of the companion: every "
                           "screen is then built at that size.", "info")

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
