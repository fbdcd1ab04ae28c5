"""The tray check: can this camera, where it stands, read every sticker? And if not, what to change.

It looks at live frames of the shipped test sticker (`TEST_CODE`, printed on the sticker sheets at
the token size, the smallest module a game uses: cards_qr.sheet) or of any card or token sticker,
and measures on the symbol it finds:

- pixels per module, and from the sticker's printed module size the camera's px per mm, so the
  card and token stickers' px per module follow (they are what has to read);
- sharpness: the blur sigma, in modules, that the least-squares reader fits (companion.scan.grid);
- glare: the share of the symbol's pixels clipped white;
- exposure: the paper's level and the print's contrast;
- the camera's capture size and the largest it offers.

The verdict says, in words, the one or two changes that matter most: "move the camera 6 cm closer",
"turn the lamp away", "raise the resolution", "focus the camera", "more light". Its thresholds are
the decoder's: stickers read reliably at 3 px per module and more (MIN_PX_PER_MODULE), and they can
still be read down to 2 with blur under half a module (benchmarks/scan.py, docs/scanning.md).
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

import numpy as np
import numpy.typing as npt

from companion.i18n import N_

TEST_CODE = "CHK:TRAY:06"  # not a card of any game (no game CHK): the decoder counts it as foreign
TEST_MODULE_MM = 0.6  # printed at the token size: if it reads, every sticker does
# The shapes of the report's sentences below, as the catalog says them in another language (the
# tray check screen shows them through Domain.said; the command line prints them as they are).
SHAPES = (N_("Ready: every sticker reads here ({ppm} px per module on the smallest)."),
          N_("sticker found in {seen} of {frames} frames, read in {read}"),
          N_("pixels per module: {ppm} (card stickers {cards}, tokens {tokens}; {good} reads reliably)"),
          N_("sharpness: blur {blur} module (under {sharp} is sharp)"), N_("glare: {glare} % of the sticker clipped"),
          N_("exposure: paper {paper}, print contrast {contrast} (of 255)"), N_("resolution: {res} chosen, highest {top}"),
          N_("unknown"),
          N_("Put the tray check sticker (or any card) flat under the camera, in the middle of the tray."),
          N_("Raise the resolution: the camera gives {given} and can do {best}."),
          N_("Move the camera {cm} cm closer to the tray (stickers show {ppm} px per module, {good} read reliably)."),
          N_("Turn the lamp away or tilt it: glare clips {glare} % of the sticker."),
          N_("Focus the camera (or hold the card still): the sticker is blurred ({blur} module)."),
          N_("More light on the tray: the sticker is too dim to read reliably."),
          N_("The sticker is seen but does not read: check it is printed at 100 % and lies flat."))

GOOD_PPM = 3.0  # the smallest sticker's px per module for reliable reads (cards_qr.sheet.MIN_PX_PER_MODULE)
LEAST_PPM = 2.0  # below this no decoder reads a sticker: the camera must move
SHARP_SIGMA = 0.45  # blur sigma (modules) above which stickers stop reading reliably
GLARE_SHARE = 0.02  # share of the symbol's pixels clipped white that starts to cost reads
DIM_PAPER = 70  # paper level (0-255) under which the light is too low
LOW_CONTRAST = 45  # paper minus print (0-255) under which the light is too low
CAMERA_FOV_DEG = 66.0  # horizontal field of view assumed for the distance estimate (Pi Camera Module 3)


@dataclass(frozen=True)
class FrameMeasure:
    """What one frame shows of the sticker (None fields: no sticker found in it)."""

    read: str | None  # the sticker's text, if read
    module_mm: float | None  # its printed module, if known from its text
    px_per_module: float | None
    blur_modules: float | None
    glare: float | None
    paper: float | None
    contrast: float | None
    size: tuple[int, int] = (0, 0)  # the frame's width and height


@dataclass(frozen=True)
class TrayReport:
    frames: int
    seen: int  # frames where a sticker was found
    read: int  # frames where it was read
    px_per_module: float | None  # of the sticker shown (median over the frames it was seen in)
    px_per_mm: float | None
    card_px_per_module: float | None
    token_px_per_module: float | None
    blur_modules: float | None
    glare: float | None
    paper: float | None
    contrast: float | None
    resolution: tuple[int, int] | None
    max_resolution: tuple[int, int] | None
    smallest_mm: float  # the smallest module the game's stickers use
    advice: tuple[str, ...] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        return not self.advice

    @property
    def verdict(self) -> str:
        if self.ok:
            ppm = self.token_px_per_module if self.smallest_mm < 1.0 else self.card_px_per_module
            return f"Ready: every sticker reads here ({ppm:.1f} px per module on the smallest)."
        return " ".join(self.advice)

    def lines(self) -> list[str]:
        """The report as lines of text, for the command line and the settings screen."""

        def num(v: float | None, fmt: str) -> str:
            return "-" if v is None else format(v, fmt)

        res = "x".join(map(str, self.resolution)) if self.resolution else "-"
        top = "x".join(map(str, self.max_resolution)) if self.max_resolution else "unknown"
        return [
            f"sticker found in {self.seen} of {self.frames} frames, read in {self.read}",
            f"pixels per module: {num(self.px_per_module, '.1f')} (card stickers {num(self.card_px_per_module, '.1f')}, "
            f"tokens {num(self.token_px_per_module, '.1f')}; {GOOD_PPM:g} reads reliably)",
            f"sharpness: blur {num(self.blur_modules, '.2f')} module (under {SHARP_SIGMA:g} is sharp)",
            f"glare: {num(None if self.glare is None else 100 * self.glare, '.1f')} % of the sticker clipped",
            f"exposure: paper {num(self.paper, '.0f')}, print contrast {num(self.contrast, '.0f')} (of 255)",
            f"resolution: {res} chosen, highest {top}",
            f"verdict: {self.verdict}",
        ]


def measure(frame: npt.NDArray[Any], decoder: Any = None) -> FrameMeasure:
    """Find the sticker in one frame (the test sticker, else any card or token sticker, else an
    unread version-1 symbol) and measure it."""
    from cards_qr.codes import parse_code
    from companion.scan.decoder import Decoder, module_px_of, to_gray

    g = to_gray(frame)
    dec = decoder or Decoder(game=None)
    result = dec.decode(g)
    best = None
    for s in result.seen:
        mm = _module_mm(s.text, parse_code)
        rank = (s.text == TEST_CODE, mm is not None, s.text is not None)
        if best is None or rank > best[0]:
            best = (rank, s, mm)
    if best is None:
        return FrameMeasure(None, None, None, None, None, None, None, (g.shape[1], g.shape[0]))
    _, s, mm = best
    from companion.scan.grid import refit

    quad = np.array(s.quad, np.float32)
    fitted = refit(g, quad)[1]  # zxing's corners on the preview are rough; the finders' are not
    quad = fitted if fitted is not None else quad
    blur, glare, paper, contrast = _symbol_quality(g, quad)
    return FrameMeasure(s.text, mm, module_px_of(quad), blur, glare, paper, contrast, (g.shape[1], g.shape[0]))


def _module_mm(text: str | None, parse: Any) -> float | None:
    if text == TEST_CODE:
        return TEST_MODULE_MM
    code = parse(text) if text else None
    if code is None:
        return None
    from cards_qr.codes import deck_of
    from cards_qr.sheet import STYLES

    return STYLES[deck_of(code).sticker].module_mm


def _symbol_quality(g: npt.NDArray[np.uint8], quad: npt.NDArray[np.float32]) -> tuple[float, float, float, float]:
    """Blur sigma (modules, the deconvolution's best fit), clipped share, paper level and print
    contrast of the symbol at `quad` (TL TR BR BL)."""
    from companion.scan import grid

    rect = grid.rectify(g, quad, grid.LS_PPM)
    fits = grid._deconvolve_each(rect, grid.LS_PPM, grid.LS_SIGMAS, 1)
    blur = min(fits, key=lambda f: f[3])[2]
    p = grid.LS_PPM
    m = grid.MARGIN
    symbol = rect[m * p:(m + grid.N) * p, m * p:(m + grid.N) * p]
    ring = np.concatenate([rect[:p].ravel(), rect[-p:].ravel(), rect[:, :p].ravel(), rect[:, -p:].ravel()])
    paper = float(np.median(ring))
    ink = float(np.percentile(symbol, 5))  # the darkest print (half a QR is dark modules)
    return float(blur), _clipped(symbol, paper, ink), paper, paper - ink


def _clipped(symbol: npt.NDArray[np.uint8], paper: float, ink: float) -> float:
    """Glare: the share of the rectified symbol clipped bright and flat, its dark modules washed out
    too (within two modules of any point of a symbol there is print; a clean white paper at 255 is
    not glare)."""
    import cv2

    from companion.scan import grid

    p = grid.LS_PPM
    low = cv2.erode(symbol, np.ones((2 * p + 1, 2 * p + 1), np.uint8))
    return float(np.mean((symbol >= 245) & (low >= 245 - 0.5 * max(paper - ink, 20))))


def glare_share(g: npt.NDArray[np.uint8], quad: npt.NDArray[np.float32]) -> float:
    """The share of the symbol at `quad` (TL TR BR BL, capture px) that glare washes out (the tray
    check's measure; the benchmark records it for every card symbol)."""
    from companion.scan import grid

    rect = grid.rectify(g, quad, grid.LS_PPM)
    p, m = grid.LS_PPM, grid.MARGIN
    symbol = rect[m * p:(m + grid.N) * p, m * p:(m + grid.N) * p]
    ring = np.concatenate([rect[:p].ravel(), rect[-p:].ravel(), rect[:, :p].ravel(), rect[:, -p:].ravel()])
    return _clipped(symbol, float(np.median(ring)), float(np.percentile(symbol, 5)))


def summarize(measures: Sequence[FrameMeasure], resolution: tuple[int, int] | None = None,
              max_resolution: tuple[int, int] | None = None, game: str | None = None,
              fov_deg: float = CAMERA_FOV_DEG) -> TrayReport:
    """The report and its advice over a few frames' measures."""
    from cards_qr.sheet import STYLES

    seen = [m for m in measures if m.px_per_module is not None]
    read = [m for m in seen if m.read is not None]

    def med(vals: Iterable[float | None]) -> float | None:
        v = [x for x in vals if x is not None]
        return float(statistics.median(v)) if v else None

    ppm = med(m.px_per_module for m in seen)
    mm = med(m.module_mm for m in seen) or TEST_MODULE_MM  # an unread symbol: as if the test sticker
    per_mm = ppm / mm if ppm is not None else None
    card_mm, token_mm = STYLES["card"].module_mm, STYLES["token"].module_mm
    smallest = token_mm if _has_tokens(game) else card_mm
    resolution = resolution or (measures[0].size if measures else None)
    width = resolution[0] if resolution else 0
    report = TrayReport(
        frames=len(measures), seen=len(seen), read=len(read), px_per_module=ppm, px_per_mm=per_mm,
        card_px_per_module=per_mm * card_mm if per_mm else None, token_px_per_module=per_mm * token_mm if per_mm else None,
        blur_modules=med(m.blur_modules for m in seen), glare=med(m.glare for m in seen),
        paper=med(m.paper for m in seen), contrast=med(m.contrast for m in seen),
        resolution=resolution, max_resolution=max_resolution, smallest_mm=smallest)
    return _with_advice(report, width, fov_deg)


def _has_tokens(game: str | None) -> bool:
    from cards_qr.codes import manifest

    m = manifest()
    games = [m.game(game)] if game else list(m.games)
    return any(d.sticker == "token" for g in games if g is not None for d in g.decks)


def _with_advice(r: TrayReport, width: int, fov_deg: float) -> TrayReport:
    advice: list[str] = []
    if r.seen == 0:
        advice.append("Put the tray check sticker (or any card) flat under the camera, in the middle of the tray.")
        return _replace(r, advice)
    assert r.px_per_mm is not None
    need = GOOD_PPM / r.smallest_mm  # px per mm the smallest sticker needs
    if r.px_per_mm < need:
        gain = 1.0
        if r.resolution and r.max_resolution and r.max_resolution[0] > r.resolution[0]:
            gain = r.max_resolution[0] / r.resolution[0]
            w, h = r.max_resolution
            advice.append(f"Raise the resolution: the camera gives {r.resolution[0]}x{r.resolution[1]} "
                          f"and can do {w}x{h}.")
        if r.px_per_mm * gain < need and width:
            # distance from the view's width and the lens's field of view; closer by the shortfall
            view_mm = width / r.px_per_mm
            distance_cm = view_mm / (2 * math.tan(math.radians(fov_deg) / 2)) / 10
            closer = distance_cm * (1 - r.px_per_mm * gain / need)
            advice.append(f"Move the camera {max(1, math.ceil(closer))} cm closer to the tray "
                          f"(stickers show {r.px_per_mm * r.smallest_mm:.1f} px per module, {GOOD_PPM:g} read reliably).")
    if r.glare is not None and r.glare > GLARE_SHARE:
        advice.append(f"Turn the lamp away or tilt it: glare clips {100 * r.glare:.0f} % of the sticker.")
    if r.blur_modules is not None and r.blur_modules > SHARP_SIGMA:
        advice.append("Focus the camera (or hold the card still): the sticker is blurred "
                      f"({r.blur_modules:.2f} module).")
    if (r.paper is not None and r.paper < DIM_PAPER) or (r.contrast is not None and r.contrast < LOW_CONTRAST):
        advice.append("More light on the tray: the sticker is too dim to read reliably.")
    if not advice and r.read == 0:
        advice.append("The sticker is seen but does not read: check it is printed at 100 % and lies flat.")
    return _replace(r, advice)


def _replace(r: TrayReport, advice: list[str]) -> TrayReport:
    from dataclasses import replace

    return replace(r, advice=tuple(advice))


def check(source: Any, frames: int = 12, game: str | None = None, decoder: Any = None,
          progress: Any = None) -> TrayReport:
    """Read `frames` live frames from a camera source and report (frames that fail to arrive are
    skipped; a source that gives none at all gives a report that says so). `progress(n)` is told
    each frame looked at."""
    from companion.scan.camera import resolution_of
    from companion.scan.decoder import Decoder

    dec = decoder or Decoder(game=None)
    measures = []
    misses = 0
    while len(measures) < frames and misses < frames * 3:
        frame = source.read()
        if frame is None:
            misses += 1
            continue
        measures.append(measure(frame, dec))
        if progress is not None:
            progress(len(measures))
    res, top = resolution_of(source)
    return summarize(measures, res, top, game)
