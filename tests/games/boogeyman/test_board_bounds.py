"""Hostile or clumsy board files are refused with a clear message, and a game keeps its board.

Devices and FIFOs are never read; sizes, counts and nesting are bounded (board_file.MAX_*); a new
game records the board file's content in the journal, so editing the file later changes nothing.
"""

from __future__ import annotations

import json
import os
import re
import threading
from pathlib import Path

import pytest

from companion import cli
from companion.core import codec
from companion.core.errors import BoardFileError
from companion.core.game import get_rules
from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.boogeyman import board_file
from companion.games.boogeyman.board_file import check_house, default_house_path
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.moves import legal_inputs
from companion.games.boogeyman.state import Options

SHIPPED = default_house_path().read_text(encoding="utf-8")


def board(tmp_path: Path, text: str, name: str = "board.toml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def messages(path: str | Path) -> str:
    return " | ".join(str(i) for i in check_house(path))


def test_devices_are_refused_without_reading() -> None:
    assert "not a regular file" in messages("/dev/zero")
    assert "not a regular file" in messages("/dev/urandom")


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "board.toml"
    os.mkfifo(fifo)
    out: list[str] = []
    t = threading.Thread(target=lambda: out.append(messages(fifo)), daemon=True)
    t.start()
    t.join(10)
    assert out and "not a regular file" in out[0]


def test_sizes_and_numbers_are_bounded(tmp_path: Path) -> None:
    huge = board(tmp_path, SHIPPED.replace("tokens_per_room = 2", "tokens_per_room = 1000000000", 1))
    assert "tokens_per_room must be at most 20" in messages(huge)
    big = board(tmp_path, SHIPPED + "#" * (board_file.MAX_BOARD_BYTES + 1), "big.toml")
    assert "too large" in messages(big)
    deep = board(tmp_path, "name = " + "[" * 5000 + "]" * 5000, "deep.toml")
    assert "nested too deeply" in messages(deep)
    digits = board(tmp_path, "name = " + "9" * 5000, "digits.toml")
    assert "out of range" in messages(digits)
    count = board(tmp_path, SHIPPED.replace('kind = "blank"\ncount = ', 'kind = "blank"\ncount = 9999999', 1), "c.toml")
    assert "count must be at most" in messages(count)
    many = [f'"X{i}"' for i in range(board_file.MAX_ZONES + 1)]
    zones = board(tmp_path, SHIPPED.replace('corridors = [', f'corridors = [{", ".join(many)}, ', 1), "z.toml")
    assert "at most 200 names" in messages(zones)


def test_many_passages_are_checked_with_each_line(tmp_path: Path) -> None:
    # 150 extra corridors and 2,000 passages, 400 of them bad: every issue still names its line.
    names = [f"X{i}" for i in range(150)]
    pairs = [f'["X{i % 150}", "X{(i * 7 + 1) % 150}"],' for i in range(1600)]
    bad = [f'["X{i}", "NOWHERE{i}"],' for i in range(400)]
    text = SHIPPED.replace("corridors = [", "corridors = [" + ", ".join(f'"{n}"' for n in names) + ", ", 1)
    text = text.replace("passages = [\n", "passages = [\n" + "\n".join(pairs + bad) + "\n", 1)
    issues = check_house(board(tmp_path, text))
    unknown = [i for i in issues if "unknown zone 'NOWHERE" in i.message]
    assert len(unknown) == 400
    lines = text.splitlines()
    for i in unknown:
        n = re.search(r"unknown zone 'NOWHERE(\d+)'", i.message)
        assert n is not None and i.line is not None and f'"NOWHERE{n.group(1)}"' in lines[i.line - 1]


def test_an_export_naming_a_device_as_its_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    header = {"format": "companion-journal", "version": 1, "game": "BGM", "seed": 1,
              "options": {"mode": "coop", "children": ["mike"], "board": "/dev/zero"}}
    export = tmp_path / "game.jsonl"
    export.write_text(json.dumps(header) + "\n")
    assert cli.main(["replay", str(export)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("companion: error: /dev/zero") and "not a regular file" in err


def test_out_of_range_players_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    header = {"format": "companion-journal", "version": 1, "game": "BGM", "seed": 1,
              "options": {"mode": "coop", "children": ["mike"], "players": -5}}
    export = tmp_path / "game.jsonl"
    export.write_text(json.dumps(header) + "\n")
    assert cli.main(["replay", str(export)]) == 1
    assert "players must be 0 (one per child) to 12, not -5" in capsys.readouterr().err


def test_a_game_keeps_its_board(tmp_path: Path) -> None:
    """The journal records the board file's content: editing or deleting the file afterwards
    changes nothing in the game, on resume or in an export replayed elsewhere."""
    path = board(tmp_path, SHIPPED)
    rules = get_rules("BGM")
    j = Journal(tmp_path / "journal.sqlite")
    s = Session.new(j, rules, Options(children=("mike", "daphne"), board=str(path)), seed=3)
    for _ in range(15):
        s.submit(legal_inputs(s.state)[0])
    want = codec.dumps(s.state)
    assert s.options.board.startswith(f"{path}\n") and "[zones]" in s.options.board
    # Someone "fixes" the plan: a passage less. Then the file is deleted altogether.
    path.write_text(SHIPPED.replace('["C1", "3"],', "", 1), encoding="utf-8")
    assert house_for(str(path)).passages != house_for(s.options.board).passages
    again = Session.resume(j, get_rules, s.game_id)
    assert codec.dumps(again.state) == want
    path.unlink()
    out = tmp_path / "game.jsonl"
    j.close()
    assert cli.main(["journal", "export", str(tmp_path / "journal.sqlite"), "--out", str(out)]) == 0
    assert cli.main(["replay", str(out), "--json"]) == 0


def test_old_journals_with_a_board_path_still_replay(tmp_path: Path) -> None:
    path = board(tmp_path, SHIPPED)
    rules = get_rules("BGM")
    with Journal(tmp_path / "journal.sqlite") as j:
        # What a journal written before boards were recorded holds: the path alone.
        gid = j.create_game("BGM", codec.to_jsonable(Options(children=("mike",), board=str(path))), 5)
        s = Session.resume(j, get_rules, gid)
        assert s.options.board == str(path)
        s.submit(legal_inputs(s.state)[0])
        assert len(Session.resume(j, get_rules, gid).inputs) == 1
    assert rules.code == "BGM"


def test_a_bad_board_file_is_refused_before_the_game_begins(tmp_path: Path) -> None:
    path = board(tmp_path, SHIPPED.replace('attic = "5"', 'attic = "99"', 1))
    with Journal(tmp_path / "journal.sqlite") as j:
        with pytest.raises(BoardFileError, match="unknown zone '99'"):
            Session.new(j, get_rules("BGM"), Options(children=("mike",), board=str(path)), seed=1)
        assert j.games() == []  # nothing recorded
