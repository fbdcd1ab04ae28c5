"""The set-up wizard: mode and difficulty, the children in seat order, then each set-up step."""

from __future__ import annotations

from typing import Any

from companion.games.boogeyman.setup import setup_steps
from companion.games.boogeyman.state import CHILDREN, Difficulty, Mode, Options
from companion.ui import theme as T
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton

MODES = {
    "solo": "Solo: one player, several children",
    "coop": "Cooperative: the children against the device",
    "semi": "Semi-cooperative: a Passed Out child becomes the Boogeyman",
    "competitive": "Competitive: one player is the Boogeyman",
}
DIFFICULTIES = {"normal": "Normal", "hard": "Hard: 13 Dark rooms", "nightmare": "Nightmare: all Dark, 2 tokens"}


class SetupScreen(BaseScreen):
    title = "Set-up"

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
            self.ids.heading.text = "1 \u00b7 How do you play tonight?"
            grid = self._grid(2)
            for m, text in self.mode_texts().items():
                grid.add_widget(self._choice(text, m == self.mode, f"mode:{m}", lambda m=m: self._set("mode", m)))
            box.add_widget(grid)
            grid2 = self._grid(3)
            for d, text in DIFFICULTIES.items():
                grid2.add_widget(self._choice(text, d == self.difficulty, f"difficulty:{d}",
                                              lambda d=d: self._set("difficulty", d)))
            box.add_widget(grid2)
            nxt.caption = "Next: children"
        elif self.stage == "children":
            self.ids.heading.text = "2 \u00b7 Tap the children in seat order (clockwise)"
            grid = self._grid(3)
            for k in CHILDREN:
                seat = f"  \u2014 seat {self.kids.index(k) + 1}" + (" (Flashlight)" if self.kids.index(k) == 0 else "") \
                    if k in self.kids else ""
                grid.add_widget(self._choice(f"[b]{k[:1].upper()}[/b] {k.capitalize()}{seat}", k in self.kids,
                                             f"child:{k}", lambda k=k: self._toggle(k)))
            box.add_widget(grid)
            nxt.caption = "Next: set the board up"
            nxt.disabled = not self.kids
        else:
            total = len(self.steps)
            self.ids.heading.text = f"3 \u00b7 Set-up, step {self.step + 1} of {total}"
            from kivy.factory import Factory

            lbl = Factory.Body(text=self.steps[self.step], font_size=24)
            box.add_widget(lbl)
            extra = self._step_detail(self.steps[self.step])
            if extra:
                box.add_widget(Factory.Body(text=extra, font_size=T.FONT_BODY, color=T.DIM))
            nxt.caption = "Start the night" if self.step == total - 1 else "Next step"
        self.find("next").kind = "primary"

    def mode_texts(self) -> dict[str, str]:
        """Competitive says who holds the Boogeyman's seat (Settings -> Boogeyman)."""
        seat = self.app.prefs.boogeyman
        texts = dict(MODES)
        if seat != "person":
            texts["competitive"] = f"Competitive: the device is the Boogeyman ({seat.capitalize()})"
        else:
            texts["competitive"] = "Competitive: one player is the Boogeyman (a private screen)"
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
                return f"{T.GLYPH_DARK} Dark rooms: " + ", ".join(dark)
        if "Put the children" in step and self.app.sensors is not None and not self.app.sensors.virtual:
            fix = self.app.fix_text
            return f"{T.GLYPH_WARN} Sensors: {fix}" if fix else "\u2714 Sensors: every piece is in place"
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
