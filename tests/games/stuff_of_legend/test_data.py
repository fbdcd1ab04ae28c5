"""The data files the rulebook does not print (SOL world map, tracks, card catalogue): the "check against
your printed board" header, and checkers that name the file and line of every problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.games.stuff_of_legend.catalogue import check_catalogue, default_catalogue_path, load_catalogue
from companion.core.datafile import DataFileIssues
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


WORLD_VARIANTS = [
    ('{ id = "hollow", name = "Hollow Oak", colour = "green" }', '{ id = "Hollow", name = "Hollow Oak", colour = "green" }',
     "a space id is lower-case"),
    ('{ id = "hollow", name = "Hollow Oak", colour = "green" }', '{ id = "briar", name = "Hollow Oak", colour = "green" }',
     "listed twice"),
    ('{ id = "hollow", name = "Hollow Oak", colour = "green" }', '{ id = "hollow", name = "", colour = "green" }',
     "needs a name"),
    ('{ id = "hollow", name = "Hollow Oak", colour = "green" }',
     '{ id = "hollow", name = "Hollow Oak", colour = "green", plus = "yes" }', "must be true or false"),
    ('{ id = "hollow", name = "Hollow Oak", colour = "green" }',
     '{ id = "hollow", name = "Hollow Oak", colour = "green", start = true }', "exactly one space must be the start"),
    ('{ id = "exit_north", name = "North Exit", colour = "yellow", exit = true }',
     '{ id = "exit_north", name = "North Exit", colour = "yellow", exit = true, soldier = true }', "an Exit space cannot"),
    ('{ id = "hollow", name = "Hollow Oak", colour = "green" }',
     '{ id = "hollow", name = "Hollow Oak", colour = "green", size = 3 }', "unknown space key"),
    ('{ a = "hollow", b = "well", colour = "plain" }', '{ a = "hollow", b = "hollow", colour = "plain" }',
     "joins a space to itself"),
    ('{ a = "hollow", b = "well", colour = "plain" }', '{ a = "brooklyn", b = "hollow", colour = "plain" }',
     "listed twice"),
    ('{ a = "hollow", b = "well", colour = "plain" }', '{ a = "hollow", b = "well", colour = "plain", len = 2 }',
     "unknown trail key"),
    ('{ a = "pit", b = "river" }', '{ a = "aviary", b = "vines" }', "bridge aviary-vines is listed twice"),
    ('{ a = "pit", b = "river" }', '{ a = "pit", b = "river", c = 1 }', "a bridge is"),
    ('{ colour = "green", name = "the Dark Woods" }', '{ colour = "yellow", name = "the Dark Woods" }',
     "listed twice"),
    ('{ colour = "green", name = "the Dark Woods" }', '{ colour = "Green", name = "the Dark Woods" }',
     "needs a colour"),
    ('{ colour = "green", name = "the Dark Woods" }', '{ colour = "green", name = "the Dark Woods", x = 1 }',
     "unknown region key"),
    ('{ colour = "green", name = "the Dark Woods" }', '{ colour = "green", name = "" }', "needs a `name`"),
    ('{ colour = "purple", name = "the Jungle", jungle = true }', '{ colour = "purple", name = "the Jungle" }',
     "exactly one region must be the Jungle"),
    ('start = { 3 = 3, 4 = 2, 5 = 1, 6 = 1 }', 'start = { 3 = 11, 4 = 2, 5 = 1, 6 = 1 }', "start for 3 players"),
    ('start = { 3 = 3, 4 = 2, 5 = 1, 6 = 1 }', 'start = { 3 = 3, 4 = 2, 5 = 1, 6 = 1, 7 = 1 }', "the game is for 3-6"),
    ('start = { 3 = 3, 4 = 2, 5 = 1, 6 = 1 }', 'start = 3', "gives the Boy's division"),
    ('{ n = 9, mark = "hand-2" }', '{ n = 9, mark = "hand-1" }', "marked on more than one division"),
    ('{ n = 6, mark = "hand-1" }', '{ n = 6, mark = "hand-2" }', "marked on more than one division"),
    ('{ n = 2 },', '{ n = 7 },', "division 2 must be"),
    ('{ n = 5, value = 3, colour = "red", strength = 4 }', '{ n = 5, value = 1, colour = "red", strength = 4 }',
     "may not fall"),
    ("start = 3\n", "start = 30\n", "start is the division"),
    ("[time]", "[times]", "missing [time]"),
    ("[attention]", "[attentions]", "missing [attention]"),
    ('{ a = "temple", b = "exit_temple", colour = "plain" },\n', "", "cannot be reached"),
    ('name = "The Dark (unverified map)"', 'name = ""', "`name` must be"),
]


@pytest.mark.parametrize("old,new,message", WORLD_VARIANTS)
def test_world_checker_catches(tmp_path: Path, old: str, new: str, message: str) -> None:
    """Each broken map is reported, with a file and line where the file has one."""
    issues = check_world(variant(tmp_path, WORLD_TEXT, old, new))
    assert any(message in i.message for i in issues), [str(i) for i in issues]


CARD_VARIANTS = [
    ('{ id = "max", name = "Max", kind = "animal"', '{ id = "max", name = "Max", kind = "robot"', "human or animal"),
    ('icons = ["fight", "fight"], strength = [], weakness = [["text", 0]] },',
     'icons = ["fight"], strength = [], weakness = [["text", 0]] },', "two skill icons"),
    ('{ id = "percy", name = "Percy"', '{ id = "max", name = "Percy"', "a hero id is a new"),
    ('weakness = [["discard", 1]] },', 'weakness = [["discard", 1]], alternate = "no" },', "alternate is true or false"),
    ('{ id = "general", name = "The General"', '{ id = "general", name = "The General", x = 1', "unknown key"),
    ('alternate = true },\n]', 'alternate = false },\n]', "4 of the Hero sheets"),
    ('title = "Escape Trouble", icons = { talk = 1 }, action = "move"',
     'title = "Escape Trouble", icons = { talk = 1 }, action = "fly"', "action is one of"),
    ('title = "Escape Trouble", icons = { talk = 1 }, action = "move", skill = "talk"',
     'title = "Escape Trouble", icons = { talk = 1 }, action = "move", skill = "wild"', "names the skill"),
    ('code = "SOL:ACTN:31", title = "", icons = { talk = 1 }', 'code = "SOL:ACTN:31", title = "", icons = { talk = 1 }, '
     'skill = "talk"', "card without text"),
    ('code = "SOL:ACTN:31", title = "", icons = { talk = 1 }', 'code = "SOL:ACTN:31", title = "", icons = { talk = -1 }',
     "icons is a table"),
    ('code = "SOL:ACTN:31", title = "", icons = { talk = 1 }',
     'code = "SOL:ACTN:31", title = "", icons = { talk = 1 }, tainted = 1', "tainted is true or false"),
    ('code = "SOL:ACTN:31", title = "", icons = { talk = 1 }',
     'code = "SOL:ACTN:31", title = "", icons = { talk = 1 }, vote = true', "vote (the vote icon)"),
    ('code = "SOL:ACTN:31", title = "", icons = { talk = 1 }', 'code = "SOL:ACTN:31", title = "", icons = { }',
     "at least one skill icon"),
    ('skill = "fight", needs = 2 }', 'skill = "fight", needs = -2 }', "whole numbers"),
    ('code = "SOL:ACTN:31"', 'code = "SOL:ACTX:31"', "code must be SOL:ACTN:NN"),
    ('type = "fleeting", effects = [["attention", 1]], lasting = []',
     'type = "fleeting", effects = [["attention", 1]], lasting = [["range", 1]]', "nothing of it lasts"),
    ('effects = [["attention", 1]], lasting = []', 'effects = [["attention"]], lasting = []', "an effect is"),
    ('effects = [["attention", 1]], lasting = []', 'effects = "attention", lasting = []', "is a list of effects"),
    ('ability1 = [["icons", 2, "fight"]]', 'ability1 = [["icons", 2]]', "names its skill"),
    ('title = "Owl\'s Nest", colour = "green", lasting = true', 'title = "Owl\'s Nest", colour = "green", lasting = false',
     "must stay"),
    ('title = "Owl\'s Nest", colour = "green", lasting = true', 'title = "Owl\'s Nest", colour = "green", lasting = 1',
     "lasting is true or false"),
    ('kind = "leader", strength = 4, skill = "fight", ability = [["approach", 1]] }',
     'kind = "leader", strength = 0, skill = "fight", ability = [["approach", 1]] }', "a Leader has a strength"),
    ('kind = "quest", skill = "scout", needs = 3', 'kind = "quest", skill = "scout", needs = 0', "a Quest shows"),
    ('kind = "quest", skill = "scout", needs = 3', 'kind = "puzzle", skill = "scout", needs = 3', "kind is one of"),
    ('kind = "quest", skill = "scout", needs = 3', 'kind = "quest", skill = "scout", needs = "3"', "whole numbers"),
    ('alternate = "monty"', 'alternate = "nobody"', "names its Alternate Hero"),
    ('alternate = "monty", replaces = "SOL:ENCT:', 'alternate = "monty", replaces = "SOL:ENCT:3', "not a normal"),
    ("heroes = [", "heros = [", "unknown key `heros`"),
    ('{ code = "SOL:BOOG:01", title = "A Chill Wind", type = "fleeting"',
     '{ code = "SOL:BOOG:01", title = "", type = "fleeting"', "`title` must be a non-empty string"),
]


@pytest.mark.parametrize("old,new,message", CARD_VARIANTS)
def test_catalogue_checker_catches(tmp_path: Path, old: str, new: str, message: str) -> None:
    """Each broken catalogue is reported."""
    issues = check_catalogue(variant(tmp_path, CARDS_TEXT, old, new, "cards.toml"))
    assert any(message in i.message for i in issues), [str(i) for i in issues]


def test_oversized_and_wrong_shapes(tmp_path: Path) -> None:
    """A file too big, a list that is not a list, an item that is not a table."""
    big = tmp_path / "big.toml"
    big.write_text("#" * 1_100_000)
    assert "too big" in check_world(big)[0].message
    odd = variant(tmp_path, WORLD_TEXT, 'bridges = [\n    { a = "aviary", b = "vines" },',
                  'bridges = [\n    "aviary",', "odd.toml")
    assert any("must be a table" in i.message for i in check_world(odd))
    none = tmp_path / "none.toml"
    none.write_text('name = "x"\nregions = []\n')
    assert any("must be a non-empty list" in i.message for i in check_world(none))
    assert any("must be a non-empty list" in i.message for i in check_catalogue(none))


def test_loyalty_cards_enough_for_the_table(tmp_path: Path) -> None:
    """SOL-22: the box must hold the table's cards plus the completion (3 Boy, 2 Boogeyman at least)."""
    path = tmp_path / "cards.toml"
    path.write_text(CARDS_TEXT.replace('Loyalty to the Boy", side = "boy"', 'Loyalty to the Boy", side = "friend"', 2))
    assert any("at least 3 card(s) of side 'boy'" in i.message for i in check_catalogue(path))
