"""Issue 25, "Done when", for Boogeyman Competitive against the device (the device holds the
Boogeyman's seat and hides its Objectives, Trap Door and Skeleton Key where only it knows): a whole
game to the end by touches only, while the test keeps its own model of the physical table, changed
only by the steps the shell showed or by what the child's player did and entered (shown ticked).
At the end the model is the device's table; an Undo across the device's turn, followed by its
put-back steps, gives back the table from before it; every search is answered by the device.

The shortest game the rulebook allows: "Competitive Mode (2 or more players): One player is chosen
to act as the Boogeyman" (The Game Modes), so one child (Mike) against the device. The night ends
when "both tokens (Boogeyman and Babysitter) reach the top" of the Stress Scale (The Stress Scale),
so the child heads for whoever still raises its token; early on it heads for a room where the
device hid something and searches it ("The Boogeyman personally selects the Objectives, Trap Door
Token and Skeleton Key Token ... and places them in numbered Rooms of its choice", Setting Up the
Game, Competitive Mode; "Search a Room ... you take the top Search token", The Children's Actions).
"When the Boogeyman is Controlled by a Player": its Room tokens are hidden, it is revealed only
when a Child or the Babysitter enters its Room, and it steers a Possessed Babysitter.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.table import table_of
from tests.ui.flows import BgmChildren, TableModel, same_table, start_game

PUT_FOUND = ("Put a red Objective token", "Put the Skeleton Key", "Put the Trap Door token")


def hidden_rooms(s: Any) -> set[str]:
    """The rooms the device hid an Objective, the Trap Door or the Skeleton Key in (its own state)."""
    from companion.games.boogeyman.common import PLACED_KINDS

    return {z for z, r in s.rooms if any(t.kind in PLACED_KINDS for t in r.stack)}


def heading_for(s: Any) -> set[str]:
    """Where Mike heads: a room the device hid something in that he can reach (until he found one,
    or for the first rounds), then whoever of the Boogeyman and the Babysitter still raises its
    Stress token (the Boogeyman's rooms: where its miniature is, and where its last Room token hides it)."""
    from companion.games.boogeyman.houses import house_for

    house = house_for(s.options.board)
    mike = s.child("mike")
    if not (mike.objectives or mike.has_key or s.trap_door) and s.round < 10:
        hid = hidden_rooms(s) - {house.attic, house.secret_room}
        free = {z for z in hid if not s.room(z).lock}
        if free or hid:
            return free or hid
    # "The Boogeyman never reveals itself when both adults and children are together": not
    # where the Babysitter is. Where it hides under Mike's feet, he stays ("if any Children ... are
    # still in that Room, the Boogeyman is revealed"), so his goal is where he is.
    boogeyman = {*s.current_rooms, *s.boogeyman} - {s.babysitter}
    if s.stress_boogeyman >= house.stress_top:
        boogeyman = set()
    babysitter = {s.babysitter} - {mike.zone} if s.stress_babysitter < house.stress_top else set()
    first, then = (boogeyman, babysitter) if s.stress_boogeyman <= s.stress_babysitter else (babysitter, boogeyman)
    return first or then


def table_changed(c: Any, span: int) -> bool:
    """The `span` inputs one Undo takes back changed the physical table."""
    return not same_table(table_of(c.rules, c.session.earlier(span)), table_of(c.rules, c.state))


@pytest.mark.slow  # a whole game by touch, ~47 s: `make test-slow`
def test_a_competitive_game_against_the_device_by_touches_whose_table_follows_only_the_steps_shown(
        harness: Any) -> None:
    h = harness
    app = h.app
    c = app.controller
    assert app.prefs.boogeyman == "normal"  # the device holds the Boogeyman's seat
    start_game(h, mode="competitive", kids=("mike",))
    assert c.state.options.device_boogeyman and c.state.player_run
    kids = BgmChildren(h, seed=25, undos=2, short_names=True, goal=heading_for)
    hidden: set[str] = set()
    searched: list[tuple[str, str]] = []  # (room, what the screen said was found)
    put_back: list[list[str]] = []  # the put-back lists of Undos across the device's turn
    with TableModel(h) as table:
        for _ in range(1500):
            if c.session.finished:
                break
            assert c.state.round < 40, (c.history()[0][-40:], c.state.child("mike"), c.state.stress_boogeyman,
                                        c.state.stress_babysitter, heading_for(c.state))
            if table.read():
                continue
            table.settle()
            assert app.sm.current != "found"  # nobody is ever asked what a Search token shows
            if not hidden and c.state.phase.value == "play":
                hidden = hidden_rooms(c.state)
                assert len(hidden) >= 2  # the Objectives, Trap Door and Key: in rooms it chose
            span = app.undo_span() if app.sm.current == "table" and not app.seat.plays(c.state) else []
            if len(span) > 1 and not put_back and table_changed(c, len(span)):
                # Undo across the device's turn: the table put back as the steps say is the table
                # from before the person's input the device answered.
                earlier = table_of(c.rules, c.session.earlier(len(span)))
                assert any(x.startswith("The Boogeyman ") for x in span[1:]), span
                h.tap("undo")
                assert app.confirm.shown
                h.tap("confirm_ok")
                assert app.summary.shown and app.summary.heading == "Put the table back"
                put_back.append(list(app.summary.steps))
                table.read()
                assert same_table(table.model, earlier)
                continue
            done = len(c.history()[0])
            room = c.state.child("mike").zone
            kids.step()
            new = c.history()[0][done:]
            if f"Mike searched Room {room}" in new:
                h.pump(frames=2)
                searched.append((room, str(app.toaster.text)))
        table.read()  # the last input's steps: the night is over, the table still follows them
        table.settle()
    assert c.session.finished and c.state.winner, c.state.round
    assert same_table(table.model, table_of(c.rules, c.state))
    assert table.lists > 5 and table.followed > 20 and table.ticked > 0, (table.lists, table.followed)
    played = c.history()[0]
    assert played.count("The Boogeyman played a Room token") > 5  # the device's turns, by itself
    # Undo across the device's turn: its put-back list was shown and followed.
    assert put_back and put_back[0], put_back
    # Every search was answered by the device, and the screen said what was found.
    assert searched and all(said.startswith("Mike finds") for _, said in searched), searched
    # A room the device hid something in was searched: what it gave is a step the table is told
    # to do (take it from the box and put it down), in a list it read.
    assert any(room in hidden for room, _ in searched), (searched, hidden)
    found = [(heading, row) for heading, row in table.shown if row.startswith(PUT_FOUND)]
    assert found, [x for x in table.shown if "Objective" in x[1] or "Key" in x[1] or "Trap" in x[1]]
    # The device keeps the Room tokens and the Ladder ("leave the Room tokens in the box", its
    # set-up): no list tells the table to play, turn or shuffle one (issue 25 #3).
    assert not [row for _, row in table.shown if "Room token" in row], sorted(set(table.shown))
    assert any(row.startswith("The Boogeyman hides again") for _, row in table.shown)
