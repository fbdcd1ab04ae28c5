"""Settings in the UI: the game's own rows (Boogeyman: mode and difficulty for the next game, who
holds the Boogeyman's seat), sound, voice, camera, serial port, the sensor calibration."""

from __future__ import annotations

from typing import Any

from companion.i18n import LANGUAGES, N_, _, language, pack_text
from companion.ui import theme as T
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton

CAMERAS = (("", N_("Auto")), ("picamera2", N_("Pi camera")), ("opencv:0", N_("USB webcam")), ("mock", N_("Demo")),
           ("none", N_("None")))
ON_OFF = ((True, N_("On")), (False, N_("Off")))


LABELS = {"mode": N_("Next game")}  # the rows' words, where the game's own differ


class SettingsScreen(BaseScreen):
    title = N_("Settings")

    def refresh(self) -> None:
        p = self.app.prefs
        self._game_rows()
        # Each language in its own words ("Deutsch"): whoever cannot read this one finds theirs.
        self._row("lang_row", tuple(LANGUAGES.items()), language(), self.app.set_language, words=False)
        self._row("cam_row", CAMERAS, p.camera, self._camera)
        self._row("sound_row", ON_OFF, p.sound, lambda v: self._set("sound", v))
        self._row("voice_row", ON_OFF, p.voice, lambda v: self._set("voice", v))
        self._text_size()
        self.ids.port.text = p.serial_port
        feed = self.app.sensors
        self.ids.port_note.text = (feed.label if feed else _("Sensors: off")) + (f" \u2014 {feed.error}" if feed and feed.error else "")

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
            line.add_widget(Factory.SetLabel(text=pack_text(game.pack.rules, LABELS.get(row.key, row.label))))
            choices = BoxLayout(spacing=3)
            line.add_widget(choices)
            box.add_widget(line)
            self._row(choices, row.options, row.current, lambda v, r=row: (r.choose(v), self.refresh()),
                      f"{row.key}_row", rules=game.pack.rules)

    def _row(self, rid: Any, options: Any, current: Any, fn: Any, name: str = "", words: bool = True,
             rules: Any = None) -> None:
        """A row of choices; `words`: their words are msgids (the game's own, with `rules`)."""
        row = self.ids[rid] if isinstance(rid, str) else rid
        rid = name or rid
        row.clear_widgets()
        for value, text in options:
            on = value == current
            shown = (pack_text(rules, text) if rules is not None else _(text)) if words else text
            b = BigButton(caption=("\u2714 " if on else "") + shown, kind="primary" if on else "normal",
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
        later = _("{size}: from next start")
        normal, big = _("Normal"), _("Large")
        options = ((False, later.format(size=normal) if not large and built_large else normal),
                   (True, _("Large +25 %") if large == built_large else later.format(size=big)))
        self._row("text_row", options, large, self._large_text, "large_text", words=False)

    def _large_text(self, on: bool) -> None:
        self._set("large_text", on)
        if on != (self.app.text_scale > 1.0):
            self.app.toast(_("Large text from the next start of the companion: every screen is then built "
                             "at that size.") if on else
                           _("Normal text from the next start of the companion: every screen is then built "
                             "at that size."), "info")

    def _camera(self, value: str) -> None:
        self._set("camera", value)
        self.app.restart_camera()

    def apply_port(self) -> None:
        self.app.prefs.serial_port = self.ids.port.text.strip()
        self.app.save_prefs()
        self.app.start_sensors()
        self.app.toast(_("Sensors restarted on {port}").format(port=self.app.prefs.serial_port or _("the virtual board")),
                       "info")
        self.refresh()


SCREEN = SettingsScreen
