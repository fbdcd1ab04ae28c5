"""The choose-game screen (companion/ui/screens/choose.kv) at the panel's 800x480: each game's
tile shows its icon, title and line inside the tile's drawn border, with a margin on every side."""

from __future__ import annotations

from typing import Any

MARGIN = 8  # px between the text and the tile's border, on each side
BORDER = 2  # px: BigButton draws its border this far inside its box


def test_every_tile_text_sits_inside_its_tile_with_a_margin(harness: Any) -> None:
    from kivy.core.window import Window

    from companion.core.packs import all_packs
    from companion.ui.fit import why_cut

    h = harness
    assert h.app.sm.current == "choose" and tuple(Window.size) == (800, 480)
    h.pump(frames=3)
    tiles = list(h.app.screen("choose").ids.tiles.children)
    assert len(tiles) == len(all_packs(include_unavailable=True)) >= 4
    for tile in tiles:
        tile.texture_update()
        tw, th = tile.texture_size
        # A Button draws its texture centred in its box.
        left, bottom = tile.center_x - tw / 2, tile.center_y - th / 2
        inner = (tile.x + BORDER + MARGIN, tile.y + BORDER + MARGIN,
                 tile.right - BORDER - MARGIN, tile.top - BORDER - MARGIN)
        where = f"{tile.caption.splitlines()[0]!r}: text {tw:.0f}x{th:.0f} in tile {tile.width:.0f}x{tile.height:.0f}"
        assert inner[0] <= left and left + tw <= inner[2], where
        assert inner[1] <= bottom and bottom + th <= inner[3], where
        assert why_cut(tile) == "", where
        assert 0 <= tile.x and tile.right <= 800 and 0 <= tile.y and tile.top <= 480, where
