"""Every unfinished game in the journal, the newest first: a row each with the game, who plays,
where it stands (its own status words: "Round 2 · Mike's turn") and when it was started. A tap
resumes that game exactly where it was; the list scrolls (a drag)."""

from __future__ import annotations

from datetime import datetime

from companion.i18n import N_, _, ngettext
from companion.ui.packui import moves
from companion.ui.screens import BaseScreen


DAYS = (N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"), N_("Sun"))
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"),
          N_("Oct"), N_("Nov"), N_("Dec"))


def when(created: str) -> str:
    """The journal's UTC time stamp as the table's local date and time, in the table's language:
    "Thu 3 Dec, 20:14", "Do 3. Dez., 20:14"."""
    try:
        at = datetime.fromisoformat(created).astimezone()
    except (TypeError, ValueError):
        return ""
    return _("{weekday} {day} {month}, {time}").format(weekday=_(DAYS[at.weekday()]), day=at.day,
                                                       month=_(MONTHS[at.month - 1]), time=f"{at:%H:%M}")


class ResumeScreen(BaseScreen):
    title = N_("Unfinished games")

    def refresh(self) -> None:
        from kivy.factory import Factory

        c = self.app.controller
        rows = c.unfinished_games()
        box = self.ids.games
        box.clear_widgets()
        for row in rows:
            try:
                ui = c.ui_of(row.code)
                name, players = ui.name(), ui.players(row)
            except Exception:  # noqa: BLE001 - a game whose pack is not installed stays listed
                name, players = _("{code} (not installed)").format(code=row.code), ""
            first = f"[b]{name}[/b]" + (f" \u00b7 {players}" if players else "")
            second = " \u00b7 ".join(t for t in (c.where(row), when(row.created), f"{moves(row.committed)}") if t)
            b = Factory.ResumeRow(caption=f"{first}\n[color=a89cb0]{second}[/color]",
                                  action=f"resume:{row.id}")
            b.bind(on_release=lambda _b, gid=row.id: self.app.resume(gid))
            box.add_widget(b)
        self.ids.heading.text = (ngettext("{n} unfinished game: tap it to play on",
                                          "{n} unfinished games: tap one to play on", len(rows)).format(n=len(rows))
                                 if rows else _("No unfinished game"))
        self.ids.scroller.scroll_y = 1


SCREEN = ResumeScreen
