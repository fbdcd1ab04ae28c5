"""The set-up wizard: mode and difficulty, the children in seat order, then each set-up step."""

from __future__ import annotations

from typing import Any

from companion.games.boogeyman.setup import setup_steps
from companion.games.boogeyman.state import CHILDREN, Difficulty, Mode, Options
from companion.ui import theme as T
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton
from companion.i18n import N_, pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
said = _DOMAIN.said

MODES = {
    "solo": N_("Solo: one player, several children"),
    "coop": N_("Cooperative: the children against the device"),
    "semi": N_("Semi-cooperative: a Passed Out child becomes the Boogeyman"),
    "competitive": N_("Competitive: one player is the Boogeyman"),
}
DIFFICULTIES = {"normal": "Normal", "hard": N_("Hard: 13 Dark rooms"), "nightmare": N_("Nightmare: all Dark, 2 tokens")}


class SetupScreen(BaseScreen):
    title = N_("Set-up")

    def on_kv_post(self, base: Any) -> None:
        self.stage = "mode"
        self.mode = "coop"
        self.difficulty = "normal"
        self.kids: list[str] = []
        self.steps: list[str] = []
        self.step = 0

    def start(self) -> None:
        prefs = self.app.prefs
        self.stage, self.mode, self.difficulty, self.kids, self.step = "mode", prefs.mode, prefs.difficulty, [], 0
        self.refresh()

    def refresh(self) -> None:
        box = self.ids.body
        box.clear_widgets()
        nxt = self.find("next")
        nxt.disabled = False
        if self.stage == "mode":
            self.ids.heading.text = "1 \u00b7 " + _("How do you play tonight?")
            grid = self._grid(2)
            for m, text in self.mode_texts().items():
                grid.add_widget(self._choice(_(text), m == self.mode, f"mode:{m}", lambda m=m: self._set("mode", m)))
            box.add_widget(grid)
            grid2 = self._grid(3)
            for d, text in DIFFICULTIES.items():
                grid2.add_widget(self._choice(_(text), d == self.difficulty, f"difficulty:{d}",
                                              lambda d=d: self._set("difficulty", d)))
            box.add_widget(grid2)
            nxt.caption = _("Next: children")
        elif self.stage == "children":
            self.ids.heading.text = "2 \u00b7 " + _("Tap the children in seat order (clockwise)")
            grid = self._grid(3)
            for k in CHILDREN:
                seat = "  \u2014 " + (_("seat {n} (Flashlight)") if self.kids.index(k) == 0 else _("seat {n}")).format(
                    n=self.kids.index(k) + 1) if k in self.kids else ""
                grid.add_widget(self._choice(f"[b]{k[:1].upper()}[/b] {k.capitalize()}{seat}", k in self.kids,
                                             f"child:{k}", lambda k=k: self._toggle(k)))
            box.add_widget(grid)
            nxt.caption = _("Next: set the board up")
            nxt.disabled = not self.kids
        else:
            total = len(self.steps)
            self.ids.heading.text = "3 \u00b7 " + _("Set-up, step {n} of {total}").format(n=self.step + 1, total=total)
            from kivy.factory import Factory

            lbl = Factory.Body(text=said(self.steps[self.step]), font_size=24)
            box.add_widget(lbl)
            extra = self._step_detail(self.steps[self.step])
            if extra:
                box.add_widget(Factory.Body(text=extra, font_size=T.FONT_BODY, color=T.DIM))
            nxt.caption = _("Start the night") if self.step == total - 1 else _("Next step")
        self.find("next").kind = "primary"

    def mode_texts(self) -> dict[str, str]:
        """Competitive says who holds the Boogeyman's seat (Settings -> Boogeyman)."""
        seat = self.app.prefs.boogeyman
        texts = dict(MODES)
        if seat != "person":
            texts["competitive"] = _("Competitive: the device is the Boogeyman ({level})").format(level=_(seat.capitalize()))
        else:
            texts["competitive"] = _("Competitive: one player is the Boogeyman (a private screen)")
        return texts

    def _grid(self, cols: int) -> Any:
        from kivy.uix.gridlayout import GridLayout

        g = GridLayout(cols=cols, spacing=6, size_hint_y=None, row_default_height=T.TOUCH + 8,
                       row_force_default=True)
        g.bind(minimum_height=g.setter("height"))
        return g

    def _choice(self, text: str, on: bool, action: str, fn: Any) -> BigButton:
        b = BigButton(caption=("\u2714 " if on else "\u25cb ") + text, kind="primary" if on else "normal",
                      action=action, font_size=T.FONT_BODY, height=T.TOUCH + 8)
        b.bind(on_press=lambda *_: fn())
        return b

    def _set(self, what: str, value: str) -> None:
        setattr(self, what, value)
        self.refresh()

    def _toggle(self, kid: str) -> None:
        if kid in self.kids:
            self.kids.remove(kid)
        elif len(self.kids) < 6:
            self.kids.append(kid)
        self.refresh()

    def _step_detail(self, step: str) -> str:
        c = self.app.controller
        if c.session is None:
            return ""
        v = c.view()
        if "Hard Mode" in step or "Light/Dark" in step:
            dark = sorted((z for z, r in v["rooms"].items() if r["switch"] == "dark"), key=int)
            if dark and len(dark) < len(v["rooms"]):
                return f"{T.GLYPH_DARK} " + _("Dark rooms: {rooms}").format(rooms=", ".join(dark))
        if "Put the children" in step and self.app.sensors is not None and not self.app.sensors.virtual:
            fix = self.app.fix_text
            return (f"{T.GLYPH_WARN} " + _("Sensors: {fix}").format(fix=said(fix)) if fix
                    else "\u2714 " + _("Sensors: every piece is in place"))
        return ""

    def next(self) -> None:
        app = self.app
        if self.stage == "mode":
            self.stage = "children"
        elif self.stage == "children":
            device = self.mode == "competitive" and app.prefs.boogeyman != "person"
            opts = Options(mode=Mode(self.mode), difficulty=Difficulty(self.difficulty), children=tuple(self.kids),
                           device_boogeyman=device)
            if not app.new_game("BGM", opts):
                return
            app.go("setup")
            self.stage, self.steps, self.step = "steps", setup_steps(opts), 0
        elif self.step < len(self.steps) - 1:
            self.step += 1
        else:
            target = app.controller.pending_screen()
            if target and app.seat.plays(app.controller.state):
                target = ""  # the device is still hiding its Objectives: its private screen stays shut
            app.go(target or "table")
            return
        self.refresh()

    def back(self) -> None:
        if self.stage == "steps" and self.step > 0:
            self.step -= 1
        elif self.stage == "steps":
            self.stage = "children"
        elif self.stage == "children":
            self.stage = "mode"
        else:
            self.app.go("choose")
            return
        self.refresh()


SCREEN = SetupScreen
