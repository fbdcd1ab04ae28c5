"""The SOL scenario in docs/journal.md replays with `companion replay --json` as the docs say: the journal's
input kinds and state keys are the public interface scenario tests are written against."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.cli import main

DOC = Path(__file__).resolve().parents[3] / "docs" / "journal.md"


def scenario_lines() -> list[str]:
    text = DOC.read_text().split("### The Stuff of Legend (SOL)")[1]
    block = text.split("A scenario file, three heroes' first turn")[1].split("```")[1]
    return [line for line in block.strip().splitlines() if line.strip()]


def test_documented_scenario_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """SOL-45, SOL-49, SOL-50, SOL-55, SOL-97 as a journal: the party in Hollow Oak, two Armies there, one
    wound on Percy, turn 2."""
    path = tmp_path / "scenario.jsonl"
    path.write_text("\n".join(scenario_lines()) + "\n")
    assert main(["replay", str(path), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["party"] == "hollow" and state["armies"].count("hollow") == 2
    assert state["wound"] == 1 and state["turn"] == 2 and state["phase"] == "actions"
    assert [len(h) for h in state["hands"]] == [6, 5, 6] and set(state["hands"][1]) == {""}


def test_a_rejected_input_names_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A scenario line the rules refuse is reported with its file and line."""
    lines = scenario_lines()
    lines[5] = lines[5].replace('"to": "hollow"', '"to": "well"')  # not joined to Brooklyn by a trail
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path), "--json"]) == 1
    err = capsys.readouterr().err
    assert re.search(r"bad\.jsonl:6: .*not joined", err), err
