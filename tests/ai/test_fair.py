"""The fair levels (companion/ai/fair.py, issue 30): the bound, the direction, the end line."""

from __future__ import annotations


import pytest

from companion.ai.engine import level_names, make_policy
from companion.ai.fair import FairPolicy, FairSpec, Push, pushed
from companion.core.errors import IllegalInput
from companion.core.rng import Rng


def _policy(spec: FairSpec, target: float = 0.5) -> FairPolicy:
    from companion.games.goosebumps.policies import GoosebumpsPolicies

    class P(GoosebumpsPolicies):
        fair = spec

    return FairPolicy("fair", P(), target, seed=1)


def test_a_table_ahead_of_the_target_gets_the_devices_best() -> None:
    p = _policy(FairSpec(bound=0.3))
    # The device's best is 0.4: the table (0.6) is ahead of 0.5.
    pick, table, _ = p.choose(["a", "b", "c"], [0.1, 0.4, 0.3], None, Rng(1))
    assert pick == "b" and table == pytest.approx(0.6)


def test_a_table_behind_gets_the_reasonable_input_nearest_the_target_never_one_outside_the_bound() -> None:
    p = _policy(FairSpec(bound=0.2))
    # Best 0.9 (the table at 0.1): 0.75 is the reasonable input nearest 0.5; 0.5 itself is 0.4 below the best.
    pick, _, used = p.choose(["best", "ok", "silly"], [0.9, 0.75, 0.5], None, Rng(1))
    assert pick == "ok" and used == pytest.approx(0.75)
    # A wider bound lets it go to 0.5 exactly.
    assert _policy(FairSpec(bound=0.45)).choose(["best", "ok", "even"], [0.9, 0.75, 0.5], None, Rng(1))[0] == "even"


def test_eased_in_proportion_when_the_values_are_not_a_chance() -> None:
    p = _policy(FairSpec(bound=2.0, width=0.2, chance_values=False, pick="ease"))
    values = [3.0, 2.0, 1.5, 0.0]  # harm: the last is outside the bound (3.0 - 2.0)
    assert p.choose(list("abcd"), values, 0.5, Rng(1))[0] == "a"  # the table on target: its best
    assert p.choose(list("abcd"), values, 0.4, Rng(1))[0] == "b"  # half eased: nearest 2.25 (2.0)
    assert p.choose(list("abcd"), values, 0.1, Rng(1))[0] == "c"  # fully eased: the weakest reasonable


def test_a_curved_ease_barely_eases_near_the_target_and_fully_far_from_it() -> None:
    """`power` 2 (Bump in the Night): a table a little behind gets almost the device's best (a
    stronger table claws a small ease back), a table far behind as much as the linear ease gives."""
    linear = _policy(FairSpec(width=0.5, pick="ease"))
    curved = _policy(FairSpec(width=0.5, pick="ease", power=2.0))
    assert linear.ease(0.5) == curved.ease(0.5) == 0.0
    assert linear.ease(0.4) == pytest.approx(0.2) and curved.ease(0.4) == pytest.approx(0.04)
    assert linear.ease(0.1) == pytest.approx(0.8) and curved.ease(0.1) == pytest.approx(0.64)
    assert linear.ease(0.0) == curved.ease(0.0) == 1.0 and curved.ease(-1.0) == 1.0  # capped
    assert curved.ease(0.9) == 0.0  # the table ahead: its best


def test_the_targets_order_the_levels() -> None:
    assert {"fair", "fair-gentle", "fair-tough"} <= set(level_names("GSB"))
    gentle = make_policy("GSB", "fair-gentle", 0)
    tough = make_policy("GSB", "fair-tough", 0)
    assert isinstance(gentle, FairPolicy) and isinstance(tough, FairPolicy)
    assert gentle.target > make_policy("GSB", "fair", 0).target > tough.target  # type: ignore[attr-defined]
    with pytest.raises(IllegalInput):
        make_policy("GSB", "fairest", 0)


def test_how_hard_it_pushed_in_words() -> None:
    def p(when: int, ease: float) -> Push:
        return Push(when, 0.3, ease)

    assert pushed([p(1, 0.0), p(2, 0.1)]) == "played its best throughout"
    assert pushed([p(1, 0.0), p(3, 0.9), p(4, 0.6), p(5, 1.0), p(6, 0.2), p(8, 0.7)]) == "eased off in rounds 3-5, 8"
    assert pushed([]) == ""


