from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from cards_qr.codes import all_codes
from cards_qr.sheet import MIN_PX_PER_MODULE, PAPERS, STYLES, SheetError, layout, px_per_module, write_sheet
from companion.cli import main
from companion.scan.decoder import Decoder
from tests.cards_qr.pdf_pages import pdf_pages


def _render(pdf: Path, dpi: int) -> list[np.ndarray]:
    return pdf_pages(pdf, dpi)


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("game", ["BGM", "SOL", "BIN", "GSB", "all"])
def test_layout_places_every_code_once_inside_the_page(game: str, paper: str) -> None:
    pages = layout(game, paper)
    placed = [str(p.code) for page in pages for p in page.stickers]
    want = [str(c) for c in all_codes(None if game == "all" else game)]
    assert Counter(placed) == Counter(want)
    w, h = PAPERS[paper]
    for page in pages:
        assert f"({page.game})" in page.header  # the header names the game and every deck on the page
        assert all(p.code.deck in page.header for p in page.stickers)
        assert all(p.code.game == page.game for p in page.stickers)
        for p in page.stickers:
            assert 0 < p.x_mm and p.x_mm + p.style.width_mm < w and 0 < p.y_mm and p.y_mm + p.style.height_mm < h
        boxes = [(p.x_mm, p.y_mm, p.x_mm + p.style.width_mm, p.y_mm + p.style.height_mm) for p in page.stickers]
        for i, a in enumerate(boxes):  # stickers never overlap
            for b in boxes[i + 1:]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_tokens_get_smaller_stickers_and_sizes_are_scannable() -> None:
    pages = layout("BGM")
    styles = {p.code.deck: p.style for page in pages for p in page.stickers}
    assert styles["STOK"].kind == "token" and styles["SRCH"].kind == "card"
    assert styles["STOK"].symbol_mm < styles["SRCH"].symbol_mm
    for s in STYLES.values():
        assert px_per_module(s.module_mm) >= MIN_PX_PER_MODULE
    assert px_per_module(STYLES["card"].symbol_mm) > 0


def test_unknown_game_and_paper_are_errors() -> None:
    with pytest.raises(SheetError):
        layout("XYZ")
    with pytest.raises(SheetError):
        layout("BGM", "a3")


def test_bgm_pdf_scans_back_to_every_code_exactly_once(tmp_path: Path) -> None:
    out = tmp_path / "bgm.pdf"
    assert main(["qr-sheet", "--game", "BGM", "--out", str(out)]) == 0
    # 150 dpi: ~5.9 px per card module, ~3.5 px per token module, about what the tray camera sees.
    # Sticker by sticker, as the tray camera sees them: each cut-out reads as its own code (so the
    # sheet prints every code once, each where its cut guide is); a whole page of 50 stickers is
    # not a frame the camera ever gets.
    decoder = Decoder(game="BGM", budget_ms=5000)
    px = 150 / 25.4
    found: Counter[str] = Counter()
    pages = layout("BGM")
    images = _render(out, 150)
    assert len(images) == len(pages)
    for page, image in zip(pages, images):
        for p in page.stickers:
            x0, y0 = int((p.x_mm - 2) * px), int((p.y_mm - 2) * px)
            x1, y1 = int((p.x_mm + p.style.width_mm + 2) * px), int((p.y_mm + p.style.height_mm + 2) * px)
            got = [str(c) for c in decoder.decode(image[y0:y1, x0:x1]).cards]
            assert got == [str(p.code)], f"page {page.header!r}: the sticker at {p.x_mm}, {p.y_mm} mm"
            found.update(got)
    assert found == Counter(str(c) for c in all_codes("BGM"))


@pytest.mark.parametrize("game", ["SOL", "BIN", "GSB"])
def test_other_games_first_page_scans_back(tmp_path: Path, game: str) -> None:
    out = tmp_path / f"{game}.pdf"
    pages = write_sheet(game, str(out), "letter")
    decoder = Decoder(game=game, budget_ms=5000)
    image = _render(out, 150)[0]
    got = sorted(str(c) for c in decoder.decode(image).cards)
    assert got == sorted(str(p.code) for p in pages[0].stickers)
