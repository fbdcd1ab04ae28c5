"""Decoding by the symbol: every step works at the candidate symbol's module size, at any capture size;
a symbol that was read (card or foreign) is not rescued again; a phone's or leaflet's QR costs about
what an empty tray does."""

import numpy as np
import pytest

from cards_qr.codes import parse_code
from companion.scan import grid
from companion.scan.decoder import TARGET_PPM, Candidate, Decoder, module_px_of, symbol_crop
from companion.scan.synth import Placed, Spoil, qr_matrix, render_scene
from tests.scan.variants import TWINS, count, twins

URL = "https://shop.example.org/p/4711?utm_source=box&utm_medium=qr"  # a version-4 symbol


@pytest.mark.parametrize(("module_px", "scale"), [(2.2, 1.0), (2.2, 2.0), (6.0, 1.0), (6.0, 2.0)])
def test_every_crop_is_at_the_symbols_module_size(module_px: float, scale: float) -> None:
    img, syms = render_scene([Placed("BGM:SRCH:07", module_px, 20.0, (320, 240))], Spoil(), seed=1, scale=scale)
    q = np.array(syms[0].corners, np.float32)
    assert module_px_of(q) == pytest.approx(module_px * scale, rel=0.05)
    crop = symbol_crop(img, Candidate(q, module_px_of(q), True))
    assert module_px_of(q) * crop.scale == pytest.approx(TARGET_PPM, rel=0.1)
    assert crop.img.shape[0] == pytest.approx((21 + 10) * TARGET_PPM * 1.4, rel=0.3)  # the symbol, turned, and 5 modules round


def test_a_small_sticker_reads_in_a_640_frame() -> None:
    # 2.3 px per module, blurred: zxing alone does not read it; the texture finder and the grid do.
    from companion.scan.decoder import zxing_texts

    img, _ = render_scene([Placed("BGM:STOK:12", 2.3, 33.0, (300, 250))], Spoil(blur_sigma=0.9, noise_sigma=2.0), seed=4)
    assert "BGM:STOK:12" not in zxing_texts(img)
    r = Decoder(game="BGM").decode(img)
    assert r.cards == (parse_code("BGM:STOK:12"),)


def test_a_foreign_code_read_is_not_rescued_and_costs_like_an_empty_tray() -> None:
    tray = Spoil(noise_sigma=2.0, clutter=3)
    empty, _ = render_scene([], tray, seed=7)
    phone, _ = render_scene([Placed(URL, 3.5, 15.0, (320, 240), style="phone")], tray, seed=7)
    dec = Decoder(game="BGM")
    e, p = dec.decode(empty), dec.decode(phone)
    assert p.foreign == 1 and p.cards == ()
    assert p.work <= 2 * e.work + 1.0, (p.work, e.work)


def test_an_unreadable_phone_code_is_seen_as_no_sticker() -> None:
    # Small (1.5 px per module at 640): if zxing cannot read it, its finders are small for their spacing
    # (a larger version, not a sticker) and it is refused before the rescue steps: no grid read, no
    # cleaned crops, and no other outline once the first finder triple's fit has finders that small
    # (the corpus-level target, distractor-only p95 <= 2x empty p95, is measured in benchmarks/scan.py).
    tray = Spoil(noise_sigma=2.0, clutter=3)
    img, syms = render_scene([Placed(URL, 1.5, 15.0, (320, 240), style="phone")], tray, seed=7)
    empty, _ = render_scene([], tray, seed=7)
    dec = Decoder(game="BGM")
    r = dec.decode(img)
    assert r.cards == ()  # read as foreign at best
    assert not any(s.how == "fitted" for s in r.seen)  # never taken for a sticker
    assert r.work <= 2 * dec.decode(empty).work + 1.0


def test_finder_size_tells_a_sticker_from_a_larger_version() -> None:
    card, cs = render_scene([Placed("BGM:SRCH:07", 4.0, 10.0, (320, 240))], Spoil(), seed=2)
    url, us = render_scene([Placed(URL, 3.0, 10.0, (320, 240), style="leaflet")], Spoil(), seed=2)
    assert grid.finder_scale(card, np.array(cs[0].corners, np.float32)) >= grid.MIN_FINDER_SCALE
    # the URL symbol fitted as if it were version 1: its three finders' positions, 21 modules apart
    c = np.array(us[0].corners, np.float32)
    n = us[0].modules
    as_v1 = c[0] + (c - c[0]) * 1.0  # the same outline: finders at the corners
    assert n > 21 and grid.finder_scale(url, as_v1) < grid.MIN_FINDER_SCALE


def test_deconvolution_reads_blur_the_centre_sampler_cannot() -> None:
    # Blur of 0.6 module (sigma): the module centres no longer tell dark from light; the least-squares
    # fit of the blurred module grid does.
    img, syms = render_scene([Placed("BGM:DARK:05", 2.4, 25.0, (320, 240))], Spoil(blur_sigma=1.45, noise_sigma=1.0), seed=3)
    q = np.array(syms[0].corners, np.float32)
    truth = qr_matrix("BGM:DARK:05")
    s, unk = next(grid.grid_candidates(img, q))
    assert int(((s > 0) != truth).sum()) > 30
    d, _, sigma = grid.deconvolve(grid.rectify(img, q, grid.LS_PPM))
    assert int(((d > 0) != truth).sum()) < 10 and 0.4 <= sigma <= 0.8
    assert grid.deconvolved_text(img, q) == "BGM:DARK:05"


def tilted_sticker(seed: int) -> tuple[np.ndarray, np.ndarray, float, np.ndarray]:
    """A sticker under a steep tilt (BGM:SRCH:31): the frame, its true corners, px per module, and
    the parallelogram a fit from its three finders gives (its fourth corner modules off)."""
    img, syms = render_scene([Placed("BGM:SRCH:31", 3.0, 0.0, (320, 240))], Spoil(tilt=0.12, blur_sigma=0.8), seed=seed)
    truth = np.array(syms[0].corners, np.float32)
    para = truth.copy()
    para[2] = truth[1] + truth[3] - truth[0]
    return img, truth, syms[0].px_per_module, para


@pytest.mark.parametrize("seed", [0, 4])
def test_fit_corners_finds_the_corner_a_finder_fit_misses(seed: int) -> None:
    # Perspective: the three finders fix three corners; the fourth of a parallelogram is modules off,
    # too far to read. The blur model's best fit puts it back within a third of a module.
    img, truth, m, para = tilted_sticker(seed)
    assert np.abs(para[2] - truth[2]).max() > 2 * m
    assert grid.read_quad(img, para, 3, refine=False) is None
    fitted = grid.fit_corners(img, para)
    assert np.abs(fitted[2] - truth[2]).max() < m / 3
    assert grid.read_quad(img, fitted, 3, refine=False) == "BGM:SRCH:31"


def test_fit_corners_of_a_glared_symbol_land_on_its_pixels() -> None:
    # Benchmark frame (seed 3, 1280 x 720, frame 23): glare washes out a third of the symbol. The
    # module means' residual was smallest half a module off the true corner; the last pass, on
    # the pixels, puts the corners close enough to read (0.26 module here; 0.53 on module means).
    placed = [Placed("BGM:DARK:11", 3.954753568393083, 171.73865136461623, (252.85752388122137, 236.177345325605))]
    spoil = Spoil(tilt=0.13501745961653752, blur_sigma=0.9853457284273301, glare=2, glare_size=0.24454526262541718,
                  light=0.9346794650199575, noise_sigma=2.1716906633929653, jpeg_quality=53)
    img, syms = render_scene(placed, spoil, seed=300032, scale=2.0, view=(1280, 720))
    truth = np.array(syms[0].corners, np.float32)
    m = syms[0].px_per_module
    para = truth.copy()
    para[2] = truth[1] + truth[3] - truth[0]  # what a fit from the finders gives
    # (counted over the frame's twins: where one corner fit lands hangs on its last grey levels)
    assert count(img, lambda t: grid.read_quad(t, para, 3, refine=False) is None) >= TWINS - 1
    # The fit moves in steps of about a quarter module: on this machine every twin lands 0.26 module
    # off; a grey level off elsewhere, some land a step or two further (0.53, 0.79), and all read.
    for t in twins(img):
        fitted = grid.fit_corners(t, para)
        assert np.abs(fitted - truth).max() < m, np.abs(fitted - truth).max() / m  # from 1.9 modules off
    assert count(img, lambda t: grid.read_quad(t, grid.fit_corners(t, para), 3, refine=False) == "BGM:DARK:11") >= TWINS - 1


def test_a_steeply_tilted_cards_finders_are_found_though_far_from_square() -> None:
    # Benchmark frame (seed 3, 1280 x 720, frame 65): a turned card under a steep tilt, its finders'
    # legs 120 degrees apart. A data blob makes a squarer triple with two of the true finders and
    # scores higher; the true triple is still among those tried, and the card reads.
    from companion.scan.finders import locate
    from companion.scan.locator import orientation

    placed = [Placed("BGM:BOOG:28", 2.3592716706207106, 309.9118633960263, (194.67455155166266, 348.4708191901223))]
    spoil = Spoil(tilt=0.12634121321835384, blur_sigma=1.4, glare=1, glare_size=0.22733998817840073,
                  light=1.1048405676989281, noise_sigma=1.3481381584295136, jpeg_quality=49, clutter=1)
    img, syms = render_scene(placed, spoil, seed=300074, scale=2.0, view=(1280, 720))
    truth = np.array(syms[0].corners, np.float32)
    m = syms[0].px_per_module
    legs = truth[1] - truth[0], truth[3] - truth[0]
    assert float(np.dot(*legs) / np.linalg.norm(legs[0]) / np.linalg.norm(legs[1])) < -0.45
    centre = truth.mean(axis=0)
    triples = locate(img, centre, 15.0, orientation(img, centre, 22 * m), [m * r for r in (0.8, 1.0, 1.25)])
    corner_err = [float(np.abs(t.quad()[[0, 1, 3]] - truth[[0, 1, 3]]).max()) for t in triples]
    assert min(corner_err) < m, corner_err
    # The true triple is tried on every twin: that is the step under test. Whether the card then
    # reads is this frame's luck (26 of 32 twins here, 1 of 8 on a frame already a grey level off),
    # so it is left to the benchmark's counts (issue 24).
    for t in twins(img)[1:]:
        found = locate(t, centre, 15.0, orientation(t, centre, 22 * m), [m * r for r in (0.8, 1.0, 1.25)])
        assert min(float(np.abs(x.quad()[[0, 1, 3]] - truth[[0, 1, 3]]).max()) for x in found) < m


def test_decision_feedback_reads_blur_the_plain_deconvolution_cannot() -> None:
    # Blur of 0.78 module (sigma 2.8 px at 3.6 px per module): alternating modules keep ~4 % of their
    # contrast and the ridge solution gets too many modules wrong; fixing the ones it is sure of and
    # solving the rest again reads it. A symbol of another text never decodes as this one. (At that
    # blur either read of one frame hangs on its last grey levels: counted over its twins.)
    img, syms = render_scene([Placed("BGM:STOK:14", 3.6, 20.0, (320, 240))], Spoil(blur_sigma=2.8, noise_sigma=2.0), seed=1)
    q = np.array(syms[0].corners, np.float32)
    feedback = count(img, lambda t: grid.feedback_text(t, q) == "BGM:STOK:14")  # 30 of 32 twins
    assert feedback >= TWINS // 4
    assert count(img, lambda t: grid.deconvolved_text(t, q) == "BGM:STOK:14") <= 1 < feedback  # 0 of 32
    blank = np.full_like(img, 200)
    assert grid.feedback_text(blank, q) is None


SECOND = {  # benchmark frames (seed 8128, 1280 x 720): zxing reads one card; the other is a dim, noisy sticker
    "dim sticker beside a read card (frame 14)": (
        [Placed("BGM:SRCH:12", 5.973938578136255, 296.02121047157715, (318.2563089342825, 254.97055887308738)),
         Placed("BGM:SRCH:32", 5.479612511002874, 217.07763689897848, (96.39949231051136, 164.14486962880974))],
        Spoil(blur_sigma=1.2252039831564827, glare=2, glare_size=0.13242339854434002, light=0.1260043468548582,
              noise_sigma=6.6593114885509594, jpeg_quality=49, clutter=3), 812824398),
    "small dim token beside a read card (frame 61)": (
        [Placed("BGM:SRCH:27", 4.411990555600688, 172.74980573365895, (277.29268729521823, 172.28024504613134)),
         Placed("BGM:STOK:05", 2.452357579074051, 185.13685540054308, (535.4256611867045, 188.46149437458962))],
        Spoil(tilt=0.06780691132849956, blur_sigma=1.4, glare_size=0.1816672384470724, light=0.18137751214611683,
              noise_sigma=5.417150091079554, jpeg_quality=52, clutter=1), 812824445),
}


@pytest.mark.parametrize("name", list(SECOND))
def test_the_look_after_a_full_read_finds_a_dim_noisy_second_sticker(name: str) -> None:
    # Dim light and sensor noise flatten a sticker's texture score to 1.6-2 (2.5 was the floor for
    # that look once): it is still a patch worth the steps, and reads
    placed, spoil, seed = SECOND[name]
    # (which step reads the second sticker, and whether the old floor would have, depends on the
    # frame's last grey levels: on this frame and its twins both floors read most; tests/scan/variants.py)
    img, _ = render_scene(placed, spoil, seed=seed, scale=2.0, view=(1280, 720))
    want = tuple(sorted(parse_code(p.text) for p in placed))
    assert count(img, lambda t: Decoder(game="BGM").decode(t).cards == want) >= TWINS // 2


def test_a_second_sticker_whose_finders_fit_a_little_under_the_old_bar_is_read() -> None:
    # Benchmark frame (seed 5151, 1280 x 720, frame 183): zxing reads the large card; the token's
    # finder fit scores 1.98 of 3 (dim, glared, JPEG 21), under the 2.0 the look after a full read
    # once asked for, and the fit is right
    placed = [Placed("BGM:STOK:16", 2.67153632761039, 148.02986557644934, (500.3181692313139, 227.29690770077326)),
              Placed("BGM:LGHT:06", 4.416036670903714, 144.59869947391772, (228.3633772517956, 297.6107381345701))]
    spoil = Spoil(tilt=0.13939901193722307, blur_sigma=1.4, glare=1, glare_size=0.28731474386868006,
                  light=0.218413741642059, noise_sigma=3.1298563864977935, jpeg_quality=21)
    img, _ = render_scene(placed, spoil, seed=515115636, scale=2.0, view=(1280, 720))
    r = Decoder(game="BGM").decode(img)
    assert r.cards == (parse_code("BGM:LGHT:06"), parse_code("BGM:STOK:16"))


def test_a_texture_blob_three_times_the_symbol_still_finds_its_finders() -> None:
    # Benchmark frame (seed 5151, 1280 x 720, frame 218): a dim, motion-blurred card whose texture
    # blob takes in the whole card, 2.8x the symbol's side; the finder search reaches down to 0.4x
    # the blob's module estimate
    placed = [Placed("BGM:EVNT:08", 2.276072954759595, 112.72641228164778, (201.67722964933162, 244.78209999840445))]
    spoil = Spoil(blur_sigma=0.7272488729817337, motion_px=4, glare_size=0.18958470750846962,
                  light=0.19588737670041168, noise_sigma=1.541813986665509, jpeg_quality=32, clutter=5)
    img, _ = render_scene(placed, spoil, seed=515115671, scale=2.0, view=(1280, 720))

    def reads() -> int:
        return count(img, lambda t: Decoder(game="BGM").decode(t).cards == (parse_code("BGM:EVNT:08"),))

    # (whether the search from 0.5x, as it was, misses this frame hangs on its last grey levels: 5 of
    # 12 twins here, 7 of 8 under another jitter; the decoder reads most of them)
    assert reads() >= TWINS // 2


def test_a_tilted_cards_finder_legs_may_differ_by_a_third() -> None:
    # Benchmark frame (seed 6007, 1280 x 720, frame 190): a card turned 47 degrees under a tilt. Its
    # three finders are the three strongest peaks, but their legs differ by a factor of 1.26 (the
    # tilt, and peaks found on a 3-px grid); the triple used to be refused at 1.25.
    from companion.scan.finders import finder_peaks, finder_triples
    from companion.scan.locator import orientation

    placed = [Placed("BGM:TRBL:06", 4.273725136860604, 47.26571742584706, (548.8101717477911, 159.77742551448662))]
    spoil = Spoil(tilt=0.12038888287886026, blur_sigma=0.783273540256682, glare=2, glare_size=0.28602913042929445,
                  light=0.9494157335944249, noise_sigma=2.5774809150231164, jpeg_quality=55, clutter=0)
    img, syms = render_scene(placed, spoil, seed=600718211, scale=2.0, view=(1280, 720))
    truth = np.array(syms[0].corners, np.float32)
    m = syms[0].px_per_module
    centre = truth.mean(axis=0)
    peaks = finder_peaks(img, centre, 2 * m, orientation(img, centre, 22 * m), [m])
    legs = [np.hypot(peaks[i][1] - peaks[0][1], peaks[i][2] - peaks[0][2]) for i in range(3)]
    assert max(legs[1:]) / min(legs[1:]) > 1.25
    best = finder_triples(peaks)[0]
    assert np.abs(best.quad()[[0, 1, 3]] - truth[[0, 1, 3]]).max() < 2 * m
    assert Decoder(game="BGM").decode(img).cards == (parse_code("BGM:TRBL:06"),)


def test_a_located_outline_joining_two_stickers_hides_neither() -> None:
    # Benchmark frame (seed 6007, 640 x 480, frame 353): two dim cards. zxing locates one long, thin
    # "symbol" from finders of both; a texture patch on it read one card, and the outline (not the
    # fit) was then taken as read, so the other card's patch, inside it, was never tried.
    from companion.scan.decoder import _outline, located_symbols

    placed = [Placed("BGM:SRCH:45", 2.492455385443634, 268.13664964563094, (449.67260077794293, 138.273245344618)),
              Placed("BGM:BOOG:13", 2.5726541267016345, 103.99318326205811, (177.8329152359747, 341.339919098015))]
    spoil = Spoil(tilt=0.07310432394395838, blur_sigma=0.0, motion_px=3, glare=0, glare_size=0.12747687965070856,
                  light=0.1229593278222013, noise_sigma=0.8626073045845117, jpeg_quality=51, clutter=4)
    img, _ = render_scene(placed, spoil, seed=600718374)
    # (whether zxing joins the two on a given twin depends on its last grey levels: on some it does)
    assert any(any(not _outline(q) for _, q, _ in located_symbols(t)) for t in twins(img))
    want = (parse_code("BGM:BOOG:13"), parse_code("BGM:SRCH:45"))
    assert count(img, lambda t: Decoder(game="BGM").decode(t).cards == want) >= TWINS - 2


@pytest.mark.parametrize("hold", [True, False])
def test_a_grid_read_that_is_no_stickers_text_lets_the_later_steps_try(monkeypatch: pytest.MonkeyPatch, hold: bool) -> None:
    # Seen on a benchmark frame (seed 5151, 1280 x 720, frame 78): Reed-Solomon "repaired" the grid
    # read of a card fitted a pixel off into ':ZHW-9U$VUP', a valid text no sticker carries. Whether
    # a given frame is misread so depends on the CPU's exact image arithmetic (it failed a fresh
    # clone's `make test` on another CPU: issue 24), so the misread is made here, on a plain frame:
    # zxing is kept out (so the grid steps run) and the first grid read answers that text. It is held
    # while the codebook reads the card on the same corners; without the hold it is the answer.
    from companion.scan import decoder

    img, _ = render_scene([Placed("BGM:TRBL:01", 4.0, 20.0, (320, 240))], Spoil(blur_sigma=0.8, noise_sigma=1.0), seed=3)
    monkeypatch.setattr(decoder, "located_symbols", lambda small: [])
    monkeypatch.setattr(decoder, "zxing_texts", lambda img: [])
    monkeypatch.setattr(decoder, "zxing_located", lambda img: [])
    monkeypatch.setattr(decoder, "HOLD_UNKNOWN", hold)
    real = grid.read_quad
    reads: list[str | None] = []

    def misread_once(*a: object, **k: object) -> str | None:
        reads.append(real(*a, **k))  # type: ignore[arg-type]
        return ":ZHW-9U$VUP" if len(reads) == 1 else reads[-1]

    monkeypatch.setattr(grid, "read_quad", misread_once)
    r = Decoder(game="BGM").decode(img)
    assert reads[:1] == ["BGM:TRBL:01"]  # the grid step ran, on a card it reads (the misread is ours)
    if hold:
        assert r.cards == (parse_code("BGM:TRBL:01"),) and r.foreign == 0
        assert [s.how for s in r.seen] == ["codebook"]
    else:
        assert r.cards == () and r.foreign == 1 and [s.text for s in r.seen] == [":ZHW-9U$VUP"]


def test_a_located_symbol_its_crop_reads_takes_the_cheap_look(monkeypatch: pytest.MonkeyPatch) -> None:
    # Benchmark frame (seed 3, 640 x 480, frame 22): zxing locates the blurred card on the frame but
    # cannot read it; on its crop at 4.5 px per module it reads. That step now runs before the
    # texture finder, so the frame takes the look after a full read (on a half-size copy) and not
    # the texture finder over the whole frame: 1 frame in 25 on seed 7373, just above the median.
    from companion.scan import locator

    placed = [Placed("BGM:SRCH:44", 3.51592523003408, 239.71877591770215, (309.0622831870938, 224.9375337312042))]
    spoil = Spoil(tilt=0.0873279434793082, blur_sigma=0.9624160134006938, motion_px=3, glare=0, glare_size=0.12788210427824043,
                  light=1.0, noise_sigma=0.9510924224573999, jpeg_quality=40, clutter=1)
    img, _ = render_scene(placed, spoil, seed=300031)
    widths: list[int] = []
    real = locator.symbol_candidates

    def spy(small: np.ndarray, *a: object, **k: object) -> object:
        widths.append(small.shape[1])
        return real(small, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(locator, "symbol_candidates", spy)
    r = Decoder(game="BGM").decode(img)
    assert r.cards == (parse_code("BGM:SRCH:44"),) and r.stage == "crop zxing"
    assert widths == [img.shape[1] // 2]


def test_a_micro_qr_zxing_reads_off_a_sticker_does_not_hide_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seen on a benchmark frame (seed 8686, 1280 x 720, frame 49): zxing's cheap pass read an "M1"
    # Micro QR ("0") off part of a motion-blurred card's symbol. Taken as a foreign code already read,
    # it hid the card from every later step. Micro QR and rMQR results are dropped, read or not: no
    # card is one. Whether zxing reads such an M1 hangs on the frame's last grey levels (issue 24),
    # so the cheap pass is made to answer just that, over a plain card: the later steps read it.
    from types import SimpleNamespace

    import zxingcpp

    from companion.scan.decoder import located_symbols, preview

    img, syms = render_scene([Placed("BGM:LGHT:07", 3.0, 20.0, (320, 240))], Spoil(noise_sigma=1.0), seed=5, scale=2.0)
    c = np.array(syms[0].corners, np.float32) / 2  # on the preview
    x0, y0 = c.min(axis=0)
    x1, y1 = (x0 + c.max(axis=0)) / 2  # the symbol's top-left quarter, as zxing's M1 was
    pt = SimpleNamespace
    m1 = SimpleNamespace(text="0", valid=True, extra={"Version": "M1", "ECLevel": "L"},
                         position=pt(top_left=pt(x=x0, y=y0), top_right=pt(x=x1, y=y0),
                                     bottom_right=pt(x=x1, y=y1), bottom_left=pt(x=x0, y=y1)))
    real = zxingcpp.read_barcodes

    def cheap_pass_reads_only_the_m1(image: np.ndarray, **k: object) -> list[object]:
        return [m1] if "try_downscale" in k else real(image, **k)  # (located_symbols' call)

    monkeypatch.setattr(zxingcpp, "read_barcodes", cheap_pass_reads_only_the_m1)
    assert located_symbols(preview(img)[0]) == []
    r = Decoder(game="BGM").decode(img)
    assert r.cards == (parse_code("BGM:LGHT:07"),) and r.foreign == 0


def test_a_blurred_second_card_whose_finders_fit_at_1_76_is_read() -> None:
    # Benchmark frame (seed 8686, 1280 x 720, frame 391): zxing reads one card; the other, blurred
    # (1.4 px), is found by the look after a full read, and its finder fit lands within a pixel of
    # the true corners but scores 1.76 of 3, under the look's old bar of 1.8.
    placed = [Placed("BGM:STOK:07", 1.7978218825081935, 166.05450719333163, (376.5480537640621, 242.64966326559107)),
              Placed("BGM:NGHT:08", 3.349448541400574, 13.507350067299866, (204.38668488966317, 143.56302265778885))]
    spoil = Spoil(tilt=0.0, blur_sigma=1.4, motion_px=0, glare=1, glare_size=0.1622392967685372, light=1.0,
                  noise_sigma=1.8908925554082152, jpeg_quality=59, clutter=4)
    img, _ = render_scene(placed, spoil, seed=868626449, scale=2.0, view=(1280, 720))
    assert Decoder(game="BGM").decode(img).cards == (parse_code("BGM:NGHT:08"), parse_code("BGM:STOK:07"))
