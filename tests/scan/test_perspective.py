"""The symbol's corners under perspective from its finders' outlines (companion.scan.perspective)."""

from __future__ import annotations

import numpy as np
import pytest

from cards_qr.codes import parse_code
from companion.scan import decoder, grid
from companion.scan.decoder import Decoder
from companion.scan.perspective import perspective_quad
from companion.scan.synth import Placed, Spoil, render_scene
from tests.scan.test_by_symbol import tilted_sticker


@pytest.mark.parametrize("seed", [0, 4])
def test_the_finders_outlines_put_back_the_corner_a_parallelogram_misses(seed: int) -> None:
    # A steep tilt: the three finders' centres fix a parallelogram whose fourth corner is over two
    # modules off. Each finder's four sides are lines in the picture; their twelve corners fix the
    # grid's perspective, and the fourth corner comes back to within half a module.
    img, truth, m, para = tilted_sticker(seed)
    assert np.linalg.norm(para[2] - truth[2]) > 2 * m
    found = perspective_quad(img, para)
    assert found is not None
    assert float(np.linalg.norm(found - truth, axis=1).max()) < m / 2


def test_no_finders_no_corners() -> None:
    img, _ = render_scene([], Spoil(clutter=2), seed=3)
    guess = np.array([[200, 150], [300, 150], [300, 250], [200, 250]], np.float32)
    assert perspective_quad(img, guess) is None


def test_a_tilted_glared_card_reads_from_its_finders_outlines(monkeypatch: pytest.MonkeyPatch) -> None:
    # Benchmark frame (seed 7373, 1280 x 720, frame 157): a card tilted steeply, glare on one
    # finder. The finder fit's free corner was 2.5 modules off, and the blur-model corner fit,
    # starting there, settled 3 modules off: nothing read in the whole budget. From the finders'
    # outlines the corner fit starts within a module and the grid reads.
    placed = [Placed("BGM:SRCH:04", 3.425999830195799, 160.95589513011294, (500.91819709211256, 131.05765243880398))]
    spoil = Spoil(tilt=0.12510227454236106, blur_sigma=0.0, motion_px=0, glare=1, glare_size=0.2870585003134378,
                  light=1.0, noise_sigma=0.5977824556552745, jpeg_quality=53, clutter=3)
    img, syms = render_scene(placed, spoil, seed=737322276, scale=2.0, view=(1280, 720))
    truth = np.array(syms[0].corners, np.float32)
    m = syms[0].px_per_module
    _, fit = grid.refit(img, grid.refit(img, truth)[1])  # type: ignore[arg-type]
    assert fit is not None
    found = perspective_quad(img, fit)
    assert found is not None
    assert float(np.linalg.norm(found - truth, axis=1).max()) < m
    assert Decoder(game="BGM").decode(img).cards == (parse_code("BGM:SRCH:04"),)
    monkeypatch.setattr(decoder, "PERSPECTIVE", False)
    assert Decoder(game="BGM").decode(img).cards == ()
