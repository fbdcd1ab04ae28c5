"""The simulation harness: reproducible per seed whatever --jobs, the CLI's JSON, the report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.boogeyman import model as cards
from companion.games.boogeyman.sim.model import Config, children_won, job, play_game
from companion.sim.games import GameSim
from companion.sim.harness import run_many


def strip(r):  # type: ignore[no-untyped-def]
    d = r.to_json()
    d["decisions"] = {seat: len(ms) for seat, ms in d.pop("decision_ms").items()}
    return d


def run_games(mode: str, level: str, games: int, seed: int, jobs: int = 1):  # type: ignore[no-untyped-def]
    return run_many(job(Config(mode, level), seed), games, jobs)


@pytest.mark.parametrize("level", ["rules", "normal", "hard", "fair"])
def test_a_game_replays_exactly_from_its_seed(level: str) -> None:
    c = Config("competitive", level)
    a, b = play_game(c, 5, 3), play_game(c, 5, 3)
    assert strip(a) == strip(b)
    assert a.rounds >= 1 and a.fallbacks == 0
    assert (level == "rules") == (not a.decision_ms)  # the searching levels are timed
    assert strip(play_game(c, 6, 3)) != strip(a)


def test_results_do_not_depend_on_jobs() -> None:
    one = run_games("competitive", "normal", 6, 9, jobs=1)
    two = run_games("competitive", "normal", 6, 9, jobs=2)
    assert [strip(r) for r in one] == [strip(r) for r in two]
    assert [r.index for r in two] == list(range(6))


@pytest.mark.parametrize("mode", ["solo", "coop", "semi"])
def test_every_mode_plays_to_an_end(mode: str) -> None:
    for i in range(3):
        r = play_game(Config(mode, "hard"), 1, i)
        assert r.winners and r.fallbacks == 0
        assert r.reason in ("finale", "stress", "passed_out", "timeout")


def test_timeout_is_a_boogeyman_win() -> None:
    r = play_game(Config("competitive", "rules", round_cap=2), 1, 0)
    assert (r.winners, r.reason, r.rounds) == (("boogeyman",), "timeout", 2)


@pytest.mark.slow  # many simulated games, ~10 s: `make test-slow`
def test_children_can_win_and_lose() -> None:
    rs = run_games("competitive", "hard", 16, 4, jobs=1)
    assert {children_won(r) for r in rs} == {True, False}
    s = GameSim("BGM").summarize(Config("competitive", "hard"), rs)
    assert 0 < s["children_win_rate"] < 1
    assert s["decision_ms_p95"]["boogeyman"] >= s["decision_ms_p50"] > 0


def test_card_models_are_probability_tables() -> None:
    for deck, outcomes in cards.DRAWN.items():
        assert abs(sum(o.p for o in outcomes) - 1.0) < 1e-9, deck
    assert len(cards.catalogue()) == 30
    assert cards.chosen_card("BGM:NGHT:10").effects == cards.CHOSEN["NGHT"][9].effects


def test_simulate_cli_prints_the_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--game", "BGM", "--mode", "competitive", "--adversary", "normal",
                 "--games", "3", "--seed", "2", "--jobs", "2", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    # The keys every game reports, and Boogeyman's own.
    assert {"game", "games", "wins", "draws", "mean_rounds", "decision_ms_p95"} <= set(out)
    assert {"children_win_rate", "decision_ms_p50", "boogeyman_decision_ms_p95", "mode", "adversary"} <= set(out)
    assert out["game"] == "BGM" and out["games"] == 3 and 0 <= out["children_win_rate"] <= 1
    assert out["mean_rounds"] > 0 and len(out["wins"]) == len(out["seats"]) == 5
    assert set(out["decision_ms_p95"]) == {"boogeyman"}


def test_the_fair_adversary_and_the_child_bots_skill_from_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: `--adversary fair` and `--children-level novice` (the default is the good bots,
    whose games replay as before skills existed)."""
    code = main(["simulate", "--game", "BGM", "--mode", "competitive", "--adversary", "fair",
                 "--children-level", "novice", "--games", "2", "--seed", "2", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["adversary"] == "fair" and out["children_level"] == "novice" and out["games"] == 2
    assert set(out["decision_ms_p95"]) == {"boogeyman"}  # fair searches, and is timed
    good = play_game(Config("competitive", "normal"), 7, 1)
    assert strip(good) == strip(play_game(Config("competitive", "normal", children_level="good"), 7, 1))
    assert strip(play_game(Config("competitive", "normal", children_level="novice"), 7, 1)) != strip(good)
    with pytest.raises(SystemExit):
        main(["simulate", "--children-level", "genius"])


def test_simulate_cli_rejects_nonsense(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "0", "--json"]) == 1
    assert "--games is 1 to" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "--adversary", "godlike"])
    assert main(["simulate", "--seats", "children=hard", "--games", "1"]) == 1
    assert "boogeyman=LEVEL" in capsys.readouterr().err


def test_balance_writes_an_html_report_with_charts_and_the_house_map(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    assert main(["balance", "--game", "BGM", "--out", str(out), "--games", "2", "--modes", "competitive,coop",
                 "--levels", "rules,hard"]) == 0
    text = out.read_text()
    assert text.count('src="data:image/png;base64,') == 3  # win rates, rounds, the encounter map
    assert "<td>competitive</td><td>hard</td>" in text and "Where encounters happen" in text
