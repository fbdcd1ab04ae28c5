"""Reading a blurred sticker against the codes that exist.

Every sticker carries one of a few hundred known texts (cards_qr's decks, every game, and the tray
check sticker), each a version-1, level-Q, alphanumeric symbol. Under a blur of 0.6-0.9 module the
least-squares module values (grid.deconvolve) get 15-25 of the 26 codewords wrong, far past what
Reed-Solomon corrects, yet the blurred picture still says plainly which of the known symbols it is.
So each known symbol (every code, under each of the eight masks) is scored by how well it explains
the rectified picture under the fitted blur: the residual ||y - K U t||^2 = ||y||^2 - 2 t.z + t.H t,
with z and H the deconvolution's own module sums and normal-equation kernel (the quadratic term is
computed once per blur; the 12 best are re-scored in the picture, each pixel weighted by its
contrast squared). The best symbol is taken only when (docs/scanning.md says how these were set)

- the symbol has at least `MIN_PPM` capture px per module;
- under each of the two best-fitting blurs it beats every other known symbol by a clear margin
  (`MARGIN`, in noise variances, and `RATIO` times its own excess over free module values), and
  that excess is at most `MAX_EXCESS`: a sticker whose text is no known code (a misprint, a code out
  of range) fits its nearest known symbol much worse than its own free modules, and is refused;
- both blurs name the same symbol.

Glare-clipped pixels carry nothing, so they are set to the middle level before the scoring.

Glare that washes a part out without clipping it leaves the one set of levels fitted from the free
modules wrong there. So when that reading names nothing, the decoder asks again with `local=True`:
each symbol is then scored under its own black and white levels, fitted in windows of a few
modules, and the candidates are picked with each pixel weighted by its contrast. The same rules
decide; no misprint was read this way (docs/scanning.md).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

import numpy as np
import numpy.typing as npt

MARGIN = 1000.0  # the second-best symbol's excess residual over the best's, in noise variances: at least
RATIO = 0.8  # ... and at least this times the best symbol's own excess over the free fit,
MAX_EXCESS = 9000.0  # which is at most this (dev corpora: stickers read this way 1300-9000, misprints 12300 and up)
SIGMAS = 2  # the best-fitting blur sigmas tried
MIN_PPM = 2.0  # capture px per module under which the picture is too coarse for the model (a misprint
# at 1.8 px per module once fitted a card's symbol clearly; none of ~3,900 at 1.9-2.7 did, decoded whole)
QUAD_R = 3  # modules of the blur's reach in the ranking's quadratic term (only the ranking uses it)
TOP = 12  # known symbols re-scored with every pixel weighted by its contrast


def _alnum_codewords(text: str) -> list[int]:
    """The 13 data codewords of an 11-character alphanumeric version-1-Q symbol."""
    from companion.scan.grid import ALNUM

    bits = "0010" + format(len(text), "09b")
    for i in range(0, len(text) - 1, 2):
        bits += format(45 * ALNUM.index(text[i]) + ALNUM.index(text[i + 1]), "011b")
    if len(text) % 2:
        bits += format(ALNUM.index(text[-1]), "06b")
    bits += "0000"
    bits += "0" * (-len(bits) % 8)
    out = [int(bits[i:i + 8], 2) for i in range(0, len(bits), 8)]
    pad = (0xEC, 0x11)
    while len(out) < 13:
        out.append(pad[(len(out) - len(bits) // 8) % 2])
    return out


def known_texts() -> list[str]:
    """Every sticker text the sheets print: each game's card and token codes, and the tray check."""
    from cards_qr.codes import all_codes
    from cards_qr.sheet import CHECK_TEXT

    return sorted({c.text for c in all_codes()} | {CHECK_TEXT})


def _encode_all(data: npt.NDArray[np.int64]) -> npt.NDArray[np.uint8]:
    """Reed-Solomon (level Q: 13 check codewords) of every row of `data` (n, 13) at once: the long
    division done column by column with the field's log tables (grid.rs_encode, one code at a time
    in Python, took the GIL for 0.3 s over the book)."""
    from companion.scan.grid import NSYM, _EXP_NP, _LOG_NP, rs_generator

    glog = _LOG_NP[np.array(rs_generator(NSYM)[1:], np.int64)]
    n, k = data.shape
    rem = np.zeros((n, k + NSYM), np.int64)
    rem[:, :k] = data
    for i in range(k):
        c = rem[:, i]
        nz = c != 0
        if nz.any():
            prod = _EXP_NP[(_LOG_NP[c[nz]][:, None] + glog[None, :]) % 255]
            rem[nz, i + 1:i + 1 + NSYM] ^= prod
    return np.concatenate([data, rem[:, k:]], axis=1).astype(np.uint8)


@lru_cache(maxsize=1)
def _sticker_texts() -> frozenset[str]:
    return frozenset(known_texts())


def is_sticker_text(text: str) -> bool:
    """Does some sticker the sheets print carry `text`?"""
    return text in _sticker_texts()


@lru_cache(maxsize=1)
def _book() -> tuple[list[str], npt.NDArray[np.float32]]:
    """The known texts and their symbols as signed 25 x 25 grids (dark +1, light -1, the quiet ring
    light), one per text and mask: shape (8, texts, 625)."""
    from companion.scan.grid import LS_G, LS_RING, N, _tables

    t = _tables()
    texts = known_texts()
    cw = _encode_all(np.array([_alnum_codewords(x) for x in texts], np.int64))  # (texts, 26)
    bits = np.unpackbits(cw, axis=1).astype(bool)  # (texts, 208), placement order
    out = np.full((8, len(texts), LS_G, LS_G), -1.0, np.float32)
    inner = out[:, :, LS_RING:LS_RING + N, LS_RING:LS_RING + N]
    known = t["known"]
    inner[:, :, known == 1] = 1.0
    for mask in range(8):
        dark = bits ^ t["masks"][mask][t["rows"], t["cols"]][None, :]
        inner[mask, :, t["rows"], t["cols"]] = np.where(dark, 1.0, -1.0).T
        fmt = np.where(t["fmt_pat"][mask], 1.0, -1.0).astype(np.float32)
        inner[mask][:, t["fmt"]] = fmt[None, :]
    return texts, out.reshape(8, len(texts), LS_G * LS_G)


@lru_cache(maxsize=1)
def _free_book() -> npt.NDArray[np.float32]:
    """The book's free modules only (texts x masks, free modules): the rest is the same in every
    symbol, so it adds the same to every score."""
    from companion.scan.grid import _known_ring

    _, book = _book()
    return np.ascontiguousarray(book.reshape(-1, book.shape[-1])[:, (_known_ring() < 0).ravel()])


@lru_cache(maxsize=16)
def _quadratic(sigma: float) -> npt.NDArray[np.float64]:
    """t.H t for every known symbol under blur `sigma`: (8 * texts,). H is a 9 x 9 kernel on the
    module grid (zero outside it), so H t is one filter over all the symbols stacked with gaps."""
    import cv2

    from companion.scan.grid import LS_G, LS_PPM, _ls_kernels

    h, _ = _ls_kernels(sigma, LS_PPM, QUAD_R)
    _, book = _book()
    grids = book.reshape(-1, LS_G, LS_G)
    gap = 4
    tall = np.zeros((len(grids), LS_G + gap, LS_G), np.float32)
    tall[:, :LS_G] = grids
    tall = tall.reshape(-1, LS_G)
    ht = cv2.filter2D(tall, cv2.CV_32F, h.astype(np.float32), borderType=cv2.BORDER_CONSTANT)
    return np.asarray((ht * tall).reshape(len(grids), -1).sum(axis=1), np.float64)


def _painted(xs: npt.NDArray[np.float32], sigma: float) -> npt.NDArray[np.float32]:
    """K U x for each grid in `xs` (k, 625): the modules painted at LS_PPM and blurred, all at once."""
    import cv2

    from companion.scan.grid import LS_G, LS_PPM

    k = len(xs)
    side = LS_G * LS_PPM
    painted = np.kron(xs.reshape(k, LS_G, LS_G), np.ones((LS_PPM, LS_PPM), np.float32))
    if sigma > 0:
        # one blur for all: the grids stacked with rows of the quiet zone's level between them, as
        # many as the kernel reaches, so each is blurred as if alone (its ring is that level too)
        gap = int(np.ceil(4 * sigma * LS_PPM))
        tall = np.full((k, side + gap, side), -1.0, np.float32)
        tall[:, :side] = painted
        flat = cv2.GaussianBlur(tall.reshape(-1, side), (0, 0), sigma * LS_PPM, borderType=cv2.BORDER_REPLICATE)
        painted = flat.reshape(k, side + gap, side)[:, :side]
    return np.asarray(painted, np.float32)


def _residuals(y: npt.NDArray[np.float32], w: npt.NDArray[np.float32], xs: npt.NDArray[np.float32],
               sigma: float) -> npt.NDArray[np.float64]:
    """sum w (y - K U x)^2 for each grid in `xs` (k, 625): painted, blurred, compared, all at once."""
    d = _painted(xs, sigma) - y[None]
    return np.asarray((d * d * w[None]).reshape(len(xs), -1).sum(axis=1), np.float64)


RANK_WEIGHTED = True  # under local levels, the ranking weights each pixel by its contrast too (glare)
RANK_W_CAP = 2.0  # ... at most twice the mean weight
LEVEL_WINDOW = 3.0  # modules: the Gaussian window of those levels


def _local_residuals(rect: npt.NDArray[Any], xs: npt.NDArray[np.float32], sigma: float) -> tuple[npt.NDArray[np.float64], float]:
    """sum over unclipped pixels of (R - a - b K U x)^2 for each grid in `xs`, with a and b fitted
    for that grid in Gaussian windows of LEVEL_WINDOW modules (on the module grid: they are
    smooth) and b <= 0 (dark is darker)."""
    import cv2

    from companion.scan.grid import LS_G

    R = rect.astype(np.float32)
    w = (R < 252).astype(np.float32)
    size = (R.shape[1], R.shape[0])
    def down(v: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        return np.asarray(cv2.resize(v, (LS_G, LS_G), interpolation=cv2.INTER_AREA), np.float32)
    def gb(v: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        return np.asarray(cv2.GaussianBlur(v, (0, 0), LEVEL_WINDOW, borderType=cv2.BORDER_REPLICATE), np.float32)
    def up(v: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        return np.asarray(cv2.resize(v, size, interpolation=cv2.INTER_LINEAR), np.float32)
    wm, rm = down(w), down(R * w)
    W = gb(wm) + 1e-6
    mr = gb(rm) / W
    out = []
    for p in _painted(xs, sigma):
        pw = p * w
        mp = gb(down(pw)) / W
        cov = gb(down(R * pw)) / W - mr * mp
        var = gb(down(p * pw)) / W - mp * mp
        b = np.minimum(cov / np.maximum(var, 1e-3), 0.0)
        d = (R - up(mr - b * mp) - up(b) * p) * w
        out.append(float((d * d).sum()))
    return np.asarray(out, np.float64), float(w.sum())


def scores(rect: npt.NDArray[Any], sigma: float, local: bool = False) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], float]:
    """For the rectified symbol `rect` (grid.rectify at LS_PPM) under blur `sigma`: the TOP known
    symbols (indices into the book's texts x masks) that fit it best, their residuals over the free
    fit's in noise variances (best first), and the noise variance. Every pixel is weighted by its
    fitted contrast squared (a washed-out pixel tells little; a clipped one nothing): the unweighted
    scores pick the candidates, the weighted residuals rank them. `local`: each symbol is scored under
    its own local levels (`_local_residuals`) and picked by contrast-weighted scores (glare)."""
    import cv2

    from companion.scan.grid import LS_G, LS_PPM, _gblur, _known_ring, _ls_operators, _normalised

    y, clip, bp = _normalised(rect, LS_PPM, sigma)
    y = np.where(clip, 0.0, y).astype(np.float32)
    w = np.where(clip, 0.0, bp * bp).astype(np.float32)
    w /= max(float(w.mean()), 1e-6)

    def module_sums(v: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        vb = _gblur(v, sigma * LS_PPM) if sigma > 0 else v
        return np.asarray(cv2.resize(vb, (LS_G, LS_G), interpolation=cv2.INTER_AREA), np.float32).ravel() * (LS_PPM * LS_PPM)

    z = module_sums(y)
    # under local levels, washed-out pixels say little about which symbol it is
    zr = module_sums(y * np.minimum(w, RANK_W_CAP)) if local and RANK_WEIGHTED else z
    _, book = _book()
    known = _known_ring()
    un = (known < 0).ravel()
    lin = cv2.gemm(_free_book(), zr[un].reshape(-1, 1), 1.0, None, 0.0).ravel()
    r = _quadratic(sigma) - 2 * lin.astype(np.float64)  # + ||y||^2 and the fixed modules' part: the same for all
    top = np.argsort(r)[:TOP]
    inv, rhs0, _ = _ls_operators(sigma, LS_PPM, 4, False)
    x = np.where(known == 1, 1.0, -1.0).astype(np.float32).ravel()
    x[un] = inv @ (z[un] - rhs0)
    xs = np.concatenate([x[None], book.reshape(-1, book.shape[-1])[top]])
    if local:
        res, seen_px = _local_residuals(rect, xs, sigma)
    else:
        res = _residuals(y, w, xs, sigma)
        seen_px = float((w > 0).sum())
    noise = max(float(res[0]), 1e-6) / max(1.0, seen_px - float(un.sum()))
    order = np.argsort(res[1:])
    return top[order], (res[1:][order] - res[0]) / noise, noise


def best_text(img: npt.NDArray[Any], quad: npt.NDArray[np.float32], sigmas: Sequence[float] = (),
              local: bool = False) -> str | None:
    """The known text whose symbol explains the picture at `quad` clearly best, or None (see the
    module's docstring). `sigmas`: blur sigmas best-fitting first (grid.read_quad's sigmas_out);
    else fitted here. `local`: each symbol scored under its own local levels (a glared sticker)."""
    from companion.scan.grid import LS_PPM, LS_SIGMAS, _deconvolve_each, rectify

    q = np.asarray(quad, np.float32)
    if float(np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1).min()) / 21 < MIN_PPM:
        return None
    rect = rectify(img, q, LS_PPM)
    if not sigmas:
        sigmas = [f[2] for f in sorted(_deconvolve_each(rect, LS_PPM, LS_SIGMAS, 1), key=lambda f: f[3])]
    texts, _ = _book()
    got: list[str | None] = []
    for sigma in list(sigmas)[:SIGMAS]:
        idx, excess, _ = scores(rect, float(sigma), local)
        text = texts[int(idx[0]) % len(texts)]
        margin = float(excess[1] - excess[0])
        got.append(text if margin >= MARGIN and margin >= RATIO * excess[0] and excess[0] <= MAX_EXCESS else None)
    # both blurs must name the same symbol, and each clearly (a wrong blur can name a wrong one)
    return got[0] if len(got) == SIGMAS and got[0] is not None and all(t == got[0] for t in got) else None
