"""Frame -> card codes, decoding by the symbol: every step works at the candidate symbol's own module
size, whatever the capture size (640 x 480 up), within a budget of work, not wall time.

1. Cheap pass: zxing-cpp on a <= 640-px copy of the frame (area-averaged). It reads most frames;
   it also reports symbols it located but could not read, with the version and level it read off
   their format (every card code is version 1, level Q: shared/specs/card-codes.md).
2. Candidates: each located-but-unread symbol (first zxing on its crop alone: those it reads leave
   the frame on the cheap path), and each square patch of module-scale texture the texture finder
   sees (companion.scan.locator.symbol_candidates) where nothing was read. A symbol that was read,
   card or foreign, is never a candidate again in that frame.
3. Each candidate, on the full-resolution frame: zxing on a crop resampled to TARGET_PPM px per
   module; the symbol's corners fitted to its three finder patterns (companion.scan.grid.refit),
   a check that the finders are a version-1 symbol's (not a phone's or leaflet's larger QR); the
   grid reader (least-squares deconvolution of the blurred module grid, then the centre sampler,
   Reed-Solomon with erasures); the corners fitted to the blur model (perspective; the fit may start
   from the finders' outlines, companion.scan.perspective); zxing on the
   symbol turned upright and on cleaned crops, and the grid reader on whatever zxing locates there.
4. After a full cheap read (cards or foreign codes), a look for a sticker the cheap pass did not
   locate: strong texture patches outside the read symbols, if their finders are a symbol's.

Every step is charged its estimated work (companion.scan.work) before it runs; a step that does
not fit in the frame's budget is not run, so the same frame gets the same answer on any machine.
Measured choices and numbers: docs/scanning.md and benchmarks/scan.py.

Only strings that are card codes per the spec become cards (cards_qr.codes.classify); anything
else is counted as foreign and dropped. The older whole-frame rescue steps (RESCUE) are kept for
Decoder(whole_frame=True) and their tests.
"""

from __future__ import annotations

import logging
import time
from dataclasses import InitVar, dataclass, field
from typing import Any, Callable, Sequence

import numpy as np
import numpy.typing as npt

from cards_qr.codes import CardCode, Verdict, classify

log = logging.getLogger(__name__)

Gray = npt.NDArray[np.uint8]


@dataclass(frozen=True)
class DecodeResult:
    cards: tuple[CardCode, ...]  # of the game being played, sorted, each once
    other_game: tuple[CardCode, ...] = ()  # valid codes of another game: tell the table
    foreign: int = 0  # QR symbols that are not card codes (ignored)
    ms: float = 0.0
    stage: str = ""  # which pass found the cards ("" if none): for the benchmark and logs
    work: float = 0.0  # work units spent (companion.scan.work): the same for a frame on any machine
    seen: tuple["Seen", ...] = ()  # the symbols located, read or not (the tray check uses them)


def to_gray(frame: npt.NDArray[Any]) -> Gray:
    """Grayscale uint8 from gray, BGR, BGRA or RGB(A) frames (channel order matters little for QR)."""
    import cv2

    arr = np.asarray(frame)
    if arr.dtype != np.uint8:
        arr = np.clip(arr, 0, 255).astype(np.uint8)
    if arr.ndim == 2:
        return arr
    if arr.ndim == 3 and arr.shape[2] == 1:
        return arr[:, :, 0]
    if arr.ndim == 3 and arr.shape[2] == 3:
        return _u8(cv2.cvtColor(arr, cv2.COLOR_BGR2GRAY))
    if arr.ndim == 3 and arr.shape[2] == 4:
        return _u8(cv2.cvtColor(arr, cv2.COLOR_BGRA2GRAY))
    raise ValueError(f"not an image frame: shape {arr.shape}")


# ---- preprocessing -------------------------------------------------------------------------


def _u8(a: Any) -> Gray:
    """cv2 results typed as uint8 (no copy when they already are)."""
    return np.asarray(a, dtype=np.uint8)


def upscale(g: Gray, f: float) -> Gray:
    import cv2

    return _u8(cv2.resize(g, None, fx=f, fy=f, interpolation=cv2.INTER_CUBIC))


def flat_field(g: Gray, kernel: int = 9, shrink: int = 4) -> Gray:
    """Divide by the estimated paper brightness: removes glare gradients and dim, uneven light.
    The closing (max-then-min) fills dark modules with the surrounding white; doing it on a
    1/`shrink` image keeps it under a millisecond and makes the kernel cover several modules."""
    import cv2

    small = cv2.resize(g, None, fx=1 / shrink, fy=1 / shrink, interpolation=cv2.INTER_AREA)
    ker = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (kernel, kernel))
    bg = cv2.morphologyEx(small, cv2.MORPH_CLOSE, ker)
    bg = cv2.GaussianBlur(bg, (0, 0), 1.5)
    bg = cv2.resize(bg, (g.shape[1], g.shape[0]), interpolation=cv2.INTER_LINEAR)
    return _u8(cv2.divide(g, np.maximum(bg, 1), scale=255))


def unsharp(g: Gray, sigma: float = 3.0, amount: float = 1.5) -> Gray:
    import cv2

    blur = cv2.GaussianBlur(g, (0, 0), sigma)
    return _u8(cv2.addWeighted(g, 1 + amount, blur, -amount, 0))


def local_norm(g: Gray, kernel: int = 9, floor: float = 24.0, shrink: int = 2) -> Gray:
    """Stretch each neighbourhood to full range: (g - local min) / (local max - local min).
    Glare is *additive* (it lifts black print as much as white paper), so dividing by the paper
    level (flat_field) leaves it washed out; subtracting the local black level restores the
    contrast of print under a glare blob or in dim light. Min/max are taken over `kernel` px of a
    1/`shrink` image (several modules) and smoothed; `floor` keeps flat paper from being
    stretched into noise."""
    import cv2

    small = cv2.resize(g, None, fx=1 / shrink, fy=1 / shrink, interpolation=cv2.INTER_AREA) if shrink > 1 else g
    ker = cv2.getStructuringElement(cv2.MORPH_RECT, (kernel, kernel))
    hi = cv2.GaussianBlur(cv2.dilate(small, ker), (0, 0), kernel / 3)
    lo = cv2.GaussianBlur(cv2.erode(small, ker), (0, 0), kernel / 3)
    if shrink > 1:
        hi = cv2.resize(hi, (g.shape[1], g.shape[0]), interpolation=cv2.INTER_LINEAR)
        lo = cv2.resize(lo, (g.shape[1], g.shape[0]), interpolation=cv2.INTER_LINEAR)
    lo_f = lo.astype(np.float32)
    out = (g.astype(np.float32) - lo_f) / np.maximum(hi.astype(np.float32) - lo_f, floor) * 255
    return _u8(np.clip(out, 0, 255))


def smooth(g: Gray, sigma: float = 1.5) -> Gray:
    import cv2

    return _u8(cv2.GaussianBlur(g, (0, 0), sigma))


def richardson_lucy(g: Gray, sigma: float = 1.2, iters: int = 8) -> Gray:
    """Richardson-Lucy deconvolution for a Gaussian blur of `sigma` px (optics, focus)."""
    import cv2

    f = g.astype(np.float32) + 1
    est = f.copy()
    for _ in range(iters):
        rel = f / np.maximum(cv2.GaussianBlur(est, (0, 0), sigma), 1e-3)
        est = est * cv2.GaussianBlur(rel, (0, 0), sigma)
    return _u8(np.clip(est - 1, 0, 255))


def adaptive(g: Gray, block: int = 41, c: int = 5) -> Gray:
    import cv2

    return _u8(cv2.adaptiveThreshold(g, 255, cv2.ADAPTIVE_THRESH_GAUSSIAN_C, cv2.THRESH_BINARY, block, c))


# ---- engines ---------------------------------------------------------------------------------


def zxing_texts(img: Gray) -> list[str]:
    return [t for t in zxing_texts_and_misses(img) if t is not None]


def zxing_located(img: Gray) -> list[tuple[str | None, npt.NDArray[np.float32]]]:
    """Every QR zxing located: (text, or None when it could not read it; 4x2 corner points)."""
    import zxingcpp

    out = zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode), try_invert=False, return_errors=True)
    res = []
    for b in out:
        p = b.position
        quad = np.array([[p.top_left.x, p.top_left.y], [p.top_right.x, p.top_right.y],
                         [p.bottom_right.x, p.bottom_right.y], [p.bottom_left.x, p.bottom_left.y]], np.float32)
        res.append((b.text if b.valid else None, quad))
    return res


def zxing_texts_and_misses(img: Gray) -> list[str | None]:
    """Decoded texts, and None for each symbol zxing located but could not read: a sign that
    rescue passes are worth their time even when another card in the frame was read."""
    import zxingcpp

    out = zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode), try_invert=False, return_errors=True)
    return [b.text if b.valid else None for b in out]


_pyzbar_ok: bool | None = None


def pyzbar_texts(img: Gray) -> list[str]:
    """pyzbar, if libzbar is installed; otherwise nothing (logged once)."""
    global _pyzbar_ok
    if _pyzbar_ok is False:
        return []
    try:
        from pyzbar import pyzbar
    except ImportError as exc:  # libzbar0 missing: zxing still works
        _pyzbar_ok = False
        log.warning("pyzbar unavailable (%s); scanning with zxing-cpp only", exc)
        return []
    _pyzbar_ok = True
    texts = []
    for sym in pyzbar.decode(img, symbols=[pyzbar.ZBarSymbol.QRCODE]):
        try:
            texts.append(sym.data.decode("ascii"))  # card codes are ASCII; anything else is foreign
        except UnicodeDecodeError:
            texts.append("")
    return texts


Stage = tuple[str, Callable[[Gray], list[str]] | Callable[[Gray], list[str | None]]]

RESCUE: tuple[Stage, ...] = (
    ("zxing flat 2x", lambda g: zxing_texts(upscale(flat_field(g), 2))),
    ("zxing 3x flat", lambda g: zxing_texts(flat_field(upscale(g, 3), 9, 6))),
    ("zxing flat 2x sharp", lambda g: zxing_texts(unsharp(flat_field(upscale(g, 2))))),
    ("zxing 2x adaptive", lambda g: zxing_texts(adaptive(upscale(g, 2)))),
    ("pyzbar flat", lambda g: pyzbar_texts(flat_field(g))),
    ("zxing localnorm 3x smooth", lambda g: zxing_texts(smooth(upscale(local_norm(g, 5), 3)))),
    ("zxing localnorm deblur 3x", lambda g: zxing_texts(upscale(richardson_lucy(local_norm(g)), 3))),
)

# ---- regions of the full-resolution frame ------------------------------------------------------

PREVIEW_WIDTH = 640  # the cheap pass and the whole-frame rescue steps run on a copy this wide

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in full-frame pixels


def preview(g: Gray, width: int = PREVIEW_WIDTH) -> tuple[Gray, float]:
    """A `width`-wide copy (area-averaged: it also averages sensor noise down) and the scale
    factor full px per preview px. Frames no wider than 1.25 x `width` are used as they are."""
    import cv2

    if g.shape[1] <= width * 1.25:
        return g, 1.0
    f = g.shape[1] / width
    return _u8(cv2.resize(g, (width, round(g.shape[0] / f)), interpolation=cv2.INTER_AREA)), f


def quad_box(quad: npt.NDArray[np.float32], f: float, shape: tuple[int, ...], margin: float = 0.35) -> Box:
    """The full-frame box around a preview-pixel quad, widened by `margin` of its size each side
    (quiet zone, and zxing's corners of a symbol it could not read are approximate)."""
    x0, y0 = quad.min(axis=0)
    x1, y1 = quad.max(axis=0)
    m = margin * max(x1 - x0, y1 - y0, 8)
    h, w = shape[:2]
    return (max(0, int((x0 - m) * f)), max(0, int((y0 - m) * f)), min(w, int((x1 + m) * f) + 1), min(h, int((y1 + m) * f) + 1))


def edge_density(small: Gray, win: int = 48) -> tuple[npt.NDArray[np.float32], int]:
    """Edge density over `win` preview px (about a sticker), divided by the local brightness so a
    dim sticker scores like a bright one, on a quarter-size grid (returned with its step, 4).
    A QR is the densest texture on the tray; clutter has edges only along its outline."""
    import cv2

    q = cv2.resize(small, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA).astype(np.float32)
    gx = cv2.Sobel(q, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(q, cv2.CV_32F, 0, 1, ksize=3)
    k = max(3, win // 4)
    e = cv2.blur(cv2.magnitude(gx, gy), (k, k))
    b = cv2.blur(q, (k, k)) + 8.0
    return np.asarray(e / b, np.float32), 4


def candidate_boxes(small: Gray, f: float, shape: tuple[int, ...], k: int = 3, half: int = 100,
                    exclude: Sequence[Box] = (), min_score: float = 0.0) -> list[Box]:
    """Up to `k` full-frame boxes (2*`half` preview px square) around the peaks of edge density,
    skipping peaks inside `exclude` (symbols already read) and peaks below `min_score`."""
    import cv2

    dens, step = edge_density(small)
    s = f * step  # full px per density cell
    for o in exclude:  # symbols already read are no candidates
        dens[int(o[1] / s):int(np.ceil(o[3] / s)), int(o[0] / s):int(np.ceil(o[2] / s))] = 0.0
    h, w = shape[:2]
    out: list[Box] = []
    for _ in range(k):
        _, mx, _, (px, py) = cv2.minMaxLoc(dens)
        if mx <= min_score:
            break
        cv2.circle(dens, (px, py), max(3, half // (2 * step)), 0.0, -1)
        cx, cy = (px + 0.5) * step, (py + 0.5) * step
        out.append((max(0, int((cx - half) * f)), max(0, int((cy - half) * f)),
                    min(w, int((cx + half) * f)), min(h, int((cy + half) * f))))
    return out


# ---- decoding by the symbol --------------------------------------------------------------------------

TARGET_PPM = 4.5  # every symbol step works on a crop resampled to this many px per module
CROP_MODULES = 5.0  # modules of margin kept around a symbol's quad in its crop
BUDGET = 110.0  # work units per frame (companion.scan.work): ~110 ms of one reference core (80 until stop 22: docs/scanning.md)


@dataclass(frozen=True)
class Seen:
    """A symbol the decoder located in the frame: its text (None: located but not read), its
    corners in capture px, and its estimated pixels per module."""

    text: str | None
    quad: tuple[tuple[float, float], ...]
    module_px: float
    how: str  # "zxing" (the cheap pass), or the step that read it, or "located" / "texture" when unread


@dataclass
class Candidate:
    quad: npt.NDArray[np.float32]  # capture px, TL TR BR BL for zxing's quads, any order for guesses
    module_px: float
    located: bool  # zxing located it (a reliable quad) or the texture finder guessed it
    score: float = 0.0
    verify: bool = False  # check it is a version-1 symbol (finder size) before the rescue
    alt: "Candidate | None" = None  # a texture patch on the same place: another outline to fit
    fitted: npt.NDArray[np.float32] | None = None  # the version-1 symbol's corners, once fitted
    held: tuple[str, str] | None = None  # a grid read that is no sticker's text, and its step
    crop: "SymbolCrop | None" = None  # its crop at TARGET_PPM, once zxing has tried it (step a)


def module_px_of(quad: npt.NDArray[np.float32], modules: int = 21) -> float:
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    return float(sides.mean()) / modules


def located_symbols(img: Gray) -> list[tuple[str | None, npt.NDArray[np.float32], dict[str, str]]]:
    """zxing's cheap pass with what it knows about each symbol it located: (text or None, corners,
    extra: its version and error-correction level when the format information was read). Without
    zxing's own downscaled retry: the symbol steps read at each symbol's size (a quarter of the call)."""
    import zxingcpp

    out = zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode), try_invert=False,
                                 return_errors=True, try_downscale=False)
    res = []
    for b in out:
        p = b.position
        quad = np.array([[p.top_left.x, p.top_left.y], [p.top_right.x, p.top_right.y],
                         [p.bottom_right.x, p.bottom_right.y], [p.bottom_left.x, p.bottom_left.y]], np.float32)
        extra = {k: str(v) for k, v in (b.extra or {}).items()}
        if not extra.get("Version", "1").isdigit():
            # located as a Micro QR or rMQR ("M3", "R13x43"): never a card, and its corners are no QR's.
            # Read ones too: zxing can read an "M1" off part of a blurred sticker (seed 8686, frame 49,
            # 1280 x 720: "0"), which then hid the sticker as a symbol already read.
            continue
        res.append((b.text if b.valid else None, quad, extra))
    return res


def said_sticker(extra: dict[str, str]) -> bool:
    """Every card code is a version-1 symbol at level Q (shared/specs/card-codes.md). Did zxing, which
    located a symbol but could not decode it, read a format saying so? (If not, or if it read
    another, the symbol's finders decide: a blurred sticker's format can be misread.)"""
    return extra.get("ECLevel", "") == "Q" and extra.get("Version", "") == "1"


OUTLINE_ASPECT = 2.5  # a located outline's longest side over its shortest, at most (a steep tilt: under 1.6)


def _outline(q: npt.NDArray[np.float32]) -> bool:
    """Could `q` (zxing's corners of a symbol it located) be one symbol's outline?"""
    sides = np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1)
    return float(sides.min()) >= 2 * MIN_FINDER_PX and float(sides.max()) <= OUTLINE_ASPECT * float(sides.min())


def _inside(p: npt.NDArray[np.float32], quads: Sequence[npt.NDArray[np.float32]], grow: float = 1.15) -> bool:
    """Is point `p` inside any quad (grown by `grow` about its centre)?"""
    import cv2

    for q in quads:
        c = q.mean(axis=0)
        poly = ((q - c) * grow + c).astype(np.float32).reshape(-1, 1, 2)
        if cv2.pointPolygonTest(poly, (float(p[0]), float(p[1])), False) >= 0:
            return True
    return False


@dataclass
class SymbolCrop:
    """A candidate's neighbourhood resampled to TARGET_PPM: the crop, its origin and scale."""

    img: Gray
    x0: int
    y0: int
    scale: float  # crop px per capture px

    def to_capture(self, quad: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        return np.asarray(quad / self.scale + np.array([self.x0, self.y0], np.float32), np.float32)


def symbol_crop(g: Gray, c: Candidate) -> SymbolCrop:
    import cv2

    m = max(c.module_px, 0.5)
    x0, y0 = c.quad.min(axis=0) - CROP_MODULES * m
    x1, y1 = c.quad.max(axis=0) + CROP_MODULES * m
    h, w = g.shape[:2]
    x0, y0 = max(0, int(x0)), max(0, int(y0))
    x1, y1 = min(w, int(np.ceil(x1))), min(h, int(np.ceil(y1)))
    crop = g[y0:y1, x0:x1]
    scale = float(np.clip(TARGET_PPM / m, 0.2, 3.0))
    if abs(scale - 1.0) < 0.1 or crop.size == 0:
        return SymbolCrop(np.ascontiguousarray(crop), x0, y0, 1.0)
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC
    return SymbolCrop(_u8(cv2.resize(crop, None, fx=scale, fy=scale, interpolation=interp)), x0, y0, scale)


# The steps every candidate symbol gets, on its crop at TARGET_PPM, in order: (name, preprocessing
# cost key or "", preprocessing). Chosen by measurement (docs/scanning.md).
SYMBOL_STEPS: tuple[tuple[str, str, Callable[[Gray], Gray]], ...] = (
    ("crop zxing", "", lambda c: c),
    ("crop localnorm smooth", "localnorm", lambda c: smooth(local_norm(c, 9, 24, 2), 1.2)),
    ("crop adaptive", "adaptive", lambda c: adaptive(smooth(c, 1.0), 41, 3)),
    ("crop localnorm deblur", "deblur", lambda c: richardson_lucy(smooth(local_norm(c, 9, 24, 2), 0.8), 1.6, 10)),
)


VIEW_MARGIN = 4  # modules of quiet zone around the symbol in its upright view


def upright(g: Gray, quad: npt.NDArray[np.float32], ppm: float = 6.0) -> SymbolCrop:
    """The symbol whose corners are `quad` (TL TR BR BL) warped upright, VIEW_MARGIN modules of margin,
    `ppm` px per module; `to_capture` maps its points back through the inverse warp."""
    import cv2

    a, b = VIEW_MARGIN * ppm, (VIEW_MARGIN + 21) * ppm
    dst = np.array([[a, a], [b, a], [b, b], [a, b]], np.float32)
    H = cv2.getPerspectiveTransform(np.asarray(quad, np.float32), dst)
    size = int(round((21 + 2 * VIEW_MARGIN) * ppm))
    img = _u8(cv2.warpPerspective(g, H, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE))
    return WarpedView(img, 0, 0, 1.0, np.linalg.inv(H))


@dataclass
class WarpedView(SymbolCrop):
    inverse: Any = None

    def to_capture(self, quad: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        import cv2

        pts = cv2.perspectiveTransform(quad.reshape(-1, 1, 2).astype(np.float64), self.inverse)
        return np.asarray(pts.reshape(-1, 2), np.float32)


VIEW_STEPS: tuple[tuple[str, str, Callable[[Gray], Gray]], ...] = (
    ("zxing", "", lambda c: c),
    ("localnorm smooth", "localnorm", lambda c: smooth(local_norm(c, 9, 24, 2), 1.2)),
    ("adaptive", "adaptive", lambda c: adaptive(smooth(c, 1.0), 41, 3)),
)


@dataclass
class Decoder:
    """Decodes frames into cards of `game` (None: accept every game's cards as cards).

    The cheap pass reads a <= 640-px copy of the frame with zxing; every symbol it located but
    could not read, and every square patch of module-scale texture elsewhere, is then a candidate,
    and each candidate is rescued on a crop of the full-resolution frame resampled to its own
    module size (TARGET_PPM), whatever the capture size. A symbol that has been read (card or
    foreign) is never rescued again in that frame.

    `budget` caps the work per frame in work units (companion.scan.work), not wall time, so a frame
    gets the same steps on every machine under any load; `budget_ms` is the same thing under the
    old name (a unit is about a millisecond of the reference machine)."""

    game: str | None = None
    budget: float = BUDGET
    budget_ms: InitVar[float | None] = None
    second_card: bool = True  # after a full read, look once for a sticker the cheap pass did not locate
    whole_frame: bool = False  # the old whole-frame rescue steps (RESCUE) when the budget allows
    rescue: Sequence[Stage] = field(default_factory=lambda: RESCUE)

    def __post_init__(self, budget_ms: float | None) -> None:
        if budget_ms is not None:
            self.budget = float(budget_ms)

    def decode(self, frame: npt.NDArray[Any]) -> DecodeResult:
        from companion.scan.work import PREP_PER_MPX, Work, zxing_cost

        t0 = time.perf_counter()
        g = to_gray(frame)
        work = Work(self.budget)
        small, f = preview(g)
        work.charge(zxing_cost(small.size) + (PREP_PER_MPX["resize"] * g.size / 1e6 if f > 1 else 0.0))
        cards: set[CardCode] = set()
        other: set[CardCode] = set()
        foreign: set[str] = set()
        seen: list[Seen] = []
        done: list[npt.NDArray[np.float32]] = []  # quads (capture px) of symbols read, card or not

        def take(texts: Sequence[str | None]) -> bool:
            got = False
            for text in texts:
                if text is None:
                    continue
                verdict, code = classify(text, self.game)
                if verdict is Verdict.CARD and code is not None:
                    got |= code not in cards
                    cards.add(code)
                elif verdict is Verdict.OTHER_GAME and code is not None:
                    got |= code not in other
                    other.add(code)
                else:
                    got |= text not in foreign
                    foreign.add(text)
            return got

        def result(stage: str) -> DecodeResult:
            return DecodeResult(tuple(sorted(cards)), tuple(sorted(other)), len(foreign),
                                (time.perf_counter() - t0) * 1000, stage, work.spent, tuple(seen))

        misses: list[Candidate] = []
        for text, quad, extra in located_symbols(small):
            q = quad * f
            if text is not None:
                take([text])
                done.append(q)
                seen.append(Seen(text, _pts(q), module_px_of(q, _modules(extra)), "zxing"))
            elif not _outline(q):
                continue  # (zxing can join two stickers' finders into one long, thin "symbol")
            elif not _inside(q.mean(axis=0), done, 1.0) and not any(_same_quad(q, m.quad, 2 * module_px_of(q)) for m in misses):
                # (zxing may locate one symbol several times, from different finder triples: the
                # first is not always the right one)
                seen.append(Seen(None, _pts(q), module_px_of(q), "located"))
                # unless zxing read a version-1, level-Q format, a sticker only if its finders
                # say version 1 (a phone's QR is located as readily as a sticker)
                misses.append(Candidate(q, module_px_of(q), True, verify=not said_sticker(extra)))
        stage = "zxing" if cards or other else ""
        # Step a (zxing on the crop at the symbol's own module size, ~0.1 unit) for every located
        # symbol first: a frame whose located symbols all read this way takes the look after a full
        # read, not the texture finder on the whole preview (3 units at 640 x 480; seed 7373: 1 frame
        # in 25, most of them just above the median frame's cost).
        unread = []
        for m in misses:
            text = self._crop_zxing(g, m, work)
            if text is None:
                unread.append(m)
                continue
            take([text])
            done.append(m.quad)
            seen.append(Seen(text, _pts(m.quad), m.module_px, "crop zxing"))
            if not stage and (cards or other):
                stage = "crop zxing"
        misses = unread
        if done and not misses:
            # Everything located was read (a card, or a phone's QR: either is done). A sticker zxing
            # did not even locate is still a patch of module-scale texture: the strong ones outside
            # the read symbols get a look, if their finders say version-1 sticker.
            if self.second_card:
                for c in self._second_look(g, small, f, done, work):
                    if c.score < SECOND_LOOK_SCORE or _inside(c.quad.mean(axis=0), done):
                        continue
                    text, how = self._read_symbol(g, c, work, second=True)
                    if text is not None and take([text]):
                        where = c.fitted if c.fitted is not None else c.quad
                        done.append(where)
                        seen.append(Seen(text, _pts(where), module_px_of(where), how))
                        if not stage and (cards or other):
                            stage = how
                    if work.left <= 0:
                        break
            return result(stage)
        # then the texture patches; one on a located symbol lends that symbol its outline (zxing's
        # corners of a symbol it could not read can be a part of it)
        cands = list(misses)
        for t in self._texture_candidates(g, small, f, done, work):
            host = next((m for m in misses if _inside(t.quad.mean(axis=0), [m.quad], 1.3)), None)
            if host is not None and host.alt is None:
                host.alt = t
            else:
                cands.append(t)
        for c in cands:
            if _inside(c.quad.mean(axis=0), done):
                continue
            text, how = self._read_symbol(g, c, work)
            where = c.fitted if c.fitted is not None else c.quad
            if text is not None:
                take([text])
                done.append(where)  # (the fit, not zxing's outline: that can reach over another sticker)
                seen.append(Seen(text, _pts(where), module_px_of(where), how))
                if not stage and (cards or other):
                    stage = how
            elif c.fitted is not None:  # a version-1 symbol, seen but not read (the tray check measures it)
                seen.append(Seen(None, _pts(c.fitted), module_px_of(c.fitted), "fitted"))
            if work.left <= 0:
                break
        if self.whole_frame and not (cards or other):
            for name, fn in self.rescue:
                if not work.take(WHOLE_FRAME_COST.get(name, 30.0) * small.size / 307200):
                    break
                if take(fn(small)) and (cards or other):
                    stage = stage or name
                    break
        return result(stage)

    def _texture_candidates(self, g: Gray, small: Gray, f: float, skip: Sequence[npt.NDArray[np.float32]],
                            work: Any, region: Box | None = None, corner: bool = True) -> list[Candidate]:
        """Square patches of module-scale texture in the preview (or in `region` of it, preview px)
        that are not inside `skip`, as candidates in capture px."""
        from companion.scan.locator import symbol_candidates
        from companion.scan.work import TEXTURE_CORNER_PER_MPX, TEXTURE_PER_MPX

        x0, y0 = (region[0], region[1]) if region else (0, 0)
        view = small[region[1]:region[3], region[0]:region[2]] if region else small
        per_mpx = TEXTURE_PER_MPX + (TEXTURE_CORNER_PER_MPX if corner else 0.0)
        if view.size == 0 or not work.take(per_mpx * view.size / 1e6):
            return []
        out = []
        for score, quad, side in symbol_candidates(view, corner=corner):
            q = (quad + np.array([x0, y0], np.float32)) * f
            if _inside(q.mean(axis=0), skip):
                continue
            out.append(Candidate(q, side * f / 22.0, False, score))
        return out

    def _second_look(self, g: Gray, small: Gray, f: float, done: list[npt.NDArray[np.float32]],
                     work: Any) -> list[Candidate]:
        """Texture candidates for a sticker the cheap pass did not locate, after it read every symbol
        it located: the texture finder on a copy at half the capture size (the preview, or half of it
        for a 640 frame: a quarter of the cost there). The median frame is such a frame, so this is
        most of the median time at 640 x 480 (profiled); on the dev corpora the half-size look found
        every sticker the full-size one did at 640, and lost two 3-px-per-module tokens at 1280 seen
        at a quarter of their size (so no coarser than half)."""
        import cv2

        if f >= 2.0:
            return sorted(self._texture_candidates(g, small, f, done, work, corner=False), key=lambda c: -c.score)
        half = _u8(cv2.pyrDown(small))
        return sorted(self._texture_candidates(g, half, 2 * f, done, work, corner=False), key=lambda c: -c.score)

    def _read_symbol(self, g: Gray, c: Candidate, work: Any, second: bool = False) -> tuple[str | None, str]:
        """One candidate through the symbol steps, within the budget: (text, the step that read it).
        `second`: the look after a full read; a guessed candidate goes on only if its finders are
        clearly a symbol's. A grid read that is no sticker's text is held while the later steps
        try: Reed-Solomon can "repair" a symbol fitted a little off into a valid text that is no
        card (seed 5151, frame 78, at 1280 x 720: `:ZHW-9U$VUP` for BGM:TRBL:01)."""
        text, how = self._read_steps(g, c, work, second)
        if text is None and c.held is not None:
            return c.held
        return text, how

    @staticmethod
    def _crop_zxing(g: Gray, c: Candidate, work: Any) -> str | None:
        """Step a: zxing on the candidate's crop resampled to TARGET_PPM, once per candidate (the
        crop is kept for step g). None: not read, already tried, or no budget (then no crop)."""
        from companion.scan.work import PREP_PER_MPX, zxing_cost

        if c.crop is not None:
            return None
        crop = symbol_crop(g, c)
        if crop.img.size == 0 or not work.take(zxing_cost(crop.img.size) + PREP_PER_MPX["resize"] * crop.img.size / 1e6):
            return None
        c.crop = crop
        texts = zxing_texts(crop.img)
        return texts[0] if texts else None

    def _read_steps(self, g: Gray, c: Candidate, work: Any, second: bool) -> tuple[str | None, str]:
        from companion.scan.codebook import best_text, is_sticker_text
        from companion.scan.grid import (MIN_FINDER_SCALE, WEAK_FINDERS, feedback_text, finder_quality, fit_corners,
                                         read_quad, refit)
        from companion.scan.finders import VIEW_PPM, locate
        from companion.scan.locator import orientation, square_guesses
        from companion.scan.perspective import perspective_quad
        from companion.scan.work import (CODEBOOK_LOCAL, CODEBOOK_READ, FINDER_SCALE, FINDER_SEARCH, GRID_FEEDBACK, GRID_FIT, GRID_GUESS,
                                         GRID_QUAD, GRID_SIGMAS, ORIENTATION, PERSPECTIVE_QUAD, PERSPECTIVE_START, PREP_PER_MPX, zxing_cost)

        def final(text: str | None, how: str) -> bool:
            """A grid read to return now? One that is no sticker's text is held (see _read_symbol)."""
            if text is None:
                return False
            if is_sticker_text(text) or not HOLD_UNKNOWN:
                return True
            c.held = c.held or (text, how)
            return False

        def book(quad: npt.NDArray[np.float32], sigmas: list[float]) -> str | None:
            """The codebook read, and again under local levels when it names nothing."""
            text = best_text(g, quad, sigmas)
            if text is None and CODEBOOK_LEVELS and work.take(CODEBOOK_LOCAL):
                text = best_text(g, quad, sigmas, local=True)
            return text

        text = self._crop_zxing(g, c, work)
        if text is not None:
            return text, "crop zxing"
        if c.crop is None:
            return None, ""
        crop = c.crop
        quad: npt.NDArray[np.float32] | None = None
        best: tuple[float, npt.NDArray[np.float32] | None] = (-1.0, None)
        checked: tuple[npt.NDArray[np.float32], tuple[float, float]] | None = None  # a fit whose finders were sized
        if c.located and work.take(GRID_GUESS):  # zxing's corners on the preview are rough: refit them
            best = refit(g, c.quad)
        if best[1] is None or best[0] < STRONG_FINDERS or c.alt is not None:
            # A guessed quad (or zxing's, refit in vain) is worth the steps only with three finder
            # patterns where a version-1 symbol has them. They are searched for around the candidate
            # at the module sizes it may have (companion.scan.finders: the texture blob overhangs the
            # symbol by up to twice its size); failing that, squares turned to the module edges, of a
            # few sizes. Each is refit from its finders; the most finder-like fit wins.
            guess = c.alt or c
            side = guess.module_px * (21.0 if guess.located else 22.0)
            ctr = guess.quad.mean(axis=0)
            if not work.take(ORIENTATION):
                return None, ""
            stripes: list[float] = []
            angle = orientation(g, ctr, side, stripes)
            if second and stripes[0] > SECOND_LOOK_STRIPES:
                return None, ""  # edges that run one way: hatching or strokes of card art, not a symbol
            ratios = LOCATED_SIZES if guess.located else (SECOND_LOOK_SIZES if second else TEXTURE_SIZES)
            sizes = [m for m in (guess.module_px * r for r in ratios) if m >= MIN_FINDER_PX]
            tries: list[list[npt.NDArray[np.float32]]] = []
            ppm = SECOND_LOOK_PPM if second else VIEW_PPM
            if sizes and work.take(FINDER_SEARCH * len(sizes) * (ppm / VIEW_PPM) ** 2):
                found = locate(g, ctr, 0.15 * side, angle, sizes, ppm=ppm)
                if second:
                    found = [t for t in found if t.score >= SECOND_LOOK_TRIPLE]
                tries.append([t.quad() for t in found])
            searched = bool(tries)
            if SECOND_LOOK_SQUARES or not second:
                tries.append(square_guesses(g, guess.quad, side, angle))
            triple = False  # the best fit so far came from a finder triple
            for n, quads in enumerate(tries):
                for q in quads:
                    if not work.take(GRID_GUESS):
                        return None, ""
                    score, fitted = refit(g, q)
                    # a square guess must beat a finder triple's fit clearly: the triple found the
                    # finders themselves, a guess's refit may have latched onto data blobs
                    if fitted is not None and score > best[0] + (TRIPLE_LEAD if triple and n > 0 else 0.0):
                        triple = searched and n == 0
                        if searched and n == 0 and checked is None and (not second or score >= QUICK_FINDERS) \
                                and work.take(FINDER_SCALE):
                            # The first fit from a finder triple: are its finders far too small for
                            # their spacing (a version-3-or-larger QR: a phone's, a leaflet's)? Then
                            # no other outline is worth trying; a foreign code stays cheap.
                            checked = (fitted, finder_quality(g, fitted))
                            if checked[1][0] <= EARLY_FINDER_SCALE:
                                return None, ""
                        best = (score, fitted)
                        c.verify = True
                if best[0] >= STRONG_FINDERS:
                    break
            if best[1] is None or (second and best[0] < QUICK_FINDERS):
                return None, ""
        quad = best[1]
        if c.verify:
            if work.take(GRID_GUESS):
                again = refit(g, quad)
                if again[1] is not None and again[0] >= best[0]:
                    quad = again[1]
        # A phone's or leaflet's QR has finders too, but small for the distance between them (a
        # larger version): not a sticker, not worth the rescue. Finders that barely look like
        # finders (data blobs of a larger QR, clutter) get the cheap steps only.
        weak = False
        if c.verify:
            if checked is not None and checked[0] is quad:
                scale, weakest = checked[1]
            elif work.take(FINDER_SCALE):
                scale, weakest = finder_quality(g, quad)
            else:
                return None, ""
            if scale < MIN_FINDER_SCALE:
                return None, ""
            weak = weakest < WEAK_FINDERS[0] and best[0] < WEAK_FINDERS[1]
        c.fitted = quad
        quick = weak
        if quick:  # the upright view's zxing read first: a tenth of a grid read
            if work.take(PREP_PER_MPX["warp"] * (29 * 6) ** 2 / 1e6 + zxing_cost((29 * 6) ** 2)):
                texts = zxing_texts(upright(g, quad).img)
                if texts:
                    return texts[0], "upright zxing"
        read_against_book: npt.NDArray[np.float32] | None = None  # the quad the codebook read already tried
        if work.take(GRID_QUAD):
            first_sigmas: list[float] = []
            text = read_quad(g, quad, 3, refine=False, sigmas_out=first_sigmas)
            how = "grid" if c.located else "texture grid"
            if final(text, how):
                return text, how
            if CODEBOOK_EARLY and first_sigmas and work.take(CODEBOOK_READ):
                read_against_book = quad
                text = book(quad, first_sigmas)
                if text is not None:
                    return text, "codebook"
        if quick:
            return None, ""
        sigmas: list[float] = []
        if work.take(GRID_FIT):
            # the corners where the blur model fits best (perspective: a finder fit is a parallelogram),
            # from the fit or from the finders' outlines, whichever fits the blur model better
            starts = []
            if PERSPECTIVE and work.take(PERSPECTIVE_QUAD):
                p = perspective_quad(g, quad)
                if p is not None and float(np.linalg.norm(p - quad, axis=1).max()) > PERSPECTIVE_MOVE * module_px_of(quad) \
                        and work.take(PERSPECTIVE_START):
                    starts.append(p)
            quad = fit_corners(g, quad, starts=starts)
            if work.take(GRID_QUAD):
                text = read_quad(g, quad, 3, refine=False, sigmas_out=sigmas)
                if final(text, "fitted grid"):
                    return text, "fitted grid"
        if CODEBOOK and quad is not read_against_book and work.take(CODEBOOK_READ if sigmas else CODEBOOK_READ + GRID_SIGMAS):
            # heavy blur: which known sticker explains the picture best (companion.scan.codebook)
            text = book(quad, sigmas)
            if text is not None:
                return text, "codebook"
        if work.take(GRID_FEEDBACK if sigmas else GRID_FEEDBACK + GRID_SIGMAS):
            # heavy blur: the modules the fit is sure of fixed, the rest solved again (grid.feedback_text)
            text = feedback_text(g, quad, sigmas=sigmas)
            if final(text, "feedback grid"):
                return text, "feedback grid"
        tried: list[npt.NDArray[np.float32]] = [quad]

        def look(view: SymbolCrop, steps: Sequence[tuple[str, str, Callable[[Gray], Gray]]], where: str) -> str | None:
            """zxing on each cleaned version of `view`; a symbol it locates but cannot read is read
            module by module from zxing's corners (they follow the perspective; a guess's do not)."""
            nonlocal how
            for name, key, prep in steps:
                if not work.take(PREP_PER_MPX.get(key, 0.0) * view.img.size / 1e6 + zxing_cost(view.img.size)):
                    return None
                for text, q in zxing_located(prep(view.img)):
                    if text is not None:
                        how = f"{where} {name}"
                        return text
                    qc = view.to_capture(q)
                    if any(_same_quad(qc, t, 0.5 * c.module_px) for t in tried):
                        continue
                    tried.append(qc)
                    if work.take(GRID_QUAD):
                        got = read_quad(g, qc)
                        if got is not None:
                            how = f"{where} {name} grid"
                            return got
            return None

        how = ""
        # The symbol turned upright at TARGET_PPM from the quad: zxing's detector then sees a square
        # symbol of a comfortable size, and finds the perspective corners a fit from finders cannot.
        if not work.take(PREP_PER_MPX["warp"] * (29 * 6) ** 2 / 1e6):
            return None, ""
        view = upright(g, quad)
        text = look(view, VIEW_STEPS, "upright")
        if text is not None:
            return text, how
        text = look(crop, SYMBOL_STEPS[1:], "crop")
        return text, how


def _same_quad(a: npt.NDArray[np.float32], b: npt.NDArray[np.float32], tol: float) -> bool:
    """The same four corners, within `tol` px, in any rotation of their order."""
    return any(float(np.abs(np.roll(a, k, axis=0) - b).max()) < tol for k in range(4))


def _pts(q: npt.NDArray[np.float32]) -> tuple[tuple[float, float], ...]:
    return tuple((float(x), float(y)) for x, y in q)


def _modules(extra: dict[str, str]) -> int:
    v = extra.get("Version", "1")
    return 17 + 4 * int(v) if v.isdigit() else 21


WHOLE_FRAME_COST = {  # work units per 640 x 480 frame of the old whole-frame steps
    "zxing flat 2x": 8.0, "zxing 3x flat": 16.0, "zxing flat 2x sharp": 9.0, "zxing 2x adaptive": 8.0,
    "pyzbar flat": 7.0, "zxing localnorm 3x smooth": 20.0, "zxing localnorm deblur 3x": 22.0,
}

TEXTURE_SIZES = (0.4, 0.5, 0.64, 0.8, 1.0, 1.2)  # a texture blob's module estimate (side / 22) over the symbol's: 1.1-2.2 measured, 2.8 for a dim card whose whole face is the blob
LOCATED_SIZES = (0.8, 1.0, 1.25)  # zxing's corners of a symbol it could not read are about right
MIN_FINDER_PX = 1.5  # no finder search at module sizes under this (capture px)
EARLY_FINDER_SCALE = 0.72  # finders this small for their spacing (version 3 and up) end a guess at once
STRONG_FINDERS = 1.8  # a refit score (3 at best) under which other outlines are tried too
QUICK_FINDERS = 1.7  # refit score (3 at best) a guessed quad needs in the look after a full read (a dim, glared token's right fit: 1.98; a blurred card's, seed 8686 frame 391: 1.76)
TRIPLE_LEAD = 0.15  # refit score by which a square guess must beat a finder triple's fit
CODEBOOK_EARLY = True  # ... and on the finder fit, before the corners are fitted
CODEBOOK_LEVELS = True  # ... and again with each known symbol's own local levels, when it fails (glare)
HOLD_UNKNOWN = True  # a grid read that is no sticker's text goes on to the later steps (see _read_symbol)
PERSPECTIVE = True  # the corner fit may start from the finders' outlines (companion.scan.perspective)
PERSPECTIVE_MOVE = 0.75  # ... when they put a corner this many modules from the finder fit's
CODEBOOK = True  # the known-sticker reading (companion.scan.codebook) after the fitted grid
# The look after a full read tries only finder triples, no square guesses (issue 29): on card art a
# patch of artwork that scores as strong texture took 8 refits (3 triples, 5 squares) before failing
# the 1.7 fit, so a frame read whole cost 7.2 units at 640 x 480 instead of 1.2. Without the squares:
# the same frames read on art seeds 11, 12 (640 x 480, 1280 x 720) and plain dev seeds 1-3, median
# work on art 7.2 -> 4.8 (640) and 8.7 -> 6.3-6.8 (1280); the plain corpus's median unchanged.
SECOND_LOOK_SQUARES = False
# Artwork must not cost (issue 29): a patch of card art that scores as strong texture went through the
# finder search at six module sizes and three finder triples' refits (~3.5 units, and 3 ms of
# orientation on a large patch) before failing the 1.7 fit, so a card read whole cost 4.8 units at
# 640 x 480 against 1.2 on a plain card. The look now rejects a patch whose edges run one way
# (SECOND_LOOK_STRIPES: hatching, strokes), searches three module sizes at 2 px per module (a
# ninth of the correlations), and refits only triples that score like finders (SECOND_LOOK_TRIPLE:
# the second stickers read on art seeds 11 and 12 had best triples of 1.29-2.75, art mostly
# 0.6-1.4). Art tuning seeds 11, 12 (200 scenes, 640 x 480 and 1280 x 720): the same readable
# frames but one at 1280 (261 of 275, 262 before), median work 4.7-4.8 -> 1.95-2.1 units at 640.
SECOND_LOOK_STRIPES = 0.5  # see locator.orientation: a patch whose edges run more one way than this is art
SECOND_LOOK_SIZES = (0.45, 0.64, 0.9)  # the finder search's module sizes (over the blob's estimate) in that look
SECOND_LOOK_PPM = 2  # ... at this many px per module (finders.VIEW_PPM: 3)
SECOND_LOOK_TRIPLE = 1.25  # a finder triple's score (finders.Triple, 3 at best) that look refits at all
SECOND_LOOK_SCORE = 1.5  # texture score (symbol_candidates) a patch needs for that look: unread stickers
# there scored 1.6-20 on the dev corpora (dim, noisy ones 1.6-2), 85 % of leftover patches under 1.2


def calibrate(repeats: int = 5) -> float:
    """Milliseconds one unit of work takes on this machine now (the reference machine: ~1.0).
    Times a fixed piece of decoder work, the minimum of `repeats` runs."""
    from companion.scan.work import PREP_PER_MPX, zxing_cost

    rng = np.random.default_rng(0)
    img = (rng.random((480, 640)) * 255).astype(np.uint8)
    crop = img[:200, :200]
    units = zxing_cost(img.size) + zxing_cost(crop.size) + PREP_PER_MPX["localnorm"] * crop.size / 1e6
    best = float("inf")
    for _ in range(max(1, repeats)):
        t = time.perf_counter()
        zxing_located(img)
        zxing_located(smooth(local_norm(crop, 9, 24, 2), 1.5))
        best = min(best, (time.perf_counter() - t) * 1000)
    return best / units
