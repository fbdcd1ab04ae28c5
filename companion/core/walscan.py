"""Commits a damaged write-ahead log still holds but SQLite no longer reads.

SQLite reads a WAL frame by frame (https://sqlite.org/fileformat2.html, "The Write-Ahead Log"):
each frame carries the log's two salts and a checksum chained from the previous frame's, and the
first frame that fails either ends the log. One flipped bit therefore makes SQLite drop that
frame and every later one: the journal silently goes back to an older state, and
`integrity_check` still says ok. The later frames are still there, though, each with the log's
salts and a checksum that matches when it is chained from the checksum its predecessor stores.
`lost_commits` counts the commit frames up to the last such one: committed transactions SQLite
cannot read.

A log cut short (a lost tail) leaves no such trace; the second copies catch that case. Frames of
an earlier generation of the log (after a checkpoint SQLite writes the log again from its start,
with new salts) and a transaction whose frames never reached the disk whole (a crash in flight)
are not counted.
"""

from __future__ import annotations

import os
import struct

_MAGIC_LE, _MAGIC_BE = 0x377F0682, 0x377F0683
_VERSION = 3007000
_HEADER, _FRAME_HEADER = 32, 24
_MAX_SCAN = 256 << 20  # a log larger than this is not read (ours stay near 4 MB)


def _checksum(data: bytes, s0: int, s1: int, big_endian: bool) -> tuple[int, int]:
    words = struct.unpack(f"{'>' if big_endian else '<'}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def _page_size(value: int) -> bool:
    return 512 <= value <= 65536 and value & (value - 1) == 0


def _db_page_size(db_path: str) -> int:
    try:
        with open(db_path, "rb") as f:
            head = f.read(18)
    except OSError:
        return 0
    if len(head) < 18:
        return 0
    value = int.from_bytes(head[16:18], "big")
    return 65536 if value == 1 else value


def lost_commits(wal_path: str, db_path: str = "") -> int:
    """How many committed transactions the WAL at `wal_path` holds beyond what SQLite reads.

    0 for a missing, empty or sound log. `db_path` (the main file) gives the page size when the
    log's own header is damaged."""
    try:
        size = os.path.getsize(wal_path)
        if size <= _HEADER or size > _MAX_SCAN:
            return 0
        with open(wal_path, "rb") as f:
            wal = f.read()
    except OSError:
        return 0
    magic, version, page, _, salt1, salt2, c0, c1 = struct.unpack(">8I", wal[:_HEADER])
    header_ok = magic in (_MAGIC_LE, _MAGIC_BE) and version == _VERSION and _page_size(page)
    big_endian = magic == _MAGIC_BE
    if header_ok:
        header_ok = _checksum(wal[:24], 0, 0, big_endian) == (c0, c1)
    if not _page_size(page):
        page = _db_page_size(db_path) if db_path else 0
        if not _page_size(page):
            return 0
    stride = _FRAME_HEADER + page
    count = (len(wal) - _HEADER) // stride
    if count == 0:
        return 0
    if not header_ok:
        # SQLite ignores the whole log; its frames are known by the salts they share.
        salt1, salt2 = struct.unpack(">2I", wal[_HEADER + 8:_HEADER + 16])
        if magic not in (_MAGIC_LE, _MAGIC_BE):
            big_endian = _best_order(wal, page, count)

    def frame(k: int) -> tuple[int, int, int, int, int, int]:
        off = _HEADER + k * stride
        return struct.unpack(">6I", wal[off:off + _FRAME_HEADER])

    def verifies(k: int, seed: tuple[int, int]) -> bool:
        pgno, _, f1, f2, k0, k1 = frame(k)
        if pgno == 0 or (f1, f2) != (salt1, salt2):
            return False
        off = _HEADER + k * stride
        s = _checksum(wal[off:off + 8], seed[0], seed[1], big_endian)
        return _checksum(wal[off + _FRAME_HEADER:off + stride], s[0], s[1], big_endian) == (k0, k1)

    # SQLite's reading: frames while each verifies against the running checksum.
    k, running = 0, (c0, c1)
    if header_ok:
        while k < count and verifies(k, running):
            running = frame(k)[4:6]
            k += 1
        # Frames after the last commit frame of that run are a transaction never committed.
        while k > 0 and frame(k - 1)[1] == 0:
            k -= 1
    # Beyond it: each commit frame checked against the checksum its predecessor stores. One that
    # verifies proves its transaction was committed, and every commit frame of the log before it
    # (the damaged one among them) was too.
    candidates, last = [], -1
    for m in range(k, count):
        pgno, commit, f1, f2, _, _ = frame(m)
        if commit == 0 or pgno == 0 or (f1, f2) != (salt1, salt2):
            continue
        candidates.append(m)
        if verifies(m, (c0, c1) if m == 0 else frame(m - 1)[4:6]):
            last = m
    return sum(1 for m in candidates if m <= last)


def _best_order(wal: bytes, page: int, count: int) -> bool:
    """Big-endian checksums? (for a log whose magic number is damaged): the order under which more
    frames verify against their predecessors."""
    stride = _FRAME_HEADER + page
    score = {False: 0, True: 0}
    for big in (False, True):
        for m in range(1, min(count, 8)):
            prev = _HEADER + (m - 1) * stride
            off = _HEADER + m * stride
            seed = struct.unpack(">2I", wal[prev + 16:prev + 24])
            s = _checksum(wal[off:off + 8], seed[0], seed[1], big)
            got = _checksum(wal[off + _FRAME_HEADER:off + stride], s[0], s[1], big)
            score[big] += got == struct.unpack(">2I", wal[off + 16:off + 24])
    return score[True] > score[False]
