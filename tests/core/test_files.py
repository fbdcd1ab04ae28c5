"""Writing the companion's own files whole or not at all (companion/core/files.py)."""

import errno
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from companion.core.files import write_text_atomic


def test_a_file_is_replaced_whole_and_nothing_is_left_beside_it(tmp_path: Path) -> None:
    target = tmp_path / "settings.json"
    target.write_text("old")
    write_text_atomic(target, "new", prefix=".settings.")
    assert target.read_text() == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_a_failed_rename_keeps_the_old_file_and_removes_the_temporary_one(tmp_path: Path) -> None:
    target = tmp_path / "export.txt"
    target.mkdir()  # a folder in the way: the rename fails after the text is written
    with pytest.raises(OSError):
        write_text_atomic(target, "text", prefix=".export-")
    assert target.is_dir() and [p.name for p in tmp_path.iterdir()] == ["export.txt"]


def _watch_syncs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What os.fsync / os.fdatasync were called on: 'dir:<path>' or 'file:<path>'."""
    seen: list[str] = []
    real_fsync, real_fdatasync = os.fsync, getattr(os, "fdatasync", None)

    def watch(real: Any) -> Any:
        def sync(fd: int) -> None:
            st = os.fstat(fd)
            where = os.readlink(f"/proc/self/fd/{fd}")
            seen.append(("dir:" if stat.S_ISDIR(st.st_mode) else "file:") + where)
            real(fd)
        return sync

    monkeypatch.setattr(os, "fsync", watch(real_fsync))
    if real_fdatasync is not None:
        monkeypatch.setattr(os, "fdatasync", watch(real_fdatasync))
    return seen


def test_a_text_write_is_on_the_disk_when_it_returns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A power cut just after Settings are saved keeps them: the temporary file's data is synced
    before the rename, and the folder (the rename itself) after it."""
    seen = _watch_syncs(monkeypatch)
    renamed: list[str] = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (renamed.append(str(a)), seen.append("rename"), real_replace(a, b))[-1])
    target = tmp_path / "settings.json"
    target.write_text("old")
    write_text_atomic(target, '{"volume": 3}', prefix=".settings.")
    assert target.read_text() == '{"volume": 3}'
    assert seen == [f"file:{renamed[0]}", "rename", f"dir:{tmp_path}"]
    assert Path(renamed[0]).name.startswith(".settings.")


def test_a_failed_sync_keeps_the_old_file_and_removes_the_temporary_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk that fails while the data is synced (EIO) leaves the old settings whole, no temporary
    file beside them, and says so."""
    def broken(fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken)
    monkeypatch.setattr(os, "fdatasync", broken, raising=False)
    target = tmp_path / "settings.json"
    target.write_text("old")
    with pytest.raises(OSError, match="Input/output"):
        write_text_atomic(target, "new", prefix=".settings.")
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_a_failed_write_keeps_the_old_file_and_removes_the_temporary_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk (ENOSPC) half way through: the old file stays, and nothing is left beside it."""
    real_write = os.write
    calls = []

    def full(fd: int, data: Any) -> int:
        calls.append(fd)
        if len(calls) > 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, bytes(data[:10]))

    monkeypatch.setattr(os, "write", full)
    target = tmp_path / "export.txt"
    target.write_text("old")
    with pytest.raises(OSError, match="No space"):
        write_text_atomic(target, "x" * 100, prefix=".export-")
    assert len(calls) == 2  # the partial write was followed up, then failed
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["export.txt"]


def test_a_second_copy_written_anew_is_synced_the_same_way(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The journal's second copies use the same durable write (one implementation)."""
    from companion.core.copies import CopyWriter

    writer = CopyWriter(tmp_path / "j.copies")
    writer.create(1, b"header\n")
    seen = _watch_syncs(monkeypatch)
    writer.replace(1, [b"header\n", b"line\n"])
    assert (tmp_path / "j.copies" / "game-1.jsonl").read_bytes() == b"header\nline\n"
    assert [s.split(":")[0] for s in seen] == ["file", "dir"] and seen[1] == f"dir:{tmp_path / 'j.copies'}"
    assert sorted(p.name for p in (tmp_path / "j.copies").iterdir()) == ["game-1.jsonl"]


def test_a_rewritten_file_keeps_its_permissions_and_a_new_one_gets_the_umasks(tmp_path: Path) -> None:
    """An exported journal is readable like any file the user makes (not owner-only, as a bare
    temporary file would be), and a file rewritten keeps the permissions it had."""
    old = os.umask(0o022)
    try:
        export = tmp_path / "export.txt"
        write_text_atomic(export, "games", prefix=".export-")
        assert stat.S_IMODE(export.stat().st_mode) == 0o644
        settings = tmp_path / "settings.json"
        settings.write_text("{}")
        settings.chmod(0o640)
        write_text_atomic(settings, '{"volume": 2}', prefix=".settings.")
        assert stat.S_IMODE(settings.stat().st_mode) == 0o640 and settings.read_text() == '{"volume": 2}'
    finally:
        os.umask(old)
