"""Choose a game (Boogeyman; the others are coming), and the offer to resume an unfinished one."""

from __future__ import annotations

from companion.ui.screens import BaseScreen


class ChooseScreen(BaseScreen):
    title = "Choose a game"

    def refresh(self) -> None:
        row = self.app.controller.unfinished()
        btn = self.find("resume")
        btn.disabled = row is None
        btn.caption = ("Resume " + self.app.controller.describe(row)) if row else "No unfinished game to resume"
        btn.kind = "primary" if row else "normal"

    def resume(self) -> None:
        c = self.app.controller
        out = c.resume()
        if not out.ok:
            self.app.toast(out.message)
            return
        self.app.go(c.pending_screen() or "table")

    def boogeyman(self) -> None:
        self.app.screen("setup").start()
        self.app.go("setup")


SCREEN = ChooseScreen
