"""Set-up choices a pack declares on its `Options`, so the shell builds the set-up screen.

A field of a pack's frozen `Options` dataclass shows on the shell's set-up screen when it is
declared with one of these (each is a `dataclasses.field` whose metadata says how to ask):

- `choice(default, ((value, words), ...), label)`: one of a few values, a button each;
- `number(default, low, high, label, step=1)`: a whole number in a range (a button each for a
  few values, else "-" and "+");
- `holders(default, label)`: who holds each seat of the game, in seat order: a person
  ("person") or the device at "easy", "normal", "hard" or "fair" (it keeps the table's chance near
  even: companion/ai/fair.py). The seats are the ones the rules'
  `seats(setup(options))` name for the other options chosen (so a number of players decides
  how many rows); a seat beyond the tuple is a person's.

Fields declared plainly (`rules_version`, anything fixed) are not shown. The device holds the
seats the options give it (`device_levels`): the choice is recorded with the game in the
journal, so a resumed game keeps who plays where. No Kivy here.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal, Sequence

from companion.core.errors import IllegalInput
from companion.i18n import N_

SETUP = "setup"  # the metadata key
HOLDERS = ("person", "easy", "normal", "hard", "fair")
# The words are English msgids: the set-up screen shows them through the catalogs (companion/i18n.py).
HOLDER_WORDS = {"person": N_("A person"), "easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard"),
                "fair": N_("Fair")}
DEVICE_LEVELS = HOLDERS[1:]

Kind = Literal["choice", "number", "holders"]


@dataclass(frozen=True)
class Setting:
    """One row of the set-up screen: an `Options` field and how it is asked."""

    name: str
    label: str
    kind: Kind
    choices: tuple[tuple[Any, str], ...] = ()
    low: int = 0
    high: int = 0
    step: int = 1

    def values(self) -> tuple[tuple[Any, str], ...]:
        """The values to show as buttons (a number's whole range, when it is short)."""
        if self.kind == "number":
            return tuple((v, str(v)) for v in range(self.low, self.high + 1, self.step))
        return self.choices


def choice(default: Any, choices: Sequence[tuple[Any, str]], label: str) -> Any:
    """An option that is one of a few values, each with the words its button shows."""
    if default not in [v for v, _ in choices]:
        raise ValueError(f"{label}: the default {default!r} is not one of the choices")
    return dataclasses.field(default=default, metadata={SETUP: {"kind": "choice", "label": label,
                                                                "choices": tuple(choices)}})


def number(default: int, low: int, high: int, label: str, step: int = 1) -> Any:
    """A whole number from `low` to `high` in steps of `step`."""
    if not (low <= default <= high and (default - low) % step == 0 and step > 0):
        raise ValueError(f"{label}: the default {default} is not in {low}..{high} by {step}")
    return dataclasses.field(default=default, metadata={SETUP: {"kind": "number", "label": label, "low": low,
                                                                "high": high, "step": step}})


def holders(default: tuple[str, ...], label: str = N_("Who plays each seat")) -> Any:
    """Who holds each seat, in seat order: "person", or the device's level."""
    check_holders(default)
    return dataclasses.field(default=default, metadata={SETUP: {"kind": "holders", "label": label}})


def check_holders(values: Sequence[str]) -> None:
    """For a rules object's `setup`: refuse a holder the shell cannot seat, in words."""
    for i, v in enumerate(values):
        if v not in HOLDERS:
            raise IllegalInput(f"seat {i + 1} is held by {v!r}: one of {', '.join(HOLDERS)}")


def settings_of(options_type: Any) -> list[Setting]:
    """The set-up rows an `Options` dataclass declares, in field order ([] when none)."""
    if not dataclasses.is_dataclass(options_type):
        return []
    out = []
    for f in dataclasses.fields(options_type):
        meta = f.metadata.get(SETUP)
        if meta is not None:
            out.append(Setting(f.name, meta["label"], meta["kind"], meta.get("choices", ()), meta.get("low", 0),
                               meta.get("high", 0), meta.get("step", 1)))
    return out


def holders_field(options_type: Any) -> str:
    """The name of the field that says who holds each seat ("" when the options have none)."""
    return next((s.name for s in settings_of(options_type) if s.kind == "holders"), "")


def seat_holders(options: Any, seats: Sequence[str]) -> dict[str, str] | None:
    """Who holds each seat, by the options: {seat: "person" or a level}; None when the options
    do not say (the pack decides by its own settings)."""
    name = holders_field(type(options))
    if not name:
        return None
    given = tuple(getattr(options, name))
    return {seat: (given[i] if i < len(given) else "person") for i, seat in enumerate(seats)}


def device_levels(rules: Any, options: Any, state: Any) -> dict[str, str] | None:
    """The seats the device holds in this game and at which level, by its options; None when
    the options do not say."""
    held = seat_holders(options, tuple(rules.seats(state)))
    return None if held is None else {s: v for s, v in held.items() if v in DEVICE_LEVELS}
