"""Choose a game (a tile for every registered game pack), and the offer to resume an unfinished one.

Any number of games: the tiles come four to a screen (2x2, finger-sized at 800x480). Up to four
games, that is all; with more, each page shows three games and, in the fourth place, a "More
games" tile that turns to the next page (from the last, back to the first), so every tile keeps
the size and text of the four-game screen.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import N_, _, language, ngettext
from companion.ui.screens import BaseScreen


class ChooseScreen(BaseScreen):
    title = N_("Choose a game")

    def on_kv_post(self, base: Any) -> None:
        self._tiles: tuple[Any, ...] = ()
        self._codes: tuple[str, ...] = ()
        self.page = 0

    def refresh(self) -> None:
        row = self.app.controller.unfinished()
        btn = self.find("resume")
        btn.disabled = row is None
        btn.caption = (_("Resume {game}").format(game=self.app.controller.describe(row)) if row
                       else _("No unfinished game to resume"))
        btn.kind = "primary" if row else "normal"
        # More than one: every unfinished game can be resumed from its own list.
        count = len(self.app.controller.unfinished_games()) if row is not None else 0
        self.ids.more.shown = count > 1
        self.ids.more.caption = (ngettext("All {n} unfinished", "All {n} unfinished", count).format(n=count)
                                 if count > 1 else _("Unfinished games"))
        self._fill()

    def _fill(self) -> None:
        from kivy.factory import Factory

        from companion.core.packs import all_packs
        from companion.ui.packui import ui_for

        packs = all_packs(include_unavailable=True)
        codes = tuple(p.code for p in packs)
        if codes != self._codes:
            self._codes, self.page = codes, 0  # another shelf (a pack registered): the first page
        pages = pages_of(len(packs))
        self.page %= len(pages)
        key = (codes, self.page, language())  # a language chosen since: the tiles again
        if key == self._tiles:
            return
        self._tiles = key
        grid = self.ids.tiles
        grid.clear_widgets()
        for i in pages[self.page]:
            pack = packs[i]
            ui = ui_for(pack)
            icon, caption = ui.tile()
            if not pack.available:
                caption = _("{game}\ncoming soon").format(game=pack.title)
            tile = Factory.GameTile(action=ui.tile_action, icon=icon, caption=caption,
                                    kind="primary" if i == 0 else "normal", disabled=not pack.available)
            tile.bind(on_press=lambda _b, code=pack.code: self.app.choose_game(code))
            grid.add_widget(tile)
        if len(pages) > 1:
            nxt = (self.page + 1) % len(pages)
            first, last = pages[nxt][0] + 1, pages[nxt][-1] + 1
            nxt_words = (_("next: {first} to {last} of {n}") if last > first else _("next: {first} of {n}")).format(
                first=first, last=last, n=len(packs))
            tile = Factory.GameTile(action="more_games", icon="\u25b6", caption=(
                _("More games\npage {page} of {pages}; ").format(page=self.page + 1, pages=len(pages)) + nxt_words))
            tile.bind(on_press=lambda _b: self.turn_page())
            grid.add_widget(tile)

    def turn_page(self) -> None:
        self.page += 1
        self._fill()

    def resume(self) -> None:
        self.app.resume()


def pages_of(count: int, per_screen: int = 4) -> list[list[int]]:
    """The games' indexes on each page: all on one up to `per_screen`; beyond, one place of each
    page is the "More games" tile."""
    if count <= per_screen:
        return [list(range(count))] if count else [[]]
    per = per_screen - 1
    return [list(range(i, min(i + per, count))) for i in range(0, count, per)]


SCREEN = ChooseScreen
