import json
from pathlib import Path

import pytest

from cards_qr.codes import parse_code
from companion.cli import main
from companion.scan.catalogue import CardInfo, CardScanned, Catalogue, Effect, catalogue_path
from companion.scan.errors import CatalogueError

CODE = parse_code("BGM:SRCH:07")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return tmp_path


def test_remember_and_lookup_round_trip(data_dir: Path) -> None:
    cat = Catalogue.load("BGM")
    assert cat.error is None and cat.lookup(CODE) is None
    assert cat.scanned(CODE) == CardScanned(CODE, None)  # unknown: the UI asks the table
    info = CardInfo("Flashlight", "Search", (Effect("gain_candy", 2), Effect("end_turn")))
    cat.remember(CODE, info)
    again = Catalogue.load("BGM")
    assert again.lookup(CODE) == info and again.error is None
    assert catalogue_path("BGM").parent.parent == data_dir
    on_disk = json.loads(catalogue_path("BGM").read_text())
    assert on_disk["cards"]["BGM:SRCH:07"]["effects"][0] == {"effect": "gain_candy", "n": 2}


@pytest.mark.parametrize("info", [
    CardInfo("", "Search"),
    CardInfo("X", "Search", ()),
    CardInfo("X", "Search", (Effect("teleport", 1),)),
    CardInfo("X", "Search", (Effect("lose_candy", 0),)),
    CardInfo("X", "Search", (Effect("end_turn", 2),)),
    CardInfo("X", "Search", (Effect("lose_candy", -1),)),
])
def test_invalid_entries_are_refused(info: CardInfo) -> None:
    cat = Catalogue.load("BGM")
    with pytest.raises(ValueError):
        cat.remember(CODE, info)
    assert not catalogue_path("BGM").exists()


def test_other_games_take_free_text_effects() -> None:
    cat = Catalogue.load("SOL")
    cat.remember(parse_code("SOL:ACTN:01"), CardInfo("Charge", "Action", (Effect("move two spaces"),)))
    assert Catalogue.load("SOL").lookup(parse_code("SOL:ACTN:01")).effects[0].effect == "move two spaces"
    with pytest.raises(ValueError):
        cat.remember(CODE, CardInfo("X", "Y"))  # a BGM card in the SOL catalogue


def test_broken_json_reports_file_and_line_and_is_never_overwritten() -> None:
    path = catalogue_path("BGM")
    path.parent.mkdir(parents=True)
    text = '{\n  "version": 1,\n  "cards": {\n    "BGM:SRCH:07": {"title": "Flashlight",}\n  }\n}\n'
    path.write_text(text)
    cat = Catalogue.load("BGM")  # must not raise
    assert isinstance(cat.error, CatalogueError)
    assert cat.error.line == 4 and cat.error.path == str(path)
    assert f"{path}:4" in str(cat.error)
    assert cat.cards == {}
    with pytest.raises(CatalogueError, match="fix this file first"):
        cat.remember(CODE, CardInfo("Flashlight", "Search"))
    assert cat.lookup(CODE) is not None  # kept for this session
    assert path.read_text() == text  # the user's file is untouched


def test_bad_entry_keeps_the_good_ones_and_names_the_line() -> None:
    path = catalogue_path("BGM")
    path.parent.mkdir(parents=True)
    data = {"version": 1, "game": "BGM", "cards": {
        "BGM:SRCH:01": {"title": "Good", "type": "Search", "effects": [{"effect": "none", "n": 0}]},
        "BGM:SRCH:99": {"title": "Out of range", "type": "Search"},
        "BGM:SRCH:03": {"title": "Bad effect", "type": "Search", "effects": [{"effect": "fly", "n": 1}]},
    }}
    text = json.dumps(data, indent=2)
    path.write_text(text)
    cat = Catalogue.load("BGM")
    assert list(map(str, cat.cards)) == ["BGM:SRCH:01"]
    assert cat.error is not None
    want_line = text.splitlines().index('    "BGM:SRCH:99": {') + 1
    assert cat.error.line == want_line and "1 more" in str(cat.error)


@pytest.mark.parametrize("text,line", [("[1, 2]", 1), ("", 1), ('{"game": "SOL", "cards": {}}', 1)])
def test_wrong_shapes_are_errors_not_crashes(text: str, line: int) -> None:
    path = catalogue_path("BGM")
    path.parent.mkdir(parents=True)
    path.write_text(text)
    cat = Catalogue.load("BGM")
    assert cat.error is not None and cat.error.line == line and cat.cards == {}


def test_catalogue_command_reports_the_problem(capsys: pytest.CaptureFixture[str]) -> None:
    path = catalogue_path("BGM")
    path.parent.mkdir(parents=True)
    path.write_text('{\n  "cards": {\n')
    assert main(["catalogue", "--game", "BGM"]) == 1
    assert f"{path}:3" in capsys.readouterr().err
