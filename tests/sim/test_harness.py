"""The simulation harness on a game it was not written for (the fixture pack)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Iterator

import pytest

from companion.cli import main
from companion.core import packs
from companion.sim import generic
from companion.sim.games import GameSim
from companion.sim.harness import play, run_many

sys.path.insert(0, str(Path(__file__).parent.parent / "core"))
from fixture_game import RULES, Options  # noqa: E402


@pytest.fixture(autouse=True)
def _dice() -> Iterator[None]:
    packs.register("DICE", "fixture_game")
    yield
    packs.unregister("DICE")


def args(**kw: object) -> argparse.Namespace:
    base = {"seats": "", "both_orders": False, "players": ""}
    base.update(kw)
    return argparse.Namespace(**base)


def test_a_game_is_played_through_the_protocol_to_its_end() -> None:
    from companion.ai.engine import make_policy

    p = play(RULES, Options(), {"Ann": make_policy("DICE", "hard", 1), "Bob": make_policy("DICE", "random", 2)}, 7)
    assert p.winners and set(p.winners) <= {"Ann", "Bob"} and p.reason == "target"
    assert p.inputs >= 8 and list(p.decision_ms) == ["Ann"]  # only the searching seat is timed


def test_results_do_not_depend_on_jobs_and_replay_from_the_seed() -> None:
    sim = GameSim("DICE")
    config = sim.configure(args(seats="hard,random", both_orders=True))
    one = run_many(sim.job(config, 4), 6, 1)
    two = run_many(sim.job(config, 4), 6, 2)
    strip = [(p.winners, p.inputs, p.metrics) for p in one]
    assert strip == [(p.winners, p.inputs, p.metrics) for p in two]
    assert [p.metrics["levels"] for p in one[:2]] == [["hard", "random"], ["random", "hard"]]


def test_seats_are_named_in_order_or_by_name_and_checked() -> None:
    assert generic.parse_seats("hard,random", ("Ann", "Bob")) == {"Ann": "hard", "Bob": "random"}
    assert generic.parse_seats("Bob=greedy", ("Ann", "Bob")) == {"Bob": "greedy"}
    assert generic.parse_players("3..6") == (3, 4, 5, 6) and generic.parse_players("") == ()
    for bad, message in (("hard", "1 levels for 2 seats"), ("Ann=hard,random", "not both"),
                         ("Zed=hard", "no seat 'Zed'"), ("hard,wizard", "unknown level 'wizard'")):
        with pytest.raises(Exception, match=message):
            generic.configure("DICE", args(seats=bad))
    with pytest.raises(Exception, match="name each one"):
        generic.parse_seats("hard,random", ())  # a game whose seats follow its options
    with pytest.raises(Exception, match="range like 3..6"):
        generic.parse_players("three")


def test_simulate_prints_the_shared_keys_for_any_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "DICE", "--seats", "hard,random", "--both-orders", "--games", "20",
                 "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert {"game", "games", "wins", "draws", "mean_rounds", "decision_ms_p95"} <= set(out)
    assert out["game"] == "DICE" and out["games"] == 20 and len(out["wins"]) == 2
    assert set(out["decision_ms_p95"]) == {"Ann", "Bob"}  # hard played both seats
    assert out["wins_by_level"]["hard"] > out["wins_by_level"].get("random", 0)


def test_balance_covers_a_game_with_no_simulation_module(tmp_path: Path) -> None:
    out = tmp_path / "b.html"
    assert main(["balance", "--game", "DICE", "--games", "4", "--out", str(out)]) == 0
    text = out.read_text()
    assert "Dice race" in text and text.count("data:image/png;base64,") == 2
    assert main(["balance", "--game", "DICE", "--games", "1", "--out", str(tmp_path / "no" / "b.html")]) == 1
