"""How readable is the screen from a chair at the table? `measure()` walks the real Kivy widget tree
of what is on screen now and, for every text a person can see (every Label, and so every Button),
reports:

- its rendered font size in px (the smallest run of it: a `[size=..]` tag counts),
- whether it is clipped (fit.py's `why_cut`: shortened, lines dropped, a word broken, the text
  bigger than its box; or the text lying partly off the window),
- its contrast ratio against what is drawn behind it (WCAG 2: (L1 + 0.05) / (L2 + 0.05) of the
  relative luminances), per colour run of the text.

The background is found by replaying the window's canvas in draw order up to the label's text:
every untextured rectangle, rounded rectangle or ellipse under the text's centre is blended in with
its colour and the opacity of the widgets it belongs to, over the window's clear colour (the theme's
screen background). Pictures (textured rectangles) are not known colours and are skipped.

`survey(code)` does that on every state the game's `shots` renders (the same states as
`companion shots`), `survey(code, large=True)` at the Large text size (Settings -> Large text, as
the app builds its screens after a restart with it on), and `companion readability --game all
[--list] [--large]` prints a table per game. The suite's check is tests/ui/test_readability.py. Nothing here knows a game.

`survey(code, lang="de")` walks the same states in German, and `untranslated(english, german)`
names each German text that is not from the catalogs (docs/i18n.md): one shown in German exactly
as the same state shows it in English, or with an English word in it, unless it is language-
neutral (numbers and signs; the games' names; a word the catalogs keep the same on purpose,
"Normal"). `companion readability --lang de` counts them per game; tests/ui/test_i18n_screens.py
holds the slice that is done to none."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from kivy.uix.label import Label
from kivy.uix.stencilview import StencilView

from companion.ui.fit import why_cut

RGBA = tuple[float, float, float, float]
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in window pixels

TEXT_MIN = 4.5       # WCAG AA for text
DISABLED_MIN = 3.0   # a disabled control
_SLACK = 2.0         # px: rounding at the window's edge

_MARKUP = re.compile(r"\[(/?)([a-z_]+)(?:=([^\]]*))?\]")


@dataclass(frozen=True)
class Reading:
    """One shown text."""

    text: str
    px: float            # the smallest font size in its runs
    cut: str             # why it is clipped, "" when it reads whole
    contrast: float      # the lowest contrast ratio of its runs against the background
    disabled: bool       # a disabled control: 3:1 is enough
    widget: str = ""     # the widget's class, and its `action` when it has one
    board: bool = False  # a board or track label (its class says `board_label = True`): 16 px is enough
    owner: str = ""      # the screen it is on (its name), or the shell's layer over the screens it is in

    @property
    def contrast_ok(self) -> bool:
        return self.contrast + 1e-6 >= (DISABLED_MIN if self.disabled else TEXT_MIN)


@dataclass
class Survey:
    """The readings of one game's shots states."""

    game: str
    states: list[str] = field(default_factory=list)
    readings: list[tuple[str, Reading]] = field(default_factory=list)  # (state, reading)
    printed: frozenset[str] = frozenset()  # the names the game's components print, the box taught included

    def row(self) -> dict[str, Any]:
        rs = [r for _, r in self.readings]
        n = len(rs)
        return {
            "game": self.game, "states": len(self.states), "texts": n,
            "under20": sum(r.px < 20 - 0.01 for r in rs), "under16": sum(r.px < 16 - 0.01 for r in rs),
            "smallest": min((r.px for r in rs), default=0.0), "clipped": sum(bool(r.cut) for r in rs),
            "lowest": min((r.contrast for r in rs), default=0.0),
            "low_contrast": sum(not r.contrast_ok for r in rs),
            "share20": (sum(r.px >= 20 - 0.01 for r in rs) / n) if n else 1.0,
            "board": sum(r.board for r in rs),
            "share20_text": (sum(r.px >= 20 - 0.01 for r in rs if not r.board) / max(1, sum(not r.board for r in rs))),
        }


# ---- colour ------------------------------------------------------------------------------------

def luminance(rgb: Sequence[float]) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0..1 channels)."""
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(float(c)) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fg: Sequence[float], bg: Sequence[float]) -> float:
    a, b = luminance(fg), luminance(bg)
    hi, lo = max(a, b), min(a, b)
    return (hi + 0.05) / (lo + 0.05)


def blend(top: Sequence[float], alpha: float, under: Sequence[float]) -> RGBA:
    a = max(0.0, min(1.0, alpha))
    r, g, b = (float(top[i]) * a + float(under[i]) * (1 - a) for i in range(3))
    return (r, g, b, 1.0)


def _hex(value: str) -> RGBA | None:
    from kivy.utils import get_color_from_hex

    v = value.strip()
    try:
        c = get_color_from_hex(v if v.startswith("#") else "#" + v)
    except (ValueError, IndexError):
        return None
    return (c[0], c[1], c[2], c[3] if len(c) > 3 else 1.0)


def _px(value: str, default: float) -> float:
    """A markup size ("22", "22sp", "12dp") in pixels, as Kivy's markup reads it."""
    from kivy.metrics import dpi2px

    m = re.fullmatch(r"\s*([0-9.]+)\s*(px|dp|sp|pt|in|cm|mm)?\s*", value)
    if m is None:
        return default
    number, unit = float(m.group(1)), m.group(2)
    return number if unit in (None, "px") else float(dpi2px(number, unit))


# ---- the text's runs ---------------------------------------------------------------------------

def runs(label: Label) -> list[tuple[float, RGBA]]:
    """(font px, colour) of each piece of the label's text that shows a glyph."""
    c = label.disabled_color if label.disabled else label.color
    base: RGBA = (float(c[0]), float(c[1]), float(c[2]), float(c[3]))
    size = float(label.font_size)
    text = str(label.text)
    if not label.markup:
        return [(size, base)] if text.strip() else []
    out: list[tuple[float, RGBA]] = []
    sizes, colours = [size], [base]
    pos = 0
    for m in _MARKUP.finditer(text):
        piece = text[pos:m.start()]
        if piece.strip():
            out.append((sizes[-1], colours[-1]))
        pos = m.end()
        closing, tag, value = m.group(1), m.group(2), m.group(3)
        if tag == "size":
            if closing:
                if len(sizes) > 1:
                    sizes.pop()
            else:
                sizes.append(_px(value or "", sizes[-1]))
        elif tag == "color":
            if closing:
                if len(colours) > 1:
                    colours.pop()
            else:
                colours.append(_hex(value or "") or colours[-1])
    if text[pos:].strip():
        out.append((sizes[-1], colours[-1]))
    return out


# ---- where it is and what lies behind it -------------------------------------------------------

def _opacity(w: Any) -> float:
    o = 1.0
    while w is not None:
        o *= float(getattr(w, "opacity", 1.0))
        parent = getattr(w, "parent", None)
        w = parent if parent is not w else None
    return o


def text_rect(label: Label) -> Rect:
    """Where the label's text is drawn, in window pixels (Kivy centres the texture in the label)."""
    tw, th = label.texture_size
    cx, cy = label.to_window(label.center_x, label.center_y)
    return (cx - tw / 2, cy - th / 2, cx + tw / 2, cy + th / 2)


def _viewports(label: Label) -> list[Rect]:
    """The boxes of the lists (stencils) the label lies in: outside them it is not drawn."""
    out = []
    w = label.parent
    while w is not None and w is not w.parent:
        if isinstance(w, StencilView):
            x0, y0 = w.to_window(w.x, w.y)
            out.append((x0, y0, x0 + w.width, y0 + w.height))
        w = w.parent
    return out


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def shown_labels(root: Any = None) -> Iterator[Label]:
    """Every label with text that a person can see: opacity above zero all the way up, its text
    inside the window and inside the lists it lies in."""
    from kivy.core.window import Window

    root = Window if root is None else root
    win: Rect = (0, 0, float(Window.width), float(Window.height))

    def walk(w: Any) -> Iterator[Label]:
        if float(getattr(w, "opacity", 1.0)) <= 0:
            return
        if isinstance(w, Label) and str(w.text).strip():
            w.texture_update()
            r = text_rect(w)
            if r[2] > r[0] and _overlap(r, win) and all(_overlap(r, v) for v in _viewports(w)):
                yield w
        for child in list(w.children):
            yield from walk(child)

    yield from walk(root)


def _canvas_background(label: Label, point: tuple[float, float]) -> RGBA:
    """The colour painted under `point` (window pixels) before the label's text is drawn."""
    from kivy.core.window import Window
    from kivy.graphics import Color, Ellipse, PopMatrix, PushMatrix, Rectangle, RoundedRectangle
    from kivy.graphics.stencil_instructions import StencilPop, StencilPush, StencilUnUse, StencilUse
    from kivy.graphics.instructions import Canvas, InstructionGroup
    from kivy.graphics.transformation import Matrix

    clear = tuple(Window.clearcolor)
    bg: RGBA = (float(clear[0]), float(clear[1]), float(clear[2]), 1.0)
    state: dict[str, Any] = {"mask": False, "colour": (1.0, 1.0, 1.0, 1.0), "matrix": Matrix(), "stack": [], "bg": bg}
    target = label.canvas
    plain = _plain_texture()

    def inside(instr: Any) -> bool:
        x, y = (float(v) for v in instr.pos)
        w, h = (float(v) for v in instr.size)
        m = state["matrix"]
        ax, ay, _ = m.transform_point(x, y, 0)
        bx, by, _ = m.transform_point(x + w, y + h, 0)
        x0, x1, y0, y1 = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
        px, py = point
        if not (x0 <= px <= x1 and y0 <= py <= y1):
            return False
        if isinstance(instr, Ellipse) and x1 > x0 and y1 > y0:
            dx = (px - (x0 + x1) / 2) / ((x1 - x0) / 2)
            dy = (py - (y0 + y1) / 2) / ((y1 - y0) / 2)
            return bool(dx * dx + dy * dy <= 1.0)
        return True

    def play(group: Any, opacity: float) -> bool:
        """Replays a group; True when the label's text was reached (stop there)."""
        if isinstance(group, Canvas):  # its `before` and `after` groups are among its children
            opacity *= float(group.opacity)
            if group is target:
                if group.has_before:
                    play(group.before, opacity)
                return True
        for instr in list(getattr(group, "children", ())):
            if isinstance(instr, Color):
                state["colour"] = tuple(instr.rgba)
            elif isinstance(instr, (StencilPush, StencilUnUse)):
                state["mask"] = True   # shapes from here on draw the list's mask, not colour
            elif isinstance(instr, (StencilUse, StencilPop)):
                state["mask"] = False
            elif isinstance(instr, PushMatrix):
                state["stack"].append(state["matrix"])
            elif isinstance(instr, PopMatrix):
                if state["stack"]:
                    state["matrix"] = state["stack"].pop()
            elif hasattr(instr, "matrix") and not isinstance(instr, InstructionGroup):
                state["matrix"] = state["matrix"].multiply(instr.matrix)
            elif isinstance(instr, (Rectangle, RoundedRectangle, Ellipse)):
                if not state["mask"] and (instr.texture is None or instr.texture.id == plain) and opacity > 0 and inside(instr):
                    c = state["colour"]
                    state["bg"] = blend(c, float(c[3]) * opacity, state["bg"])
            elif isinstance(instr, InstructionGroup):
                if play(instr, opacity):
                    return True
        return False

    play(Window.canvas, 1.0)
    out: RGBA = state["bg"]
    return out


_PLAIN: list[int] = []


def _plain_texture() -> int:
    """The GL id of the white texture Kivy gives a shape that has no picture."""
    if not _PLAIN:
        from kivy.graphics import Rectangle

        tex = Rectangle().texture
        _PLAIN.append(tex.id if tex is not None else -1)
    return _PLAIN[0]


def background(label: Label) -> RGBA:
    r = text_rect(label)
    return _canvas_background(label, ((r[0] + r[2]) / 2, (r[1] + r[3]) / 2))


def _outside_parent(label: Label) -> str:
    """A label pushed out of the layout that holds it (its fixed-height siblings want more room
    than there is): its text is drawn over its neighbours."""
    from kivy.uix.layout import Layout

    parent = label.parent
    if not isinstance(parent, Layout) or parent.width <= 0 or parent.height <= 0:
        return ""
    px0, py0 = parent.to_window(parent.x, parent.y)
    x0, y0, x1, y1 = text_rect(label)
    if x0 < px0 - _SLACK or y0 < py0 - _SLACK or x1 > px0 + parent.width + _SLACK or y1 > py0 + parent.height + _SLACK:
        return "outside the layout that holds it"
    return ""


LAYERS = ("StatusBar", "Summary", "Confirm", "WhyView", "Keyboard", "Toast")  # the shell's, over every screen


def owner(label: Label) -> str:
    """The screen the label is on (its name), or the shell's layer it lies in (LAYERS)."""
    from kivy.uix.screenmanager import Screen

    w = label.parent
    while w is not None and w is not w.parent:
        if type(w).__name__ in LAYERS:
            return type(w).__name__
        if isinstance(w, Screen):
            return str(w.name)
        w = w.parent
    return ""


def read(label: Label) -> Reading:
    from kivy.core.window import Window

    pieces = runs(label)
    opacity = _opacity(label)
    bg = background(label)
    lowest = min((contrast(blend(c, float(c[3]) * opacity, bg), bg) for _, c in pieces), default=21.0)
    cut = why_cut(label) or _outside_parent(label)
    if not cut and not _viewports(label):
        x0, y0, x1, y1 = text_rect(label)
        if x0 < -_SLACK or y0 < -_SLACK or x1 > Window.width + _SLACK or y1 > Window.height + _SLACK:
            cut = "partly off the screen"
    name = type(label).__name__
    action = getattr(label, "action", "")
    return Reading(text=" ".join(str(label.text).split()), px=min((p for p, _ in pieces), default=0.0),
                   cut=cut, contrast=round(lowest, 2), disabled=bool(label.disabled),
                   widget=f"{name}:{action}" if action else name, board=bool(getattr(label, "board_label", False)),
                   owner=owner(label))


def measure(root: Any = None) -> list[Reading]:
    """A reading of every text shown now."""
    return [read(label) for label in shown_labels(root)]


# ---- every shots state of a game ---------------------------------------------------------------

def survey(code: str, data_dir: Any, each: Callable[[str, list[Reading]], None] | None = None,
           lang: str = "en", large: bool = False) -> Survey:
    """Drive the game's `shots` (its UI's own list of states) and measure every state. `each`
    (optional) is called with each state's name and readings, while the screen is still on.
    `lang`: the language the table chose ("de"). `large`: with the "Large text" setting on
    (written to the data folder's settings, as Settings does; the app builds every screen at that
    size)."""
    import os
    from pathlib import Path

    from companion.ui import theme as T
    from companion.ui.settings import Settings

    from companion.core.packs import get_pack
    from companion.ui.harness import Harness
    from companion.ui.packui import ui_for
    from companion.ui.shots import SETTLE_S
    from companion.ui.touch import let_pass

    ui = ui_for(get_pack(code))
    old = os.environ.get("COMPANION_DATA_DIR")
    os.environ["COMPANION_DATA_DIR"] = str(data_dir)
    out = Survey(code + (" large" if large else ""))
    prefs = Settings.load(Path(data_dir) / "settings.json")
    if prefs.large_text != large:
        prefs.large_text = large
        prefs.save(Path(data_dir) / "settings.json")
    h = Harness(Path(data_dir), camera="none", draw=False, language=lang)

    def shot(name: str) -> None:
        let_pass(SETTLE_S)  # as `companion shots` does before a picture
        h.pump(frames=3)    # the fitting labels settle on the next frame, as on the panel
        got = measure()
        out.states.append(name)
        out.readings.extend((name, r) for r in got)
        if each is not None:
            each(name, got)

    try:
        ui.shots(h, shot)
        # What the shots taught the box (card titles the table gave): printed, read while the
        # survey's data folder is the owner's (GameRules.printed_names)
        out.printed = frozenset(get_pack(code).rules.printed_names())
    finally:
        h.close()
        T.set_scale(1.0)  # what is built next (outside an app) at the normal size
        if old is None:
            os.environ.pop("COMPANION_DATA_DIR", None)
        else:
            os.environ["COMPANION_DATA_DIR"] = old
    return out


HEADER = ("| game | states | texts | under 20 px | under 16 px | smallest | clipped | lowest contrast | "
          "at >= 20 px | board/track labels | other texts at >= 20 px |\n|---|---|---|---|---|---|---|---|---|---|---|")


def table_row(row: dict[str, Any]) -> str:
    n = max(1, row["texts"])
    return (f"| {row['game']} | {row['states']} | {row['texts']} | {row['under20']} ({100 * row['under20'] / n:.0f} %) | "
            f"{row['under16']} ({100 * row['under16'] / n:.0f} %) | {row['smallest']:.0f} px | {row['clipped']} | "
            f"{row['lowest']:.2f}:1 | {100 * row['share20']:.1f} % | {row['board']} | {100 * row['share20_text']:.1f} % |")


def report(game: str = "all", listing: bool = False, lang: str = "en", large: bool = False) -> int:
    """`companion readability [--game CODE|all] [--list] [--lang de] [--large]`: the table above,
    per game; with `--list`, every text under 20 px, clipped or too low in contrast; with `--lang
    de`, the German screens, and the texts not from the catalogs counted (listed with `--list`);
    with `--large`, at the Large text size."""
    import tempfile

    from companion.core.packs import codes

    wanted = list(codes()) if game.lower() == "all" else [game.upper()]
    rows = []
    for code in wanted:
        with tempfile.TemporaryDirectory(prefix="companion-read-") as tmp:
            s = survey(code, tmp, lang=lang, large=large)
        if lang != "en":
            with tempfile.TemporaryDirectory(prefix="companion-read-") as tmp:
                english = survey(code, tmp, large=large)
            missing = untranslated(english, s)
            print(f"{code} {lang}: {len(missing)} of {len(s.readings)} texts not from the catalogs")
            if listing:
                for state, r in missing:
                    print(f"{code} {state}: untranslated {r.widget} {r.text[:70]!r}")
        rows.append(s.row())
        if listing:
            for state, r in s.readings:
                if r.px < 20 - 0.01 or r.cut or not r.contrast_ok:
                    print(f"{code} {state}: {r.px:.0f} px {r.contrast:.2f}:1 {'disabled ' if r.disabled else ''}"
                          f"{r.owner}/{r.widget} {r.cut or ''} {r.text[:70]!r}")
    print(HEADER)
    for row in rows:
        print(table_row(row))
    return 0


# ---- texts not from the catalogs (docs/i18n.md) -------------------------------------------------

# English words that no German sentence of ours holds (lower case: a printed name in capitals,
# "THE END", is the board's own word).
ENGLISH_ONLY = frozenset({"the", "and", "of", "to", "is", "are", "your", "you", "with", "this", "what", "for",
                          "rolled", "rolls", "wins", "turn", "player", "players", "game", "games", "nothing"})
_WORD = re.compile(r"[^\W\d_]+")


def _plain(text: str) -> str:
    return _MARKUP.sub("", text)


def neutral_words(lang: str = "de") -> frozenset[str]:
    """Words and names that read the same in `lang`: every registered game's name (a title is
    the box's: docs/i18n.md), the names its components print (`GameRules.printed_names`), and
    every text a catalog of `lang` keeps the same on purpose."""
    from companion import i18n
    from companion.core.packs import all_packs

    same: set[str] = {"OK"}
    for pack in all_packs(include_unavailable=True):
        same.update(t for t in (pack.title, pack.short) if t)
    for pack in all_packs():  # what the components print (GameRules.printed_names)
        names = getattr(pack.rules, "printed_names", None)
        if callable(names):
            same.update(n for n in names() if n)
    domains = [i18n.SHELL_DOMAIN] + [d for d in (i18n.domain_of(p.rules) for p in all_packs()) if d is not None]
    for d in domains:
        table = getattr(d.catalog(lang), "_catalog", {})
        same.update(str(k) for k, v in table.items() if isinstance(k, str) and k and k == v)
    return frozenset(same)


def _leftover(text: str, names: frozenset[str]) -> str:
    """`text` without its language-neutral parts: the names (longest first) and what is no word
    (a single letter is no word of a language: a key of the on-screen keyboard, "N = 2", a seat's
    initial, a board label "C1")."""
    plain = _plain(text)
    for name in sorted(names, key=len, reverse=True):
        plain = plain.replace(name, " ")
    return " ".join(w for w in _WORD.findall(plain) if len(w) > 1)


def untranslated(english: Survey, other: Survey, lang: str = "de") -> list[tuple[str, Reading]]:
    """The texts of `other` (a survey in `lang`) not from the catalogs: shown exactly as the same
    state shows a text in English, or holding an English word; language-neutral ones left out."""
    names = neutral_words(lang) | english.printed | other.printed
    shown_en: dict[str, set[str]] = {}
    for state, r in english.readings:
        shown_en.setdefault(state, set()).add(r.text)
    out = []
    for state, r in other.readings:
        rest = _leftover(r.text, names)
        if not rest:
            continue  # numbers, signs and names only
        same = r.text in shown_en.get(state, set())
        words = {w for w in rest.split() if w in ENGLISH_ONLY}
        if same or words:
            out.append((state, r))
    return out
