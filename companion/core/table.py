"""The physical table as data, and every change to it a step the table is shown (issue 25).

A pack says what lies on the real table in the game's configuration with an optional method on
its rules object, `table(state) -> Table`: each miniature, token, card in play, marker, and where
it is and which face is up, in the game's own words. What the device holds instead (its own hand,
Search tokens it hides) is simply not on the table. The shell compares the table before and after
every input (the table's, the device's, Undo and Redo) and shows the difference as steps.

The projection is pure and reads only the state, so the same function serves the screens, the
sensors (a step a sensor board can see ticks itself off) and the property test over every pack.
A pack without `table` has an empty table: no steps, nothing else changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping


@dataclass(frozen=True)
class Thing:
    """One component on the physical table, named as the rulebook names it.

    `place` is where it lies ("Room 10", "corridor C1", "space 5", "Player 1's hand"); `face` is
    the face that shows where that matters ("Light", "Dark", "face down"), else "". A component
    that is not on the table (in the box, or held by the device) is absent from the Table.
    `sensed` is the sensor cell that sees it (a miniature on a sensor board), else "".
    """

    name: str
    place: str
    face: str = ""
    sensed: str = ""


# key: a stable id of the component within its game ("mini:babysitter", "token:room-21")
Table = Mapping[str, Thing]


@dataclass(frozen=True)
class Step:
    """One thing the table does to make the real table match the device's: a sentence to show,
    and the component before and after (None: not on the table)."""

    key: str
    before: Thing | None
    after: Thing | None
    text: str


def _face(face: str) -> str:
    return f"{face} up" if face and face != "face down" else face


def step_text(before: Thing | None, after: Thing | None) -> str:
    """The sentence for one change, in the game's words the pack gave."""
    if before is None and after is not None:
        face = f", {_face(after.face)}" if after.face else ""
        return f"Put {after.name} on {after.place}{face}"
    if after is None and before is not None:
        return f"Take {before.name} off {before.place}"
    assert before is not None and after is not None
    moved = before.place != after.place
    turned = before.face != after.face
    if moved and turned:
        return f"Move {after.name} from {before.place} to {after.place} and turn it {_face(after.face)}"
    if moved:
        return f"Move {after.name} from {before.place} to {after.place}"
    return f"Turn {after.name} {_face(after.face)}"


def steps(before: Table, after: Table) -> list[Step]:
    """What changed between two tables, in a stable order: what leaves first, then what moves or
    turns, then what is put down (so a spot is free before something is put on it)."""
    gone = [k for k in before if k not in after]
    kept = [k for k in after if k in before and _differs(before[k], after[k])]
    new = [k for k in after if k not in before]
    out: list[Step] = []
    for k in gone:
        out.append(Step(k, before[k], None, step_text(before[k], None)))
    for k in kept:
        out.append(Step(k, before[k], after[k], step_text(before[k], after[k])))
    for k in new:
        out.append(Step(k, None, after[k], step_text(None, after[k])))
    return out


def _differs(a: Thing, b: Thing) -> bool:
    return a.place != b.place or a.face != b.face


def table_of(rules: Any, state: Any) -> Table:
    """The pack's physical table for `state`, or an empty one for a pack that does not say."""
    fn = getattr(rules, "table", None)
    if fn is None:
        return {}
    result: Table = fn(state)
    return result
