"""A journal that cannot be opened never stops the kiosk and is never overwritten."""

from __future__ import annotations

from pathlib import Path

from companion.games.boogeyman.state import Options
from companion.ui.controller import GameController


def test_a_damaged_journal_is_kept_aside_and_a_new_one_started(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    c = GameController(path)
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("journal.sqlite.damaged-")]
    assert len(kept) == 1 and kept[0].read_bytes() == b"this is not a database" * 100
    assert "not a companion journal" in c.recovered and kept[0].name in c.recovered
    assert c.new_game("BGM", Options(children=("mike",)), seed=1).ok  # the table can play at once
    c.close()
    assert GameController(path).recovered == ""  # the new journal opens cleanly next time
