"""Writing the companion's own files whole or not at all (companion/core/files.py)."""

from pathlib import Path

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
