"""Finding a sticker's symbol that zxing does not even locate, for the grid reader.

zxing finds a QR by its finder patterns' 1:1:3:1:1 run lengths along scan lines; a small, dim,
noisy token sticker can lose those runs while the symbol is still plainly *there*: a square patch
of module-scale texture, much denser than the card around it or the tray. This module finds such
patches in a crop (or, `symbol_candidates`, over the whole preview at three scales) and returns their
outlines as quads for `companion.scan.grid.read_quad`, which re-fits the quad from the finder
patterns (it tolerates ~3 modules of error and any rotation) and reads the modules itself.

Texture = |image - its Gaussian blur (about a module)|, smoothed over about a module and divided by
the local brightness (a dim sticker scores like a bright one), on a half-size copy; Otsu splits it,
an opening of ~2 modules removes the thin lines along card and clutter outlines, and a blob counts
as a symbol only if its minimum-area rectangle is roughly square, of a version-1 symbol's size, and
well filled. Cost: ~1 ms per 400 x 400 crop, plus the grid reader on each quad it returns.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

# Symbol side in half-size crop px: tokens at the smallest benchmark module (2.6 reference px = 5.2
# capture px, 2.6 here) are ~55 px, cards at the largest (7 reference px) ~150.
MIN_SIDE = 30.0
MAX_SIDE = 170.0
MAX_ASPECT = 1.4
MIN_FILL = 0.6  # blob area / its rectangle's area
HULL_FILL = 0.45  # a candidate blob's convex hull over its rectangle, at least (glare can take a corner)


def symbol_quads(crop: npt.NDArray[Any], k: int = 1) -> list[npt.NDArray[np.float32]]:
    """Up to `k` quads (4 x 2, crop pixels, best first) around square patches of module-scale texture."""
    import cv2

    h = cv2.resize(crop, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA).astype(np.float32)
    hp = h - cv2.GaussianBlur(h, (0, 0), 3)
    tex = cv2.GaussianBlur(np.abs(hp), (0, 0), 3) / (cv2.GaussianBlur(h, (0, 0), 12) + 4)
    t8 = cv2.normalize(tex, None, 0, 255, cv2.NORM_MINMAX).astype(np.uint8)
    _, bw = cv2.threshold(t8, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    bw = cv2.morphologyEx(bw, cv2.MORPH_OPEN, np.ones((7, 7), np.uint8))
    contours, _ = cv2.findContours(bw, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    found: list[tuple[float, npt.NDArray[np.float32]]] = []
    for ct in contours:
        rect = cv2.minAreaRect(ct)
        w, hh = rect[1]
        lo, hi = min(w, hh), max(w, hh)
        if lo < MIN_SIDE or hi > MAX_SIDE or hi / lo > MAX_ASPECT:
            continue
        area = cv2.contourArea(ct)
        if area < MIN_FILL * w * hh:
            continue
        found.append((area, np.asarray(cv2.boxPoints(rect) * 2, np.float32)))
    found.sort(key=lambda a: -a[0])
    return [q for _, q in found[:k]]


SHRINKS = (1.0, 0.9)  # the texture blob reaches about a module past the symbol on each side
GRID_TRIES = 3  # sampling-grid variants per quad (grid.read_quad), fewer than for a zxing quad


def locate_texts(crop: npt.NDArray[Any]) -> list[str]:
    """The crop step: each symbol-like patch in the crop, read module by module (grid.read_quad)."""
    return [text for q in symbol_quads(crop) if (text := _read_shrinking(crop, q)) is not None]


def _read_shrinking(img: npt.NDArray[Any], q: npt.NDArray[np.float32]) -> str | None:
    """Read the patch `q` as a symbol, shrinking it toward its centre until one reads (the texture
    blob reaches about a module past the symbol)."""
    from companion.scan.grid import read_quad

    ctr = q.mean(axis=0)
    for s in SHRINKS:
        text = read_quad(img, np.asarray((q - ctr) * s + ctr, np.float32), GRID_TRIES, need_finders=True)
        if text is not None:
            return text
    return None


# ---- candidates over a whole frame, at any module size ----------------------------------------------
#
# The same texture idea over the whole preview (the <= 640 px copy the cheap pass reads), at three
# scales, so that a symbol is found whatever its module size: texture with a Gaussian of 1 and 1.6 px
# on the preview, and of 1.25 px on a half-size copy (2.5 preview px). Each scale keeps blobs whose
# side is 22-70 times its sigma-ish band (a version-1 symbol is 21 modules, plus the blob's overhang).
# The blob's convex hull is used (glare washes holes into the texture; the hull still spans the
# symbol), and each blob becomes a quad and a module-size estimate (side / 22) for the decoder.

CANDIDATE_SCALES = ((0, 1.0, 22.0, 70.0), (1, 0.8, 17.0, 55.0), (1, 1.25, 28.0, 90.0))  # level, sigma, side band
# Corner texture: the smaller eigenvalue of the gradients' structure tensor (3 x 3 windows) on the
# half-size copy. A symbol's module edges run both ways, so it scores; a card's outline is one edge
# (no score), so a dim card's bright outline on a dark tray no longer joins its symbol into one
# blob that is no square. (level, block, side band; sigma -1 marks it in the loop)
EIGEN_SCALE = (1, -1.0, 17.0, 90.0)
EIGEN_GAIN = 1e5  # a sharp symbol's corner texture over its brightness is ~1e-3: ~100 in 8 bits
# The rescue's look (not the one after a full read) takes blobs up to ~1.45x larger: a dim card on a
# darker tray is one textured blob, the card's edges with its symbol (3x the symbol's side)
BANDS = ((0, 1.0, 22.0, 100.0), (1, 0.8, 17.0, 80.0), (1, 1.25, 28.0, 130.0), (1, -1.0, 17.0, 130.0))
CORNER_MIN_SCORE = 1.2  # a corner-band blob scored as plain texture (noise ~1.0-1.4; the dim stickers it finds 1.24-11: seed 7373, frame 395)
CLOSE_SIDE = 0.3  # the closing that joins the pieces glare leaves, in the band's smallest symbol sides


@lru_cache(maxsize=16)
def _gauss_kernel(sigma: float) -> npt.NDArray[np.float64]:
    import cv2

    return np.asarray(cv2.getGaussianKernel(int(round(sigma * 6 + 1)) | 1, sigma), np.float64)  # OpenCV's size for 8-bit


def gauss8(img: npt.NDArray[np.uint8], sigma: float) -> npt.NDArray[np.uint8]:
    """cv2.GaussianBlur of an 8-bit image, as a separable filter with the same kernel: within a grey
    level or two of it, and 2-3x faster (OpenCV's 8-bit Gaussian takes a slower bit-exact path;
    measured in docs/scanning.md)."""
    import cv2

    k = _gauss_kernel(float(sigma))
    return np.asarray(cv2.sepFilter2D(img, -1, k, k), np.uint8)


def _corner_texture(h: npt.NDArray[np.uint8], bright: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """sqrt of the structure tensor's smaller eigenvalue over the local brightness, smoothed, 8-bit."""
    import cv2

    e = cv2.cornerMinEigenVal(h, 3, 3)  # (OpenCV scales an 8-bit image's gradients to ~1e-3 here)
    tex = cv2.GaussianBlur(cv2.sqrt(np.maximum(e, 0)), (0, 0), 1.5)
    return np.clip(tex * (EIGEN_GAIN / bright.astype(np.float32)), 0, 255).astype(np.uint8)


def symbol_candidates(small: npt.NDArray[Any], k: int = 12, corner: bool = True) -> list[tuple[float, npt.NDArray[np.float32], float]]:
    """Up to `k` (score, quad in `small` px, side in `small` px), best first: square patches of
    module-scale texture in the preview, one per place (the scales' duplicates merged). All in 8-bit
    arithmetic (OpenCV's fast path): a few milliseconds for a 640 x 480 preview. `corner`: the corner
    band too (a third more; the decoder's look after a full read goes without it)."""
    import cv2

    levels = [np.ascontiguousarray(small, dtype=np.uint8)]
    levels.append(np.asarray(cv2.pyrDown(levels[0]), np.uint8))
    q = cv2.resize(levels[1], None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    bright = cv2.add(gauss8(q, 2.0), 4)
    brights = [cv2.resize(bright, (h.shape[1], h.shape[0]), interpolation=cv2.INTER_LINEAR) for h in levels]
    found: list[tuple[bool, float, npt.NDArray[np.float32], float]] = []  # (corner band?, score, quad, side)
    # The finest band (modules of 1.3-3 preview px) from the Laplacian pyramid: the preview minus its
    # half-size copy enlarged, its magnitude averaged down to half size; no full-size Gaussian at all.
    fine = cv2.pyrDown(cv2.absdiff(levels[0], cv2.pyrUp(levels[1], dstsize=(levels[0].shape[1], levels[0].shape[0]))))
    ref: tuple[npt.NDArray[np.uint8], float] | None = None  # the last band's map and mean: the corner band's score
    for level, sigma, lo, hi in BANDS if corner else CANDIDATE_SCALES:
        in_corner = sigma < 0
        if in_corner:
            tex = _corner_texture(levels[level], brights[level])
            scale_px = 2.0 ** level
            sigma = 0.5
        elif level == 0:
            tex = gauss8(fine, 0.75)
            tex = cv2.divide(tex, brights[1], scale=255.0)
            scale_px = 2.0
        else:
            h = levels[level]
            tex = gauss8(cv2.absdiff(h, gauss8(h, sigma)), sigma * 1.5)
            tex = cv2.divide(tex, brights[level], scale=255.0)  # a dim sticker scores like a bright one
            scale_px = 2.0 ** level
        lo, hi = lo * 2.0 ** level / scale_px, hi * 2.0 ** level / scale_px
        mean = float(cv2.mean(tex)[0]) + 1e-6
        _, bw = cv2.threshold(tex, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        ks = int(4 * sigma * 2.0 ** level / scale_px + 3) | 1
        bw = cv2.morphologyEx(bw, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (ks, ks)))
        contours, _ = cv2.findContours(bw, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        # glare washes the texture out of a symbol's middle and leaves pieces round it: the pieces
        # closed into one blob are candidates too
        kc = int(lo * CLOSE_SIDE) | 1
        closed = cv2.morphologyEx(bw, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (kc, kc)))
        contours = list(contours) + list(cv2.findContours(closed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0])
        # the corner band's blobs are scored on the band before it (same level): its map is sparse, so
        # its own ratios would run far above the others' (and the second look's threshold)
        score_tex, score_mean = ref if in_corner and ref is not None else (tex, mean)
        ref = (tex, mean)
        for ct in contours:
            if len(ct) < 5:
                continue
            x, y, bw_, bh = cv2.boundingRect(ct)
            if max(bw_, bh) < lo * 0.9:
                continue
            hull = cv2.convexHull(ct)
            rect = cv2.minAreaRect(hull)
            w, hh = rect[1]
            a, c = min(w, hh), max(w, hh)
            if a < lo or c > hi or c / a > MAX_ASPECT or cv2.contourArea(hull) < HULL_FILL * w * hh:
                continue
            score = float(cv2.mean(score_tex[y:y + bh, x:x + bw_])[0]) / score_mean
            s = scale_px
            found.append((in_corner, score, np.asarray(cv2.boxPoints(rect) * s, np.float32), (a + c) / 2 * s))
    # The other bands' blobs first, best first; the corner band's only where they found nothing (its
    # blob hugs the symbol, theirs overhang it, and the decoder's outline guesses expect the overhang).
    found.sort(key=lambda t: (t[0], -t[1]))
    out: list[tuple[float, npt.NDArray[np.float32], float]] = []
    kept: list[tuple[float, float, float]] = []  # centre x, y and side of each kept blob
    for from_corner, score, quad, side in found:
        if from_corner and score < CORNER_MIN_SCORE:
            continue
        cx, cy = (float(v) for v in quad.mean(axis=0))
        if any(np.hypot(cx - ox, cy - oy) < 0.4 * max(side, os_) and (from_corner or max(side, os_) < 1.4 * min(side, os_))
               for ox, oy, os_ in kept):  # (a piece and the whole: both)
            continue
        out.append((score, quad, side))
        kept.append((cx, cy, side))
    out.sort(key=lambda t: -t[0])
    return out[:k]


def orientation(g: npt.NDArray[Any], centre: npt.NDArray[np.float32], side: float,
                stripes_out: list[float] | None = None) -> float:
    """The angle (radians, modulo 90 degrees) of the module edges around `centre`: a QR's edges all
    run along its two axes, so the gradient angles, taken four times over, agree (a blurred symbol's
    blob is round, so its outline says nothing about how it is turned).

    `stripes_out` gets how much of the edge energy runs one way rather than both: the gradient
    angles taken twice over, |sum w e^(2i theta)| / sum w. A symbol's edges run both ways about
    equally (0.01-0.44 on the art tuning seeds' unread stickers, most under 0.26); hatching and
    strokes in card artwork run one way (up to 0.85)."""
    import cv2

    r = int(side * 0.55) + 2
    cx, cy = int(centre[0]), int(centre[1])
    h, w = g.shape[:2]
    crop = np.asarray(g[max(0, cy - r):min(h, cy + r), max(0, cx - r):min(w, cx + r)], np.float32)
    if crop.shape[0] < 8 or crop.shape[1] < 8:
        if stripes_out is not None:
            stripes_out.append(0.0)
        return 0.0
    crop = cv2.GaussianBlur(crop, (0, 0), max(0.7, side / 80))
    gx = cv2.Sobel(crop, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(crop, cv2.CV_32F, 0, 1, ksize=3)
    # Weighted by the squared gradient w, the angles taken twice over are (gx + i gy)^2 and four
    # times over ((gx + i gy)^2)^2 / w: no trigonometry over the pixels (arctan2, cos and sin of
    # every pixel made this the decoder's costliest step on a large patch: ~3 ms)
    wgt = gx * gx + gy * gy
    re2, im2 = gx * gx - gy * gy, 2 * gx * gy
    inv = 1.0 / np.maximum(wgt, 1e-12)
    z = complex(float(((re2 * re2 - im2 * im2) * inv).sum()), float((2 * re2 * im2 * inv).sum()))
    if stripes_out is not None:
        stripes_out.append(abs(complex(float(re2.sum()), float(im2.sum()))) / max(float(wgt.sum()), 1e-9))
    return float(np.angle(z) / 4)


GUESS_SCALES = (1.0, 0.87, 0.76, 0.67, 0.59)  # the texture blob overhangs the symbol by blur and smoothing


def square_guesses(g: npt.NDArray[Any], quad: npt.NDArray[np.float32], side: float,
                   angle: float | None = None) -> list[npt.NDArray[np.float32]]:
    """Square quads a blob of side `side` (capture px) could be the symbol of, turned to the module
    edges' orientation (`angle`, if already measured), largest first."""
    ctr = quad.mean(axis=0)
    a = orientation(g, ctr, side) if angle is None else angle
    u = np.array([np.cos(a), np.sin(a)], np.float32)
    v = np.array([-np.sin(a), np.cos(a)], np.float32)
    out = []
    for s in GUESS_SCALES:
        h = side * s / 2
        out.append(np.array([ctr - h * u - h * v, ctr + h * u - h * v, ctr + h * u + h * v, ctr - h * u + h * v], np.float32))
    return out
