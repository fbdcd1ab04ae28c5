"""The Boogeyman board file: the shipped plan loads, and every kind of mistake is reported
with the line to fix."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli
from companion.core.errors import BoardFileError
from companion.games.boogeyman.board_file import (
    BoardFileIssues,
    BoardIssue,
    check_house,
    default_house_path,
    load_default_house,
    load_house,
)

SHIPPED = default_house_path().read_text(encoding="utf-8")
COMPANION = Path(sys.executable).with_name("companion")


def variant(tmp_path: Path, *edits: tuple[str, str]) -> tuple[Path, str]:
    """The shipped file with each `old` text replaced once by `new`."""
    text = SHIPPED
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "board.toml"
    path.write_text(text, encoding="utf-8")
    return path, text


def line_of(text: str, needle: str, nth: int = 0) -> int:
    hits = [i + 1 for i, line in enumerate(text.splitlines()) if needle in line.split("#")[0]]
    return hits[nth]


def found(issues: list[BoardIssue], line: int | None, words: str) -> bool:
    return any(i.line == line and words in i.message for i in issues)


# --- the shipped file ---


def test_shipped_file_passes() -> None:
    assert check_house(default_house_path()) == []
    house = load_house(default_house_path())
    assert house.rooms == tuple(str(n) for n in range(1, 26))
    assert house.corridors == ("C1", "C2", "C3", "C4", "C5")
    assert (house.attic, house.secret_room) == ("5", "20")
    assert house.double_search_rooms == ("6", "20")
    assert len(house.lock_rooms) == 10 and not {"5", "20"} & set(house.lock_rooms)
    assert house.ladder_spaces == 10
    assert sum(t.count for t in house.search_tokens) == 50 == house.tokens_per_room * len(house.rooms)
    assert house.source == str(default_house_path())
    assert load_default_house() is load_default_house()


def test_shipped_file_says_it_is_a_guess() -> None:
    header = SHIPPED.split("name =")[0]
    assert "GUESS" in header and "companion board check FILE" in header
    for what in ("plan", "Lock", "Stress Scale", "Event", "Search tokens"):
        assert what in header


def test_corridors_are_a_few_steps_apart() -> None:
    house = load_default_house()
    graph = house.graph()
    for a in house.corridors:
        dist = graph.distances(a)
        assert all(dist[b] <= 3 for b in house.corridors)
    assert house.children_start in house.corridors


def test_attic_is_reachable_only_through_its_lock() -> None:
    house = load_default_house()
    graph = house.graph()
    assert house.attic in graph.reachable(house.children_start)
    locked = graph.with_edges(without=[house.attic])
    reach = locked.reachable(house.children_start)
    assert house.attic not in reach
    # Closing the attic strands nothing else.
    assert reach == frozenset(house.zones) - {house.attic, house.secret_room}


def test_secret_room_needs_the_trap_door() -> None:
    house = load_default_house()
    graph = house.graph()
    assert graph.neighbours(house.secret_room) == ()
    assert house.secret_room not in graph.reachable(house.children_start)
    opened = graph.with_edges(extra=[("14", house.secret_room)])
    assert opened.path(house.children_start, house.secret_room) == ("C1", "C3", "14", "20")


# --- syntax and structure ---


def test_toml_syntax_error_names_its_line(tmp_path: Path) -> None:
    path, text = variant(tmp_path, ('spaces = 10 ', 'spaces = = 10 '))
    issues = check_house(path)
    assert len(issues) == 1
    assert issues[0].line == line_of(text, "spaces = = 10")
    assert "TOML syntax error" in issues[0].message
    with pytest.raises(BoardFileError) as err:
        load_house(path)
    assert err.value.line == issues[0].line


def test_unreadable_file(tmp_path: Path) -> None:
    issues = check_house(tmp_path / "missing.toml")
    assert len(issues) == 1 and issues[0].line == 1 and "cannot read" in issues[0].message


def test_missing_key_and_table(tmp_path: Path) -> None:
    path, text = variant(
        tmp_path,
        ('babysitter_start = "10"', ""),
        ("[stress]\ntop = 8                        # guess; both tracks start at 0\n"
         "trouble = [3, 6]               # guess; same spaces on both tracks\n", ""),
    )
    issues = check_house(path)
    assert found(issues, line_of(text, "[rules]"), "missing key 'babysitter_start'")
    assert found(issues, 1, "missing table [stress]")  # a problem of the file as a whole: line 1
    assert len(issues) == 2


def test_unknown_key_is_a_typo(tmp_path: Path) -> None:
    path, text = variant(tmp_path, ("lock_rooms = [", "lock_room = ["))
    issues = check_house(path)
    assert found(issues, line_of(text, "lock_room ="), "unknown key 'lock_room'")
    assert found(issues, line_of(text, "[rules]"), "missing key 'lock_rooms'")


def test_wrong_types(tmp_path: Path) -> None:
    path, text = variant(
        tmp_path,
        ("spaces = 10 ", 'spaces = "ten" '),
        ('corridors = ["C1", "C2", "C3", "C4", "C5"]', 'corridors = "C1"'),
        ("trouble = [3, 6]", 'trouble = [3, "6"]'),
    )
    issues = check_house(path)
    assert found(issues, line_of(text, 'spaces = "ten"'), "spaces must be a whole number")
    assert found(issues, line_of(text, 'corridors = "C1"'), "corridors must be a list")
    assert found(issues, line_of(text, "trouble = [3"), "trouble must be a list of whole numbers")


# --- zones and passages ---


def test_duplicate_rooms_and_corridors(tmp_path: Path) -> None:
    path, text = variant(
        tmp_path,
        ('"21", "22", "23", "24", "25",', '"21", "22", "23", "24", "25", "3",'),
        ('"C4", "C5"]', '"C4", "C5", "C2"]'),
    )
    issues = check_house(path)
    assert found(issues, line_of(text, '"21", "22"'), "room '3' is listed twice")
    assert found(issues, line_of(text, "corridors ="), "corridor 'C2' is listed twice")


def test_zone_both_room_and_corridor(tmp_path: Path) -> None:
    path, text = variant(tmp_path, ('"C4", "C5"]', '"C4", "C5", "7"]'))
    assert found(check_house(path), line_of(text, "corridors ="), "'7' is both a room and a corridor")


def test_unknown_zone_in_passage(tmp_path: Path) -> None:
    path, text = variant(tmp_path, ('["C2", "9"],', '["C2", "99"],'))
    issues = check_house(path)
    assert [str(i) for i in issues] == [f"{path}:{line_of(text, '99')}: passage C2-99: unknown zone '99'"]


def test_duplicate_passage_either_way_round(tmp_path: Path) -> None:
    path, text = variant(tmp_path, ('["1", "2"],', '["1", "2"],\n    ["2", "1"],\n    ["1", "2"],'))
    issues = check_house(path)
    assert len(issues) == 2
    assert found(issues, line_of(text, '["2", "1"]'), "passage 2-1 is listed twice")
    assert found(issues, line_of(text, '["1", "2"]', nth=1), "passage 1-2 is listed twice")


def test_self_loop(tmp_path: Path) -> None:
    path, text = variant(tmp_path, ('["3", "4"],', '["3", "3"],'))
    assert [i.line for i in check_house(path)] == [line_of(text, '["3", "3"]')]
    assert "joins a zone to itself" in check_house(path)[0].message


def test_passage_into_the_secret_room(tmp_path: Path) -> None:
    path, text = variant(tmp_path, ('["C3", "15"],', '["C3", "15"],\n    ["C3", "20"],'))
    issues = check_house(path)
    assert len(issues) == 1
    assert found(issues, line_of(text, '["C3", "20"]'), "touches the secret room")


def test_unreachable_zones_are_each_named(tmp_path: Path) -> None:
    path, text = variant(tmp_path, ('["C2", "C5"],     # cellar stairs', ""))
    issues = check_house(path)
    basement = line_of(text, '"21", "22"')
    for room in ("21", "22", "23", "24", "25"):
        assert found(issues, basement, f"room '{room}' cannot be reached from children_start 'C1'")
    assert found(issues, line_of(text, "corridors ="), "corridor 'C5' cannot be reached")
    assert len(issues) == 6


def test_unreachable_babysitter_start(tmp_path: Path) -> None:
    path, text = variant(
        tmp_path, ('["C2", "C5"],     # cellar stairs', ""), ('babysitter_start = "10"', 'babysitter_start = "23"')
    )
    assert found(check_house(path), line_of(text, "babysitter_start"), "babysitter_start '23' cannot be reached")


def test_attic_without_passage(tmp_path: Path) -> None:
    path, text = variant(tmp_path, ('["C4", "5"],      # attic stairs, behind the padlock', ""))
    issues = check_house(path)
    assert found(issues, line_of(text, "attic ="), "the attic '5' has no passage")
    assert found(issues, line_of(text, '"1", "2", "3"'), "room '5' cannot be reached")


def test_nothing_may_hide_behind_the_attic(tmp_path: Path) -> None:
    path, text = variant(tmp_path, ('["C2", "C5"],     # cellar stairs', '["5", "C5"],'))
    issues = check_house(path)
    assert found(issues, line_of(text, "corridors ="), "'C5' can only be reached through the locked attic '5'")
    assert found(issues, line_of(text, '"21", "22"'), "'25' can only be reached through the locked attic")
    assert len(issues) == 6


# --- rules ---


def test_rules_naming_unknown_or_wrong_zones(tmp_path: Path) -> None:
    path, text = variant(
        tmp_path,
        ('children_start = "C1"', 'children_start = "C9"'),
        ('attic = "5"', 'attic = "C4"'),
        ('double_search_rooms = ["6", "20"]', 'double_search_rooms = ["6", "20", "30"]'),
    )
    issues = check_house(path)
    assert found(issues, line_of(text, "children_start"), "children_start: unknown zone 'C9'")
    assert found(issues, line_of(text, "attic ="), "attic: 'C4' is a corridor, not a room")
    assert found(issues, line_of(text, "double_search_rooms"), "unknown room '30'")


def test_starting_in_the_attic_or_secret_room(tmp_path: Path) -> None:
    path, text = variant(
        tmp_path,
        ('children_start = "C1"', 'children_start = "5"'),
        ('babysitter_start = "10"', 'babysitter_start = "20"'),
    )
    issues = check_house(path)
    assert found(issues, line_of(text, "children_start"), "cannot start in the locked attic")
    assert found(issues, line_of(text, "babysitter_start"), "cannot start in the secret room")


def test_lock_rooms(tmp_path: Path) -> None:
    multi_line = (
        "lock_rooms = [\n"
        '    "2", "4", "8",\n'
        '    "26",\n'
        '    "C3", "5", "4",\n'
        "]"
    )
    path, text = variant(
        tmp_path, ('lock_rooms = ["2", "4", "8", "12", "14", "17", "19", "22", "24", "25"]', multi_line)
    )
    issues = check_house(path)
    assert found(issues, line_of(text, '"26"'), "lock_rooms: unknown room '26'")
    assert found(issues, line_of(text, '"C3", "5"'), "lock_rooms: 'C3' is a corridor")
    assert found(issues, line_of(text, '"C3", "5"'), "'5' is the attic")
    assert found(issues, line_of(text, '"C3", "5"'), "room '4' is listed twice")
    assert len(issues) == 4


def test_too_many_lock_rooms(tmp_path: Path) -> None:
    path, text = variant(tmp_path, ('"22", "24", "25"]', '"22", "24", "25", "1"]'))
    assert found(check_house(path), line_of(text, "lock_rooms"), "only 10 Lock tokens")


# --- ladder and stress ---


def test_ladder_spaces_and_events(tmp_path: Path) -> None:
    path, text = variant(tmp_path, ("spaces = 10 ", "spaces = 0 "))
    assert found(check_house(path), line_of(text, "spaces = 0"), "at least 1 space")
    path, text = variant(tmp_path, ("event_spaces = [3, 6, 9]", "event_spaces = [3, 6, 11, 0]"))
    issues = check_house(path)
    line = line_of(text, "event_spaces")
    assert found(issues, line, "ladder space 11 is outside 1..10")
    assert found(issues, line, "ladder space 0 is outside 1..10")
    path, text = variant(tmp_path, ("spaces = 10 ", "spaces = 26 "))
    assert found(check_house(path), line_of(text, "spaces = 26"), "only 25 Room tokens")


def test_stress_trouble_outside_the_scale(tmp_path: Path) -> None:
    path, text = variant(tmp_path, ("trouble = [3, 6]", "trouble = [0, 3, 9, 3]"))
    issues = check_house(path)
    line = line_of(text, "trouble =")
    assert found(issues, line, "stress space 0 is outside 1..8")
    assert found(issues, line, "stress space 9 is outside 1..8")
    assert found(issues, line, "trouble space 3 is listed twice")
    path, text = variant(tmp_path, ("top = 8 ", "top = -1 "))
    assert found(check_house(path), line_of(text, "top = -1"), "at least 1")


# --- search tokens ---


def _token(kind: str) -> str:
    """The `kind = ...` line of an entry that appears exactly once."""
    return f'kind = "{kind}"\ncount = '


def test_token_total_must_fill_every_room(tmp_path: Path) -> None:
    path, text = variant(tmp_path, (_token("blank") + "6", _token("blank") + "5"))
    issues = check_house(path)
    assert [i.line for i in issues] == [line_of(text, "[[search_tokens]]")]
    assert "total 49" in issues[0].message and "need 50" in issues[0].message


def test_exactly_one_trap_door_and_one_skeleton_key(tmp_path: Path) -> None:
    path, text = variant(
        tmp_path,
        (_token("trap_door") + "1", _token("trap_door") + "2"),
        ('kind = "skeleton_key"\ncount = 1\n', 'kind = "blank"\ncount = 1\n'),
    )
    issues = check_house(path)
    assert found(issues, line_of(text, "[[search_tokens]]"), "exactly one trap_door token, not 2")
    assert found(issues, line_of(text, "[[search_tokens]]"), "exactly one skeleton_key token, not 0")
    assert len(issues) == 3  # and the total is 51


def test_objectives_of_one_colour(tmp_path: Path) -> None:
    path, text = variant(
        tmp_path,
        ('count = 3\ncolour = "red"', 'count = 2\ncolour = "red"\n\n[[search_tokens]]\nkind = "objective"\ncount = 1\ncolour = "blue"'),
    )
    issues = check_house(path)
    assert len(issues) == 1
    assert found(issues, line_of(text, "[[search_tokens]]", nth=2), "3 objective tokens of one colour")


def test_zero_negative_and_unknown_tokens(tmp_path: Path) -> None:
    path, text = variant(
        tmp_path,
        (_token("candy") + "10", _token("candy") + "0"),
        (_token("die") + "6", _token("die") + "-6"),
        (_token("blank"), 'kind = "ghost"\ncount = '),
    )
    issues = check_house(path)
    assert found(issues, line_of(text, "count = 0"), "count must be at least 1, not 0")
    assert found(issues, line_of(text, "count = -6"), "count must be at least 1, not -6")
    assert found(issues, line_of(text, '"ghost"'), "unknown token kind 'ghost'")
    assert len(issues) == 3  # no totals on top of broken entries


def test_noise_needs_a_value_and_objective_a_colour(tmp_path: Path) -> None:
    path, text = variant(
        tmp_path,
        ("count = 10\nvalue = 1", "count = 10\nvalue = 0"),
        ('colour = "red"', 'colour = ""'),
    )
    issues = check_house(path)
    assert found(issues, line_of(text, "value = 0"), "a noise token needs a value of at least 1")
    assert found(issues, line_of(text, "[[search_tokens]]", nth=2), "an objective token needs a colour")


# --- everything at once ---


def test_every_problem_is_reported_and_load_raises_them_all(tmp_path: Path) -> None:
    path, text = variant(
        tmp_path,
        ('["C2", "9"],', '["C2", "99"],'),
        ('["3", "4"],', '["3", "3"],'),
        ("spaces = 10 ", "spaces = 0 "),
        (_token("candy") + "10", _token("candy") + "0"),
    )
    issues = check_house(path)
    assert len(issues) == 4
    assert sorted(i.line for i in issues if i.line) == sorted(
        [line_of(text, '"99"'), line_of(text, '["3", "3"]'), line_of(text, "spaces = 0"), line_of(text, "count = 0")]
    )
    with pytest.raises(BoardFileIssues) as err:
        load_house(path)
    assert err.value.issues == tuple(issues)
    assert isinstance(err.value, BoardFileError) and isinstance(err.value, ValueError)
    assert "and 3 more" in str(err.value)
    assert all(str(i) in str(err.value) for i in issues[1:])


# --- the command line ---


def test_cli_ok(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(default_house_path())
    assert cli.main(["board", "check", path]) == 0
    out = capsys.readouterr()
    assert out.out.strip() == f"{path}: OK — 25 rooms, 5 corridors, 39 passages"
    assert out.err == ""
    assert cli.main(["board", "check"]) == 0  # the shipped file by default


def test_cli_lists_each_issue(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, text = variant(tmp_path, ('["C2", "9"],', '["C2", "99"],'), ("spaces = 10 ", "spaces = 0 "))
    assert cli.main(["board", "check", str(path)]) == 1
    out = capsys.readouterr()
    assert out.out == ""
    lines = out.err.splitlines()
    assert f"{path}:{line_of(text, '99')}: passage C2-99: unknown zone '99'" in lines
    assert f"{path}:{line_of(text, 'spaces = 0')}: the ladder needs at least 1 space, not 0" in lines
    assert lines[-1] == f"{path}: 2 problem(s)"


def test_cli_board_without_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["board"]) == 2
    assert "check" in capsys.readouterr().err


def test_installed_command(tmp_path: Path) -> None:
    ok = subprocess.run([str(COMPANION), "board", "check", str(default_house_path())],
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr
    assert "OK — 25 rooms, 5 corridors" in ok.stdout
    path, text = variant(tmp_path, ('["3", "4"],', '["3", "3"],'))
    bad = subprocess.run([str(COMPANION), "board", "check", str(path)], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1
    line = line_of(text, '["3", "3"]')
    assert f"{path}:{line}: passage 3-3 joins a zone to itself" in bad.stderr


# --- every problem has a line (issue 24) ---


def _deep(n: int) -> str:
    return "x = " + "[" * n + "]" * n + "\n"


HOSTILE: dict[str, bytes] = {
    "empty": b"",
    "blank lines": b"\n\n  \n",
    "a comment only": b"# nothing here\n",
    "binary": bytes(range(256)) * 4,
    "not UTF-8 on line 3": b'name = "x"\n\n"caf\xe9" = 1\n',
    "NUL bytes": b'name = "x"\x00\x00\n',
    "nested too deep": _deep(100_000).encode(),
    "a huge integer": b"x = 1" + b"0" * 5000 + b"\n",
    "too large": b"#" * (2 << 20),
    "missing name and search_tokens": SHIPPED.replace('name = "Villa Spencer (unverified plan)"', "")
                                             .split("[[search_tokens]]")[0].encode(),
    "only a name": b'name = "x"\n',
    "an unterminated string": b'name = "x\n',
    "a table of the wrong type": b'name = "x"\nzones = 5\nrules = 1\nladder = []\nstress = "s"\n',
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_every_problem_names_a_line(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`bgm board check` reported 12 kinds of problem with no line (a missing key or table, a
    binary or empty file, nesting too deep, ...). Each now names a line of the file: the line
    of the problem, or line 1 for the file as a whole."""
    path = tmp_path / "board.toml"
    path.write_bytes(HOSTILE[case])
    last = max(1, HOSTILE[case].count(b"\n") + (not HOSTILE[case].endswith(b"\n")))
    issues = check_house(path)
    assert issues
    for issue in issues:
        assert isinstance(issue.line, int) and 1 <= issue.line <= last, (issue, last)
    assert cli.main(["bgm", "board", "check", str(path)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == len(issues) + 1 and lines[-1] == f"{path}: {len(issues)} problem(s)"
    for line in lines[:-1]:
        assert line.startswith(f"{path}:") and line[len(str(path)) + 1:].split(":", 1)[0].isdigit(), line


def test_a_file_that_cannot_be_read_is_named_at_line_1(tmp_path: Path) -> None:
    for path in (tmp_path / "missing.toml", tmp_path):
        (issue,) = check_house(path)
        assert issue.line == 1 and "cannot read" in issue.message


def test_not_utf8_names_the_line_of_the_bad_byte(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_bytes(HOSTILE["not UTF-8 on line 3"])
    (issue,) = check_house(path)
    assert issue.line == 3 and "not UTF-8" in issue.message


@pytest.mark.parametrize("bad", ["1\\u0000", "C\\n1", "[x]", " 7", "7\\t", "a\\u200bb", "a=b", "#1"])
def test_a_zone_id_is_a_plain_name(bad: str, tmp_path: Path) -> None:
    """A room or corridor id is shown, spoken and typed in inputs: a NUL, a newline or `[x]` in one
    was accepted. Letters, digits, inner spaces and _ - ' . only."""
    path, text = variant(tmp_path, ('"21", "22", "23"', f'"21", "{bad}", "22", "23"'))
    issues = check_house(path)
    assert any(i.line == line_of(text, '"21", "') and "room id" in i.message and "letters, digits" in i.message
               for i in issues), issues
    path, text = variant(tmp_path, ('"C1", "C2", "C3"', f'"C1", "{bad}", "C2", "C3"'))
    issues = check_house(path)
    assert any(i.line is not None and "corridor id" in i.message for i in issues), issues
