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
DANGER = hexc("e8594d")      # blood: the Boogeyman, errors (5.6:1 on BG as text)
DANGER_FILL = hexc("a8322a") # a danger button's face: TEXT on it is 5.5:1
OK = hexc("86c06c")          # sickly green: allowed, in place
INFO = hexc("7b9fd4")        # moonlight: the Babysitter, information
DARK_ROOM = hexc("120f18")
LIGHT_ROOM = hexc("3a3144")
CORRIDOR = hexc("231d2b")

TOUCH = 56                   # px: every button is at least this tall (>= 48 asked)
STATUS = 38                  # px: the status bar across the top (one line at FONT_BODY)
# The type scale (issue 28), read from a chair about an arm's length or more from the 7" panel (one
# px is about 0.19 mm there). Every screen and every pack takes its sizes from here; a text that does
# not fit is redesigned (fewer words, a list that scrolls), never set smaller than FONT_MIN.
# companion/ui/readability.py measures it on every shots state (tests/ui/test_readability.py).
# These are the sizes at the normal text size; `set_scale` (the "Large text" setting, applied when
# the app builds its screens) multiplies them, so read them as `T.FONT_BODY` when a widget is made
# (a kv rule does), never copy them into a module constant or a default argument.
FONT_PROMPT = 30             # the main prompt: what to do now (>= 28)
FONT_TITLE = 26              # a screen's heading
FONT_BODY = 20               # body text, buttons, lists and logs (>= 20)
FONT_ICON = 24               # the glyph beside a button's caption
FONT_BOARD = 18              # board and track labels (>= 16)
FONT_MIN = 16                # nothing on any screen is smaller (the floor does not grow with Large text)
FONT_SMALL = FONT_MIN        # the old name
LARGE = 1.25                 # the "Large text" setting: every size above, 25 % larger
SCALE = 1.0                  # the scale the screens are built at now
_BASE = {"FONT_PROMPT": FONT_PROMPT, "FONT_TITLE": FONT_TITLE, "FONT_BODY": FONT_BODY, "FONT_ICON": FONT_ICON,
         "FONT_BOARD": FONT_BOARD}


def set_scale(scale: float) -> None:
    """Every FONT_* size but FONT_MIN at `scale` (1.0 or LARGE) times the normal size, for the
    widgets made from now on (kv rules read `T.FONT_BODY` when a widget is made). The app calls it
    before it builds its screens (`CompanionApp.build`), from the "Large text" setting."""
    global SCALE
    SCALE = float(scale)
    for name, base in _BASE.items():
        globals()[name] = round(base * SCALE)


def px(size: float) -> int:
    """A size in px at the normal text size, as it is at the scale in use (`font_size: T.px(22)`):
    for the sizes a screen sets outside the named steps above."""
    return round(size * SCALE)


# Contrast (WCAG 2, AA): text against what lies behind it, and a disabled control's caption.
CONTRAST_TEXT = 4.5
CONTRAST_DISABLED = 3.0
DISABLED_TEXT = hexc("8f8498")  # a disabled caption on PANEL: about 4.9:1, visibly fainter than TEXT

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
