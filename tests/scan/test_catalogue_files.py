"""The card catalogue's file: its version is honoured, unknown fields survive a save, and hostile
files (devices, FIFOs, deep nesting, huge numbers) are reported with their line, never crash."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from cards_qr.codes import parse_code
from companion.scan.catalogue import FORMAT_VERSION, CardInfo, Catalogue, Effect, catalogue_path
from companion.scan.errors import CatalogueError

CODE = parse_code("BGM:SRCH:07")
OTHER = parse_code("BGM:SRCH:08")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return tmp_path


def write(text: str) -> Path:
    path = catalogue_path("BGM")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_unknown_fields_survive_a_save() -> None:
    data = {"version": 1, "game": "BGM", "owner": "the Smiths",
            "cards": {str(CODE): {"title": "Flashlight", "type": "Search", "photo": "fl.jpg",
                                  "effects": [{"effect": "gain_candy", "n": 2}]}}}
    path = write(json.dumps(data))
    cat = Catalogue.load("BGM")
    assert cat.error is None
    cat.remember(OTHER, CardInfo("Candy", "Search", (Effect("gain_candy", 1),)))
    saved = json.loads(path.read_text())
    assert saved["owner"] == "the Smiths" and saved["version"] == 1
    assert saved["cards"][str(CODE)]["photo"] == "fl.jpg"  # an untouched card, as it was
    cat.remember(CODE, CardInfo("Big Flashlight", "Search", (Effect("gain_candy", 3),)))
    saved = json.loads(path.read_text())
    assert saved["cards"][str(CODE)]["photo"] == "fl.jpg"  # a changed card keeps its unknown fields
    assert saved["cards"][str(CODE)]["title"] == "Big Flashlight"


def test_a_newer_file_is_read_and_never_overwritten() -> None:
    text = json.dumps({"version": FORMAT_VERSION + 1, "game": "BGM", "cards": {
        str(CODE): {"title": "Flashlight", "type": "Search"}}}, indent=1)
    path = write(text)
    cat = Catalogue.load("BGM")
    assert cat.lookup(CODE) is not None  # what it can read, it uses
    assert cat.error is not None and "newer companion" in str(cat.error) and cat.error.line == 2
    with pytest.raises(CatalogueError, match="update the companion first"):
        cat.remember(OTHER, CardInfo("Candy", "Search"))
    assert path.read_text() == text


@pytest.mark.parametrize("version", ['"2"', "0", "true", "1.5"])
def test_a_bad_version_is_named(version: str) -> None:
    text = '{\n "game": "BGM",\n "version": ' + version + ',\n "cards": {}\n}\n'
    path = write(text)
    cat = Catalogue.load("BGM")
    assert cat.error is not None and cat.error.line == 3 and "version" in cat.error.message
    with pytest.raises(CatalogueError):
        cat.remember(CODE, CardInfo("Flashlight", "Search"))
    assert path.read_text() == text


def test_deep_nesting_and_huge_numbers_are_named_with_their_line() -> None:
    write('{\n "cards": {\n  "BGM:SRCH:07": ' + "[" * 100000 + "]" * 100000 + "\n }\n}\n")
    cat = Catalogue.load("BGM")
    assert cat.error is not None and cat.error.line == 3 and "nested" in cat.error.message
    write('{\n "cards": {\n  "BGM:SRCH:07": ' + "[" * 40 + "]" * 40 + "\n }\n}\n")
    cat = Catalogue.load("BGM")
    assert cat.error is not None and cat.error.line == 3 and "nested" in cat.error.message
    write('{\n "version": 1,\n "cards": {"BGM:SRCH:07": {"title": "x", "type": "Search",\n "effects": '
          '[{"effect": "gain_candy", "n": ' + "9" * 5000 + "}]}}}\n")
    cat = Catalogue.load("BGM")
    assert cat.error is not None and cat.error.line == 4 and "out of range" in cat.error.message
    write('{"cards": {"BGM:SRCH:07": {"title": "x", "type": "Search", "effects": '
          '[{"effect": "gain_candy", "n": 99999999999999999999}]}}}')
    cat = Catalogue.load("BGM")
    assert cat.error is not None and "n must be a whole number from 0 to 1000" in cat.error.message


def test_devices_and_fifos_are_refused(data_dir: Path) -> None:
    path = catalogue_path("BGM")
    path.parent.mkdir(parents=True)
    path.symlink_to("/dev/zero")
    cat = Catalogue.load("BGM")
    assert cat.error is not None and "not a regular file" in cat.error.message
    with pytest.raises(CatalogueError):
        cat.remember(CODE, CardInfo("Flashlight", "Search"))
    assert path.is_symlink()  # the link is not replaced
    path.unlink()
    os.mkfifo(path)
    out: list[Catalogue] = []
    t = threading.Thread(target=lambda: out.append(Catalogue.load("BGM")), daemon=True)
    t.start()
    t.join(10)
    assert out and out[0].error is not None and "not a regular file" in out[0].error.message


DUPLICATE = ('{\n  "version": 1,\n  "game": "BGM",\n  "cards": {\n'
             '    "BGM:SRCH:07": {"title": "Flashlight", "type": "Search"},\n'
             '    "BGM:SRCH:08": {"title": "Candy", "type": "Search"},\n'
             '    "BGM:SRCH:07": {"title": "Lantern", "type": "Search"}\n  }\n}\n')


@pytest.mark.parametrize("text,line,first,key", [
    (DUPLICATE, 7, 5, "BGM:SRCH:07"),  # the same card twice: JSON keeps one, silently
    (DUPLICATE.replace('{"title": "Candy", "type": "Search"}', '{"title": "Candy", "type": "Search", "title": "Sweets"}'),
     6, 6, "title"),  # a field twice inside one card
    (DUPLICATE.replace('  "game": "BGM",\n', '  "game": "BGM",\n  "cards": {"BGM:SRCH:01": {"title": "A", "type": "B"}},\n'),
     5, 4, "cards"),  # the whole cards object twice
    (DUPLICATE.replace('"BGM:SRCH:07": {"title": "Lantern"', '"BGM:SRCH:\\u00307": {"title": "Lantern"'),
     7, 5, "BGM:SRCH:07"),  # the same key written with an escape
])
def test_a_duplicate_key_is_named_with_its_line_and_nothing_is_dropped_or_rewritten(
        text: str, line: int, first: int, key: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(text)
    cat = Catalogue.load("BGM")
    assert cat.error is not None and cat.error.path == str(path) and cat.error.line == line
    assert f'"{key}" is written twice' in cat.error.message and f"(first on line {first})" in cat.error.message
    with pytest.raises(CatalogueError, match="fix this file first"):
        cat.remember(parse_code("BGM:SRCH:09"), CardInfo("New", "Search"))
    with pytest.raises(CatalogueError, match="fix this file first"):
        cat.save()
    assert path.read_text() == text  # both entries are still in the file, byte for byte
    from companion.cli import main

    assert main(["catalogue", "--game", "BGM"]) == 1
    assert f"{path}:{line}:" in capsys.readouterr().err


def test_a_duplicate_card_keeps_its_first_entry_in_use() -> None:
    write(DUPLICATE)
    cat = Catalogue.load("BGM")
    first, other = cat.lookup(CODE), cat.lookup(OTHER)
    assert first is not None and first.title == "Flashlight"  # as written first, not the later one
    assert other is not None and other.title == "Candy"
