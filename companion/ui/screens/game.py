"""The generic game screen: any registered game, played with no screens of its own.

It shows what the game's observation says (its prompt and what just happened) and, as buttons, the
inputs the one who acts now may give, in the game's own words (its labels). When the device holds
that seat it thinks instead, off the UI thread, and the screen says so.
"""

from __future__ import annotations

from typing import Any

from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton

MAX_CHOICES = 60  # a screenful to scroll; a game with more needs screens of its own


class GameScreen(BaseScreen):
    title = "The game"

    def on_kv_post(self, base: Any) -> None:
        self._shown: tuple[Any, ...] | None = None

    def refresh(self) -> None:
        app = self.app
        c = app.controller
        if c.session is None:
            return
        v = c.view()
        self.ids.heading.text = c.ui.pack.title
        self.ids.prompt.text = str(v.get("prompt", "")) or ("The game is over" if c.session.finished else "")
        notices = v.get("notices", [])
        self.ids.notices.text = " \u00b7 ".join(str(n) for n in notices[-3:]) if isinstance(notices, list) else ""
        legal = [] if app.seat.think(c.state) else c.legal()
        key = (id(c.state), len(legal))
        self.find("undo").disabled = not c.undo_label()
        if key == self._shown:
            return
        self._shown = key
        grid = self.ids.choices
        grid.clear_widgets()
        if app.seat.plays(c.state):
            self.ids.choices_note.text = "The device is deciding\u2026"
            return
        self.ids.choices_note.text = "" if legal else "Nothing to do here."
        for i, inp in enumerate(legal[:MAX_CHOICES]):
            b = BigButton(caption=c.label(inp), action=f"choice:{i}", font_size=17,
                          kind="primary" if i == 0 else "normal")
            b.bind(on_press=lambda _b, inp=inp: self.choose(inp))
            grid.add_widget(b)
        self.ids.scroller.scroll_y = 1

    def choose(self, inp: Any) -> None:
        self.app.submit(inp)


SCREEN = GameScreen
