"""Frame -> card codes. zxing-cpp first; rescue passes only when the cheap pass finds no card.

Capture-size frames (> 800 px wide): cheap pass on a 640-px copy, crop steps (CROP_RESCUE) on the
full-resolution pixels around located or likely QR regions, then the whole-frame steps below on the
copy; a second-card look after a read (docs/scanning.md).

The rescue chain was chosen by measurement on the benchmark corpus (benchmarks/scan.py; numbers
in docs/scanning.md): each stage is the one that rescued the most frames the stages before it
missed, ordered cheap to dear. Stages:

1. flat-field + 2x upscale: divides out glare and uneven light (background estimated by a
   morphological closing on a quarter-size image, so it is cheap), then gives small codes more
   pixels per module;
2. 3x upscale + flat-field: tiny, blurred codes;
3. unsharp mask on the 2x flat-fielded image: blur and motion;
4. adaptive threshold on the 2x image: low light with noise;
5. pyzbar on the flat-fielded frame: a different detector, catches a few frames zxing cannot;
6. local min/max normalisation, 3x upscale, Gaussian smoothing: glare is additive, so
   subtracting the local black level restores print under a glare blob; smoothing after the
   upscale tames sensor noise and JPEG blocks in dim frames;
7. the same normalisation, Richardson-Lucy deblurring (sigma 1.2 px), 3x upscale: small blurred
   tokens.

Grid steps (companion.scan.grid): symbols zxing located but could not read are read module by
module (finder-refitted quad, locally calibrated thresholds, blur equalisation, Reed-Solomon with
erasures): the cheap pass's located symbols first ("located grid"), then as the last crop step.

Only strings that are card codes per the spec become cards (cards_qr.codes.classify); anything
else is counted as foreign and dropped.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
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

CHEAP: Stage = ("zxing", zxing_texts_and_misses)

RESCUE: tuple[Stage, ...] = (
    ("zxing flat 2x", lambda g: zxing_texts(upscale(flat_field(g), 2))),
    ("zxing 3x flat", lambda g: zxing_texts(flat_field(upscale(g, 3), 9, 6))),
    ("zxing flat 2x sharp", lambda g: zxing_texts(unsharp(flat_field(upscale(g, 2))))),
    ("zxing 2x adaptive", lambda g: zxing_texts(adaptive(upscale(g, 2)))),
    ("pyzbar flat", lambda g: pyzbar_texts(flat_field(g))),
    ("zxing localnorm 3x smooth", lambda g: zxing_texts(smooth(upscale(local_norm(g, 5), 3)))),
    ("zxing localnorm deblur 3x", lambda g: zxing_texts(upscale(richardson_lucy(local_norm(g)), 3))),
)

# Opt-in (Decoder(second_look=SECOND_LOOK)): after the cheap pass read a card, one more look for a
# second, smaller or blurrier card that zxing did not even locate (no error is reported for it, so
# `missed` cannot tell). Measured: +4 two-card frames of 900, but it runs on every read frame and
# pushed the median from ~0.7 to 2-6 ms, so it is off by default.
SECOND_LOOK: Stage = ("zxing 2x", lambda g: zxing_texts(upscale(g, 2)))


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


def _overlaps(b: Box, others: Sequence[Box]) -> bool:
    return any(b[0] < o[2] and o[0] < b[2] and b[1] < o[3] and o[1] < b[3] for o in others)


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


def half_deblur(c: Gray) -> Gray:
    """Local normalisation, a half-size copy (averages noise), Richardson-Lucy for the blur as it
    looks at that size, 3x upscale: the crop step for blur of about a module."""
    import cv2

    half = cv2.resize(smooth(local_norm(c, 9, 24, 2), 1.0), None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    return upscale(richardson_lucy(_u8(half), 1.3, 10), 3)


def grid_texts(c: Gray) -> list[str]:
    """Symbols zxing locates in the crop (after local normalisation, or adaptive thresholding) but
    cannot read, read module by module from the raw crop (companion.scan.grid: local thresholds
    calibrated on the function patterns, blur equalisation, Reed-Solomon with erasures)."""
    from companion.scan.grid import read_quad

    out: list[str] = []
    seen: list[npt.NDArray[np.float32]] = []
    for pre in (lambda x: smooth(local_norm(x, 9, 24, 2), 1.5), lambda x: adaptive(smooth(x, 1.5), 61, 3)):
        for text, quad in zxing_located(pre(c)):
            if text is not None or any(float(np.abs(quad - q).max()) < 4 for q in seen):
                continue
            seen.append(quad)
            got = read_quad(c, quad)
            if got is not None:
                out.append(got)
        if out:
            break
    return out


CROP_RESCUE: tuple[Stage, ...] = (
    ("crop zxing", zxing_texts),
    ("crop localnorm smooth", lambda c: zxing_texts(smooth(local_norm(c, 9, 24, 2), 1.5))),
    ("crop adaptive", lambda c: zxing_texts(adaptive(smooth(c, 1.5), 61, 3))),
    ("crop localnorm half deblur 3x", lambda c: zxing_texts(half_deblur(c))),
    ("crop localnorm deblur 2.5", lambda c: zxing_texts(richardson_lucy(smooth(local_norm(c, 9, 24, 2), 1.2), 2.5, 15))),
    ("crop grid", grid_texts),
)


@dataclass
class Decoder:
    """Decodes frames into cards of `game` (None: accept every game's cards as cards).

    Frames wider than ~800 px (the camera's full-resolution capture) are decoded in two sizes:
    the cheap pass and the whole-frame rescue steps on a 640-px copy, and the crop steps on the
    full-resolution pixels around the regions where a QR was located or is likely (twice the
    pixels per module at 1280 px). Narrower frames skip the crop steps.

    `budget_ms` caps the rescue passes of one frame: a frame that is still unread by then is
    dropped, and the next frame gets a fresh try (the camera delivers ~30 a second)."""

    game: str | None = None
    budget_ms: float = 120.0
    rescue: Sequence[Stage] = field(default_factory=lambda: RESCUE)
    crop_rescue: Sequence[Stage] = field(default_factory=lambda: CROP_RESCUE)
    grid_located: bool = True  # read symbols the cheap pass located but not read, module by module
    # the grid step in the second-card look too: +1 two-card frame of 900, but the median went from
    # 1.8 to 3.4 ms (it runs on read frames), so off by default
    second_card_grid: bool = True
    square_grid: bool = True  # find symbols zxing did not locate by their texture (companion.scan.locator)
    square_grid_after: int = 0  # how many crop steps run before the square locator
    second_card_square: bool = True  # the square locator in the second-card look as a last try
    second_card: bool = True  # after a read, crop-decode a second likely-QR region if there is one
    second_look: Stage | None = None  # the older whole-frame second look (off: see docs)

    def decode(self, frame: npt.NDArray[Any]) -> DecodeResult:
        t0 = time.perf_counter()
        g = to_gray(frame)
        small, f = preview(g)
        cards: set[CardCode] = set()
        other: set[CardCode] = set()
        foreign: set[str] = set()

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
                    foreign.add(text)
            return got

        def done(ms: float, stage: str) -> DecodeResult:
            return DecodeResult(tuple(sorted(cards)), tuple(sorted(other)), len(foreign), ms, stage)

        located = zxing_located(small)
        take([t for t, _ in located])
        read_boxes = [quad_box(q, f, g.shape, 0.1) for t, q in located if t is not None]
        missed_boxes = [quad_box(q, f, g.shape) for t, q in located if t is None]
        if (cards or other) and not missed_boxes:
            if self.second_look is not None:
                take(self.second_look[1](small))
            elif self.second_card and f > 1:
                self._second_card(g, small, f, read_boxes, take)
            return done((time.perf_counter() - t0) * 1000, "zxing")
        stage_found = "zxing" if (cards or other) else ""
        # Regions worth a closer look at full resolution: symbols zxing located but could not read,
        # then the densest textures not already read.
        boxes: list[Box] = []
        cand: list[Box] = []
        if f > 1:
            boxes = list(missed_boxes)
            cand = candidate_boxes(small, f, g.shape, k=3, exclude=read_boxes)
            for b in cand:
                if not _overlaps(b, boxes):
                    boxes.append(b)
        want = max(1, len(located))  # symbols the cheap pass saw: stop when that many are read

        def enough() -> bool:
            return bool(cards or other) and len(cards) + len(other) + len(foreign) >= want

        if self.grid_located and f > 1:
            # The symbols the cheap pass located but could not read, module by module at full
            # resolution: no detection cost, a few ms each (companion.scan.grid).
            from companion.scan.grid import read_quad

            for t, q in located:
                if t is None and (time.perf_counter() - t0) * 1000 <= self.budget_ms:
                    got = read_quad(g, q * f)
                    if got is not None and take([got]) and not stage_found:
                        stage_found = "located grid"
            if enough():
                return done((time.perf_counter() - t0) * 1000, stage_found)
        def crop_steps(steps: Sequence[Stage]) -> bool:
            nonlocal stage_found
            for name, fn in steps:
                for b in boxes:
                    if (time.perf_counter() - t0) * 1000 > self.budget_ms:
                        return True
                    if take(fn(g[b[1]:b[3], b[0]:b[2]])) and not stage_found:
                        stage_found = name
                if enough():
                    return True
            return False

        def square_step() -> bool:
            # Symbols zxing did not even locate: square patches of module-scale texture in every
            # candidate region (overlapping ones too: a symbol at one region's edge is whole in
            # another), read module by module if three finder patterns are found.
            nonlocal stage_found
            from companion.scan.locator import locate_quads_texts

            budget_left = lambda: (time.perf_counter() - t0) * 1000 <= self.budget_ms  # noqa: E731
            if take(locate_quads_texts(g, missed_boxes + cand, budget_left)) and not stage_found:
                stage_found = "square grid"
            return enough()

        # The square locator runs early among the crop steps: it reads frames the slower crop
        # steps would eat the budget on (measured in docs/scanning.md).
        split = self.square_grid_after if self.square_grid and f > 1 else len(self.crop_rescue)
        if crop_steps(self.crop_rescue[:split]):
            return done((time.perf_counter() - t0) * 1000, stage_found)
        if self.square_grid and f > 1 and square_step():
            return done((time.perf_counter() - t0) * 1000, stage_found)
        if crop_steps(self.crop_rescue[split:]):
            return done((time.perf_counter() - t0) * 1000, stage_found)
        for name, fn in self.rescue:
            if (time.perf_counter() - t0) * 1000 > self.budget_ms:
                break
            if take(fn(small)) and not stage_found:
                stage_found = name
            if enough():
                break
        return done((time.perf_counter() - t0) * 1000, stage_found)

    def _second_card(self, g: Gray, small: Gray, f: float, read: list[Box],
                     take: Callable[[Sequence[str | None]], bool]) -> None:
        """The cheap pass read a card: is there another sticker-like region it did not even
        locate? Only if one scores like a QR does it get a crop decode at full resolution."""
        for b in candidate_boxes(small, f, g.shape, k=1, exclude=read, min_score=SECOND_CARD_SCORE):
            crop = g[b[1]:b[3], b[0]:b[2]]
            steps = [fn for _, fn in self.crop_rescue[:SECOND_CARD_STEPS]]
            if self.second_card_grid:
                steps.append(grid_texts)
            if any(take(fn(crop)) for fn in steps):
                continue
            if self.second_card_square and self.square_grid:
                from companion.scan.locator import locate_quads_texts

                take(locate_quads_texts(g, [b]))


SECOND_CARD_STEPS = 2  # how many of the crop steps the second-card look may use
SECOND_CARD_SCORE = 1.4  # edge density (edge_density units) a region needs for the second-card look
