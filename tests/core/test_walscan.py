"""walscan.lost_commits: the commits a damaged WAL holds beyond what SQLite reads."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from companion.core.walscan import lost_commits

PAGE = 4096


def commit_offsets(wal: bytes) -> list[int]:
    """The offset of each commit frame (its 'db size' field is set)."""
    page = int.from_bytes(wal[8:12], "big")
    out, off = [], 32
    while off + 24 + page <= len(wal):
        if int.from_bytes(wal[off + 4:off + 8], "big"):
            out.append(off)
        off += 24 + page
    return out


def a_wal(tmp_path: Path, commits: int, *, restart_after: int = 0) -> tuple[Path, bytes]:
    """A database whose last `commits` transactions are in its WAL, copied as a power cut leaves it
    (the live connection still open, so SQLite does not checkpoint it away)."""
    live = tmp_path / "live.db"
    db = sqlite3.connect(live, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA wal_autocheckpoint=0")
    db.execute("CREATE TABLE t (x TEXT)")
    if restart_after:
        for i in range(restart_after):
            db.execute("INSERT INTO t VALUES (?)", (f"old {i}" * 200,))
        db.execute("PRAGMA wal_checkpoint(PASSIVE)")  # the next writer starts the log again, new salts
    for i in range(commits):
        db.execute("INSERT INTO t VALUES (?)", (f"row {i}" * 200,))
    copy = tmp_path / "copy.db"
    shutil.copyfile(live, copy)
    shutil.copyfile(str(live) + "-wal", str(copy) + "-wal")
    db.close()
    return copy, Path(str(copy) + "-wal").read_bytes()


def rows(path: Path) -> int:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(db.execute("SELECT count(*) FROM t").fetchone()[0])
    finally:
        db.close()


def damaged(path: Path, wal: bytes, offset: int, bit: int = 0x04) -> None:
    data = bytearray(wal)
    data[offset] ^= bit
    Path(str(path) + "-wal").write_bytes(bytes(data))


def test_a_sound_or_shortened_or_missing_wal_lost_nothing(tmp_path: Path) -> None:
    path, wal = a_wal(tmp_path, 20)
    assert rows(path) == 20 and lost_commits(str(path) + "-wal", str(path)) == 0
    ends = commit_offsets(wal)
    Path(str(path) + "-wal").write_bytes(wal[: ends[12]])  # a lost tail leaves no trace here
    assert lost_commits(str(path) + "-wal", str(path)) == 0
    assert lost_commits(str(tmp_path / "none-wal")) == 0


def test_a_flipped_bit_in_a_frame_shows_the_commits_after_it(tmp_path: Path) -> None:
    path, wal = a_wal(tmp_path, 20)
    commits = commit_offsets(wal)
    assert len(commits) == 21  # the table, then 20 rows
    damaged(path, wal, commits[10] + 24 + 500)  # the page of the 11th commit frame
    assert rows(path) == 9  # SQLite reads the first 10 commits only, and says nothing
    assert lost_commits(str(path) + "-wal", str(path)) == 11
    damaged(path, wal, commits[10] + 20)  # its stored checksum: the frames after it still verify
    assert lost_commits(str(path) + "-wal", str(path)) == 11
    damaged(path, wal, commits[-1] + 24 + 500)  # the last commit only: no later frame proves it
    assert lost_commits(str(path) + "-wal", str(path)) == 0


def test_a_flipped_bit_in_the_header_loses_every_commit(tmp_path: Path) -> None:
    path, wal = a_wal(tmp_path, 5)
    for offset in (1, 13, 17, 29):  # magic, checkpoint sequence, salt 1, checksum
        damaged(path, wal, offset)
        assert lost_commits(str(path) + "-wal", str(path)) == 6, offset


def test_frames_of_an_earlier_log_are_not_lost_commits(tmp_path: Path) -> None:
    path, wal = a_wal(tmp_path, 3, restart_after=20)
    assert len(commit_offsets(wal)) > 3  # stale commit frames of the first log remain after the new ones
    assert rows(path) == 23 and lost_commits(str(path) + "-wal", str(path)) == 0
