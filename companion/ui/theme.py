"""Colours, sizes and fonts: a dark, candle-lit theme readable from a metre on an 800x480 panel."""

from __future__ import annotations

from pathlib import Path


def hexc(h: str, a: float = 1.0) -> tuple[float, float, float, float]:
    h = h.lstrip("#")
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255, a)


BG = hexc("0d0b10")
PANEL = hexc("1b1621")
PANEL2 = hexc("2a2233")
TEXT = hexc("f1e9dc")
DIM = hexc("a89cb0")
ACCENT = hexc("e8a23a")      # candle flame: the one thing to do now
DANGER = hexc("d2443a")      # blood: the Boogeyman, errors
OK = hexc("86c06c")          # sickly green: allowed, in place
INFO = hexc("7b9fd4")        # moonlight: the Babysitter, information
DARK_ROOM = hexc("120f18")
LIGHT_ROOM = hexc("3a3144")
CORRIDOR = hexc("231d2b")

TOUCH = 56                   # px: every button is at least this tall (>= 48 asked)
STATUS = 32                  # px: the status bar across the top
FONT_PROMPT = 30
FONT_BODY = 20
FONT_SMALL = 16

# One colour per child, always shown with the child's initial (colour is never the only signal).
CHILD_COLOURS = {
    "peter": "8fd3ff", "ray": "ffd166", "daphne": "f78fb3", "mike": "9be564", "leila": "c3a0ff", "tommy": "ff9f5a",
}

GLYPH_DARK = "\u263e"        # ☾
GLYPH_LIGHT = "\u2600"       # ☀
GLYPH_KEY = "\u26b7"         # ⚷
GLYPH_BREAK = "\u2692"       # ⚒ hammer and pick
GLYPH_SEARCH = "\u26b2"      # ⚲ (reads as a magnifier)
GLYPH_SKULL = "\u2620"       # ☠ the Boogeyman
GLYPH_SITTER = "\u25a0"      # ■ the Babysitter
GLYPH_SENSED = "\u25c9"      # ◉ a piece the mat feels
GLYPH_WARN = "\u26a0"        # ⚠
GLYPH_DIE = "\u2684"         # ⚄
GLYPH_UNDO = "\u21b6"        # ↶
GLYPH_REDO = "\u21b7"        # ↷
GLYPH_MENU = "\u2630"        # ☰
GLYPH_EVENT = "\u2605"       # ★
GLYPH_TROUBLE = "!"


def register_fonts() -> None:
    """DejaVu has the symbols above; Kivy's bundled Roboto does not. Fall back to Roboto."""
    from kivy.core.text import LabelBase

    here = Path("/usr/share/fonts/truetype/dejavu")
    regular, bold = here / "DejaVuSans.ttf", here / "DejaVuSans-Bold.ttf"
    if regular.exists():
        LabelBase.register("Body", str(regular), fn_bold=str(bold) if bold.exists() else None)
    else:
        LabelBase.register("Body", "Roboto-Regular.ttf", fn_bold="Roboto-Bold.ttf")
