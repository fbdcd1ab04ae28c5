"""`companion simulate --game GSB`: the generic harness, plus the mix and track it assumed."""

from __future__ import annotations

import json

import pytest

from companion.cli import main


def test_simulate_states_the_mix_it_assumed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "GSB", "--seats", "easy,random", "--both-orders", "--games", "4",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["game"] == "GSB" and out["games"] == 4 and sum(out["wins"]) == 4
    assert out["mayhem_mix"] == {"pal": 3, "car": 2, "book": 2, "stine": 2, "gnomies": 1, "freeze": 1}
    assert out["track"]["end"] > 0 and set(out["wins_by_level"]) <= {"easy", "random"}
    assert set(out["decision_ms_p95"]) == {"Player 1", "Player 2"}


def test_simulate_more_players_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "GSB", "--players", "3..4", "--games", "2", "--seed", "3"]) == 0
    text = capsys.readouterr().out
    assert "2 games of GSB" in text and "Monster Mayhem mix: pal 3" in text
