"""The generic game screen: any registered game, played with no screens of its own.

It shows what the game's observation says (its prompt and what just happened) and, as buttons, the
inputs the one who acts now may give, in the game's own words (its labels). When the device holds
that seat it thinks instead, off the UI thread, and the screen says so.

Any number of choices: the buttons take as many columns (two to six) as their captions still read
whole in, until every row fits the screen, so a die's seven (six faces and "roll for me") show at
once; more than a screenful scroll with a finger, in the most columns their captions allow.
"""

from __future__ import annotations

import math
from typing import Any

from companion.i18n import N_, _, language, pack_text
from companion.ui import theme as T
from companion.ui.fit import why_cut
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton
from companion.ui.plain import for_people

MAX_CHOICES = 60  # a screenful to scroll; a game with more needs screens of its own
MAX_TOLD = 60  # the device's inputs told back at most
COLUMNS = (2, 3, 4, 5, 6)  # the grid's columns, fewest first: wide buttons while they all fit


class GameScreen(BaseScreen):
    title = N_("The game")

    def on_kv_post(self, base: Any) -> None:
        self._shown: tuple[Any, ...] | None = None
        self.ids.scroller.bind(size=self._arrange)

    def refresh(self) -> None:
        app = self.app
        c = app.controller
        if c.session is None:
            return
        v = c.view()
        self.ids.heading.text = pack_text(c.rules, c.ui.pack.title)
        self.ids.prompt.text = for_people(str(v.get("prompt", ""))) or (_("The game is over") if c.session.finished else "")
        self.ids.notices.text = " \u00b7 ".join(self._told(c, v))
        legal = [] if app.seat.think(c.state) else c.legal()
        key = (id(c.state), len(legal), language())  # a language chosen since: the buttons again
        self.find("undo").disabled = not c.undo_label()
        if key == self._shown:
            return
        self._shown = key
        grid = self.ids.choices
        grid.clear_widgets()
        if app.seat.plays(c.state):  # its own die, rolled by itself, or its decision
            rolling = c.actor().kind == "chance"
            self.ids.choices_note.text = _("The device rolls its die\u2026") if rolling else _("The device is deciding\u2026")
            return
        self.ids.choices_note.text = "" if legal else (
            _("The game is over: \u2630 Games for another one.") if c.session.finished else _("Nothing to do here."))
        # A die's faces are what the table's die shows: none is the one to press (the panel's
        # Confirm presses the primary button; the play-test of issue 25 saw "rolled a 1" lit).
        chance = c.actor().kind == "chance"
        for i, inp in enumerate(legal[:MAX_CHOICES]):
            b = BigButton(caption=c.label(inp), action=f"choice:{i}", font_size=T.FONT_BODY,
                          kind="primary" if i == 0 and not chance else "normal")
            b.bind(on_press=lambda _b, inp=inp: self.choose(inp))
            grid.add_widget(b)
        self._arrange()
        self.ids.scroller.scroll_y = 1

    def _told(self, c: Any, v: dict[str, Any]) -> list[str]:
        """What just happened: after the device's own inputs, its turn whole, oldest first (each die
        it rolled, not only the last; the play-test of issue 25 saw "the device rolled a 1 for
        Player 2" alone for a turn of two rolls), then the game's latest notices. A line the game
        says again with a newer value ("Scores: ...") is said once, as it is now."""
        now = [str(n) for n in v.get("notices", [])] if isinstance(v.get("notices"), list) else []
        keys = {n.split(":")[0] for n in now}
        turn: list[str] = []
        plays = self.app.seat.plays
        back = 0
        try:
            while back < MAX_TOLD and plays(c.session.earlier(back + 1)):
                back += 1
        except IndexError:  # the game's first input
            pass
        def said(back: int) -> list[str]:
            seen = c.rules.view(c.session.earlier(back), "table").get("notices", [])
            return [str(n) for n in seen] if isinstance(seen, list) else []

        for k in range(back, 1, -1):  # the notices each of the device's inputs but the last added
            before, after = said(k), said(k - 1)
            turn += [n for n in after if n not in before and n.split(":")[0] not in keys]
        return [for_people(n) for n in turn + now[-3:]]  # a 6 rolled twice is said twice

    def _arrange(self, *_: Any) -> None:
        """The fewest columns in which every choice shows at once, if the captions read whole in
        them; else the most columns they read whole in (the rest scrolls)."""
        grid, view = self.ids.choices, self.ids.scroller
        buttons = list(grid.children)
        if not buttons or view.width < 2 * T.TOUCH:  # not laid out yet: again when it is
            return
        gap = grid.spacing[0]
        rows = max(1, int((view.height + grid.spacing[1]) // (T.TOUCH + grid.spacing[1])))
        cols = COLUMNS[0]
        for n in COLUMNS:
            if n > COLUMNS[0] and not self._reads_whole(buttons, (view.width - gap * (n - 1)) / n):
                break
            cols = n
            if math.ceil(len(buttons) / n) <= rows:
                break
        grid.cols = cols

    @staticmethod
    def _reads_whole(buttons: list[Any], width: float) -> bool:
        """Every caption whole in a button `width` wide (and a touch tall): tried on the buttons
        themselves, then given back to the grid."""
        whole = True
        for b in buttons:
            size_hint, size = tuple(b.size_hint), tuple(b.size)
            b.size_hint, b.size = (None, None), (width, T.TOUCH)
            whole = why_cut(b) == ""
            b.size_hint, b.size = size_hint, size
            if not whole:
                break
        return whole

    def choose(self, inp: Any) -> None:
        self.app.submit(inp)


SCREEN = GameScreen
