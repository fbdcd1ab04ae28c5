"""Dice and coins: their chance outcomes, and a roll by the device when the table asks for one."""

from __future__ import annotations

from companion.core.rng import Rng

HEADS, TAILS = "heads", "tails"


def die_odds(sides: int = 6) -> list[tuple[int, float]]:
    return [(v, 1.0 / sides) for v in range(1, sides + 1)]


def roll(rng: Rng, sides: int = 6) -> tuple[int, Rng]:
    return rng.die(sides)


def coin_odds(faces: tuple[str, str] = (HEADS, TAILS)) -> list[tuple[str, float]]:
    return [(faces[0], 0.5), (faces[1], 0.5)]


def flip(rng: Rng, faces: tuple[str, str] = (HEADS, TAILS)) -> tuple[str, Rng]:
    i, rng = rng.below(2)
    return faces[i], rng


def check_face(value: int, sides: int = 6, what: str = "die") -> int:
    """A die face entered at the table, checked: the error says what was wrong."""
    from companion.core.errors import IllegalInput

    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
        raise IllegalInput(f"a {what} shows 1 to {sides}, not {value!r}")
    return value
