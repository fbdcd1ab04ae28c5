import numpy as np
import pytest

from cards_qr.codes import CardCode, parse_code
from companion.scan.decoder import Decoder, flat_field, to_gray
from companion.scan.synth import Placed, Spoil, render_frame


def frame(*texts: str, spoil: Spoil | None = None, module_px: float = 5.0, seed: int = 3) -> np.ndarray:
    return render_frame([Placed(t, module_px, 30.0 * i + 10) for i, t in enumerate(texts)], spoil, seed=seed)


def test_reads_one_card() -> None:
    r = Decoder(game="BGM").decode(frame("BGM:SRCH:07"))
    assert r.cards == (CardCode("BGM", "SRCH", 7),) and r.other_game == () and r.stage == "zxing"


def test_reads_two_cards_at_once() -> None:
    r = Decoder(game="BGM").decode(frame("BGM:SRCH:07", "BGM:STOK:50"))
    assert [str(c) for c in r.cards] == ["BGM:SRCH:07", "BGM:STOK:50"]


@pytest.mark.parametrize("text", ["HTTPS://EXAMPLE.COM/MENU", "https://example.com/x", "BGM:SRCH:99",
                                  "BGM:SRCH:00", "BGM:STOK:51", "bgm:srch:07", "BGM:XXXX:01"])
def test_foreign_and_out_of_range_codes_are_ignored(text: str) -> None:
    r = Decoder(game="BGM").decode(frame(text))
    assert r.cards == () and r.other_game == ()
    assert r.foreign == 1  # it was read, and rejected, not missed


def test_foreign_code_beside_a_card_does_not_hide_it() -> None:
    r = Decoder(game="BGM").decode(frame("HTTPS://EXAMPLE.COM/MENU", "BGM:DARK:32"))
    assert [str(c) for c in r.cards] == ["BGM:DARK:32"] and r.foreign == 1


def test_other_game_card_is_reported_not_played() -> None:
    r = Decoder(game="BGM").decode(frame("SOL:EXIT:03"))
    assert r.cards == () and [str(c) for c in r.other_game] == ["SOL:EXIT:03"]
    assert [str(c) for c in Decoder(game=None).decode(frame("SOL:EXIT:03")).cards] == ["SOL:EXIT:03"]


def test_empty_tray_gives_nothing() -> None:
    r = Decoder(game="BGM").decode(frame(spoil=Spoil(clutter=8, noise_sigma=3)))
    assert r.cards == () and r.other_game == () and r.foreign == 0


def test_rescue_passes_read_frames_the_cheap_pass_misses() -> None:
    # Dim, glared, blurred, small frames: the cheap zxing pass misses some; the rescue must read
    # strictly more, and never a wrong card.
    from companion.scan.decoder import zxing_texts

    rng = np.random.default_rng(5)
    cheap = rescued = 0
    for i in range(40):
        code = f"BGM:SRCH:{i + 1:02d}"
        sp = Spoil(tilt=0.08, blur_sigma=float(rng.uniform(0.8, 1.4)), glare=1, light=float(rng.uniform(0.15, 0.3)),
                   noise_sigma=3.0, jpeg_quality=40)
        img = frame(code, spoil=sp, module_px=float(rng.uniform(2.6, 3.4)), seed=100 + i)
        cheap += code in zxing_texts(img)
        got = Decoder(game="BGM").decode(img).cards
        assert set(got) <= {parse_code(code)}
        rescued += got == (parse_code(code),)
    assert rescued > cheap
    assert rescued >= cheap + 8, (cheap, rescued)


def test_colour_and_odd_frames() -> None:
    g = frame("BGM:SRCH:07")
    bgr = np.dstack([g, g, g])
    bgra = np.dstack([g, g, g, np.full_like(g, 255)])
    for f in (bgr, bgra, g[:, :, None]):
        assert [str(c) for c in Decoder(game="BGM").decode(f).cards] == ["BGM:SRCH:07"]
    with pytest.raises(ValueError):
        to_gray(np.zeros((4, 4, 5), np.uint8))


def test_flat_field_removes_uneven_light() -> None:
    yy, xx = np.mgrid[0:200, 0:200]
    ramp = (40 + xx).astype(np.uint8)  # plain paper under a light gradient
    inner = flat_field(ramp)[:, 40:-40].astype(int)  # away from the image border
    assert inner.max() - inner.min() < 20 < 100 <= int(ramp[:, 40:-40].max()) - int(ramp[:, 40:-40].min())
