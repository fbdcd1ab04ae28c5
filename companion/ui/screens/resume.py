"""Every unfinished game in the journal, the newest first: a row each with the game, who plays,
where it stands (its own status words: "Round 2 · Mike's turn") and when it was started. A tap
resumes that game exactly where it was; the list scrolls (a drag)."""

from __future__ import annotations

from datetime import datetime

from companion.ui.packui import moves
from companion.ui.screens import BaseScreen


def when(created: str) -> str:
    """The journal's UTC time stamp as the table's local date and time: "Thu 3 Dec, 20:14"."""
    try:
        at = datetime.fromisoformat(created).astimezone()
    except (TypeError, ValueError):
        return ""
    return f"{at:%a} {at.day} {at:%b}, {at:%H:%M}"


class ResumeScreen(BaseScreen):
    title = "Unfinished games"

    def refresh(self) -> None:
        from kivy.factory import Factory

        c = self.app.controller
        rows = c.unfinished_games()
        box = self.ids.games
        box.clear_widgets()
        for row in rows:
            try:
                ui = c.ui_of(row.code)
                name, players = ui.pack.short or ui.pack.title, ui.players(row)
            except Exception:  # noqa: BLE001 - a game whose pack is not installed stays listed
                name, players = f"{row.code} (not installed)", ""
            first = f"[b]{name}[/b]" + (f" \u00b7 {players}" if players else "")
            second = " \u00b7 ".join(t for t in (c.where(row), when(row.created), f"{moves(row.committed)}") if t)
            b = Factory.ResumeRow(caption=f"{first}\n[color=a89cb0]{second}[/color]",
                                  action=f"resume:{row.id}")
            b.bind(on_release=lambda _b, gid=row.id: self.app.resume(gid))
            box.add_widget(b)
        self.ids.heading.text = (f"{len(rows)} unfinished game{'s' if len(rows) != 1 else ''}: tap one to play on"
                                 if rows else "No unfinished game")
        self.ids.scroller.scroll_y = 1


SCREEN = ResumeScreen
