"""Calibrating the sensor mat: put one piece on each zone in turn (companion.sensors' wizard)."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock

from companion.i18n import N_, _, ngettext, pack_said
from companion.sensors.calibration import CalibrationWizard
from companion.ui.screens import BaseScreen


class CalibrateScreen(BaseScreen):
    title = N_("Calibrate the mat")

    def on_kv_post(self, base: Any) -> None:
        self.wizard: CalibrationWizard | None = None
        self._ev: Any = None

    def on_enter(self, *_: Any) -> None:
        board = self.app.board_ui  # the game whose zones the mat reports
        if board is None:
            self.app.toast(_("No game here has a sensor mat to calibrate"))
            self.app.go("settings")
            return
        self.wizard = CalibrationWizard(board.board_name(), board.zones())
        self._ev = Clock.schedule_interval(self._poll, 0.3)
        self.refresh()

    def on_leave(self, *_: Any) -> None:
        if self._ev is not None:
            self._ev.cancel()

    def _poll(self, dt: float) -> None:
        feed = self.app.sensors
        if self.wizard is None or feed is None or feed.link is None:
            return
        self.wizard.observe(frozenset(feed.link.occupied))
        self.refresh()

    def refresh(self) -> None:
        w = self.wizard
        feed = self.app.sensors
        if w is None:
            return
        p = w.prompt
        self.ids.prompt.text = pack_said(None, p.text)  # the wizard's English, in the language shown
        done = len(w.assigned)
        self.ids.detail.text = (ngettext("{done} of {n} zone found, {skipped} skipped. ",
                                         "{done} of {n} zones found, {skipped} skipped. ", len(w.zones)).format(
                                    done=done, n=len(w.zones), skipped=len(w.skipped))
                                + (_("(This is the virtual board: calibration is for a real mat.)")
                                   if feed is not None and feed.virtual else ""))
        self.find("save").disabled = not w.assigned

    def skip(self) -> None:
        if self.wizard is not None:
            self.wizard.skip()
            self.refresh()

    def save(self) -> None:
        if self.wizard is None:
            return
        path = self.app.data_dir / "zone_map.toml"
        self.wizard.result().save(path)
        self.app.prefs.zone_map = str(path)
        self.app.save_prefs()
        self.app.start_sensors()
        self.app.toast(_("Saved the zone map to {path}").format(path=path), "info")
        self.app.go("settings")


SCREEN = CalibrateScreen
