import json
from pathlib import Path

import cv2
import pytest

from companion.cli import main
from companion.scan.synth import Placed, Spoil, render_frame


def _write(path: Path, *texts: str) -> str:
    cv2.imwrite(str(path), render_frame([Placed(t, 5, 20.0 * i) for i, t in enumerate(texts)], Spoil(jpeg_quality=70)))
    return str(path)


def test_scan_json_one_line_per_image(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = _write(tmp_path / "a.png", "BGM:STOK:02", "BGM:SRCH:07")
    b = _write(tmp_path / "b.jpg", "HTTPS://EXAMPLE.COM/MENU")
    c = _write(tmp_path / "c.png", "BGM:SRCH:99")
    assert main(["scan", a, b, c, "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [x["image"] for x in lines] == [a, b, c]
    assert lines[0]["cards"] == ["BGM:SRCH:07", "BGM:STOK:02"]
    assert lines[1]["cards"] == [] and lines[2]["cards"] == []
    assert all(isinstance(x["ms"], float) and x["ms"] >= 0 for x in lines)


def test_scan_keeps_going_past_bad_images(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = _write(tmp_path / "good.png", "GSB:MAYH:11")
    junk = tmp_path / "junk.png"
    junk.write_bytes(b"\x89PNG not really")
    empty = tmp_path / "empty.jpg"
    empty.write_bytes(b"")
    missing = str(tmp_path / "missing.png")
    assert main(["scan", missing, str(junk), str(empty), good, "--json"]) == 1
    out, err = capsys.readouterr()
    lines = [json.loads(x) for x in out.splitlines()]
    assert lines[-1] == {"image": good, "cards": ["GSB:MAYH:11"], "ms": lines[-1]["ms"]}
    assert "no such image" in err and err.count("not a readable image") == 2


def test_scan_names_other_game_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    img = _write(tmp_path / "sol.png", "SOL:EXIT:03")
    assert main(["scan", img, "--game", "BGM"]) == 0
    out, err = capsys.readouterr()
    assert "(no cards)" in out and "SOL:EXIT:03 belongs to The Stuff of Legend" in err


def test_qr_sheet_bad_game_is_a_clean_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["qr-sheet", "--game", "XYZ", "--out", str(tmp_path / "x.pdf")]) == 1
    assert "unknown game" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize(("game", "words"), [("XYZ", "unknown game 'XYZ'; known games: BGM"),
                                             ("", "--game: give a game's code"),
                                             ("  ", "--game: give a game's code")])
def test_catalogue_of_a_game_that_is_not_one_is_an_error(
        game: str, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24: `catalogue --game XYZ` said "0 cards known" with exit 0, `--game ''` read `.json`."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    (tmp_path / "catalogue").mkdir()
    (tmp_path / "catalogue" / ".json").write_text('{"version": 1, "game": "", "cards": {}}')
    assert main(["catalogue", "--game", game]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("companion: error:") and words in err, (out, err)
    assert main(["catalogue", "--game", "bgm"]) == 0  # a game's code in any case
    assert "BGM.json: 0 cards known" in capsys.readouterr().out


def test_scan_for_a_game_that_is_not_one_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    img = _write(tmp_path / "bgm.png", "BGM:STOK:02")
    assert main(["scan", img, "--game", "XYZ"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "unknown game 'XYZ'" in err
