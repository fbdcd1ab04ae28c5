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
    base = {"seats": None, "both_orders": False, "players": None}
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
    assert generic.parse_players("3..6") == (3, 4, 5, 6) and generic.parse_players(None) == ()
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


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--game", "GSB", "--players", "2..9"], "--players 7: Goosebumps is for 2 to 6 players"),
        (["--game", "GSB", "--players", "0"], "--players must be between 1 and 99"),
        (["--game", "BIN", "--players", ""], "--players is a number or a range like 3..6, not ''"),
        (["--game", "SOL", "--players", "0"], "--players must be between 1 and 99"),
        (["--game", "GSB", "--seats", ""], "--seats names no level"),
        (["--game", "GSB", "--seats", ","], "--seats names no level"),
        (["--game", "GSB", "--seats", "hard,,random"], "an empty entry"),
        (["--game", "DICE", "--seats", " , "], "--seats names no level"),
        (["--game", "DICE", "--players", "3"], "--players: DICE has no player count"),
        (["--game", "SOL", "--players", "3", "--both-orders"], "--both-orders is for two-seat games"),
        (["--game", "BIN", "--players", "3", "--both-orders"], "--both-orders is for two-seat games"),
        (["--game", "GSB", "--players", "2..3", "--both-orders"], "GSB with 3 players has 3 seats"),
        (["--game", "BGM", "--both-orders"], "--both-orders is for two-seat games"),
        (["--game", "BGM", "--players", "4"], "--children"),
    ],
)
def test_simulate_checks_every_argument_before_the_first_game(
        argv: list[str], words: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24: `--players 2..9` played 5 Goosebumps games before "not 7"; `--players 0`,
    `--players ''`, `--seats ''` and `--seats ','` ran with defaults; `--both-orders` was ignored
    by The Stuff of Legend. Every one is refused, and no game is played."""
    from companion.sim import games

    played: list[int] = []
    monkeypatch.setattr(games, "run_many", lambda job, n, *a, **k: played.append(n) or [])
    assert main(["simulate", *argv, "--games", "5"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("companion: error:") and words in err, err
    assert played == []


def test_both_orders_works_for_every_two_seat_table(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.sim import games

    for code, players in (("GSB", "2"), ("BIN", "2"), ("DICE", None)):
        extra = ["--players", players] if players else []
        sim = GameSim(code)
        config = sim.configure(args(seats="hard,random", both_orders=True, players=players))
        assert config.both_orders and config.levels_for(1) == ("random", "hard"), code
        played: list[int] = []
        monkeypatch.setattr(games, "run_many", lambda job, n, *a, **k: played.append(n) or [])
        monkeypatch.setattr(games.GameSim, "summarize", lambda self, config, played: {})
        monkeypatch.setattr(games.GameSim, "describe", lambda self, config, summary: "")
        assert main(["simulate", "--game", code, *extra, "--seats", "hard,random", "--both-orders",
                     "--games", "4"]) == 0
        assert played == [4]


def test_balance_says_its_defaults_and_shows_progress_without_a_terminal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25 #17: `companion balance` with no arguments ran for over a minute saying nothing.
    It says first what it will run (its defaults) and where it writes, then a line per batch of
    games as each finishes (the bar needs a terminal)."""
    from companion.sim import balance

    seen: list[str] = []

    def fake(out: str, only: list[str], modes: list[str], levels: list[str], games: int, seed: int, jobs: int,
             progress: object = None) -> Path:
        assert callable(progress)
        done = progress("BGM/coop/normal")
        done(games, games)
        seen.append(out)
        return Path(out)

    monkeypatch.setattr(balance, "write_report", fake)
    assert main(["balance"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert seen == ["balance.html"]
    from companion.core.packs import codes

    assert err[0] == (f"balance: 100 games per line for every game ({', '.join(codes())}), Boogeyman modes "
                      "solo,coop,semi,competitive and levels rules,normal,hard,fair, seed 0, 1 job; "
                      "writing balance.html (--help: how to change them)")
    assert err[1] == "  BGM/coop/normal: 100 games"
    monkeypatch.undo()  # a real run
    out = tmp_path / "b.html"
    assert main(["balance", "--game", "DICE", "--games", "2", "--out", str(out)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("balance: 2 games per line for DICE,") and "  DICE/hard: 2 games" in err[1:]
    assert all(line.startswith("  DICE/") and line.endswith(": 2 games") for line in err[1:])
