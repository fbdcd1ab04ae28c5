"""The work budget (companion/scan/work.py): counted in units of work, not wall time, so a frame gets
the same steps and the same answer on a slow or loaded machine."""

import time

import numpy as np

from cards_qr.codes import parse_code
from companion.scan import grid
from companion.scan.decoder import Decoder
from companion.scan.synth import Placed, Spoil, render_frame
from companion.scan.decoder import calibrate
from companion.scan.work import Work

# A token zxing does not locate (benchmark seed 1 frame 69): read by the texture finder and the grid.
HARD = Spoil(tilt=0.10006640695888046, blur_sigma=1.4, motion_px=0, glare=1, glare_size=0.12073094025154671,
             light=1.0, noise_sigma=6.636343993652828, jpeg_quality=38, clutter=1)


def hard_frame() -> np.ndarray:
    return render_frame([Placed("BGM:STOK:24", 2.6, 20.868793982344812)], HARD, seed=100072, scale=2.0)


def test_work_takes_only_what_fits() -> None:
    w = Work(10.0)
    assert w.take(6.0) and w.spent == 6.0
    assert not w.take(5.0) and w.spent == 6.0  # refused, nothing charged
    w.charge(5.0)  # the cheap pass runs regardless
    assert w.spent == 11.0 and w.left == 0.0 and not w.fits(0.1)


def test_a_slow_machine_gets_the_same_answer(monkeypatch) -> None:
    # The grid reader made 20 ms slower per call (a loaded box, a Pi): the same steps run, the same
    # cards come out, the same work is charged; only the wall time grows.
    img = hard_frame()
    fast = Decoder(game="BGM").decode(img)
    real = grid.read_quad

    def slow(*a, **k):
        time.sleep(0.02)
        return real(*a, **k)

    calls = []
    monkeypatch.setattr(grid, "read_quad", lambda *a, **k: calls.append(1) or slow(*a, **k))
    slowed = Decoder(game="BGM").decode(img)
    assert calls and fast.cards == (parse_code("BGM:STOK:24"),)
    assert slowed.cards == fast.cards and slowed.work == fast.work and slowed.stage == fast.stage


def test_the_budget_bounds_the_work() -> None:
    img = hard_frame()
    full = Decoder(game="BGM", budget=1e9).decode(img)
    assert full.cards == (parse_code("BGM:STOK:24"),) and full.work > 5
    tight = Decoder(game="BGM", budget=3.0).decode(img)
    assert tight.work <= 3.0 + 1.0  # the cheap pass (charged regardless) is about half a unit here
    assert tight.cards == ()


def test_calibrate_measures_this_machine() -> None:
    ms_per_unit = calibrate(repeats=2)
    assert 0.05 < ms_per_unit < 50  # a unit is about a reference millisecond, on any sane machine
