from dataclasses import FrozenInstanceError, dataclass, replace

import pytest

from companion.core.evolve import evolve


@dataclass(frozen=True)
class Point:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()


def test_same_result_as_dataclasses_replace() -> None:
    p = Point(1, 2, ("a",))
    assert evolve(p, y=5) == replace(p, y=5) == Point(1, 5, ("a",))
    assert evolve(p) == p and evolve(p) is not p
    assert p == Point(1, 2, ("a",))  # the original is untouched


def test_the_copy_stays_frozen_and_hashable() -> None:
    q = evolve(Point(1), x=3)
    with pytest.raises(FrozenInstanceError):
        q.x = 4  # type: ignore[misc]
    assert hash(q) == hash(Point(3))


def test_unknown_fields_and_non_dataclasses_are_refused() -> None:
    with pytest.raises(TypeError, match="no field"):
        evolve(Point(1), z=1)
    with pytest.raises(TypeError, match="dataclass"):
        evolve(object())
