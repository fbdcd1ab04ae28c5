"""The shared data-file machinery: reading a TOML file within bounds, and naming the line of
every problem (companion/core/datafile.py)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

import pytest

from companion.core.datafile import DataFileIssues, Issue, Lines, Wording, add_check_command, loaded, number, pair
from companion.core.datafile import parse_checked, parse_toml, quoted, read_checked, read_toml, report_issues
from companion.core.errors import BoardFileError, CompanionError

SAMPLE = """\
# a header comment with [brackets] and key = "value"
name = "Villa # not a comment"
rooms = ["Hall", "Kitchen"]   # a comment

[zones]
passages = [
    ["Hall", "Kitchen"],
    ["Kitchen", "Hall"],  # the same passage, written twice
    ["Hall"],
]
spaces = [
    { id = "a", next = [1, 2] },
    { id = "b" },
]

[[card]]
name = "First"
copies = [1, 2,
          3]

[card.extra]
note = "belongs to the first card"

[[card]]
name = "Second"
"""


def write(tmp_path: Path, content: str | bytes, name: str = "data.toml") -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def test_an_issue_reads_as_path_line_message() -> None:
    assert str(Issue("house.toml", 12, "unknown room 'Attic'")) == "house.toml:12: unknown room 'Attic'"
    assert str(Issue("house.toml", None, "cannot read the file")) == "house.toml: cannot read the file"


def test_the_exception_carries_every_issue_and_is_a_board_file_error() -> None:
    issues = [Issue("f.toml", 3, "first"), Issue("f.toml", None, "second"), Issue("f.toml", 9, "third")]
    err = DataFileIssues(issues)
    assert isinstance(err, BoardFileError) and isinstance(err, CompanionError) and isinstance(err, ValueError)
    assert err.issues == tuple(issues) and (err.path, err.line, err.message[:5]) == ("f.toml", 3, "first")
    assert str(err) == "f.toml:3: first (and 2 more:\n  f.toml: second\n  f.toml:9: third)"
    short = DataFileIssues(issues, most=1)
    assert str(short) == "f.toml:3: first (and 2 more: f.toml: second, ...)"
    assert str(DataFileIssues(issues[:1])) == "f.toml:3: first"


def test_a_good_file_is_parsed_and_its_text_kept(tmp_path: Path) -> None:
    data, text, issues = read_toml(write(tmp_path, SAMPLE))
    assert issues == [] and text == SAMPLE
    assert data is not None and data["rooms"] == ["Hall", "Kitchen"] and data["card"][1]["name"] == "Second"


def test_a_missing_file_and_a_directory_cannot_be_read(tmp_path: Path) -> None:
    for path in (tmp_path / "missing.toml", tmp_path):
        data, _, issues = read_toml(path)
        assert data is None and len(issues) == 1 and issues[0].line == 1  # the file as a whole
        assert issues[0].message.startswith("cannot read the file: ")


def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    data, _, issues = read_toml(fifo)
    assert data is None and "not a regular file" in issues[0].message


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = write(tmp_path, "# " + "x" * 5000)
    data, text, issues = read_toml(big, limit=4096)
    assert data is None and text == ""
    assert [str(i) for i in issues] == [f"{big}:1: 5002 bytes: too big for a data file (at most 4096)"]
    wording = Wording(too_big="too large for a board file ({size} bytes; at most {limit})")
    assert read_toml(big, 4096, wording)[2][0].message == "too large for a board file (5002 bytes; at most 4096)"
    assert parse_toml("x" * 11, "journal", limit=10)[2][0].message == "11 bytes: too big for a data file (at most 10)"


def test_bad_utf8_is_named(tmp_path: Path) -> None:
    data, _, issues = read_toml(write(tmp_path, b'# a house\n\nname = "caf\xe9"\n'))
    assert data is None and issues[0].line == 3 and issues[0].message == "not UTF-8 text: invalid continuation byte"


def test_a_syntax_error_points_at_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, 'name = "x"\nrooms = ["Hall"\n[zones]\n')
    data, text, issues = read_toml(path)
    assert data is None and text.startswith("name") and len(issues) == 1
    assert issues[0].line == 3 and issues[0].message.startswith("TOML syntax error: ")
    # An error at the end of the document is on its last line.
    unclosed = write(tmp_path, 'name = "x"\nrooms = [\n  "Hall",\n', "unclosed.toml")
    assert read_toml(unclosed)[2][0].line == 3


def test_a_damaged_file_is_an_issue_not_a_crash(tmp_path: Path) -> None:
    damaged = write(tmp_path, b"name = \"x\"\n\x00\x01\x02[[[\n")
    data, _, issues = read_toml(damaged)
    assert data is None and issues[0].line == 2 and "TOML syntax error" in issues[0].message
    deep = write(tmp_path, "x = " + "[" * 100_000 + "]" * 100_000 + "\n", "deep.toml")
    assert read_toml(deep, wording=Wording(too_deep="nested too deeply (two levels)"))[2][0].message == (
        "nested too deeply (two levels)")
    huge = write(tmp_path, "x = " + "9" * 5000 + "\n", "huge.toml")
    assert read_toml(huge)[2][0].message.startswith("TOML value out of range: ")


def test_lines_finds_tables_keys_and_their_fallbacks() -> None:
    lines = Lines(SAMPLE)
    assert lines.key("", "name") == 2 and lines.key("", "rooms") == 3
    assert lines.key("", "absent") is None and lines.where("", "absent") is None
    assert lines.key("", "zones") == 5 and lines.key("", "card") == 16  # a table is a key too
    assert lines.key("card", "extra", 0) == 21 and lines.key("card", "extra", 1) is None
    assert lines.header("zones") == 5 and lines.key("zones", "spaces") == 11
    assert lines.where("zones", "missing") == 5 and lines.where("zones") == 5
    assert lines.header("nowhere") is None and lines.where("nowhere", "name") is None
    assert lines.count("card") == 2 and lines.count("zones") == 1
    assert [lines.header("card", n) for n in range(3)] == [16, 24, None]
    assert lines.key("card", "name", 1) == 25 and lines.key("card", "copies", 1) is None
    assert lines.span("zones") == (4, 15) and lines.span("", 0) == (0, 4)


def test_lines_inside_a_multi_line_array_are_not_headers_or_keys() -> None:
    lines = Lines(SAMPLE)
    assert lines.header("Hall") is None  # the item ["Hall"], not a table
    assert lines.key("zones", "id") is None  # inside an inline table
    assert lines.key("card", "name", 0) == 17  # a key after the array that ran over two lines


def test_lines_finds_each_item_of_a_multi_line_array() -> None:
    lines = Lines(SAMPLE)
    assert [lines.item("zones", "passages", i) for i in range(4)] == [7, 8, 9, 6]
    assert [lines.item("zones", "spaces", i) for i in range(3)] == [12, 13, 11]
    assert lines.item("", "rooms", 0) == 3  # a one-line array: the key's line


def test_lines_finds_a_value_by_what_it_says() -> None:
    lines = Lines(SAMPLE)
    assert lines.value("zones", "passages", pair("Hall", "Kitchen")) == 7
    assert lines.value("zones", "passages", pair("Kitchen", "Hall")) == 8
    assert lines.value("zones", "passages", quoted("Hall"), occurrence=2) == 9
    assert lines.value("zones", "passages", quoted("Attic")) == 6  # not there: the key's line
    assert lines.value("", "rooms", quoted("Kitchen")) == 3
    assert lines.value("card", "copies", number(3)) == 19 and lines.value("card", "copies", number(2)) == 18
    assert lines.value("card", "copies", number(3), nth=1) == 24  # no such key: the table's header
    assert lines.value("", "name", quoted("Villa # not a comment")) == 2


def test_find_searches_a_table_with_its_sub_tables() -> None:
    lines = Lines(SAMPLE)
    assert lines.find("card", 0, "note =") == 22  # [card.extra] belongs to the first card
    assert lines.find("card", 1, "note =") == 24  # not in the second: its header
    assert lines.find("card", 0, "absent", "copies") == 18  # needles are tried in turn
    assert lines.find("", 0, "Second") == 25  # the top level is the whole file
    assert lines.find("", 0, "absent") is None and lines.find("card", 5, "name") is None
    assert lines.find("zones", 0, "the same passage") == 5  # in a comment: the header
    assert lines.find("", 0, "a comment") == 2  # a # inside quotes is no comment


def test_a_check_command_prints_every_problem_and_fails(capsys: pytest.CaptureFixture[str]) -> None:
    issues = [Issue("f.toml", 3, "first"), Issue("f.toml", None, "second")]
    assert report_issues("f.toml", issues) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.splitlines() == ["f.toml:3: first", "f.toml: second", "f.toml: 2 problem(s)"]
    assert report_issues("g.toml", (f"g.toml: {p}" for p in ("a", "b", "c"))) == 1
    assert capsys.readouterr().err.splitlines()[-1] == "g.toml: 3 problem(s)"


class _Rooms:
    """A checker as a pack writes one: every room must be named."""

    def __init__(self, path: str, text: str, data: dict[str, Any]) -> None:
        self.path, self.lines, self.data = path, Lines(text), data
        self.issues: list[Issue] = []

    def run(self) -> list[str] | None:
        rooms = self.data.get("rooms", [])
        for i, room in enumerate(rooms):
            if not room:
                self.issues.append(Issue(self.path, self.lines.value("", "rooms", quoted(room)), f"room {i + 1} has no name"))
        return list(rooms)


def test_a_checked_file_gives_its_value_or_every_issue(tmp_path: Path) -> None:
    good = write(tmp_path, 'rooms = ["Hall", "Kitchen"]\n')
    assert read_checked(good, _Rooms) == (["Hall", "Kitchen"], [])
    assert loaded(read_checked(good, _Rooms)) == ["Hall", "Kitchen"]
    bad = write(tmp_path, 'rooms = [\n  "Hall",\n  "",\n]\n', "bad.toml")
    value, issues = read_checked(bad, _Rooms)
    assert value is None and [str(i) for i in issues] == [f"{bad}:3: room 2 has no name"]
    with pytest.raises(DataFileIssues) as err:
        loaded(read_checked(bad, _Rooms))
    assert err.value.issues == tuple(issues)
    # Content in hand (as a journal keeps it) is checked the same way, and a broken one is refused.
    assert parse_checked('rooms = ["Hall"]', "journal", _Rooms) == (["Hall"], [])
    assert parse_checked(b"rooms = [", "journal", _Rooms)[1][0].message.startswith("TOML syntax error")
    assert read_checked(tmp_path / "missing.toml", _Rooms)[0] is None


def test_a_check_command_and_its_group(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="companion")
    games = parser.add_subparsers()
    check = add_check_command(games, "board", "board files", what="board file", description="Check it.",
                              file_help="the board file (.toml)", func=lambda args: 0, dest="board_command")
    check.add_argument("--layout", default="")
    args = parser.parse_args(["board", "check", "x.toml", "--layout", "1a0"])
    assert (args.file, args.layout, args.func(args)) == ("x.toml", "1a0", 0)
    assert parser.parse_args(["board", "check"]).file is None
    group = parser.parse_args(["board"])
    assert group.func(group) == 2
    assert "check a board file and list every problem with its line" in capsys.readouterr().err


class _NeedsRooms(_Rooms):
    """A checker that cannot name a line for a key the file lacks."""

    def run(self) -> list[str] | None:
        if "rooms" not in self.data:
            self.issues.append(Issue(self.path, None, "missing key 'rooms'"))
            return None
        return super().run()


def test_a_problem_of_the_whole_file_is_named_at_line_1(tmp_path: Path) -> None:
    """Issue 24: every problem a check reports names a line; one a checker cannot place is a
    problem of the file as a whole, line 1."""
    for content in ("", "# a comment\n", "name = 'x'\n"):
        path = write(tmp_path, content)
        assert [str(i) for i in read_checked(path, _NeedsRooms)[1]] == [f"{path}:1: missing key 'rooms'"]
        assert parse_checked(content, "journal", _NeedsRooms)[1] == [Issue("journal", 1, "missing key 'rooms'")]


@pytest.mark.parametrize("command", [["sol", "board", "check"], ["sol", "cards", "check"], ["gsb", "board", "check"],
                                     ["bgm", "board", "check"], ["bin", "board", "check"], ["bin", "cards", "check"]])
def test_every_check_command_names_a_line_for_an_empty_file(
        command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion import cli

    path = write(tmp_path, "")
    assert cli.main([*command, str(path)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines and lines[-1].endswith("problem(s)")
    for line in lines[:-1]:
        assert line.startswith(f"{path}:") and line[len(str(path)) + 1:].split(":", 1)[0].isdigit(), line
