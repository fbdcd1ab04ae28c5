"""The simulation harness: reproducible per seed whatever --jobs, the CLI's JSON, the report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.sim import cards
from companion.sim.runner import play_game, run_games, summarize


def strip(r):  # type: ignore[no-untyped-def]
    d = r.to_json()
    d.pop("decision_ms")
    d["decisions"] = len(r.decision_ms)
    return d


@pytest.mark.parametrize("level", ["rules", "normal", "hard"])
def test_a_game_replays_exactly_from_its_seed(level: str) -> None:
    a, b = play_game("competitive", level, 5, 3), play_game("competitive", level, 5, 3)
    assert strip(a) == strip(b)
    assert a.decision_ms and a.rounds >= 1 and a.fallbacks == 0
    assert strip(play_game("competitive", level, 6, 3)) != strip(a)


def test_results_do_not_depend_on_jobs() -> None:
    one = run_games("competitive", "normal", 6, 9, jobs=1)
    two = run_games("competitive", "normal", 6, 9, jobs=2)
    assert [strip(r) for r in one] == [strip(r) for r in two]
    assert [r.index for r in two] == list(range(6))


@pytest.mark.parametrize("mode", ["solo", "coop", "semi"])
def test_every_mode_plays_to_an_end(mode: str) -> None:
    for i in range(3):
        r = play_game(mode, "hard", 1, i)
        assert r.winner in ("children", "boogeyman") and r.fallbacks == 0
        assert r.reason in ("finale", "stress", "passed_out", "timeout")


def test_timeout_is_a_boogeyman_win() -> None:
    r = play_game("competitive", "rules", 1, 0, round_cap=2)
    assert (r.winner, r.reason, r.rounds) == ("boogeyman", "timeout", 2)


def test_children_can_win_and_lose() -> None:
    rs = run_games("competitive", "rules", 12, 4, jobs=1)
    assert {r.winner for r in rs} == {"children", "boogeyman"}
    s = summarize(rs)
    assert 0 < s["children_win_rate"] < 1 and s["decision_ms_p95"] >= s["decision_ms_p50"] > 0


def test_card_models_are_probability_tables() -> None:
    for deck, outcomes in cards.DRAWN.items():
        assert abs(sum(o.p for o in outcomes) - 1.0) < 1e-9, deck
    assert len(cards.catalogue()) == 30
    assert cards.chosen_card("BGM:NGHT:10").effects == cards.CHOSEN["NGHT"][9].effects


def test_simulate_cli_prints_the_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--game", "BGM", "--mode", "competitive", "--adversary", "normal",
                 "--games", "3", "--seed", "2", "--jobs", "2", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"games", "children_win_rate", "mean_rounds", "decision_ms_p50", "decision_ms_p95"}
    assert out["games"] == 3 and 0 <= out["children_win_rate"] <= 1 and out["mean_rounds"] > 0
    assert all(isinstance(out[k], (int, float)) for k in out)


def test_simulate_cli_rejects_nonsense(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:  # out of range: argparse's usage error
        main(["simulate", "--games", "0", "--json"])
    assert refused.value.code == 2
    with pytest.raises(SystemExit):
        main(["simulate", "--adversary", "godlike"])


def test_balance_writes_an_html_report_with_charts_and_the_house_map(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    assert main(["balance", "--out", str(out), "--games", "2", "--modes", "competitive,coop",
                 "--levels", "rules,hard"]) == 0
    text = out.read_text()
    assert text.count("<svg") == 3
    assert "competitive / hard" in text and "encounters</title>" in text
