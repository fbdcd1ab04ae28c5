"""The journal: every input of this game by its label, with labelled Undo and Redo."""

from __future__ import annotations

from companion.i18n import N_, _
from companion.ui.screens import BaseScreen


class JournalScreen(BaseScreen):
    title = N_("Journal")

    def refresh(self) -> None:
        c = self.app.controller
        done, redo = c.history()
        lines = [f"[color=a89cb0]{i + 1:3d}[/color]  {label}" for i, label in enumerate(done)]
        lines += ["[color=9a8fa3]  \u21b7  " + _("{what} (undone)").format(what=label) + "[/color]" for label in redo]
        self.ids.log.text = "\n".join(lines[-200:]) or _("Nothing has happened yet.")
        self.ids.scroller.scroll_y = 0
        span, r = self.app.undo_span(), c.redo_label()
        u = span[0] if span else ""
        self.find("undo").caption = ((_("Undo: {what} and the device's answer") if len(span) > 1 else _("Undo: {what}"))
                                     .format(what=u) if u else _("Nothing to undo"))
        self.find("undo").disabled = not u
        self.find("redo").caption = _("Redo: {what}").format(what=r) if r else _("Nothing to redo")
        self.find("redo").disabled = not r
        self.find("table").disabled = c.session is None

    def undo(self) -> None:
        self.app.undo()
        self.refresh()

    def redo(self) -> None:
        self.app.redo()
        self.refresh()


SCREEN = JournalScreen
