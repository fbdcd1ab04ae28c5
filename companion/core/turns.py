"""Turn order and the decision queue, the two bits of flow every game has.

`TurnOrder` is the seats clockwise and whose turn it is, with the moves that box games make:
next player, pass the turn to a seat, continue to the left of a seat (skipping the ones
between), skip some seats. `Decisions` is a first-in-first-out queue of pending decisions
(typed records with a `seat`), the head being what the game waits for now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Iterable, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class TurnOrder:
    seats: tuple[str, ...]  # clockwise: "to the left" is the next index
    current: int = 0

    def __post_init__(self) -> None:
        if not self.seats:
            raise ValueError("a turn order needs at least one seat")
        if len(set(self.seats)) != len(self.seats):
            raise ValueError(f"seats must be distinct: {self.seats}")
        if not 0 <= self.current < len(self.seats):
            raise ValueError(f"current {self.current} is not a seat index")

    @property
    def active(self) -> str:
        return self.seats[self.current]

    def index(self, seat: str) -> int:
        try:
            return self.seats.index(seat)
        except ValueError:
            raise ValueError(f"{seat!r} has no seat at this table ({', '.join(self.seats)})") from None

    def left_of(self, seat: str, skip: Iterable[str] = ()) -> str:
        """The first seat to the left of `seat`, passing over the seats in `skip`."""
        skipped = set(skip)
        i = self.index(seat)
        for k in range(1, len(self.seats) + 1):
            s = self.seats[(i + k) % len(self.seats)]
            if s not in skipped:
                return s
        return seat

    def passed_to(self, seat: str) -> "TurnOrder":
        return TurnOrder(self.seats, self.index(seat))

    def advanced(self, skip: Iterable[str] = ()) -> "TurnOrder":
        """The next player's turn (to the left of the active one)."""
        return self.passed_to(self.left_of(self.active, skip))

    def order_from(self, seat: str) -> tuple[str, ...]:
        """Every seat once, starting with `seat` and going left (for votes, deals)."""
        i = self.index(seat)
        return self.seats[i:] + self.seats[:i]


@dataclass(frozen=True)
class Decisions(Generic[T]):
    items: tuple[T, ...] = ()

    @property
    def head(self) -> T | None:
        return self.items[0] if self.items else None

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def then(self, *later: T) -> "Decisions[T]":
        """These decisions after the ones already waiting."""
        return Decisions(self.items + later)

    def first(self, *now: T) -> "Decisions[T]":
        """These decisions before the ones already waiting (what a resolution triggers)."""
        return Decisions(now + self.items)

    def done(self) -> "Decisions[T]":
        """The head answered."""
        return Decisions(self.items[1:])
