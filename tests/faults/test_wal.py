"""The hard case: a WAL that lost its last commits (a damaged frame: SQLite then ignores it and
every later one). SQLite opens an older state without a word and integrity_check says ok; the
second copy notices and brings every change back."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from harness import digest, play

from companion import cli
from companion.core.copies import copies_dir
from companion.core.game import get_rules
from companion.core.journal import Journal
from companion.core.session import Session

PAGE = 4096


def commit_ends(wal: bytes) -> list[int]:
    """Byte offsets just after each commit frame of a WAL (a frame whose 'db size' is set)."""
    page = int.from_bytes(wal[8:12], "big")
    ends, off = [], 32
    while off + 24 + page <= len(wal):
        if int.from_bytes(wal[off + 4:off + 8], "big"):
            ends.append(off + 24 + page)
        off += 24 + page
    return ends


@pytest.mark.parametrize("lost", [1, 2, 12])
def test_a_wal_that_lost_its_last_commits(tmp_path: Path, lost: int, capsys: pytest.CaptureFixture[str]) -> None:
    live = tmp_path / "live" / "journal.sqlite"
    live.parent.mkdir()
    j = Journal(live)
    s = play(j, 7, 40, ("mike", "daphne"))
    want = digest(s.state), len(s.inputs), s.history().redo
    snap = tmp_path / "snap"
    snap.mkdir()
    path = snap / "journal.sqlite"
    for suffix in ("", "-wal"):  # the files as a power cut leaves them
        shutil.copyfile(str(live) + suffix, str(path) + suffix)
    shutil.copytree(copies_dir(str(live)), copies_dir(str(path)))
    j.close()
    wal = Path(str(path) + "-wal").read_bytes()
    ends = commit_ends(wal)
    Path(str(path) + "-wal").write_bytes(wal[: ends[-1 - lost]])
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"  # SQLite sees nothing wrong
    db.close()

    # `journal check` changes nothing and says what it found.
    assert cli.main(["journal", "check", str(path)]) == (0 if lost == 1 else 1)
    out, err = capsys.readouterr()
    if lost == 1:  # as after a crash between the copy's line and COMMIT: the change in flight
        assert "1 change(s) a crash left half done" in out
        assert cli.main(["replay", str(path), "--game-id", "1", "--json"]) == 0  # finished: exact
        assert digest_text(capsys.readouterr().out) == want[0]
    else:  # damage: both were synced, so the journal lost committed changes
        assert f"the journal had lost its last {lost} changes" in err and "can be recovered" in err
        assert cli.main(["replay", str(path), "--game-id", "1", "--json"]) == 1  # refused in words
        assert "companion journal repair" in capsys.readouterr().err
        with Journal(path, repair=True) as repaired:
            assert f"the journal had lost its last {lost} changes" in repaired.report.summary()
            assert any(k.endswith("-wal") for k in repaired.report.kept)
    with Journal(path) as again:
        assert again.report.clean
        back = Session.resume(again, get_rules, 1)
        assert (digest(back.state), len(back.inputs), back.history().redo) == want


def digest_text(out: str) -> str:
    import hashlib

    return hashlib.sha1(out.strip().encode()).hexdigest()


def test_a_damaged_wal_frame_in_a_journal_without_its_second_copies(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24: a journal copied without its `.copies` folder, then one bit flipped in a WAL frame
    well before the end. SQLite ignores that frame and every later one and shows an older game
    without a word. The frames after the flip still carry the WAL's salts and their own checksums:
    the check finds them, says the journal is damaged, writes no second copy from the shorter
    journal, keeps the WAL byte for byte, and a repair says after which input the game resumes."""
    live = tmp_path / "live" / "journal.sqlite"
    live.parent.mkdir()
    j = Journal(live)
    s = play(j, 7, 144, ("mike", "daphne"))
    saved = len(s.inputs) + len(s.history().redo)
    path = tmp_path / "snap" / "journal.sqlite"
    path.parent.mkdir()
    for suffix in ("", "-wal"):  # copied without the .copies folder
        shutil.copyfile(str(live) + suffix, str(path) + suffix)
    j.close()
    wal_path = Path(str(path) + "-wal")
    wal = bytearray(wal_path.read_bytes())
    ends = commit_ends(bytes(wal))
    wal[ends[-22] + 24 + 100] ^= 0x10  # one bit of the page of the frame after the 22nd commit from the end
    wal_path.write_bytes(bytes(wal))
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"  # SQLite sees nothing wrong
    shown = db.execute("SELECT count(*) FROM inputs").fetchone()[0]
    shown_live = db.execute("SELECT count(*) FROM inputs WHERE undone = 0").fetchone()[0]
    db.close()
    assert shown < saved  # the precondition: SQLite shows a shorter game

    assert cli.main(["journal", "check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "OK" not in out and "DAMAGED" in err and "write-ahead log" in err, (out, err)
    assert f"a repair keeps it up to input {shown_live}" in err
    for args in (["journal", "list", str(path)], ["replay", str(path), "--json"],
                 ["journal", "export", str(path)]):
        assert cli.main(args) == 1, args
        out, err = capsys.readouterr()
        assert err.startswith("companion: error:") and "write-ahead log" in err and out == "", (args, out, err)
        assert not copies_dir(str(path)).exists()  # no second copy written from the shorter journal
        assert wal_path.read_bytes() == bytes(wal)  # the damaged WAL is kept as it was

    with Journal(path, repair=True) as repaired:
        summary = repaired.report.summary()
        assert repaired.report.lost and "write-ahead log" in summary
        assert f"the game resumes after input {shown_live}; any later inputs are lost" in summary
        kept_wal = [k for k in repaired.report.kept if k.endswith("-wal")]
        assert len(kept_wal) == 1 and Path(kept_wal[0]).read_bytes() == bytes(wal)
        assert len(Session.resume(repaired, get_rules, 1).inputs) == shown_live
    with Journal(path) as again:
        assert again.report.clean


def test_a_damaged_wal_header_in_a_journal_without_its_second_copies(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same, one bit of the WAL's header: SQLite ignores the whole log, and a journal whose
    games were all still in it shows no games at all ("OK: 0 games")."""
    live = tmp_path / "live" / "journal.sqlite"
    live.parent.mkdir()
    j = Journal(live)
    play(j, 9, 60, ("mike", "daphne"))
    path = tmp_path / "snap" / "journal.sqlite"
    path.parent.mkdir()
    for suffix in ("", "-wal"):
        shutil.copyfile(str(live) + suffix, str(path) + suffix)
    j.close()
    wal_path = Path(str(path) + "-wal")
    wal = bytearray(wal_path.read_bytes())
    wal[17] ^= 0x01  # the first salt
    wal_path.write_bytes(bytes(wal))
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 0  # SQLite: no games
    db.close()

    assert cli.main(["journal", "check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "OK" not in out and "write-ahead log is damaged" in err and "cannot be recovered" in err, (out, err)
    assert cli.main(["journal", "list", str(path)]) == 1
    assert "write-ahead log is damaged" in capsys.readouterr().err
    assert not copies_dir(str(path)).exists() and wal_path.read_bytes() == bytes(wal)
    with Journal(path, repair=True) as repaired:
        assert repaired.report.lost and any(k.endswith("-wal") for k in repaired.report.kept)
        assert repaired.games() == []
    with Journal(path) as again:
        assert again.report.clean


def test_random_wal_damage_without_second_copies_is_never_silent(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Seeded bit flips anywhere in the WAL of a journal copied without its `.copies`: whenever
    SQLite then shows a game shorter than it was (or none), `journal check` reports damage."""
    import random

    live = tmp_path / "live" / "journal.sqlite"
    live.parent.mkdir()
    j = Journal(live)
    saved = {}
    for seed, moves, kids in ((1, 60, ("mike", "daphne")), (2, 120, ("peter", "ray", "leila"))):
        s = play(j, seed, moves, kids)
        saved[s.game_id] = len(s.inputs) + len(s.history().redo)
    base = tmp_path / "base"
    base.mkdir()
    for suffix in ("", "-wal"):
        shutil.copyfile(str(live) + suffix, str(base / "journal.sqlite") + suffix)
    j.close()
    wal = (base / "journal.sqlite-wal").read_bytes()
    r = random.Random(20261203)
    shorter = 0
    for case in range(40):
        folder = tmp_path / f"case-{case}"
        shutil.copytree(base, folder)
        path = folder / "journal.sqlite"
        data = bytearray(wal)
        data[r.randrange(len(data))] ^= 1 << r.randrange(8)
        Path(str(path) + "-wal").write_bytes(bytes(data))
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            rows = dict(db.execute("SELECT game_id, count(*) FROM inputs GROUP BY game_id").fetchall())
        except sqlite3.DatabaseError:
            rows = {}
        finally:
            db.close()
        code = cli.main(["journal", "check", str(path)])
        out, err = capsys.readouterr()
        if any(rows.get(gid, 0) < n for gid, n in saved.items()):
            shorter += 1
            assert code == 1 and "DAMAGED" in err, (case, rows, out, err)
        shutil.rmtree(folder)
    assert shorter > 30  # nearly every flip loses commits: the WAL holds most of both games
