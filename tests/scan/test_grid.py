"""Module-by-module reading of version-1 stickers zxing locates but cannot read
(companion/scan/grid.py): Reed-Solomon with erasures, the grid sampler, and the decoder steps that
use them. Each rescue frame is a benchmark frame (benchmarks/scan.py, seed and index in the test id)
that the chain before these steps missed."""

import random

import numpy as np
import pytest

from cards_qr.codes import parse_code
from companion.scan import grid
from companion.scan.decoder import Decoder, zxing_texts
from companion.scan.synth import Placed, Spoil, render_frame, sticker
from tests.scan.variants import TWINS, count, twins


def test_reed_solomon_repairs_errors_and_erasures_within_level_q() -> None:
    rnd = random.Random(7)
    for _ in range(200):
        data = [rnd.randrange(256) for _ in range(13)]
        cw = grid.rs_encode(data)
        errors = rnd.randint(0, 6)
        erasures = rnd.randint(0, 13 - 2 * errors)
        pos = rnd.sample(range(26), errors + erasures)
        bad = list(cw)
        for p in pos:
            bad[p] ^= rnd.randrange(1, 256)
        assert grid.rs_correct(bad, pos[errors:]) == cw


def test_reed_solomon_refuses_beyond_capacity() -> None:
    cw = grid.rs_encode(list(range(13)))
    bad = list(cw)
    for p in range(0, 16, 2):  # 8 errors, no erasures: more than level Q repairs
        bad[p] ^= 0x5A
    with pytest.raises(grid.RSError):
        grid.rs_correct(bad, [])


@pytest.mark.parametrize("rot", [0, 1, 2, 3])
def test_reads_a_clean_sticker_from_its_quad_in_any_rotation(rot: int) -> None:
    img = sticker("BGM:SRCH:07", 6)
    quad = np.array([[24, 24], [150, 24], [150, 150], [24, 150]], np.float32)
    quad = np.roll(quad, rot, axis=0) + 2.0  # wrong rotation and 1/3 module off
    assert grid.read_quad(img, quad) == "BGM:SRCH:07"


def test_erasures_repair_a_sticker_with_a_quarter_blanked() -> None:
    img = sticker("BGM:DARK:29", 6).copy()
    img[24 + 6 * 10:24 + 6 * 21, 24 + 6 * 12:24 + 6 * 21] = 255  # bottom-right data: clipped white
    quad = np.array([[24, 24], [150, 24], [150, 150], [24, 150]], np.float32)
    assert grid.read_quad(img, quad) == "BGM:DARK:29"


FRAMES = {
    "located grid (seed 1 frame 2)": (
        [Placed("BGM:SRCH:55", 3.488766133805921, 29.358942250864576)],
        Spoil(tilt=0.08814481895860238, blur_sigma=0.6748194949798507, motion_px=5, glare=1,
              glare_size=0.16681754059270018, light=1.1359526084125635, noise_sigma=2.739610178924783,
              jpeg_quality=80, clutter=5), 100005, "located grid"),
    "crop grid (seed 2 frame 9)": (
        [Placed("BGM:BOOG:11", 3.07371952016116, 268.2734625731786)],
        Spoil(tilt=0.08697424504421483, blur_sigma=1.1918131998973587, motion_px=3, glare=0,
              glare_size=0.1552374306294077, light=0.31074348464687745, noise_sigma=5.946268219357879,
              jpeg_quality=0, clutter=5), 200015, "crop grid"),
    "second card grid (seed 3 frame 263)": (
        [Placed("BGM:STOK:19", 2.6, 166.48936250176766), Placed("BGM:EVNT:02", 4.268784509276237, 189.20296045364552)],
        Spoil(tilt=0.0, blur_sigma=1.4, motion_px=0, glare=2, glare_size=0.20813166879973022,
              light=0.2519540739877028, noise_sigma=1.5490829947618951, jpeg_quality=40, clutter=1), 300272, "zxing"),
}


@pytest.mark.parametrize("name", list(FRAMES))
def test_grid_reader_reads_a_frame_zxing_misses(name: str) -> None:
    # The frames the grid steps were built for: plain zxing misses a sticker in each, the grid reader
    # reads it from the sticker's corners, and the decoder reads the frame.
    from companion.scan.synth import render_scene

    # Counted over the frame's twins (tests/scan/variants.py): which twin zxing misses hangs on its
    # last grey levels; on every twin it misses, the grid reader reads what it missed.
    placed, spoil, seed, _ = FRAMES[name]
    img, symbols = render_scene(placed, spoil, seed=seed, scale=2.0)
    want = tuple(sorted(parse_code(p.text) for p in placed))
    missed_twins = 0
    for t in twins(img):
        read = set(zxing_texts(t))
        missed = [s for s in symbols if s.text not in read]
        missed_twins += bool(missed)
        assert all(grid.read_quad(t, np.array(s.corners, np.float32)) == s.text for s in missed)
    assert missed_twins >= TWINS // 2
    dec = Decoder(game="BGM", budget_ms=1e9)
    assert count(img, lambda t: dec.decode(t).cards == want) >= TWINS - 1


@pytest.mark.parametrize("text", ["HTTPS://EXAMPLE.COM/MENU", "WIFI:S:home;T:WPA;P:x;;", "BGM:SRCH:99",
                                  "BGM:STOK:51", "bgm:srch:07", "BGM:SRCH:7", "BGM:SRCH:00", ""])
def test_grid_steps_never_invent_a_card(text: str) -> None:
    # The spoils of the rescue frames, on foreign and out-of-range codes and an empty tray ("").
    dec = Decoder(game="BGM", budget_ms=1e9)
    for n, (_, spoil, seed, _) in enumerate(FRAMES.values()):
        placed = [Placed(text, 3.0 + n, 20.0 + 50 * n)] if text else []
        r = dec.decode(render_frame(placed, spoil, seed=seed, scale=2.0))
        assert r.cards == () and r.other_game == ()


@pytest.mark.parametrize("name", list(FRAMES))
def test_the_default_chain_reads_every_rescue_frame(name: str) -> None:
    placed, spoil, seed, _ = FRAMES[name]
    img = render_frame(placed, spoil, seed=seed, scale=2.0)
    want = tuple(sorted(parse_code(p.text) for p in placed))
    assert Decoder(game="BGM", budget_ms=1e9).decode(img).cards == want
