"""Sticker sheets: every code of every deck exactly once, as version-1 QR at level Q, in a PDF.

Layout is computed first (`layout`, pure and testable), then drawn (`render_pdf`). QR symbols are
drawn as vector rectangles, so print size is exact and edges stay sharp at any printer DPI.

Sizes. A card sticker uses 1.0 mm modules: the 21-module symbol is 21 mm, 29 mm with the 4-module
quiet zone, and fits the back of a sleeved 63 x 88 mm card beside its printed code. A token sticker
uses 0.6 mm modules (17.4 mm with quiet zone) with the code under it, for ~20 mm tokens. The
scanner's default camera (1280 px across a ~160 mm tray, 8 px/mm) then sees 8 px per card module
and 4.8 px per token module; decoders want at least 3 (`MIN_PX_PER_MODULE`), and
`px_per_module` lets the docs and tests check other set-ups.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from cards_qr.codes import CardCode, Deck, Manifest, all_codes, manifest
from companion.core.errors import CompanionError

QR_MODULES = 21  # version 1
QUIET_MODULES = 4  # the QR standard's quiet zone; printed as part of the sticker
MIN_PX_PER_MODULE = 3.0
# Camera geometry the sizes are chosen for (see docs/scanning.md).
CAMERA_WIDTH_PX = 1280
TRAY_FIELD_MM = 160.0

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN_MM = 10.0
HEADER_MM = 9.0
FOOTER_MM = 6.0
GUTTER_MM = 2.0  # between stickers, so a slightly-off cut still leaves each one whole


class SheetError(CompanionError, ValueError):
    """A sticker sheet cannot be made as asked (unknown game or paper)."""


@dataclass(frozen=True)
class StickerStyle:
    kind: str
    module_mm: float
    width_mm: float  # the whole sticker, cut guide to cut guide
    height_mm: float
    text_beside: bool  # code text right of the symbol (cards) or under it (tokens)

    @property
    def symbol_mm(self) -> float:
        """The QR with its quiet zone."""
        return (QR_MODULES + 2 * QUIET_MODULES) * self.module_mm


STYLES: dict[str, StickerStyle] = {
    "card": StickerStyle("card", 1.0, 60.0, 31.0, True),
    "token": StickerStyle("token", 0.6, 19.4, 23.0, False),
}


def px_per_module(module_mm: float, field_mm: float = TRAY_FIELD_MM, width_px: int = CAMERA_WIDTH_PX) -> float:
    """Camera pixels per QR module for a sticker module size and a camera's field of view."""
    return module_mm * width_px / field_mm


@dataclass(frozen=True)
class Placement:
    code: CardCode
    style: StickerStyle
    x_mm: float  # top-left of the sticker's cut guide
    y_mm: float


# The tray check sticker (companion.scan.traycheck): not a card of any game (there is no game CHK),
# printed at the token size, the smallest module, so that if it reads every sticker does.
CHECK_TEXT = "CHK:TRAY:06"
CHECK_STYLE = StickerStyle("check", 0.6, 19.4, 23.0, False)


@dataclass(frozen=True)
class CheckPlacement:
    text: str
    style: StickerStyle
    x_mm: float
    y_mm: float


@dataclass(frozen=True)
class Page:
    game: str
    header: str
    stickers: tuple[Placement, ...]
    checks: tuple[CheckPlacement, ...] = ()  # the tray check sticker, once per game (its last page)


def _deck_ranges(stickers: Sequence[Placement], m: Manifest) -> str:
    parts: list[str] = []
    by_deck: dict[str, list[int]] = {}
    for p in stickers:
        by_deck.setdefault(p.code.deck, []).append(p.code.number)
    game = m.game(stickers[0].code.game) if stickers else None
    for deck, numbers in by_deck.items():
        d = game.deck(deck) if game else None
        size = d.size if d else max(numbers)
        what = d.what if d else deck
        parts.append(f"{what} {deck} {min(numbers):02d}-{max(numbers):02d} of {size}")
    return "; ".join(parts)


def layout(game: str, paper: str = "a4", m: Manifest | None = None) -> list[Page]:
    """Pages of sticker placements for one game ("all": every game, each starting a page)."""
    m = m or manifest()
    if paper not in PAPERS:
        raise SheetError(f"unknown paper {paper!r}; choose one of {', '.join(PAPERS)}")
    games = m.game_codes if game == "all" else (game,)
    for name in games:
        if m.game(name) is None:
            raise SheetError(f"unknown game {name!r}; choose one of {', '.join(m.game_codes)} or all")
    page_w, page_h = PAPERS[paper]
    top = MARGIN_MM + HEADER_MM
    bottom = page_h - MARGIN_MM - FOOTER_MM
    pages: list[Page] = []
    for gcode in games:
        g = m.game(gcode)
        assert g is not None
        current: list[Placement] = []
        y = top

        def flush() -> None:
            if current:
                header = f"{g.name} ({g.code}) - {_deck_ranges(current, m)}"
                pages.append(Page(g.code, header, tuple(current)))

        for deck in g.decks:
            style = STYLES[deck.sticker]
            step_x = style.width_mm + GUTTER_MM
            per_row = int((page_w - 2 * MARGIN_MM + GUTTER_MM) // step_x)
            codes = [c for c in all_codes(gcode, m) if c.deck == deck.code]
            # Each deck starts a fresh row so a row of stickers is one deck: easy to sort when peeling.
            if current:
                y = _next_row_y(current, y)
            col = 0
            for code in codes:
                if col == per_row:
                    col = 0
                    y += style.height_mm + GUTTER_MM
                if y + style.height_mm > bottom:
                    flush()
                    current = []
                    y = top
                    col = 0
                current.append(Placement(code, style, MARGIN_MM + col * step_x, y))
                col += 1
        flush()
        _add_check(pages, g.code, g.name, top, bottom)
    return pages


def _add_check(pages: list[Page], game: str, name: str, top: float, bottom: float) -> None:
    """The tray check sticker on a row of its own after the game's last deck (a new page if full)."""
    from dataclasses import replace

    last = pages[-1] if pages and pages[-1].game == game else None
    y = _next_row_y(last.stickers, top) if last else top
    if last is not None and y + CHECK_STYLE.height_mm <= bottom:
        pages[-1] = replace(last, checks=(CheckPlacement(CHECK_TEXT, CHECK_STYLE, MARGIN_MM, y),))
    else:
        pages.append(Page(game, f"{name} ({game}) - tray check sticker", (),
                          (CheckPlacement(CHECK_TEXT, CHECK_STYLE, MARGIN_MM, top),)))


def _next_row_y(current: Sequence[Placement], y: float) -> float:
    if not current:
        return y
    last = current[-1]
    return last.y_mm + last.style.height_mm + GUTTER_MM


def _draw_qr(pdf: "object", text: str, x: float, y: float, module: float) -> None:
    import segno

    qr = segno.make_qr(text, version=1, error="q", mode="alphanumeric", boost_error=False)
    # Runs of dark modules become one rectangle each: smaller PDF, no seams inside a run.
    for r, row in enumerate(qr.matrix):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                pdf.rect(x + start * module, y + r * module, (c - start) * module, module, style="F")  # type: ignore[attr-defined]
            else:
                c += 1


def _draw_sticker(pdf: "object", p: Placement, deck: Deck) -> None:
    s = p.style
    # Cut guide: a light dashed outline, outside the quiet zone.
    pdf.set_draw_color(150, 150, 150)  # type: ignore[attr-defined]
    pdf.set_line_width(0.15)  # type: ignore[attr-defined]
    pdf.set_dash_pattern(dash=1.0, gap=1.0)  # type: ignore[attr-defined]
    pdf.rect(p.x_mm, p.y_mm, s.width_mm, s.height_mm, style="D")  # type: ignore[attr-defined]
    pdf.set_dash_pattern()  # type: ignore[attr-defined]
    pdf.set_fill_color(0, 0, 0)  # type: ignore[attr-defined]
    pad = (s.height_mm - s.symbol_mm) / 2 if s.text_beside else (s.width_mm - s.symbol_mm) / 2
    qx, qy = p.x_mm + pad, p.y_mm + pad
    quiet = QUIET_MODULES * s.module_mm
    _draw_qr(pdf, p.code.text, qx + quiet, qy + quiet, s.module_mm)
    pdf.set_text_color(0, 0, 0)  # type: ignore[attr-defined]
    if s.text_beside:
        tx = qx + s.symbol_mm
        tw = p.x_mm + s.width_mm - tx - 1.0
        pdf.set_font("Helvetica", "B", 10.5)  # type: ignore[attr-defined]
        pdf.set_xy(tx, p.y_mm + s.height_mm / 2 - 6.0)  # type: ignore[attr-defined]
        pdf.cell(tw, 5.5, p.code.text, align="L")  # type: ignore[attr-defined]
        pdf.set_font("Helvetica", "", 6.5)  # type: ignore[attr-defined]
        pdf.set_xy(tx, p.y_mm + s.height_mm / 2 + 0.5)  # type: ignore[attr-defined]
        pdf.cell(tw, 3.5, deck.what[:34], align="L")  # type: ignore[attr-defined]
    else:
        pdf.set_font("Helvetica", "B", 6.0)  # type: ignore[attr-defined]
        pdf.set_xy(p.x_mm, qy + s.symbol_mm - 0.8)  # type: ignore[attr-defined]
        pdf.cell(s.width_mm, 3.0, p.code.text, align="C")  # type: ignore[attr-defined]


def render_pdf(pages: Iterable[Page], paper: str = "a4", m: Manifest | None = None) -> bytes:
    """The sticker sheet as PDF bytes."""
    from fpdf import FPDF

    m = m or manifest()
    pages = list(pages)
    w, h = PAPERS[paper]
    pdf = FPDF(orientation="P", unit="mm", format=(w, h))
    pdf.set_auto_page_break(False)
    pdf.set_title("Companion card-code stickers")
    pdf.set_creator("companion qr-sheet")
    for i, page in enumerate(pages, 1):
        pdf.add_page()
        pdf.set_font("Helvetica", "B", 9)
        pdf.set_xy(MARGIN_MM, MARGIN_MM)
        pdf.cell(w - 2 * MARGIN_MM, 5, page.header[:150], align="L")
        pdf.set_font("Helvetica", "", 7)
        pdf.set_xy(MARGIN_MM, h - MARGIN_MM - 4)
        pdf.cell(
            w - 2 * MARGIN_MM,
            4,
            f"Card codes v{m.spec_version} - QR version 1, level Q - print at 100% (no fit-to-page); "
            f"cut on the dashed lines - page {i} of {len(pages)}",
            align="L",
        )
        for p in page.stickers:
            game = m.game(p.code.game)
            deck = game.deck(p.code.deck) if game else None
            assert deck is not None
            _draw_sticker(pdf, p, deck)
        for c in page.checks:
            _draw_check(pdf, c)
    return bytes(pdf.output())


def _draw_check(pdf: "object", c: CheckPlacement) -> None:
    s = c.style
    pdf.set_draw_color(150, 150, 150)  # type: ignore[attr-defined]
    pdf.set_line_width(0.15)  # type: ignore[attr-defined]
    pdf.set_dash_pattern(dash=1.0, gap=1.0)  # type: ignore[attr-defined]
    pdf.rect(c.x_mm, c.y_mm, s.width_mm, s.height_mm, style="D")  # type: ignore[attr-defined]
    pdf.set_dash_pattern()  # type: ignore[attr-defined]
    pdf.set_fill_color(0, 0, 0)  # type: ignore[attr-defined]
    pad = (s.width_mm - s.symbol_mm) / 2
    quiet = QUIET_MODULES * s.module_mm
    _draw_qr(pdf, c.text, c.x_mm + pad + quiet, c.y_mm + pad + quiet, s.module_mm)
    pdf.set_text_color(0, 0, 0)  # type: ignore[attr-defined]
    pdf.set_font("Helvetica", "B", 6.0)  # type: ignore[attr-defined]
    pdf.set_xy(c.x_mm, c.y_mm + pad + s.symbol_mm - 0.8)  # type: ignore[attr-defined]
    pdf.cell(s.width_mm, 3.0, "TRAY CHECK", align="C")  # type: ignore[attr-defined]
    pdf.set_font("Helvetica", "", 7)  # type: ignore[attr-defined]
    pdf.set_xy(c.x_mm + s.width_mm + 3, c.y_mm + 4)  # type: ignore[attr-defined]
    pdf.multi_cell(120, 3.5, "Tray check: stick this on a scrap of card, lay it where cards are shown, and "  # type: ignore[attr-defined]
                   "run Settings > Tray check (or `companion scan check`). It is no card: the game ignores it.")


def write_sheet(game: str, out: str, paper: str = "a4") -> list[Page]:
    """Lay out and write the PDF for `game` (or "all") to `out`; returns the pages."""
    pages = layout(game, paper)
    data = render_pdf(pages, paper)
    with open(out, "wb") as f:
        f.write(data)
    return pages
