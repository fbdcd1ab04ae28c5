"""The tray check in Settings: is the camera set up so every sticker reads, and if not, what to change
(companion.scan.traycheck). Looks at live frames of the tray check sticker (or any card) off the UI
thread; the report comes back through Clock."""

from __future__ import annotations

import threading
from typing import Any

from companion.i18n import N_, _, pack_said
from companion.ui.screens import BaseScreen

FRAMES = 8  # live frames per check: a second or two on a Pi


class TrayCheckScreen(BaseScreen):
    title = N_("Tray check")

    def on_kv_post(self, base: Any) -> None:
        self.report: Any = None
        self.busy = False

    def on_enter(self, *_: Any) -> None:
        self.run_check()

    def run_check(self) -> None:
        if self.busy:
            return
        self.busy = True
        self.report = None
        self.ids.verdict.text = _("Looking at the tray\u2026")
        self.ids.report.text = _("Lay the tray check sticker (or any card) where cards are shown.")
        self.find("check_again").disabled = True
        threading.Thread(target=self._check, name="tray-check", daemon=True).start()

    def _check(self) -> None:
        from companion.scan.traycheck import check

        scanner = self.app.scanner
        try:
            if not scanner.open():
                raise RuntimeError(scanner.error or "no camera")
            report = check(scanner.camera, FRAMES, scanner.game,
                           progress=lambda n: self.app.later(lambda: self._progress(n)))
        except Exception as exc:  # noqa: BLE001 - a camera that fails is reported, not a crash
            message = str(exc)
            self.app.later(lambda: self._failed(message))
            return
        self.app.later(lambda: self._show(report))

    def _progress(self, n: int) -> None:
        if self.busy:
            self.ids.verdict.text = _("Looking at the tray\u2026 frame {n} of {total}").format(n=n, total=FRAMES)

    def _failed(self, message: str) -> None:
        self.busy = False
        self.find("check_again").disabled = False
        self.ids.verdict.text = _("No camera to check")
        self.ids.report.text = _("{message}. Choose a camera above the tray in Settings.").format(message=message)

    def _show(self, report: Any) -> None:
        self.busy = False
        self.report = report
        self.find("check_again").disabled = False
        # The report's English sentences, each in the language shown (companion.scan.traycheck.SHAPES)
        self.ids.verdict.text = " ".join(pack_said(None, a) for a in report.advice) if report.advice else pack_said(None, report.verdict)
        self.ids.report.text = "\n".join(pack_said(None, line) for line in report.lines()[:-1])


SCREEN = TrayCheckScreen
