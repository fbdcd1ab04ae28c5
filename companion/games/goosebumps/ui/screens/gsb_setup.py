"""Goosebumps set-up: how many players, which chair the automated player takes (and its level),
and the options that change play at the table (the Graveyard shortcut, the 5-6 player start)."""

from __future__ import annotations

from typing import Any

from companion.games.goosebumps.state import MAX_PLAYERS, MIN_PLAYERS, Options
from companion.games.goosebumps.ui import DEVICE, seat_names
from companion.ui import theme as T
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton
from companion.i18n import N_, pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
said = _DOMAIN.said

LEVELS = (("easy", N_("Easy")), ("normal", N_("Normal")), ("hard", N_("Hard")), ("fair", N_("Fair")))
HANDS = (("holder", N_("In the holder")), ("screen", N_("On the screen only")))

# What the device holds, said once, here (issue 25 #8): the table's words for each way.
HOLDER_WORDS = N_("The holder is the card stand beside the board: the automated player's cards go in it face "
                "down, one a numbered slot (slot 1 on the left). Whoever deals them names them in private, "
                "or scans them, and nobody else looks. On its turn the screen says which slot to play; "
                "someone stealing from it picks a slot without looking.")
SCREEN_WORDS = N_("The device deals the automated player's cards from its own shuffle and keeps them on the "
                "screen: nobody sees them and nobody deals it a real card. When it plays a card, or someone "
                "steals one from it, the screen names the card: find that card in the draw pile without "
                "showing the others, lay it face up on the discard pile, then shuffle the draw pile.")


class GsbSetupScreen(BaseScreen):
    title = N_("Goosebumps set-up")

    def on_kv_post(self, base: Any) -> None:
        self.players = 2
        self.device_at = 1  # 0-based chair, -1: no automated player
        self.level = "hard"
        self.hand = "holder"
        self.shortcut = True
        self.alternate = False

    def start(self) -> None:
        level = self.app.prefs.device_level("GSB", DEVICE)
        self.level = level if level in dict(LEVELS) else "hard"
        self.refresh()

    def refresh(self) -> None:
        box = self.ids.body
        box.clear_widgets()
        self.ids.heading.text = _("Goosebumps \u00b7 who plays tonight?")
        box.add_widget(self._row(_("Players"), [(n, str(n), f"players:{n}", n == self.players)
                                             for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)], self._players))
        chairs = [(-1, _("Nobody"), "device_at:-1", self.device_at < 0)]
        chairs += [(i, _("Seat {n}").format(n=i + 1), f"device_at:{i}", i == self.device_at) for i in range(self.players)]
        box.add_widget(self._row(_("Automated player (the device plays this seat)"), chairs, self._device_at, cols=4))
        if self.device_at >= 0:
            box.add_widget(self._row(_("Its level"), [(k, _(w), f"level:{k}", k == self.level) for k, w in LEVELS],
                                     self._level))
            box.add_widget(self._row(_("Its cards"), [(k, _(w), f"hand:{k}", k == self.hand) for k, w in HANDS],
                                     self._hand))
            box.add_widget(self._words(_(HOLDER_WORDS if self.hand == "holder" else SCREEN_WORDS)))
        opts = [("shortcut", _("Graveyard shortcut in play"), "opt:shortcut", self.shortcut)]
        if self.players >= 5:
            opts.append(("alternate", _("Start on R.L. Stine's House"), "opt:alternate", self.alternate))
        box.add_widget(self._row(_("Options"), opts, self._toggle, cols=2))
        names = seat_names(self.players, self.device_at)
        self.ids.seats.text = _("Clockwise from the first player: {names}").format(names=", ".join(said(n) for n in names))

    def _row(self, label: str, items: list[tuple[Any, str, str, bool]], fn: Any, cols: int = 0) -> Any:
        from kivy.factory import Factory
        from kivy.uix.boxlayout import BoxLayout
        from kivy.uix.gridlayout import GridLayout

        row = BoxLayout(orientation="vertical", size_hint_y=None, spacing=4)
        head = round(T.FONT_BODY * 1.2) + 2  # a line at the body size: 26 px, 32 at Large text
        row.add_widget(Factory.Body(text=label, font_size=T.FONT_BODY, color=T.DIM, size_hint_y=None, height=head))
        g = GridLayout(cols=cols or len(items), spacing=6, size_hint_y=None, row_default_height=T.TOUCH,
                       row_force_default=True)
        g.bind(minimum_height=g.setter("height"))
        for value, text, action, on in items:
            b = BigButton(caption=("\u2714 " if on else "\u25cb ") + text, kind="primary" if on else "normal",
                          action=action, font_size=T.FONT_BODY)
            b.bind(on_press=lambda _b, v=value: fn(v))
            g.add_widget(b)
        row.add_widget(g)
        rows = -(-len(items) // (cols or len(items)))
        row.height = head + rows * (T.TOUCH + 6)
        return row

    def _words(self, text: str) -> Any:
        from kivy.factory import Factory

        return Factory.Body(text=text, font_size=T.FONT_BODY)  # wraps to the width, as tall as its lines

    def _hand(self, hand: str) -> None:
        self.hand = hand
        self.refresh()

    def _players(self, n: int) -> None:
        self.players = n
        if self.device_at >= n:
            self.device_at = n - 1
        if n < 5:
            self.alternate = False
        self.refresh()

    def _device_at(self, i: int) -> None:
        self.device_at = i
        self.refresh()

    def _level(self, level: str) -> None:
        self.level = level
        self.refresh()

    def _toggle(self, what: str) -> None:
        if what == "shortcut":
            self.shortcut = not self.shortcut
        else:
            self.alternate = not self.alternate
        self.refresh()

    def options(self) -> Options:
        names = seat_names(self.players, self.device_at)
        return Options(players=self.players, names=names, automated=(DEVICE,) if self.device_at >= 0 else (),
                       device_hand=self.hand if self.device_at >= 0 else "holder",
                       shortcut=self.shortcut, alternate_start=self.alternate)

    def begin(self) -> None:
        app = self.app
        if self.device_at >= 0:
            app.prefs.set_device_level("GSB", DEVICE, self.level)
            app.save_prefs()
        if app.new_game("GSB", self.options()):
            app.go_play()

    def back(self) -> None:
        self.app.go("choose")


SCREEN = GsbSetupScreen
