"""Journal, undo, resume and replay hold for Bump in the Night as for every game: a real SQLite
journal, the generic Session, the JSON-lines export, and the documented scenario through
`companion replay --json`."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.core import codec
from companion.core.game import get_rules
from companion.core.journal import Journal, export_lines, read_export
from companion.core.session import Session, replay
from companion.games.bump_in_the_night.game import RULES
from companion.games.bump_in_the_night.inputs import Done, Draw
from companion.games.bump_in_the_night.state import Options

DOC = Path(__file__).resolve().parents[3] / "docs" / "journal.md"


def _random_inputs(session: Session, n: int, seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(n):
        if session.finished:
            return
        actor = RULES.to_act(session.state)
        legal = RULES.legal_inputs(session.state, actor.seat or "chance")
        session.submit(rnd.choice(legal))


def test_undo_redo_and_resume_restore_the_game(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite"
    with Journal(path) as journal:
        s = Session.new(journal, RULES, Options(players=3, stall_rounds=0), seed=11)
        _random_inputs(s, 120, 1)
        at = codec.dumps(s.state)
        labels = s.history().done
        for _ in range(30):
            s.undo()
        s.redo()
        s.redo()
        undone_state = codec.dumps(s.state)
        game_id = s.game_id
    with Journal(path) as journal:
        back = Session.resume(journal, get_rules, game_id)
        assert codec.dumps(back.state) == undone_state
        while back.can_redo:
            back.redo()
        assert codec.dumps(back.state) == at and back.history().done == labels


def test_a_device_draw_is_the_same_after_undo(tmp_path: Path) -> None:
    """The device's own draws come from the generator in the state: redo gives the same card."""
    with Journal(tmp_path / "j.sqlite") as journal:
        s = Session.new(journal, RULES, Options(), seed=5)
        while not (s.state.pending and s.state.pending[0].kind == "draw"):
            _random_inputs(s, 1, 2)
        s.submit(Draw(None))
        hands = s.state.hands
        s.undo()
        s.redo()
        assert s.state.hands == hands


def test_export_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Journal(tmp_path / "j.sqlite") as journal:
        s = Session.new(journal, RULES, Options(), seed=3)
        _random_inputs(s, 80, 3)
        record = journal.record(s.game_id)
        final = codec.dumps(s.state)
    out = tmp_path / "game.jsonl"
    out.write_text("".join(line + "\n" for line in export_lines(record)), encoding="utf-8")
    assert codec.dumps(replay(RULES, read_export(out))[-1]) == final
    assert main(["replay", str(out), "--json"]) == 0
    assert capsys.readouterr().out.strip() == final


def scenario_lines() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("### Bump in the Night (BIN)")[1]
    block = section.split("A scenario file:")[1].split("```")[1]
    return [line for line in block.strip().splitlines() if line.strip()]


def test_the_documented_scenario_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/journal.md: the BIN scenario written as a JSON-lines journal, run by `companion replay
    --json`, ends as the docs say."""
    path = tmp_path / "scenario.jsonl"
    path.write_text("\n".join(scenario_lines()) + "\n", encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    parlour = [i for i, r in enumerate(RULES.observe(RULES.setup(Options(), 1), "table")["rooms"])
               if r["id"] == "parlour"][0]
    assert state["moved"][parlour] == 1 and sum(state["moved"]) == 1
    assert state["claimed"] == [0, 0]
    assert state["hands"][0] == ["BIN:ACTN:01", "BIN:ACTN:04", "BIN:ACTN:16"]
    assert state["deck"]["discard_pile"] == ["BIN:ACTN:13"]
    assert state["active"] == 1 and state["turn"]["step"] == 1
    assert state["locks"] == ["den/laundry"]


def test_a_rejected_scenario_line_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = scenario_lines()
    lines[15] = lines[15].replace('"room": "closet"', '"room": "den"')  # a girl is in the Den
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 1
    assert re.search(r"bad\.jsonl:16: .*no people", capsys.readouterr().err)


def test_done_is_refused_while_people_run() -> None:
    """An input the rules refuse changes nothing, so the journal never holds it."""
    from companion.core.errors import IllegalInput

    lines = scenario_lines()
    s = RULES.setup(Options(players=2, table_places_girls=True), 7)
    for line in lines[1:18]:
        s = RULES.apply(s, codec.from_jsonable(RULES.input_type, json.loads(line)["input"]))
    assert s.running is not None
    with pytest.raises(IllegalInput, match="still running"):
        RULES.apply(s, Done())
