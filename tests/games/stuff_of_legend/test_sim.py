"""Hero bots play whole games; `companion simulate --game SOL` and `companion balance --game SOL` report
the game's own numbers beside the generic keys."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.ai.engine import InfoState, SearchPolicy, make_policy
from companion.cli import main
from companion.core.evolve import evolve
from companion.core.rng import Rng
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.policies import POLICIES, HeroBot, Style, exit_odds, state_number
from companion.games.stuff_of_legend.sim import Config, job, summarize
from sol_helpers import loyalty, ready

KEYS = ("boy_side_wins", "boy_lost", "nobody_loyal_to_boogeyman", "mean_turns", "wins", "draws", "mean_rounds",
        "decision_ms_p95", "games", "by_players")


def test_simulate_prints_the_keys(capsys: pytest.CaptureFixture[str]) -> None:
    """`companion simulate --game SOL --players 3..6 --games N --json`: every game ends (an exit or BOY LOST),
    with the game's keys beside the generic ones."""
    assert main(["simulate", "--game", "SOL", "--players", "3..6", "--games", "8", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert all(k in out for k in KEYS), out
    assert out["games"] == 8 and set(out["by_players"]) == {"3", "4", "5", "6"}
    assert set(out["reasons"]) <= {"boy_lost", "correct_exit", "wrong_exit"}
    assert 0.0 <= out["boy_side_wins"] <= 1.0 and out["mean_turns"] > 1
    assert main(["simulate", "--game", "SOL", "--players", "4", "--games", "2"]) == 0
    assert "games of The Stuff of Legend" in capsys.readouterr().out


def test_simulate_refuses_bad_settings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "SOL", "--players", "2", "--games", "1"]) == 1
    assert "3-6 players" in capsys.readouterr().err
    assert main(["simulate", "--game", "SOL", "--sol-level", "wizard", "--games", "1"]) == 1
    assert main(["simulate", "--game", "SOL", "--seats", "nobody=easy", "--games", "1"]) == 1


def test_completion_rule_sets_the_chance_of_no_traitor() -> None:
    """SOL-G2, measured in whole games: "boy" leaves nobody loyal to the Boogeyman at 3-4 players, always;
    "boogeyman" never."""
    for completion, expected in (("boy", 1.0), ("boogeyman", 0.0)):
        config = Config((3, 4), "normal", {}, completion)
        played = [job(config, 5)(i) for i in range(4)]
        assert summarize(config, played)["nobody_loyal_to_boogeyman"] == expected


def test_levels_and_bots() -> None:
    """Every level plays a seat: easy and normal are hero bots, hard searches with them as rollouts."""
    s = ready(4)
    for level in ("easy", "normal", "random", "greedy"):
        policy = make_policy("SOL", level, 3)
        pick = policy.decide(InfoState(RULES, s, "table"))
        assert pick in RULES.legal_inputs(s, "table")
    hard = make_policy("SOL", "hard", 3)
    assert isinstance(hard, SearchPolicy)
    s = RULES.apply(s, I.ChooseActorInput("max"))
    pick = hard.decide(InfoState(RULES, s, "max"))
    assert pick in RULES.legal_inputs(s, "max")
    assert 0.0 <= POLICIES.evaluate(s, "max") <= 1.0


def test_hard_level_plays_a_game() -> None:
    """A searching seat plays a whole game beside hero bots (the engine's rollouts are the bots)."""
    from companion.ai.engine import Budget
    from companion.games.stuff_of_legend.policies import TableBot
    from companion.games.stuff_of_legend.sim import Model, sim_options
    from companion.sim.harness import play

    policies = {"max": SearchPolicy("hard", POLICIES, Budget(iterations=3, depth=15), 1),
                "percy": HeroBot(2), "harmony": HeroBot(3), "*": TableBot(4)}
    played = play(RULES, sim_options(3), policies, 9, model=Model())
    assert played.reason in ("boy_lost", "correct_exit", "wrong_exit") and played.decision_ms.get("max")


def test_traitors_lie_about_good_exits() -> None:
    """A hero loyal to the Boogeyman tells a false number for a promising exit; one loyal to the Boy tells
    the truth."""
    from companion.games.stuff_of_legend.board import peek

    s = evolve(ready(4), exits=(7, 2, 3, 4), box=(1, 5, 6))
    s = evolve(s, loyalty=(loyalty("boogeyman"), loyalty("boy"), loyalty("boy", 1), loyalty("boy", 2)))
    s = peek(s, "max", "exit_north")
    liar = HeroBot(1, Style(lie=1.0))
    assert state_number(s, "max", "exit_north", False, liar) != 7
    assert state_number(s, "max", "exit_north", True, liar) == 7


def test_exit_odds() -> None:
    """The bots' belief: with nothing known each exit is as likely; 7 seen with no 1 makes it likely."""
    exits = ("a", "b", "c", "d")
    assert exit_odds((), exits) == pytest.approx((0.25,) * 4)
    odds = exit_odds((("a", 7),), exits)
    assert odds[0] == pytest.approx(0.5) and sum(odds) == pytest.approx(1.0)  # unless a 1 is among b, c, d
    assert exit_odds((("a", 7), ("b", 1)), exits)[1] == 1.0


def test_balance_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`companion balance --game SOL` writes its section: win rate and endings by player count and completion."""
    out = tmp_path / "balance.html"
    assert main(["balance", "--game", "SOL", "--games", "4", "--out", str(out)]) == 0
    html = out.read_text()
    assert "The Stuff of Legend" in html and "Loyalty completion" in html and "data:image/png;base64," in html


def test_bots_keep_to_their_seat() -> None:
    """A hero bot decides from its own seat's world: the same decision whatever the others hold."""
    s = RULES.apply(ready(4), I.ChooseActorInput("max"))
    a = HeroBot(5).decide(InfoState(RULES, s, "max"))
    other = evolve(s, hands=(s.hands[0],) + tuple(h[::-1] for h in s.hands[1:]), rng=Rng(77))
    assert HeroBot(5).decide(InfoState(RULES, other, "max")) == a
