"""A whole game of each translated pack by touches in German (issue 28, "Done when": "A whole game
of each pack by touches passes in German"): the same drivers as the English whole-game tests (taps
on shown controls by their actions, never a handler), the app started in German. On every screen
the game passes through, no shown text holds an English word (`readability.ENGLISH_ONLY`, after
the names that read the same in both: docs/i18n.md), and the game reaches its end. Pig's is in
tests/ui/test_i18n_screens.py."""

from __future__ import annotations

from typing import Any, Callable

import pytest





def english_left(h: Any) -> list[str]:
    """The texts on screen now that hold an English word (names and numbers left out)."""
    from companion.ui.readability import ENGLISH_ONLY, _leftover, neutral_words, shown_labels

    h.pump(frames=1)
    names = neutral_words("de")
    out = []
    for lb in shown_labels():
        rest = _leftover(str(lb.text), names)
        if any(w in ENGLISH_ONLY for w in rest.split()):
            out.append(str(lb.text))
    return out


def play_through(h: Any, step: Callable[[], Any], done: Callable[[], bool], limit: int) -> int:
    """Steps until `done`, checking each new screen; returns the screens checked."""
    seen: set[tuple[str, bool, int]] = set()
    for _ in range(limit):
        if done():
            break
        app = h.app
        key = (app.sm.current, app.summary.shown, len(app.controller.session.inputs))
        if key not in seen:
            seen.add(key)
            left = english_left(h)
            assert not left, (key, left)
        step()
    assert done(), f"{limit} steps and the game is not over"
    assert not english_left(h), english_left(h)
    return len(seen)


@pytest.mark.slow  # whole games by touch: `make test-slow`
def test_a_whole_goosebumps_game_by_touches_in_german(german: Any) -> None:
    """Goosebumps against the device at Hard, its cards in the holder, to THE END."""
    from companion.games.goosebumps.ui.shots import Player, new_game

    h = german
    new_game(h, "hard")
    assert h.app.sm.current == "gsb_table" and h.app.status.where == "Goosebumps \u00b7 das Austeilen"
    p = Player(h, seed=1)
    c = h.app.controller
    screens = play_through(h, p.step, lambda: c.session.finished and not h.app.summary.shown, 800)
    assert h.app.sm.current == "gsb_end" and "THE END" in h.app.screen("gsb_end").ids.heading.text
    assert screens > 20


@pytest.mark.slow  # whole games by touch: `make test-slow`
def test_a_whole_bump_in_the_night_game_by_touches_in_german(german: Any) -> None:
    """Bump in the Night, Red by touch against the device's Yellow monster player at Hard, to the end."""
    from companion.games.bump_in_the_night.ui import drive

    h = german
    app = h.app
    drive.reset()
    app.go("choose")
    h.choose_game("game:BIN")
    h.tap("monster:yellow")
    h.scroll_to("level:hard")
    h.tap("level:hard")
    h.tap("start")
    assert app.sm.current == "bin_table" and app.status.where.startswith("Aufbau")
    c = app.controller
    screens = play_through(h, lambda: drive.step(h), lambda: c.session.finished and not app.summary.shown, 3000)
    assert app.sm.current == "bin_over"
    assert screens > 20
