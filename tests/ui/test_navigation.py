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
    h.choose_game("game:SOL")
    assert app.sm.current == "sol_setup"
    assert app.status.where == app.screen("sol_setup").title and "Round" not in app.status.where
    h.tap("back")
    assert app.sm.current == "choose" and app.status.where == "Choose a game"
    h.choose_game("game:BIN")
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


def test_every_unfinished_game_can_be_resumed_from_the_start(harness: Any) -> None:
    """Finding 12: only the latest unfinished game was offered. Four unfinished games (three of
    Boogeyman, one of Bump in the Night), each started by touch; the choose screen offers them all,
    a row each (the game, who plays, where it stands, the date), finger-sized, in a list that
    scrolls; the oldest, dragged into view, resumes where it was."""
    from datetime import datetime, timezone

    from tests.ui.test_bin_game import start_game as start_bin

    h, app = harness, harness.app
    c = app.controller
    start_game(h, kids=("mike", "daphne"))
    h.tap("end")
    oldest = c.session.game_id
    assert h.prompt() == "Daphne: 3 Actions left"
    leave_for_the_games(h)
    start_game(h, kids=("ray", "leila"))
    leave_for_the_games(h)
    start_bin(h, monster="")
    h.tap("games")
    assert app.sm.current == "choose"
    start_game(h, kids=("peter",), mode="solo")
    leave_for_the_games(h)
    ours = {oldest, oldest + 1, oldest + 2, oldest + 3}
    assert c.session.game_id == oldest + 3 and {r.id for r in c.journal.games() if not r.finished} >= ours

    h.tap("resume_list")
    assert app.sm.current == "resume" and app.status.where == "Unfinished games"
    rows = {int(w.action.split(":")[1]): w for w in app.screen("resume").ids.games.children}
    assert ours <= set(rows)
    today = datetime.now(timezone.utc).astimezone()
    day = f"{today.day} {today:%b}"
    words = {
        oldest: ("Boogeyman", "Cooperative: Mike, Daphne", "Round 1 \u00b7 Daphne's turn"),
        oldest + 1: ("Boogeyman", "Cooperative: Ray, Leila", "Round 1 \u00b7 Ray's turn"),
        oldest + 2: ("Bump in the Night", "Red, Yellow", "Set-up: the chart"),
        oldest + 3: ("Boogeyman", "Solo: Peter", "Round 1 \u00b7 Peter's turn"),
    }
    for gid, said in words.items():
        for part in said + (day,):
            assert part in rows[gid].caption, (gid, part, rows[gid].caption)
    for w in rows.values():
        assert w.height >= 48 and w.width >= 48
    # The rows are finger-sized, so not all of them fit: the oldest is below the fold, dragged up.
    scroller = app.screen("resume").ids.scroller
    assert app.screen("resume").ids.games.height > scroller.height
    h.scroll_to(f"resume:{oldest}", scroller)
    h.tap(f"resume:{oldest}")
    assert c.session.game_id == oldest
    assert app.sm.current == "table" and h.prompt() == "Daphne: 3 Actions left"
    assert app.status.where == "Round 1 \u00b7 Daphne's turn"
