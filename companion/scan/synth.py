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
) -> None:
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


def card_patch(text: str, module_px: float, rng: np.random.Generator, draw: int = 4) -> npt.NDArray[Any]:
    """A card (off-white, a printed border) with the sticker on it, at ~`module_px` per module."""
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
    return cv2.resize(card, None, fx=target, fy=target, interpolation=cv2.INTER_AREA)


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
    for i, p in enumerate(placed):
        patch = card_patch(p.text, p.module_px * S, rng, draw=4 * max(1, int(np.ceil(S))))
        if p.center is not None:
            center = p.center
        else:  # spread several cards across the tray in columns
            cx = (i + 0.5) * w / n + rng.uniform(-0.1, 0.1) * w / n
            cy = h / 2 + rng.uniform(-0.15, 0.15) * h
            center = (cx, cy)
        center = (center[0] * S, center[1] * S)
        _warp_onto(frame, patch, center, p.angle_deg, spoil.tilt, rng)
        glare_targets.append((center[0], center[1], 25 * p.module_px * S))
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
    if spoil.jpeg_quality:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, spoil.jpeg_quality])
        if ok:
            out = np.asarray(cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE), dtype=np.uint8)
    return out


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
