"""Finding a version-1 symbol by its three finder patterns, in a region, at any module size.

The texture finder (companion.scan.locator) says *where* a sticker may be, but its blob's outline is
a poor guess of the symbol's: a blurred token's blob takes in the card's white margin and border
(1.1-2.2 times the symbol's side, measured), and glare eats into it. The finder patterns say where
the symbol is exactly: three 7 x 7-module squares (ring, gap, 3 x 3 core) whose centres are the
corners of a right isosceles triangle with 14-module legs, the right angle at the top-left finder.

In a square region around the candidate, for each module size it may have, the region is turned to
the module edges' orientation and resampled to VIEW_PPM px per module, and correlated with a finder
pattern (normalised cross-correlation: it does not care about the light level, and a blurred finder
still correlates); the peaks of every size are merged (one per place, the best size), and every
three peaks that sit like a version-1 symbol's finders, at a module size their own sizes agree with,
become the symbol's corners (a parallelogram; grid.refit and grid.fit_corners take it from there).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

import numpy as np
import numpy.typing as npt

VIEW_PPM = 3  # px per module of the views the finders are correlated in
MIN_NCC = 0.35  # a finder's correlation at its peak, at least (stickers: 0.4-0.9; blurred tokens 0.4+)
PEAKS_PER_SIZE = 8
MAX_PEAKS = 14  # after merging the sizes: the best, for the triple search
LEG_RATIO = 1.35  # the two legs of a triple agree within this factor (a tilted card: 1.26 between the peaks found; at 1.4 wrong triples crowd out a steep tilt's true one)
MAX_COS = 0.55  # |cos| of the angle between the legs: a steep tilt of a turned card bends the right angle to 57-123 degrees
SIZE_RATIO = 1.45  # a peak's module size and the triple's agree within this factor


@dataclass(frozen=True)
class Triple:
    """Three finder patterns that sit like a version-1 symbol's (capture px)."""

    score: float  # the three correlations, less the triangle's distortion (3 at best)
    tl: npt.NDArray[np.float64]
    tr: npt.NDArray[np.float64]
    bl: npt.NDArray[np.float64]
    module_px: float

    def quad(self) -> npt.NDArray[np.float32]:
        """The symbol's corners (TL TR BR BL) as the parallelogram the three finders span."""
        u, v = (self.tr - self.tl) / 14.0, (self.bl - self.tl) / 14.0
        o = self.tl - 3.5 * u - 3.5 * v
        return np.array([o, o + 21 * u, o + 21 * u + 21 * v, o + 21 * v], np.float32)


@lru_cache(maxsize=2)
def _template(ppm: int = VIEW_PPM) -> npt.NDArray[np.float32]:
    """A finder pattern with its one-module light border (9 x 9 modules), anti-aliased and softened a
    little, as a camera sees it."""
    import cv2

    t = np.full((9, 9), 255, np.uint8)
    t[1:8, 1:8] = 0
    t[2:7, 2:7] = 255
    t[3:6, 3:6] = 0
    big = np.kron(t, np.ones((ppm * 4, ppm * 4), np.uint8)).astype(np.float32)
    small = cv2.resize(big, (9 * ppm, 9 * ppm), interpolation=cv2.INTER_AREA)
    return np.asarray(cv2.GaussianBlur(small, (0, 0), 0.3 * ppm), np.float32)


HALF_MODULES = 14.0  # the region searched at each size reaches this many modules from the centre, plus `reach`


def view_size(module_px: float, reach: float = 0.0, ppm: int = VIEW_PPM) -> int:
    """The side (px) of the view searched at `module_px` (see finder_peaks)."""
    return int(2 * (HALF_MODULES + reach / module_px) * ppm) + 9 * ppm


def finder_peaks(g: npt.NDArray[Any], centre: Sequence[float], reach: float, angle: float,
                 sizes: Sequence[float], ppm: int = VIEW_PPM) -> list[tuple[float, float, float, float]]:
    """(correlation, x, y, module px) of finder-like peaks around `centre` (capture px), turned by
    `angle`, for each module size in `sizes`: within HALF_MODULES modules of that size plus `reach`
    capture px of the centre (how far off the symbol's centre the candidate's may be); one peak per
    place, the best size. `ppm`: the views' px per module (a coarser view is cheaper: at 2 px the
    correlations cost about a fifth of those at 3)."""
    import cv2

    c, s = float(np.cos(angle)), float(np.sin(angle))
    tpl = _template(ppm)
    found: list[tuple[float, float, float, float]] = []
    for m in sizes:
        f = ppm / m
        size = view_size(m, reach, ppm)
        A = np.array([[c * f, s * f, 0.0], [-s * f, c * f, 0.0]])
        A[:, 2] = size / 2 - A[:, :2] @ np.asarray(centre, np.float64)
        v = cv2.warpAffine(g, A, (size, size), flags=cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR,
                           borderMode=cv2.BORDER_REPLICATE)
        ncc = cv2.matchTemplate(v.astype(np.float32), tpl, cv2.TM_CCOEFF_NORMED)
        peak = cv2.dilate(ncc, np.ones((4 * ppm + 1, 4 * ppm + 1), np.uint8))
        ys, xs = np.nonzero((ncc >= peak) & (ncc > MIN_NCC))
        if len(xs) == 0:
            continue
        vals = ncc[ys, xs]
        best = np.argsort(-vals)[:PEAKS_PER_SIZE]
        back = cv2.invertAffineTransform(A)
        pts = np.stack([xs[best] + 4.5 * ppm - 0.5, ys[best] + 4.5 * ppm - 0.5, np.ones(len(best))], 1) @ back.T
        found += [(float(vals[i]), float(p[0]), float(p[1]), float(m)) for i, p in zip(best, pts)]
    found.sort(key=lambda p: -p[0])
    keep: list[tuple[float, float, float, float]] = []
    for p in found:
        if all(np.hypot(p[1] - q[1], p[2] - q[2]) > 2.5 * min(p[3], q[3]) for q in keep):
            keep.append(p)
            if len(keep) >= MAX_PEAKS:
                break
    return keep


def finder_triples(peaks: Sequence[tuple[float, float, float, float]], k: int = 3) -> list[Triple]:
    """The `k` best triples of `peaks` that sit like a version-1 symbol's finders: the legs from the
    top-left finder to the other two agree in length, are near square to each other, turn clockwise
    (TL -> TR -> BL in image coordinates) and are 14 modules of a size the peaks' own sizes agree with."""
    n = len(peaks)
    if n < 3:
        return []
    P = np.array([[p[1], p[2]] for p in peaks])
    ncc = np.array([p[0] for p in peaks])
    m = np.array([p[3] for p in peaks])
    b, a, c = np.meshgrid(np.arange(n), np.arange(n), np.arange(n), indexing="ij")
    b, a, c = b.ravel(), a.ravel(), c.ravel()
    ok = (a != b) & (c != b) & (a != c)
    b, a, c = b[ok], a[ok], c[ok]
    u, v = P[a] - P[b], P[c] - P[b]
    la, lc = np.hypot(u[:, 0], u[:, 1]), np.hypot(v[:, 0], v[:, 1])
    cross = u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0]
    cos = (u * v).sum(1) / np.maximum(la * lc, 1e-9)
    mod = (la + lc) / 28.0
    lo = np.minimum(np.minimum(m[a], m[b]), m[c])
    hi = np.maximum(np.maximum(m[a], m[b]), m[c])
    ok = ((cross > 0) & (np.abs(cos) < MAX_COS) & (la < LEG_RATIO * lc) & (lc < LEG_RATIO * la)
          & (hi < SIZE_RATIO * mod) & (mod < SIZE_RATIO * lo))
    if not ok.any():
        return []
    score = ncc[a] + ncc[b] + ncc[c] - 0.5 * np.abs(np.log(la / np.maximum(lc, 1e-9))) - np.abs(cos)
    idx = np.nonzero(ok)[0]
    idx = idx[np.argsort(-score[idx])]
    out: list[Triple] = []
    for i in idx:
        # Triples sharing finders are kept: under a steep tilt the true triple's legs are far from
        # square, and a data blob making a squarer one with two of its finders can score higher
        out.append(Triple(float(score[i]), P[b[i]], P[a[i]], P[c[i]], float(mod[i])))
        if len(out) >= k:
            break
    return out


def locate(g: npt.NDArray[Any], centre: Sequence[float], reach: float, angle: float,
           sizes: Sequence[float], k: int = 3, ppm: int = VIEW_PPM) -> list[Triple]:
    """The best version-1 finder triples around `centre` (see finder_peaks, finder_triples)."""
    return finder_triples(finder_peaks(g, centre, reach, angle, sizes, ppm), k)
