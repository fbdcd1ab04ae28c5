"""The owner's box (core/ownbox.py; docs/board-files.md, "The owner's box"): the table's
confirmations and corrections over every pack's guessed data files, laid over the shipped guess
when a game begins, recorded in the game, and shared with `companion box export|import`."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from companion.core import ownbox
from companion.core.datafile import DataFileIssues, recorded
from companion.core.game import get_rules
from companion.core.journal import Journal
from companion.core.session import Session

CODES = ("BGM", "SOL", "BIN", "GSB")
# pack -> (file, fact, a corrected value every check accepts, the option that records it)
CORRECTIONS: dict[str, tuple[str, str, Any, str]] = {
    "SOL": ("world.toml", "spaces[id=hollow].name", "Hollow Oak Tree", "world"),
    "GSB": ("madison.toml", "landmarks[0].space", 10, "board"),
    "BGM": ("villa_spencer.toml", "rules.children_start", "C2", "board"),
    "BIN": ("cards.toml", "card[0].name", "Freedom Gate", "cards"),
}
TABLE: dict[str, dict[str, Any]] = {"BGM": {"children": ("mike", "daphne")}, "SOL": {"players": 3},
                                    "BIN": {"players": 3}, "GSB": {"players": 3}}


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    ownbox.use_home(None)
    return tmp_path / "data"


def _box_text(game: str, *facts: tuple[str, str, str]) -> str:
    out = f'format = "companion-box"\nversion = 1\ngame = "{game}"\n'
    for file, at, value in facts:
        out += f'\n[[fact]]\nfile = "{file}"\nat = "{at}"\nvalue = {value}\n'
    return out


@pytest.mark.parametrize("code", CODES)
def test_every_guessed_file_writes_back_to_what_its_pack_reads(code: str) -> None:
    """The merged content a game records is written by ownbox's own TOML writer: for every
    shipped file, with an empty box, the pack reads exactly what it reads from the shipped file."""
    files = ownbox.declared(code)
    assert files, f"{code} declares no guessed facts"
    for gf in files:
        raw = gf.default.read_bytes()
        text = ownbox.merge(raw, [])
        assert tomllib.loads(text) == tomllib.loads(raw.decode("utf-8"))
        assert gf.check(text, "same") == gf.check(raw, "same")
        assert "GUESS" in raw.decode("utf-8").upper() or "PLACEHOLDER" in raw.decode("utf-8").upper()
        for guess in gf.guesses:  # every declared pattern names facts the file holds
            assert ownbox.expand(guess.at, tomllib.loads(raw.decode("utf-8"))), (gf.name, guess.at)


def test_the_shipped_guesses_of_every_pack_are_counted() -> None:
    counts = {code: ownbox.count_facts(code) for code in CODES}
    assert counts == {"BGM": 16, "SOL": 262, "BIN": 108, "GSB": 15}


@pytest.mark.parametrize("code", CODES)
def test_a_new_game_records_the_shipped_guess_with_the_box_over_it(code: str, home: Path) -> None:
    file, at, value, option = CORRECTIONS[code]
    shipped = next(gf for gf in ownbox.declared(code) if gf.name == file).default
    before = shipped.read_bytes()
    ownbox.save_box(ownbox.Box(code).with_fact(file, at, value))
    rules = get_rules(code)
    options = dataclasses.replace(rules.options_type(), **TABLE[code])
    with Journal(home / "journal.sqlite") as j:
        s = Session.new(j, rules, options, 7)
        name, text = recorded(getattr(s.options, option))
        assert name == "" and text is not None
        assert ownbox.value_at(tomllib.loads(text), at) == (True, value)
        assert at in ownbox.confirmed_in(text)  # screens can tell it from a guess
        game, want = s.game_id, s.state
        # the box changes again (back to the guess): the game keeps the box it began with
        ownbox.save_box(ownbox.Box(code))
        again = Session.resume(j, get_rules, game)
        assert again.state == want and again.options == s.options
        fresh = Session.new(j, rules, options, 7)
        _, text2 = recorded(getattr(fresh.options, option))
        assert text2 is not None and ownbox.value_at(tomllib.loads(text2), at) != (True, value)
    assert shipped.read_bytes() == before  # the shipped guess is never written


def test_the_box_changes_what_the_game_shows() -> None:
    from companion.games.stuff_of_legend.world import world_for

    ownbox.save_box(ownbox.Box("SOL").with_fact("world.toml", "spaces[id=hollow].name", "Hollow Oak Tree"))
    rules = get_rules("SOL")
    options = rules.recorded_options(rules.options_type(players=3))
    names = {s.id: s.name for s in world_for(options.world).spaces}
    assert names["hollow"] == "Hollow Oak Tree" and names["briar"] == "Briar Path"


def test_a_file_the_table_names_is_taken_as_it_is(tmp_path: Path) -> None:
    """The box corrects the shipped guess; a file of the owner's own is their own correction."""
    ownbox.save_box(ownbox.Box("SOL").with_fact("world.toml", "spaces[id=hollow].name", "Hollow Oak Tree"))
    mine = tmp_path / "world.toml"
    mine.write_bytes(ownbox.declared("SOL")[0].default.read_bytes())
    rules = get_rules("SOL")
    options = rules.recorded_options(rules.options_type(players=3, world=str(mine)))
    assert options.world == f"{mine}\n{mine.read_text(encoding='utf-8')}"


def test_facts_know_whether_they_are_confirmed() -> None:
    box = ownbox.Box("GSB").with_fact("madison.toml", "end", 60).with_fact("madison.toml", "mayhem.pal", 3)
    gf = ownbox.declared("GSB")[0]
    views = {v.at: v for v in ownbox.facts_of(gf, box)}
    assert views["end"].confirmed and views["end"].value == views["end"].guess == 60
    assert not views["steal"].confirmed
    assert views["shortcut.sign"].question == "the space of the Graveyard Shortcut's sign"
    assert sum(v.confirmed for v in views.values()) == 2


def test_what_is_still_a_guess_in_a_recorded_option() -> None:
    gf = next(f for f in ownbox.declared("SOL") if f.name == "world.toml")
    everything = ownbox.unconfirmed(gf, "")  # the shipped file (a journal from before recording)
    assert len(everything) == 89 and everything["spaces[id=hollow].name"] == "Hollow Oak"
    ownbox.save_box(ownbox.Box("SOL").with_fact("world.toml", "spaces[id=hollow].name", "Hollow Oak Tree"))
    rules = get_rules("SOL")
    options = rules.recorded_options(rules.options_type(players=3))
    left = ownbox.unconfirmed(gf, options.world)
    assert len(left) == 88 and "spaces[id=hollow].name" not in left
    assert ownbox.unconfirmed(gf, "my/world.toml\nname = 'x'") == {}  # the table's own file


BAD = {  # a bad box -> (the line named, words of the message)
    "not toml": ("format = \n", 1, "TOML syntax error"),
    "other format": ('format = "x"\nversion = 1\ngame = "SOL"\n', 1, "not a box file"),
    "newer version": ('format = "companion-box"\nversion = 2\ngame = "SOL"\n', 2, "newer than this companion"),
    "other game": (_box_text("GSB"), 3, "box of GSB, not of SOL"),
    "unknown game": (_box_text("XYZ"), 3, "a box of XYZ, not of SOL"),
    "unknown file": (_box_text("SOL", ("rules.toml", "end", "1")), 6, "not a guessed file of SOL"),
    "not a guessed fact": (_box_text("SOL", ("world.toml", "name", '"x"')), 7, "not a guessed fact"),
    "no such space": (_box_text("SOL", ("world.toml", "spaces[id=nowhere].name", '"x"')), 7, "has no spaces[id=nowhere]"),
    "wrong kind": (_box_text("SOL", ("world.toml", "spaces[id=hollow].name", "3")), 8, "must be a text"),
    "twice": (_box_text("SOL", ("world.toml", "spaces[id=hollow].name", '"A"'),
                        ("world.toml", "spaces[id=hollow].name", '"B"')), 10, "already set on line 5"),
    "refused by the pack": (_box_text("SOL", ("world.toml", "spaces[id=hollow].name", '"Good"'),
                                      ("world.toml", "spaces[id=briar].colour", '"pink"')), 13,
                            "world.toml is refused: space 'briar': colour 'pink'"),
    "unknown key": (_box_text("SOL") + "colour = 1\n", 4, "unknown key 'colour'"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_box_is_refused_with_its_line(case: str, tmp_path: Path) -> None:
    text, line, words = BAD[case]
    path = tmp_path / "given.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileIssues) as err:
        ownbox.checked_file(path, "SOL")
    first = err.value.issues[0]
    assert (first.path, first.line) == (str(path), line), str(err.value)
    assert words in first.message


def _cli(*args: str, env_home: Path) -> subprocess.CompletedProcess[str]:
    import os

    env = dict(os.environ, COMPANION_DATA_DIR=str(env_home))
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          timeout=120, env=env)


def test_export_and_import_share_a_box_and_a_bad_file_changes_nothing(tmp_path: Path) -> None:
    alice, bob = tmp_path / "alice", tmp_path / "bob"
    out = tmp_path / "sol-box.toml"
    done = _cli("box", "export", str(out), "--game", "sol", env_home=alice)
    assert done.returncode == 0 and "unchecked" in done.stderr and "262 guessed facts" in done.stderr
    assert ownbox.parse_box(out.read_text(encoding="utf-8"), "x").facts == ()
    ownbox.save_box(ownbox.Box("SOL").with_fact("world.toml", "spaces[id=hollow].name", "Hollow Oak Tree")
                    .with_fact("cards.toml", "location[code=SOL:LOCN:09].title", "The Old Mill"), alice)
    done = _cli("box", "export", str(out), "--game", "SOL", env_home=alice)
    assert done.returncode == 0 and "2 of 262 guessed facts" in done.stdout, done.stderr
    ownbox.save_box(ownbox.Box("SOL").with_fact("world.toml", "spaces[id=briar].name", "Bramble Path"), bob)
    done = _cli("box", "import", str(out), env_home=bob)
    assert done.returncode == 0, done.stderr
    got = ownbox.load_box("SOL", bob)
    assert {f.at: f.value for f in got.facts} == {
        "spaces[id=briar].name": "Bramble Path", "spaces[id=hollow].name": "Hollow Oak Tree",
        "location[code=SOL:LOCN:09].title": "The Old Mill"}
    before = ownbox.box_path("SOL", bob).read_bytes()
    bad = tmp_path / "bad.toml"
    bad.write_text(out.read_text(encoding="utf-8").replace('"The Old Mill"', "7"), encoding="utf-8")
    done = _cli("box", "import", str(bad), env_home=bob)
    line = bad.read_text(encoding="utf-8").splitlines().index("value = 7") + 1
    assert done.returncode == 1 and f"{bad}:{line}: the value of location[code=SOL:LOCN:09].title must be a text" in done.stderr
    assert ownbox.box_path("SOL", bob).read_bytes() == before
    done = _cli("box", "import", str(out), "--game", "GSB", env_home=bob)
    assert done.returncode == 1 and "a box of SOL, not of GSB" in done.stderr
    assert ownbox.box_path("SOL", bob).read_bytes() == before
    assert not ownbox.box_path("GSB", bob).exists()


@pytest.mark.parametrize("args,usage", [
    (("box",), "usage: companion box"),
    (("box", "import", "x", "--bogus"), "usage: companion box import"),
    (("box", "export", "x"), "usage: companion box export"),
    (("box", "export", "x", "--game", "NOPE"), "no game 'NOPE'"),
])
def test_each_box_command_answers_a_bad_option_with_its_own_usage(args: tuple[str, ...], usage: str,
                                                                  tmp_path: Path) -> None:
    done = _cli(*args, env_home=tmp_path)
    assert done.returncode == 2 and usage in done.stderr
