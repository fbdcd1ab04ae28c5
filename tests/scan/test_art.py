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
