"""Text on every screen reads whole: no label shortened ("..."), cut to fewer lines, broken
mid-word or spilling out of its box, on any screen `companion shots --game all` builds.

The check (companion/ui/fit.py) is shown to catch each kind of cut on real Kivy labels first, so
the walk below cannot pass by checking nothing; the walk counts the labels it read.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from companion.core.packs import codes

LONG = "Turn 1 \u00b7 the party in Brooklyn, where the Boy was last seen"


def _label(**kw: Any) -> Any:
    from kivy.uix.label import Label

    label = Label(font_size=20, **kw)
    label.texture_update()
    return label


def _pump() -> None:
    from kivy.base import EventLoop

    for _ in range(3):
        EventLoop.idle()


def test_the_check_names_every_kind_of_cut() -> None:
    from kivy.core.window import Window  # noqa: F401  (a GL context for the textures)

    from companion.ui.fit import why_cut

    assert why_cut(_label(text=LONG, size=(200, 30), text_size=(200, 30), shorten=True)) == "shortened"
    assert why_cut(_label(text=LONG, size=(200, 50), text_size=(200, 50), max_lines=2)) == "lines dropped"
    assert why_cut(_label(text=LONG, size=(200, 30), text_size=(200, 30), valign="top")) == "lines dropped"
    # valign middle lays every line out in a texture as tall as the box: the glyphs are clipped
    assert why_cut(_label(text=LONG, size=(200, 30), text_size=(200, 30), valign="middle")).endswith("px tall in 30")
    assert why_cut(_label(text=LONG, size=(200, 30))).endswith("px wide in 200")
    assert why_cut(_label(text="Conservatory", size=(60, 200), text_size=(60, None))) == "a word broken across lines"
    marked = _label(text="[b]Turn 1[/b] \u00b7 the party", markup=True, size=(400, 30), text_size=(400, 30))
    assert why_cut(marked) == ""
    assert why_cut(_label(text=LONG, size=(760, 30), text_size=(760, 30))) == ""


def test_a_fit_label_steps_its_font_down_to_fit_and_never_below_its_floor() -> None:
    from kivy.core.window import Window  # noqa: F401

    from companion.ui import theme as T
    from companion.ui.fit import why_cut
    from companion.ui.widgets import FitLabel

    heading = FitLabel(text=LONG, font_size=26, min_font=12, size=(440, 44), bold=True)
    _pump()
    assert why_cut(heading) == "" and T.FONT_MIN <= heading.font_size < 26
    short = FitLabel(text="Turn 1", font_size=26, min_font=12, size=(360, 44))
    _pump()
    assert short.font_size == 26
    hopeless = FitLabel(text=LONG * 4, font_size=26, min_font=14, size=(200, 30))
    _pump()
    # the floor is the label's min_font, and never under the theme's FONT_MIN (issue 28)
    assert hopeless.font_size == max(14, T.FONT_MIN) and why_cut(hopeless), "a text too long even at the floor stays reported"


@pytest.mark.parametrize("code", codes())
def test_every_screen_of_the_game_reads_whole(code: str, tmp_path: Path) -> None:
    from companion.core.packs import get_pack
    from companion.ui import fit
    from companion.ui.harness import Harness
    from companion.ui.packui import ui_for

    ui = ui_for(get_pack(code))
    old = os.environ.get("COMPANION_DATA_DIR")
    os.environ["COMPANION_DATA_DIR"] = str(tmp_path)
    h = Harness(tmp_path, camera="none", draw=False)
    cut: list[str] = []
    screens: list[str] = []
    read = [0]

    def shot(name: str) -> None:
        h.pump(frames=3)  # the fitting labels settle on the next frame, as on the panel
        from kivy.core.window import Window

        read[0] += sum(1 for label in fit._shown(Window) if str(label.text).strip())
        screens.append(name)
        cut.extend(f"{name}: {c}" for c in fit.cut_labels())

    try:
        ui.shots(h, shot)
    finally:
        h.close()
        if old is None:
            os.environ.pop("COMPANION_DATA_DIR", None)
        else:
            os.environ["COMPANION_DATA_DIR"] = old
    assert len(screens) >= 5 and read[0] >= 10 * len(screens), (screens, read)
    assert not cut, "labels that do not read whole:\n" + "\n".join(cut)
