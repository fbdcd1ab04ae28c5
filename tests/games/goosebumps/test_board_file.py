"""The track file (data/madison.toml): its header, its checker and `companion gsb board check`."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.core.errors import BoardFileError
from companion.games.goosebumps.board import LANDMARKS, check_track, default_track_path, load_track, track_for

from gsb_helpers import TRACK

SHIPPED = default_track_path()


def test_the_shipped_track_says_it_must_be_checked_against_the_printed_board() -> None:
    """GSB-G1/G2: the track and the mix are data with a "check against your printed board" header."""
    head = SHIPPED.read_text().splitlines()[:8]
    assert any("CHECK THIS AGAINST YOUR PRINTED BOARD" in line for line in head)
    assert check_track(SHIPPED) == []
    track = load_track(SHIPPED)
    assert track.landmark_names == LANDMARKS and track.mix.total() == 11
    assert 0 < track.sign < track.tombstone < track.end and track.steal


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = Path(TRACK).read_text()
    assert old in text
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(old, new))
    return path


def _line(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


@pytest.mark.parametrize("old,new,needle,message", [
    ("space = 12,", "space = 5,", "space = 5,", "must come after R.L. Stine's House"),
    ('name = "the Graveyard"', 'name = "the Cemetery"', "the Cemetery", "must be 'the Graveyard'"),
    ("steal = [4, 9,", "steal = [4, 12,", "steal = [4, 12,", "both a Landmark and a STEAL"),
    ("tombstone = 23", "tombstone = 10", "tombstone = 10", "must lie ahead of the sign"),
    ("sign = 15", "sign = 12", "sign = 12", "must be a plain space"),
    ("pal = 3", "pal = 4", "[mayhem]", "counts 12"),
    ("freeze = 1", "ice = 1", "ice = 1", "unknown Monster Mayhem kind 'ice'"),
    ("end = 40", "end = 5", "end = 5", "from 10 to"),
    ("format = 1", "format = 1\ncolour = 2", "colour = 2", "unknown key 'colour'"),
])
def test_every_problem_is_reported_with_its_line(tmp_path: Path, old: str, new: str, needle: str,
                                                 message: str) -> None:
    """The checker names the file and line of each problem (GSB-08/16/19/20 geometry, GSB-G2 mix)."""
    path = _broken(tmp_path, old, new)
    issues = check_track(path)
    assert issues, "the broken file was accepted"
    hit = [i for i in issues if message in i.message]
    assert hit, [str(i) for i in issues]
    assert hit[0].line == _line(path, needle) and str(hit[0]).startswith(f"{path}:{hit[0].line}: ")
    with pytest.raises(BoardFileError):
        load_track(path)


def test_a_missing_file_a_syntax_error_and_an_oversized_file_are_clear_errors(tmp_path: Path) -> None:
    assert "cannot read" in check_track(tmp_path / "none.toml")[0].message
    bad = tmp_path / "bad.toml"
    bad.write_text("end = 40\nlandmarks = [\n")
    issue = check_track(bad)[0]
    assert "TOML syntax error" in issue.message and issue.line is not None
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * 70_000)
    assert "at most" in check_track(big)[0].message
    blank = tmp_path / "blank.toml"
    blank.write_text('format = 1\nend = 40\nlandmarks = []\n[mayhem]\npal = 3\n')
    messages = " | ".join(i.message for i in check_track(blank))
    assert "5 Landmarks" in messages and "missing car" in messages


def test_a_game_can_be_played_on_a_corrected_track(tmp_path: Path) -> None:
    """The table's corrected file is the game's `board` option."""
    path = _broken(tmp_path, "end = 40", "end = 44")
    assert track_for(str(path)).end == 44


def test_companion_gsb_board_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gsb", "board", "check"]) == 0
    out = capsys.readouterr().out
    assert "OK" in out and "Monster Mayhem mix" in out and "THE END on space" in out
    path = _broken(tmp_path, "space = 12,", "space = 5,")
    assert main(["gsb", "board", "check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:{_line(path, 'space = 5,')}:" in err and "1 problem(s)" in err
    assert main(["gsb", "board"]) == 2
