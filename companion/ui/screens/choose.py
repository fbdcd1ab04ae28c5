"""Choose a game (a tile for every registered game pack), and the offer to resume an unfinished one."""

from __future__ import annotations

from typing import Any

from companion.ui.screens import BaseScreen


class ChooseScreen(BaseScreen):
    title = "Choose a game"

    def on_kv_post(self, base: Any) -> None:
        self._tiles: tuple[str, ...] = ()

    def refresh(self) -> None:
        row = self.app.controller.unfinished()
        btn = self.find("resume")
        btn.disabled = row is None
        btn.caption = ("Resume " + self.app.controller.describe(row)) if row else "No unfinished game to resume"
        btn.kind = "primary" if row else "normal"
        # More than one: every unfinished game can be resumed from its own list.
        count = len(self.app.controller.unfinished_games()) if row is not None else 0
        self.ids.more.shown = count > 1
        self.ids.more.caption = f"All {count} unfinished" if count > 1 else "Unfinished games"
        self._fill()

    def _fill(self) -> None:
        from kivy.factory import Factory

        from companion.core.packs import all_packs
        from companion.ui.packui import ui_for

        packs = all_packs(include_unavailable=True)
        key = tuple(p.code for p in packs)
        if key == self._tiles:
            return
        self._tiles = key
        grid = self.ids.tiles
        grid.clear_widgets()
        for i, pack in enumerate(packs):
            ui = ui_for(pack)
            icon, caption = ui.tile()
            if not pack.available:
                caption = f"{pack.title}\n[size=15]coming soon[/size]"
            tile = Factory.GameTile(action=ui.tile_action, icon=icon, caption=caption,
                                    kind="primary" if i == 0 else "normal", disabled=not pack.available)
            tile.bind(on_press=lambda _b, code=pack.code: self.app.choose_game(code))
            grid.add_widget(tile)

    def resume(self) -> None:
        self.app.resume()


SCREEN = ChooseScreen
