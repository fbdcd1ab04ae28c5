"""The Finale: the Book of Endings is read at the table; the screen asks how it ended, then shows it."""

from __future__ import annotations

from companion.games.boogeyman import inputs as I
from companion.ui.screens import BaseScreen
from companion.ui.plain import for_people
from companion.i18n import N_, pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
said = _DOMAIN.said


class FinaleScreen(BaseScreen):
    title = N_("The Finale")

    def refresh(self) -> None:
        c = self.app.controller
        if c.session is None:
            return
        v = c.view()
        f = v["finale"]
        over = v["phase"] == "over"
        self.ids.heading.text = said(for_people(str(v["prompt"])))
        if over:
            pushed = self.app.seat.pushed_line("boogeyman", "The Boogeyman")  # a fair level's line
            self.ids.detail.text = (_("The sun rises over Villa Spencer.") if v["winner"] == "children"
                                    else _("The shadows keep the house tonight.")) + (f"\n{pushed}" if pushed else "")
        else:
            kids = ", ".join(k.capitalize() for k in f["children"]) or _("nobody")
            self.ids.detail.text = _("Finale room: {room}   \u00b7   Leader: {who}\nIn the room: {kids}\nOpen the Book of "
                                     "Endings at [b]Finale {n}[/b], play it out, then tell the device how it ended.").format(
                room=f['room'], who=f['leader'].capitalize(), kids=kids, n=f['number'])
        for name in ("won", "lost"):
            self.find(name).shown = not over
            self.find(name).size_hint_x = 0.001 if over else 1
        self.find("new").shown = over
        self.find("new").size_hint_x = 1 if over else 0.001

    def outcome(self, children_won: bool) -> None:
        if self.app.submit(I.FinaleOutcome(children_won)):
            self.app.sounds.play("reveal" if children_won else "laugh")

    def new_game(self) -> None:
        self.app.go("choose")


SCREEN = FinaleScreen
