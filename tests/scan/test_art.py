"""Stickers on card art (issue 29): the look after a full read stays cheap on artwork."""
from typing import Any

import numpy as np
import pytest

from companion.scan import decoder as dec
from companion.scan import locator
from companion.scan.synth import Placed, Spoil, render_scene


def art_frame(seed: int) -> np.ndarray:
    img, _ = render_scene([Placed("BGM:SRCH:07", 4.0, 20.0 * seed, (320, 240), style="art")],
                          Spoil(tilt=0.06, noise_sigma=1.5), seed=seed)
    return img


def test_the_look_after_a_full_read_tries_no_square_guesses_on_artwork(monkeypatch: pytest.MonkeyPatch) -> None:
    # The precondition made, not found: a card the cheap pass reads, on busy artwork whose patches
    # score as strong texture. The look after that read fits finder triples only; square guesses
    # (5 refits each) on artwork made a frame read at once cost 7 units instead of 1 (art seed 11).
    calls = {"n": 0}
    real = locator.square_guesses

    def counted(*a: Any, **k: Any) -> Any:
        calls["n"] += 1
        return real(*a, **k)

    monkeypatch.setattr(locator, "square_guesses", counted)
    frames = [art_frame(s) for s in range(8)]
    read = [dec.Decoder(game="BGM").decode(f) for f in frames]
    assert sum(str(c) == "BGM:SRCH:07" for r in read for c in r.cards) >= 7
    assert all(r.stage == "zxing" for r in read if r.cards)  # the cheap pass read them: then only the look runs
    assert calls["n"] == 0
    monkeypatch.setattr(dec, "SECOND_LOOK_SQUARES", True)  # the old look did try them on these frames
    for f in frames:
        dec.Decoder(game="BGM").decode(f)
    assert calls["n"] > 0


def hatched(img: np.ndarray, centre: tuple[int, int], half: int, period: float, angle: float) -> np.ndarray:
    """`img` with a square of hatching (dark and light stripes one way), as card artwork draws it."""
    out = img.copy()
    yy, xx = np.mgrid[0:img.shape[0], 0:img.shape[1]]
    u = (xx - centre[0]) * np.cos(angle) + (yy - centre[1]) * np.sin(angle)
    inside = (np.abs(xx - centre[0]) < half) & (np.abs(yy - centre[1]) < half)
    out[inside] = np.where(np.sin(2 * np.pi * u / period) > 0, 40, 220).astype(np.uint8)[inside]
    return out


def card_and_hatching() -> np.ndarray:
    img, _ = render_scene([Placed("BGM:SRCH:07", 4.0, 20.0, (200, 240))], Spoil(noise_sigma=1.5), seed=3)
    return hatched(img, (470, 240), 45, 7.0, 0.5)


def test_stripes_tell_hatching_from_a_symbol() -> None:
    img, _ = render_scene([Placed("BGM:SRCH:07", 4.0, 20.0, (200, 240))], Spoil(noise_sigma=1.5), seed=3)
    art = hatched(img, (470, 240), 45, 7.0, 0.5)
    on_symbol: list[float] = []
    on_art: list[float] = []
    locator.orientation(img, np.array([200, 240], np.float32), 90.0, on_symbol)
    locator.orientation(art, np.array([470, 240], np.float32), 90.0, on_art)
    assert on_symbol[0] < 0.2 < dec.SECOND_LOOK_STRIPES < on_art[0], (on_symbol, on_art)


def test_orientation_without_trigonometry_is_the_angle_it_was() -> None:
    # (gx + i gy)^4 / |g|^2 is |g|^2 e^(4i theta): the same sum as the per-pixel arctan2, cos and sin
    import cv2

    img, _ = render_scene([Placed("BGM:SRCH:07", 4.0, 27.0, (320, 240))], Spoil(tilt=0.05, noise_sigma=2.0), seed=5)
    for cx, cy, side in ((320, 240, 100.0), (300, 250, 60.0), (150, 120, 200.0)):
        r = int(side * 0.55) + 2
        crop = cv2.GaussianBlur(np.asarray(img[cy - r:cy + r, cx - r:cx + r], np.float32), (0, 0), max(0.7, side / 80))
        gx, gy = cv2.Sobel(crop, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(crop, cv2.CV_32F, 0, 1, ksize=3)
        w, ang = gx * gx + gy * gy, np.arctan2(gy, gx)
        want = float(np.angle(complex(float((w * np.cos(4 * ang)).sum()), float((w * np.sin(4 * ang)).sum()))) / 4)
        got = locator.orientation(img, np.array([cx, cy], np.float32), side)
        assert abs((got - want + np.pi / 4) % (np.pi / 2) - np.pi / 4) < 1e-4


def test_the_look_after_a_full_read_drops_hatching_before_the_finder_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # The precondition made: a card the cheap pass reads, and beside it a patch of hatching that
    # scores as strong texture. Its edges run one way, so the look drops it for the cost of the
    # orientation; without that check the finder search runs on it.
    from companion.scan import finders

    calls = {"n": 0}
    real = finders.locate

    def counted(*a: Any, **k: Any) -> Any:
        calls["n"] += 1
        return real(*a, **k)

    monkeypatch.setattr(finders, "locate", counted)
    looked: list[list[Any]] = []
    real_look = dec.Decoder._second_look

    def look(self: dec.Decoder, *a: Any) -> Any:
        out = real_look(self, *a)
        looked.append(out)
        return out

    monkeypatch.setattr(dec.Decoder, "_second_look", look)
    frame = card_and_hatching()
    r = dec.Decoder(game="BGM").decode(frame)
    assert [str(c) for c in r.cards] == ["BGM:SRCH:07"] and r.stage == "zxing"
    assert any(c.score >= dec.SECOND_LOOK_SCORE for c in looked[-1])  # the hatching is a strong patch
    assert calls["n"] == 0
    monkeypatch.setattr(dec, "SECOND_LOOK_STRIPES", 1.01)
    again = dec.Decoder(game="BGM").decode(frame)
    assert calls["n"] > 0 and again.work > r.work


def test_the_look_after_a_full_read_refits_no_triple_that_scores_unlike_finders(monkeypatch: pytest.MonkeyPatch) -> None:
    # The precondition made: the finder search answers with triples of weak correlations (as on
    # artwork: 0.6-1.4 of 3). The look refits none of them; a triple at the bar is refit.
    from companion.scan import finders, grid

    refits = {"n": 0}
    real_refit = grid.refit

    def counted(*a: Any, **k: Any) -> Any:
        refits["n"] += 1
        return real_refit(*a, **k)

    def weak(g: Any, centre: Any, reach: float, angle: float, sizes: Any, k: int = 3, ppm: int = 3) -> list[finders.Triple]:
        c = np.asarray(centre, np.float64)
        return [finders.Triple(score, c + (-20.0, -20.0), c + (20.0, -20.0), c + (-20.0, 20.0), 40 / 14)
                for score in (dec.SECOND_LOOK_TRIPLE - 0.05, 1.0, 0.8)]

    monkeypatch.setattr(grid, "refit", counted)
    monkeypatch.setattr(finders, "locate", weak)
    monkeypatch.setattr(dec, "SECOND_LOOK_STRIPES", 1.01)  # (let the hatching through to the finder search)
    frame = card_and_hatching()
    dec.Decoder(game="BGM").decode(frame)
    assert refits["n"] == 0
    monkeypatch.setattr(dec, "SECOND_LOOK_TRIPLE", 0.0)
    dec.Decoder(game="BGM").decode(frame)
    assert refits["n"] > 0
