"""The rescue steps added after the first five (local min/max normalisation, Richardson-Lucy):
each reads a frame the earlier chain misses, and none turns a foreign or out-of-range QR into a
card. The frames are fixed seeds found by search; the spoils are within the benchmark's range."""

import numpy as np
import pytest

from cards_qr.codes import parse_code
from companion.scan.decoder import RESCUE, Decoder, local_norm, richardson_lucy
from companion.scan.synth import Placed, Spoil, render_frame
from tests.scan.variants import TWINS, count

GLARE = Spoil(tilt=0.06, blur_sigma=1.0, glare=1, glare_size=0.25, light=1.1, noise_sigma=2.0)
DIM_TOKEN = Spoil(tilt=0.08, blur_sigma=1.3, light=0.3, noise_sigma=2.0)
OLD_CHAIN = RESCUE[:5]


def test_local_norm_undoes_additive_glare() -> None:
    # Print (40) on paper (220), with a bright additive blob over one half: after normalisation the
    # print under the glare is as dark, relative to its paper, as elsewhere.
    img = np.full((120, 240), 220.0)
    img[:, ::8] = 40.0
    img[:, 120:] += 30.0 * np.ones((120, 120))
    img[:, 120:] = np.minimum(img[:, 120:], 255)
    out = local_norm(np.clip(img, 0, 255).astype(np.uint8)).astype(int)
    left, right = out[40:80, 30:90], out[40:80, 150:210]
    assert abs(int(left.min()) - int(right.min())) < 20 and abs(int(left.max()) - int(right.max())) < 20
    assert right.max() - right.min() > 200


def test_richardson_lucy_sharpens_an_edge() -> None:
    import cv2

    step = np.zeros((40, 80), np.uint8)
    step[:, 40:] = 200
    blurred = cv2.GaussianBlur(step, (0, 0), 1.2)
    sharp = richardson_lucy(blurred, 1.2)
    assert np.abs(np.diff(sharp[20].astype(int))).max() > np.abs(np.diff(blurred[20].astype(int))).max()


@pytest.mark.parametrize(("code", "module_px", "spoil", "seed", "stage", "old_at_most", "stage_at_least"), [
    ("BGM:LGHT:19", 5.0, GLARE, 69, "zxing localnorm 3x smooth", TWINS // 4, TWINS - 2),  # old: 0 of 12 twins here
    # the dim token: whether the first five, or the step alone, read this frame hangs on its last grey
    # levels (the machine that found it: 0 and 1; its twins: 7 and 11 of 12, 1 of 8 under another
    # jitter); what holds on every machine is that the decoder reads it
    ("BGM:STOK:21", 2.8, DIM_TOKEN, 126, "zxing localnorm deblur 3x", TWINS, 0),
])
def test_step_rescues_a_frame_the_old_chain_misses(code: str, module_px: float, spoil: Spoil, seed: int,
                                                   stage: str, old_at_most: int, stage_at_least: int) -> None:
    # The whole-frame steps 6-7 (kept for Decoder(whole_frame=True)) each read a frame and its twins
    # (tests/scan/variants.py) that the first five miss; the decoder, which works by the symbol, reads
    # them with its default steps.
    img = render_frame([Placed(code, module_px, 37.0)], spoil, seed=seed)
    assert count(img, lambda t: any(code in fn(t) for _, fn in OLD_CHAIN)) <= old_at_most
    assert count(img, lambda t: code in dict(RESCUE)[stage](t)) >= stage_at_least
    want = (parse_code(code),)
    dec = Decoder(game="BGM", budget_ms=1e9)  # the steps, not this box's load, are under test
    assert count(img, lambda t: dec.decode(t).cards == want) >= TWINS - 1
    whole = Decoder(game="BGM", budget_ms=1e9, whole_frame=True, second_card=False)
    assert count(img, lambda t: whole.decode(t).cards == want) >= TWINS - 1


@pytest.mark.parametrize("text", ["HTTPS://EXAMPLE.COM/MENU", "WIFI:S:home;T:WPA;P:x;;", "BGM:SRCH:99",
                                  "BGM:STOK:51", "bgm:srch:07", "BGM:SRCH:7"])
@pytest.mark.parametrize("spoil", [GLARE, DIM_TOKEN])
def test_new_steps_never_invent_a_card(text: str, spoil: Spoil) -> None:
    # Only the new steps (after the cheap pass), on foreign and out-of-range codes and an empty tray.
    dec = Decoder(game="BGM", rescue=RESCUE[5:])
    for seed in range(3):
        r = dec.decode(render_frame([Placed(text, 3.0 + seed, 20.0 + 50 * seed)], spoil, seed=seed))
        assert r.cards == () and r.other_game == ()
    empty = render_frame([], Spoil(clutter=8, noise_sigma=3, glare=1), seed=4)
    assert dec.decode(empty).cards == ()
