"""The table: the Time, Attention and Wound tracks, the coin and the decks, the party and the
enemies (all from the "table" observation), what the device did, and the acting seat's choices.
"Look" hands the device to one hero for their private cards."""

from __future__ import annotations

from typing import Any

from companion.games.stuff_of_legend.common import where, who
from companion.games.stuff_of_legend.ui.screens.common import Choices, button, heroes, tracks
from companion.ui.screens import BaseScreen


class SolTableScreen(BaseScreen):
    title = "The Stuff of Legend"

    def on_kv_post(self, base: Any) -> None:
        self.choices = Choices(self.ids.choices, self.pick, self.scan)
        self.looking = False

    def on_leave(self, *_: Any) -> None:
        self.choices.reset()
        self.looking = False

    def refresh(self) -> None:
        app = self.app
        c = app.controller
        if c.session is None or c.rules.code != "SOL":
            return
        s = c.state
        v = c.view()
        self.ids.heading.text = f"Turn {v['turn']} \u00b7 the party in {where(s, v['party'])}"
        self.ids.tracks.text = tracks(s, v)
        self.ids.heroes.text = heroes(v)
        self.ids.prompt.text = v["prompt"]
        self.ids.notices.text = "\n".join(v["notices"][-3:])
        self.find("undo").disabled = not c.undo_label()
        self.find("look").caption = "Back to the choices" if self.looking else "Look at my cards"
        if self.looking:
            self.ids.note.text = "Who looks? The device goes to them, covered."
            grid = self.ids.choices
            grid.clear_widgets()
            self.choices.reset()
            for seat in s.seats:
                grid.add_widget(button(who(s, seat), f"look:{seat}", lambda seat=seat: self.look(seat)))
            return
        target = c.pending_screen()
        if app.seat.think(s):  # the device holds the seat that decides: it thinks off the UI thread
            self.ids.note.text = f"The device is deciding for {who(s, app.seat.seat)}\u2026"
            self.ids.choices.clear_widgets()
            self.choices.reset()
            return
        if target:  # the game waits on another screen (a vote, the coin, a scan, a private choice)
            self.ids.note.text = ""
            self.ids.choices.clear_widgets()
            self.choices.reset()
            self.ids.choices.add_widget(button("Go on \u25b6", "go_on", app.go_play, kind="primary"))
            return
        legal = c.legal()
        self.ids.note.text = "" if legal else ("The game is over." if c.session.finished else "Nothing to do here.")
        self.choices.show(s, legal)

    def pick(self, inp: Any) -> None:
        self.app.submit(inp)

    def scan(self) -> None:
        self.app.go("scan")

    def toggle_look(self) -> None:
        self.looking = not self.looking
        self.choices.reset()
        self.refresh()

    def look(self, seat: str) -> None:
        self.looking = False
        self.app.screen("sol_private").look([seat], back="sol_table")


SCREEN = SolTableScreen
