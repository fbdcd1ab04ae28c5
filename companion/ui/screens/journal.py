"""The journal: every input of this game by its label, with labelled Undo and Redo."""

from __future__ import annotations

from companion.ui.screens import BaseScreen


class JournalScreen(BaseScreen):
    title = "Journal"

    def refresh(self) -> None:
        c = self.app.controller
        done, redo = c.history()
        lines = [f"[color=a89cb0]{i + 1:3d}[/color]  {label}" for i, label in enumerate(done)]
        lines += [f"[color=9a8fa3]  \u21b7  {label} (undone)[/color]" for label in redo]
        self.ids.log.text = "\n".join(lines[-200:]) or "Nothing has happened yet."
        self.ids.scroller.scroll_y = 0
        span, r = self.app.undo_span(), c.redo_label()
        u = span[0] if span else ""
        self.find("undo").caption = (f"Undo: {u}" + (" and the device's answer" if len(span) > 1 else "")
                                     if u else "Nothing to undo")
        self.find("undo").disabled = not u
        self.find("redo").caption = f"Redo: {r}" if r else "Nothing to redo"
        self.find("redo").disabled = not r
        self.find("table").disabled = c.session is None

    def undo(self) -> None:
        self.app.undo()
        self.refresh()

    def redo(self) -> None:
        self.app.redo()
        self.refresh()


SCREEN = JournalScreen
