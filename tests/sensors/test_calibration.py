"""Zone maps: loading with errors that say file and line, writing, and the calibration wizard."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.errors import BoardFileError
from companion.sensors.calibration import CalibrationWizard, ZoneMap, load_map
from companion.sensors.errors import UnknownZone, ZoneMapError

ZONES = [str(i) for i in range(1, 26)] + [f"C{i}" for i in range(1, 6)]


def test_round_trip_toml_and_json(tmp_path: Path) -> None:
    zmap = ZoneMap("villa-spencer", {i: z for i, z in enumerate(ZONES)} | {30: "14"})
    for name in ("villa.toml", "villa.json"):
        zmap.save(tmp_path / name)
        got = load_map(tmp_path / name, zones=ZONES)
        assert (got.board, dict(got.channels)) == ("villa-spencer", dict(zmap.channels))
    assert got.channels_of("14") == [13, 30]
    assert got.zones({0, 25, 31}) == frozenset({"1", "C1"})
    with pytest.raises(UnknownZone, match="'C9'"):
        got.channels_of("C9")


@pytest.mark.parametrize(
    "text, line, words",
    [
        ('board = "v"\n[channels]\n0 = "1"\n1 = \n', 4, "not valid TOML"),
        ('board = "v"\n[channels]\n0 = "1"\nx = "2"\n', 4, "channel 'x' is not a number"),
        ('board = "v"\n[channels]\n0 = "1"\n64 = "2"\n', 4, "0..63"),
        ('board = "v"\n[channels]\n0 = "1"\n\n5 = 3\n', 5, "zone must be a non-empty string"),
        ('board = "v"\n[channels]\n0 = "1"\n7 = "Z9"\n', 4, "has no zone 'Z9'"),
        ('[channels]\n0 = "1"\n', None, "board ="),
        ('board = "v"\n[channels]\n0 = "1"\n00 = "2"\n', 4, "listed twice"),
    ],
)
def test_broken_map_says_file_and_line(tmp_path: Path, text: str, line: int | None, words: str) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(text)
    with pytest.raises(ZoneMapError) as info:
        load_map(path, zones=ZONES)
    assert isinstance(info.value, BoardFileError) and isinstance(info.value, ValueError)
    assert info.value.line == line
    assert words in str(info.value)
    assert str(info.value).startswith(f"{path}:{line}:" if line else f"{path}:")


def test_broken_json_map_and_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text('{\n "board": "v",\n "channels": {"0": "1",}\n}\n')
    with pytest.raises(ZoneMapError, match=r"m.json:3: not valid JSON"):
        load_map(path)
    with pytest.raises(ZoneMapError, match="cannot read"):
        load_map(tmp_path / "absent.toml")


def test_wizard_walks_every_zone_and_refuses_to_guess() -> None:
    w = CalibrationWizard("villa", ["1", "2", "C1"])
    assert w.observe(frozenset({9})).kind == "clear"  # something left on the mat
    assert w.observe(frozenset()).kind == "place" and w.zone == "1"
    w.observe(frozenset({4}))
    assert w.prompt.kind == "lift" and "channel 4" in w.prompt.text
    w.observe(frozenset())
    assert w.zone == "2"
    p = w.observe(frozenset({6, 7}))  # two pieces: no guess
    assert "leave just one" in p.text and 6 not in w.assigned and 7 not in w.assigned
    w.observe(frozenset({7}))
    w.observe(frozenset())
    assert w.skip().kind == "done"  # C1 has no sensor
    assert w.result().channels == {4: "1", 7: "2"}
    assert w.skipped == ["C1"]


def test_wizard_rejects_duplicate_zone_ids() -> None:
    with pytest.raises(ValueError, match="unique"):
        CalibrationWizard("villa", ["1", "1"])
