"""Occupancy to game inputs: settling, which piece moved, one fix at a time."""

from __future__ import annotations

from companion.sensors.inference import Ambiguous, Fix, Moved, NoMove, SettleFilter, Unexplained, first_fix, infer_move

# A corner of a house: rooms 12-13-14-15 in a row, corridor C1 off 14.
ADJ = {
    "12": frozenset({"13"}),
    "13": frozenset({"12", "14"}),
    "14": frozenset({"13", "15", "C1"}),
    "15": frozenset({"14"}),
    "C1": frozenset({"14"}),
    "7": frozenset(),
}
NAMES = {"mike": "Mike", "sue": "Sue", "babysitter": "the Babysitter"}
fs = frozenset


class FakeClock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_settle_filter_never_reports_a_position_still_settling() -> None:
    clock = FakeClock()
    f = SettleFilter(0.8, clock)
    f.observe(fs({"13"}))
    assert f.poll() is None and f.settling
    clock.t += 0.8
    first = f.poll()
    assert first is not None and first.before == first.after == fs({"13"})
    f.observe(fs())  # lifted...
    clock.t += 0.5
    f.observe(fs({"12"}))  # ...set down on the wrong room...
    clock.t += 0.5
    assert f.poll() is None  # only 0.5 s on 12
    f.observe(fs({"14"}))  # ...and slid on
    clock.t += 0.79
    assert f.poll() is None and f.settling
    clock.t += 0.01
    s = f.poll()
    assert s is not None and (s.before, s.after) == (fs({"13"}), fs({"14"}))
    assert f.poll() is None and not f.settling


def test_active_child_moves_to_an_adjacent_room() -> None:
    expected = {"mike": "13", "babysitter": "15"}
    assert infer_move(expected, ADJ, "mike", fs({"13", "15"}), fs({"14", "15"})) == Moved("mike", "13", "14")


def test_a_jump_that_is_not_adjacent_is_unexplained_unless_the_game_sent_it() -> None:
    expected = {"mike": "13", "babysitter": "15"}
    assert isinstance(infer_move(expected, ADJ, "mike", fs({"13", "15"}), fs({"13", "7"})), Unexplained)
    sent = {"babysitter": "7"}
    assert infer_move(expected, ADJ, "mike", fs({"13", "15"}), fs({"13", "7"}), sent=sent) == Moved("babysitter", "15", "7")


def test_two_children_sharing_a_room_prefer_the_active_one() -> None:
    expected = {"mike": "13", "sue": "13"}
    assert infer_move(expected, ADJ, "sue", fs({"13"}), fs({"13", "14"})) == Moved("sue", "13", "14")


def test_really_ambiguous_asks_with_candidates() -> None:
    expected = {"mike": "13", "sue": "13"}
    got = infer_move(expected, ADJ, "babysitter", fs({"13"}), fs({"13", "14"}), names=NAMES)
    assert isinstance(got, Ambiguous)
    assert set(got.candidates) == {Moved("mike", "13", "14"), Moved("sue", "13", "14")}
    assert got.question == "Who moved? (Mike to Room 14; Sue to Room 14)"


def test_moving_into_an_occupied_room_with_two_occupied_neighbours_asks_where() -> None:
    expected = {"mike": "14", "sue": "13", "babysitter": "15"}
    got = infer_move(expected, ADJ, "mike", fs({"13", "14", "15"}), fs({"13", "15"}), names=NAMES)
    assert isinstance(got, Ambiguous)
    assert got.candidates == (Moved("mike", "14", "13"), Moved("mike", "14", "15"))
    assert got.question.startswith("Where did Mike go?")
    # The game had sent him to the Babysitter's room: no question.
    sent = {"mike": "15"}
    assert infer_move(expected, ADJ, "mike", fs({"13", "14", "15"}), fs({"13", "15"}), sent=sent) == Moved("mike", "14", "15")


def test_no_change_and_two_moves_at_once() -> None:
    expected = {"mike": "13", "sue": "15"}
    assert infer_move(expected, ADJ, "mike", fs({"13"}), fs({"13"})) == NoMove()
    got = infer_move(expected, ADJ, "mike", fs({"13", "15"}), fs({"12", "14"}))
    assert got == Unexplained(fs({"13", "15"}), fs({"12", "14"}))


def test_a_piece_comes_onto_the_board() -> None:
    expected = {"mike": "13", "boogeyman": None}
    got = infer_move(expected, ADJ, "mike", fs({"13"}), fs({"13", "C1"}), sent={"boogeyman": "C1"})
    assert got == Moved("boogeyman", None, "C1")


def test_first_fix_one_at_a_time_until_the_board_matches() -> None:
    expected = {"mike": "13", "babysitter": "14"}
    table = {"13", "15", "7"}  # babysitter left on 15, and a stray piece on 7
    fixes: list[Fix] = []
    while (fix := first_fix(expected, fs(table), names=NAMES)) is not None:
        fixes.append(fix)
        assert len(fixes) < 5
        if fix.kind == "clear":
            table.discard(fix.zone)
        else:
            table.add(fix.zone)
            if fix.from_zone:
                table.discard(fix.from_zone)
    assert [f.text for f in fixes] == ["Put the Babysitter in Room 14", "Room 7 should be empty", "Room 15 should be empty"]


def test_first_fix_move_wording_and_order() -> None:
    expected = {"mike": "13", "babysitter": "14"}
    fix = first_fix(expected, fs({"13", "15"}), names=NAMES)
    assert fix == Fix("move", "14", "babysitter", "15", "Move the Babysitter from Room 15 to Room 14")
    both_missing = first_fix(expected, fs(), names=NAMES, order=("babysitter",))
    assert both_missing is not None and both_missing.text == "Put the Babysitter in Room 14"
    assert first_fix({"mike": "C1"}, fs(), label=lambda z: f"Corridor {z[1:]}").text == "Put mike in Corridor 1"  # type: ignore[union-attr]
    assert first_fix(expected, fs({"13", "14"})) is None
