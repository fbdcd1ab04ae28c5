"""The square-texture locator (companion/scan/locator.py): symbols zxing does not even locate, found
as square patches of module-scale texture and read by the grid reader. Each rescue frame is a
benchmark frame (benchmarks/scan.py, seed and index in the test id) the chain before this step missed."""

import numpy as np
import pytest

from cards_qr.codes import parse_code
from companion.scan.decoder import Decoder
from companion.scan.locator import locate_texts, symbol_quads
from companion.scan.synth import Placed, Spoil, render_frame, sticker

FRAMES = {
    "blurred noisy token (seed 3 frame 213)": (
        [Placed("BGM:STOK:21", 3.261484168386599, 43.74347592819745)],
        Spoil(tilt=0.1108191078556563, blur_sigma=1.4, motion_px=3, glare=1, glare_size=0.2806578992827945,
              light=1.0, noise_sigma=6.6649812254986385, jpeg_quality=21, clutter=4), 300222),
    "smallest blurred token (seed 1 frame 69)": (
        [Placed("BGM:STOK:24", 2.6, 20.868793982344812)],
        Spoil(tilt=0.10006640695888046, blur_sigma=1.4, motion_px=0, glare=1, glare_size=0.12073094025154671,
              light=1.0, noise_sigma=6.636343993652828, jpeg_quality=38, clutter=1), 100072),
}


def test_finds_a_rotated_sticker_and_reads_it() -> None:
    import cv2

    s = sticker("BGM:STOK:07", 6)
    img = np.full((400, 400), 110, np.uint8)
    img[100:100 + s.shape[0], 120:120 + s.shape[1]] = s
    img = cv2.warpAffine(img, cv2.getRotationMatrix2D((200, 200), 30, 1.0), (400, 400), borderValue=110)
    assert len(symbol_quads(img)) == 1
    assert locate_texts(img) == ["BGM:STOK:07"]


@pytest.mark.parametrize("name", list(FRAMES))
def test_texture_candidates_rescue_a_frame_zxing_never_locates(name: str) -> None:
    # zxing does not even locate these tokens; the texture finder does, the quad is fitted to the
    # finders, and the grid reader reads it.
    from companion.scan.decoder import located_symbols, preview

    placed, spoil, seed = FRAMES[name]
    img = render_frame(placed, spoil, seed=seed, scale=2.0)
    want = tuple(sorted(parse_code(p.text) for p in placed))
    assert not [t for t, _, _ in located_symbols(preview(img)[0]) if t is not None]
    r = Decoder(game="BGM", budget_ms=1e9).decode(img)  # the steps, not this box's load, are under test
    assert r.cards == want and "grid" in r.stage


@pytest.mark.parametrize("text", ["HTTPS://EXAMPLE.COM/MENU", "WIFI:S:home;T:WPA;P:x;;", "BGM:SRCH:99",
                                  "BGM:STOK:51", "bgm:srch:07", "BGM:SRCH:7", "BGM:SRCH:00", ""])
def test_square_locator_never_invents_a_card(text: str) -> None:
    # The spoils of the rescue frames, on foreign and out-of-range codes and an empty tray ("").
    dec = Decoder(game="BGM", budget_ms=1e9)
    for n, (_, spoil, seed) in enumerate(FRAMES.values()):
        placed = [Placed(text, 2.6 + n, 20.0 + 50 * n)] if text else []
        r = dec.decode(render_frame(placed, spoil, seed=seed, scale=2.0))
        assert r.cards == () and r.other_game == ()
