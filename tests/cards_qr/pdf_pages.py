"""A PDF's pages as grey images, by poppler's `pdftoppm` (installed by `scripts/setup.sh test`).

A separate program, not a Python PDF library: the one that was used (pymupdf) pulled in onnxruntime,
which crashed on aarch64 (issue 24), and poppler renders the pages just as well for a scanner test.
"""
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np


def pdf_pages(pdf: Path, dpi: int) -> list[np.ndarray]:
    exe = shutil.which("pdftoppm")
    if exe is None:
        raise RuntimeError("pdftoppm is missing: run scripts/setup.sh test (it installs poppler-utils)")
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([exe, "-r", str(dpi), "-gray", "-aa", "no", "-aaVector", "no", str(pdf), f"{out}/page"], check=True)
        return [_read_pgm(p) for p in sorted(Path(out).glob("page-*.pgm"), key=lambda p: int(p.stem.split("-")[-1]))]


def _read_pgm(path: Path) -> np.ndarray:
    """A binary PGM (P5, 8 bits), as pdftoppm -gray writes it."""
    data = path.read_bytes()
    fields: list[bytes] = []
    i = 0
    while len(fields) < 4:  # magic, width, height, maxval; comments start with '#'
        while data[i:i + 1].isspace():
            i += 1
        if data[i:i + 1] == b"#":
            i = data.index(b"\n", i) + 1
            continue
        j = i
        while not data[j:j + 1].isspace():
            j += 1
        fields.append(data[i:j])
        i = j
    if fields[0] != b"P5" or int(fields[3]) != 255:
        raise ValueError(f"{path}: not an 8-bit binary PGM ({fields[0]!r}, maxval {fields[3]!r})")
    w, h = int(fields[1]), int(fields[2])
    return np.frombuffer(data, np.uint8, count=w * h, offset=i + 1).reshape(h, w).copy()
