"""The AI never uses information a Boogeyman player may not have."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core.rng import Rng
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.protocol import BOOGEYMAN, knows_token
from companion.games.boogeyman.state import ChooseRoomTokens, State, SteerBabysitter
from helpers import adversary, decide, decision_positions, shuffle_hidden, sim_positions


def observed(s: State) -> dict:  # type: ignore[type-arg]
    """What the Boogeyman seat is shown (the notices are what the last input said)."""
    v = RULES.observe(s, BOOGEYMAN)
    v.pop("notices")
    return v


def determinize(s: State, rng: Rng) -> tuple[State, Rng]:
    return RULES.resample(s, BOOGEYMAN, rng)


def unseen(s: State) -> list:  # type: ignore[type-arg]
    return sorted((t for _, r in s.rooms for t in r.stack if not knows_token(s, t, BOOGEYMAN)), key=repr)


def positions(n_games: int = 6) -> list:
    out = []
    for seed in range(n_games):
        out += decision_positions(seed, steps=500)[::3]
    return out


def test_hidden_shuffle_changes_the_truth_but_not_the_information() -> None:
    changed = 0
    for s in positions(3):
        t = shuffle_hidden(s, 1)
        assert observed(t) == observed(s)
        changed += t.rooms != s.rooms
        assert t.rng != s.rng
    assert changed > 0


def test_determinize_depends_only_on_what_the_boogeyman_knows() -> None:
    for s in positions(3):
        t = shuffle_hidden(s, 7)
        a, _ = determinize(s, Rng.from_seed(5))
        b, _ = determinize(t, Rng.from_seed(5))
        assert a == b
        # Its own placements stay where it put them; everything else comes from the unseen pool.
        assert unseen(a) == unseen(s)


@pytest.mark.parametrize("level", ["rules", "normal",
                                   # the searching levels, ~14 s each: `make test-slow`
                                   pytest.param("hard", marks=pytest.mark.slow),
                                   pytest.param("fair", marks=pytest.mark.slow)])
def test_decision_does_not_change_when_only_hidden_information_changes(level: str) -> None:
    kinds = set()
    for i, s in enumerate(positions()):
        kinds.add(type(s.pending[0]).__name__)
        for k in (1, 2):
            t = shuffle_hidden(s, 100 * i + k)
            assert decide(adversary(level, seed=i), s) == decide(adversary(level, seed=i), t)
    assert {"ChooseRoomTokens", "HideTokens"} <= kinds


def test_steering_ignores_hidden_information() -> None:
    # Possession is rare in play: pose the question in ordinary mid-game positions too.
    found = [s for seed in range(4) for s in sim_positions("competitive", seed, "normal", SteerBabysitter)]
    for s in positions(3):
        if isinstance(s.pending[0], ChooseRoomTokens):
            found.append(replace(s, pending=(SteerBabysitter(1 + len(found) % 6),)))
    assert len(found) >= 5
    for i, s in enumerate(found):
        t = shuffle_hidden(s, i)
        for level in ("rules", "hard", "fair"):
            assert decide(adversary(level, seed=i), s) == decide(adversary(level, seed=i), t)


def test_semi_cooperative_take_over_knows_no_placements() -> None:
    found = [s for seed in range(6) for s in sim_positions("semi", seed, "rules", ChooseRoomTokens, 1)][:3]
    assert found
    for i, s in enumerate(found):
        assert s.options.mode.value == "semi" and s.player_run
        assert len(unseen(s)) == sum(len(r.stack) for _, r in s.rooms)
        t = shuffle_hidden(s, i)
        assert decide(adversary("normal", seed=i), s) == decide(adversary("normal", seed=i), t)


def test_it_knows_the_room_it_hid_a_token_in_not_the_slot() -> None:
    from companion.games.boogeyman import inputs as I
    from companion.games.boogeyman.game import RULES
    from companion.games.boogeyman.state import Mode, Options

    s = RULES.setup(Options(mode=Mode.COMPETITIVE, children=("peter", "leila")), 3)
    s = RULES.apply(s, I.HideTokensInput(("11", "11", "17"), "23", "9"))
    room = dict(s.rooms)["17"]
    flipped = replace(room, stack=tuple(reversed(room.stack)))
    t = replace(s, rooms=tuple((z, flipped if z == "17" else r) for z, r in s.rooms))
    assert t != s and observed(t) == observed(s)
    assert determinize(s, Rng.from_seed(9))[0] == determinize(t, Rng.from_seed(9))[0]
