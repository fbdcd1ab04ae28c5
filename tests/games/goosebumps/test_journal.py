"""Journal, undo, redo, resume and replay hold for GSB (companion.core.session, docs/journal.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.core import codec
from companion.core.game import get_rules
from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.game import RULES
from companion.games.goosebumps.state import Options

DOC = Path(__file__).resolve().parents[3] / "docs" / "journal.md"


def scenario_lines() -> list[str]:
    block = DOC.read_text().split("A scenario file: Ann lands on STEAL")[1].split("```")[1]
    return [line for line in block.strip().splitlines() if line.strip()]


def test_the_documented_scenario_replays_as_the_docs_say(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/journal.md's GSB scenario: Ann lands on STEAL and plays the card she takes from Bob."""
    path = tmp_path / "scenario.jsonl"
    path.write_text("\n".join(scenario_lines()) + "\n")
    assert main(["replay", str(path), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["positions"] == [7, 4]
    assert state["hands"][1] == ["5", "", "stine", "3", "4"]
    assert state["queue"][0] == {"count": 1, "kind": "draw", "seat": 0, "why": "turn"}


def test_a_rejected_scenario_line_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = scenario_lines()
    lines[4] = lines[4].replace('"cards": ["5"]', '"cards": ["gnomies"]')
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path), "--json"]) == 1
    assert re.search(r"bad\.jsonl:5: .*other players' turns", capsys.readouterr().err)


def _play_some(session: Session, inputs: int) -> None:
    for _ in range(inputs):
        state = session.state
        if RULES.is_over(state):
            return
        actor = RULES.to_act(state)
        inp = RULES.chance_outcomes(state)[0][0] if actor.kind == "chance" else RULES.legal_inputs(state, actor.seat)[-1]
        session.submit(inp)


def test_journal_undo_redo_and_resume(tmp_path: Path) -> None:
    """Every input is journaled; undo and redo restore the whole state (the device's draws come up
    the same again); a resumed game is exactly where it stopped, redo stack included."""
    journal = Journal(tmp_path / "j.sqlite")
    options = Options(players=3, names=("Ann", "Bob", "Cat"), automated=("Bob",))
    session = Session.new(journal, RULES, options, seed=11)
    _play_some(session, 40)
    before = session.state
    label = session.undo()
    assert label and session.state != before
    session.redo()
    assert session.state == before
    session.undo()
    session.undo()
    resumed = Session.resume(journal, get_rules)
    assert resumed.state == session.state and resumed.can_redo
    resumed.redo()
    resumed.redo()
    assert resumed.state == before
    _play_some(resumed, 2000)
    assert RULES.is_over(resumed.state)
    assert journal.latest_game(unfinished=True) is None
    resumed.undo()
    assert journal.latest_game(unfinished=True) is not None  # undoing the win reopens the game


def test_export_and_replay_give_the_same_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal = Journal(tmp_path / "j.sqlite")
    session = Session.new(journal, RULES, Options(players=2), seed=5)
    _play_some(session, 30)
    if not RULES.is_over(session.state):
        session.submit(I.Place("Player 1", 0))  # a correction is journaled like any input
    out = tmp_path / "game.jsonl"
    assert main(["journal", "export", str(tmp_path / "j.sqlite"), "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["replay", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == codec.to_jsonable(session.state)
