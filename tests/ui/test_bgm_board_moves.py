"""Boogeyman's moves made on the house, by touches at the rooms' places on the screen (issue 25,
"Moves on the board"): a tap on the piece's room, then on a lit destination; an unlit room is
refused with what to do instead, and nothing changes (neither the game nor its journal)."""

from __future__ import annotations

import random
from typing import Any

from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.common import zone_name
from companion.games.boogeyman.rules import child_graph
from companion.games.boogeyman.state import Mode, Options, SteerBabysitter
from companion.ui import touch
from tests.ui.flows import lit_rooms, start_game, tap_room


def journal_length(app: Any) -> int:
    return len(app.controller.history()[0])


def test_a_child_moves_by_a_tap_on_its_room_then_a_lit_room(harness: Any) -> None:
    """Rulebook, "Moving": "You can move from the Room you are in to any adjacent Room by moving
    through a Passage. Each Passage you move through costs 1 Action." The rooms lit are exactly
    those; no list of rooms is shown."""
    h = harness
    app = h.app
    c = app.controller
    start_game(h)
    table = app.screen("table")
    house = table.ids.map
    assert h.prompt() == "Mike: 3 Actions left"
    here = c.state.child("mike").zone
    reach = set(child_graph(c.state).neighbours(here)) - {c.state.babysitter}  # her room: no Actions there
    assert reach and not lit_rooms(house)  # nothing lit before the piece is picked up
    assert not [w for w in touch.controls() if str(getattr(w, "action", "")).startswith(("step:", "move:"))]

    # A tap on a room that is not Mike's: refused with what to tap, nothing changes.
    before, length = c.state, journal_length(app)
    other = sorted(reach)[0]
    tap_room(h, other)
    assert app.toaster.shown and f"tap Mike first ({zone_name(c.state, here)})" in app.toaster.text
    assert c.state is before and journal_length(app) == length and not lit_rooms(house)
    app.toaster.hide()

    # A tap on Mike's room picks him up: the rooms he may move to are lit, the prompt says so.
    tap_room(h, here)
    assert table.picked == here and house.cells[here].info.get("picked")
    lit = set(lit_rooms(house))
    assert lit == {i.to for i in c.legal() if isinstance(i, I.Move)} and reach <= lit
    assert "Move Mike: tap a lit room" in table.ids.prompt.text

    # An unlit room far away: the rules refuse it (with Why?), nothing changes, he is still picked up.
    far = next(z for z in ("25", "24", "19", "18") if z in house.cells and z not in lit and z != here)
    tap_room(h, far)
    assert app.toaster.shown and "is not next to" in app.toaster.text
    assert c.state is before and journal_length(app) == length
    assert table.picked == here and set(lit_rooms(house)) == lit
    app.toaster.hide()

    # A tap on his room again puts him back: nothing lit, nothing moved.
    tap_room(h, here)
    assert not table.picked and not lit_rooms(house) and c.state is before
    assert "Mike: 3 Actions left" in table.ids.prompt.text

    # Picked up again, then a lit room: he moves there, one Action spent, one input journaled.
    dst = sorted(reach)[0]
    tap_room(h, here)
    tap_room(h, dst)
    assert c.state.child("mike").zone == dst and h.prompt() == "Mike: 2 Actions left"
    assert journal_length(app) == length + 1 and not table.picked and not lit_rooms(house)
    assert c.session.inputs[-1] == I.Move("mike", dst)  # the same input a one-tap move journaled


def drive_to_steer(h: Any, seed: int = 21, limit: int = 700) -> None:
    """A Competitive game, the Boogeyman a person's: the turns before a Possessed Babysitter played
    by legal inputs (the part of the game this test is not about)."""
    app = h.app
    app.prefs.boogeyman = "person"
    c = app.controller
    c.new_game("BGM", Options(mode=Mode.COMPETITIVE, children=("peter", "leila")), seed)
    rnd = random.Random(seed)
    for _ in range(limit):
        app.summary.shown = False
        if c.state.pending and isinstance(c.state.pending[0], SteerBabysitter):
            app.route()
            h.pump()
            return
        legal = [i for i in c.legal() if not isinstance(i, (I.StartFinale, I.MissionComplete, I.FinaleOutcome,
                                                           I.PlayCard))]
        moves = [i for i in legal if not isinstance(i, I.EndTurn)]
        c.submit(rnd.choice(moves) if moves and rnd.random() < 0.85 else rnd.choice(legal))
    raise AssertionError("no Possessed Babysitter")


def test_the_possessed_babysitter_is_steered_on_the_house(harness: Any) -> None:
    """Rulebook, Possessed Babysitter: "If the Boogeyman is controlled by a player, that player
    decides where to move the Babysitter"; "Roll 1 die and move the Babysitter that many Rooms".
    On the Boogeyman player's screen: a tap on her room, then lit rooms one at a time."""
    h = harness
    app = h.app
    c = app.controller
    drive_to_steer(h)
    if app.sm.current != "boogeyman":
        app.go("boogeyman")
    h.tap("reveal")
    bgm = app.screen("boogeyman")
    house = bgm.house
    assert house.get_root_window() is not None and house.height > 200  # the house, not a list
    assert not [w for w in touch.controls() if str(getattr(w, "action", "")).startswith("step:")]
    steps = c.state.pending[0].steps
    start = c.state.babysitter
    before, length = c.state, journal_length(app)
    assert not lit_rooms(house) and house.cells[start].info.get("active")

    # Not her room first: refused, nothing changes.
    other = next(z for z in sorted(house.cells) if z != start and not house.cells[z].info.get("hidden"))
    h.tap_widget(house.cells[other])
    assert app.toaster.shown and f"Tap the Babysitter's room first ({start})" in app.toaster.text
    assert c.state is before and not lit_rooms(house)
    app.toaster.hide()

    # Her room: the rooms next door lit (the walk graph the rules check her walk against).
    h.tap_widget(house.cells[start])
    from companion.games.boogeyman.rules import babysitter_graph

    graph = babysitter_graph(c.state)
    assert set(lit_rooms(house)) == set(graph.neighbours(start))

    # An unlit room: refused with what to tap, nothing changes, she is still picked up.
    far = next(z for z in sorted(house.cells) if z not in lit_rooms(house) and z != start
               and not house.cells[z].info.get("hidden"))
    h.tap_widget(house.cells[far])
    assert app.toaster.shown and f"cannot go from {start} to {far}" in app.toaster.text
    assert c.state is before and journal_length(app) == length and set(lit_rooms(house)) == set(graph.neighbours(start))
    app.toaster.hide()

    # Walk her: each lit room a step, lit again from where she got to; a tap on the last steps back.
    path: list[str] = []
    here = start
    for _ in range(min(steps, 2)):
        nxt = sorted(lit_rooms(house))[0]
        assert nxt in graph.neighbours(here)
        h.tap_widget(house.cells[nxt])
        path.append(nxt)
        here = nxt
        assert house.cells[here].info.get("picked")
    if len(path) < steps:
        assert set(lit_rooms(house)) == set(graph.neighbours(here))
    h.tap_widget(house.cells[here])  # a step back
    path.pop()
    assert bgm.sel == path and c.state is before
    h.tap("confirm")
    assert c.state is not before and journal_length(app) == length + 1
    assert c.session.inputs[-1] == I.SteerBabysitterInput(tuple(path))  # the input a list made before
