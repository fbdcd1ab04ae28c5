"""A game in progress: the rules, the journal, undo/redo and resume, for any game.

The Session is the only writer of a game's journal rows. Its contract:
- `submit` applies the reducer first (an illegal input changes nothing anywhere), then commits
  the input, and only then makes the new state visible;
- undo/redo move the last input on or off the redo stack in the journal before the state
  changes in memory;
- every state reached is kept in memory, so undo is O(1); redo re-applies the stored input,
  which yields the same state because the seeded generator lives in the state.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Callable, Generic, TypeVar

from companion.core import codec, rulesver
from companion.core.errors import CompanionError, DecodeError, IllegalInput, JournalError, NothingToUndo
from companion.core.game import GameRules, told
from companion.core.journal import GameRecord, Journal, RecordedInput

S = TypeVar("S")
I = TypeVar("I")
O = TypeVar("O")

RulesLookup = Callable[[str], GameRules[Any, Any, Any]]


@dataclass(frozen=True)
class History:
    done: tuple[str, ...]  # labels of the inputs in effect, oldest first
    redo: tuple[str, ...]  # labels on the redo stack, the next redo first


def decode_input(rules: GameRules[Any, I, Any], data: Any, where: str) -> I:
    try:
        codec.check_depth(data)
        inp: I = codec.from_jsonable(rules.input_type, data)
    except (DecodeError, TypeError, ValueError) as exc:
        raise JournalError(f"{where}: cannot decode input: {exc}") from exc
    return inp


def decode_options(rules: GameRules[Any, Any, O], data: Any, where: str) -> O:
    try:
        codec.check_depth(data)
        # A journal from before its pack recorded rules versions is read as the oldest that matches.
        data = rulesver.with_version(getattr(rules, "rules_versions", ()), data)
        opts: O = codec.from_jsonable(rules.options_type, data)
    except (DecodeError, TypeError, ValueError) as exc:
        raise JournalError(f"{where}: cannot decode {rules.code} options: {exc}") from exc
    return opts


def replay(rules: GameRules[S, Any, Any], record: GameRecord) -> list[S]:
    """Every state of a recorded game, from set-up to the last input; errors name the input."""
    return _replay(rules, record)[0]


def _replay(rules: GameRules[S, I, Any], record: GameRecord) -> tuple[list[S], list[I]]:
    if record.code != rules.code:
        raise JournalError(f"{record.source}: a {record.code} game, not {rules.code}")
    options = decode_options(rules, record.options, record.source)
    states = [rules.setup(options, record.seed)]
    inputs: list[I] = []
    for rec in record.inputs:
        inp = decode_input(rules, rec.input, rec.where)
        try:
            states.append(rules.apply(states[-1], inp))
        except IllegalInput as exc:
            raise JournalError(f"{rec.where}: rejected by the rules ({rec.label!r}): {exc}") from exc
        inputs.append(inp)
    return states, inputs


class Session(Generic[S, I]):
    """One game, journaled. Build it with `Session.new` or `Session.resume`."""

    def __init__(
        self,
        journal: Journal,
        rules: GameRules[S, I, Any],
        game_id: int,
        options: Any,
        seed: int,
        states: list[S],
        inputs: list[I],
        labels: list[str],
        redo: list[tuple[I, str]],
        changes: int = 0,
    ) -> None:
        self.journal = journal
        self.rules = rules
        self.game_id = game_id
        self.options = options
        self.seed = seed
        self._states = states  # _states[k] = state after k inputs; never empty
        self._inputs = inputs
        self._labels = labels
        self._redo = redo  # next redo last, so redo is a pop()
        self._changes = changes  # the journal's change count for this game when we last wrote or read it

    @classmethod
    def new(
        cls, journal: Journal, rules: GameRules[S, I, O], options: O, seed: int | None = None
    ) -> "Session[S, I]":
        if seed is None:
            seed = secrets.randbits(63)
        # A game may ask to record its options differently, e.g. a board file's content instead of
        # its path, so that editing the file later cannot change the game.
        recorded = getattr(rules, "recorded_options", None)
        if recorded is not None:
            options = recorded(options)
        state = rules.setup(options, seed)  # before the journal: a bad option records nothing
        gid = journal.create_game(rules.code, codec.to_jsonable(options), seed)
        return cls(journal, rules, gid, options, seed, [state], [], [], [])

    @classmethod
    def resume(
        cls, journal: Journal, rules_lookup: RulesLookup, game_id: int | None = None
    ) -> "Session[Any, Any]":
        """Reopen a game exactly where it was (the latest unfinished one by default)."""
        if game_id is None:
            row = journal.latest_game(unfinished=True)
            if row is None:
                raise JournalError(f"{journal.path}: no unfinished game to resume")
            game_id = row.id
        g, rows = journal.snapshot(game_id)
        where = f"{journal.path}: game {game_id} input"
        record = GameRecord(
            g.code,
            g.options,
            g.seed,
            tuple(RecordedInput(r.seq, r.label, r.input, f"{where} {r.seq}") for r in rows if not r.undone),
            journal.path,
            game_id,
        )
        rules = rules_lookup(g.code)
        states, inputs = _replay(rules, record)
        redo = [(decode_input(rules, r.input, f"{where} {r.seq}"), r.label) for r in reversed(rows) if r.undone]
        options = decode_options(rules, g.options, journal.path)
        labels = [r.label for r in record.inputs]
        return Session(journal, rules, game_id, options, g.seed, states, inputs, labels, redo, g.changes)

    # -- reading --------------------------------------------------------------------------

    @property
    def state(self) -> S:
        return self._states[-1]

    @property
    def finished(self) -> bool:
        return self.rules.is_over(self.state)

    @property
    def can_undo(self) -> bool:
        return bool(self._inputs)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def inputs(self) -> tuple[I, ...]:
        return tuple(self._inputs)

    def earlier(self, back: int) -> S:
        """The state `back` inputs ago (0: now), the very object Undo would hand back."""
        if not 0 <= back < len(self._states):
            raise IndexError(f"no state {back} inputs back ({len(self._inputs)} so far)")
        return self._states[-1 - back]

    def history(self) -> History:
        return History(tuple(self._labels), tuple(label for _, label in reversed(self._redo)))

    # -- changing -------------------------------------------------------------------------

    def submit(self, inp: I) -> S:
        """Apply an input, commit it, return the new state. IllegalInput changes nothing."""
        before = self.state
        after = self.rules.apply(before, inp)
        label = told(self.rules, before, inp, after)  # what happened, after apply
        data = codec.to_jsonable(inp)
        # A journal that cannot be replayed is worse than a refused input: check the round trip.
        try:
            same = codec.from_jsonable(self.rules.input_type, data) == inp
        except (DecodeError, TypeError, ValueError):
            same = False
        if not same:
            raise DecodeError(f"input {inp!r} does not survive the JSON round trip; fix its types")
        seq = len(self._inputs) + 1
        self._changes = self.journal.append(self.game_id, seq, data, label, self.rules.is_over(after),
                                            expect=self._changes)
        self._states.append(after)
        self._inputs.append(inp)
        self._labels.append(label)
        self._redo.clear()
        return after

    def undo(self) -> str:
        """Take back the last input; returns its label."""
        if not self._inputs:
            raise NothingToUndo("nothing to undo")
        seq = len(self._inputs)
        self._changes = self.journal.set_undone(self.game_id, seq, True, self.rules.is_over(self._states[-2]),
                                                expect=self._changes)
        self._states.pop()
        inp = self._inputs.pop()
        label = self._labels.pop()
        self._redo.append((inp, label))
        return label

    def redo(self) -> str:
        """Put back the last undone input; returns its label."""
        if not self._redo:
            raise NothingToUndo("nothing to redo")
        inp, label = self._redo[-1]
        try:
            after = self.rules.apply(self.state, inp)
        except IllegalInput as exc:  # only if the rules are not a pure function
            raise CompanionError(f"redo of {label!r} is now rejected by the rules: {exc}") from exc
        seq = len(self._inputs) + 1
        self._changes = self.journal.set_undone(self.game_id, seq, False, self.rules.is_over(after),
                                                expect=self._changes)
        self._redo.pop()
        self._states.append(after)
        self._inputs.append(inp)
        self._labels.append(label)
        return label
