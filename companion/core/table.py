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
from typing import Any, Collection, Iterable, Mapping

from companion.i18n import N_


@dataclass(frozen=True)
class Thing:
    """One component on the physical table, named as the rulebook names it.

    `place` is where it lies ("Room 10", "corridor C1", "space 5", "Player 1's hand"), bare (said
    with "on": "Put the Boy on space 5") or with its own preposition ("in Room 10", "beside the
    board": "Put the Boogeyman in Room 10", "Take it from Room 10"); `face` is
    the face that shows where that matters ("Light", "Dark", "face down"), else "". A component
    that is not on the table (in the box, or held by the device) is absent from the Table.
    `sensed` is the sensor cell that sees it (a miniature on a sensor board), else "". `heap`
    marks an unnamed piece of a pile ("a card" of a face-down discard pile): several identical
    ones taken off the same place in one change are one step, "Take 12 cards off the Action
    discard pile", not twelve.
    """

    name: str
    place: str
    face: str = ""
    sensed: str = ""
    heap: bool = False  # one of a heap ("a card" of a discard pile): several taken off at once are one step


# key: a stable id of the component within its game ("mini:babysitter", "token:room-21")
Table = Mapping[str, Thing]


@dataclass(frozen=True)
class Step:
    """One thing the table does to make the real table match the device's: a sentence to show,
    and the component before and after (None: not on the table).

    `moved_to` is set when the step moves one of several identical pieces (same name and face,
    "a girl", "an Army marker"): the device took the piece `key` off one place and put the piece
    `moved_to` on another, and the table simply moves one of them; `before` is `key`'s and `after`
    is `moved_to`'s."""

    key: str
    before: Thing | None
    after: Thing | None
    text: str
    moved_to: str = ""
    also: tuple[str, ...] = ()  # more pieces of a heap taken off with `key` (Thing.heap)

    @property
    def keys(self) -> tuple[str, ...]:
        """Every component this step changes on the table."""
        return ((self.key, self.moved_to) if self.moved_to else (self.key,)) + self.also


def _face(face: str) -> str:
    """A side's name gets "up" ("Dark" -> "Dark up"); a face already said whole ("face down",
    "lying down") is said as it is."""
    return f"{face} up" if face and " " not in face else face


_PREPOSITIONS = ("in ", "on ", "at ", "beside ", "under ", "next to ", "between ", "above ")


def _at(place: str) -> str:
    """Where a thing goes: a place said with its own preposition ("in Room 10", "beside the
    board") as it is, a bare one ("space 5") with "on"."""
    return place if place.startswith(_PREPOSITIONS) else f"on {place}"


def _from(place: str) -> str:
    return f"from {_bare(place)}" if place.startswith(_PREPOSITIONS[:3]) else (
        f"from {place}" if place.startswith(_PREPOSITIONS) else f"off {place}")


def _bare(place: str) -> str:
    for p in _PREPOSITIONS[:3]:  # "in Room 10" -> "Room 10" after "from" or "to"
        if place.startswith(p):
            return place[len(p):]
    return place


# The shapes of the steps below, for the catalogs (docs/i18n.md): a screen says a step in the
# language shown through `i18n.pack_said`, its names and places through the pack's catalog.
STEP_SHAPES = (
    N_("Put {thing} on {place}"), N_("Put {thing} on {place}, {face}"), N_("Take {thing} from {place}"),
    N_("Take {thing} off {place}"), N_("Move {thing} from {start} to {end}"),
    N_("Move {thing} from {start} to {end} and turn it {face}"), N_("Turn {thing} on {place} {face}"),
    N_("face up"), N_("face down"),
)


def step_text(before: Thing | None, after: Thing | None) -> str:
    """The sentence for one change, in the game's words the pack gave."""
    if before is None and after is not None:
        face = f", {_face(after.face)}" if after.face else ""
        return f"Put {after.name} {_at(after.place)}{face}"
    if after is None and before is not None:
        return f"Take {before.name} {_from(before.place)}"
    assert before is not None and after is not None
    moved = before.place != after.place
    turned = before.face != after.face
    if moved and turned:
        return (f"Move {after.name} from {_bare(before.place)} to {_bare(after.place)} and turn it "
                f"{_face(after.face)}")
    if moved:
        return f"Move {after.name} from {_bare(before.place)} to {_bare(after.place)}"
    return f"Turn {after.name} {_at(after.place)} {_face(after.face)}"


def steps(before: Table, after: Table) -> list[Step]:
    """What changed between two tables, in a stable order: what leaves first, then what moves or
    turns, then what is put down (so a spot is free before something is put on it).

    A piece taken off one place and an identical one (same name and face) put on another in the
    same change are one step, "Move a girl from the Front Hall to the Dining Room": at the table
    one piece moves. Removals and additions pair in their tables' order."""
    gone = [k for k in before if k not in after]
    kept = [k for k in after if k in before and _differs(before[k], after[k])]
    new = [k for k in after if k not in before]
    pairs: dict[str, str] = {}  # removed key -> added key
    waiting = list(new)
    for k in gone:
        was = before[k]
        match = next((n for n in waiting if (after[n].name, after[n].face) == (was.name, was.face)
                      and after[n].place != was.place), None)
        if match is not None:
            pairs[k] = match
            waiting.remove(match)
    out: list[Step] = []
    heaps: dict[Thing, list[str]] = {}  # identical heap pieces taken off one place: one step
    for k in gone:
        if k not in pairs and before[k].heap:
            heaps.setdefault(before[k], []).append(k)
    for k in gone:
        if k in pairs:
            continue
        if before[k].heap and len(heaps[before[k]]) > 1:
            group = heaps[before[k]]
            if group[0] == k:
                out.append(Step(k, before[k], None, _take_many(before[k], len(group)), also=tuple(group[1:])))
            continue
        out.append(Step(k, before[k], None, step_text(before[k], None)))
    for k in kept:
        out.append(Step(k, before[k], after[k], step_text(before[k], after[k])))
    for k, n in pairs.items():
        out.append(Step(k, before[k], after[n], step_text(before[k], after[n]), moved_to=n))
    for k in waiting:
        out.append(Step(k, None, after[k], step_text(None, after[k])))
    return out


def _take_many(thing: Thing, n: int) -> str:
    """"Take 12 cards off the Action discard pile": a heap piece's name ("a card") made plural."""
    name = thing.name.split(" ", 1)[1] if thing.name.startswith(("a ", "an ")) else thing.name
    return f"Take {n} {name}s {_from(thing.place)}"


def _differs(a: Thing, b: Thing) -> bool:
    return a.place != b.place or a.face != b.face


def table_of(rules: Any, state: Any) -> Table:
    """The pack's physical table for `state`, or an empty one for a pack that does not say."""
    fn = getattr(rules, "table", None)
    if fn is None:
        return {}
    result: Table = fn(state)
    return result


@dataclass(frozen=True)
class ToDo:
    """A step as the shell shows it: `done` when the person did it and entered it themselves
    (moved their miniature, then tapped where): shown ticked, never asked again."""

    step: Step
    done: bool = False


def entered_by(rules: Any, state: Any, inp: Any) -> frozenset[str]:
    """The keys of the components a person's input says they have already handled at the table
    (the pack's optional `table_entered(state, input)`), else none."""
    fn = getattr(rules, "table_entered", None)
    return frozenset(fn(state, inp)) if fn is not None else frozenset()


def to_do(rules: Any, before: Any, after: Any, entered: Collection[str] = ()) -> list[ToDo]:
    """What the shell shows after an input, Undo or Redo that took the game from state `before`
    to state `after`: every step between their tables, those the person already did ticked.
    The one function the screens and the property test over every pack use."""
    return [ToDo(s, any(k in entered for k in s.keys)) for s in steps(table_of(rules, before), table_of(rules, after))]


def follow(table: Table, done: Iterable[Step]) -> dict[str, Thing]:
    """A table after the steps were done in order: what a table following the screen holds."""
    out = dict(table)
    for s in done:
        if s.after is None or s.moved_to:
            out.pop(s.key, None)
        for k in s.also:
            out.pop(k, None)
        if s.after is not None:
            out[s.moved_to or s.key] = s.after
    return out


def table_to_json(table: Table) -> dict[str, list[Any]]:
    """A table as plain JSON data (the shell keeps the table the players last laid out)."""
    return {k: [t.name, t.place, t.face, t.sensed, t.heap] for k, t in table.items()}


def table_from_json(data: Any) -> dict[str, Thing]:
    """`table_to_json` read back; ValueError on anything else (a damaged file is not a table)."""
    if not isinstance(data, dict):
        raise ValueError("not a table")
    out: dict[str, Thing] = {}
    for k, v in data.items():
        if not (isinstance(k, str) and isinstance(v, list) and len(v) == 5
                and all(isinstance(x, str) for x in v[:4]) and isinstance(v[4], bool)):
            raise ValueError(f"not a table entry: {k!r}")
        out[k] = Thing(v[0], v[1], v[2], v[3], v[4])
    return out

