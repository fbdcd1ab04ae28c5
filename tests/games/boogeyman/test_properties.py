"""Invariants over random legal games (hypothesis picks the inputs among the legal ones)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.core.codec import decode, dumps, to_jsonable
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.inputs import Input
from companion.games.boogeyman.moves import legal_inputs
from companion.games.boogeyman.state import CANDY_CAP, CHILDREN, Difficulty, Mode, Options, State

games = st.builds(
    lambda mode, diff, n, seed: (Options(mode=mode, difficulty=diff,
                                         children=CHILDREN[: max(n, 2 if mode == Mode.SEMI else 1)]), seed),
    st.sampled_from(list(Mode)), st.sampled_from(list(Difficulty)), st.integers(1, 6),
    st.integers(0, 2**32),
)


def random_game(options: Options, seed: int, picks: list[int]) -> tuple[list[State], list[Input]]:
    s = RULES.setup(options, seed)
    states, inputs = [s], []
    for p in picks:
        legal = legal_inputs(s)
        if not legal:
            break
        inp = legal[p % len(legal)]
        s = RULES.apply(s, inp)
        states.append(s)
        inputs.append(inp)
    return states, inputs


def check_invariants(s: State) -> None:
    house = house_for(s.options.board)
    for c in s.children:
        if not c.passed_out and not c.removed:
            assert 0 <= c.candy <= CANDY_CAP[c.status], c
        assert 0 <= c.status <= 3
    assert 0 <= s.stress_boogeyman <= house.stress_top
    assert 0 <= s.stress_babysitter <= house.stress_top
    on_ladder = [t.room for t in s.ladder]
    # No Room token is played twice before the Ladder fills, and none is lost.
    assert len(on_ladder) == len(set(on_ladder)) <= house.ladder_spaces
    assert not set(on_ladder) & set(s.reserve)
    assert sorted(on_ladder + list(s.reserve), key=int) == sorted(house.rooms, key=int)
    assert 0 <= s.actions_left
    assert s.babysitter != house.secret_room


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.lists(st.integers(0, 10_000), min_size=20, max_size=150))
def test_invariants_hold_in_every_reachable_state(game: tuple[Options, int], picks: list[int]) -> None:
    states, _ = random_game(*game, picks)
    for s in states:
        check_invariants(s)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.lists(st.integers(0, 10_000), min_size=10, max_size=100))
def test_replaying_the_same_inputs_gives_the_same_game_bit_for_bit(game: tuple[Options, int], picks: list[int]) -> None:
    states, inputs = random_game(*game, picks)
    s = RULES.setup(*game)
    for inp in inputs:
        s = RULES.apply(s, inp)
    assert dumps(s) == dumps(states[-1])


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.lists(st.integers(0, 10_000), min_size=5, max_size=80))
def test_states_and_inputs_survive_json(game: tuple[Options, int], picks: list[int]) -> None:
    states, inputs = random_game(*game, picks)
    for s in states[-3:]:
        assert decode(State, to_jsonable(s)) == s
    for inp in inputs:
        assert decode(Input, to_jsonable(inp)) == inp  # type: ignore[arg-type]
