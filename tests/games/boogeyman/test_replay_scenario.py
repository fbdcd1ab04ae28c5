"""The scenario example in docs/journal.md replays as the docs say (the public replay interface)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.cli import main

DOC = Path(__file__).resolve().parents[3] / "docs" / "journal.md"


def scenario_lines() -> list[str]:
    text = DOC.read_text()
    block = text.split("A scenario file, Mike walking into the Babysitter's room")[1].split("```")[1]
    return [line for line in block.strip().splitlines() if line.strip()]


def test_documented_scenario_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "scenario.jsonl"
    path.write_text("\n".join(scenario_lines()) + "\n")
    assert main(["replay", str(path), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["stress_babysitter"] == 1
    assert state["children"][0]["name"] == "mike" and state["children"][0]["status"] == 2
    assert state["turn"] == 1 and state["order"][1] == "daphne"


def test_a_rejected_input_names_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = scenario_lines()
    lines[2] = lines[2].replace('"to": "10"', '"to": "16"')  # 16 is not next to C2
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path), "--json"]) == 1
    err = capsys.readouterr().err
    assert re.search(r"bad\.jsonl:3: .*not next to", err), err


def test_the_docs_name_every_state_key_pending_kind_and_input_kind() -> None:
    """docs/journal.md is the public interface a scenario is written against: its Boogeyman section
    names every key of the state, every kind of pending decision (`tie_roll` was missing) and
    every input kind."""
    import dataclasses
    import typing

    from companion.games.boogeyman import inputs, state

    text = DOC.read_text()
    start = text.index("### Boogeyman (BGM)")
    section = text[start:text.index("\n### ", start + 1)]
    pending = [t.kind for t in typing.get_args(state.Pending)]
    keys = [f.name for f in dataclasses.fields(state.State)]
    kinds = [k for k in (getattr(v, "kind", None) for v in vars(inputs).values() if isinstance(v, type))
             if isinstance(k, str)]
    assert "tie_roll" in pending and len(keys) > 20 and len(kinds) > 15
    missing = [name for name in pending + keys + kinds if f"`{name}`" not in section]
    assert missing == []
