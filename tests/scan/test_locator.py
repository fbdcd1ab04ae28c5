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
    assert r.cards == want and ("grid" in r.stage or r.stage == "codebook"), r.stage  # read module by module, or against the codes


@pytest.mark.parametrize("text", ["HTTPS://EXAMPLE.COM/MENU", "WIFI:S:home;T:WPA;P:x;;", "BGM:SRCH:99",
                                  "BGM:STOK:51", "bgm:srch:07", "BGM:SRCH:7", "BGM:SRCH:00", ""])
def test_square_locator_never_invents_a_card(text: str) -> None:
    # The spoils of the rescue frames, on foreign and out-of-range codes and an empty tray ("").
    dec = Decoder(game="BGM", budget_ms=1e9)
    for n, (_, spoil, seed) in enumerate(FRAMES.values()):
        placed = [Placed(text, 2.6 + n, 20.0 + 50 * n)] if text else []
        r = dec.decode(render_frame(placed, spoil, seed=seed, scale=2.0))
        assert r.cards == () and r.other_game == ()


DIM = {  # benchmark frames (seed 5, 1280 x 720) whose sticker no band but the corner band finds
    "dim card at the tray's edge (seed 5 frame 12)": (
        [Placed("BGM:DARK:20", 2.414737483082022, 355.66907555006037, (84.90143264727159, 296.21405243915626))],
        Spoil(tilt=0.12962010371735036, blur_sigma=1.1194874826268806, glare=1, glare_size=0.2686438301089933,
              light=0.2814621731914335, noise_sigma=1.8475123153721997, jpeg_quality=27, clutter=1), 500027),
    "dim token on a noisy dark tray (seed 5 frame 85)": (
        [Placed("BGM:STOK:11", 2.3872297757175813, 312.7645115064359, (477.9698714369508, 154.7831245278032))],
        Spoil(blur_sigma=1.4, light=0.1667177780168694, noise_sigma=4.907152358190832), 500100),
}


@pytest.mark.parametrize("name", list(DIM))
def test_the_corner_band_finds_a_dim_sticker_the_texture_bands_miss(name: str) -> None:
    # A dim card's bright outline joins its symbol into one blob that is no square, or a dark tray's
    # noise wins every band's threshold; the structure tensor's smaller eigenvalue sees module edges
    # running both ways (a symbol), not one edge (an outline). Without that band: no candidate there.
    from companion.scan import locator
    from companion.scan.decoder import preview
    from companion.scan.synth import render_scene

    placed, spoil, seed = DIM[name]
    img, syms = render_scene(placed, spoil, seed=seed, scale=2.0, view=(1280, 720))
    small, f = preview(img)
    centre = np.array(syms[0].corners).mean(axis=0) / f

    def near(cands: list[tuple[float, np.ndarray, float]]) -> bool:
        return any(np.hypot(*(q.mean(axis=0) - centre)) < 10 for _, q, _ in cands)

    assert near(locator.symbol_candidates(small))
    old = locator.BANDS
    try:
        locator.BANDS = locator.CANDIDATE_SCALES
        assert not near(locator.symbol_candidates(small))
    finally:
        locator.BANDS = old
    r = Decoder(game="BGM").decode(img)
    assert r.cards == (parse_code(placed[0].text),)


def test_a_large_sticker_glare_washes_a_corner_off_is_still_a_candidate() -> None:
    # Benchmark frame (seed 31337, 1280 x 720, frame 111): 11 px per module, but glare washes out the
    # bottom finder and a third of the symbol, so zxing does not locate it, and its texture blob has
    # lost a corner (its hull fills half its rectangle, not 0.7). It is a candidate, and reads.
    from companion.scan import locator
    from companion.scan.decoder import located_symbols, preview
    from companion.scan.synth import render_scene

    placed = [Placed("BGM:SRCH:32", 5.5441256762309425, 130.5858219251283, (107.69868304937766, 296.41629090689736))]
    spoil = Spoil(blur_sigma=1.4, motion_px=5, glare=2, glare_size=0.28524236087718646, light=1.0920674072853398,
                  noise_sigma=0.5635344389916758, clutter=4)
    img, syms = render_scene(placed, spoil, seed=3133794122, scale=2.0, view=(1280, 720))
    small, f = preview(img)
    assert not located_symbols(small)
    centre = np.array(syms[0].corners).mean(axis=0) / f
    assert any(np.hypot(*(q.mean(axis=0) - centre)) < 15 for _, q, _ in locator.symbol_candidates(small))
    assert Decoder(game="BGM").decode(img).cards == (parse_code("BGM:SRCH:32"),)


def test_a_dim_cards_whole_face_is_a_candidate() -> None:
    # Benchmark frame (seed 6007, 1280 x 720, frame 292): a dim card on a darker tray. The card's
    # edges and its symbol make one textured blob about three times the symbol's side, past the
    # bands' old largest side (the finder search from 0.4x its module estimate still reaches it).
    from companion.scan.synth import render_scene

    from tests.scan.variants import TWINS, count

    placed = [Placed("BGM:STOK:01", 1.8520641083980127, 231.26979878328646, (58.77858386126201, 201.60155268920732))]
    spoil = Spoil(tilt=0.0, blur_sigma=0.9024595450714283, motion_px=0, glare=0, glare_size=0.2916755598167496,
                  light=0.25870623014411054, noise_sigma=1.83059954128148, jpeg_quality=24, clutter=3)
    img, _ = render_scene(placed, spoil, seed=600718313, scale=2.0, view=(1280, 720))
    assert count(img, lambda t: Decoder(game="BGM").decode(t).cards == (parse_code("BGM:STOK:01"),)) >= TWINS - 2
    # (the bands' old largest side missed this very frame on the machine that found it, but read 10
    # of 12 of its twins: which frames a band reaches hangs on their last grey levels; issue 24)


def test_a_dim_cards_corner_blob_scoring_with_the_noise_is_still_a_candidate(monkeypatch: pytest.MonkeyPatch) -> None:
    # Benchmark frame (seed 7373, 1280 x 720, frame 395): a dim (light 0.12), noisy, blurred card
    # beside a leaflet. Only the corner band sees its symbol, and that blob, scored on the band
    # before it, comes to 1.24: under the old floor of 1.5, as the frame's noise lifts every band.
    # The noise blobs there (1.19-1.36) are tried first; the budget still reaches the card.
    from companion.scan import locator
    from companion.scan.decoder import preview
    from companion.scan.synth import render_scene

    placed = [Placed("BGM:SRCH:32", 2.6901466307593953, 304.60639234542975, (349.26968068750114, 246.64629847960003)),
              Placed("BEGIN:VCARD\nVERSION:3.0\nFN:Ann Example\nTEL:+44123456789\nEND:VCARD", 1.0056160702808754,
                     272.3264297310335, (200.9170652600702, 334.6180272275549), style="leaflet")]
    spoil = Spoil(tilt=0.0, blur_sigma=1.102465815511097, motion_px=0, glare=1, glare_size=0.28747889444973573,
                  light=0.1230758106944735, noise_sigma=4.160142813672106, jpeg_quality=28, clutter=3)
    img, syms = render_scene(placed, spoil, seed=737322514, scale=2.0, view=(1280, 720))
    small, f = preview(img)
    centre = np.array(syms[0].corners).mean(axis=0) / f
    near = [s for s, q, _ in locator.symbol_candidates(small) if np.hypot(*(q.mean(axis=0) - centre)) < 10]
    assert near and max(near) < 1.5
    assert Decoder(game="BGM").decode(img).cards == (parse_code("BGM:SRCH:32"),)
    monkeypatch.setattr(locator, "CORNER_MIN_SCORE", 1.5)
    assert Decoder(game="BGM").decode(img).cards == ()


def test_the_separable_gaussian_is_opencvs_within_a_grey_level() -> None:
    # The texture finder's blurs go through gauss8 (OpenCV's 8-bit GaussianBlur takes a slower
    # bit-exact path); on a benchmark-like frame it matches GaussianBlur to a grey level or two.
    import cv2

    from companion.scan.locator import gauss8

    img = render_frame(*FRAMES["blurred noisy token (seed 3 frame 213)"])
    half = cv2.pyrDown(img)
    for sigma in (0.75, 0.8, 1.2, 1.25, 1.875, 2.0):
        ours = gauss8(half, sigma).astype(int)
        theirs = cv2.GaussianBlur(half, (0, 0), sigma).astype(int)
        assert ours.shape == theirs.shape
        assert np.abs(ours - theirs).max() <= 2 and (ours != theirs).mean() < 0.02, sigma
