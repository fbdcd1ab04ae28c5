"""Set-up choices a pack declares on its Options (companion/core/options.py): the rows the shell's
set-up screen builds, their checks, and who holds each seat."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from companion.core.errors import IllegalInput
from companion.core.options import (choice, device_levels, holders, holders_field, number, seat_holders,
                                    settings_of)


@dataclass(frozen=True)
class Opts:
    colour: str = choice("red", (("red", "Red"), ("blue", "Blue")), "Colour")
    size: int = number(3, 1, 9, "Size", step=2)
    who: tuple[str, ...] = holders(("hard",))
    fixed: int = 1


class Seats:
    def seats(self, state: object) -> tuple[str, ...]:
        return ("North", "South")


def test_the_declared_fields_in_order_and_the_plain_ones_left_out() -> None:
    rows = settings_of(Opts)
    assert [(r.name, r.kind, r.label) for r in rows] == [("colour", "choice", "Colour"), ("size", "number", "Size"),
                                                         ("who", "holders", "Who plays each seat")]
    assert rows[0].values() == (("red", "Red"), ("blue", "Blue"))
    assert rows[1].values() == ((1, "1"), (3, "3"), (5, "5"), (7, "7"), (9, "9"))
    assert settings_of(int) == [] and holders_field(Opts) == "who"


def test_a_default_outside_its_choices_is_refused_when_the_pack_is_written() -> None:
    with pytest.raises(ValueError, match="Colour: the default 'green'"):
        choice("green", (("red", "Red"),), "Colour")
    with pytest.raises(ValueError, match="Size: the default 4 is not in 1..9 by 2"):
        number(4, 1, 9, "Size", step=2)
    with pytest.raises(IllegalInput, match="seat 2 is held by 'robot'"):
        holders(("person", "robot"))


def test_who_holds_each_seat_a_seat_beyond_the_tuple_being_a_persons() -> None:
    assert seat_holders(Opts(), ("North", "South")) == {"North": "hard", "South": "person"}
    assert device_levels(Seats(), Opts(who=("person", "easy")), None) == {"South": "easy"}
    assert device_levels(Seats(), Opts(who=()), None) == {}

    @dataclass(frozen=True)
    class Plain:
        players: int = 2

    assert seat_holders(Plain(), ("North",)) is None and device_levels(Seats(), Plain(), None) is None
