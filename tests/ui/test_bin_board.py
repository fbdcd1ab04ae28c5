"""Bump in the Night: moves made on the house, by touches at the rooms' screen positions (issue 25,
finding 9 and "Moves on the board"). The scared girls run one at a time, a tap on her room and one
on a lit room (the rulebook's Scared People Movement Rules, BIN-39..59: the screen lights only the
rooms they allow); a monster is placed from its owner's group into a lit empty room (BIN-30,
"Place a monster ... in a room with no people") and moved to a lit room next door (BIN-31); the
doors between rooms are drawn on the house; "End step 2" shows without sliding the list. The old
list of combined outcomes ("1 to the dining room, 1 to the bedroom, ...") is never shown."""

from __future__ import annotations

from typing import Any

from companion.games.bump_in_the_night import board, choices
from companion.games.bump_in_the_night.context import ctx_for
from companion.games.bump_in_the_night.inputs import Run, RunPlan
from companion.games.bump_in_the_night.rules import monster_moves
from companion.games.bump_in_the_night.state import KINDS, SUPPLY
from companion.games.bump_in_the_night.ui.drive import board_rooms, step
from companion.ui import touch


def start_two_people(h: Any) -> None:
    """Red and Yellow, both people: the test makes every decision by touch."""
    app = h.app
    app.go("choose")
    h.choose_game("game:BIN")
    h.tap("monster:none")
    h.tap("start")
    assert app.sm.current == "bin_table"


def until(h: Any, done: Any, prefer: tuple[str, ...], limit: int = 600) -> None:
    for _ in range(limit):
        if done():
            return
        assert not h.app.controller.session.finished, "the game ended first"
        step(h, prefer=prefer)
    raise AssertionError("did not get there by touch")


def captions(h: Any) -> list[str]:
    return [str(getattr(w, "caption", "") or getattr(w, "text", "")) for w in touch.controls()]


def test_a_door_is_locked_on_the_house(harness: Any) -> None:
    """BIN-26, Step 1: "Place or remove a locked marker". The marker goes on a door: a tap on a room
    beside it, then on the lit room across it; no list of the house's doors."""
    h = harness
    app = h.app
    start_two_people(h)

    def step1() -> bool:
        s = app.controller.state
        return (app.sm.current == "bin_table" and not app.summary.shown and s.phase.value == "play"
                and s.turn.step == 1 and not s.pending)

    until(h, step1, prefer=("deal",))
    s = app.controller.state
    c = ctx_for(s.options)
    assert not any(cap.startswith("Lock ") and "-" in cap for cap in captions(h))  # no door list
    h.tap("group:lock")
    beside = {c.house.room_id(d.a) for d in c.house.doors if d.id in c.lockable}
    beside |= {c.house.room_id(d.b) for d in c.house.doors if d.id in c.lockable and not d.outside}
    assert {a.removeprefix("room:") for a in board_rooms(h, "to")} == beside
    h.tap("room:library")
    across = {a.removeprefix("room:") for a in board_rooms(h, "to")}
    assert across == {"conservatory", "study", "dining_room"}  # the Library's doors (bin_helpers' map)
    h.tap("room:dining_room")
    assert app.controller.state.locks == frozenset({"library/dining_room"})
    assert app.screen("bin_table").ids.locks.text == "Locked: Library - Dining Room"


def test_a_monster_is_placed_and_moved_on_the_house(harness: Any) -> None:
    h = harness
    app = h.app
    start_two_people(h)
    table = app.screen("bin_table")

    def red_step2() -> bool:
        s = app.controller.state
        return (app.sm.current == "bin_table" and not app.summary.shown and s.phase.value == "play"
                and s.turn.step == 2 and s.running is None and not s.pending)

    until(h, red_step2, prefer=("done", "deal"))
    state = app.controller.state
    me = state.active
    # No nested menu of rooms: a button for the monster in its owner's group, and End step 2 in view.
    assert h.visible("group:done") and "End step 2" in captions(h)
    assert not any("\u25b8" in c and "Place" in c for c in captions(h))
    # Every monster of Red's group shows without sliding the list (a list fits the screen).
    for kind in KINDS:
        assert h.visible(f"group:place:{kind}"), kind
    assert h.visible("group:place:pair")
    h.tap("group:place:goblin")
    c = ctx_for(state.options)
    empty = {r.id for i, r in enumerate(c.house.rooms) if not state.people(i)}
    lit = {a.removeprefix("room:") for a in board_rooms(h, "to")}
    assert lit == empty  # BIN-30: a room with no people, and only those
    # A room with people tapped instead: nothing moves, and the table is told (it was mute)
    full = sorted({r.id for r in c.house.rooms} - empty - set(board.sources(table._pieces)))
    if full:
        app.toaster.hide()
        room_widget = next(w for w in table.ids.house.children if getattr(w, "room_id", "") == full[0])
        h.tap_widget(room_widget)
        assert app.toaster.shown and "cannot go into the" in app.toaster.text, app.toaster.text
        assert app.controller.state is state, app.controller.history()[0]  # nothing moved
        app.toaster.hide()  # it lies over the house's lower rooms
        assert {a.removeprefix("room:") for a in board_rooms(h, "to")} == lit  # still the goblin's to place
    room = sorted(lit)[0]
    h.tap(f"room:{room}")
    after = app.controller.state
    assert c.house.room_id(after.monsters[me][KINDS.index("goblin")]) == room
    assert "goblin" in app.controller.history()[0][-1].lower()
    # Step 4: the Goblin is moved by a tap on its room and one on a lit room next door (BIN-31, BIN-60).

    def red_step4() -> bool:
        s = app.controller.state
        return (s.active == me and s.turn.step == 4 and s.running is None and not s.pending
                and app.sm.current == "bin_table" and not app.summary.shown)

    until(h, red_step4, prefer=("done",))
    s = app.controller.state
    goblin = s.monsters[me][KINDS.index("goblin")]
    assert goblin != SUPPLY
    where = c.house.room_id(goblin)
    assert f"room:{where}" in board_rooms(h, "from")
    h.tap(f"room:{where}")
    if table.room_open:  # a girl may move from the same room: say which piece
        h.tap(f"group:move:{s.seats[me]}/goblin")
    lit = {a.removeprefix("room:") for a in board_rooms(h, "to")}
    assert lit == {c.house.room_id(r) for r in monster_moves(s, c, me, KINDS.index("goblin"), True)}
    to = sorted(lit)[0]
    h.tap(f"room:{to}")
    assert c.house.room_id(app.controller.state.monsters[me][KINDS.index("goblin")]) == to


def test_the_scared_girls_run_one_at_a_time_on_the_house(harness: Any) -> None:
    h = harness
    app = h.app
    start_two_people(h)

    def running_by_hand() -> bool:
        s = app.controller.state
        return (s.running is not None and not s.pending and app.sm.current == "bin_table"
                and not app.summary.shown and bool(board_rooms(h, "to") or board_rooms(h, "from")))

    until(h, running_by_hand, prefer=("scare", "place:cat", "move", "done", "deal"),
          limit=1500)
    s = app.controller.state
    legal = app.controller.legal()
    # The old list: every way the whole scare can end as one button. None of it shows.
    plans = [choices.caption(s, i) for i in legal if isinstance(i, (RunPlan, Run))]
    shown = captions(h)
    assert plans and not any(p in shown for p in plans)
    assert not any(a.startswith("group:run") for a in (getattr(w, "action", "") for w in touch.controls()))
    # The house shows each running girl in her room with her terror (BIN-52).
    for r in app.controller.view()["running"]["runners"]:
        assert f"\u25c9{r['terror']}" in app.screen("bin_table").ids.house.rooms[r["room"]].text
    moved = 0
    while app.controller.state.running is not None and not app.controller.state.pending and moved < 20:
        before = len(app.controller.history()[0])
        if not board_rooms(h, "to"):
            h.tap(board_rooms(h, "from")[0])  # her room
        lit = board_rooms(h, "to") + [a for a in ("room:outside",) if h.visible(a)]
        assert lit, "a girl is picked but no room is lit"
        h.tap(lit[0])
        for _ in range(3):  # which monster terrifies her there, when the rules leave it open (BIN-45)
            picks = [w.action for w in touch.controls() if str(getattr(w, "action", "")).startswith("choice:")]
            if not picks:
                break
            h.tap(picks[0])
        inputs = app.controller.session.inputs
        assert len(app.controller.history()[0]) == before + 1 and isinstance(inputs[-1], Run)  # one girl, one move
        moved += 1
        while app.summary.shown:  # the moves the rules force after hers, as steps for the table
            h.tap("summary_next")
    assert moved >= 1


def test_the_house_draws_its_doors(harness: Any) -> None:
    from kivy.graphics import Rectangle

    h = harness
    app = h.app
    start_two_people(h)
    h.pump(frames=2)
    house = app.screen("bin_table").ids.house
    c = ctx_for(app.controller.state.options)
    marks = [i for i in house.canvas.after.children if isinstance(i, Rectangle)]
    assert len(marks) == len(c.house.frames) and len(c.house.frames) >= len(c.house.doors)
    # Each door mark lies on the wall between the two rooms it joins.
    for rect, ((r1, c1), (r2, c2), k) in zip(marks, c.house.frames):
        door = c.house.doors[k]
        if door.outside:
            continue
        a, b = house.rooms[c.house.rooms[door.a].id], house.rooms[c.house.rooms[door.b].id]
        x, y = rect.pos[0] + rect.size[0] / 2, rect.pos[1] + rect.size[1] / 2
        for room in (a, b):
            assert room.x - 8 <= x <= room.right + 8 and room.y - 8 <= y <= room.top + 8
