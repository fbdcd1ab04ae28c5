"""A symbol's corners under perspective, from its three finder patterns' own outlines.

The finder fit (companion.scan.grid.refit) places the three finders' centres, an affine map: a
parallelogram, so on a steeply tilted card the corner with no finder (bottom-right) lands modules
off, and the blur-model corner fit (grid.fit_corners) starting there can settle in a wrong basin.
Each finder is a 7 x 7 dark square whose four sides are straight lines in the picture; its four
corners (intersections of lines fitted to its sides) for all three finders, 12 points, fix the
homography of the whole module grid, perspective included. Median corner error on the benchmark
symbols: ~0.25 module (docs/scanning.md): a start for fit_corners, not a final answer.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

P = 8  # rectified px per module
FINDERS = ((0, 0), (14, 0), (0, 14))  # TL TR BL finders' top-left modules
MIN_FINDERS = 2  # finders whose outline was found (glare can wash one out)


def _sides(pts: npt.NDArray[np.float32], box: tuple[float, float, float, float]) -> list[tuple[float, float, float, float]] | None:
    """Lines (point, direction) fitted to a finder outline's four sides, top, right, bottom,
    left; each from the outline points near that side of `box` (its expected square), away from
    the corners (blur rounds them)."""
    import cv2

    x0, y0, x1, y1 = box
    lines = []
    for axis, val, lo, hi in ((1, y0, x0, x1), (0, x1, y0, y1), (1, y1, x0, x1), (0, x0, y0, y1)):
        near = np.abs(pts[:, axis] - val) < 1.5 * P
        along = pts[:, 1 - axis]
        sel = pts[near & (along > lo + 1.2 * P) & (along < hi - 1.2 * P)]
        if len(sel) < 2 * P:
            return None
        vx, vy, px, py = (float(v) for v in cv2.fitLine(sel, cv2.DIST_L2, 0, 0.01, 0.01).ravel())
        lines.append((px, py, vx, vy))
    return lines


def finder_corners(rect: npt.NDArray[np.uint8], ox: int, oy: int, margin: int) -> npt.NDArray[np.float32] | None:
    """The four outer corners (rectified px; TL TR BR BL) of the finder whose top-left module is
    (ox, oy), or None if its outline is not a square of about the right size there."""
    import cv2

    wx0, wy0 = max(0, int((ox + margin - 1.5) * P)), max(0, int((oy + margin - 1.5) * P))
    wx1, wy1 = int((ox + margin + 8.5) * P), int((oy + margin + 8.5) * P)
    win = cv2.GaussianBlur(rect[wy0:wy1, wx0:wx1], (0, 0), P / 6)
    if win.size == 0:
        return None
    _, bw = cv2.threshold(win, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    contours, _ = cv2.findContours(bw, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    cx, cy = (ox + margin + 3.5) * P - wx0, (oy + margin + 3.5) * P - wy0
    outline = next((ct for ct in contours if cv2.pointPolygonTest(ct, (float(cx), float(cy)), False) >= 0), None)
    if outline is None or not 0.6 * 49 * P * P < cv2.contourArea(outline) < 1.5 * 49 * P * P:
        return None
    box = ((ox + margin) * P - wx0, (oy + margin) * P - wy0, (ox + margin + 7) * P - wx0, (oy + margin + 7) * P - wy0)
    lines = _sides(outline.reshape(-1, 2).astype(np.float32), box)
    if lines is None:
        return None
    out = []
    for i in range(4):  # left with top, top with right, right with bottom, bottom with left
        (x1, y1, u1, v1), (x2, y2, u2, v2) = lines[i - 1], lines[i]
        det = u2 * v1 - u1 * v2
        if abs(det) < 1e-3:
            return None
        t = (u2 * (y2 - y1) - v2 * (x2 - x1)) / det
        out.append((x1 + t * u1 + wx0, y1 + t * v1 + wy0))
    return np.array(out, np.float32)


def perspective_quad(img: npt.NDArray[Any], quad: npt.NDArray[np.float32]) -> npt.NDArray[np.float32] | None:
    """The symbol's corners (capture px, TL TR BR BL) from its finders' outlines, seen through
    `quad` (a fit of the symbol, TL TR BR BL), or None with fewer than MIN_FINDERS outlines."""
    import cv2

    from companion.scan.grid import MARGIN, N, rectify_with

    rect, mat = rectify_with(img, quad, P)
    src: list[tuple[float, float]] = []
    dst: list[npt.NDArray[np.float32]] = []
    for ox, oy in FINDERS:
        c = finder_corners(rect, ox, oy, MARGIN)
        if c is not None:
            src += [(ox, oy), (ox + 7, oy), (ox + 7, oy + 7), (ox, oy + 7)]
            dst += list(c)
    if len(src) < 4 * MIN_FINDERS:
        return None
    h, _ = cv2.findHomography(np.array(src, np.float32), np.array(dst, np.float32), 0)
    if h is None:
        return None
    corners = cv2.perspectiveTransform(np.array([[0, 0], [N, 0], [N, N], [0, N]], np.float32).reshape(-1, 1, 2), h)
    back = cv2.perspectiveTransform(corners.astype(np.float64), np.linalg.inv(mat))
    return np.asarray(back.reshape(4, 2), np.float32)
