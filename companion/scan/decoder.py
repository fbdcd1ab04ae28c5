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
5. pyzbar on the flat-fielded frame: a different detector, catches a few frames zxing cannot.

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
)


@dataclass
class Decoder:
    """Decodes frames into cards of `game` (None: accept every game's cards as cards).

    `budget_ms` caps the rescue passes of one frame: a frame that is still unread by then is
    dropped, and the next frame gets a fresh try (the camera delivers ~30 a second)."""

    game: str | None = None
    budget_ms: float = 120.0
    rescue: Sequence[Stage] = field(default_factory=lambda: RESCUE)

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
            # (a second card): then keep going, still within the budget.
            if (cards or other) and not missed:
                break
        ms = (time.perf_counter() - t0) * 1000
        return DecodeResult(tuple(sorted(cards)), tuple(sorted(other)), len(foreign), ms, stage_found)
