"""`evolve(obj, **changes)`: a frozen dataclass copied with some fields changed.

Like dataclasses.replace, without calling __init__: the reducers copy their 30-odd-field states
several times per input, and replace() was two thirds of the time an input took (AI searches
apply thousands of inputs per decision). Unknown field names are refused, as replace() does.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any, TypeVar

T = TypeVar("T")


@lru_cache(maxsize=None)
def _fields(cls: type) -> frozenset[str]:
    if not dataclasses.is_dataclass(cls) or getattr(cls, "__slots__", None):
        raise TypeError(f"evolve() needs a dataclass without __slots__, not {cls.__name__}")
    return frozenset(f.name for f in dataclasses.fields(cls))


def evolve(obj: T, **changes: Any) -> T:
    cls: type = type(obj)
    unknown = changes.keys() - _fields(cls)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {sorted(unknown)}")
    new: T = object.__new__(cls)
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new
