"""'Setting Up the Game', 'Good Advice!' (Possessed), Hard Mode and Nightmare Mode."""

from collections import Counter

import pytest

from companion.core.errors import IllegalInput
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.setup import keep_possessed, setup_steps
from companion.games.boogeyman.state import Difficulty, Mode, Options, Phase, Switch

from bgm_helpers import new_game


def test_every_room_gets_two_search_tokens_and_the_box_is_used_exactly() -> None:
    # "place them on the board so you have 2 tokens in each Room"
    s = new_game()
    house = house_for("")
    assert all(len(r.stack) == 2 for _, r in s.rooms)
    dealt = Counter((t.kind, t.value, t.colour) for _, r in s.rooms for t in r.stack)
    boxed = Counter({(t.kind, t.value, t.colour): t.count for t in house.search_tokens})
    assert dealt == boxed


def test_trap_door_and_key_are_never_dealt_to_rooms_6_and_20() -> None:
    # Trap Door and Skeleton Key are set aside while Rooms 6 and 20 get their tokens.
    for seed in range(40):
        s = new_game(seed=seed)
        for zone in ("6", "20"):
            r = s.room(zone)
            assert r is not None
            assert not {t.kind for t in r.stack} & {"trap_door", "skeleton_key"}


def test_children_start_calm_with_three_candy_and_one_token_on_the_ladder() -> None:
    s = new_game(children=("peter", "ray", "leila"))
    assert [(c.status, c.candy) for c in s.children] == [(3, 3)] * 3
    assert len(s.ladder) == 1 and not s.ladder[0].face_up
    assert len(s.reserve) == 24
    assert s.stress_boogeyman == s.stress_babysitter == 0
    assert s.active == "peter" and s.actions_left == 3


def test_normal_mode_all_rooms_light_with_locks_from_the_board() -> None:
    s = new_game()
    house = house_for("")
    assert all(r.switch == Switch.LIGHT for _, r in s.rooms)
    assert {z for z, r in s.rooms if r.lock} == set(house.lock_rooms)


def test_hard_mode_darkens_13_rooms() -> None:
    # "randomly reveal 13 Room tokens and flip the Light tokens in those rooms"
    s = new_game(difficulty=Difficulty.HARD)
    assert sum(1 for _, r in s.rooms if r.switch == Switch.DARK) == 13
    assert len(s.reserve) + len(s.ladder) == 25


def test_nightmare_mode_darkens_every_room() -> None:
    s = new_game(difficulty=Difficulty.NIGHTMARE)
    assert all(r.switch == Switch.DARK for _, r in s.rooms)


def test_possessed_objective_advice_by_player_count() -> None:
    # "We recommend that you use this card only in games with 4 or more players."
    assert not keep_possessed(Options(children=("mike", "ray", "leila")))
    assert keep_possessed(Options(children=("mike", "ray", "leila", "tommy")))
    assert keep_possessed(Options(mode=Mode.COMPETITIVE, children=("mike", "ray", "leila")))
    assert keep_possessed(Options(children=("mike",), possessed_objective=True))
    steps = setup_steps(Options(children=("mike", "ray")))
    assert any("Possessed" in step for step in steps)
    assert not any("Possessed" in step for step in setup_steps(Options(children=("mike", "ray", "leila", "tommy"))))


def test_setup_steps_name_each_child_and_the_flashlight() -> None:
    steps = setup_steps(Options(children=("leila", "tommy"), difficulty=Difficulty.HARD))
    assert any(s.startswith("Leila:") for s in steps)
    assert any("13 rooms" in s for s in steps)
    assert steps[-1].startswith("Leila takes the Flashlight")


@pytest.mark.parametrize("opts,msg", [
    (Options(children=()), "1 to 6"),
    (Options(children=("bob",)), "unknown child"),
    (Options(children=("mike", "mike")), "only once"),
    (Options(mode=Mode.SOLO, players=2), "Solo"),
    (Options(mode=Mode.SEMI, children=("mike",)), "2 or more"),
    (Options(mode=Mode.COMPETITIVE, children=("mike",), players=1), "2 or more"),
])
def test_bad_options_are_refused_clearly(opts: Options, msg: str) -> None:
    from companion.games.boogeyman.game import RULES

    with pytest.raises(IllegalInput, match=msg):
        RULES.setup(opts, 1)


def test_competitive_starts_with_the_boogeyman_hiding_tokens() -> None:
    s = new_game(mode=Mode.COMPETITIVE)
    assert s.phase == Phase.PLACEMENT and s.player_run
    assert all(len(r.stack) == 0 for _, r in s.rooms)
