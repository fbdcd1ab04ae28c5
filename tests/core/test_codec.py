from dataclasses import dataclass
from enum import Enum

import pytest

from companion.core.codec import decode, dumps, from_jsonable, to_jsonable
from companion.core.errors import DecodeError


class Colour(str, Enum):
    RED = "red"


@dataclass(frozen=True)
class A:
    kind = "a"
    x: int
    tags: frozenset[str] = frozenset()


@dataclass(frozen=True)
class B:
    kind = "b"
    y: tuple[int, ...]
    colour: Colour = Colour.RED
    maybe: float | None = None
    pair: tuple[str, int] = ("z", 0)
    table: dict[str, int] | None = None


def test_round_trip_of_a_tagged_union() -> None:
    for value in (A(3, frozenset({"b", "a"})), B((1, 2), maybe=2.5, pair=("q", 1), table={"k": 1})):
        assert decode(A | B, to_jsonable(value)) == value  # type: ignore[arg-type]
    assert dumps(A(1, frozenset({"b", "a"}))) == '{"kind":"a","tags":["a","b"],"x":1}'


@pytest.mark.parametrize("data,msg", [
    ({"kind": "c"}, "unknown kind"),
    ({"kind": "a"}, "missing field 'x'"),
    ({"kind": "a", "x": "1"}, "expected an integer"),
    ({"kind": "a", "x": True}, "expected an integer"),
    ({"kind": "a", "x": 1, "zz": 2}, "unknown field"),
    ({"kind": "b", "y": [1], "colour": "blue"}, "not a Colour"),
    ({"kind": "b", "y": "12"}, "expected a list"),
    ({"kind": "b", "y": [], "pair": ["a"]}, "expected 2 items"),
    ({"kind": "b", "y": [], "maybe": "x"}, "expected a number"),
    ({"kind": "b", "y": [], "table": []}, "expected an object"),
    ([1], "matches none"),
])
def test_bad_data_names_what_is_wrong(data: object, msg: str) -> None:
    with pytest.raises(DecodeError, match=msg):
        decode(A | B, data)  # type: ignore[arg-type]


def test_scalars() -> None:
    assert from_jsonable(bool, True) is True
    assert from_jsonable(str, "s") == "s"
    assert from_jsonable(type(None), None) is None
    with pytest.raises(DecodeError):
        from_jsonable(bool, 1)
    with pytest.raises(DecodeError):
        from_jsonable(str, 1)
    with pytest.raises(DecodeError):
        from_jsonable(type(None), 1)
    with pytest.raises(DecodeError):
        from_jsonable(A, 1)
    with pytest.raises(DecodeError):
        from_jsonable(frozenset[str], 1)
    with pytest.raises(TypeError):
        to_jsonable(object())
