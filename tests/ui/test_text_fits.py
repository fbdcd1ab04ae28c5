"""Text on every screen reads whole: no label shortened ("..."), cut to fewer lines, broken
mid-word or spilling out of its box, on any screen `companion shots --game all` builds.

The check (companion/ui/fit.py) is shown here to catch each kind of cut on real Kivy labels. The
walk over every shots state of every game is tests/ui/test_readability.py's: its reading of each
text holds this check's verdict (`Reading.cut`), and it fails on any text cut there, so the
screens are walked once for both (they were walked twice, by two copies of the same loop).
"""

from __future__ import annotations

from typing import Any



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
