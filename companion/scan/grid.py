"""Reading a version-1 sticker module by module, where zxing located the symbol but could not read it.

We print the stickers ourselves (cards_qr.sheet): every card code is an 11-character alphanumeric
payload in a version-1 (21 x 21) symbol at level Q. So when zxing reports the corners of a symbol it
could not decode, this module

1. rectifies the quad to a canonical grid (a few pixels per module, plus a ring of quiet zone);
2. samples every module centre and thresholds it *locally*: the white and black levels are
   estimated from the modules whose colour is known (quiet zone, finder patterns, separators,
   timing patterns, the dark module), then re-estimated from every module once classified, so a
   glare gradient moves the threshold with it. Where the local contrast is gone (saturated glare)
   a module is *unknown*, not guessed;
3. unmasks the data modules (the mask is read from the format modules by nearest pattern),
   assembles the 26 codewords, sets the codewords every card code shares (mode, character count,
   terminator, pad bytes: a fact about every valid payload, so a foreign symbol gets no help from
   it), and runs Reed-Solomon decoding with *erasures*: an erased codeword costs half an error, so
   level Q's 13 check codewords repair up to 13 erased (or 6 wrong) codewords, where zxing, which
   knows no erasures, stops at 6;
4. tries a few sub-module shifts and scales of the sampling grid, best function-pattern match first.

The text it returns still goes through the spec validator (cards_qr.codes.classify) like every other
decode; an erasure budget (`MAX_ERASURES`) keeps check codewords to spare, so random damage does not
decode to anything.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterator, Sequence

import numpy as np
import numpy.typing as npt

N = 21  # version-1 modules per side
NSYM = 13  # level Q, version 1: 13 data + 13 check codewords, one block
NDATA = 13
ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
EQUALIZE = True
DECONVOLVE = True  # the least-squares reader first (deconvolve), then the centre sampler
MAX_ERASURES = 9  # leaves 4 check codewords to verify the repair with

# ---- GF(256), QR's polynomial 0x11d --------------------------------------------------------------

_EXP = [0] * 512
_LOG = [0] * 256
_x = 1
for _i in range(255):
    _EXP[_i] = _x
    _LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]


_MUL = [[0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]] for b in range(256)] for a in range(256)]
_EXP_NP = np.array(_EXP, np.int64)
_LOG_NP = np.array(_LOG, np.int64)


def _mul(a: int, b: int) -> int:
    return _MUL[a][b]


def _div(a: int, b: int) -> int:
    if b == 0:
        raise ZeroDivisionError
    return 0 if a == 0 else _EXP[(_LOG[a] + 255 - _LOG[b]) % 255]


def _pow(a: int, p: int) -> int:
    return _EXP[(_LOG[a] * p) % 255]


def _inv(a: int) -> int:
    return _EXP[255 - _LOG[a]]


def _pmul(p: list[int], q: list[int]) -> list[int]:
    r = [0] * (len(p) + len(q) - 1)
    for j, b in enumerate(q):
        for i, a in enumerate(p):
            r[i + j] ^= _mul(a, b)
    return r


def _padd(p: list[int], q: list[int]) -> list[int]:
    r = [0] * max(len(p), len(q))
    for i, a in enumerate(p):
        r[i + len(r) - len(p)] = a
    for i, b in enumerate(q):
        r[i + len(r) - len(q)] ^= b
    return r


def _peval(p: list[int], x: int) -> int:
    y = p[0]
    for c in p[1:]:
        y = _mul(y, x) ^ c
    return y


def _pscale(p: list[int], x: int) -> list[int]:
    return [_mul(c, x) for c in p]


@lru_cache(maxsize=4)
def rs_generator(nsym: int = NSYM) -> tuple[int, ...]:
    """The Reed-Solomon generator polynomial (highest degree first) for `nsym` check codewords."""
    gen = [1]
    for i in range(nsym):
        gen = _pmul(gen, [1, _pow(2, i)])
    return tuple(gen)


def rs_encode(data: list[int], nsym: int = NSYM) -> list[int]:
    gen = rs_generator(nsym)
    rem = list(data) + [0] * nsym
    for i in range(len(data)):
        c = rem[i]
        if c:
            for j in range(1, len(gen)):
                rem[i + j] ^= _mul(gen[j], c)
    return list(data) + rem[len(data):]


class RSError(ValueError):
    pass


def _syndromes(msg: list[int], nsym: int) -> list[int]:
    """S_i = msg(alpha^i), i < nsym, all at once: sum over j of msg_j * alpha^(i (n-1-j))."""
    m = np.asarray(msg, np.int64)
    nz = m != 0
    if not nz.any():
        return [0] * nsym
    n = len(msg)
    powers = np.arange(nsym)[:, None] * (n - 1 - np.nonzero(nz)[0])[None, :]
    vals = _EXP_NP[(_LOG_NP[m[nz]][None, :] + powers) % 255]
    return [int(v) for v in np.bitwise_xor.reduce(vals, axis=1)]


def rs_correct(msg: list[int], erasures: list[int], nsym: int = NSYM) -> list[int]:
    """Errors-and-erasures Reed-Solomon decoding (first consecutive root alpha^0, as QR uses).
    `erasures`: indices into `msg` known to be unreliable. Raises RSError when 2 * errors +
    erasures exceeds `nsym` (or the result does not check)."""
    n = len(msg)
    out = list(msg)
    if len(erasures) > nsym:
        raise RSError("too many erasures")
    synd = _syndromes(out, nsym)
    if not any(synd):
        return out
    # Erasure locator, then Forney syndromes for Berlekamp-Massey on the errors alone.
    e_loc = [1]
    for p in erasures:
        e_loc = _pmul(e_loc, [_pow(2, n - 1 - p), 1])  # (1 + X x), highest degree first
    fsynd = list(synd)
    for p in erasures:
        x = _pow(2, n - 1 - p)
        for j in range(len(fsynd) - 1):
            fsynd[j] = _mul(fsynd[j], x) ^ fsynd[j + 1]
    fsynd = fsynd[: nsym - len(erasures)]
    # Berlekamp-Massey (lowest degree first).
    c, b = [1], [1]
    L, m, bb = 0, 1, 1
    for k in range(len(fsynd)):
        d = fsynd[k]
        for i in range(1, L + 1):
            if i < len(c):
                d ^= _mul(c[i], fsynd[k - i])
        if d == 0:
            m += 1
            continue
        coef = _div(d, bb)
        t = list(c)
        shifted = [0] * m + [_mul(coef, v) for v in b]
        c = [(c[i] if i < len(c) else 0) ^ (shifted[i] if i < len(shifted) else 0) for i in range(max(len(c), len(shifted)))]
        if 2 * L <= k:
            L, b, bb, m = k + 1 - L, t, d, 1
        else:
            m += 1
    while len(c) > 1 and c[-1] == 0:
        c.pop()
    if 2 * L + len(erasures) > nsym:
        raise RSError("too many errors")
    # Error positions: roots of the error locator (lowest-first c) at X^-1.
    err_pos = []
    for p in range(n):
        xinv = _inv(_pow(2, n - 1 - p))
        if _peval(c[::-1], xinv) == 0:
            err_pos.append(p)
    if len(err_pos) != L:
        raise RSError("error locator has no proper roots")
    pos = list(erasures) + [p for p in err_pos if p not in erasures]
    # Forney: magnitudes from the errata locator and evaluator.
    loc = [1]
    for p in pos:
        loc = _pmul(loc, [_pow(2, n - 1 - p), 1])  # highest first
    loc_low = loc[::-1]  # lowest first
    s_low = synd  # S(x) = sum S_i x^i, lowest first
    omega = [0] * nsym
    for i, si in enumerate(s_low):
        for j, lj in enumerate(loc_low):
            if i + j < nsym:
                omega[i + j] ^= _mul(si, lj)
    for p in pos:
        X = _pow(2, n - 1 - p)
        xinv = _inv(X)
        # derivative of the locator (lowest first): odd terms only in GF(2^m)
        dl = 0
        for j in range(1, len(loc_low), 2):
            dl ^= _mul(loc_low[j], _pow(xinv, j - 1))
        if dl == 0:
            raise RSError("Forney: zero derivative")
        om = 0
        for j in range(len(omega) - 1, -1, -1):
            om = _mul(om, xinv) ^ omega[j]
        # fcr = 0: e = X * Omega(X^-1) / Lambda'(X^-1)
        out[p] ^= _mul(X, _div(om, dl))
    if any(_syndromes(out, nsym)):
        raise RSError("does not check")
    return out


# ---- version-1 geometry --------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _tables() -> dict[str, Any]:
    """Known-colour modules, the data-module order and the format patterns of the 8 masks."""
    import segno

    known = np.full((N, N), -1, np.int8)  # 1 dark, 0 light, -1 not fixed

    def finder(r0: int, c0: int) -> None:
        for r in range(-1, 8):
            for c in range(-1, 8):
                rr, cc = r0 + r, c0 + c
                if 0 <= rr < N and 0 <= cc < N:
                    inside = 0 <= r <= 6 and 0 <= c <= 6
                    ring = inside and (r in (0, 6) or c in (0, 6))
                    core = 2 <= r <= 4 and 2 <= c <= 4
                    known[rr, cc] = 1 if (ring or core) else 0

    finder(0, 0)
    finder(0, N - 7)
    finder(N - 7, 0)
    for i in range(8, N - 8):
        known[6, i] = known[i, 6] = 1 if i % 2 == 0 else 0
    known[N - 8, 8] = 1  # the dark module
    fmt = np.zeros((N, N), bool)
    fmt[8, :9] = fmt[:9, 8] = True
    fmt[8, N - 8:] = fmt[N - 8:, 8] = True
    fmt &= known < 0
    func = (known >= 0) | fmt
    order = []
    col = N - 1
    upward = True
    while col > 0:
        if col == 6:
            col -= 1
        rows = range(N - 1, -1, -1) if upward else range(N)
        for r in rows:
            for c in (col, col - 1):
                if not func[r, c]:
                    order.append((r, c))
        upward = not upward
        col -= 2
    assert len(order) == 208
    fmt_pat = []
    for mask in range(8):
        m = np.array([list(row) for row in segno.make_qr("A", version=1, error="q", mask=mask,
                                                          boost_error=False).matrix], bool)
        fmt_pat.append(m[fmt])
    ii, jj = np.mgrid[0:N, 0:N]
    masks = [
        (ii + jj) % 2 == 0, ii % 2 == 0, jj % 3 == 0, (ii + jj) % 3 == 0,
        (ii // 2 + jj // 3) % 2 == 0, (ii * jj) % 2 + (ii * jj) % 3 == 0,
        ((ii * jj) % 2 + (ii * jj) % 3) % 2 == 0, ((ii + jj) % 2 + (ii * jj) % 3) % 2 == 0,
    ]
    rows = np.array([p[0] for p in order])
    cols = np.array([p[1] for p in order])
    return {"known": known, "fmt": fmt, "fmt_pat": np.array(fmt_pat), "rows": rows, "cols": cols,
            "masks": np.array(masks)}


# What every card code's data codewords share: 11 alphanumeric characters -> mode 0010, count
# 000001011, 61 data bits, terminator 0000, 2 zero bits to the byte, pad bytes EC 11 EC.
# (position, mask of known bits, their value)
KNOWN_BITS: tuple[tuple[int, int, int], ...] = (
    (0, 0xFF, 0x20), (1, 0xF8, 0x58), (9, 0x3F, 0x00), (10, 0xFF, 0xEC), (11, 0xFF, 0x11), (12, 0xFF, 0xEC),
)


def parse_alnum(data: list[int]) -> str | None:
    """The text of an alphanumeric-mode payload (data codewords), or None if it is not one."""
    bits = "".join(f"{b:08b}" for b in data)
    if bits[:4] != "0010":
        return None
    count = int(bits[4:13], 2)
    pos, chars = 13, []
    while count >= 2:
        if pos + 11 > len(bits):
            return None
        v = int(bits[pos:pos + 11], 2)
        pos += 11
        if v >= 45 * 45:
            return None
        chars += [ALNUM[v // 45], ALNUM[v % 45]]
        count -= 2
    if count:
        if pos + 6 > len(bits):
            return None
        v = int(bits[pos:pos + 6], 2)
        if v >= 45:
            return None
        chars.append(ALNUM[v])
    return "".join(chars)


# ---- sampling ------------------------------------------------------------------------------------

RING = 1  # modules of quiet zone sampled around the symbol (known white)
G = N + 2 * RING


def _smooth_fill(vals: npt.NDArray[np.float32], w: npt.NDArray[np.float32], sigma: float) -> npt.NDArray[np.float32]:
    """Normalised convolution: a smooth field through the weighted samples."""
    import cv2

    num = cv2.GaussianBlur(vals * w, (0, 0), sigma, borderType=cv2.BORDER_REPLICATE)
    den = cv2.GaussianBlur(w, (0, 0), sigma, borderType=cv2.BORDER_REPLICATE)
    return np.asarray(num / np.maximum(den, 1e-4), np.float32)


def classify_modules(v: npt.NDArray[np.float32]) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
    """Signed darkness of each module (positive: dark; |x| about 1 at full contrast) and the modules
    that are unknown (no local contrast, e.g. clipped by glare), for a G x G grid of module means."""
    t = _tables()
    known = np.full((G, G), 0, np.int8)  # quiet ring: white
    known[RING:RING + N, RING:RING + N] = t["known"]
    white = (known == 0).astype(np.float32)
    black = (known == 1).astype(np.float32)
    wl = _smooth_fill(v, white, 4.0)
    bl = _smooth_fill(v, black, 4.0)
    for sigma in (3.0, 2.0):  # re-estimate from every module, once classified
        dark = v < (wl + bl) / 2
        wmask = np.where(known >= 0, white, (~dark).astype(np.float32))
        bmask = np.where(known >= 0, black, dark.astype(np.float32))
        wl = _smooth_fill(v, wmask, sigma)
        bl = _smooth_fill(v, bmask, sigma)
    import cv2

    contrast = wl - bl
    ref = max(float(np.median(v[known == 0]) - np.median(v[known == 1])), 8.0)
    s = ((wl + bl) / 2 - v) / np.maximum(contrast / 2, 1.0)
    ker = np.ones((3, 3), np.uint8)
    span = cv2.dilate(v, ker) - cv2.erode(v, ker)  # a flat 3 x 3 patch inside a QR: clipped
    unknown = (contrast < 0.3 * ref) | (span < 0.25 * ref)
    return s[RING:RING + N, RING:RING + N].astype(np.float32), unknown[RING:RING + N, RING:RING + N]


def sample(warped: npt.NDArray[Any], ppm: float, dx: float = 0.0, dy: float = 0.0, sc: float = 1.0) -> npt.NDArray[np.float32]:
    """Mean of each module's centre (half a module square) on a rectified image whose symbol starts
    at (RING + margin) modules; `dx, dy` shift and `sc` scale the grid about its centre (modules)."""
    import cv2

    k = max(1, int(round(ppm / 2)))
    box = cv2.blur(warped.astype(np.float32), (k, k))
    idx = np.arange(G, dtype=np.float32) - G / 2 + 0.5
    xs = (G / 2 + idx * sc + dx + MARGIN - RING) * ppm
    ys = (G / 2 + idx * sc + dy + MARGIN - RING) * ppm
    mx, my = np.meshgrid(xs, ys)
    return np.asarray(cv2.remap(box, mx.astype(np.float32), my.astype(np.float32), cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REPLICATE), np.float32)


MARGIN = 2  # modules of quiet zone kept around the symbol in the rectified image
PPM = 6  # rectified pixels per module


def rectify(img: npt.NDArray[Any], quad: npt.NDArray[np.float32], ppm: int = PPM) -> npt.NDArray[np.uint8]:
    """The symbol (corners TL, TR, BR, BL of its 21 x 21 modules) warped to a square of
    (21 + 2 * MARGIN) * ppm pixels."""
    return rectify_with(img, quad, ppm)[0]


def rectify_with(img: npt.NDArray[Any], quad: npt.NDArray[np.float32], ppm: int = PPM) -> tuple[npt.NDArray[np.uint8], Any]:
    """`rectify`, and the perspective matrix from capture px to rectified px."""
    import cv2

    a, b = MARGIN * ppm, (MARGIN + N) * ppm
    dst = np.array([[a, a], [b, a], [b, b], [a, b]], np.float32)
    mat = cv2.getPerspectiveTransform(np.asarray(quad, np.float32), dst)
    size = (N + 2 * MARGIN) * ppm
    return np.asarray(cv2.warpPerspective(img, mat, (size, size), flags=cv2.INTER_LINEAR,
                                          borderMode=cv2.BORDER_REPLICATE), np.uint8), mat


def function_score(s: npt.NDArray[np.float32]) -> float:
    """How well the sampled modules match the known function patterns (mean signed agreement)."""
    known = _tables()["known"]
    sign = np.where(known == 1, 1.0, -1.0)
    m = known >= 0
    return float(np.mean(np.clip(s[m] * sign[m], -1, 1)))


def decode_grid(s: npt.NDArray[np.float32], unknown: npt.NDArray[np.bool_], max_erasures: int = MAX_ERASURES) -> str | None:
    """Card-code text from sampled module darkness `s` (21 x 21, + dark) and the unknown modules."""
    t = _tables()
    fs = s[t["fmt"]]
    fmt_ok = ~unknown[t["fmt"]]
    scores = [float(np.sum(np.where(pat, fs, -fs)[fmt_ok])) for pat in t["fmt_pat"]]
    for mask in np.argsort(scores)[::-1][:2]:
        text = _decode_mask(s, unknown, int(mask), max_erasures)
        if text is not None:
            return text
    return None


def _decode_mask(s: npt.NDArray[np.float32], unknown: npt.NDArray[np.bool_], mask: int, max_erasures: int) -> str | None:
    t = _tables()
    rows, cols = t["rows"], t["cols"]
    flip = t["masks"][mask][rows, cols]
    bits = (s[rows, cols] > 0) ^ flip
    rel = np.abs(s[rows, cols])
    rel[unknown[rows, cols]] = 0.0
    cw = [int("".join("1" if b else "0" for b in bits[8 * i:8 * i + 8]), 2) for i in range(26)]
    known_mask = [0] * 26
    for pos, km, val in KNOWN_BITS:
        cw[pos] = (cw[pos] & ~km) | val
        known_mask[pos] = km
    # reliability of a codeword: its weakest bit that is not known
    crel = []
    for i in range(26):
        r = [float(rel[8 * i + j]) for j in range(8) if not (known_mask[i] >> (7 - j)) & 1]
        crel.append(min(r) if r else 9.0)
    order = [i for i in np.argsort(crel) if crel[i] < 9.0]
    must = [i for i in order if crel[i] == 0.0]  # a bit in saturated glare: erased for sure
    if len(must) > max_erasures:
        return None
    tried = set()
    for extra in (0, 2, 4, 6, 8):
        k = min(max_erasures, len(must) + extra)
        er = [int(i) for i in order[:k]]
        key = tuple(er)
        if key in tried:
            continue
        tried.add(key)
        try:
            fixed = rs_correct(cw, er)
        except RSError:
            continue
        if any((fixed[p] & km) != val for p, km, val in KNOWN_BITS):
            continue
        text = parse_alnum(fixed[:NDATA])
        if text is not None:
            return text
    return None


def equalize(s: npt.NDArray[np.float32], unknown: npt.NDArray[np.bool_], iters: int = 4) -> npt.NDArray[np.float32] | None:
    """Undo blur of about a module in the grid domain: each sampled module is modelled as
    a * own + b * (4 edge neighbours) + c * (4 diagonal neighbours), colours +-1; a, b, c are fitted
    on the function-pattern modules (known, with their neighbours known), then every other module
    is re-decided given its neighbours' current decisions, a few rounds (decision feedback)."""
    import cv2

    known = _tables()["known"]
    kp = np.pad(known, 1, constant_values=0)  # outside the symbol: quiet zone, light
    xk = np.where(kp == 1, 1.0, -1.0).astype(np.float32)
    kn = kp >= 0
    k4 = np.array([[0, 1, 0], [1, 0, 1], [0, 1, 0]], np.float32)
    kd = np.array([[1, 0, 1], [0, 0, 0], [1, 0, 1]], np.float32)
    full = cv2.erode(kn.astype(np.uint8), np.ones((3, 3), np.uint8), borderType=cv2.BORDER_CONSTANT, borderValue=1)
    train = (full[1:-1, 1:-1] > 0) & ~unknown
    if train.sum() < 30:
        return None
    n4 = cv2.filter2D(xk, -1, k4, borderType=cv2.BORDER_CONSTANT)[1:-1, 1:-1]
    nd = cv2.filter2D(xk, -1, kd, borderType=cv2.BORDER_CONSTANT)[1:-1, 1:-1]
    X = np.stack([xk[1:-1, 1:-1][train], n4[train], nd[train], np.ones(int(train.sum()), np.float32)], 1)
    coef, *_ = np.linalg.lstsq(X, s[train], rcond=None)
    a, b, c, d = (float(v) for v in coef)
    if a <= 0.05:
        return None
    x = np.where(known >= 0, np.where(known == 1, 1.0, -1.0), np.sign(s)).astype(np.float32)
    x[(known < 0) & unknown] = 0.0
    free = known < 0
    r = s
    for _ in range(iters):
        xp = np.pad(x, 1, constant_values=-1.0)
        r = (s - b * cv2.filter2D(xp, -1, k4, borderType=cv2.BORDER_CONSTANT)[1:-1, 1:-1]
             - c * cv2.filter2D(xp, -1, kd, borderType=cv2.BORDER_CONSTANT)[1:-1, 1:-1] - d) / a
        x = np.where(free & ~unknown, np.sign(r), x).astype(np.float32)
    return np.asarray(np.where(free, r, np.where(known == 1, 1.0, -1.0)), np.float32)


SHIFTS: tuple[tuple[float, float, float], ...] = (
    (0.0, 0.0, 1.0), (0.25, 0.0, 1.0), (-0.25, 0.0, 1.0), (0.0, 0.25, 1.0), (0.0, -0.25, 1.0),
    (0.0, 0.0, 1.02), (0.0, 0.0, 0.98), (0.25, 0.25, 1.0), (-0.25, -0.25, 1.0), (0.25, -0.25, 1.0), (-0.25, 0.25, 1.0),
)


def grid_candidates(img: npt.NDArray[Any], quad: npt.NDArray[np.float32], ppm: int = PPM,
                    shifts: Sequence[tuple[float, float, float]] = SHIFTS) -> Iterator[tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]]:
    """Sampled grids for the located quad, best function-pattern match first."""
    w = rectify(img, quad, ppm)
    cands = []
    for dx, dy, sc in shifts:
        v = sample(w, ppm, dx, dy, sc)
        s, unk = classify_modules(v)
        cands.append((function_score(s), s, unk))
    cands.sort(key=lambda c: -c[0])
    for _, s, unk in cands:
        yield s, unk


@lru_cache(maxsize=4)
def _finder_template(ppm: int) -> npt.NDArray[np.float32]:
    t = np.full((9, 9), 255, np.uint8)
    t[1:8, 1:8] = 0
    t[2:7, 2:7] = 255
    t[3:6, 3:6] = 0
    return np.kron(t, np.ones((ppm, ppm), np.uint8)).astype(np.float32)


def refine_quad(img: npt.NDArray[Any], quad: npt.NDArray[np.float32], ppm: int = PPM,
                reach: float = 3.5) -> npt.NDArray[np.float32] | None:
    """A better quad from the three finder patterns, found by template matching near the corners
    of the rectified approximate quad (any of the 4 corners: the one without a finder is the
    bottom-right, which also fixes a quad reported in the wrong rotation). None if fewer than
    three corners look like finders."""
    return refit(img, quad, ppm, reach)[1]


def refit(img: npt.NDArray[Any], quad: npt.NDArray[np.float32], ppm: int = PPM,
          reach: float = 3.5) -> tuple[float, npt.NDArray[np.float32] | None]:
    """refine_quad, and how finder-like the three best corners are (the sum of their correlations
    with a finder pattern, 3 at best; a quad that is not a symbol scores about 1 or less)."""
    import cv2

    w = rectify(img, quad, ppm).astype(np.float32)
    w = cv2.GaussianBlur(w, (0, 0), ppm / 4)
    tpl = _finder_template(ppm)
    ncc = cv2.matchTemplate(w, tpl, cv2.TM_CCOEFF_NORMED)  # top-left of the 9 x 9 template
    centres = [(3.5, 3.5), (17.5, 3.5), (17.5, 17.5), (3.5, 17.5)]  # TL TR BR BL, symbol modules
    found = []
    for cx, cy in centres:
        # template top-left in px for a finder centred at (cx, cy) modules of the symbol
        x0, y0 = (cx + MARGIN - 4.5) * ppm, (cy + MARGIN - 4.5) * ppm
        r = reach * ppm
        xa, xb = int(max(0, x0 - r)), int(min(ncc.shape[1], x0 + r + 1))
        ya, yb = int(max(0, y0 - r)), int(min(ncc.shape[0], y0 + r + 1))
        if xb <= xa or yb <= ya:
            found.append((-1.0, (0.0, 0.0)))
            continue
        _, mx, _, (px, py) = cv2.minMaxLoc(ncc[ya:yb, xa:xb])
        found.append((float(mx), ((xa + px) / ppm + 4.5, (ya + py) / ppm + 4.5)))  # modules of rectified
    missing = int(np.argmin([f[0] for f in found]))
    score = float(sum(sorted(f[0] for f in found)[1:]))
    if sorted(f[0] for f in found)[1] < 0.3:
        return score, None
    # finders in symbol order TL, TR, BL given which rectified corner has none (the symbol's BR)
    tl, tr, bl = {2: (0, 1, 3), 3: (1, 2, 0), 0: (2, 3, 1), 1: (3, 0, 2)}[missing]
    src = np.array([[3.5, 3.5], [17.5, 3.5], [3.5, 17.5]], np.float32)
    dst = np.array([found[tl][1], found[tr][1], found[bl][1]], np.float32)
    aff = cv2.getAffineTransform(src, dst)
    corners = np.array([[0, 0], [N, 0], [N, N], [0, N]], np.float32)
    rect_pts = corners @ aff[:, :2].T + aff[:, 2]  # rectified modules (incl. MARGIN)
    a, b = MARGIN * ppm, (MARGIN + N) * ppm
    box = np.array([[a, a], [b, a], [b, b], [a, b]], np.float32)
    inv = cv2.getPerspectiveTransform(box, np.asarray(quad, np.float32))
    out = cv2.perspectiveTransform((rect_pts * ppm).reshape(-1, 1, 2).astype(np.float32), inv)
    return score, np.asarray(out.reshape(4, 2), np.float32)


# ---- least-squares deconvolution ------------------------------------------------------------------
#
# A blurred symbol's modules bleed into each other; sampling each module's centre (above) stops
# working once the blur's sigma passes about half a module. But the blur is the same everywhere on
# a symbol, the module grid is known, and so are a third of the modules: so the modules are solved
# for jointly. The rectified symbol y (dark positive, after the local white and black levels are
# divided out) is modelled as K * U x: x the 25 x 25 module values (the symbol and a 2-module ring
# of quiet zone), U paints each as a square, K a Gaussian of sigma (in modules). The least-squares
# x (ridge-regularised, the known modules fixed) solves (H + lam I) x = z with H = (KU)^T (KU), which
# on a module grid is a small shift-invariant kernel, and z = (KU)^T y the module sums of K * y. The
# inverse depends only on sigma, so it is computed once per sigma; reading a symbol is a few blurs
# and matrix-vector products. Sigma is the one whose fit (with x clipped to +-1, the levels refitted
# to it) leaves the least residual; the levels are refitted twice, a smooth affine map per region,
# so a glare gradient or a dim corner is followed.

LS_PPM = 4  # rectified pixels per module for the deconvolution
LS_SIGMAS = (0.0, 0.25, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)  # blur sigmas tried, in modules
DECODE_SIGMAS = 5  # the best-fitting sigmas whose solutions go to the Reed-Solomon decoder
LS_LAMBDA = 0.005  # ridge weight (per module, relative to a module's own energy)
LS_RING = 2  # modules of quiet zone solved with the symbol (known white), = MARGIN
LS_G = N + 2 * LS_RING


def _grid_operator(h: npt.NDArray[np.float64], r: int) -> npt.NDArray[np.float64]:
    idx = np.arange(LS_G * LS_G)
    yy, xx = np.divmod(idx, LS_G)
    dy = yy[:, None] - yy[None, :]
    dx = xx[:, None] - xx[None, :]
    ok = (np.abs(dy) <= r) & (np.abs(dx) <= r)
    out = np.zeros((LS_G * LS_G, LS_G * LS_G))
    out[ok] = h[dy[ok] + r, dx[ok] + r]
    return out


@lru_cache(maxsize=2)
def _known_ring(free_timing: bool = False) -> npt.NDArray[np.int8]:
    """The known modules of the 25 x 25 grid (1 dark, 0 light, -1 solved for); `free_timing`: the
    timing patterns solved for too (to check that a symbol has them where version 1 does)."""
    k = np.full((LS_G, LS_G), 0, np.int8)
    k[LS_RING:LS_RING + N, LS_RING:LS_RING + N] = _tables()["known"]
    if free_timing:
        idx = np.arange(8, N - 8) + LS_RING
        k[LS_RING + 6, idx] = -1
        k[idx, LS_RING + 6] = -1
    return k


@lru_cache(maxsize=128)
def _ls_kernels(sigma: float, ppm: int = LS_PPM, r: int = 4) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """For one blur, on the module grid: h, the normal equations' kernel ((KU)^T(KU) between modules
    dy, dx apart), and h1, each module's mean of a blurred painted module dy, dx away."""
    import cv2

    size = (2 * r + 3) * ppm
    c = size // 2
    box = np.zeros((size, size), np.float64)
    box[c - ppm // 2:c - ppm // 2 + ppm, c - ppm // 2:c - ppm // 2 + ppm] = 1.0
    kb = cv2.GaussianBlur(box, (0, 0), sigma * ppm) if sigma > 0 else box
    h = np.zeros((2 * r + 1, 2 * r + 1))
    h1 = np.zeros_like(h)
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            sh = np.roll(np.roll(kb, dy * ppm, 0), dx * ppm, 1)
            h[dy + r, dx + r] = float((kb * sh).sum())
            h1[dy + r, dx + r] = float((box * sh).sum()) / (ppm * ppm)
    return h, h1


@lru_cache(maxsize=128)
def _ls_operators(sigma: float, ppm: int = LS_PPM, r: int = 4, free_timing: bool = False) -> tuple[Any, Any, Any]:
    """For one blur: the inverse of (H + lam I) over the unknown modules, H between unknown and
    known modules, and the operator giving each module's mean of the blurred painted grid."""
    h, h1 = _ls_kernels(sigma, ppm, r)
    H = _grid_operator(h, r)
    known = (_known_ring(free_timing) >= 0).ravel()
    unk = ~known
    inv = np.linalg.inv(H[np.ix_(unk, unk)] + LS_LAMBDA * ppm * ppm * np.eye(int(unk.sum())))
    xk = np.where(_known_ring(free_timing) == 1, 1.0, -1.0).ravel()[known]
    # the known modules' part of the normal equations, the same for every symbol
    return inv.astype(np.float32), (H[np.ix_(unk, known)] @ xk).astype(np.float32), _grid_operator(h1, r).astype(np.float32)


@lru_cache(maxsize=12)
def _ls_normal(sigma: float, ppm: int = LS_PPM, r: int = 4) -> npt.NDArray[np.float64]:
    """H + lam I over the whole 25 x 25 grid (for `feedback_fits`, which fixes modules as it goes)."""
    return _grid_operator(_ls_kernels(sigma, ppm, r)[0], r) + LS_LAMBDA * ppm * ppm * np.eye(LS_G * LS_G)


def _gblur(v: npt.NDArray[np.float32], sigma: float) -> npt.NDArray[np.float32]:
    import cv2

    return np.asarray(cv2.GaussianBlur(v, (0, 0), sigma, borderType=cv2.BORDER_REPLICATE), np.float32)


def _affine_fit(r: npt.NDArray[np.float32], m: npt.NDArray[np.float32],
                sigma: float = 3.0) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Smooth fields a, b with r ~ a + b * m locally (Gaussian windows of `sigma` modules)."""
    mr, mm = _gblur(r, sigma), _gblur(m, sigma)
    b = (_gblur(r * m, sigma) - mr * mm) / np.maximum(_gblur(m * m, sigma) - mm * mm, 1e-3)
    return mr - b * mm, b


def deconvolve(rect: npt.NDArray[Any], ppm: int = LS_PPM, sigmas: tuple[float, ...] = LS_SIGMAS,
               iters: int = 2) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], float]:
    s, unknown, sigma, _ = _deconvolve(rect, ppm, sigmas, iters)
    return s, unknown, sigma


def deconvolve_res(rect: npt.NDArray[Any], ppm: int = LS_PPM, sigmas: tuple[float, ...] = LS_SIGMAS,
                   iters: int = 2) -> float:
    """How well the best blur model fits the rectified symbol (mean squared residual per module)."""
    return _deconvolve(rect, ppm, sigmas, iters)[3]


def _deconvolve(rect: npt.NDArray[Any], ppm: int, sigmas: tuple[float, ...],
                iters: int) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], float, float]:
    """The best-fitting of `_deconvolve_each`."""
    return min(_deconvolve_each(rect, ppm, sigmas, iters), key=lambda f: f[3])


def _deconvolve_each(rect: npt.NDArray[Any], ppm: int, sigmas: Sequence[float], iters: int,
                     free_timing: bool = False) -> list[tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], float, float]]:
    """For each blur sigma: signed darkness of the 21 x 21 modules of a rectified symbol (`rect`: the
    symbol with LS_RING modules of margin, `ppm` px per module), the modules no fit can see
    (glare-clipped, where a dark module would clip too), the sigma and the fit's residual."""
    inner = slice(LS_RING, LS_RING + N)
    out = []
    for sigma in sigmas:
        x, _, unknown, res = _fit_one(rect, ppm, sigma, iters, free_timing)
        out.append((np.asarray(x.reshape(LS_G, LS_G)[inner, inner], np.float32), unknown, sigma, res))
    return out


def _fit_one(rect: npt.NDArray[Any], ppm: int, sigma: float, iters: int, free_timing: bool = False
             ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_], float]:
    """One blur's least-squares fit: the 25 x 25 solution (raveled), the module sums z of the
    normalised, blurred symbol it solved from, the unseen modules (21 x 21) and the residual."""
    return _fit_levels(rect, ppm, sigma, iters, free_timing)[:4]  # type: ignore[return-value]


def _normalised(rect: npt.NDArray[Any], ppm: int, sigma: float, iters: int = 1
                ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.float32]]:
    """The rectified symbol with its fitted levels divided out (dark +1, light -1), its
    glare-clipped pixels, and the fitted half-contrast per pixel (companion.scan.codebook scores
    known symbols against it, weighting each pixel by its contrast squared)."""
    y, clip, bp = _fit_levels(rect, ppm, sigma, iters)[4:]
    return y, clip, bp  # type: ignore[return-value]


def _fit_levels(rect: npt.NDArray[Any], ppm: int, sigma: float, iters: int, free_timing: bool = False) -> tuple[Any, ...]:
    """`_fit_one`'s results, then the normalised picture y it last solved from and its clipped pixels."""
    import cv2

    known = _known_ring(free_timing)
    un = (known < 0).ravel()
    x0 = np.where(known == 1, 1.0, -1.0).astype(np.float32).ravel()
    R = rect.astype(np.float32)
    size = (R.shape[1], R.shape[0])
    Rm = np.asarray(cv2.resize(R, (LS_G, LS_G), interpolation=cv2.INTER_AREA), np.float32)
    white = float(np.median(np.concatenate([Rm[0], Rm[-1], Rm[:, 0], Rm[:, -1]])))
    o = LS_RING + 3
    black = sorted([float(Rm[o, o]), float(Rm[o, o + 14]), float(Rm[o + 14, o])])[1]  # the finder cores
    clip = np.asarray(cv2.resize((R >= 252).astype(np.float32), (LS_G, LS_G), interpolation=cv2.INTER_AREA), np.float32)
    seen = (clip < 0.5).astype(np.float32)
    n_seen = max(1.0, float(seen.sum()))
    inner = slice(LS_RING, LS_RING + N)
    inv, rhs0, h1 = _ls_operators(sigma, ppm, 4, free_timing)
    a = np.full((LS_G, LS_G), (white + black) / 2, np.float32)
    b = np.full((LS_G, LS_G), (black - white) / 2, np.float32)
    x = x0.copy()
    z = np.zeros_like(x0)
    for it in range(iters + 1):
        bp = np.asarray(cv2.resize(b, size, interpolation=cv2.INTER_LINEAR), np.float32)
        y = (R - np.asarray(cv2.resize(a, size, interpolation=cv2.INTER_LINEAR), np.float32)) / np.where(np.abs(bp) < 2, -2, bp)
        yb = _gblur(y, sigma * ppm) if sigma > 0 else y
        z = np.asarray(cv2.resize(yb, (LS_G, LS_G), interpolation=cv2.INTER_AREA), np.float32).ravel() * (ppm * ppm)
        x = x0.copy()
        x[un] = inv @ (z[un] - rhs0)
        mm = (h1 @ np.clip(x, -1, 1)).reshape(LS_G, LS_G)
        if it < iters:
            a, b = _affine_fit(Rm, mm)
    res = float((((Rm - (a + b * mm)) ** 2) * seen).sum() / n_seen)
    dark_level = (a + b)[inner, inner]
    unknown = (clip[inner, inner] > 0.6) & (dark_level >= 240)
    return x, z, unknown, res, y, R >= 252, bp


FEEDBACK_STEPS = (0.7, 0.5, 0.3)  # |module value| over which a module is taken as decided, round by round


def feedback_fits(rect: npt.NDArray[Any], sigma: float, steps: tuple[float, ...] = FEEDBACK_STEPS
                  ) -> Iterator[tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]]:
    """Decision feedback on the least-squares fit: the modules are black or white, so the ones the
    fit is sure of are fixed at +-1 and the rest solved again with them known, a round per
    threshold in `steps`. Under heavy blur (sigma 0.7-0.8 module, where alternating modules keep 4 %
    of their contrast) the sure modules then stop leaking their ridge-shrunk error into their
    neighbours. Yields each round's 21 x 21 solution and the unseen modules."""
    import cv2

    x, z, unknown, _ = _fit_one(rect, LS_PPM, sigma, 2)
    A = _ls_normal(sigma)
    inner = slice(LS_RING, LS_RING + N)
    free = (_known_ring() < 0).ravel()
    xs = x.astype(np.float64)
    for t in steps:
        sure = free & (np.abs(xs) > t)
        xs[sure] = np.sign(xs[sure])
        free &= ~sure
        if not free.any():
            break
        # OpenCV's Cholesky, not LAPACK's: numpy's solver spins up BLAS threads (100x slower here)
        rhs = (z[free] - A[np.ix_(free, ~free)] @ xs[~free]).reshape(-1, 1)
        _, sol = cv2.solve(np.ascontiguousarray(A[np.ix_(free, free)]), rhs, flags=cv2.DECOMP_CHOLESKY)
        xs[free] = np.asarray(sol, np.float64).ravel()
        yield np.asarray(xs.reshape(LS_G, LS_G)[inner, inner], np.float32), unknown


def feedback_text(img: npt.NDArray[Any], quad: npt.NDArray[np.float32], tries: int = 2,
                  sigmas: Sequence[float] = ()) -> str | None:
    """The card-code text of the symbol at `quad` by decision feedback (`feedback_fits`) on the `tries`
    best-fitting blur sigmas (`sigmas`, best first, as `deconvolved_text` found them on this quad; else
    fitted here), through the Reed-Solomon decoder like `deconvolved_text`."""
    rect = rectify(img, quad, LS_PPM)
    _, flat = classify_modules(sample(rectify(img, quad, PPM), PPM))
    if not sigmas:
        sigmas = [f[2] for f in sorted(_deconvolve_each(rect, LS_PPM, LS_SIGMAS, 1), key=lambda f: f[3])]
    for sigma in sigmas[:tries]:
        for s, unknown in feedback_fits(rect, sigma):
            text = decode_grid(s, unknown | flat)
            if text is not None:
                return text
    return None


FIT_ITERS = 1  # level refits per trial in fit_corners


def pixel_residual(rect: npt.NDArray[Any], sigma: float, iters: int = 1) -> float:
    """How well one blur's fit explains the rectified symbol pixel by pixel: the mean squared
    difference (grey levels) between the picture and the fitted modules painted and blurred, over
    the pixels glare did not clip. Module means hide where a module's edges fall; pixels do not."""
    x, _, _, _, y, clipped, bp = _fit_levels(rect, LS_PPM, sigma, iters)
    paint = np.kron(np.clip(x, -1, 1).reshape(LS_G, LS_G), np.ones((LS_PPM, LS_PPM), np.float32)).astype(np.float32)
    d = (y - (_gblur(paint, sigma * LS_PPM) if sigma > 0 else paint)) * bp
    seen = ~clipped
    return float((d * d)[seen].sum() / max(1, int(seen.sum())))


def fit_corners(img: npt.NDArray[Any], quad: npt.NDArray[np.float32], steps: tuple[float, ...] = (0.5, 0.25),
                max_evals: int = 40, starts: Sequence[npt.NDArray[np.float32]] = ()) -> npt.NDArray[np.float32]:
    """The quad (TL TR BR BL) moved to where the blur model fits the symbol best. A quad refit from
    the three finders is a parallelogram, so under perspective its bottom-right corner (no finder
    there) can be modules off; the least-squares residual of `deconvolve` (at the sigma that fits
    the start) is smallest when the sampling grid sits on the modules. Coordinate descent on the
    bottom-right corner in half and quarter modules on that residual, then one quarter-module pass
    over every corner on the pixel residual (`pixel_residual`): where glare washes part of the
    symbol out, module means were smallest up to a module off the true corners, pixels were not."""
    q = np.asarray(quad, np.float32).copy()
    _, _, sigma, best = _deconvolve(rectify(img, q, LS_PPM), LS_PPM, LS_SIGMAS, 1)
    for s in starts:  # other estimates of the corners (companion.scan.perspective): the best-fitting start
        s_best = _deconvolve(rectify(img, s, LS_PPM), LS_PPM, (sigma,), 1)[3]
        if s_best < best:
            q, best = np.asarray(s, np.float32).copy(), s_best
    m = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[3] - q[0])) / (2 * N)
    evals = 0

    def residual(cand: npt.NDArray[np.float32], pixels: bool) -> float:
        rect = rectify(img, cand, LS_PPM)
        return pixel_residual(rect, sigma, FIT_ITERS) if pixels else _deconvolve(rect, LS_PPM, (sigma,), FIT_ITERS)[3]

    def trial(i: int, d: npt.NDArray[np.float32], pixels: bool) -> bool:
        nonlocal q, best, evals
        cand = q.copy()
        cand[i] += d
        evals += 1
        r = residual(cand, pixels)
        if r < best * 0.999:
            q, best = cand, r
            return True
        return False

    dirs = [np.array(d, np.float32) for d in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    # module means first (a wide basin: the corner can be modules off), then pixels (a sharp one)
    for corners, step_list, pixels in (((2,), steps, False), ((0, 1, 2, 3), steps[-1:], True)):
        if pixels:
            best = residual(q, True)
        for step in step_list:
            moved = True
            while moved and evals < max_evals:
                moved = False
                for i in corners:
                    for d in dirs:
                        if evals < max_evals and trial(i, d * step * m, pixels):
                            moved = True
    return q


def deconvolved_text(img: npt.NDArray[Any], quad: npt.NDArray[np.float32], sigmas_out: list[float] | None = None) -> str | None:
    """The card-code text of the symbol at `quad`, read by least-squares deconvolution: every blur
    sigma's solution, best-fitting first, through the Reed-Solomon decoder (which refuses a wrong
    one: a solution for the wrong sigma just fails to decode). The modules the centre sampler finds
    without contrast are erased too. `sigmas_out` gets the sigmas, best-fitting first."""
    rect = rectify(img, quad, LS_PPM)
    _, flat = classify_modules(sample(rectify(img, quad, PPM), PPM))
    fits = sorted(_deconvolve_each(rect, LS_PPM, LS_SIGMAS, 1), key=lambda f: f[3])
    if sigmas_out is not None:
        sigmas_out[:] = [f[2] for f in fits]
    for s, unknown, _, _ in fits[:DECODE_SIGMAS]:
        text = decode_grid(s, unknown | flat)
        if text is not None:
            return text
    return None


FINDER_SCALES = (0.64, 0.72, 0.84, 0.92, 1.0, 1.08)
WEAK_FINDERS = (0.48, 1.5)  # a fit with its weakest finder under 0.48 and refit score under 1.5: weak
MIN_FINDER_SCALE = 0.9  # measured: version-1 stickers 0.92-1.08, version 2 mostly 0.84, 3 and up <= 0.72


def finder_scale(img: npt.NDArray[Any], quad: npt.NDArray[np.float32], ppm: int = PPM) -> float:
    """The finders' size relative to a version-1 symbol's (`finder_quality`'s first half)."""
    return finder_quality(img, quad, ppm)[0]


def finder_quality(img: npt.NDArray[Any], quad: npt.NDArray[np.float32], ppm: int = PPM) -> tuple[float, float]:
    """How large the finder patterns are, relative to a version-1 symbol's, in the symbol fitted at
    `quad` (TL TR BR BL, from `refit`): about 1 for a version-1 symbol; a larger version fitted as
    if it were one has its finders about 7/(17+4v) of the side (0.84 for version 2, 0.72 for 3...),
    since its finders sit as far apart as a version-1 symbol's would. The median over the three
    finders of the template scale that correlates best, and the weakest finder's correlation at its
    best scale (stickers: 0.5 and up in 98 % of fits; data blobs fitted as finders: under 0.48)."""
    import cv2

    w = cv2.GaussianBlur(rectify(img, quad, ppm).astype(np.float32), (0, 0), ppm / 4)
    best = []
    for cx, cy in ((3.5, 3.5), (17.5, 3.5), (3.5, 17.5)):
        x, y = (cx + MARGIN) * ppm, (cy + MARGIN) * ppm
        r = int(5.5 * ppm)
        patch = w[max(0, int(y) - r):int(y) + r, max(0, int(x) - r):int(x) + r]
        scores = []
        for sc in FINDER_SCALES:
            t = cv2.resize(_finder_template(ppm), None, fx=sc, fy=sc, interpolation=cv2.INTER_AREA)
            if t.shape[0] > patch.shape[0] or t.shape[1] > patch.shape[1]:
                scores.append(-1.0)
                continue
            scores.append(float(cv2.matchTemplate(patch, t, cv2.TM_CCOEFF_NORMED).max()))
        best.append((FINDER_SCALES[int(np.argmax(scores))], max(scores)))
    return float(sorted(b[0] for b in best)[1]), float(min(b[1] for b in best))


def timing_score(img: npt.NDArray[Any], quad: npt.NDArray[np.float32]) -> float:
    """How well the timing patterns (row and column 6 between the finders) alternate where a version-1
    symbol at `quad` has them: about 1 for a version-1 symbol, about 0 for a larger version whose
    finders were fitted as if it were one (its timing modules then fall on data), or for clutter."""
    s, _ = classify_modules(sample(rectify(img, quad, PPM), PPM))
    idx = np.arange(8, N - 8)
    sign = np.where(idx % 2 == 0, 1.0, -1.0)
    return float(np.mean(np.clip(np.concatenate([s[6, idx] * sign, s[idx, 6] * sign]), -1, 1)))


def read_quad(img: npt.NDArray[Any], quad: npt.NDArray[np.float32], tries: int = 5,
              need_finders: bool = False, refine: bool = True, sigmas_out: list[float] | None = None) -> str | None:
    """Decode the version-1 symbol whose 4 corners zxing reported (TL, TR, BR, BL), or None.
    `need_finders`: only if three finder patterns are found near the quad's corners, and only on
    the quad re-fitted from them (for guessed quads, companion.scan.locator: cheap to refuse).
    `refine=False`: the quad is already refit (the decoder did it): read it as it is. `sigmas_out`: the
    deconvolution's blur sigmas, best-fitting first (of the last quad read)."""
    quads = [] if need_finders and refine else [quad]
    better = refine_quad(img, quad) if refine else None
    if better is not None:
        quads.insert(0, better)
    for q in quads:
        if DECONVOLVE:
            text = deconvolved_text(img, q, sigmas_out)
            if text is not None:
                return text
        for n, (s, unk) in enumerate(grid_candidates(img, q, shifts=SHIFTS[:max(tries, 5)])):
            if n >= tries:
                break
            text = decode_grid(s, unk)
            if text is not None:
                return text
            if EQUALIZE:
                e = equalize(s, unk)
                if e is not None:
                    text = decode_grid(e, unk)
                    if text is not None:
                        return text
    return None

