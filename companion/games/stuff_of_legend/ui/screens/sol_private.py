"""A hero's private cards behind a hand-over step: "Pass the device to Max - tap to look". Only
that seat's observation is shown, and it is covered again on the next tap. A private decision
(the number a peeker tells the table, a Scout Ahead look, a card from a hand the device holds)
is made here, after looking."""

from __future__ import annotations

from typing import Any

from companion.games.stuff_of_legend.common import who
from companion.games.stuff_of_legend.ui import words
from companion.games.stuff_of_legend.ui.screens.common import Choices, private_text
from companion.ui import theme as T
from companion.ui.screens import BaseScreen


class SolPrivateScreen(BaseScreen):
    title = "Private"

    def on_kv_post(self, base: Any) -> None:
        self.revealed = False
        self.queue: list[str] = []  # heroes still to look (set-up: each reads their Loyalty card)
        self.back = "sol_table"
        self.choices = Choices(self.ids.choices, self.pick, self.scan)
        self._seat = ""

    def look(self, seats: list[str], back: str = "sol_table") -> None:
        """Hand the device round `seats`, each looking in turn; then go to `back`."""
        self.queue, self.back, self.revealed = list(seats), back, False
        self.app.go("sol_private")

    def on_leave(self, *_: Any) -> None:
        self.revealed = False
        self.choices.reset()

    def seat(self) -> str:
        c = self.app.controller
        if c.session is None:
            return ""
        return words.private_decision(c.state) or (self.queue[0] if self.queue else "")

    def refresh(self) -> None:
        c = self.app.controller
        if c.session is None or c.rules.code != "SOL":
            return
        s = c.state
        seat = self.seat()
        if seat != self._seat:
            self._seat, self.revealed = seat, False
            self.choices.reset()
        self.ids.cover.shown = not self.revealed
        self.ids.secret.shown = self.revealed
        if not seat:
            self.ids.cover_text.text = "Nothing private to show now."
            self.find("reveal").disabled = True
            return
        name = who(s, seat)
        self.find("reveal").disabled = False
        self.find("reveal").caption = f"I am {name}: tap to look"
        self.ids.cover_text.text = (f"{T.GLYPH_WARN} Pass the device to {name}\n"
                                    f"[size=22]Everyone else: look away.[/size]")
        v = c.view(seat)
        self.ids.secret_text.text = f"[b]{name} only[/b]\n" + private_text(s, v["private"])
        deciding = words.private_decision(s) == seat
        self.ids.ask.text = v["prompt"] if deciding else ""
        hide = self.find("hide")
        hide.caption = "Hide: I have looked" if not deciding else "Hide"
        if deciding and self.revealed:
            self.choices.show(s, c.legal(), primary_first=False)  # no answer is suggested
        else:
            self.ids.choices.clear_widgets()
            self.choices.reset()

    def reveal(self) -> None:
        self.revealed = True
        self.refresh()

    def hide(self) -> None:
        """Covered again; a hero who only looked hands the device on (or back to the table)."""
        self.revealed = False
        c = self.app.controller
        if not words.private_decision(c.state):
            if self.queue:
                self.queue.pop(0)
            if not self.queue:
                self.app.go(c.pending_screen() or self.back)
                return
        self.refresh()

    def pick(self, inp: Any) -> None:
        self.revealed = False  # covered before anything else shows
        self.app.submit(inp)
        self.refresh()

    def scan(self) -> None:
        self.revealed = False
        self.app.go("scan")


SCREEN = SolPrivateScreen
