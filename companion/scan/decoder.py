"""Frame -> card codes. zxing-cpp first; rescue passes only when the cheap pass finds no card.

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


@dataclass
class Decoder:
    """Decodes frames into cards of `game` (None: accept every game's cards as cards).

    `budget_ms` caps the rescue passes of one frame: a frame that is still unread by then is
    dropped, and the next frame gets a fresh try (the camera delivers ~30 a second)."""

    game: str | None = None
    budget_ms: float = 120.0
    rescue: Sequence[Stage] = field(default_factory=lambda: RESCUE)
    second_look: Stage | None = None

    def decode(self, frame: npt.NDArray[Any]) -> DecodeResult:
        t0 = time.perf_counter()
        g = to_gray(frame)
        cards: set[CardCode] = set()
        other: set[CardCode] = set()
        foreign: set[str] = set()
        stage_found = ""
        missed = False
        for i, (name, fn) in enumerate((CHEAP, *self.rescue)):
            if i > 0 and (time.perf_counter() - t0) * 1000 > self.budget_ms:
                break
            for text in fn(g):
                if text is None:
                    missed = True
                    continue
                verdict, code = classify(text, self.game)
                if verdict is Verdict.CARD and code is not None:
                    cards.add(code)
                elif verdict is Verdict.OTHER_GAME and code is not None:
                    other.add(code)
                else:
                    foreign.add(text)
            if (cards or other) and not stage_found:
                stage_found = name
            # Stop once something was read, unless the cheap pass saw a symbol it could not read
            # (a second card): then keep going, still within the budget. A frame the cheap pass
            # read gets one more, cheap look for a card zxing did not even locate.
            if (cards or other) and not missed:
                if i == 0 and self.second_look is not None:
                    for text in self.second_look[1](g):
                        if text is None:
                            continue
                        verdict, code = classify(text, self.game)
                        if verdict is Verdict.CARD and code is not None:
                            cards.add(code)
                        elif verdict is Verdict.OTHER_GAME and code is not None:
                            other.add(code)
                        else:
                            foreign.add(text)
                break
        ms = (time.perf_counter() - t0) * 1000
        return DecodeResult(tuple(sorted(cards)), tuple(sorted(other)), len(foreign), ms, stage_found)
