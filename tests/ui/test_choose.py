"""The choose-game screen (companion/ui/screens/choose.kv) at the panel's 800x480: each game's
tile shows its icon, title and line inside the tile's drawn border, with a margin on every side."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from companion.core import packs

MARGIN = 8  # px between the text and the tile's border, on each side
BORDER = 2  # px: BigButton draws its border this far inside its box


def test_every_tile_text_sits_inside_its_tile_with_a_margin(harness: Any) -> None:
    from kivy.core.window import Window

    from companion.core.packs import all_packs
    from companion.ui.fit import why_cut
    from companion.ui.screens.choose import pages_of

    h = harness
    assert h.app.sm.current == "choose" and tuple(Window.size) == (800, 480)
    count = len(all_packs(include_unavailable=True))
    pages = pages_of(count)
    games: set[str] = set()
    for page in range(len(pages)):  # more than four games: pages of three and a "More games" tile
        h.pump(frames=3)
        tiles = list(h.app.screen("choose").ids.tiles.children)
        assert len(tiles) == len(pages[page]) + (len(pages) > 1)
        games |= {t.action for t in tiles if t.action != "more_games"}
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
        if len(pages) > 1:
            h.tap("more_games")
    assert len(games) == count >= 4


EXTRA = 7  # packs registered beside the shelf's (four or more): eleven games or more, four pages or more


@pytest.fixture
def many_games(tmp_path: Path) -> Iterator[list[str]]:
    """The fixture game's pack registered again under EXTRA other codes: each code a module of
    its own (the registry maps a code to a module whose PACK has that code)."""
    sys.path.insert(0, str(tmp_path))
    sys.path.insert(0, str(Path(__file__).parents[1] / "core"))
    extra = [f"XG{i}" for i in range(1, EXTRA + 1)]
    for i, code in enumerate(extra, 1):
        (tmp_path / f"extra_pack_{code.lower()}.py").write_text(
            "import copy\n"
            "from dataclasses import replace\n"
            "import fixture_game\n"
            "RULES = copy.copy(fixture_game.RULES)\n"
            f"RULES.code, RULES.title = {code!r}, 'Extra game {i}'\n"
            f"PACK = replace(fixture_game.PACK, code={code!r}, title='Extra game {i}', rules=RULES)\n")
        packs.register(code, f"extra_pack_{code.lower()}")
    try:
        yield extra
    finally:
        for code in extra:
            packs.unregister(code)
        sys.path.remove(str(tmp_path))


def test_any_number_of_games_each_reached_by_touch(harness: Any, many_games: list[str]) -> None:
    """Eleven games or more (the shelf and seven): four to a screen, the fourth place a "More games" tile that turns the page
    (from the last back to the first); every game's tile is reached by touch, starts that game,
    and every page fits 800x480 with finger-sized tiles whose text reads whole."""
    from companion.ui import touch
    from companion.ui.fit import why_cut

    h = harness
    app = h.app
    from companion.ui.screens.choose import pages_of

    everyone = packs.codes(include_unavailable=True)
    assert len(everyone) >= 4 + EXTRA and set(many_games) <= set(everyone)
    pages = pages_of(len(everyone))
    app.go("choose")
    h.pump(frames=3)
    seen: dict[str, int] = {}  # tile action -> page
    sizes = set()
    for page, shown in enumerate(pages):  # pages of 3 games (eleven: 3, 3, 3 and 2)
        h.pump(frames=3)
        tiles = list(app.screen("choose").ids.tiles.children)
        assert len(tiles) == len(shown) + 1 and h.visible("more_games")
        for tile in tiles:
            sizes.add((round(tile.width), round(tile.height)))
            assert 0 <= tile.x and tile.right <= 800 and 0 <= tile.y and tile.top <= 480, tile.caption
            assert min(tile.width, tile.height) >= 100 and why_cut(tile) == "", tile.caption
            if tile.action != "more_games":
                seen.setdefault(tile.action, page)
        assert not touch.unreachable() and not touch.small_targets()
        h.tap("more_games")
    assert len(seen) == len(everyone)  # every game on some page
    assert len(sizes) == 1  # the last page's tiles are the size of the others
    assert app.screen("choose").page == 0  # the last page's "More games" went back to the first page
    for code in many_games:
        app.go("choose")
        h.choose_game(f"game:{code}")  # "More games" by touch until its tile shows, then the tile
        assert app.sm.current == "game" and app.controller.rules.code == code
        assert app.screen("game").ids.heading.text == packs.get_pack(code).title
