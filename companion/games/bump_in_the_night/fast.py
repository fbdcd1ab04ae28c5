"""`evolve` without the field-name check: the reducer copies its states several times per
input, and search applies inputs by the thousand. Field names are fixed by the tests that run
every input kind; core.evolve stays the checked version for everything else."""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def evolve(obj: T, **changes: Any) -> T:
    new: T = object.__new__(type(obj))
    d = new.__dict__
    d.update(obj.__dict__)
    d.update(changes)
    return new
