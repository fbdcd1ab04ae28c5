"""A frame as other machines would render it: tests must not hang on one CPU's exact image arithmetic.

Another CPU's blur, warp and JPEG kernels give a grey level more or less here and there. A benchmark
frame kept as a regression test is often a borderline case, so on another machine it may read (or
fail to read) for reasons that have nothing to do with the step under test (issue 24: a fresh clone
failed `make test` on an AMD EPYC). Such tests decode the frame and a few jittered twins of it and
count, and claim what holds over the family: "the decoder reads most of them", "the new step reads
more of them than the old ones". `make test-jitter` runs the scanner's tests with every synthetic
frame jittered (COMPANION_SYNTH_JITTER, tests/conftest.py) to find a test that still hangs on bits.
"""
import zlib
from typing import Any, Callable

import numpy as np

TWINS = 8  # the frame and seven jittered twins


def jitter(img: np.ndarray, seed: int) -> np.ndarray:
    """A grey level more or less on about two pixels in three; the same frame and seed, the same twin."""
    rng = np.random.default_rng([seed, zlib.crc32(np.ascontiguousarray(img).tobytes())])
    step = rng.integers(-1, 2, img.shape, dtype=np.int16)
    return np.clip(img.astype(np.int16) + step, 0, 255).astype(np.uint8)


def twins(img: np.ndarray, n: int = TWINS) -> list[np.ndarray]:
    return [img] + [jitter(img, s) for s in range(1, n)]


def count(img: np.ndarray, ok: Callable[[np.ndarray], Any], n: int = TWINS) -> int:
    """How many of the frame and its twins `ok` accepts."""
    return sum(bool(ok(t)) for t in twins(img, n))
