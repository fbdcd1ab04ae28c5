"""Journal file format, JSON-lines export/import, and the replay/journal CLI commands."""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import fixture_game  # noqa: E402
from fixture_game import RULES, Add, Options, Pass, Roll, lookup  # noqa: E402

from companion import cli  # noqa: E402
from companion.core import codec, commands, journal as journal_mod  # noqa: E402
from companion.core.errors import JournalDamaged, JournalError  # noqa: E402
from journal_edit import edit  # noqa: E402
from companion.core.journal_base import APPLICATION_ID, SCHEMA_VERSION  # noqa: E402
from companion.core.journal import (  # noqa: E402
    Journal,
    default_journal_path,
    export_lines,
    read_export,
)
from companion.core.session import Session, replay  # noqa: E402


def _played(path: Path, seed: int = 9) -> Session[Any, Any]:
    j = Journal(path)
    s = Session.new(j, RULES, Options(players=("Mike", "Sue"), target=40), seed=seed)
    for inp in (Roll(), Add(2), Pass(), Roll(), Roll(), Add(1)):
        s.submit(inp)
    s.undo()
    return s


# -- the SQLite file -------------------------------------------------------------------------


def test_new_journal_pragmas_and_schema(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "dir" / "j.sqlite"
    with Journal(path) as j:
        assert j.integrity_check() == "ok"
        db = j._db
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL, and the second copy is synced too
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert {"games", "inputs"} <= tables
    with Journal(path) as j:  # reopening an existing journal
        assert j.games() == []


def test_not_a_journal(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("hello, this is not SQLite at all" * 10)
    with pytest.raises(JournalError, match="not a companion journal"):
        Journal(text)
    other = tmp_path / "other.sqlite"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    with pytest.raises(JournalError, match="another kind"):
        Journal(other)
    assert sqlite3.connect(other).execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # untouched
    with pytest.raises(JournalError, match="is a directory"):
        Journal(tmp_path)
    with pytest.raises(JournalError, match="no such journal"):
        Journal(tmp_path / "missing.sqlite", create=False)
    assert not (tmp_path / "missing.sqlite").exists()


@pytest.mark.parametrize(("version", "message"), [(SCHEMA_VERSION + 1, "newer"), (0, "unknown journal schema")])
def test_schema_version_checked(tmp_path: Path, version: int, message: str) -> None:
    path = tmp_path / "j.sqlite"
    Journal(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={version}")
    db.commit()
    db.close()
    with pytest.raises(JournalError, match=message):
        Journal(path)


def test_list_and_rows(tmp_path: Path) -> None:
    s = _played(tmp_path / "j.sqlite")
    j = s.journal
    [g] = j.games()
    assert (g.code, g.seed, g.committed, g.undone, g.finished) == ("DICE", 9, 5, 1, False)
    assert g.options == {"players": ["Mike", "Sue"], "target": 40}
    assert j.latest_game() == g and j.latest_game(unfinished=True) == g
    rows = j.inputs(g.id)
    assert [r.undone for r in rows] == [False] * 5 + [True]
    assert rows[0].input == {"kind": "roll"} and rows[0].ts.endswith("+00:00")


def test_damaged_rows_are_reported(tmp_path: Path) -> None:
    s = _played(tmp_path / "j.sqlite")
    db = s.journal._db
    # Behind the CRCs, the row invariants of docs/journal.md are checked too.
    edit(db, "UPDATE inputs SET undone = 1 WHERE seq = 2")
    with pytest.raises(JournalDamaged, match="follows an undone input"):
        s.journal.inputs(s.game_id)
    edit(db, "UPDATE inputs SET undone = 0 WHERE seq = 2")
    edit(db, "UPDATE inputs SET input = 'nope' WHERE seq = 3")
    with pytest.raises(JournalDamaged, match="input 3: bad JSON"):
        s.journal.inputs(s.game_id)
    edit(db, "DELETE FROM inputs WHERE seq = 3")
    with pytest.raises(JournalDamaged, match="seq 3 is missing"):
        s.journal.inputs(s.game_id)
    edit(db, "UPDATE games SET options = '{'")
    with pytest.raises(JournalDamaged, match="unreadable options"):
        s.journal.games()


def test_a_changed_byte_fails_the_row_crc(tmp_path: Path) -> None:
    s = _played(tmp_path / "j.sqlite")
    s.journal._db.execute("UPDATE inputs SET input = replace(input, '2', '3') WHERE seq = 2")
    with pytest.raises(JournalDamaged, match="input 2: damaged row"):
        s.journal.inputs(s.game_id)


def test_seed_must_fit_sqlite(tmp_path: Path) -> None:
    with Journal(tmp_path / "j.sqlite") as j, pytest.raises(JournalError, match="64 signed bits"):
        Session.new(j, RULES, Options(), seed=2**64)


def test_write_errors_become_journal_errors(tmp_path: Path) -> None:
    s = _played(tmp_path / "j.sqlite")
    s.journal._db.execute("PRAGMA query_only = ON")
    for act in (lambda: s.submit(Roll()), lambda: s.undo(), lambda: s.redo(),
                lambda: s.journal.create_game("DICE", {}, 1)):
        with pytest.raises(JournalError, match="cannot"):
            act()
    s.journal._db.execute("PRAGMA query_only = OFF")
    assert s.journal.game(s.game_id).committed == 5  # nothing half-written
    s.submit(Roll())


def test_default_journal_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    assert default_journal_path() == tmp_path / "journal.sqlite"
    monkeypatch.delenv("COMPANION_DATA_DIR")
    import platformdirs

    assert default_journal_path() == Path(platformdirs.user_data_dir("companion")) / "journal.sqlite"


# -- JSON-lines export ---------------------------------------------------------------------


def test_export_round_trip(tmp_path: Path) -> None:
    s = _played(tmp_path / "j.sqlite")
    lines = list(export_lines(s.journal.record(s.game_id)))
    header = json.loads(lines[0])
    assert header == {
        "format": "companion-journal",
        "version": 1,
        "game": "DICE",
        "options": {"players": ["Mike", "Sue"], "target": 40},
        "seed": 9,
    }
    assert len(lines) == 1 + 5  # the undone input is not exported
    assert json.loads(lines[2]) == {"seq": 2, "label": "Sue added 2", "input": {"kind": "add", "amount": 2}}
    out = tmp_path / "game.jsonl"
    out.write_text("\n".join(lines) + "\n\n")
    rec = read_export(out)
    assert codec.dumps(replay(RULES, rec)[-1]) == codec.dumps(s.state)


def _export_file(tmp_path: Path, *lines: Any) -> Path:
    p = tmp_path / "bad.jsonl"
    p.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n")
    return p


HEADER = {"format": "companion-journal", "version": 1, "game": "DICE", "options": {}, "seed": 1}


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ((), r"bad.jsonl: empty file"),
        (("{not json",), r"bad.jsonl:1: not valid JSON"),
        (("[1, 2]",), r"bad.jsonl:1: expected a JSON object"),
        (({"seq": 1, "input": {"kind": "roll"}},), r"bad.jsonl:1: missing header"),
        (({**HEADER, "version": 2},), r"bad.jsonl:1: export version 2 is newer"),
        (({**HEADER, "version": 0},), r"bad.jsonl:1: unknown export version"),
        (({**HEADER, "version": "1"},), r"bad.jsonl:1: header version must be an integer"),
        (({**HEADER, "game": None},), r'bad.jsonl:1: header lacks "game"'),
        (({k: v for k, v in HEADER.items() if k != "options"},), r'lacks "options"'),
        (({**HEADER, "seed": "x"},), r'"seed" must be an integer'),
        ((HEADER, {"seq": 1}), r"bad.jsonl:2: input line lacks input"),
        ((HEADER, {"seq": 2, "input": {"kind": "roll"}}), r"bad.jsonl:2: expected seq 1, got 2"),
        ((HEADER, {"seq": 1, "input": {"kind": "roll"}, "label": 3}), r"bad.jsonl:2: label must be a string"),
        ((HEADER, {"seq": 1, "input": "roll"}), r"bad.jsonl:2: input must be a JSON object"),
        ((HEADER, "", "{oops"), r"bad.jsonl:3: not valid JSON"),
    ],
)
def test_malformed_export(tmp_path: Path, lines: tuple[Any, ...], message: str) -> None:
    with pytest.raises(JournalError, match=message):
        read_export(_export_file(tmp_path, *lines))


def test_export_replay_errors_name_the_line(tmp_path: Path) -> None:
    ok = {"seq": 1, "label": "", "input": {"kind": "roll"}}
    p = _export_file(tmp_path, HEADER, ok, {"seq": 2, "label": "x", "input": {"kind": "fly"}})
    with pytest.raises(JournalError, match=r"bad.jsonl:3: cannot decode input: .*unknown kind 'fly'"):
        replay(RULES, read_export(p))
    p = _export_file(tmp_path, HEADER, ok, {"seq": 2, "label": "Bob added 5", "input": {"kind": "add", "amount": 5}})
    with pytest.raises(JournalError, match=r"bad.jsonl:3: rejected by the rules \('Bob added 5'\)"):
        replay(RULES, read_export(p))
    with pytest.raises(JournalError, match=r"cannot read"):
        read_export(tmp_path / "absent.jsonl")


# -- CLI -------------------------------------------------------------------------------------


@pytest.fixture
def fixture_lookup(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(commands, "lookup_rules", lookup)


def test_cli_replay_json_and_summary(
    tmp_path: Path, fixture_lookup: None, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "j.sqlite"
    s = _played(path)
    want = json.loads(codec.dumps(s.state))
    s.journal.close()
    assert cli.main(["replay", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out) == want
    assert out.strip() == json.dumps(want, sort_keys=True, separators=(",", ":"))
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "5 inputs replayed; game over: no" in out and "last: Mike rolled the die" in out


def test_cli_export_then_replay_export(
    tmp_path: Path, fixture_lookup: None, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "j.sqlite"
    s = _played(path)
    other = Session.new(s.journal, RULES, Options(target=5), seed=1)
    other.submit(Add(3))
    assert cli.main(["journal", "export", str(path), "--game-id", str(s.game_id)]) == 0
    stdout_export = capsys.readouterr().out
    out = tmp_path / "out.jsonl"
    assert cli.main(["journal", "export", str(path), "--game-id", str(s.game_id), "--out", str(out)]) == 0
    assert out.read_text() == stdout_export
    assert cli.main(["replay", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(codec.dumps(s.state))
    assert cli.main(["replay", str(out)]) == 0
    assert "exported game" in capsys.readouterr().out
    # Default game is the latest one.
    assert cli.main(["journal", "export", str(path)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2
    assert cli.main(["replay", str(out), "--game-id", "1"]) == 1
    assert "--game-id applies to SQLite" in capsys.readouterr().err
    assert cli.main(["journal", "export", str(path), "--out", str(tmp_path / "no" / "x.jsonl")]) == 1
    assert "cannot write export" in capsys.readouterr().err


def test_cli_list(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    Journal(tmp_path / "journal.sqlite").close()
    assert cli.main(["journal", "list"]) == 0  # default location
    assert "no games" in capsys.readouterr().out
    s = _played(tmp_path / "journal.sqlite")
    s.journal.close()
    assert cli.main(["journal", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["id", "game", "inputs", "redo", "over", "created"]
    assert lines[1].split()[:5] == ["1", "DICE", "5", "1", "no"]


def test_cli_errors_are_clean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.sqlite"
    Journal(empty).close()
    assert cli.main(["replay", str(empty)]) == 1
    assert "holds no games" in capsys.readouterr().err
    assert cli.main(["replay", str(tmp_path / "none.sqlite")]) == 1
    assert "cannot read" in capsys.readouterr().err
    s = _played(tmp_path / "j.sqlite")
    s.journal.close()
    # The real lookup: DICE is not a registered game.
    assert cli.main(["replay", str(tmp_path / "j.sqlite")]) == 1
    assert "unknown game 'DICE'" in capsys.readouterr().err


def test_lookup_rules_reports_missing_module(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.core import packs

    packs.register("ZZZ", "companion.games.no_such_game.pack")
    try:
        with pytest.raises(JournalError, match="not installed"):
            commands.lookup_rules("ZZZ")
    finally:
        packs.unregister("ZZZ")


def test_help_lists_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "replay" in out and "journal" in out
    assert journal_mod.is_sqlite_file(Path("/nonexistent")) is False
    assert fixture_game.RULES.code == "DICE"


def test_hostile_exports_are_refused_with_their_line(tmp_path: Path) -> None:
    deep = '{"seq": 1, "label": "", "input": ' + "[" * 100000 + "]" * 100000 + "}"
    with pytest.raises(JournalError, match=r"bad.jsonl:2: not valid JSON: nested deeper"):
        read_export(_export_file(tmp_path, HEADER, deep))
    nested: Any = 1
    for _ in range(34):
        nested = [nested]
    nested = {"seq": 1, "label": "", "input": {"kind": "roll", "x": nested}}
    with pytest.raises(JournalError, match=r"bad.jsonl:2: nested deeper than 32 levels"):
        read_export(_export_file(tmp_path, HEADER, nested))
    with pytest.raises(JournalError, match=r"bad.jsonl:1: not valid JSON: Exceeds the limit"):
        read_export(_export_file(tmp_path, '{"format": "companion-journal", "seed": ' + "9" * 5000 + "}"))
    for device in ("/dev/zero", "/dev/urandom"):
        with pytest.raises(JournalError, match="not a regular file"):
            read_export(device)
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(JournalError, match="not a regular file"):  # refused, not waited on
        read_export(fifo)
    with pytest.raises(JournalError, match="not a regular file"):
        Journal(fifo)


def test_hostile_rows_in_a_journal_are_damage(tmp_path: Path) -> None:
    s = _played(tmp_path / "j.sqlite")
    edit(s.journal._db, "UPDATE inputs SET input = ? WHERE seq = 2", ("[" * 5000 + "]" * 5000,))
    with pytest.raises(JournalDamaged, match="input 2: bad JSON: not valid JSON: nested deeper"):
        s.journal.inputs(s.game_id)
    edit(s.journal._db, "UPDATE inputs SET input = ? WHERE seq = 2", ('{"kind": "add", "amount": ' + "9" * 30 + "}",))
    with pytest.raises(JournalError, match="integer out of range"):
        Session.resume(s.journal, lookup, s.game_id)


@pytest.mark.parametrize("code", ["BGM", "SOL", "BIN", "GSB"])
@pytest.mark.parametrize("seed", [120000000000000000000000000000, 2**63, -(2**63) - 1, 1.2e29])
def test_an_export_seed_beyond_64_bits_is_refused_for_every_game(
        code: str, seed: float, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24: a header seed of 1.2e29 replayed although docs/journal.md says a signed 64-bit
    integer (what a journal holds): every pack's export is refused the same way, at line 1."""
    path = tmp_path / "game.jsonl"
    path.write_text(json.dumps({"format": "companion-journal", "version": 1, "game": code, "options": {},
                                "seed": seed}) + "\n")
    assert cli.main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"companion: error: {path}:1: ") and '"seed"' in err, err
    assert "signed 64-bit integer" in err or "must be an integer" in err


@pytest.mark.parametrize("seed", [2**63 - 1, -(2**63), 0])
def test_an_export_seed_within_64_bits_replays(seed: int, tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text(json.dumps({"format": "companion-journal", "version": 1, "game": "DICE", "options": {},
                                "seed": seed}) + "\n")
    assert read_export(path).seed == seed


@pytest.mark.parametrize("args", [["journal", "list"], ["journal", "check"], ["replay"], ["journal", "export"],
                                  ["replay", "--json"]])
def test_read_only_commands_never_write_into_an_empty_file(
        args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24: `journal list` on an empty (0-byte) journal file wrote a new schema into it."""
    path = tmp_path / "journal.sqlite"
    path.write_bytes(b"")
    code = cli.main([*args, str(path)])
    out, err = capsys.readouterr()
    assert path.read_bytes() == b"" and sorted(p.name for p in tmp_path.iterdir()) == ["journal.sqlite"]
    assert "Traceback" not in err and "internal error" not in err
    if args[0] == "journal" and args[1] in ("list", "check"):
        assert code == 0 and ("no games" in out or "OK: 0 games" in out), (out, err)
    else:
        assert code == 1 and err.startswith("companion: error:")


def test_cli_export_and_replay_take_a_game_id_where_the_journal_goes(
        tmp_path: Path, fixture_lookup: None, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25 #17: `companion journal export 99` read 99 as a file name. A whole number where
    the journal goes, with no file of that name, is the game's id in the default journal."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    with Journal(tmp_path / "journal.sqlite") as j:
        first = Session.new(j, RULES, Options(), seed=11)
        first.submit(Roll())
        Session.new(j, RULES, Options(), seed=22)
    assert cli.main(["journal", "export", str(first.game_id)]) == 0
    header = json.loads(capsys.readouterr().out.splitlines()[0])
    assert header["seed"] == 11
    assert cli.main(["replay", str(first.game_id)]) == 0
    assert f"game {first.game_id}, seed 11" in capsys.readouterr().out
    assert cli.main(["journal", "export", "99"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("companion: error:") and "no game 99" in err and "journal.sqlite" in err
    assert cli.main(["journal", "export", "1", "--game-id", "2"]) == 1
    assert "give the game's id once" in capsys.readouterr().err
    (tmp_path / "7").write_text("")  # a file of that name is the file
    assert cli.main(["journal", "export", "7"]) == 1
    assert "7: empty file" in capsys.readouterr().err
