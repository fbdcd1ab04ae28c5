"""A hero's private cards: "Pass the device to Max", then Max holds a finger on the cover to see
their Loyalty card, the exit numbers they saw and their hand (companion/ui/hold.py: shown only
while the finger is down). Only that seat's observation is read. A private decision (the number a
peeker tells the table, a Scout Ahead look, a card from a hand the device holds) is made here:
its buttons are below the cover, and a choice covers everything before it is entered."""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty

from companion.games.stuff_of_legend.common import where, who
from companion.games.stuff_of_legend.state import ScoutPeek, StateNumber
from companion.games.stuff_of_legend.ui import words
from companion.games.stuff_of_legend.ui.screens.common import Choices, private_text
from companion.ui import theme as T
from companion.i18n import pack_domain
from companion.ui.hold import look_seconds
from companion.ui.screens import BaseScreen
from companion.ui.plain import for_people

_ = pack_domain(__file__).gettext


def look_hint(what: str) -> str:
    """What the cover says (companion.ui.hold.look_hint's words, in the device's language)."""
    seconds = look_seconds()
    if seconds:
        return _("tap here to see {what} for {seconds} s").format(what=what, seconds=seconds)
    return _("hold your finger here to see {what}").format(what=what)


class SolPrivateScreen(BaseScreen):
    title = "Private"
    deciding = BooleanProperty(False)  # the holder decides here (choices below the cover)

    def on_kv_post(self, base: Any) -> None:
        self.opened = False  # the device is with the holder (after "I am Max"); else the hand-over
        self.queue: list[str] = []  # heroes still to look (set-up: each reads their Loyalty card)
        self.back = "sol_table"
        self.choices = Choices(self.ids.choices, self.pick, self.scan)
        self._seat = ""
        self._state: Any = None

    def look(self, seats: list[str], back: str = "sol_table") -> None:
        """Hand the device round `seats`, each looking in turn; then go to `back`."""
        self.queue, self.back, self.opened = list(seats), back, False
        self.app.go("sol_private")

    def on_pre_leave(self, *_: Any) -> None:
        self._close()

    def on_leave(self, *_: Any) -> None:
        self._close()
        self.choices.reset()

    def _close(self) -> None:
        """Covered and handed over again: whoever comes back finds nothing private showing."""
        self.ids.look.cover()
        self.opened = False

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
        look = self.ids.look
        seat = self.seat()
        if seat != self._seat:
            self._seat, self.opened = seat, False
            self.choices.reset()
        if s is not self._state:
            self._state = s
            look.cover()  # something happened at the table: look again
        self.ids.cover.shown = not self.opened
        self.ids.secret.shown = self.opened
        self.find("undo").disabled = not c.undo_label()
        if not seat:
            self.ids.cover_text.text = _("Nothing private to show now.")
            self.find("reveal").disabled = True
            look.secret = ""
            return
        name = who(s, seat)
        self.find("reveal").disabled = False
        self.find("reveal").caption = _("I am {who}").format(who=name)
        self.ids.cover_text.text = (f"{T.GLYPH_WARN} " + _("Pass the device to {who}").format(who=name) + "\n"
                                    "[size=22]" + _("Everyone else: look away.") + "[/size]")
        mine = c.view(seat)["private"]  # the holder's own observation, nothing else
        self.deciding = words.private_decision(s) == seat
        # Above the choices the cover is one short line (the full list when it has the screen).
        short = _("what you saw") if isinstance(s.head, (StateNumber, ScoutPeek)) else _("your cards")
        look.hint = f"{name}: " + look_hint(short if self.deciding else self._what(s, mine))
        look.secret = "[b]" + _("{who} only").format(who=name) + "[/b]\n" + private_text(s, mine)
        self.ids.ask.text = for_people(str(c.view(seat)["prompt"])) if self.deciding else ""
        hide = self.find("hide")
        hide.caption = _("Cover it") if self.deciding else (
            _("Done: pass the device on") if len(self.queue) > 1 else _("Done: back to the table"))
        if self.deciding and self.opened:
            self.choices.show(s, c.legal(), primary_first=False)  # no answer is suggested
        else:
            self.ids.choices.clear_widgets()
            self.choices.reset()

    @staticmethod
    def _what(s: Any, mine: dict[str, Any]) -> str:
        parts = [_("your Loyalty card")]
        exits = [where(s, pk["exit"]) for pk in mine.get("peeks", [])]
        if exits:
            parts.append(_("what {spaces} showed").format(spaces=_(" and ").join(exits)))
        if mine.get("seen"):
            parts.append(_("the cards you looked at"))
        if any(mine.get("hand", [])):
            parts.append(_("your hand"))
        return ", ".join(parts[:-1]) + _(" and ") + parts[-1] if len(parts) > 1 else parts[0]

    def reveal(self) -> None:
        """"I am Max": the holder has the device; the cover waits for their finger."""
        self.opened = True
        self.refresh()

    def hide(self) -> None:
        """Covered again; a hero who only looked hands the device on (or back to the table)."""
        self._close()
        c = self.app.controller
        if not words.private_decision(c.state):
            if self.queue:
                self.queue.pop(0)
            if not self.queue:
                self.app.go(c.pending_screen() or self.back)
                return
        self.refresh()

    def pick(self, inp: Any) -> None:
        self.ids.look.cover()  # covered before anything else shows
        self.opened = False
        self.app.submit(inp)
        self.refresh()

    def scan(self) -> None:
        self._close()
        self.app.go("scan")


SCREEN = SolPrivateScreen
