"""The app's start when the journal is damaged, the disk is full or the folder read-only: it starts,
shows what happened in words, and still offers every game (docs/journal.md)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from companion.core.copies import copies_dir
from companion.games.boogeyman.moves import legal_inputs
from companion.games.boogeyman.state import Options
from companion.ui.controller import GameController


def played(path: Path, moves: int) -> None:
    c = GameController(path)
    assert c.new_game("BGM", Options(children=("mike", "daphne")), seed=2).ok
    for _ in range(moves):
        assert c.submit(legal_inputs(c.state)[0]).ok
    c.close()


def start(data: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    from companion.ui.harness import Harness

    monkeypatch.setenv("COMPANION_DATA_DIR", str(data))
    h = Harness(data, camera="none", hardware=False)
    h.pump(0.7)  # the notice is shown half a second after the first frame
    return h


def test_a_damaged_journal_is_repaired_and_the_table_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    data.mkdir()
    path = data / "journal.sqlite"
    played(path, 25)
    raw = bytearray(path.read_bytes())
    raw[len(raw) // 2: len(raw) // 2 + 4096] = bytes(4096)  # a zeroed page, as an SD card may leave
    path.write_bytes(bytes(raw))
    h = start(data, monkeypatch)
    try:
        assert h.app.toaster.shown and "Game 1" in h.app.toaster.text and "Nothing was lost" in h.app.toaster.text
        resume = h.app.screen("choose").find("resume")
        assert not resume.disabled and "25 moves" in resume.caption
        assert any(p.name.startswith("journal.sqlite.damaged-") for p in data.iterdir())
    finally:
        h.close()


def test_a_full_disk_at_start_is_said_and_hides_no_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root (tests/faults/test_disk.py says more)")
    data = tmp_path / "sd"
    data.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=6000k", "tmpfs", str(data)], capture_output=True).returncode:
        pytest.skip("cannot mount a tmpfs here")
    try:
        played(data / "journal.sqlite", 10)
        with open(data / "filler", "wb") as fh:
            try:
                while True:
                    fh.write(b"\0" * 65536)
                    fh.flush()
            except OSError:
                pass
        h = start(data, monkeypatch)
        try:
            assert h.app.toaster.shown and "the SD card is full" in h.app.toaster.text
            assert "MB needed" in h.app.toaster.text
            resume = h.app.screen("choose").find("resume")
            assert not resume.disabled and "10 moves" in resume.caption
            assert not any(".damaged-" in p.name for p in data.iterdir())
            assert copies_dir(str(data / "journal.sqlite")).is_dir()
        finally:
            h.close()
    finally:
        subprocess.run(["umount", "-l", str(data)], capture_output=True)
        shutil.rmtree(data, ignore_errors=True)
