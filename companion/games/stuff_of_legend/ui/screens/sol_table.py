"""The table: the Time, Attention and Wound tracks, the coin and the decks, the party and the
enemies (all from the "table" observation), what the device did, and the acting seat's choices.
"Look" hands the device to one hero for their private cards."""

from __future__ import annotations

from typing import Any

from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.common import said_words, where, who
from companion.games.stuff_of_legend.ui.screens.common import Choices, board, button, heroes, tracks
from companion.i18n import pack_domain
from companion.ui.screens import BaseScreen
from companion.ui.plain import for_people

_ = pack_domain(__file__).gettext


class SolTableScreen(BaseScreen):
    title = "The Stuff of Legend"

    def on_kv_post(self, base: Any) -> None:
        self.choices = Choices(self.ids.choices, self.pick, self.scan)
        self.mode = ""  # "look": who takes the device; "accident" (then "accident:EXIT"): a token seen

    def on_leave(self, *_: Any) -> None:
        self.choices.reset()
        self.mode = ""

    def refresh(self) -> None:
        app = self.app
        c = app.controller
        if c.session is None or c.rules.code != "SOL":
            return
        s = c.state
        v = c.view()
        self.ids.heading.text = _("The party in {space}").format(space=where(s, v["party"]))  # the turn: on the status bar
        self.ids.tracks.text = tracks(s, v)
        self.ids.heroes.text = heroes(v)
        self.ids.board.text = board(s, v)
        self.ids.prompt.text = for_people(str(v["prompt"]))
        self.ids.notices.text = "\n".join(for_people(said_words(n)) for n in v["notices"][-2:])  # the last two lines, large; the rest on the Journal
        self.find("undo").disabled = not c.undo_label()
        self.find("look").caption = _("Back") if self.mode == "look" else _("My cards")  # to the choices
        self.find("accident").caption = _("Back") if self.mode.startswith("accident") else _("A token was seen")
        if self.mode:
            self._special(s, v)
            return
        target = c.pending_screen()
        if app.seat.think(s):  # the device holds the seat that decides: it thinks off the UI thread
            self.ids.note.text = _("The device is deciding for {who}\u2026").format(who=who(s, app.seat.seat))
            self.ids.choices.clear_widgets()
            self.choices.reset()
            return
        if target:  # the game waits on another screen (a vote, the coin, a scan, a private choice)
            self.ids.note.text = ""
            self.ids.choices.clear_widgets()
            self.choices.reset()
            self.ids.choices.add_widget(button(_("Go on") + " \u25b6", "go_on", app.go_play, kind="primary"))
            return
        legal = c.legal()
        self.ids.note.text = "" if legal else (_("The game is over.") if c.session.finished else _("Nothing to do here."))
        self.choices.show(s, legal)

    def pick(self, inp: Any) -> None:
        self.app.submit(inp)

    def scan(self) -> None:
        self.app.go("scan")

    def _special(self, s: Any, v: dict[str, Any]) -> None:
        """Who takes the device to look; or an Exit token everyone saw by accident (SOL-65)."""
        grid = self.ids.choices
        grid.clear_widgets()
        self.choices.reset()
        if self.mode == "look":
            self.ids.note.text = _("Who looks? The device goes to them, covered.")
            for seat in s.seats:
                grid.add_widget(button(who(s, seat), f"look:{seat}", lambda seat=seat: self.look(seat)))
        elif self.mode == "accident":
            self.ids.note.text = _("Which Exit token did everyone see?")
            for e in v["exits"]:
                grid.add_widget(button(e["name"], f"seen:{e['exit']}", lambda e=e["exit"]: self.seen(e)))
        else:
            exit_ = self.mode.split(":", 1)[1]
            self.ids.note.text = _("What number did the token of {space} show?").format(space=where(s, exit_))
            for n in range(1, 8):
                grid.add_widget(button(str(n), f"seen_number:{n}", lambda n=n: self.seen(exit_, n)))

    def toggle(self, mode: str) -> None:
        self.mode = "" if self.mode.startswith(mode) else mode
        self.choices.reset()
        self.refresh()

    def look(self, seat: str) -> None:
        self.mode = ""
        self.app.screen("sol_private").look([seat], back="sol_table")

    def seen(self, exit_: str, number: int | None = None) -> None:
        """With the device holding the tokens it knows the number (0); a real token's is asked."""
        c = self.app.controller
        if number is None and c.state.options.exits == "physical":
            self.mode = f"accident:{exit_}"
            self.refresh()
            return
        self.mode = ""
        self.app.submit(I.AccidentalReveal(exit_, number or 0))
        self.refresh()


SCREEN = SolTableScreen
