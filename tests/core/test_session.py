"""Session: submit, undo/redo, resume, replay — against the fixture game (and BGM when present)."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

sys.path.insert(0, str(Path(__file__).parent))

from fixture_game import RULES, Add, Options, Pass, Phase, Roll, lookup  # noqa: E402

from companion.core import codec  # noqa: E402
from companion.core.errors import (  # noqa: E402
    CompanionError,
    DecodeError,
    IllegalInput,
    JournalError,
    NothingToUndo,
)
from companion.core.journal import Journal  # noqa: E402
from journal_edit import edit  # noqa: E402
from companion.core.session import Session, replay  # noqa: E402


@pytest.fixture
def journal(tmp_path: Path) -> Any:
    j = Journal(tmp_path / "j.sqlite")
    yield j
    j.close()


def test_submit_commits_before_returning(journal: Journal, tmp_path: Path) -> None:
    s = Session.new(journal, RULES, Options(), seed=7)
    s.submit(Roll())
    s.submit(Add(2))
    # A second connection sees both inputs: they were committed, not just buffered.
    other = sqlite3.connect(tmp_path / "j.sqlite")
    rows = other.execute("SELECT seq, label, undone FROM inputs ORDER BY seq").fetchall()
    other.close()
    assert [r[0] for r in rows] == [1, 2]
    assert all(r[2] == 0 for r in rows)
    assert rows[1][1].endswith("added 2")


def test_illegal_input_changes_nothing(journal: Journal) -> None:
    s = Session.new(journal, RULES, Options(), seed=1)
    s.submit(Roll())
    before = codec.dumps(s.state)
    with pytest.raises(IllegalInput):
        s.submit(Add(9))
    assert codec.dumps(s.state) == before
    assert journal.game(s.game_id).committed == 1
    s.submit(Pass())
    s.submit(Pass())
    with pytest.raises(IllegalInput, match="passed last turn"):
        s.submit(Pass())  # the first player passed twice in a row (two players)
    assert journal.game(s.game_id).committed == 3


def test_illegal_input_keeps_redo_stack(journal: Journal) -> None:
    s = Session.new(journal, RULES, Options(), seed=1)
    s.submit(Roll())
    s.undo()
    with pytest.raises(IllegalInput):
        s.submit(Add(0))
    assert s.can_redo
    assert journal.game(s.game_id).undone == 1


def test_undo_redo_labels_and_history(journal: Journal) -> None:
    s = Session.new(journal, RULES, Options(players=("Mike", "Sue")), seed=3)
    assert not s.can_undo and not s.can_redo
    first = s.state.players[s.state.turn]
    second = s.state.players[1 - s.state.turn]
    s.submit(Add(1))
    s.submit(Roll())
    assert s.history().done == (f"{first} added 1", f"{second} rolled the die")
    label = s.undo()
    assert label.endswith("rolled the die")
    assert s.history().redo == (label,)
    assert s.undo() == f"{first} added 1"
    assert s.history().done == ()
    assert s.history().redo == (f"{first} added 1", label)
    with pytest.raises(NothingToUndo):
        s.undo()
    assert s.redo() == f"{first} added 1"
    assert s.redo() == label
    with pytest.raises(NothingToUndo):
        s.redo()


def test_new_input_after_undo_discards_redo_branch(journal: Journal) -> None:
    s = Session.new(journal, RULES, Options(), seed=5)
    for _ in range(3):
        s.submit(Roll())
    s.undo()
    s.undo()
    s.submit(Add(3))
    assert not s.can_redo
    rows = journal.inputs(s.game_id)
    assert [r.seq for r in rows] == [1, 2]
    assert not any(r.undone for r in rows)
    assert rows[1].input == {"kind": "add", "amount": 3}


def test_earlier_names_the_state_undo_hands_back(journal: Journal) -> None:
    """`earlier(n)`: the state n inputs ago, the very object Undo returns to (the device's seat
    and the app's Undo read it to know where an Undo would land)."""
    s = Session.new(journal, RULES, Options(), seed=5)
    start = s.state
    s.submit(Add(1))
    middle = s.state
    s.submit(Add(2))
    assert s.earlier(0) is s.state and s.earlier(1) is middle and s.earlier(2) is start
    with pytest.raises(IndexError):
        s.earlier(3)
    s.undo()
    assert s.state is middle  # the same object, not a copy
    s.redo()
    assert s.state is not middle and s.earlier(1) is middle


def test_die_is_not_rerolled_by_undo_redo(journal: Journal) -> None:
    s = Session.new(journal, RULES, Options(), seed=11)
    s.submit(Roll())
    rolled = s.state.last_roll
    after = codec.dumps(s.state)
    s.undo()
    s.redo()
    assert s.state.last_roll == rolled
    assert codec.dumps(s.state) == after


def test_resume_restores_state_and_redo_stack(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    with Journal(path) as j:
        s = Session.new(j, RULES, Options(target=50), seed=42)
        for inp in (Roll(), Add(2), Roll(), Pass(), Roll()):
            s.submit(inp)
        s.undo()
        s.undo()
        want, hist, gid = codec.dumps(s.state), s.history(), s.game_id
    with Journal(path) as j:
        r = Session.resume(j, lookup)
        assert r.game_id == gid
        assert codec.dumps(r.state) == want
        assert r.history() == hist
        assert r.options == Options(target=50)
        r.redo()
        r.redo()
        assert r.history().redo == ()


def test_resume_picks_latest_unfinished(journal: Journal) -> None:
    a = Session.new(journal, RULES, Options(target=3), seed=1)
    b = Session.new(journal, RULES, Options(target=3), seed=2)
    while not b.finished:
        b.submit(Add(3))
    assert journal.game(b.game_id).finished
    assert Session.resume(journal, lookup).game_id == a.game_id
    b.undo()  # undoing the winning move reopens the game
    assert not journal.game(b.game_id).finished
    assert Session.resume(journal, lookup).game_id == b.game_id
    b.redo()
    assert journal.game(b.game_id).finished
    a.submit(Add(3))
    assert a.finished
    with pytest.raises(JournalError, match="no unfinished game"):
        Session.resume(journal, lookup)
    assert Session.resume(journal, lookup, game_id=b.game_id).finished


def test_resume_unknown_game_and_wrong_rules(journal: Journal) -> None:
    Session.new(journal, RULES, Options(), seed=1)
    with pytest.raises(JournalError, match="no game 99"):
        Session.resume(journal, lookup, game_id=99)


def test_resume_reports_input_the_rules_reject(journal: Journal) -> None:
    s = Session.new(journal, RULES, Options(), seed=1)
    s.submit(Roll())
    edit(journal._db, "UPDATE inputs SET input = '{\"kind\":\"add\",\"amount\":7}'")
    with pytest.raises(JournalError, match=r"game 1 input 1: rejected by the rules"):
        Session.resume(journal, lookup)
    edit(journal._db, "UPDATE inputs SET input = '{\"kind\":\"jump\"}'")
    with pytest.raises(JournalError, match="unknown kind 'jump'"):
        Session.resume(journal, lookup)


def test_concurrent_writer_is_detected(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    with Journal(path) as j1, Journal(path) as j2:
        a = Session.new(j1, RULES, Options(target=99), seed=1)
        b = Session.resume(j2, lookup)
        a.submit(Roll())
        with pytest.raises(JournalError, match="changed elsewhere"):
            b.submit(Roll())
        assert codec.dumps(Session.resume(j2, lookup).state) == codec.dumps(a.state)


@pytest.mark.parametrize("other", ["submit", "undo", "redo"])
def test_one_writer_per_game_for_every_change(tmp_path: Path, other: str) -> None:
    """Two sessions on one game: once one has changed it, every change by the other is refused,
    undo and redo included, and the journal still replays (docs/journal.md, one writer per game)."""
    path = tmp_path / "j.sqlite"
    with Journal(path) as j1, Journal(path) as j2:
        a = Session.new(j1, RULES, Options(target=99), seed=1)
        for inp in (Roll(), Add(2), Roll()):
            a.submit(inp)
        a.undo()
        b = Session.resume(j2, lookup)
        {"submit": lambda: a.submit(Pass()), "undo": a.undo, "redo": a.redo}[other]()
        for act in (lambda: b.submit(Roll()), b.undo, b.redo):
            with pytest.raises(JournalError, match="changed elsewhere"):
                act()
        with Journal(path) as j3:
            again = Session.resume(j3, lookup)
            assert codec.dumps(again.state) == codec.dumps(a.state)
            assert again.history() == a.history()


def test_input_that_does_not_round_trip_is_refused(journal: Journal) -> None:
    s = Session.new(journal, RULES, Options(), seed=1)
    with pytest.raises(DecodeError, match="round trip"):
        s.submit(Add(True))  # type: ignore[arg-type]  # bool is an int to the reducer, not to JSON
    assert journal.game(s.game_id).committed == 0


class _Flaky:
    """Rules whose reducer is not pure: redo must say so instead of diverging silently."""

    def __init__(self) -> None:
        self.inner = RULES
        self.code, self.title = RULES.code, RULES.title
        self.options_type, self.state_type, self.input_type = RULES.options_type, RULES.state_type, RULES.input_type
        self.fail = False

    def setup(self, o: Any, seed: int) -> Any:
        return self.inner.setup(o, seed)

    def apply(self, s: Any, i: Any) -> Any:
        if self.fail:
            raise IllegalInput("changed my mind")
        return self.inner.apply(s, i)

    def label(self, s: Any, i: Any) -> str:
        return self.inner.label(s, i)

    def view(self, s: Any, seat: str) -> dict[str, Any]:
        return self.inner.view(s, seat)

    def is_over(self, s: Any) -> bool:
        return self.inner.is_over(s)


def test_redo_rejected_by_impure_rules(journal: Journal) -> None:
    rules = _Flaky()
    s = Session.new(journal, rules, Options(), seed=1)
    s.submit(Roll())
    s.undo()
    rules.fail = True
    with pytest.raises(CompanionError, match="redo of"):
        s.redo()
    assert s.can_redo and journal.game(s.game_id).undone == 1


def test_new_with_random_seed_and_bad_options(journal: Journal) -> None:
    s = Session.new(journal, RULES, Options())
    assert isinstance(s.seed, int) and journal.game(s.game_id).seed == s.seed
    with pytest.raises(IllegalInput):
        Session.new(journal, RULES, Options(players=()), seed=1)
    assert len(journal.games()) == 1


def test_view_is_reachable(journal: Journal) -> None:
    s = Session.new(journal, RULES, Options(), seed=1)
    assert s.rules.view(s.state, "Ann")["you"] == "Ann"
    assert s.inputs == ()


def test_replay_rejects_record_of_other_game(journal: Journal) -> None:
    s = Session.new(journal, RULES, Options(), seed=1)
    rec = journal.record(s.game_id)
    from dataclasses import replace

    with pytest.raises(JournalError, match="a XYZ game"):
        replay(RULES, replace(rec, code="XYZ"))
    with pytest.raises(JournalError, match="options"):
        replay(RULES, replace(rec, options={"target": "many"}))


# -- property tests ----------------------------------------------------------------------

inputs_st = st.lists(
    st.one_of(st.just(Roll()), st.builds(Add, st.integers(0, 4)), st.just(Pass())), max_size=25
)


def _play(s: Session[Any, Any], inputs: list[Any]) -> None:
    for inp in inputs:
        try:
            s.submit(inp)
        except IllegalInput:
            pass


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), inputs=inputs_st, k=st.integers(0, 30))
def test_undo_then_redo_is_identity(seed: int, inputs: list[Any], k: int) -> None:
    with Journal(":memory:") as j:
        s = Session.new(j, RULES, Options(target=30), seed=seed)
        _play(s, inputs)
        before, hist = codec.dumps(s.state), s.history()
        n = min(k, len(hist.done))
        for _ in range(n):
            s.undo()
        for _ in range(n):
            s.redo()
        assert codec.dumps(s.state) == before  # rng included: it is part of the state
        assert s.state == s._states[-1]
        assert s.history() == hist


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), inputs=inputs_st, ops=st.lists(st.sampled_from("ur"), max_size=10))
def test_replay_is_deterministic(seed: int, inputs: list[Any], ops: list[str]) -> None:
    with Journal(":memory:") as j:
        s = Session.new(j, RULES, Options(target=30), seed=seed)
        _play(s, inputs)
        for op in ops:
            if op == "u" and s.can_undo:
                s.undo()
            elif op == "r" and s.can_redo:
                s.redo()
        # Resume (replay of the journal) and a fresh pure replay agree bit for bit.
        resumed = Session.resume(j, lookup, s.game_id)
        assert codec.dumps(resumed.state) == codec.dumps(s.state)
        assert resumed.history() == s.history()
        again = RULES.setup(Options(target=30), seed)
        for inp in s.inputs:
            again = RULES.apply(again, inp)
        assert codec.dumps(again) == codec.dumps(s.state)
        assert codec.dumps(replay(RULES, j.record(s.game_id))[-1]) == codec.dumps(s.state)


def test_fixture_game_ends() -> None:
    st_ = RULES.setup(Options(players=("A",), target=2), 0)
    st_ = RULES.apply(st_, Add(2))
    assert st_.phase is Phase.OVER and RULES.is_over(st_)
    with pytest.raises(IllegalInput, match="over"):
        RULES.apply(st_, Roll())
    with pytest.raises(IllegalInput, match="unknown input"):
        RULES.apply(RULES.setup(Options(), 0), object())  # type: ignore[arg-type]


# -- the real Boogeyman rules -----------------------------------------------------------------


def _bgm() -> tuple[Any, Any, Any]:
    pytest.importorskip("companion.games.boogeyman.game")
    from companion.core.game import get_rules
    from companion.games.boogeyman.moves import legal_inputs
    from companion.games.boogeyman.state import Options as BgmOptions

    return get_rules("BGM"), legal_inputs, BgmOptions


def _bgm_play(s: Session[Any, Any], legal: Any, rnd: Any, steps: int, undo_rate: float = 0.1) -> None:
    for _ in range(steps):
        if s.finished:
            break
        s.submit(rnd.choice(legal(s.state)))
        if rnd.random() < undo_rate:
            s.undo()


def test_bgm_session_resume_export_and_cli_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import random

    from companion import cli

    rules, legal, BgmOptions = _bgm()
    path = tmp_path / "j.sqlite"
    with Journal(path) as j:
        s = Session.new(j, rules, BgmOptions(), seed=2024)
        _bgm_play(s, legal, random.Random(7), 120)
        s.undo()
        want, hist = codec.dumps(s.state), s.history()
        assert hist.done and all(isinstance(x, str) and x for x in hist.done)
    with Journal(path) as j:
        r = Session.resume(j, lambda code: rules)
        assert codec.dumps(r.state) == want and r.history() == hist
    assert cli.main(["replay", str(path), "--json"]) == 0  # the real get_rules finds BGM
    assert capsys.readouterr().out.strip() == want
    out = tmp_path / "game.jsonl"
    assert cli.main(["journal", "export", str(path), "--out", str(out)]) == 0
    capsys.readouterr()
    assert cli.main(["replay", str(out), "--json"]) == 0
    assert capsys.readouterr().out.strip() == want
    assert cli.main(["replay", str(out)]) == 0
    assert "Boogeyman: The Board Game (BGM)" in capsys.readouterr().out


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), play=st.integers(0, 2**32), steps=st.integers(0, 80), k=st.integers(0, 10))
def test_bgm_undo_redo_identity_and_replay_determinism(seed: int, play: int, steps: int, k: int) -> None:
    import random

    rules, legal, BgmOptions = _bgm()
    with Journal(":memory:") as j:
        s = Session.new(j, rules, BgmOptions(), seed=seed)
        _bgm_play(s, legal, random.Random(play), steps)
        before, hist = codec.dumps(s.state), s.history()
        n = min(k, len(hist.done))
        for _ in range(n):
            s.undo()
        for _ in range(n):
            s.redo()
        assert codec.dumps(s.state) == before and s.history() == hist
        assert codec.dumps(Session.resume(j, lambda code: rules, s.game_id).state) == before
