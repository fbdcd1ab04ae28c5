"""The tray check (companion/scan/traycheck.py, `companion scan check`): a correct verdict on frames made
too blurry, too far, glared, too dim or too small (some under 2 px per module), and "ready" on good ones."""

import json
from pathlib import Path

import cv2
import pytest

from companion.cli import main
from companion.scan.camera import MockCamera
from companion.scan.synth import Placed, Spoil, render_scene
from companion.scan.traycheck import TEST_CODE, check, measure, summarize

CLEAN = Spoil(noise_sigma=1.0)


def report(module_px: float, spoil: Spoil = CLEAN, scale: float = 1.0, top: float | None = None, text: str = TEST_CODE):
    measures = []
    for seed in range(3):
        img, _ = render_scene([Placed(text, module_px, 20.0 + 40 * seed, (320, 240))], spoil, seed=seed, scale=scale)
        measures.append(measure(img))
    size = (img.shape[1], img.shape[0])
    return summarize(measures, size, None if top is None else (round(640 * top), round(480 * top)), "BGM")


def test_a_good_set_up_is_ready() -> None:
    r = report(2.6, scale=2.0)  # 5.2 px per token module at 1280 x 960
    assert r.ok and r.verdict.startswith("Ready") and r.read == 3
    assert r.px_per_module == pytest.approx(5.2, rel=0.05) and r.token_px_per_module == pytest.approx(5.2, rel=0.05)
    assert r.card_px_per_module == pytest.approx(5.2 / 0.6, rel=0.05)


@pytest.mark.parametrize("module_px", [1.6, 1.2])  # 1.6 and 1.2 px per module: too far (under 2 at 1.2)
def test_too_far_says_how_much_closer(module_px: float) -> None:
    r = report(module_px)
    assert not r.ok and r.px_per_module is not None and r.px_per_module < 2.0
    assert "cm closer" in r.verdict and "resolution" not in r.verdict.lower()


@pytest.mark.parametrize("module_px", [1.6, 1.2])
def test_the_distance_advised_is_the_shortfall(module_px: float) -> None:
    # A pinhole camera: px per mm grow as 1 / distance. The distance is estimated from the view's
    # width and the lens's field of view; moving the stated cm closer brings the smallest sticker
    # to GOOD_PPM, a cm less does not.
    import math
    import re

    from companion.scan.traycheck import CAMERA_FOV_DEG, GOOD_PPM

    r = report(module_px)
    m = re.search(r"Move the camera (\d+) cm closer", r.verdict)
    assert m is not None and r.px_per_mm is not None
    cm = int(m.group(1))
    distance = 640 / r.px_per_mm / (2 * math.tan(math.radians(CAMERA_FOV_DEG) / 2)) / 10
    ppm_after = lambda c: r.px_per_module * distance / (distance - c)  # noqa: E731
    assert ppm_after(cm) >= GOOD_PPM > ppm_after(cm - 1)


def test_too_small_with_a_better_mode_says_raise_the_resolution() -> None:
    r = report(1.7, top=2.0)  # the webcam gives 640 x 480 and offers 1280 x 960: that is enough
    assert r.verdict.startswith("Raise the resolution") and "1280x960" in r.verdict and "closer" not in r.verdict


def test_blurred_says_focus() -> None:
    r = report(2.6, Spoil(noise_sigma=1.0, blur_sigma=1.5), scale=2.0)
    assert r.blur_modules is not None and r.blur_modules > 0.45
    assert "Focus the camera" in r.verdict and "closer" not in r.verdict


def test_glare_says_turn_the_lamp_away() -> None:
    r = report(2.6, Spoil(noise_sigma=1.0, glare=1, glare_size=0.35), scale=2.0)
    assert r.glare is not None and r.glare > 0.02 and "Turn the lamp away" in r.verdict


def test_dim_says_more_light() -> None:
    r = report(2.6, Spoil(noise_sigma=2.0, light=0.2), scale=2.0)
    assert "More light" in r.verdict and "lamp" not in r.verdict


def test_any_card_measures_too() -> None:
    r = report(4.0, text="BGM:SRCH:07")  # a card sticker, 1.0 mm modules: tokens would be at 2.4
    assert r.card_px_per_module == pytest.approx(4.0, rel=0.05) and "cm closer" in r.verdict


def test_nothing_on_the_tray_says_put_the_sticker_down() -> None:
    cam = MockCamera()
    r = check(cam, frames=3)
    assert r.frames == 3 and r.seen == 0 and "Put the tray check sticker" in r.verdict
    assert r.resolution == (640, 480) and r.max_resolution == (640, 480)


def test_command_line_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good, far = tmp_path / "good.png", tmp_path / "far.png"
    cv2.imwrite(str(good), render_scene([Placed(TEST_CODE, 2.6, 20.0, (320, 240))], CLEAN, seed=1, scale=2.0)[0])
    cv2.imwrite(str(far), render_scene([Placed(TEST_CODE, 1.4, 20.0, (320, 240))], CLEAN, seed=1)[0])
    assert main(["scan", "check", str(good)]) == 0
    out = capsys.readouterr().out
    assert "pixels per module: 5.2" in out and "verdict: Ready" in out and "1280x960 chosen" in out
    assert main(["scan", "check", str(far), "--json"]) == 1
    got = json.loads(capsys.readouterr().out)
    assert got["ok"] is False and "cm closer" in got["verdict"] and got["px_per_module"] < 2
    assert main(["scan", "check", "--camera", "mock", "--frames", "2"]) == 1
    assert "Put the tray check sticker" in capsys.readouterr().out
    assert main(["scan", "check", "--camera", "nonsense"]) == 2
    assert "unknown camera" in capsys.readouterr().err


def test_the_sticker_sheet_carries_the_test_sticker(tmp_path: Path) -> None:
    from cards_qr.sheet import CHECK_TEXT, layout, write_sheet
    from companion.scan.decoder import Decoder
    from tests.cards_qr.pdf_pages import pdf_pages

    assert CHECK_TEXT == TEST_CODE
    for game in ("BGM", "SOL", "BIN", "GSB"):
        assert sum(len(p.checks) for p in layout(game) if p.game == game) == 1
    out = tmp_path / "gsb.pdf"
    last = write_sheet("GSB", str(out))[-1]
    page = pdf_pages(out, 150)[-1]
    (check,) = last.checks
    px = 150 / 25.4  # the check sticker cut out, as the tray camera sees it
    x0, y0 = int((check.x_mm - 2) * px), int((check.y_mm - 2) * px)
    x1, y1 = int((check.x_mm + check.style.width_mm + 2) * px), int((check.y_mm + check.style.height_mm + 2) * px)
    r = Decoder(game="GSB", budget=2000).decode(page[y0:y1, x0:x1])
    assert [s.text for s in r.seen] == [TEST_CODE] and r.cards == ()


def test_glare_share_measures_the_washed_out_part_of_a_symbol() -> None:
    # the benchmark's measure of glare per card symbol (benchmarks/scan.py): the tray check's own
    import numpy as np

    from companion.scan.traycheck import glare_share

    shares = []
    for spoil in (CLEAN, Spoil(glare=2, glare_size=0.3, noise_sigma=1.0)):
        img, syms = render_scene([Placed(TEST_CODE, 4.0, 20.0, (320, 240))], spoil, seed=1)
        shares.append(glare_share(img, np.array(syms[0].corners, np.float32)))
    assert shares[0] < 0.01 and shares[1] > 0.05, shares
