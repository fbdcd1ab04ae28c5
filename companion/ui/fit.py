"""Does every label on screen show its whole text? `cut_labels()` lists the ones that do not: a
text Kivy shortened ("..."), lines it dropped (`max_lines`, a fixed text height), a word broken
across two lines, or text that spills past the label's box. `FitLabel` (widgets.py) uses `why_cut`
to choose its font size; the shots command and the UI tests use `cut_labels`. Nothing here knows
a game.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from kivy.uix.label import Label
from kivy.uix.widget import Widget

_TAG = re.compile(r"\[/?(?:b|i|u|s|sub|sup|size|color|font|font_family|font_context|font_features|"
                  r"text_language|ref|anchor)(?:=[^\]]*)?\]")
_SLACK = 2  # px: rounding between a texture and its box


def _words(label: Label) -> list[str]:
    """The label's text as a person reads it: markup tags gone, split at white space."""
    text = str(label.text)
    if label.markup:
        text = _TAG.sub("", text).replace("&bl;", "[").replace("&br;", "]").replace("&amp;", "&")
    return text.split()


def _lines(label: Label) -> list[str]:
    """The lines Kivy laid out for the label (what it draws), each as one string."""
    core = label._label
    return ["".join(word.text for word in line.words) for line in getattr(core, "_cached_lines", ())]


def why_cut(label: Label) -> str:
    """Why this label does not show its whole text, or "" when it does. Lays the text out first."""
    if not str(label.text).strip() or label._label is None:
        return ""
    label.texture_update()
    words, lines = _words(label), _lines(label)
    if "".join(words) != "".join("".join(lines).split()):
        if getattr(label._label, "is_shortened", False):
            return "shortened"
        return "lines dropped"
    whole = set(words)
    if any(piece not in whole for line in lines for piece in line.split()):
        return "a word broken across lines"
    # The text's own size: a texture cut to `text_size` can be smaller than what is drawn in it.
    iw, ih = getattr(label._label, "_internal_size", (0, 0))
    tw, th = label.texture_size
    w, h = max(tw, iw), max(th, ih)
    if w > label.width + _SLACK:
        return f"{w:.0f} px wide in {label.width:.0f}"
    if h > label.height + _SLACK:
        return f"{h:.0f} px tall in {label.height:.0f}"
    return ""


def _shown(root: Any) -> Iterator[Label]:
    """The labels a person can see: opacity above zero all the way up."""
    if getattr(root, "opacity", 1) <= 0:
        return
    if isinstance(root, Label):
        yield root
    for child in root.children:
        yield from _shown(child)


def cut_labels(root: Widget | None = None) -> list[str]:
    """Each shown label whose text does not show whole, as "why: text"."""
    if root is None:
        from kivy.core.window import Window

        root = Window
    found = []
    for label in _shown(root):
        why = why_cut(label)
        if why:
            found.append(f"{why}: {' '.join(str(label.text).split())!r}")
    return found
