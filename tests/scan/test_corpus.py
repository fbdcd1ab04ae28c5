"""The benchmark corpus (companion.scan.synth.sample_scene): the same physical scene at every capture
size, each symbol's pixels per module and the blur recorded, symbols whole and uncovered."""

import os

import numpy as np
import pytest

from companion.scan.synth import BAND, CAPTURES, Placed, Spoil, blur_radius_px, render_scene, sample_scene

STICKERS = [("BGM:SRCH:07", 1.0), ("BGM:STOK:12", 0.6), ("BGM:DARK:05", 1.0)]
FOREIGN = ["https://www.example.com/menu?table=12"]


def test_blur_radius_combines_sigma_and_half_the_smear() -> None:
    assert blur_radius_px(Spoil(blur_sigma=1.2)) == pytest.approx(1.2)
    assert blur_radius_px(Spoil(motion_px=4)) == pytest.approx(2.0)
    assert blur_radius_px(Spoil(blur_sigma=0.6, motion_px=4), scale=2.0) == pytest.approx(np.hypot(1.2, 4.0))


def test_symbols_record_their_pixels_per_module() -> None:
    _, syms = render_scene([Placed("BGM:SRCH:07", 3.0, 30.0, (320, 240))], Spoil(), seed=1, scale=2.0)
    assert syms[0].modules == 21 and syms[0].px_per_module == pytest.approx(6.0, rel=0.03)


@pytest.mark.skipif(bool(os.environ.get("COMPANION_SYNTH_JITTER")),
                    reason="compares a capture with a crop of another pixel for pixel; the test jitter differs per frame")
@pytest.mark.parametrize("i", range(6))
def test_a_scene_is_the_same_at_every_capture_size(i: int) -> None:
    sc = sample_scene(np.random.default_rng([9, i]), 9_000 + i, STICKERS, FOREIGN, ["BGM:SRCH:99"])
    sc.spoil.jpeg_quality = 0  # JPEG is applied per capture; without it the 16:9 view is an exact crop
    shots = {cap: sc.render(cap) for cap in CAPTURES}
    (small, s640), (wide, s720), (full, s960) = shots[(640, 480)], shots[(1280, 720)], shots[(1280, 960)]
    assert small.shape == (480, 640) and wide.shape == (720, 1280) and full.shape == (960, 1280)
    assert np.array_equal(wide, full[120:840])  # the 16:9 mode: the centre band of the same view
    assert [s.text for s in s640] == [s.text for s in s720] == [s.text for s in s960]
    for a, b, c in zip(s640, s720, s960):
        assert b.px_per_module == pytest.approx(2 * a.px_per_module, rel=0.05)
        assert c.px_per_module == pytest.approx(b.px_per_module, rel=1e-6)
    for cap, (_, syms) in shots.items():  # every symbol whole in every view, and no card covered
        for s in syms:
            pts = np.array(s.corners)
            assert pts.min() >= 0 and (pts[:, 0] <= cap[0]).all() and (pts[:, 1] <= cap[1]).all()
            assert s.covered <= (0.0 if s.style == "card" else 0.05)
    assert set(sc.expected) <= {t for t, _ in STICKERS}


def test_the_band_is_the_16_9_crop() -> None:
    assert BAND == pytest.approx((480 - 640 * 9 / 16) / 2)


def test_module_size_after_tilt_is_the_smallest_module_of_a_keystoned_symbol() -> None:
    from companion.scan.synth import Symbol

    square = Symbol("X", "card", ((0, 0), (42, 0), (42, 42), (0, 42)), 21)
    assert square.module_px_after_tilt == pytest.approx(2.0) == square.px_per_module
    # keystone: the far side is half the near one; its modules are ~1 px along, and less across
    keyed = Symbol("X", "card", ((10.5, 0), (31.5, 0), (42, 42), (0, 42)), 21)
    assert keyed.px_per_module == pytest.approx(1.0)
    assert keyed.module_px_after_tilt < 1.0


def test_art_cards_carry_artwork_up_to_the_quiet_zone() -> None:
    from companion.scan.synth import art_card_patch

    rng = np.random.default_rng(3)
    for _ in range(5):
        patch, corners, n = art_card_patch("BGM:SRCH:07", 4.0, rng)
        assert n == 21
        (x0, y0), (x1, y1) = corners[0], corners[2]
        assert x1 - x0 == pytest.approx(84, abs=1) and y1 - y0 == pytest.approx(84, abs=1)
        q, r = 4 * 4, 4 * 4 + 4  # the quiet zone is 4 modules (16 px); the ring just past it is artwork
        inner = patch[int(y0) - q + 2:int(y1) + q - 2, int(x0) - q + 2:int(x0) - 2]
        assert inner.min() > 200  # the sticker's white quiet zone
        ring = np.concatenate([patch[int(y0) - r:int(y0) - q, int(x0):int(x1)].ravel(),
                               patch[int(y1) + q:int(y1) + r, int(x0):int(x1)].ravel(),
                               patch[int(y0):int(y1), int(x0) - r:int(x0) - q].ravel(),
                               patch[int(y0):int(y1), int(x1) + q:int(x1) + r].ravel()])
        assert ring.size and ring.std() > 5  # not a plain margin


@pytest.mark.parametrize("i", range(4))
def test_art_scenes_keep_every_card_whole_and_the_second_card_smaller(i: int) -> None:
    stickers = [("BGM:SRCH:07", 1.0), ("BGM:DARK:05", 1.0), ("BGM:NGHT:03", 1.0)]
    found_two = False
    for j in range(12):
        sc = sample_scene(np.random.default_rng([21, i, j]), 21_000 + 100 * i + j, stickers, FOREIGN, ["BGM:SRCH:99"], art=True)
        img, syms = sc.render((640, 480))
        for s in syms:
            assert s.covered <= (0.0 if s.style in ("card", "art") else 0.05)
            assert s.module_px_after_tilt <= s.px_per_module * 1.01
        cards = [p for p in sc.placed if p.style == "art"]
        if sc.kind == "two cards":
            found_two = True
            assert len(cards) == 2 and max(p.module_px for p in cards) > 1.15 * min(p.module_px for p in cards)
    assert found_two


@pytest.mark.skipif(bool(os.environ.get("COMPANION_SYNTH_JITTER")),
                    reason="compares a capture with a crop of another pixel for pixel; the test jitter differs per frame")
@pytest.mark.parametrize("i", range(3))
def test_an_art_scene_is_the_same_at_every_capture_size(i: int) -> None:
    sc = sample_scene(np.random.default_rng([9, i]), 9_000 + i, STICKERS, FOREIGN, ["BGM:SRCH:99"], art=True)
    sc.spoil.jpeg_quality = 0
    (wide, _), (full, s960) = sc.render((1280, 720)), sc.render((1280, 960))
    assert np.array_equal(wide, full[120:840])
    small, s640 = sc.render((640, 480))
    # the same picture at half the pixels: the 1280 x 960 view area-averaged down is close to the 640 one
    import cv2

    down = cv2.resize(full, (640, 480), interpolation=cv2.INTER_AREA).astype(np.float32)
    assert float(np.mean(np.abs(down - small))) < 8  # (art drawn from other random numbers at each size: 22)
    for a, b in zip(s640, s960):
        assert b.px_per_module == pytest.approx(2 * a.px_per_module, rel=0.05)
