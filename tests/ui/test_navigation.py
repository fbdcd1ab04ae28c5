"""Issue 25, findings 11, 12 and 15, by touches at screen coordinates: the status bar belongs to
the game (and the moment) on screen; every unfinished game can be resumed from the start screen;
Settings returns to where it was opened from."""

from __future__ import annotations

from typing import Any

from tests.ui.flows import start_game


def leave_for_the_games(h: Any) -> None:
    """From a game's table: Menu (the journal), then Games (the choose-a-game screen)."""
    h.tap("menu")
    assert h.app.sm.current == "journal"
    h.tap("games")
    assert h.app.sm.current == "choose"


def test_settings_opened_from_the_choose_screen_goes_back_to_it(harness: Any) -> None:
    """Finding 15: with a game going on, Settings opened from the choose-a-game screen returned to
    that game's table on Back; opened from the journal it returns to the journal."""
    h, app = harness, harness.app
    start_game(h)
    assert app.sm.current == "table"
    leave_for_the_games(h)
    h.tap("settings")
    assert app.sm.current == "settings"
    h.tap("back")
    assert app.sm.current == "choose"
    # Opened from the game's journal, Back goes back to the journal.
    h.tap("resume")
    assert app.sm.current == "table"
    h.tap("menu")
    h.tap("settings")
    h.tap("back")
    assert app.sm.current == "journal"
    h.tap("table")
    assert app.sm.current == "table"


def test_the_status_bar_never_shows_another_games_round(harness: Any) -> None:
    """Finding 11: a Boogeyman game left for the choose screen, then The Stuff of Legend's and Bump
    in the Night's set-up: the status bar said "Round 1 · Mike's turn" above them."""
    h, app = harness, harness.app
    start_game(h)
    assert app.status.where == "Round 1 \u00b7 Mike's turn"
    leave_for_the_games(h)
    assert app.status.where == "Choose a game"
    h.tap("settings")
    assert app.status.where == "Settings"  # opened from the games, not from the table
    h.tap("back")
    h.tap("game:SOL")
    assert app.sm.current == "sol_setup"
    assert app.status.where == app.screen("sol_setup").title and "Round" not in app.status.where
    h.tap("back")
    assert app.sm.current == "choose" and app.status.where == "Choose a game"
    h.tap("game:BIN")
    assert app.sm.current == "bin_setup"
    assert app.status.where == app.screen("bin_setup").title and "Round" not in app.status.where
    h.tap("back")
    assert app.sm.current == "choose"
    # Back in the game, the bar is the game's again.
    h.tap("resume")
    assert app.sm.current == "table" and app.status.where == "Round 1 \u00b7 Mike's turn"


def test_the_status_bar_over_the_boogeymans_turn_says_that_turn(harness: Any) -> None:
    """Finding 11: over the Boogeyman's turn (the steps of the end of round 1) the bar said
    "Round 2 · Mike's turn"; it says the moment on screen, then the new round once Done."""
    h, app = harness, harness.app
    start_game(h)
    h.tap("end")
    assert h.prompt() == "Daphne: 3 Actions left"
    h.tap("end")
    assert app.summary.shown and app.summary.heading == "The Boogeyman's turn, end of round 1"
    assert app.status.where == "Round 1 \u00b7 the Boogeyman's turn"
    while app.summary.shown:
        h.tap("summary_next")
        if app.summary.shown:
            assert app.status.where == "Round 1 \u00b7 the Boogeyman's turn"
    assert app.sm.current == "table" and app.status.where == "Round 2 \u00b7 Mike's turn"
