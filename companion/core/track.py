"""A numbered track with a marker and marks on some spaces (a Time track, a Stress Scale, a race).

The spaces and their marks are board data (a pack's data file); the marker's place is state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping


@dataclass(frozen=True)
class TrackSpec:
    """The printed track: `length` spaces numbered 0..length-1, and marks on some of them."""

    name: str
    length: int
    marks: Mapping[int, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.length < 1:
            raise ValueError(f"track {self.name!r} needs at least one space, not {self.length}")
        bad = [i for i in self.marks if not 0 <= i < self.length]
        if bad:
            raise ValueError(f"track {self.name!r}: marks on spaces {bad} outside 0..{self.length - 1}")

    @property
    def last(self) -> int:
        return self.length - 1

    def clamp(self, space: int) -> int:
        return max(0, min(self.last, space))

    def marks_at(self, space: int) -> tuple[str, ...]:
        return tuple(self.marks.get(space, ()))

    def marks_passed(self, start: int, end: int) -> tuple[tuple[int, str], ...]:
        """The marks on the spaces entered moving from `start` to `end` (either direction),
        `start` itself excluded, in the order they are entered."""
        step = 1 if end >= start else -1
        return tuple((i, m) for i in range(start + step, end + step, step) if 0 <= i < self.length
                     for m in self.marks_at(i))

    def first_with(self, mark: str) -> int | None:
        for i in range(self.length):
            if mark in self.marks_at(i):
                return i
        return None
