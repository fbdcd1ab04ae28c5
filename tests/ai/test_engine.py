"""The shared engine on a game it was not written for (the fixture pack): seeded from the
observation, blind to hidden information, bounded by its budget, and stronger than random."""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

import pytest

from companion.ai.engine import GreedyPolicy, InfoState, RandomPolicy, SearchPolicy, level_names, make_policy
from companion.core import packs
from companion.core.errors import IllegalInput
from companion.core.rng import Rng

sys.path.insert(0, str(Path(__file__).parent.parent / "core"))
from fixture_game import POLICIES, RULES, Add, Options  # noqa: E402


@pytest.fixture(autouse=True)
def _dice() -> Iterator[None]:
    packs.register("DICE", "fixture_game")
    yield
    packs.unregister("DICE")


def mid_game() -> Any:
    s = RULES.setup(Options(players=("Ann", "Bob"), target=20), 3)
    return replace(s, scores=(14, 17), turn=0)


def test_levels_are_the_generic_ones_and_the_games() -> None:
    # Every game with a Hard level has the fair levels too (companion/ai/fair.py).
    assert level_names("DICE") == ("random", "greedy", "easy", "normal", "hard", "fair", "fair-gentle", "fair-tough")
    assert isinstance(make_policy("DICE", "random"), RandomPolicy)
    assert isinstance(make_policy("DICE", "greedy"), GreedyPolicy)
    assert isinstance(make_policy("DICE", "hard"), SearchPolicy)
    with pytest.raises(IllegalInput, match="unknown level 'godlike'"):
        make_policy("DICE", "godlike")


def test_the_same_observation_gets_the_same_answer_whatever_is_hidden() -> None:
    s = mid_game()
    twin = replace(s, rng=Rng.from_seed(999))  # the dice to come differ: hidden from every seat
    a = make_policy("DICE", "hard", 1).decide(InfoState(RULES, s, "Ann"))
    b = make_policy("DICE", "hard", 1).decide(InfoState(RULES, twin, "Ann"))
    assert a == b
    assert a in RULES.legal_inputs(s, "Ann")


def test_search_prefers_what_wins() -> None:
    # Ann needs 6 to reach 20 and Bob needs 3: she cannot win by adding 1-3, only by a roll.
    s = mid_game()
    choice = make_policy("DICE", "hard", 2).decide(InfoState(RULES, s, "Ann"))
    assert choice == RULES.legal_inputs(s, "Ann")[0]  # Roll(): the only move that can win now
    # Greedy looks one ply ahead in one sampled world (its die may be kind): never a small add.
    picks = {make_policy("DICE", "greedy", k).decide(InfoState(RULES, s, "Ann")) for k in range(12)}
    assert picks <= {RULES.legal_inputs(s, "Ann")[0], Add(3)} and Add(3) in picks


def test_a_passed_deadline_still_answers_after_one_look_at_each_input() -> None:
    s = mid_game()
    p = make_policy("DICE", "hard", 1)
    assert isinstance(p, SearchPolicy)
    p.decide(InfoState(RULES, s, "Ann"), deadline=time.perf_counter() - 1)
    assert p.iterations_used[-1] == len(RULES.legal_inputs(s, "Ann"))
    p.decide(InfoState(RULES, s, "Ann"))
    assert p.iterations_used[-1] == POLICIES.levels["hard"].iterations


def test_a_seat_with_nothing_to_decide_is_a_clear_error() -> None:
    s = mid_game()
    for level in ("random", "greedy", "hard"):
        with pytest.raises(IllegalInput, match="Bob has nothing to decide"):
            make_policy("DICE", level).decide(InfoState(RULES, s, "Bob"))


def test_clairvoyant_worlds_are_the_true_state() -> None:
    s = mid_game()
    info = InfoState(RULES, s, "Ann", clairvoyant=True)
    assert info.sample(Rng(1))[0] is s
    assert InfoState(RULES, s, "Ann").sample(Rng(1))[0].rng != s.rng


class Recording:
    """The fixture's rules, noting in which world each candidate is tried at the root (the worlds
    `resample` draws): the generator of that world, per candidate, in order."""

    def __init__(self) -> None:
        self.sampled: dict[int, Any] = {}  # id -> world, kept alive so ids are not reused
        self.tries: dict[Any, list[int]] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(RULES, name)

    def resample(self, state: Any, seat: str, rng: Rng) -> Any:
        world, rng = RULES.resample(state, seat, rng)
        self.sampled[id(world)] = world
        return world, rng

    def apply(self, state: Any, inp: Any) -> Any:
        if id(state) in self.sampled:
            self.tries.setdefault(inp, []).append(state.rng.state)
        return RULES.apply(state, inp)


@pytest.mark.parametrize("common", [True, False])
def test_common_random_numbers_try_every_candidate_on_the_same_luck(common: bool) -> None:
    """By default (docs/adversary.md) the n-th try of every candidate is played in the same world
    with the same dice after it; `Budget(common_random=False)` draws fresh ones for every try."""
    budget = replace(POLICIES.levels["hard"], common_random=common)
    rules = Recording()
    choice = SearchPolicy("hard", POLICIES, budget, 1).decide(InfoState(rules, mid_game(), "Ann"))
    tries = list(rules.tries.values())
    assert choice in rules.tries and len(tries) == 5 and sum(map(len, tries)) == budget.iterations
    first = [t[0] for t in tries]
    if common:
        longest = max(tries, key=len)
        assert all(t == longest[:len(t)] for t in tries)  # the same worlds, in the same order
        assert len(set(longest)) == len(longest)  # and a new world for each try
    else:
        assert len(set(first)) == len(first)  # every try a world of its own


def test_common_random_numbers_give_the_same_answer_for_the_same_position() -> None:
    s = mid_game()
    answers = {make_policy("DICE", "hard", 4).decide(InfoState(RULES, s, "Ann")) for _ in range(3)}
    assert len(answers) == 1 and POLICIES.levels["hard"].common_random
