"""The house tiles file: the shipped guess loads, the geometry is what the rules need, and every
kind of mistake is reported with the line to fix (`companion bin board check`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import cli
from companion.core.datafile import DataFileIssues
from companion.games.bump_in_the_night.house import GATES, OUTSIDE, Placement, assemble, parse_layout, HouseError
from companion.games.bump_in_the_night.house_file import check_house, default_house_path, load_house, read_tiles

SHIPPED = default_house_path().read_text(encoding="utf-8")


def variant(tmp_path: Path, *edits: tuple[str, str]) -> tuple[Path, str]:
    text = SHIPPED
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return path, text


def line_of(text: str, needle: str, nth: int = 0) -> int:
    return [i + 1 for i, line in enumerate(text.splitlines()) if needle in line.split("#")[0]][nth]


def test_the_shipped_file_says_it_must_be_checked():
    """BIN-06/BIN-G5: geometry the rulebook does not print is data with a header saying so."""
    assert "CHECK THIS AGAINST YOUR PRINTED BOARD" in SHIPPED
    assert check_house(default_house_path()) == []


def test_six_double_sided_tiles_in_two_rows_of_three():
    """BIN-03/BIN-06, Setup: "Assemble the house from the six house tiles, making sure that the
    house is 2 x 3 (two rows of three tiles), and that green borders on the outside edges"."""
    tiles, layout, _, issues = read_tiles(default_house_path())
    assert not issues and len(tiles) == 6 and all({n for n, _ in t.sides} == {"a", "b"} for t in tiles.values())
    assert [p.slot for p in layout] == ["NW", "N", "NE", "SW", "S", "SE"]
    with pytest.raises(HouseError, match="green borders"):
        assemble(tiles, parse_layout(("2a0", "1a0", "3a0", "4a0", "5a0", "6a0")))
    turned = assemble(tiles, parse_layout(("3a3", "2a0", "1a1", "4a0", "5a0", "6a0")))  # corner tiles swapped
    assert len(turned.rooms) == 17


def test_one_door_per_pair_of_rooms_even_with_two_frames():
    """BIN-27, Step 1: "All doors count as one door, even those with two door frames." Tiles 1 and
    4 both print the doorway between the Conservatory and the Den: one door."""
    h = load_house()
    pairs = [(d.a, d.b) for d in h.doors if not d.outside]
    assert len(pairs) == len(set(pairs))
    assert [d.id for d in h.doors].count("conservatory/den") == 1


def test_the_three_outside_doors():
    """BIN-56, Running outside: "Three doors lead outside: the Front Door, the Cemetery Gate, and
    the Garage Door." (their rooms are data)."""
    h = load_house()
    out = {d.id: h.rooms[d.a].id for d in h.doors if d.b == OUTSIDE}
    assert out == {"front_door": "front_hall", "garage_door": "garage", "cemetery_gate": "conservatory"}
    assert GATES == {"garage_door", "cemetery_gate"}


def test_walls_and_corners_for_the_ghost():
    """BIN-G13: "diagonal" needs geometry: the data gives rooms sharing a wall and rooms touching
    only at a corner, and they never overlap."""
    h = load_house()
    for i in range(len(h.rooms)):
        assert not set(h.walls[i]) & set(h.diagonal[i])
        assert set(h.neighbours(i)) <= set(h.walls[i])  # a door is in a wall


def test_every_turn_of_the_tiles_is_one_connected_house():
    """BIN-G5: which side is up is the table's choice: all 64 ways, in the file's slots, are
    checked (and the Bonus cards' rooms are on both sides of their tiles)."""
    tiles, layout, _, _ = read_tiles(default_house_path())
    for n in range(64):
        flips = [("a", "b")[(n >> k) & 1] for k in range(6)]
        h = assemble(tiles, tuple(Placement(p.slot, p.tile, f, p.turns) for p, f in zip(layout, flips)))
        for room in ("den", "cellar", "workshop", "conservatory", "bedroom"):
            assert h.rooms_named(room)


def test_a_layout_setting_is_checked(tmp_path: Path):
    """BIN-G5 setting `layout`: a bad one is refused with the reason."""
    with pytest.raises(DataFileIssues, match="green borders"):
        load_house("", ("2a0", "1a0", "3a0", "4a0", "5a0", "6a0"))
    with pytest.raises(DataFileIssues, match="TILE SIDE TURNS"):
        load_house("", ("1c0", "2a0", "3a0", "4a0", "5a0", "6a0"))
    assert len(load_house("", ("1b", "2b", "3b", "4b", "5b", "6b")).rooms) == 18


@pytest.mark.parametrize(("edit", "needle", "words"), [
    (('green = "NW"', 'green = "NX"'), 'green = "NX"', "green names its green"),
    (('cells = "01" },\n    { id = "study"', 'cells = "01 00" },\n    { id = "study"'), 'cells = "01 00"', "in both"),
    (('a.doors = ["00-01", "01-11", "10-11"]', 'a.doors = ["00-11", "01-11", "10-11"]'), '"00-11"', "do not share a wall"),
    (('a.edges = ["E0", "S0", "S1"]', 'a.edges = ["E0", "S0", "N1"]'), '"N1"', "green (outside) edge"),
    (('{ id = "library", name = "Library", cells = "01" }', '{ id = "Library!", name = "Library", cells = "01" }'),
     '"Library!"', "lower case"),
    (('scare = 2 },\n    { id = "back_hall"', 'scare = 9 },\n    { id = "back_hall"'), "scare = 9", "0 to 3"),
    (('{ id = "music_room", name = "Music Room", cells = "01 11" }', '{ id = "music_room", name = "Music Room", cells = "01 11", colour = "red" }'),
     '"music_room"', "unknown key"),
    (('outside = [{ door = "Front Door", at = "S0" }]', 'outside = [{ door = "Back Door", at = "S0" }]'),
     "Back Door", "not an outside door"),
])
def test_each_mistake_names_its_line(tmp_path: Path, edit: tuple[str, str], needle: str, words: str):
    """BIN-G5 (data with a checker): the checker names the file and the line of each problem."""
    path, text = variant(tmp_path, edit)
    issues = check_house(path)
    assert any(i.line == line_of(text, needle) and words in i.message for i in issues), issues
    assert all(i.path == str(path) for i in issues)


def test_whole_file_problems(tmp_path: Path):
    """Missing tiles, an outside door twice, a broken file, an unreadable file: each a clear issue."""
    path, _ = variant(tmp_path, ('outside = [{ door = "Garage Door", at = "E1" }]',
                                 'outside = [{ door = "Garage Door", at = "E1" }, { door = "Front Door", at = "S0" }]'))
    assert any("Front Door must be on exactly one tile" in i.message for i in check_house(path))
    path, _ = variant(tmp_path, ("[[tile]]\nid = \"6\"", "[[tiles]]\nid = \"6\""))
    assert any("6 tiles" in i.message for i in check_house(path))
    broken = tmp_path / "broken.toml"
    broken.write_text("name = 'x'\n[[tile]\n", encoding="utf-8")
    assert check_house(broken)[0].line == 2
    assert "cannot read" in check_house(tmp_path / "missing.toml")[0].message
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * 300_000)
    assert "too big" in check_house(big)[0].message


def test_an_unreachable_room_is_found(tmp_path: Path):
    """Every room must be reachable through doors, in every way of turning the tiles over."""
    path, _ = variant(tmp_path, ('a.doors = ["00-10", "01-11"]\na.edges = ["N0", "E0", "E1"]',
                                 'a.doors = ["01-11"]\na.edges = ["N0", "E0", "E1"]'))
    assert any("no door leads to laundry" in i.message for i in check_house(path))


def test_board_check_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """`companion bin board check [FILE]`: OK with counts, or every problem and exit status 1."""
    assert cli.main(["bin", "board", "check"]) == 0
    assert "OK - 17 rooms, 25 doors, 3 outside doors" in capsys.readouterr().out
    path, text = variant(tmp_path, ('green = "NW"', 'green = "NX"'))
    assert cli.main(["bin", "board", "check", str(path)]) == 1
    err = capsys.readouterr().err
    where = line_of(text, 'green = "NX"')
    assert f"{path}:{where}:" in err and "1 problem(s)" in err
    assert cli.main(["bin", "board", "check", "--layout", "1b 2b 3b 4b 5b 6b"]) == 0
    assert "18 rooms" in capsys.readouterr().out
    assert cli.main(["bin", "board"]) == 2


@pytest.mark.parametrize(("edit", "words"), [
    (('b.rooms = [\n    { id = "conservatory", name = "Conservatory", cells = "00", scare = 1 },', 'c.rooms = [\n    { id = "conservatory", name = "Conservatory", cells = "00", scare = 1 },'),
     "side b: rooms must be a list"),
    (('a.rooms = [\n    { id = "kitchen"', 'a.roomz = [\n    { id = "kitchen"'), "unknown key a.roomz"),
    (('{ id = "laundry", name = "Laundry", cells = "10" }', '{ id = "laundry", name = "Laundry", cells = "12" }'),
     "is not a cell"),
    (('{ id = "laundry", name = "Laundry", cells = "10" }', '{ id = "laundry", name = "Laundry", cells = 10 }'),
     "cells is a string"),
    (('{ id = "laundry", name = "Laundry", cells = "10" }', '{ id = "laundry", name = "", cells = "10" }'), "needs a name"),
    (('{ id = "kitchen", name = "Kitchen", cells = "00 01" }', '{ id = "kitchen", name = "Kitchen", cells = "00 11" }'),
     "do not touch"),
    (('{ id = "closet", name = "Closet", cells = "11", scare = 1 }', '{ id = "den", name = "Closet", cells = "11", scare = 1 }'),
     "two rooms are called den"),
    (('{ id = "study", name = "Study", cells = "11" },\n]\na.doors', ']\na.doors'), "belong to no room"),
    (('a.doors = ["00-10", "01-11"]\na.edges = ["N0", "E0", "E1"]', 'a.doors = ["00"]\na.edges = ["N0", "E0", "E1"]'),
     "must join two cells"),
    (('a.doors = ["00-10", "01-11"]\na.edges = ["N0", "E0", "E1"]', 'a.doors = ["00-01", "01-11"]\na.edges = ["N0", "E0", "E1"]'),
     "inside the room den"),
    (('a.doors = ["00-10", "01-11"]\na.edges = ["N0", "E0", "E1"]', 'a.doors = "00-10"\na.edges = ["N0", "E0", "E1"]'),
     "doors is a list"),
    (('a.edges = ["E0", "S0", "S1"]', 'a.edges = ["X9", "S0", "S1"]'), "must be a side"),
    (('a.edges = ["E0", "S0", "S1"]', 'a.edges = "E0"'), "edges is a list"),
    (('outside = [{ door = "Cemetery Gate", at = "W0" }]', 'outside = [{ door = "Cemetery Gate", at = "E0" }]'),
     "must be on a green edge"),
    (('outside = [{ door = "Cemetery Gate", at = "W0" }]', 'outside = [{ door = "Cemetery Gate" }]'),
     "each outside door is"),
    (('outside = [{ door = "Cemetery Gate", at = "W0" }]', 'outside = "gate"'), "outside is a list"),
    (('id = "2"\ngreen = "N"', 'id = "1"\ngreen = "N"'), "two tiles are called 1"),
    (('id = "2"\ngreen = "N"', 'id = "two!"\ngreen = "N"'), "letters or digits"),
    (('{ id = "cellar", name = "Cellar", cells = "10", scare = 2 },\n    { id = "back_hall"',
      '{ id = "den", name = "Cellar", cells = "10", scare = 2 },\n    { id = "back_hall"'), "ids must differ between tiles"),
    (('NE = "3a0"', 'NE = "3a9"'), "TILE SIDE TURNS"),
    (('SE = "6a0"\n', ''), "names the tile in each slot"),
    (('name = "Bump in the Night house (unverified guess)"', 'nmae = "x"'), "unknown key 'nmae'"),
    (('name = "Bump in the Night house (unverified guess)"', 'name = 3'), "name must be a string"),
    (('green = "SE"', 'green = "NSEW"'), "green names its green"),
    (('{ id = "garage", name = "Garage", cells = "11", scare = 1 }', '"garage"'), "each room is"),
])
def test_every_kind_of_mistake_is_reported(tmp_path: Path, edit: tuple[str, str], words: str):
    path, _ = variant(tmp_path, edit)
    issues = check_house(path)
    assert any(words in i.message for i in issues), issues
    with pytest.raises(DataFileIssues):
        load_house(path)
