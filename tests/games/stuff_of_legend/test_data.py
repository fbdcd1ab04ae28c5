"""The data files the rulebook does not print (SOL world map, tracks, card catalogue): the "check against
your printed board" header, and checkers that name the file and line of every problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.games.stuff_of_legend.catalogue import check_catalogue, default_catalogue_path, load_catalogue
from companion.games.stuff_of_legend.datafile import DataFileIssues
from companion.games.stuff_of_legend.world import check_world, default_world_path, load_world, world_for

WORLD_TEXT = default_world_path().read_text()
CARDS_TEXT = default_catalogue_path().read_text()


def variant(tmp_path: Path, text: str, old: str, new: str, name: str = "world.toml") -> Path:
    assert old in text, old
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1))
    return path


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_files_say_they_must_be_checked() -> None:
    """The map and the card catalogue are guesses: each starts with the check-your-board header."""
    assert "CHECK THIS AGAINST YOUR PRINTED BOARD" in WORLD_TEXT[:400]
    assert "CHECK THIS AGAINST YOUR CARDS" in CARDS_TEXT[:400]
    assert check_world(default_world_path()) == [] and check_catalogue(default_catalogue_path()) == []


def test_shipped_map_facts() -> None:
    """SOL-14, SOL-25, SOL-08: one start with three neighbours, four exits (two in the Jungle), 19 spaces
    with cards; the Time track ends in BOY LOST; the Attention track starts on the yellow 2."""
    w = load_world(default_world_path())
    assert len(w.neighbours(w.start)) == 3 and len(w.exits) == 4
    assert sum(w.space(e).jungle for e in w.exits) == 2 and len(w.card_spaces) == 19
    assert w.time.marks[-1] == "boy_lost" and set(w.time.start) == {3, 4, 5, 6}
    assert (w.attention.values[w.attention.start], w.attention.colours[w.attention.start]) == (2, "yellow")


@pytest.mark.parametrize("old,new,needle,message", [
    ('{ a = "hollow", b = "well", colour = "plain" }', '{ a = "hollow", b = "nowhere", colour = "plain" }',
     '"nowhere"', "no space 'nowhere'"),
    ('{ a = "hollow", b = "well", colour = "plain" }', '{ a = "hollow", b = "well", colour = "blue" }',
     'colour = "blue"', "colour is one of red, green, plain"),
    ('{ a = "vines", b = "temple", colour = "plain" }', '{ a = "vines", b = "ledge", colour = "plain" }',
     'a = "vines", b = "ledge"', "crosses the canyon"),
    ('{ a = "pit", b = "river" }', '{ a = "pit", b = "ledge" }', '{ a = "pit", b = "ledge" }', "must cross the canyon"),
    ('{ id = "hollow", name = "Hollow Oak", colour = "green" }',
     '{ id = "hollow", name = "Hollow Oak", colour = "pink" }', 'colour = "pink"', "not a region's colour"),
    ('{ n = 6, mark = "hand-1" }', '{ n = 6, mark = "hand-9" }', 'hand-9', "mark is one of"),
    ('{ n = 3, value = 2, colour = "yellow", strength = 3 }', '{ n = 3, value = 2, colour = "yellow" }',
     '{ n = 3, value = 2, colour = "yellow" }', "division 3 must be"),
])
def test_world_checker_names_file_and_line(tmp_path: Path, old: str, new: str, needle: str, message: str) -> None:
    """The checker reports each problem with the file and the line to fix."""
    path = variant(tmp_path, WORLD_TEXT, old, new)
    issues = check_world(path)
    text = path.read_text()
    assert any(i.line == line_of(text, needle) and message in i.message and i.path == str(path) for i in issues), \
        [str(i) for i in issues]


def test_world_rules_the_text_prints(tmp_path: Path) -> None:
    """The checker enforces what the rulebook does print: the yellow 2 start, four exits, 19 card spaces,
    Brooklyn's three neighbours, BOY LOST last."""
    checks = [
        ("start = 3\n", "start = 2\n", "yellow number 2"),
        ('{ id = "exit_falls", name = "Falls Exit", colour = "purple", exit = true },\n', "",
         "4 Exit spaces"),
        ('{ a = "brooklyn", b = "hollow", colour = "plain" },\n', "", "three spaces adjacent"),
        ('{ n = 11, mark = "boy_lost" },', '{ n = 11 },', "BOY LOST"),
        ('{ id = "well", name = "Wishing Well", colour = "green", plus = true },\n', "", "Location cards need"),
    ]
    for old, new, message in checks:
        issues = check_world(variant(tmp_path, WORLD_TEXT, old, new))
        assert any(message in i.message for i in issues), (message, [str(i) for i in issues])


def test_world_file_errors(tmp_path: Path) -> None:
    """Broken files: syntax errors with their line, a missing file, not UTF-8, unknown keys."""
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nspaces = [\n  { id = "a" \n')
    issues = check_world(bad)
    assert issues[0].line is not None and "TOML syntax error" in issues[0].message
    assert "cannot read" in check_world(tmp_path / "missing.toml")[0].message
    raw = tmp_path / "raw.toml"
    raw.write_bytes(b"\xff\xfe name")
    assert "not UTF-8" in check_world(raw)[0].message
    extra = variant(tmp_path, WORLD_TEXT, 'name = "The Dark (unverified map)"',
                    'name = "The Dark (unverified map)"\ncolor = "x"')
    at = line_of(extra.read_text(), 'color = "x"')
    assert any("unknown key `color`" in i.message and i.line == at for i in check_world(extra))
    with pytest.raises(DataFileIssues) as err:
        load_world(extra)
    assert str(extra) in str(err.value)


def test_a_game_can_use_another_map(tmp_path: Path) -> None:
    """A corrected copy of the map is used by a game through its options."""
    path = variant(tmp_path, WORLD_TEXT, 'name = "Hollow Oak"', 'name = "The Old Oak"')
    assert world_for(str(path)).space("hollow").name == "The Old Oak"


@pytest.mark.parametrize("old,new,needle,message", [
    ('code = "SOL:ACTN:07", title = "Minion Breakthrough"', 'code = "SOL:ACTN:79", title = "Minion Breakthrough"',
     "SOL:ACTN:79", "the ACTN deck has 78 cards"),
    ('code = "SOL:BOOG:01", title = "A Chill Wind", type = "fleeting"',
     'code = "SOL:BOOG:01", title = "A Chill Wind", type = "lingering"', '"lingering"', "type is one of"),
    ('[["attention", 1]], lasting = []', '[["teleport", 1]], lasting = []', "teleport", "is not one of"),
    ('code = "SOL:LOYL:05", title = "Loyalty to the Boogeyman", side = "boogeyman"',
     'code = "SOL:LOYL:05", title = "Loyalty to the Boogeyman", side = "traitor"', '"traitor"', "side is one of"),
])
def test_catalogue_checker_names_file_and_line(tmp_path: Path, old: str, new: str, needle: str,
                                                message: str) -> None:
    """The card catalogue's checker names the file and line of each problem."""
    path = variant(tmp_path, CARDS_TEXT, old, new, "cards.toml")
    issues = check_catalogue(path)
    text = path.read_text()
    assert any(i.line == line_of(text, needle) and message in i.message for i in issues), [str(i) for i in issues]


def test_catalogue_completeness(tmp_path: Path) -> None:
    """A deck missing a card, or a card listed twice, is reported (SOL-02)."""
    text = CARDS_TEXT
    line = next(x for x in text.splitlines() if 'code = "SOL:ACTN:40"' in x)
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(line + "\n", ""))
    assert any("lacks 1 of the 78 cards: SOL:ACTN:40" in i.message for i in check_catalogue(path))
    path.write_text(text.replace('code = "SOL:ACTN:40"', 'code = "SOL:ACTN:41"'))
    assert any("SOL:ACTN:41 is listed twice" in i.message for i in check_catalogue(path))
    assert load_catalogue(default_catalogue_path()).action("SOL:ACTN:01").title == "Escape Trouble"


def test_cli_board_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`companion sol board check` and `companion sol cards check`: OK with counts, or every problem and
    status 1."""
    assert main(["sol", "board", "check"]) == 0
    assert "OK - 23 spaces" in capsys.readouterr().out
    assert main(["sol", "cards", "check"]) == 0
    assert "78 Action" in capsys.readouterr().out
    bad = variant(tmp_path, WORLD_TEXT, 'colour = "red" },\n    { a = "hollow", b = "well"',
                  'colour = "red" },\n    { a = "hollow", b = "gone"')
    assert main(["sol", "board", "check", str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:" in err and "1 problem(s)" in err
    cards = variant(tmp_path, CARDS_TEXT, 'colour = "purple", lasting = true, reveal = [], ability = [["attention", 1]]',
                    'colour = "orange", lasting = true, reveal = [], ability = [["attention", 1]]', "c.toml")
    assert main(["sol", "board", "check", "--cards", str(cards)]) == 1
    assert "no region of the map has that colour" in capsys.readouterr().err
    broken = variant(tmp_path, CARDS_TEXT, 'side = "friend"', 'side = "foe"', "d.toml")
    assert main(["sol", "cards", "check", str(broken)]) == 1
    assert main(["sol", "board", "check", "--cards", str(broken)]) == 1
    assert main(["sol"]) == 2 and main(["sol", "board"]) == 2 and main(["sol", "cards"]) == 2
