"""A tiny seeded generator whose whole state is one integer, so it lives inside the game state.

splitmix64: fast, well distributed, and bit-for-bit identical on every platform and Python version,
which random.Random does not promise across versions. Every draw returns the value and the next
generator, keeping the reducer pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


@dataclass(frozen=True)
class Rng:
    state: int

    @staticmethod
    def from_seed(seed: int) -> "Rng":
        return Rng(seed & _MASK)

    def next_u64(self) -> tuple[int, "Rng"]:
        s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31), Rng(s)

    def below(self, n: int) -> tuple[int, "Rng"]:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError(f"below() needs n > 0, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            v, rng = rng.next_u64()
            if v < limit:
                return v % n, rng

    def die(self, sides: int = 6) -> tuple[int, "Rng"]:
        v, rng = self.below(sides)
        return v + 1, rng

    def choice(self, items: Sequence[T]) -> tuple[T, "Rng"]:
        i, rng = self.below(len(items))
        return items[i], rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], "Rng"]:
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng

    def sample(self, items: Sequence[T], k: int) -> tuple[tuple[T, ...], "Rng"]:
        shuffled, rng = self.shuffled(items)
        return shuffled[:k], rng
