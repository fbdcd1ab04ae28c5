"""Full-resolution capture: the synthetic scene rendered at the camera's 1280 px main stream, the
decoder's 640-px cheap pass plus crop steps on the full frame, and the second-card look."""

import numpy as np
import pytest

from cards_qr.codes import parse_code
from companion.scan.camera import MockCamera
from companion.scan.decoder import Decoder, candidate_boxes, preview, zxing_texts
from companion.scan.synth import CAPTURE_SCALE, Placed, Spoil, render_frame

HARD = Spoil(tilt=0.08, blur_sigma=1.2, light=0.3, noise_sigma=3.0, jpeg_quality=40, glare=1, clutter=3)


def test_capture_is_the_same_scene_with_more_pixels() -> None:
    import cv2

    placed = [Placed("BGM:SRCH:07", 3.0, 30.0), Placed("BGM:STOK:01", 2.8, 10.0)]
    small = render_frame(placed, HARD, seed=3)
    big = render_frame(placed, HARD, seed=3, scale=CAPTURE_SCALE)
    assert small.shape == (480, 640) and big.shape == (960, 1280)
    down = cv2.resize(big, (640, 480), interpolation=cv2.INTER_AREA).astype(int)
    assert np.abs(down - small).mean() < 8  # same cards, same places, same damage


def test_noise_is_the_same_per_tray_area() -> None:
    import cv2

    sp = Spoil(noise_sigma=6.0)
    big = render_frame([], sp, seed=1, scale=2.0).astype(float)
    flat = render_frame([], Spoil(), seed=1, scale=2.0).astype(float)
    per_px = (big - flat).std()
    assert 10 < per_px < 14  # 2 x 6 per capture pixel
    down = cv2.resize(big - flat, (640, 480), interpolation=cv2.INTER_AREA).std()
    assert 5 < down < 7  # 6 per reference pixel, as the 640 corpus had


def test_preview_only_for_wide_frames() -> None:
    g = np.zeros((960, 1280), np.uint8)
    small, f = preview(g)
    assert small.shape == (480, 640) and f == 2.0
    g2 = np.zeros((480, 640), np.uint8)
    assert preview(g2)[0] is g2 and preview(g2)[1] == 1.0


def test_candidate_boxes_find_a_small_sticker() -> None:
    img = render_frame([Placed("BGM:STOK:21", 2.8, 37.0, center=(450, 300))], HARD, seed=5, scale=2.0)
    small, f = preview(img)
    boxes = candidate_boxes(small, f, img.shape, k=3)
    assert any(b[0] <= 900 <= b[2] and b[1] <= 600 <= b[3] for b in boxes)


def test_small_dim_tokens_read_at_every_capture_size() -> None:
    # Decoding by the symbol: the same physical scenes (small, dim, blurred tokens) at 640 x 480 and
    # at 1280 x 960 read alike, since every step works at the symbol's own module size; plain zxing
    # reads few of them at either size; never a wrong card.
    rng = np.random.default_rng(11)
    read = {1.0: 0, CAPTURE_SCALE: 0}
    plain = 0
    for i in range(16):
        code = f"BGM:STOK:{i + 1:02d}"
        placed = [Placed(code, float(rng.uniform(2.6, 3.0)), float(rng.uniform(0, 360)))]
        for scale in read:
            img = render_frame(placed, HARD, seed=200 + i, scale=scale)
            got = Decoder(game="BGM", budget_ms=1e9).decode(img).cards
            assert set(got) <= {parse_code(code)}
            read[scale] += bool(got)
            if scale == 1.0:
                plain += code in zxing_texts(img)
    assert read[1.0] >= 14 and read[CAPTURE_SCALE] >= 14, read
    assert plain <= 8, plain


def test_second_small_card_read_at_full_resolution() -> None:
    # A blurred token at 1.5 px/module in the 640 copy beside a card the cheap pass reads: the
    # preview alone reads one card, the full frame both; and the second-card look skips the read one.
    card = render_frame([Placed("BGM:SRCH:07", 6.0, 10.0, center=(200, 240))], Spoil(noise_sigma=1.0), seed=8,
                        scale=CAPTURE_SCALE)
    token = render_frame([Placed("BGM:STOK:12", 3.0, 0.0, center=(320, 240))], Spoil(noise_sigma=1.0, blur_sigma=1.0),
                         seed=9)
    img = card.copy()
    img[330:630, 820:1120] = token[90:390, 170:470]
    small, f = preview(img)
    assert zxing_texts(small) == ["BGM:SRCH:07"]
    r = Decoder(game="BGM", budget_ms=1e9).decode(img)
    assert [str(c) for c in r.cards] == ["BGM:SRCH:07", "BGM:STOK:12"]
    read = [(0, 0, 640, 960)]  # the left half, where the read card is
    boxes = candidate_boxes(small, f, img.shape, k=1, exclude=read)
    assert boxes and boxes[0][0] <= 970 <= boxes[0][2] and boxes[0][1] <= 480 <= boxes[0][3]


@pytest.mark.parametrize("text", ["HTTPS://EXAMPLE.COM/MENU", "BGM:SRCH:99", "bgm:srch:07", "BGM:STOK:51"])
def test_crop_steps_never_invent_a_card(text: str) -> None:
    dec = Decoder(game="BGM", budget_ms=1e9)
    for seed in range(3):
        img = render_frame([Placed(text, 2.8 + seed, 20.0 + 50 * seed)], HARD, seed=seed, scale=CAPTURE_SCALE)
        r = dec.decode(img)
        assert r.cards == () and r.other_game == ()
    assert dec.decode(render_frame([], HARD, seed=4, scale=CAPTURE_SCALE)).cards == ()


def test_mock_camera_at_capture_size() -> None:
    cam = MockCamera(scale=CAPTURE_SCALE)
    cam.show("BGM:SRCH:07", "BGM:STOK:01")
    frame = cam.read()
    assert frame is not None and frame.shape == (960, 1280)
    assert [str(c) for c in Decoder(game="BGM").decode(frame).cards] == ["BGM:SRCH:07", "BGM:STOK:01"]
