"""Occupancy to Boogeyman inputs: unit cases, then end to end over a real pty with the virtual board."""

from __future__ import annotations

import time
from pathlib import Path

from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.sensing import Ask, PutRight, check, expected_positions, on_settled
from companion.games.boogeyman.state import DrawCard, Options
from companion.sensors.calibration import ZoneMap
from companion.sensors.inference import SettleFilter
from companion.sensors.link import LinkState, SensorLink
from companion.sensors.sim import VirtualBoard

from bgm_helpers import new_game, put


def occupied(s) -> frozenset[str]:  # type: ignore[no-untyped-def]
    return frozenset(z for z in expected_positions(s).values() if z)


def test_the_active_child_leaving_for_a_neighbouring_room_is_a_move() -> None:
    s = put(new_game(), mike="C1", daphne="3", babysitter="10")
    before = occupied(s)
    after = (before - {"C1"}) | {"1"}
    assert on_settled(s, before, after) == I.Move("mike", "1")


def test_entering_the_babysitters_room_triggers_the_rule_at_once() -> None:
    s = put(new_game(), mike="C1", daphne="16", babysitter="1")
    before = occupied(s)
    move = on_settled(s, before, before - {"C1"})  # Mike joined the Babysitter: no zone newly filled
    assert move == I.Move("mike", "1")
    s2 = RULES.apply(s, move)  # type: ignore[arg-type]
    assert s2.pending == (DrawCard("SITR", "mike", encounter=True, ends_turn=True),)


def test_a_move_to_a_zone_that_is_not_next_door_asks_to_put_it_right() -> None:
    s = put(new_game(), mike="C1", daphne="3", babysitter="10")
    before = occupied(s)
    out = on_settled(s, before, (before - {"C1"}) | {"16"})
    assert isinstance(out, PutRight)
    assert out.fix.text == "Move Mike from Room 16 to corridor C1"


def test_two_children_sharing_a_zone_and_one_leaves_is_the_active_one() -> None:
    s = put(new_game(), mike="C1", daphne="C1", babysitter="10")
    before = occupied(s)
    assert on_settled(s, before, before | {"2"}) == I.Move("mike", "2")


def test_joining_one_of_two_occupied_neighbours_is_asked() -> None:
    s = put(new_game(), mike="C1", daphne="3", babysitter="C2")
    before = occupied(s)
    out = on_settled(s, before, before - {"C1"})
    # Mike left C1 and joined Daphne (Room 3) or the Babysitter (C2): the players are asked.
    assert isinstance(out, Ask)
    assert set(out.choices) == {I.Move("mike", "3"), I.Move("mike", "C2")}
    assert "Mike" in out.question


def test_the_babysitter_the_device_moved_is_a_fix_until_the_table_moves_her() -> None:
    s = put(new_game(), mike="C1", daphne="3", babysitter="C2")
    table = occupied(put(s, babysitter="10"))
    out = check(s, table)
    assert isinstance(out, PutRight) and out.fix.text == "Move the Babysitter from Room 10 to corridor C2"
    assert check(s, occupied(s)) is None


def test_nothing_acts_on_a_position_still_settling() -> None:
    now = [0.0]
    f = SettleFilter(settle=0.8, clock=lambda: now[0])
    f.observe(frozenset({"C1"}))
    now[0] = 1.0
    assert f.poll() is not None  # baseline
    f.observe(frozenset({"1"}))
    now[0] = 1.5
    assert f.settling and f.poll() is None
    now[0] = 1.9
    settled = f.poll()
    assert settled is not None and settled.after == frozenset({"1"})


def test_end_to_end_a_piece_lifted_and_placed_on_the_virtual_board_moves_mike(tmp_path: Path) -> None:
    """Virtual board (the firmware's logic) -> real pty -> SensorLink -> settle -> Move -> journal."""
    journal = Journal(tmp_path / "j.sqlite")
    session = Session.new(journal, RULES, Options(children=("mike",)), seed=3)
    state = session.state
    assert state.child("mike").zone == "C1" and state.babysitter == "10"  # the shipped house's starts
    zones = sorted(occupied(state) | {"1"})
    zmap = ZoneMap("villa-spencer", {i: z for i, z in enumerate(zones)})
    board = VirtualBoard(len(zones), zone_map=zmap, debounce_ms=5, heartbeat_ms=100)
    port = board.start()
    for z in occupied(state):
        board.place(z)
    link = SensorLink(port, zone_map=zmap, stale_after=2.0)
    settle = SettleFilter(settle=0.15)
    link.subscribe(lambda u: settle.observe(u.zones) if u.zones is not None and u.state == LinkState.OK else None)
    link.start()
    try:
        deadline = time.monotonic() + 5
        baseline = None
        while baseline is None and time.monotonic() < deadline:
            time.sleep(0.02)
            baseline = settle.poll()
        assert baseline is not None and baseline.after == occupied(state)
        board.move("C1", "1")
        event = None
        while event is None and time.monotonic() < deadline:
            time.sleep(0.02)
            settled = settle.poll()
            if settled is not None:
                event = on_settled(session.state, settled.before, settled.after)
        assert event == I.Move("mike", "1")
        session.submit(event)
        assert session.state.child("mike").zone == "1"
        assert session.history().done[-1] == "Mike moved to Room 1"  # type: ignore[attr-defined]
    finally:
        link.close()
        board.stop()
        journal.close()
