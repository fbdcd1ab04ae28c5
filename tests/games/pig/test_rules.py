"""Pig's rules (companion/games/pig/rules.md, cited by section), its journal and replay, its
simulation, and the device's levels."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.core import codec
from companion.core.errors import IllegalInput
from companion.core.game import device_roll, told
from companion.core.journal import Journal
from companion.core.options import device_levels, settings_of
from companion.core.session import Session
from companion.games.pig.policies import hold_at
from companion.games.pig.rules import RULES, Face, Hold, Options, Roll, RollForMe


def play(*inputs: object, options: Options = Options(), seed: int = 1) -> object:
    state = RULES.setup(options, seed)
    for inp in inputs:
        state = RULES.apply(state, inp)
    return state


def said(state: Any) -> list[str]:
    """What the last input did, as the table reads it (the observation's notices but the scores)."""
    return list(RULES.observe(state, "table")["notices"][:-1])


def test_two_to_four_players_player_1_first_and_the_die_is_theirs() -> None:
    """rules.md 1 and 6: seats Player 1..n, Player 1 rolls first (a chance step named for them)."""
    for n in (2, 3, 4):
        s = RULES.setup(Options(players=n), 1)
        assert RULES.seats(s) == tuple(f"Player {i}" for i in range(1, n + 1))
        assert RULES.to_act(s).kind == "chance" and RULES.to_act(s).seat == "Player 1"
    for n in (1, 5):
        with pytest.raises(IllegalInput, match=f"2 to 4 players, not {n}"):
            RULES.setup(Options(players=n), 1)
    with pytest.raises(IllegalInput, match="seat 2 is held by 'expert'"):
        RULES.setup(Options(holders=("person", "expert")), 1)


def test_faces_add_up_and_the_player_rolls_again_or_holds() -> None:
    """rules.md 2: each face but a 1 adds to the turn's sum; then roll again or hold."""
    s = play(Face(4))
    assert s.pot == 4 and RULES.to_act(s).kind == "seat" and RULES.legal_inputs(s, "Player 1") == [Roll(), Hold()]
    assert RULES.legal_inputs(s, "Player 2") == []
    s = play(Face(4), Roll(), Face(6))
    assert s.pot == 10 and RULES.observe(s, "table")["prompt"] == "Player 1: 10 this turn. Roll again or hold?"


def test_a_1_loses_the_turns_sum_and_passes_the_turn() -> None:
    """rules.md 3."""
    s = play(Face(5), Roll(), Face(1))
    assert s.scores == (0, 0) and s.pot == 0 and RULES.to_act(s).seat == "Player 2"
    assert said(s) == ["Player 1 rolled a 1: the turn's 5 points are lost"]


def test_hold_banks_the_sum_and_passes_the_turn() -> None:
    """rules.md 4."""
    s = play(Face(5), Roll(), Face(3), Hold())
    assert s.scores == (8, 0) and s.pot == 0 and RULES.to_act(s) .seat == "Player 2" and s.round == 1
    s = RULES.apply(RULES.apply(s, Face(2)), Hold())
    assert s.scores == (8, 2) and s.round == 2 and RULES.to_act(s).seat == "Player 1"


def test_the_first_to_reach_the_target_by_holding_wins() -> None:
    """rules.md 5: a target of 20; the turn's sum past it still has to be held."""
    s = play(Face(6), Roll(), Face(6), Roll(), Face(6), Roll(), Face(6), options=Options(target=20))
    assert s.pot == 24 and RULES.result(s) is None
    s = RULES.apply(s, Hold())
    result = RULES.result(s)
    assert result is not None and result.winners == ("Player 1",) and result.scores == {"Player 1": 1.0,
                                                                                         "Player 2": 0.0}
    assert RULES.is_over(s) and RULES.to_act(s).kind == "nobody" and RULES.observe(s, "table")["prompt"] == "Player 1 wins"
    with pytest.raises(IllegalInput, match="over"):
        RULES.apply(s, Face(3))


def test_refusals_say_what_and_change_nothing() -> None:
    """rules.md 2 and 6: a die waits for a face; a decision waits for roll or hold."""
    s = play()
    with pytest.raises(IllegalInput, match="enter what it shows"):
        RULES.apply(s, Hold())
    with pytest.raises(IllegalInput, match="1 to 6"):
        RULES.apply(s, Face(7))
    t = play(Face(3))
    with pytest.raises(IllegalInput, match="rolls again or holds"):
        RULES.apply(t, Face(3))
    assert s == play() and t == play(Face(3))


def test_the_device_rolls_only_when_asked_with_the_games_own_generator() -> None:
    """rules.md 6: "roll for me" at a pending die rolls with the state's Rng: the same game, the
    same face; nothing to roll at a decision."""
    s = play()
    assert device_roll(RULES, s) == RollForMe() and device_roll(RULES, play(Face(2))) is None
    a, b = RULES.apply(s, RollForMe()), RULES.apply(play(), RollForMe())
    assert a == b and a.rng != s.rng and said(a)[0].startswith("The device rolled a")
    assert RULES.label(s, RollForMe()) == "Roll for me" and RULES.label(s, Face(4)) == "4"  # captions
    assert told(RULES, s, RollForMe(), a) == said(a)[0]  # the journal: what the device's die showed
    assert {said(RULES.apply(RULES.setup(Options(), seed), RollForMe()))[0][-14] for seed in range(40)} >= set("23456")


def test_the_options_declare_the_set_up_and_who_holds_each_seat() -> None:
    """The shell's set-up screen is built from these; the device holds what the options give it."""
    rows = {s.name: s for s in settings_of(Options)}
    assert list(rows) == ["players", "holders", "target"]
    assert rows["players"].values() == ((2, "2"), (3, "3"), (4, "4"))
    assert (rows["target"].low, rows["target"].high, rows["target"].step) == (20, 200, 10)
    opts = Options(players=3, holders=("hard", "person"))
    assert device_levels(RULES, opts, RULES.setup(opts, 1)) == {"Player 1": "hard"}


def test_a_game_journaled_resumes_and_replays_to_the_same_state(tmp_path: Path) -> None:
    """The journal keeps options, seed and inputs; `companion replay --json` rebuilds the state."""
    path = tmp_path / "j.sqlite"
    opts = Options(players=3, holders=("person", "easy", "hard"), target=30)
    with Journal(path) as j:
        s = Session.new(j, RULES, opts, 42)
        for inp in (Face(5), Roll(), RollForMe(), Roll(), Face(1), RollForMe(), Hold()):
            if RULES.to_act(s.state).kind == "seat" and not isinstance(inp, (Roll, Hold)):
                inp = Hold()
            s.submit(inp)
        state, gid, done = s.state, s.game_id, s.history().done
    assert done[:2] == ("Player 1 rolled a 5", "Player 1 rolls again") and done[2].startswith("The device rolled a")
    with Journal(path) as j:
        again = Session.resume(j, lambda code: RULES, gid)
        assert again.state == state and again.options == opts and again.history().done == done  # as recorded
    out = subprocess.run([sys.executable, "-m", "companion", "replay", str(path), "--json"], capture_output=True,
                         text=True, check=True).stdout
    assert json.loads(out) == json.loads(codec.dumps(state))


def test_simulate_pig_and_the_levels_beat_what_they_should(capsys: pytest.CaptureFixture[str]) -> None:
    """`companion simulate --game PIG`: Hard (keep pace, end the race) beats Normal (hold at 20)
    over 400 games both ways round, and Normal beats random."""
    assert main(["simulate", "--game", "PIG", "--seats", "hard,normal", "--both-orders", "--games", "400",
                 "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["game"] == "PIG" and out["games"] == 400 and out["wins_by_level"]["hard"] > 200
    assert main(["simulate", "--game", "PIG", "--players", "3..4", "--seats",
                 "Player 1=normal,Player 2=random,Player 3=random", "--games", "40", "--seed", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["wins"][0] > 20


def test_every_level_holds_when_holding_wins_and_hard_races_at_the_end() -> None:
    for level in ("easy", "normal", "hard"):
        assert hold_at(level, 95, 5, 0, 100) and not hold_at(level, 0, 4, 0, 100)
    assert hold_at("normal", 0, 20, 0, 100) and not hold_at("hard", 0, 20, 80, 100)  # the race: roll on
    assert hold_at("hard", 40, 21, 40, 100) and not hold_at("hard", 20, 22, 60, 100)  # trailing by 40: 26
    assert replace(Options(), target=50).target == 50
