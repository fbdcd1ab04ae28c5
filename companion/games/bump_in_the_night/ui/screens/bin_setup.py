"""Set-up: the colours at the table (clockwise), who starts, the device's monster player (its
colour and level), and the gap settings a table is likely to want to change; then the game."""

from __future__ import annotations

from typing import Any

from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from companion.games.bump_in_the_night.state import COLOURS, Options
from companion.games.bump_in_the_night.ui.widgets import Press, colour_words, fill_buttons
from companion.ui import theme as T
from companion.ui.screens import BaseScreen
from companion.i18n import N_, pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
ngettext = _DOMAIN.ngettext
said = _DOMAIN.said  # a sentence the rules made in English, in the language shown

LEVELS = (("easy", N_("Easy")), ("normal", N_("Normal")), ("hard", N_("Hard")), ("fair", N_("Fair")))
# (option, words when on, words when off): the gaps of docs/games/BIN.md a table most often sets.
TOGGLES = (
    ("table_places_girls", N_("The table places the girls"), N_("The device places the girls")),
    ("scare_optional", N_("Scaring may be declined"), N_("A player must scare if they can")),
    ("move_any_monster", N_("Step 2 may move any monster"), N_("Step 2 moves your own monsters")),
    ("five_off_turn_wins_at_once", N_("Five off-turn wins at once"), N_("Five off-turn wins on your turn")),
)


def _colour(colour: str, chosen: bool) -> str:
    """A colour's name on its button: in the colour on a plain button; in the chosen button's own
    dark text on its candle-flame fill, where yellow or mustard letters would not read."""
    return f"[b]{said(colour.capitalize())}[/b]" if chosen else colour_words(colour)


class BinSetupScreen(BaseScreen):
    title = N_("Bump in the Night: set-up")

    def on_kv_post(self, base: Any) -> None:
        self.start()

    def start(self) -> None:
        self.colours: list[str] = ["red", "yellow"]
        self.first = "red"
        self.monster = "yellow"
        self.level = "hard"
        self.flags = {key: getattr(Options(), key) for key, _, _ in TOGGLES}
        self.ids.scroller.scroll_y = 1  # a new set-up starts at the top of its list
        if self.parent is not None:
            self.refresh()

    def refresh(self) -> None:
        rows = [(_("Colours at the table (tap in seat order, clockwise)"), 6,
                 [(_colour(c, c in self.colours) + (f" {self.colours.index(c) + 1}" if c in self.colours else ""),
                   c in self.colours, f"colour:{c}", lambda c=c: self._toggle(c)) for c in COLOURS]),
                (_("Who starts?"), 6, [(_colour(c, c == self.first), c == self.first, f"first:{c}",
                                     lambda c=c: self._set("first", c)) for c in self.colours]),
                (_("The device plays a monster player"), 4,
                 [(_("Nobody"), not self.monster, "monster:none", lambda: self._set("monster", ""))]
                 + [(_colour(c, c == self.monster), c == self.monster, f"monster:{c}",
                     lambda c=c: self._set("monster", c)) for c in self.colours])]
        if self.monster:
            rows.append((_("Its level"), 3, [(_(w), k == self.level, f"level:{k}", lambda k=k: self._set("level", k))
                                          for k, w in LEVELS]))
        # Each gap is a pair of buttons, the one in play ticked: a button's words are always what
        # the game will do when it is ticked, so a rule that shows unticked is not played
        # (issue 25 #14: "The device places the girls" showed unticked while the device did so).
        rows.append((_("House rules where the rulebook is silent: the ticked one is played"), 2,
                     [item for k, on, off in TOGGLES for item in (
                         (_(off), not self.flags[k], f"opt:{k}:off", lambda k=k: self._put(k, False)),
                         (_(on), self.flags[k], f"opt:{k}:on", lambda k=k: self._put(k, True)))]))
        self._show_rows(rows)
        self.find("start").disabled = len(self.colours) < 2

    def _show_rows(self, rows: list[tuple[str, int, list[Any]]]) -> None:
        """Each row is a heading and a grid of buttons, made once and given new words in place."""
        box = self.ids.body
        have = list(reversed(box.children))  # heading, grid, heading, grid, ...
        for w in have[2 * len(rows):]:
            box.remove_widget(w)
        for k, (heading, cols, items) in enumerate(rows):
            if 2 * k < len(have):
                label, g = have[2 * k], have[2 * k + 1]
            else:
                # As tall as its words at the theme's size (two lines at Large text when they wrap).
                label = Label(font_size=T.FONT_BODY, color=T.DIM, size_hint_y=None, halign="left", markup=True)
                label.bind(width=lambda lbl, w: setattr(lbl, "text_size", (w, None)),
                           texture_size=lambda lbl, ts: setattr(lbl, "height", ts[1] + 2))
                g = GridLayout(spacing=6, size_hint_y=None, row_default_height=T.TOUCH, row_force_default=True)
                g.bind(minimum_height=g.setter("height"))
                box.add_widget(label)
                box.add_widget(g)
            label.text, g.cols = heading, cols
            fill_buttons(g, [Press(("\u2714 " if on else "\u25cb ") + text, action, fn,
                                   "primary" if on else "normal", on="press")
                             for text, on, action, fn in items])

    def _set(self, what: str, value: str) -> None:
        setattr(self, what, value)
        self.refresh()

    def _put(self, key: str, value: bool) -> None:
        self.flags[key] = value
        self.refresh()

    def _toggle(self, colour: str) -> None:
        if colour in self.colours:
            self.colours.remove(colour)
        else:
            self.colours.append(colour)
        if self.first not in self.colours:
            self.first = self.colours[0] if self.colours else ""
        if self.monster and self.monster not in self.colours:
            self.monster = ""
        self.refresh()

    def options(self) -> Options:
        return Options(players=len(self.colours), colours=tuple(self.colours), first=self.first,
                       monster_player=self.monster, **self.flags)

    def begin(self) -> None:
        app = self.app
        for colour in COLOURS:  # Settings' rows: the device holds the monster player's colour only
            app.prefs.set_device_level("BIN", colour, self.level if colour == self.monster else "person")
        app.save_prefs()
        if app.new_game("BIN", self.options()):
            app.go_play()

    def back(self) -> None:
        self.app.go("choose")


SCREEN = BinSetupScreen
