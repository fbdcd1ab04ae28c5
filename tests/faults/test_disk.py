"""Full disks, read-only folders and two writers, the way the kiosk meets them.

The full and read-only disks are real: a small tmpfs mounted for the test (root is needed; without
it those tests skip) and remounted read-only. The injected-ENOSPC tests run everywhere: they make
the second copy's write or SQLite's own write fail as a full disk does.
"""

from __future__ import annotations

import errno
import os
import subprocess
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

from companion.core import copies as copies_mod
from companion.core.errors import JournalUnavailable
from companion.core.game import get_rules
from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.boogeyman.moves import legal_inputs
from companion.games.boogeyman.state import Options
from companion.ui import controller as controller_mod
from companion.ui.controller import GameController

KIDS = Options(children=("mike", "daphne"))


@contextmanager
def tmpfs(where: Path, size_kb: int) -> Iterator[Path]:
    where.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root; the injected-ENOSPC tests cover the rest")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(where)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def remount(where: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(where)], check=True, capture_output=True)


def fill(folder: Path) -> Path:
    """Write a filler file until the disk is full."""
    filler = folder / "filler"
    # Unbuffered: a buffered writer keeps what a short write left over and tries it again on
    # close, raising ENOSPC out of the `with` (seen as a flaky "No space left on device" here
    # whenever the space left was not a multiple of the chunk).
    with open(filler, "wb", buffering=0) as fh:
        try:
            while True:
                fh.write(b"\0" * 65536)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    return filler


def snapshot(folder: Path) -> dict[str, bytes]:
    out = {}
    for p in sorted(folder.rglob("*")):
        if p.is_file() and p.name != "filler":
            out[str(p.relative_to(folder))] = p.read_bytes()
    return out


def unchanged(before: dict[str, bytes], folder: Path) -> bool:
    """Every file still there, byte for byte (SQLite may add its empty -wal and -shm side files)."""
    after = snapshot(folder)
    extra = {k: v for k, v in after.items() if k not in before}
    return all(after.get(k) == v for k, v in before.items()) and all(
        k.endswith(("-wal", "-shm")) and len(v) <= 32768 and not v.strip(b"\0") or k.endswith("-shm")
        for k, v in extra.items())


def play(c: GameController, n: int) -> None:
    for _ in range(n):
        assert c.submit(legal_inputs(c.state)[0]).ok


def test_full_disk_at_start_keeps_every_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(controller_mod, "RETRY_S", 0.0)
    with tmpfs(tmp_path / "sd", 6000) as sd:
        path = sd / "journal.sqlite"
        c = GameController(path)
        assert c.new_game("BGM", KIDS, seed=1).ok
        play(c, 30)
        assert c.new_game("BGM", KIDS, seed=2).ok
        play(c, 12)
        done = c.history()[0]
        c.close()
        filler = fill(sd)
        before = snapshot(sd)

        c = GameController(path)
        assert "the SD card is full" in c.problem and "MB needed" in c.problem, c.problem
        assert "No game was moved" in c.problem and "the SD card is full" in c.notice
        assert unchanged(before, sd)  # nothing renamed, nothing rewritten
        row = c.unfinished()
        assert row is not None and row.committed == 12  # the table still sees its game
        assert c.resume().ok and c.history()[0] == done
        out = c.submit(legal_inputs(c.state)[0])
        assert not out.ok and "SD card is full" in out.message
        assert c.history()[0] == done
        assert not c.new_game("BGM", KIDS, seed=3).ok and not c.undo().ok
        assert unchanged(before, sd)

        filler.unlink()  # space freed: the same app goes on
        assert c.submit(legal_inputs(c.state)[0]).ok
        assert c.undo().ok and c.redo().ok
        c.close()
        again = GameController(path)
        assert again.notice == ""
        assert [g.committed for g in again.journal.games()] == [30, 13]  # type: ignore[union-attr]
        again.close()


def test_disk_full_during_play_loses_nothing(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "sd", 6000) as sd:
        path = sd / "journal.sqlite"
        c = GameController(path)
        assert c.new_game("BGM", KIDS, seed=4).ok
        play(c, 20)
        state = c.state
        filler = fill(sd)
        failures = 0
        for _ in range(40):  # the WAL may still have room for a few; then every tap is refused
            out = c.submit(legal_inputs(c.state)[0])
            failures += not out.ok
            if not out.ok:
                assert "SD card is full" in out.message
        assert failures > 0
        kept = len(c.history()[0])
        assert not c.undo().ok or len(c.history()[0]) == kept - 1
        c.close()
        filler.unlink()
        again = GameController(path)
        assert again.notice == ""  # the journal and its copies agree: no damage, no repair
        assert again.resume().ok and len(again.history()[0]) in (kept, kept - 1)
        assert state is not None
        again.close()


def test_read_only_folder_at_start_keeps_every_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(controller_mod, "RETRY_S", 0.0)
    with tmpfs(tmp_path / "sd", 6000) as sd:
        path = sd / "journal.sqlite"
        c = GameController(path)
        assert c.new_game("BGM", KIDS, seed=5).ok
        play(c, 15)
        c.close()
        before = snapshot(sd)
        remount(sd, "ro")
        c = GameController(path)
        assert "read-only" in c.problem and "No game was moved" in c.problem, c.problem
        assert c.resume().ok and len(c.history()[0]) == 15
        out = c.submit(legal_inputs(c.state)[0])
        assert not out.ok and "read-only" in out.message
        assert not c.new_game("BGM", KIDS).ok
        remount(sd, "rw")
        assert unchanged(before, sd)
        assert c.submit(legal_inputs(c.state)[0]).ok  # fixed: the same app goes on
        c.close()


def test_injected_enospc_in_the_second_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "journal.sqlite"
    c = GameController(path)
    assert c.new_game("BGM", KIDS, seed=6).ok
    play(c, 10)
    real = copies_mod._write_all

    def full(fd: int, data: bytes) -> None:
        os.write(fd, data[: len(data) // 2])  # half a line reaches the disk, then it is full
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(copies_mod, "_write_all", full)
    out = c.submit(legal_inputs(c.state)[0])
    assert not out.ok and "SD card is full" in out.message
    assert not c.undo().ok and len(c.history()[0]) == 10
    assert not c.new_game("BGM", KIDS).ok
    monkeypatch.setattr(copies_mod, "_write_all", real)
    play(c, 1)
    c.close()
    again = GameController(path)
    assert again.notice == "" and again.journal is not None
    assert again.journal.report.clean and [g.committed for g in again.journal.games()] == [11]
    again.close()


def test_injected_sqlite_full_rolls_the_copy_back(tmp_path: Path) -> None:
    j = Journal(tmp_path / "journal.sqlite")
    s: Session[Any, Any] = Session.new(j, get_rules("BGM"), KIDS, seed=7)
    for _ in range(5):
        s.submit(legal_inputs(s.state)[0])
    pages = j.db.execute("PRAGMA page_count").fetchone()[0]
    j.db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "database or disk is full"
    failed = 0
    for _ in range(60):
        try:
            s.submit(legal_inputs(s.state)[0])
        except JournalUnavailable as exc:
            assert exc.reason == "full" and "SD card is full" in str(exc)
            failed += 1
            break
    assert failed == 1
    n = len(s.inputs)
    j.close()
    with Journal(tmp_path / "journal.sqlite") as again:
        assert again.report.clean and again.report.finished_writes == 0
        assert len(Session.resume(again, get_rules, s.game_id).inputs) == n


def test_two_kiosks_one_game_undo_is_refused(tmp_path: Path) -> None:
    """The issue's case: one session submits, the other undoes. The undo is refused and the
    journal replays; resuming shows the first session's game exactly."""
    path = tmp_path / "journal.sqlite"
    a, b = GameController(path), GameController(path)
    assert a.new_game("BGM", KIDS, seed=8).ok
    play(a, 10)
    assert b.resume().ok
    play(a, 1)
    out = b.undo()
    assert not out.ok and "changed elsewhere" in out.message
    assert not b.redo().ok and not b.submit(legal_inputs(b.state)[0]).ok
    assert b.resume().ok and b.history() == a.history()
    assert b.undo().ok  # after resuming, b is the writer that knows the journal
    assert not a.submit(legal_inputs(a.state)[0]).ok
    a.close()
    b.close()
