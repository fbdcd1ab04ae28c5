"""Set-up: the heroes in seat order (3-6), what the table holds for real and what the device
holds, then the set-up steps, then the device goes round so each hero reads their Loyalty card."""

from __future__ import annotations

from typing import Any

from companion.games.stuff_of_legend.catalogue import default_catalogue
from companion.games.stuff_of_legend.common import said_words
from companion.games.stuff_of_legend.state import Options
from companion.games.stuff_of_legend.ui import DEVICE_HERO
from companion.i18n import N_, pack_domain
from companion.ui import theme as T
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton

_ = pack_domain(__file__).gettext

# (option, words, ((value, words), ...)): the components a table may hold for real (words shown through _()).
COMPONENTS = (
    ("action_deck", N_("Action cards"), (("physical", N_("Real hands (scan a card played)")),
                                         ("digital", N_("The device deals")))),
    ("board_cards", N_("Board cards"), (("physical", N_("Real cards (scan them)")),
                                        ("digital", N_("The device turns them up")))),
    ("boogeyman_deck", N_("Boogeyman deck"), (("physical", N_("Real deck (scan)")), ("digital", N_("The device draws")))),
    ("exits", N_("Exit tokens"), (("digital", N_("The device hides them")), ("physical", N_("Real tokens (scan unseen)")))),
    ("loyalty", N_("Loyalty cards"), (("digital", N_("The device deals (private)")), ("physical", N_("Real cards")))),
    ("loyalty_completion", N_("The missing Loyalty card"), (("coin", N_("Boy or Boogeyman, unseen")),
                                                            ("boy", N_("Loyal to the Boy")),
                                                            ("boogeyman", N_("To the Boogeyman")))),
)


class SolSetupScreen(BaseScreen):
    title = "Set-up"

    def on_kv_post(self, base: Any) -> None:
        self.start()

    def start(self) -> None:
        self.stage = "heroes"
        self.heroes: list[str] = []
        self.choice = {key: values[0][0] for key, _, values in COMPONENTS}
        self.steps: list[str] = []
        self.step = 0
        if getattr(self, "ids", None) and "body" in self.ids:
            self.refresh()

    def device_plays(self) -> bool:
        try:
            return self.app.prefs.device_level("SOL", DEVICE_HERO) != "person"
        except Exception:  # noqa: BLE001 - no app yet (the screen is being built)
            return False

    def refresh(self) -> None:
        self.title = _("Set-up")  # the status bar's words before the game begins (the shell's _() keeps them)
        box = self.ids.body
        box.clear_widgets()
        nxt = self.find("next")
        nxt.disabled = False
        device = self.device_plays()
        if device:
            self.choice["action_deck"] = "digital"  # the device's hero needs a hand the device holds
        if self.stage == "heroes":
            self.ids.heading.text = "1 \u00b7 " + _("Tap the heroes in seat order, clockwise (3 to 6)")
            grid = self._grid(4)
            for h in default_catalogue().heroes:
                seat = " \u2014 " + _("seat {n}").format(n=self.heroes.index(h.id) + 1) if h.id in self.heroes else ""
                dev = " " + _("(the device)") if device and h.id == DEVICE_HERO else ""
                alt = " " + _("(Alternate)") if h.alternate else ""
                grid.add_widget(self._choice(f"{h.name}{alt}{dev}{seat}", h.id in self.heroes, f"hero:{h.id}",
                                             lambda hid=h.id: self._toggle(hid)))
            box.add_widget(grid)
            nxt.caption = _("Next: the cards")
            nxt.disabled = not 3 <= len(self.heroes) <= 6
        elif self.stage == "table":
            self.ids.heading.text = "2 \u00b7 " + _("What is real on the table, and what the device holds")
            for key, words, values in COMPONENTS:
                from kivy.factory import Factory

                box.add_widget(Factory.Body(text=_(words), font_size=T.FONT_BODY, size_hint_y=None, height=26, color=T.DIM))
                grid = self._grid(len(values))
                for value, text in values:
                    fixed = device and key == "action_deck" and value != "digital"
                    b = self._choice(_(text), self.choice[key] == value, f"{key}:{value}",
                                     lambda key=key, value=value: self._set(key, value))
                    b.disabled = fixed
                    grid.add_widget(b)
                box.add_widget(grid)
            nxt.caption = _("Start: the set-up steps")
        else:
            from kivy.factory import Factory

            total = len(self.steps)
            self.ids.heading.text = "3 \u00b7 " + _("Set-up, step {n} of {total}").format(n=self.step + 1, total=total)
            box.add_widget(Factory.Body(text=said_words(self.steps[self.step]), font_size=24))
            last = self.step == total - 1
            nxt.caption = (_("Pass the device round: Loyalty cards") if last and self.lookers() else
                           _("Start the game") if last else _("Next step"))
        nxt.kind = "primary"
        self.find("check_box").disabled = self.stage == "steps"  # begun: the box is for the next game

    def lookers(self) -> list[str]:
        """Who reads a Loyalty card the device dealt (not the device's own hero)."""
        if self.choice["loyalty"] != "digital":
            return []
        return [h for h in self.heroes if not (self.device_plays() and h == DEVICE_HERO)]

    def options(self) -> Options:
        return Options(players=len(self.heroes), heroes=tuple(self.heroes), **self.choice)  # type: ignore[arg-type]

    def _grid(self, cols: int) -> Any:
        from kivy.uix.gridlayout import GridLayout

        g = GridLayout(cols=cols, spacing=6, size_hint_y=None, row_default_height=T.TOUCH + 4,
                       row_force_default=True)
        g.bind(minimum_height=g.setter("height"))
        return g

    def _choice(self, text: str, on: bool, action: str, fn: Any) -> BigButton:
        b = BigButton(caption=("\u2714 " if on else "\u25cb ") + text, kind="primary" if on else "normal",
                      action=action, font_size=T.FONT_BODY, height=T.TOUCH + 4)
        b.bind(on_press=lambda *_: fn())
        return b

    def _toggle(self, hid: str) -> None:
        if hid in self.heroes:
            self.heroes.remove(hid)
        elif len(self.heroes) < 6:
            self.heroes.append(hid)
        self.refresh()

    def _set(self, key: str, value: str) -> None:
        self.choice[key] = value
        self.refresh()

    def next(self) -> None:
        app = self.app
        if self.stage == "heroes":
            self.stage = "table"
        elif self.stage == "table":
            if not app.new_game("SOL", self.options()):
                return
            app.go("sol_setup")
            self.stage, self.step = "steps", 0
            self.steps = list(app.controller.view()["notices"])  # the set-up the table does by hand
        elif self.step < len(self.steps) - 1:
            self.step += 1
        else:
            later = app.controller.pending_screen() or "sol_table"
            if self.lookers():
                app.screen("sol_private").look(self.lookers(), back=later)
            else:
                app.go(later)
            return
        self.refresh()

    def check_box(self) -> None:
        """The map's and the cards' guesses checked against the table's own box, before the game."""
        self.app.screen("box").open_for("SOL", back="sol_setup")
        self.app.go("box")

    def back(self) -> None:
        if self.stage == "steps" and self.step > 0:
            self.step -= 1
        elif self.stage == "table":
            self.stage = "heroes"
        elif self.stage == "steps":
            self.app.go_play()  # the game has begun: the table (Undo takes it back)
            return
        else:
            self.app.go("choose")
            return
        self.refresh()


SCREEN = SolSetupScreen
