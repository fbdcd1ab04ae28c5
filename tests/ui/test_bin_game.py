"""Bump in the Night on the real app, by touches only (companion/ui/harness.py: every tap goes
through the window's touch dispatch at the control's screen position): a whole two-player game
against the device's monster player, the hand-over that keeps a player's cards to that player,
undo and resume from the BIN screens, and `companion shots --game BIN`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.games.bump_in_the_night.ui.drive import shown, step
from companion.ui import touch

ROOT = Path(__file__).resolve().parents[2]
PLAY = ("run", "scare", "done", "drawn:ACTN")  # Red scares whenever she can, else passes the step


def start_game(h: Any, monster: str = "yellow", level: str = "hard", first: str = "") -> None:
    app = h.app
    app.go("choose")
    h.choose_game("game:BIN")
    assert app.sm.current == "bin_setup"
    if first:
        h.tap(f"first:{first}")
    h.tap(f"monster:{monster}" if monster else "monster:none")
    if monster:
        h.scroll_to(f"level:{level}")  # the level row is below the fold
        h.tap(f"level:{level}")
    h.tap("start")
    assert app.sm.current == "bin_table" and app.controller.rules.code == "BIN"


def count_labels(monkeypatch: Any) -> dict[str, int]:
    """Every Kivy Label made from now on (buttons are labels too), and those the BIN screens'
    refreshes made, with the refreshes counted."""
    import importlib

    from kivy.uix.label import Label

    made = {"labels": 0, "in_refresh": 0, "refreshes": 0}
    init = Label.__init__

    def counted(self: Any, **kw: Any) -> None:
        made["labels"] += 1
        init(self, **kw)

    monkeypatch.setattr(Label, "__init__", counted)
    for name in ("bin_table", "bin_hand", "bin_over"):
        screen = importlib.import_module(f"companion.games.bump_in_the_night.ui.screens.{name}").SCREEN

        def refresh(self: Any, _inner: Any = screen.refresh) -> None:
            before = made["labels"]
            _inner(self)
            made["in_refresh"] += made["labels"] - before
            made["refreshes"] += 1

        monkeypatch.setattr(screen, "refresh", refresh)
    return made


def test_a_whole_game_against_the_device_monster_player_by_touch(harness: Any, monkeypatch: Any) -> None:
    h = harness
    app = h.app
    start_game(h)
    made = count_labels(monkeypatch)
    state = app.controller.state
    assert state.seats == ("red", "yellow") and state.options.monster_player == "yellow"
    assert app.seat.level_of("yellow") == "hard" and app.seat.level_of("red") == "person"  # Settings' rows
    taps: list[str] = []
    looked_at_cards = False
    walked: set[tuple[Any, ...]] = set()
    for _ in range(2500):
        if app.controller.session.finished:
            break
        s = app.controller.state
        kind = (app.sm.current, app.summary.shown, shown(h, "look"), shown(h, "back_group"), s.phase.value)
        if kind not in walked:  # as tests/ui/test_walker.py: every control shown gets a touch at its centre
            walked.add(kind)
            h.pump(frames=2)
            assert touch.unreachable() == [], kind
            assert touch.small_targets() == [], kind
        if (not looked_at_cards and app.sm.current == "bin_table" and s.phase.value == "play"
                and s.hands[0] and s.hands[1] and shown(h, "hand")):
            # Red's cards behind the hand-over: the table sees a "tap to look" first, then only Red's.
            looked_at_cards = True
            h.tap("hand")
            assert app.sm.current == "bin_hand" and shown(h, "look") and app.screen("bin_hand").ids.hand.text == ""
            h.tap("look")
            text = app.screen("bin_hand").ids.hand.text
            mine = {c["name"] for c in app.controller.view("red")["hand"]}
            theirs = {c["name"] for c in app.controller.view("yellow")["hand"]} - mine
            assert mine and all(n in text for n in mine) and not any(n in text for n in theirs)
            h.tap("hide_hand")
            assert app.sm.current == "bin_table"
        taps.append(step(h, prefer=PLAY))
    assert app.controller.session.finished, f"not over after {len(taps)} taps"
    while app.summary.shown:  # the device's winning turn shows as steps first (app.route waits for them)
        h.tap("summary_next")
    assert app.sm.current == "bin_over"
    done = app.controller.history()[0]
    assert any(label.startswith("Yellow ") for label in done)  # the device played its turns
    assert any(label.startswith("Red ") for label in done)    # and the person theirs, by touch
    assert "look" in taps and "summary_next" in taps  # hand-overs, and the device's turns as steps
    assert looked_at_cards and len(walked) >= 8
    result = app.controller.rules.result(app.controller.state)
    assert result is not None and result.reason
    heading = app.screen("bin_over").ids.heading.text
    assert ("Nobody" in heading) if not result.winners else all(w.capitalize() in heading for w in result.winners)
    # Refreshes update the widgets they have (benchmarks/bin_ui.py): a label is made only when a
    # list grows past its longest yet. Rebuilding made about 17 labels a refresh, 6,355 a game.
    assert made["refreshes"] > 100
    assert made["in_refresh"] <= made["refreshes"] // 4, made
    assert made["labels"] <= 1000, made


def test_undo_and_resume_from_the_bin_screens(harness: Any) -> None:
    h = harness
    app = h.app
    start_game(h)
    h.tap("group:roll")
    h.tap("choice:1")  # the die shows 2
    assert app.controller.history()[0][-1] == "The die shows 2"
    h.tap("undo")
    assert app.confirm.shown
    h.tap("confirm_ok")
    assert app.controller.history()[0] == () and app.controller.state.phase.value == "roll"
    h.tap("group:roll")
    h.tap("choice:3")  # the die shows 4
    h.tap("group:girls")
    while app.summary.shown:
        h.tap("summary_next")
    placed = app.controller.state.unmoved
    assert sum(placed) > 0
    moves = len(app.controller.history()[0])
    # Resume from the choose screen: the same game, the same house, waiting on the same seat.
    h.tap("games")
    assert app.sm.current == "choose"
    h.tap("resume")
    assert app.sm.current == "bin_hand"  # Red is dealt a card: only Red may name it
    assert shown(h, "look") and len(app.controller.history()[0]) == moves
    assert app.controller.state.unmoved == placed


def test_shots_renders_every_bin_screen(tmp_path: Path) -> None:
    # run as a user runs it: with Kivy's own frame-rate cap (the suite turns it off for itself;
    # with it on, the frames shots draws on a standing clock once waited for ever)
    out = tmp_path / "shots"
    env = {k: v for k, v in os.environ.items() if not k.startswith("KCFG_")}
    done = subprocess.run([sys.executable, "-m", "companion", "shots", str(out), "--game", "BIN"], cwd=ROOT,
                          capture_output=True, text=True, timeout=180, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    names = {p.name for p in out.glob("*.png")}
    for screen in ("bin_02_setup", "bin_06_hand_over", "bin_09_table_red_step1", "bin_11_device_turn_steps",
                   "bin_12_red_cards", "bin_13_game_over"):
        assert f"{screen}.png" in names, sorted(names)
    assert all((out / n).stat().st_size > 5000 for n in names)


def test_the_first_notice_is_news_not_the_prompt_again(harness: Any) -> None:
    """The table's notices say what the last input made happen: the set-up's notice that is the
    first prompt again is not shown twice; after the die, its result is."""
    h = harness
    app = h.app
    start_game(h)
    table = app.screen("bin_table")
    h.pump(frames=2)
    prompt = table.ids.prompt.text
    assert "Group Creation Chart" in prompt and prompt == app.controller.view()["prompt"]
    assert prompt not in table.ids.notices.text
    h.tap("group:roll")
    h.tap("choice:1")  # the die shows 2
    h.pump(frames=2)
    news = table.ids.notices.text
    assert "2" in news and "Group Creation Chart" in news and table.ids.prompt.text not in news


def _seeded(monkeypatch: Any, seed: int) -> None:
    """New games on this seed (the girls' placing and the deal), so the device's first turn is one
    the test knows."""
    from companion.core.session import Session

    from companion.games.bump_in_the_night.ui import drive

    monkeypatch.setattr(drive, "_taps", 0)  # and the driver's picks as in a fresh run
    monkeypatch.setattr(drive, "_stuck", 0)
    monkeypatch.setattr(drive, "_last", [0])
    new = Session.new.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(Session, "new", classmethod(lambda cls, j, r, o, s=None: new(cls, j, r, o, seed)))


# Seed 1 (the harness's): the device's first turn ends with Red to play. Seed 4: it ends on a card
# the table draws for Yellow. The driver's picks start fresh, so the order of tests does not matter
# (a turn that moved nothing was once not told at all: it is now, by its heading).
@pytest.mark.parametrize("seed", [1, 4])
def test_the_table_is_told_who_takes_the_first_turn(harness: Any, monkeypatch: Any, seed: int) -> None:
    """BIN-G6 (who starts is not stated: the table chooses at set-up) and BIN-25, Player Turn:
    "Each player takes their turn ..., then play passes clockwise." Yellow, the device's monster
    player, is chosen to start: the first table screen says so, and when set-up is done the
    device's first turn comes as a summary headed by who takes the first turn (the set-up's last
    notice is gone by then, replaced by the device's own), even when that turn moved nothing."""
    _seeded(monkeypatch, seed)
    h = harness
    app = h.app
    start_game(h, first="yellow")
    assert app.controller.state.options.first == "yellow"
    h.pump(frames=2)
    words = "Yellow takes the first turn (the table's choice: the rulebook does not say who starts)"
    assert words in app.screen("bin_table").ids.notices.text
    h.tap("group:roll")
    h.tap("choice:1")  # the die shows 2
    h.tap("group:girls")
    while app.summary.shown:  # the device placed the girls
        h.tap("summary_next")
    for _ in range(200):  # three cards each: Red's behind the hand-over, Yellow's dealt by the device
        if app.summary.shown and app.summary.heading != "On the table":
            break
        if app.summary.shown:  # a change the table makes on its own input: done, then on
            h.tap("summary_next")
            continue
        step(h, prefer=("deal", "draw"))
    assert app.summary.shown and app.controller.state.phase.value == "play"
    assert app.summary.heading == "Yellow, the monster player, takes the first turn"
    # The status bar says this turn, not Red's that follows it (issue 25, finding 11).
    assert app.status.where == "Round 1 \u00b7 Yellow, the monster player"
    assert app.summary.notices[0].startswith(words)  # told even when the turn changed nothing
    from companion.ui import fit

    h.pump(frames=3)
    assert fit.cut_labels() == []  # the longer heading reads whole
    for _ in range(20):  # the device's turn may end on a card the table draws for Yellow
        state = app.controller.state
        if state.seats[state.active] == "red":
            break
        if app.summary.shown:
            h.tap("summary_next")
            continue
        assert "Yellow draws" in app.controller.rules.observe(state, "table")["prompt"]
        step(h, prefer=("draw", "drawn:ACTN"))
    assert app.controller.state.seats[app.controller.state.active] == "red"  # then clockwise


def _luminance(rgb: Any) -> float:
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(float(c)) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fg: Any, bg: Any) -> float:
    """WCAG 2 contrast ratio of two sRGB colours (1 to 21)."""
    hi, lo = sorted((_luminance(fg), _luminance(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def text_colours(button: Any) -> list[tuple[str, tuple[float, ...]]]:
    """Each run of visible text on a button with the colour it is drawn in: its markup's
    [color=...] where it has one, else the button's own text colour."""
    import re

    from kivy.utils import get_color_from_hex

    stack = [tuple(button.color)]
    runs = []
    for part in re.split(r"(\[color=[^\]]*\]|\[/color\])", str(button.text)):
        if part.startswith("[color="):
            stack.append(tuple(get_color_from_hex(part[7:-1])))
        elif part == "[/color]":
            stack.pop()
        else:
            words = re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", part).strip()
            if words:
                runs.append((words, stack[-1]))
    return runs


def test_colour_buttons_read_chosen_or_not(harness: Any) -> None:
    """Every colour's button on the set-up screen, chosen (the candle-flame fill) or not, draws its
    words at a contrast of at least 4.5:1 (WCAG AA) against its own fill: computed from the
    widget's text and markup colours and the fill its canvas draws."""
    from kivy.graphics import Color

    h = harness
    app = h.app
    app.go("choose")
    h.choose_game("game:BIN")
    for colour in ("mustard", "green", "blue", "black"):  # all six at the table: every colour chosen
        h.tap(f"colour:{colour}")
    h.tap("monster:yellow")
    checked = {}
    for prefix in ("colour:", "first:", "monster:"):
        for b in touch.controls():
            if not str(b.action).startswith(prefix) or b.action == "monster:none":
                continue
            fill = next(i for i in b.canvas.before.children if isinstance(i, Color)).rgba
            for words, fg in text_colours(b):
                checked[(b.action, b.kind, words)] = ratio = contrast(fg, fill)
                assert ratio >= 4.5, (b.action, b.kind, words, round(ratio, 2))
    chosen = {action for action, kind, _ in checked if kind == "primary"}
    assert {f"colour:{c}" for c in ("red", "yellow", "mustard", "green", "blue", "black")} <= chosen
    assert "monster:yellow" in chosen and "first:red" in chosen
    assert any(kind == "normal" and action.startswith("first:") for action, kind, _ in checked)
