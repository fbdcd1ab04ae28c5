"""The shell's set-up screen: built from the options a pack declares (companion/core/options.py),
for a pack with no set-up screen of its own.

A row for each declared option, in the order of the pack's `Options`: a button per choice (or
"-" and "+" for a long range of numbers), and for the seats, a row per seat the game has with
the options chosen so far (a number of players changes how many): a person, or the device at
Easy, Normal or Hard. "Start" begins the game with those options; who holds each seat is
recorded with it in the journal, so a resumed game keeps it.
"""

from __future__ import annotations

from typing import Any

from companion.core.errors import IllegalInput
from companion.core.options import HOLDER_WORDS, HOLDERS, Setting, settings_of
from companion.i18n import N_, _, pack_text
from companion.ui import theme as T
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton

SHORT = 6  # a number with this many values or fewer: a button each; more: "-" and "+"
LABEL_W = 190


class GameSetupScreen(BaseScreen):
    title = N_("Set up the game")

    def on_kv_post(self, base: Any) -> None:
        self.ui: Any = None
        self.values: dict[str, Any] = {}

    def start(self) -> None:
        """A new set-up for the game whose tile was tapped: its default options."""
        self.ui = self.app.setting_up
        defaults = self.ui.pack.rules.options_type()
        self.values = {s.name: getattr(defaults, s.name) for s in self.settings()}
        self.refresh()

    def settings(self) -> list[Setting]:
        return settings_of(self.ui.pack.rules.options_type) if self.ui is not None else []

    def options(self) -> Any:
        return self.ui.pack.rules.options_type(**self.values)

    def seats(self) -> tuple[str, ...]:
        """The seats a game with the options chosen so far has."""
        rules = self.ui.pack.rules
        return tuple(rules.seats(rules.setup(self.options(), 0)))

    def refresh(self) -> None:
        if self.ui is None:
            return
        self.ids.heading.text = _("{game} \u00b7 set-up").format(game=self.ui.name())
        box = self.ids.body
        box.clear_widgets()
        for s in self.settings():
            if s.kind == "holders":
                self._holders(box, s)
            elif s.kind == "number" and len(s.values()) > SHORT:
                box.add_widget(self._stepper(s))
            else:
                items = [(v, self._word(w), f"{s.name}:{v}", v == self.values[s.name]) for v, w in s.values()]
                box.add_widget(self._row(self._word(s.label), items, lambda v, n=s.name: self._set(n, v)))

    def _holders(self, box: Any, s: Setting) -> None:
        from kivy.factory import Factory

        seats = self.seats()
        held = tuple(self.values[s.name])[:len(seats)]
        held += ("person",) * (len(seats) - len(held))
        if held != tuple(self.values[s.name]):
            self.values[s.name] = held
        box.add_widget(Factory.Body(text=_("{label}: a person, or the device at a level").format(label=self._word(s.label)),
                                    font_size=T.FONT_BODY, color=T.DIM, halign="left"))  # as tall as its lines
        for i, seat in enumerate(seats):
            items = [(h, _(HOLDER_WORDS[h]), f"{s.name}:{i}:{h}", h == held[i]) for h in HOLDERS]
            box.add_widget(self._row(self._word(seat), items, lambda h, n=s.name, i=i: self._hold(n, i, h)))

    def _word(self, text: str) -> str:
        """A word the game declared (an option's label, a choice, a seat) in the table's language."""
        return pack_text(self.ui.pack.rules, text)

    def _row(self, label: str, items: list[tuple[Any, str, str, bool]], fn: Any) -> Any:
        from kivy.factory import Factory
        from kivy.uix.boxlayout import BoxLayout

        row = BoxLayout(size_hint_y=None, height=T.TOUCH, spacing=6)
        row.add_widget(Factory.FitLabel(text=label, font_size=T.FONT_BODY, min_font=T.FONT_SMALL, size_hint_x=None,
                                        width=LABEL_W, halign="left", valign="middle"))
        for value, text, action, on in items:
            b = BigButton(caption=("\u2714 " if on else "") + text, kind="primary" if on else "normal",
                          action=action, font_size=T.FONT_BODY)
            b.bind(on_press=lambda _b, v=value: fn(v))
            row.add_widget(b)
        return row

    def _stepper(self, s: Setting) -> Any:
        from kivy.factory import Factory

        value = self.values[s.name]
        row = self._row(self._word(s.label), [], None)
        for action, text, to in ((f"{s.name}:down", "\u2212", value - s.step), (f"{s.name}:up", "+", value + s.step)):
            b = BigButton(caption=text, action=action, font_size=T.FONT_PROMPT, size_hint_x=None, width=T.TOUCH * 2,
                          disabled=not s.low <= to <= s.high)
            b.bind(on_press=lambda _b, v=to, n=s.name: self._set(n, v))
            row.add_widget(b)
            if text != "+":
                row.add_widget(Factory.Prompt(text=str(value), size_hint_x=None, width=120))
        row.add_widget(Factory.Widget())
        return row

    def _set(self, name: str, value: Any) -> None:
        before = self.values[name]
        self.values[name] = value
        try:
            self.seats()
        except IllegalInput as exc:  # a combination the rules refuse: said, and nothing changes
            self.values[name] = before
            self.app.toast(str(exc))
        self.refresh()

    def _hold(self, name: str, seat: int, holder: str) -> None:
        held = list(self.values[name])
        held[seat] = holder
        self.values[name] = tuple(held)
        self.refresh()

    def begin(self) -> None:
        if self.app.new_game(self.ui.code, self.options()):
            self.app.go_play()

    def back(self) -> None:
        self.app.go("choose")


SCREEN = GameSetupScreen
