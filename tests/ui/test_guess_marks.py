"""Guess marks on every pack's screens (issue 26): what the owner's box has not confirmed is never
shown as the printed truth. The shell's mechanism (companion/ui/guessmarks.py, reached through
`GameUI.marked` and `GameUI.guess_line`) puts a small mark after a still-guessed name (a card's
title) or after the words a pack gives a guessed kind of fact (THE END, Landmark, STEAL...) in the
prompt, the scan heading and the table's steps, and a "Still a guess" line in Why?. With every fact
confirmed in the owner's box the same game shows no mark (test_guess_marks_confirmed.py: a module
of its own, as each module's app starts three games at most). Played by touches only."""

from __future__ import annotations

import re
from typing import Any, Callable

import pytest

from companion.core import ownbox

MARK = "\u25cc"  # the mark, at the size and colour of the text it follows (no markup splits the word)
MARKUP = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")


def _confirm_everything(code: str, home: Any) -> None:
    """The owner's box of `code` with every guessed fact confirmed as shipped."""
    box = ownbox.Box(code)
    for gf in ownbox.declared(code):
        for at, value in ownbox.unconfirmed(gf, "").items():
            box = box.with_fact(gf.name, at, value)
    ownbox.save_box(box, home)


def _surfaces(h: Any, table: str) -> list[str]:
    """The texts the shell marks: the game's prompt (on its table screen) and the steps shown."""
    app = h.app
    out = []
    if app.sm.current == table:
        out.append(app.screen(table).ids.prompt.text)
    if app.summary.shown:
        out += [row.text for row in app.summary.ids.list.children]
    return out


def _terms(code: str) -> tuple[str, ...]:
    from companion.core.packs import get_pack
    from companion.ui.guessmarks import _guesses

    class Shipped:
        options = get_pack(code).rules.options_type()

    names, words = _guesses(code, Shipped)
    return names + tuple(w for w, _ in words)


def _said(text: str, terms: tuple[str, ...]) -> list[str]:
    plain = MARKUP.sub("", text).replace("\u25cc", "")
    return [t for t in terms if re.search(r"(?<![\w])" + re.escape(t) + r"(?![\w])", plain)]


def _play_until_said(h: Any, step: Callable[[], Any], table: str, terms: tuple[str, ...],
                     limit: int) -> tuple[str, str]:
    for _ in range(limit):
        for text in _surfaces(h, table):
            found = _said(text, terms)
            if found:
                return text, found[0]
        step()
    raise AssertionError(f"nothing still a guess was said in {limit} touches")


_restore: list[Any] = []


@pytest.fixture(autouse=True)
def _drive_counts(monkeypatch: Any) -> Any:
    """The BIN driver's pick counters (module globals) are put back after the test: another
    module's game by the same driver then picks as it would have."""
    _restore.append(monkeypatch)
    yield
    _restore.clear()


def _keep_drive_counts() -> None:
    from companion.games.bump_in_the_night.ui import drive

    mp = _restore[-1]
    mp.setattr(drive, "_taps", drive._taps)
    mp.setattr(drive, "_stuck", drive._stuck)
    mp.setattr(drive, "_last", list(drive._last))


def _on_the_shelf(h: Any) -> None:
    """The choose screen with nothing said over its tiles (a toast left by the last game's device)."""
    h.app.go("choose")
    assert h.until(lambda: not h.app.toaster.shown, timeout=12.0)


def _gsb(h: Any) -> tuple[Callable[[], Any], str]:
    from companion.games.goosebumps.ui.shots import Player, new_game

    _on_the_shelf(h)
    new_game(h, "hard")
    return Player(h, seed=1).step, "gsb_table"


def _bin(h: Any) -> tuple[Callable[[], Any], str]:
    from companion.games.bump_in_the_night.ui.drive import step
    from tests.ui.test_bin_game import PLAY, start_game

    _keep_drive_counts()

    _on_the_shelf(h)
    start_game(h)
    return (lambda: step(h, prefer=PLAY)), "bin_table"


def _bgm(h: Any) -> tuple[Callable[[], Any], str]:
    from tests.ui.flows import start_game

    _on_the_shelf(h)
    start_game(h)
    app = h.app

    def step() -> None:
        if app.summary.shown:
            h.tap("summary_next")
        elif app.sm.current == "table":
            h.tap("end")  # each child ends the turn: the Boogeyman's turn comes
        else:
            h.tap("table")

    return step, "table"


GAMES = {"GSB": (_gsb, 400), "BIN": (_bin, 400), "BGM": (_bgm, 60)}


@pytest.mark.parametrize("code", list(GAMES))
def test_what_is_still_a_guess_is_marked_and_why_says_so(harness: Any, code: str) -> None:
    h = harness
    app = h.app
    ownbox.box_path(code, app.data_dir).unlink(missing_ok=True)
    start, limit = GAMES[code]
    step, table = start(h)
    terms = _terms(code)
    assert terms, f"{code} declares nothing its screens can mark"
    text, term = _play_until_said(h, step, table, terms, limit)
    assert re.search(r"(?<![\w])" + re.escape(term) + re.escape(MARK), text), text  # the mark after it
    plain = MARKUP.sub("", text).replace("\u25cc", "").strip()
    if app.summary.shown and h.visible("summary_why"):  # Why? on the steps, by touch
        h.tap("summary_why")
        assert app.why.shown
        said = [(e.section, e.says) for e in app.why.ids.rules.children]
        h.tap("why_back")
    else:
        said = app.rules_for(plain)
    guess = [says for section, says in said if section == "Still a guess"]
    assert guess and term in guess[0] and "Check your box" in guess[0], said


def test_why_on_the_steps_says_what_a_marked_step_means(harness: Any) -> None:
    """A step of the table's list carries the mark too: Why? over the list adds its "Still a guess"
    line though no notice says the word (it said "No rule of the rulebook is behind this one"
    when only a step named a still-guessed Landmark)."""
    h = harness
    app = h.app
    ownbox.box_path("GSB", app.data_dir).unlink(missing_ok=True)
    _gsb(h)
    assert h.until(lambda: not app.summary.shown and not app.toaster.shown, timeout=12.0)
    step = "Move Player 1's monster to the Landmark"  # what the device's list could say
    assert MARK in app.marked(step)
    app.summary.present("On the table", ["Take a card", step], [], lambda: None)  # the device's list, as it shows one
    legend = app.summary.ids.guess_legend
    # Under the list, a line says what the mark is (a newcomer read it as a broken glyph)
    assert h.until(lambda: legend.height > 20 and legend.opacity == 1)
    assert legend.text.startswith(MARK) and "still a guess" in legend.text and "Why?" in legend.text
    assert legend.font_size >= 20 and legend.top <= app.summary.ids.list.parent.y + 1  # under the steps
    h.tap("summary_why")  # by touch
    assert app.why.shown
    said = [(e.section, e.says) for e in app.why.ids.rules.children]
    h.tap("why_back")
    guess = [says for section, says in said if section == "Still a guess"]
    assert guess and "Landmark" in guess[0] and "Check your box" in guess[0], said
    app.summary.present("On the table", ["Take a card"], [], lambda: None)  # nothing marked: no such line
    assert h.until(lambda: legend.height == 0 and legend.text == "")
    app.summary.shown = False
