"""Readable from a chair (issue 28): on every state `companion shots --game all` renders, every
shown text is at least 16 px (the theme's FONT_MIN), reads whole, and stands out from what lies
behind it by WCAG AA (4.5:1; 3:1 for a disabled control); and no screen shows the words of the
code's inside: rule IDs, doc paths, card codes, "(s)" plurals.

The measure (companion/ui/readability.py) is shown first to read sizes, runs, clipping and
contrast right on real Kivy labels, so the walk below cannot pass by reading nothing; each game's
walk must read at least ten texts a state. The share of texts at 20 px or more is printed per game
(the issue's aim is 95 %; docs/ui.md keeps the table). The shell's own texts (the status bar, the
steps, Why?, the confirm, the toast, the keyboard and the shell's screens) are all at 20 px or
more. The same walk with Settings -> Large text on (every size 25 % larger) finds every text
larger, none under 16 px, none cut and all in contrast.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.core.packs import codes

_SURVEYS: dict[tuple[str, bool, str], Any] = {}

# The share of texts at 20 px or more every game must keep (the aim: 0.95). Each pack's own
# screens reached 20 px on its own branch (test_*_readable/readability.py); with the shell's Large-text
# work merged, `companion readability --game all` measured 100.0 % for every game, 5 Dec 2026.
SHARE20 = {"BGM": 0.95, "SOL": 0.95, "BIN": 0.95, "GSB": 0.95, "PIG": 0.95}


def _surveyed(code: str, tmp: Path, large: bool = False, lang: str = "en") -> Any:
    """One walk over the game's shots states (at each text size and language), shared by the tests
    of this module."""
    from companion.ui.readability import survey

    if (code, large, lang) not in _SURVEYS:
        data = tmp / (("large" if large else "normal") + "-" + lang)
        data.mkdir()
        _SURVEYS[code, large, lang] = survey(code, data, lang=lang, large=large)
    return _SURVEYS[code, large, lang]


def _pump() -> None:
    from kivy.base import EventLoop

    for _ in range(3):
        EventLoop.idle()


def test_the_measure_reads_size_runs_clipping_and_contrast() -> None:
    from kivy.core.window import Window  # noqa: F401  (a GL context for the textures)
    from kivy.uix.label import Label

    from companion.ui import theme as T
    from companion.ui.readability import contrast, runs

    # WCAG's own anchors: black on white 21:1, a colour on itself 1:1, #767676 on white 4.54:1
    assert round(contrast((0, 0, 0), (1, 1, 1)), 2) == 21.0
    assert contrast(T.TEXT, T.TEXT) == 1.0
    grey = (0x76 / 255, 0x76 / 255, 0x76 / 255)
    assert round(contrast(grey, (1, 1, 1)), 2) == 4.54
    label = Label(text="Roll [size=12]small[/size] [color=ff0000]red[/color]", markup=True, font_size=20)
    got = runs(label)
    assert [round(px) for px, _ in got] == [20, 12, 20]
    assert got[2][1][:3] == (1.0, 0.0, 0.0)
    plain = Label(text="  ", font_size=20)
    assert runs(plain) == []


def test_the_measure_walks_a_real_screen_and_finds_the_background(tmp_path: Path) -> None:
    """On the choose screen: the primary tile's dark caption is read against its amber face, not
    against the screen; a text made too faint and one cut short are reported."""
    import os

    from kivy.core.window import Window

    from companion.ui import theme as T
    from companion.ui.harness import Harness
    from companion.ui.readability import contrast, measure, shown_labels

    old = os.environ.get("COMPANION_DATA_DIR")
    os.environ["COMPANION_DATA_DIR"] = str(tmp_path)
    h = Harness(tmp_path, camera="none", draw=False)
    try:
        h.pump(frames=3)
        readings = measure()
        assert len(readings) >= 5
        tile = [r for r in readings if r.widget == "GameTile:boogeyman"]
        assert tile and abs(tile[0].contrast - round(contrast(T.BG, T.ACCENT), 2)) < 0.01
        title = next(lb for lb in shown_labels() if type(lb).__name__ == "Title")
        title.color = (0.12, 0.1, 0.14, 1)  # nearly the screen's own colour
        title.text = "Who plays the monster tonight? " * 6  # more than its box holds at 16 px
        _pump()
        faint = [r for r in measure() if r.widget == "Title"]
        assert faint and faint[0].contrast < 1.5 and not faint[0].contrast_ok
        assert faint[0].cut, "a text too long for its box is reported"
        assert faint[0].px >= T.FONT_MIN, "a fitting label never steps under the floor"
        assert Window.width == 800
    finally:
        h.close()
        if old is None:
            os.environ.pop("COMPANION_DATA_DIR", None)
        else:
            os.environ["COMPANION_DATA_DIR"] = old


@pytest.mark.parametrize("code", codes())
def test_every_text_of_the_game_is_large_whole_and_clear(code: str, tmp_path: Path) -> None:
    from companion.ui.readability import table_row

    s = _surveyed(code, tmp_path)
    assert len(s.states) >= 5 and len(s.readings) >= 10 * len(s.states), (s.states, len(s.readings))
    row = s.row()
    print(f"\n{table_row(row)}")  # the share at >= 20 px, for docs/ui.md
    if code in SHARE20:
        assert row["share20"] >= SHARE20[code], f"{code}: {row['share20']:.3f} of texts at 20 px or more"
    small = [f"{st}: {r.px:.0f} px {r.widget} {r.text[:60]!r}" for st, r in s.readings if r.px < 16 - 0.01]
    assert not small, "texts under 16 px:\n" + "\n".join(small)
    cut = [f"{st}: {r.cut}: {r.widget} {r.text[:60]!r}" for st, r in s.readings if r.cut]
    assert not cut, "texts that do not read whole:\n" + "\n".join(cut)
    faint = [f"{st}: {r.contrast}:1 {'(disabled) ' if r.disabled else ''}{r.widget} {r.text[:60]!r}"
             for st, r in s.readings if not r.contrast_ok]
    assert not faint, "texts under WCAG AA contrast:\n" + "\n".join(faint)


def _shell(owner: str) -> bool:
    """A text the shell draws: its layers over every screen, or one of its own screens."""
    from companion.ui.readability import LAYERS
    from companion.ui.screens import SCREENS

    return owner in LAYERS or owner in SCREENS


@pytest.mark.parametrize("code", codes())
def test_the_shell_s_own_texts_are_at_least_20_px(code: str, tmp_path: Path) -> None:
    """The status bar across the top, the steps, Why?, the toast and the shell's screens (the
    generic game screen, set-up, scan, journal, settings...) on every state of the game: body size
    or more (issue 28); board and track labels are the packs'."""
    s = _surveyed(code, tmp_path)
    mine = [(st, r) for st, r in s.readings if _shell(r.owner)]
    assert len({r.owner for _, r in mine}) >= 3 and any(r.owner == "StatusBar" for _, r in mine)
    small = [f"{st}: {r.px:.0f} px {r.owner}/{r.widget} {r.text[:60]!r}" for st, r in mine if r.px < 20 - 0.01]
    assert not small, "the shell's texts under 20 px:\n" + "\n".join(small)


# Games whose own screens still clip at Large text, with why (strict xfail: an unexpected pass
# fails, so a stale mark is seen). None since 6 Dec 2026: BGM's Ladder and Stress titles take a
# second line where the words need it and its corner labels grow with the text; BIN's set-up words
# scroll after four lines, so the house's one-row rooms keep their height; a button's glyph gives
# way before its words.
LARGE_PACK_CLIPS: dict[str, str] = {}


@pytest.mark.slow  # every screen of every game at Large text, ~35 s: `make test-slow` (test_large_text.py keeps the quick check)
@pytest.mark.parametrize("code", codes())
def test_at_large_text_every_text_is_larger_and_clear_and_the_shell_s_whole(code: str, tmp_path: Path) -> None:
    """Settings -> Large text (+25 %) on, the app started with it: every shots state of the game
    again, each text at least 16 px and in contrast, the shell's texts whole; and the texts are
    larger than at the normal size (the middle text but board labels 20 % or more; the shell's
    at 25 px)."""
    from statistics import median

    from companion.ui.readability import table_row

    s = _surveyed(code, tmp_path, large=True)
    normal = _surveyed(code, tmp_path)
    assert s.states == normal.states and len(s.readings) >= 10 * len(s.states)
    print(f"\n{table_row(s.row())}")
    grown = median(r.px for _, r in s.readings if not r.board) / median(r.px for _, r in normal.readings if not r.board)
    shell = [r.px for _, r in s.readings if _shell(r.owner)]
    assert grown >= 1.2 and median(shell) >= 25, (grown, median(shell))
    small = [f"{st}: {r.px:.0f} px {r.owner}/{r.widget} {r.text[:60]!r}" for st, r in s.readings if r.px < 16 - 0.01]
    assert not small, "texts under 16 px at Large text:\n" + "\n".join(small)
    faint = [f"{st}: {r.contrast}:1 {r.owner}/{r.widget} {r.text[:60]!r}" for st, r in s.readings if not r.contrast_ok]
    assert not faint, "texts under WCAG AA contrast at Large text:\n" + "\n".join(faint)
    cut_shell = [f"{st}: {r.cut}: {r.owner}/{r.widget} {r.text[:60]!r}" for st, r in s.readings if r.cut and _shell(r.owner)]
    assert not cut_shell, "the shell's texts that do not read whole at Large text:\n" + "\n".join(cut_shell)


# The share of texts at 20 px or more a game keeps at Large text too, in both languages (the issue:
# 95 % at every size). Measured 6 Dec 2026 (`companion readability --game all --large [--lang de]`):
# BGM, SOL and GSB 100 %, BIN 98.3 %, Pig 99.2 %, in English and in German.
LARGE_SHARE20 = {"BGM": 0.95, "BIN": 0.95, "SOL": 0.95, "GSB": 0.95, "PIG": 0.95}


@pytest.mark.slow  # every screen of every game at Large text again, in English and German, ~2 min: `make test-slow`
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("code", [pytest.param(c, marks=pytest.mark.xfail(strict=True, reason=LARGE_PACK_CLIPS[c]))
                                  if c in LARGE_PACK_CLIPS else c for c in codes()])
def test_at_large_text_every_text_of_the_game_reads_whole(code: str, lang: str, tmp_path: Path) -> None:
    """The packs' screens too (the same walk as above, shared; German's own walk): nothing cut,
    none under 16 px or faint at Large text, and the share of texts at 20 px or more kept where
    LARGE_SHARE20 names the game."""
    s = _surveyed(code, tmp_path, large=True, lang=lang)
    assert len(s.readings) >= 10 * len(s.states)
    if code in LARGE_SHARE20:
        share = s.row()["share20"]
        small = [f"{st}: {r.px:.0f} px {r.owner}/{r.widget} {r.text[:50]!r}" for st, r in s.readings if r.px < 20 - 0.01]
        assert share >= LARGE_SHARE20[code], (f"{code} at Large text ({lang}): {share:.3f} of texts at 20 px or "
                                              "more; under:\n" + "\n".join(small))
    bad = [f"{st}: {r.px:.0f} px {r.contrast}:1 {r.cut} {r.owner}/{r.widget} {r.text[:60]!r}" for st, r in s.readings
           if r.cut or r.px < 16 - 0.01 or not r.contrast_ok]
    assert not bad, f"texts cut, under 16 px or faint at Large text ({lang}):\n" + "\n".join(bad)


# What the table must never read: a rule ID ("(SOL-97)", "GSB-32"), a doc or source path, a card's
# code ("BGM:C:07"), or a count that dodges its plural ("1 Fight icon(s)").
INTERNAL = {
    "rule ID": re.compile(r"\b(?:BGM|SOL|BIN|GSB)-\d+\b"),
    "doc path": re.compile(r"\b(?:docs|companion|tests)/[\w./-]+|\b[\w-]+\.(?:md|py|toml|kv)\b"),
    "card code": re.compile(r"\b[A-Z]{3}:[A-Z0-9]{1,3}:\d{2}\b"),
    "(s) plural": re.compile(r"\w\(s\)"),
}


def internal_words(text: str) -> list[str]:
    return [f"{what}: {m.group(0)}" for what, pattern in INTERNAL.items() for m in pattern.finditer(text)]


def test_the_internal_words_check_finds_each_kind() -> None:
    assert internal_words("Cannot move there (SOL-97).") == ["rule ID: SOL-97"]
    assert internal_words("see (docs/games/BIN.md)")[0].startswith("doc path: docs/games/BIN.md")
    assert internal_words("BGM:C:07 is not in the deck") == ["card code: BGM:C:07"]
    assert internal_words("1 Fight icon(s)") == ["(s) plural: n(s)"]
    assert internal_words("Round 2 · Player 2's turn (on STEAL) · 3 Fight icons") == []


@pytest.mark.parametrize("code", codes())
def test_no_screen_shows_rule_ids_paths_or_codes(code: str, tmp_path: Path) -> None:
    s = _surveyed(code, tmp_path)
    found = sorted({f"{st}: {hit} in {r.text[:80]!r}" for st, r in s.readings for hit in internal_words(r.text)})
    assert not found, "internal words on the table's screens:\n" + "\n".join(found)
