"""Camera-like frames of QR stickers on a card tray, for the mock camera, tests and the benchmark.

Every frame holds real QR symbols (segno, the same encoding as the printed sheets) warped onto a
textured tray, then optionally spoiled the way a cheap camera over a table spoils them: tilt, blur,
glare, low light with sensor noise, JPEG compression, small codes, any rotation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np
import numpy.typing as npt

Gray = npt.NDArray[np.uint8]

FRAME_SIZE = (640, 480)  # width, height of the reference view: every geometry below is in its pixels
REF_PX_PER_MM = 4.0  # the reference view sees the ~160 mm tray at ~4 px/mm: 1 reference px = 0.25 mm
CAPTURE_SCALE = 2.0  # the camera's main stream (1280 x 960) over the same tray: 8 px/mm


def qr_matrix(text: str) -> npt.NDArray[np.bool_]:
    """Dark modules of a QR for `text`: version 1, level Q, alphanumeric for card codes; any other
    string (a web address, a lower-case code) gets whatever symbol segno picks, as a phone would."""
    import segno

    try:
        qr = segno.make_qr(text, version=1, error="q", mode="alphanumeric", boost_error=False)
    except (ValueError, segno.DataOverflowError):
        qr = segno.make_qr(text, error="m")
    return np.array([list(row) for row in qr.matrix], dtype=bool)


def sticker(text: str, module_px: int, quiet: int = 4) -> Gray:
    """A crisp QR sticker image: black modules on white, `quiet` modules of white margin."""
    m = qr_matrix(text)
    n = m.shape[0] + 2 * quiet
    img = np.full((n, n), 255, dtype=np.uint8)
    img[quiet : quiet + m.shape[0], quiet : quiet + m.shape[1]][m] = 0
    return np.kron(img, np.ones((module_px, module_px), dtype=np.uint8)).astype(np.uint8)


@dataclass
class Spoil:
    """How one frame is spoiled. Defaults: a clean, well-lit, square-on view.

    Lengths are physical: they are given in reference pixels (REF_PX_PER_MM, 0.25 mm of tray
    each) and rendered at `scale` camera pixels per reference pixel, so the same scene captured at
    1280 px has twice the pixels per module *and* twice the blur in pixels. `blur_sigma` 1.0 is a
    0.25 mm Gaussian at the tray, `motion_px` 4 a 1 mm smear. `noise_sigma` is the sensor noise
    of one reference pixel's area: a capture at `scale` gets `noise_sigma * scale` per pixel (the
    same noise per mm^2 of tray; averaging a 2x capture back down gives the old sigma).
    `jpeg_quality` is applied to the captured frame, at its resolution, as a webcam's MJPEG does."""

    tilt: float = 0.0  # perspective: max corner displacement as a fraction of the card size
    blur_sigma: float = 0.0
    motion_px: int = 0
    glare: int = 0  # number of glare blobs over the codes
    glare_size: float = 0.25  # blob radius as a fraction of the symbol width
    light: float = 1.0  # brightness gain; < 0.4 is a dim room
    noise_sigma: float = 0.0
    jpeg_quality: int = 0  # 0: no JPEG
    clutter: int = 0  # dark shapes on the tray (not codes)


@dataclass
class Placed:
    text: str
    module_px: float
    angle_deg: float = 0.0
    center: tuple[float, float] | None = None  # in frame pixels; None: chosen to avoid overlaps
    extra: dict[str, float] = field(default_factory=dict)
    style: str = "card"  # "card": a sticker on a card; "art": on a card whose artwork runs up to the
    # sticker's quiet zone; "phone", "leaflet": distractors (not stickers)


@dataclass(frozen=True)
class Symbol:
    """Where a rendered symbol landed in the captured frame, for the benchmark's bookkeeping."""

    text: str
    style: str
    corners: tuple[tuple[float, float], ...]  # the symbol's 4 corners (no quiet zone), capture px
    modules: int  # per side
    covered: float = 0.0  # fraction of the symbol and 2 modules around it hidden by later patches

    @property
    def px_per_module(self) -> float:
        """The smallest side of the symbol divided by its modules (tilt makes one side shortest)."""
        c = np.array(self.corners)
        sides = np.linalg.norm(c - np.roll(c, -1, axis=0), axis=1)
        return float(sides.min() / self.modules)

    @property
    def module_px_after_tilt(self) -> float:
        """The smallest module anywhere in the symbol, in capture px: under keystone the far side's
        modules are smaller than the side's average (`px_per_module`) and smaller across than along.
        The smaller singular value of the perspective map (module grid -> capture px) at each corner
        of the symbol; the least of the four (a homography's local scale is extreme at a corner)."""
        import cv2

        n = float(self.modules)
        grid = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float32)
        hm = cv2.getPerspectiveTransform(grid, np.array(self.corners, np.float32)).astype(np.float64)
        least = float("inf")
        for u, v in grid.astype(np.float64):
            x, y, w = hm @ (u, v, 1.0)
            jac = (hm[:2, :2] * w - np.outer((x, y), hm[2, :2])) / (w * w)
            least = min(least, float(np.linalg.svd(jac, compute_uv=False)[-1]))
        return least


def _tray(rng: np.random.Generator, w: int, h: int, scale: float = 1.0) -> npt.NDArray[Any]:
    """The tray at reference size w x h, rendered at `scale` (the wood grain is drawn at reference
    size and resized, so every scale sees the same tray)."""
    import cv2

    base = rng.uniform(70, 150)
    W, H = round(w * scale), round(h * scale)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    grad = (xx / W - 0.5) * rng.uniform(-40, 40) + (yy / H - 0.5) * rng.uniform(-40, 40)
    grain = cv2.GaussianBlur(rng.normal(0, 12, (h, w)).astype(np.float32), (0, 0), rng.uniform(1, 4))
    if scale != 1.0:
        grain = cv2.resize(grain, (W, H), interpolation=cv2.INTER_LINEAR)
    return np.asarray(base + grad + grain, dtype=np.float32)


def _warp_onto(
    frame: npt.NDArray[Any],
    patch: npt.NDArray[Any],
    center: tuple[float, float],
    angle_deg: float,
    tilt: float,
    rng: np.random.Generator,
    masks: list[npt.NDArray[np.bool_]] | None = None,
) -> npt.NDArray[np.float64]:
    import cv2

    ph, pw = patch.shape
    src = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], dtype=np.float32)
    a = np.deg2rad(angle_deg)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]], dtype=np.float32)
    dst = (src - [pw / 2, ph / 2]) @ rot.T + center
    dst = dst + rng.uniform(-tilt, tilt, size=(4, 2)).astype(np.float32) * max(pw, ph)
    mat = cv2.getPerspectiveTransform(src, dst.astype(np.float32))
    h, w = frame.shape
    warped = cv2.warpPerspective(patch, mat, (w, h), flags=cv2.INTER_AREA, borderValue=0)
    mask = cv2.warpPerspective(np.ones_like(patch), mat, (w, h), flags=cv2.INTER_LINEAR, borderValue=0)
    frame *= 1 - mask
    frame += warped * mask
    if masks is not None:
        masks.append(mask > 0.5)
    return np.asarray(mat, np.float64)


def card_patch(text: str, module_px: float, rng: np.random.Generator, draw: int = 4) -> npt.NDArray[Any]:
    """A card (off-white, a printed border) with the sticker on it, at ~`module_px` per module."""
    return _card_patch(text, module_px, rng, draw)[0]


def _card_patch(text: str, module_px: float, rng: np.random.Generator,
                draw: int = 4) -> tuple[npt.NDArray[Any], npt.NDArray[np.float32], int]:
    """card_patch, and the symbol's corners in the patch and its modules per side."""
    import cv2

    scale = draw  # draw large, then shrink: sub-pixel module sizes come out anti-aliased like optics
    s = sticker(text, scale).astype(np.float32)
    side = s.shape[0]
    margin = int(side * rng.uniform(0.12, 0.3))
    card = np.full((side + 2 * margin, side + 2 * margin + int(side * rng.uniform(0.2, 0.9))),
                   rng.uniform(200, 240), np.float32)
    cv2.rectangle(card, (3, 3), (card.shape[1] - 4, card.shape[0] - 4), float(rng.uniform(30, 120)), scale * 2)
    card[margin : margin + side, margin : margin + side] = s * rng.uniform(0.92, 1.0)
    target = module_px / scale
    out = cv2.resize(card, None, fx=target, fy=target, interpolation=cv2.INTER_AREA)
    n = side // scale - 8  # modules per side without the 4-module quiet zone
    return out, _square(margin + 4 * scale, margin + 4 * scale, n * scale, target), n


def art_card_patch(text: str, module_px: float, rng: np.random.Generator,
                   draw: int = 4) -> tuple[npt.NDArray[Any], npt.NDArray[np.float32], int]:
    """A card whose printed artwork runs right up to the sticker's quiet zone (issue 29): a card of
    63 x 88 mm's proportions, 1.6-2.4 sticker sides wide, covered in busy artwork (shading, strokes
    and hatching at module scale, filled shapes, lines of text), the sticker (symbol and its
    4-module white quiet zone, nothing more) stuck anywhere on it. Returns what `_card_patch` does."""
    import cv2

    scale = draw
    # One draw from the scene's generator: the card's own generator, so the scene's later draws are
    # the same at every capture size. The artwork is drawn at ART_DRAW px per module and resized:
    # the same picture at every capture size; the sticker is drawn at `draw`, crisp.
    own = np.random.default_rng(int(rng.integers(2**62)))
    s = sticker(text, scale).astype(np.float32) * own.uniform(0.9, 1.0)
    side = s.shape[0]
    wide, portrait = own.uniform(1.6, 2.4), own.random() < 0.5
    cw4 = int(side // scale * ART_DRAW * wide)
    ch4 = int(cw4 * 88 / 63)
    if portrait:
        cw4, ch4 = ch4, cw4  # the card lies either way round
    art4 = _artwork(own, ch4, cw4, float(ART_DRAW))
    cv2.rectangle(art4, (2, 2), (cw4 - 3, ch4 - 3), float(own.uniform(20, 90)), max(1, int(ART_DRAW * own.uniform(0.5, 2))))
    cw, ch = round(cw4 * scale / ART_DRAW), round(ch4 * scale / ART_DRAW)
    art = art4 if scale == ART_DRAW else cv2.resize(art4, (cw, ch), interpolation=cv2.INTER_LINEAR)
    x0 = int(own.uniform(0.04, 0.96) * (cw - side))
    y0 = int(own.uniform(0.04, 0.96) * (ch - side))
    art[y0:y0 + side, x0:x0 + side] = s
    target = module_px / scale
    out = cv2.resize(art, None, fx=target, fy=target, interpolation=cv2.INTER_AREA)
    n = side // scale - 8
    return out, _square(x0 + 4 * scale, y0 + 4 * scale, n * scale, target), n


ART_DRAW = 4  # px per module the artwork is drawn at (then resized to the card's drawing scale)


def _artwork(rng: np.random.Generator, h: int, w: int, module: float) -> npt.NDArray[np.float32]:
    """Busy card artwork, h x w px with `module` px per sticker module: smooth shading, fine grain
    and hatching at 0.5-3 modules (what the texture finder looks for), strokes, shapes, text."""
    import cv2

    def field(sigma: float, amp: float) -> npt.NDArray[np.float32]:
        small = max(1.0, sigma / 2)
        sh, sw = max(2, int(h / small)), max(2, int(w / small))
        f = cv2.GaussianBlur(rng.normal(0, 1, (sh, sw)).astype(np.float32), (0, 0), 2.0)
        f = cv2.resize(f, (w, h), interpolation=cv2.INTER_CUBIC)
        return np.asarray(f / max(float(f.std()), 1e-6) * amp, np.float32)

    art = np.float32(rng.uniform(60, 200)) + field(module * rng.uniform(6, 14), float(rng.uniform(25, 55)))
    art += field(module * rng.uniform(0.6, 2.0), float(rng.uniform(5, 30)))  # grain: foliage, stone, cloth
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    for _ in range(int(rng.integers(0, 4))):  # hatching or a printed screen, in a patch
        a = rng.uniform(0, np.pi)
        period = module * rng.uniform(0.8, 3.0)
        wave = np.sin(2 * np.pi * (xx * np.cos(a) + yy * np.sin(a)) / period)
        cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.15, 0.5) * min(h, w)
        art += np.where((xx - cx) ** 2 + (yy - cy) ** 2 < r * r, wave * float(rng.uniform(15, 60)), 0).astype(np.float32)
    for _ in range(int(rng.integers(2, 8))):  # filled shapes: figures, panels
        c = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        val = float(rng.uniform(10, 240))
        if rng.random() < 0.5:
            cv2.circle(art, c, int(rng.uniform(1, 8) * module), val, -1)
        else:
            d = (c[0] + int(rng.uniform(-10, 10) * module), c[1] + int(rng.uniform(-10, 10) * module))
            cv2.rectangle(art, c, d, val, -1)
    for _ in range(int(rng.integers(5, 40))):  # strokes: outlines, hair, branches
        p0 = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        p1 = (p0[0] + int(rng.uniform(-12, 12) * module), p0[1] + int(rng.uniform(-12, 12) * module))
        cv2.line(art, p0, p1, float(rng.choice([rng.uniform(0, 60), rng.uniform(190, 255)])),
                 max(1, int(module * rng.uniform(0.3, 2.0))))
    if rng.random() < 0.6:  # a text box: rows of dark words
        line = max(1, int(module * rng.uniform(0.8, 2.0)))
        bx0, by0 = int(rng.uniform(0, 0.5) * w), int(rng.uniform(0, 0.6) * h)
        bx1, by1 = min(w, bx0 + int(rng.uniform(0.3, 0.5) * w)), min(h, by0 + int(rng.uniform(0.2, 0.4) * h))
        art[by0:by1, bx0:bx1] = float(rng.uniform(200, 245))
        for ty in range(by0 + line, by1 - line, int(line * 2.2)):
            xs = bx0 + line
            while xs < bx1 - line:
                we = min(bx1 - line, xs + int(line * rng.uniform(1.5, 5)))
                art[ty:ty + line, xs:we] = float(rng.uniform(20, 90))
                xs = we + int(line * 0.8)
    return np.asarray(np.clip(art, 0, 255), np.float32)


def _square(x: float, y: float, side: float, f: float) -> npt.NDArray[np.float32]:
    return np.array([[x, y], [x + side, y], [x + side, y + side], [x, y + side]], np.float32) * f


def _qr_canvas(text: str, draw: int, dark: float, light: float) -> npt.NDArray[Any]:
    """The symbol of `text` (no quiet zone) drawn at `draw` px per module."""
    m = qr_matrix(text)
    return np.kron(np.where(m, dark, light).astype(np.float32), np.ones((draw, draw), np.float32))


def phone_patch(text: str, module_px: float, rng: np.random.Generator,
                draw: int = 4) -> tuple[npt.NDArray[Any], npt.NDArray[np.float32], int]:
    """A phone lying on the tray showing a QR (a web address, a ticket): dark bezel, bright emissive
    screen, the screen's pixel grid (it beats against the camera's: moire) and a reflection streak."""
    import cv2

    q = _qr_canvas(text, draw, float(rng.uniform(10, 45)), float(rng.uniform(200, 255)))
    n = q.shape[0] // draw
    side = q.shape[0]
    sw = int(side * rng.uniform(1.25, 1.6))  # screen around the code
    sh = int(sw * rng.uniform(1.7, 2.1))
    bez = int(side * rng.uniform(0.06, 0.12))
    screen = np.full((sh, sw), float(rng.uniform(200, 255)), np.float32)
    y0 = int((sh - side) * rng.uniform(0.3, 0.6))
    x0 = (sw - side) // 2
    screen[y0:y0 + side, x0:x0 + side] = q
    for r in range(int(rng.integers(2, 6))):  # lines of text on the screen, above and below the code
        above = r % 2 == 1
        lo, hi = (0.03 * sh, y0 - 6 * draw) if above else (y0 + side + 3 * draw, sh - 4 * draw)
        if hi > lo:
            ty = int(rng.uniform(lo, hi))
            screen[ty:ty + draw * 3, int(0.1 * sw):int(rng.uniform(0.4, 0.9) * sw)] *= 0.25
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    pitch = draw * float(rng.uniform(0.22, 0.45))  # the screen's sub-pixel grid, finer than a module
    screen *= 1 - 0.12 * (0.5 + 0.5 * np.sin(2 * np.pi * xx / pitch)) * (0.5 + 0.5 * np.sin(2 * np.pi * yy / pitch))
    a = rng.uniform(0, np.pi)
    streak = np.exp(-(((xx - sw / 2) * np.cos(a) + (yy - sh / 2) * np.sin(a) - rng.uniform(-0.3, 0.3) * sw) ** 2)
                    / (2 * (0.08 * sw) ** 2))
    screen += float(rng.uniform(0, 60)) * streak
    phone = np.full((sh + 2 * bez, sw + 2 * bez), float(rng.uniform(15, 50)), np.float32)
    phone[bez:bez + sh, bez:bez + sw] = screen
    target = module_px / draw
    out = cv2.resize(phone, None, fx=target, fy=target, interpolation=cv2.INTER_AREA)
    return out, _square(bez + x0, bez + y0, side, target), n


def leaflet_patch(text: str, module_px: float, rng: np.random.Generator,
                  draw: int = 4) -> tuple[npt.NDArray[Any], npt.NDArray[np.float32], int]:
    """A printed leaflet or box side: a web-address QR beside lines of text and a dark logo block."""
    import cv2

    paper = float(rng.uniform(190, 245))
    q = _qr_canvas(text, draw, float(rng.uniform(10, 60)), paper)
    n = q.shape[0] // draw
    side = q.shape[0]
    quiet = int(draw * rng.uniform(2, 4))
    w = int(side * rng.uniform(2.2, 3.0))
    h = int(side * rng.uniform(1.3, 1.7))
    sheet = np.full((h, w), paper, np.float32)
    y0 = (h - side) // 2
    sheet[y0:y0 + side, quiet:quiet + side] = q
    x = quiet * 2 + side
    line = int(draw * rng.uniform(1.5, 3.0))
    for ty in range(int(0.1 * h), int(0.9 * h), int(line * 2.2)):
        end = int(x + (w - x - quiet) * rng.uniform(0.5, 1.0))
        xs = x
        while xs < end:  # words: dark runs with gaps
            we = min(end, xs + int(line * rng.uniform(1.5, 5)))
            sheet[ty:ty + line, xs:we] = float(rng.uniform(20, 90))
            xs = we + int(line * 0.8)
    if rng.random() < 0.5:
        lx, ly = int(w * 0.75), int(h * 0.05)
        sheet[ly:ly + side // 3, lx:lx + side // 3] = float(rng.uniform(20, 80))
    target = module_px / draw
    out = cv2.resize(sheet, None, fx=target, fy=target, interpolation=cv2.INTER_AREA)
    return out, _square(quiet, y0, side, target), n


def render_frame(
    placed: Sequence[Placed],
    spoil: Spoil | None = None,
    seed: int = 0,
    size: tuple[int, int] = FRAME_SIZE,
    scale: float = 1.0,
) -> Gray:
    """One grayscale camera frame with the given codes on the tray.

    `size`, `Placed.module_px`, `Placed.center` and the Spoil lengths are in reference pixels;
    the frame is `size * scale` pixels: `scale=CAPTURE_SCALE` is the same physical scene (same
    seed, same cards, same damage) as the full-resolution capture sees it."""
    return render_scene(placed, spoil, seed, size, scale)[0]


PATCHES = {"card": _card_patch, "art": art_card_patch, "phone": phone_patch, "leaflet": leaflet_patch}


def render_scene(
    placed: Sequence[Placed],
    spoil: Spoil | None = None,
    seed: int = 0,
    size: tuple[int, int] = FRAME_SIZE,
    scale: float = 1.0,
    view: tuple[int, int] | None = None,
) -> tuple[Gray, list[Symbol]]:
    """render_frame, and where each symbol landed. `view` (width, height in capture px) crops the
    centre of the frame before JPEG, as a 16:9 mode of a 4:3 sensor does (1280 x 720 of 1280 x 960)."""
    import cv2

    spoil = spoil or Spoil()
    rng = np.random.default_rng(seed)
    w, h = size
    S = float(scale)
    frame = _tray(rng, w, h, S)

    def px(v: float) -> int:
        return int(round(v * S)) if S != 1.0 else int(v)

    for _ in range(spoil.clutter):
        c = (px(rng.uniform(0, w)), px(rng.uniform(0, h)))
        if rng.random() < 0.5:
            cv2.circle(frame, c, px(rng.uniform(5, 40)), float(rng.uniform(0, 255)), -1)
        else:
            d = (c[0] + px(rng.uniform(-60, 60)), c[1] + px(rng.uniform(-60, 60)))
            cv2.rectangle(frame, c, d, float(rng.uniform(0, 255)), px(int(rng.integers(1, 6))))
    n = len(placed)
    glare_targets: list[tuple[float, float, float]] = []
    symbols: list[Symbol] = []
    masks: list[npt.NDArray[np.bool_]] = []
    for i, p in enumerate(placed):
        patch, corners, modules = PATCHES[p.style](p.text, p.module_px * S, rng, 4 * max(1, int(np.ceil(S))))
        if p.center is not None:
            center = p.center
        else:  # spread several cards across the tray in columns
            cx = (i + 0.5) * w / n + rng.uniform(-0.1, 0.1) * w / n
            cy = h / 2 + rng.uniform(-0.15, 0.15) * h
            center = (cx, cy)
        center = (center[0] * S, center[1] * S)
        mat = _warp_onto(frame, patch, center, p.angle_deg, spoil.tilt, rng, masks)
        at = cv2.perspectiveTransform(corners.reshape(-1, 1, 2).astype(np.float64), mat).reshape(4, 2)
        symbols.append(Symbol(p.text, p.style, tuple((float(x), float(y)) for x, y in at), modules))
        glare_targets.append((center[0], center[1], 25 * p.module_px * S))
    symbols = [_with_cover(sy, masks[i + 1:]) for i, sy in enumerate(symbols)]
    h, w = frame.shape
    if spoil.glare and glare_targets:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        for _ in range(spoil.glare):
            cx, cy, sym = glare_targets[int(rng.integers(len(glare_targets)))]
            gx = cx + rng.uniform(-0.45, 0.45) * sym
            gy = cy + rng.uniform(-0.45, 0.45) * sym
            r = spoil.glare_size * sym * rng.uniform(0.6, 1.2)
            frame += rng.uniform(120, 260) * np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * r * r))
    if spoil.blur_sigma > 0:
        frame = cv2.GaussianBlur(frame, (0, 0), spoil.blur_sigma * S)
    if spoil.motion_px > 1:
        mp = px(spoil.motion_px)
        k: npt.NDArray[Any] = np.zeros((mp, mp), np.float32)
        k[mp // 2, :] = 1.0 / mp
        rot = cv2.getRotationMatrix2D(((mp - 1) / 2, (mp - 1) / 2), rng.uniform(0, 180), 1)
        k = cv2.warpAffine(k, rot, k.shape)
        k = np.asarray(k / max(float(k.sum()), 1e-6), dtype=np.float32)
        frame = cv2.filter2D(frame, -1, k)
    frame = frame * spoil.light
    if spoil.noise_sigma > 0:
        frame = frame + rng.normal(0, spoil.noise_sigma * S, frame.shape)
    out: Gray = np.clip(frame, 0, 255).astype(np.uint8)
    if view is not None and (view[0], view[1]) != (w, h):
        x0, y0 = (w - view[0]) // 2, (h - view[1]) // 2
        out = np.ascontiguousarray(out[y0:y0 + view[1], x0:x0 + view[0]])
        symbols = [Symbol(sy.text, sy.style, tuple((x - x0, y - y0) for x, y in sy.corners), sy.modules, sy.covered)
                   for sy in symbols]
    if spoil.jpeg_quality:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, spoil.jpeg_quality])
        if ok:
            out = np.asarray(cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE), dtype=np.uint8)
    return out, symbols


def _with_cover(sy: Symbol, later: Sequence[npt.NDArray[np.bool_]]) -> Symbol:
    import cv2

    if not later:
        return sy
    c = np.array(sy.corners, np.float32)
    ctr = c.mean(axis=0)
    grown = (c - ctr) * (sy.modules + 4) / sy.modules + ctr
    area = np.zeros(later[0].shape, np.uint8)
    cv2.fillConvexPoly(area, np.round(grown).astype(np.int32), 1)
    inside = area.astype(bool)
    hidden = np.zeros_like(inside)
    for m in later:
        hidden |= m & inside
    frac = float(hidden.sum()) / max(1, int(inside.sum()))
    return Symbol(sy.text, sy.style, sy.corners, sy.modules, frac)


def blur_radius_px(spoil: Spoil, scale: float = 1.0) -> float:
    """The blur's radius in capture px: the Gaussian's sigma and half the motion smear, combined
    (a smear of two modules cancels a pattern of alternating modules exactly; a Gaussian of one
    module's sigma leaves under 1 % of it)."""
    sigma = spoil.blur_sigma * scale
    half = (round(spoil.motion_px * scale) if spoil.motion_px > 1 else 0) / 2
    return float(np.hypot(sigma, half))


def random_spoil(rng: np.random.Generator) -> Spoil:
    """A hard-but-realistic mix: each kind of damage present in some frames, several in many."""
    return Spoil(
        tilt=float(rng.choice([0.0, rng.uniform(0.03, 0.14)], p=[0.3, 0.7])),
        blur_sigma=float(rng.choice([0.0, rng.uniform(0.6, 1.8)], p=[0.5, 0.5])),
        motion_px=int(rng.choice([0, int(rng.integers(3, 7))], p=[0.8, 0.2])),
        glare=int(rng.choice([0, 1, 2], p=[0.55, 0.35, 0.10])),
        glare_size=float(rng.uniform(0.12, 0.3)),
        light=float(rng.choice([1.0, rng.uniform(0.8, 1.2), rng.uniform(0.12, 0.35)], p=[0.3, 0.4, 0.3])),
        noise_sigma=float(rng.choice([rng.uniform(0.5, 2.0), rng.uniform(2.0, 7.0)], p=[0.6, 0.4])),
        jpeg_quality=int(rng.choice([0, int(rng.integers(15, 60)), int(rng.integers(60, 90))], p=[0.3, 0.35, 0.35])),
        clutter=int(rng.integers(0, 6)),
    )


# ---- scenes for the capture-size benchmark ------------------------------------------------------

FIELDS_MM = (110.0, 150.0, 200.0, 260.0)  # camera heights: the tray width the camera's view spans
CAPTURES = ((640, 480), (1280, 720), (1280, 960))  # webcam default, webcam HD, the Pi camera's stream
BAND = (FRAME_SIZE[1] - FRAME_SIZE[0] * 9 / 16) / 2  # rows of the 4:3 view a 16:9 mode crops off each edge


@dataclass
class Scene:
    """One physical scene on the tray: what lies where, how the camera spoils it, how far it is.
    Rendered at any capture size it is the same scene (same seed, same physical damage)."""

    placed: list[Placed]
    spoil: Spoil
    seed: int
    kind: str
    field_mm: float
    expected: tuple[str, ...]  # the card texts the frame holds (the answer)

    def render(self, capture: tuple[int, int]) -> tuple[Gray, list[Symbol]]:
        scale = capture[0] / FRAME_SIZE[0]
        full = (capture[0], round(FRAME_SIZE[1] * scale))
        return render_scene(self.placed, self.spoil, self.seed, scale=scale,
                            view=None if full == tuple(capture) else capture)


ART_KINDS = (0.05, 0.15, 0.22, 0.26, 0.56)  # art scenes: empty, distractor, card+distractor, not-a-card, two cards
PLAIN_KINDS = (0.07, 0.20, 0.30, 0.35, 0.43)


def sample_scene(rng: np.random.Generator, seed: int, stickers: Sequence[tuple[str, float]],
                 foreign: Sequence[str], not_cards: Sequence[str], art: bool = False) -> Scene:
    """A random scene: `stickers` are (card text, sticker module mm) to draw from, `foreign` texts a
    phone or leaflet may show, `not_cards` texts printed as stickers that are no card (out of range,
    lower case). Every symbol is placed inside the 16:9 band, so all capture sizes see it whole,
    and none is covered by another card (re-placed until so).

    `art` (issue 29): every sticker is on a card whose artwork runs up to its quiet zone
    (`art_card_patch`); two-card scenes are 30 % of scenes (8 % otherwise) and their second card
    is smaller than the first (0.5-0.85x its module: further from the camera, or a token); the
    keystone is stronger (a corner moves up to 0.06-0.18 of the card's side, on a card twice the
    plain card's size, in 85 % of scenes). The plain scenes draw the same random numbers as before."""
    field_mm = float(rng.choice(FIELDS_MM))
    ref_per_mm = FRAME_SIZE[0] / field_mm
    spoil = random_spoil(rng)
    spoil.blur_sigma = min(spoil.blur_sigma, 1.4)
    spoil.motion_px = min(spoil.motion_px, 5)
    if art:
        spoil.tilt = float(rng.choice([0.0, rng.uniform(0.06, 0.18)], p=[0.15, 0.85]))
    style = "art" if art else "card"
    kinds = ART_KINDS if art else PLAIN_KINDS
    roll = rng.random()
    items: list[tuple[str, float, str]] = []  # text, module mm, style
    expected: list[str] = []

    def card() -> None:
        text, mm = stickers[int(rng.integers(len(stickers)))]
        while text in expected:
            text, mm = stickers[int(rng.integers(len(stickers)))]
        expected.append(text)
        size = mm * rng.uniform(0.92, 1.1)  # a card held a little above the tray
        if art and items and items[-1][2] == "art":
            size = min(size, items[-1][1]) * rng.uniform(0.5, 0.85)  # the second card is smaller
        items.append((text, size, style))

    def distractor() -> None:
        style = "phone" if rng.random() < 0.5 else "leaflet"
        mm = rng.uniform(0.5, 1.0) if style == "phone" else rng.uniform(0.4, 0.9)
        items.append((foreign[int(rng.integers(len(foreign)))], float(mm), style))

    if roll < kinds[0]:
        kind = "empty"
        spoil.clutter += 3
    elif roll < kinds[1]:
        kind = "distractor"
        for _ in range(1 + int(rng.random() < 0.3)):
            distractor()
    elif roll < kinds[2]:
        kind = "card+distractor"
        card()
        distractor()
    elif roll < kinds[3]:
        kind = "not-a-card"
        items.append((not_cards[int(rng.integers(len(not_cards)))], float(rng.choice([0.6, 1.0])), style))
    elif roll < kinds[4]:
        kind = "two cards"
        card()
        card()
    else:
        kind = "card"
        card()
    rng.shuffle(items)  # type: ignore[arg-type]
    w, h = FRAME_SIZE
    vh = round(w * 9 / 16)
    # Where each symbol lands relative to its card's centre does not depend on the centre (same
    # seed, same draws): measure it once, then place the symbols themselves.
    probe = [Placed(t, float(mm * ref_per_mm), float(rng.uniform(0, 360)), (w / 2, h / 2), style=st)
             for t, mm, st in items]
    _, syms = render_scene(probe, spoil, seed)
    offsets = [np.array(sy.corners).mean(axis=0) - (w / 2, h / 2) for sy in syms]
    placed = probe
    for _ in range(40):
        spots: list[tuple[float, float, float]] = []
        for sy in syms:
            half = (sy.modules + 4) * sy.px_per_module * 0.71 * 1.05  # the symbol and 2 modules round it, any angle
            for _ in range(50):
                x = rng.uniform(half, w - half) if w > 2 * half else w / 2
                y = rng.uniform(BAND + half, h - BAND - half) if vh > 2 * half else h / 2
                if all(np.hypot(x - a, y - b) > half + r for a, b, r in spots):
                    break
            spots.append((float(x), float(y), half))
        placed = [Placed(p.text, p.module_px, p.angle_deg, (x - float(o[0]), y - float(o[1])), style=p.style)
                  for p, o, (x, y, _) in zip(probe, offsets, spots)]
        _, symbols = render_scene(placed, spoil, seed, view=(w, vh))
        if all(_fits(sy, w, vh) and sy.covered <= (0.0 if sy.style in ("card", "art") else 0.05) for sy in symbols):
            break
    else:  # too crowded at this distance: the last one alone
        placed = placed[-1:]
        kind = {"two cards": "card", "card+distractor": "card" if placed[0].style in ("card", "art") else "distractor"}.get(kind, kind)
    return Scene(placed, spoil, seed, kind, field_mm, tuple(sorted(t for t in expected if any(p.text == t for p in placed))))


def _fits(sy: Symbol, w: int, h: int) -> bool:
    c = np.array(sy.corners)
    m = sy.px_per_module
    return bool(c[:, 0].min() >= m and c[:, 1].min() >= m and c[:, 0].max() <= w - m and c[:, 1].max() <= h - m)
