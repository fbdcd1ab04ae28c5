"""'The Mission', 'The Grand Finale', 'Semi-Cooperative Mode', Competitive set-up."""

from dataclasses import replace

import pytest

from companion.core.errors import IllegalInput
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.state import ChooseRoomTokens, Effect, Mode, Phase, PlayFinale, SearchToken

from bgm_helpers import child, clear_room, new_game, play, put

RED = SearchToken("objective", colour="red")


def three_objectives(s):  # type: ignore[no-untyped-def]
    s = child(s, "daphne", objectives=("red", "red"))
    s = clear_room(put(s, mike="3"), "3", RED)
    return play(s, I.Search("mike"))


def test_the_third_objective_draws_the_finale_room() -> None:
    # "When the Children are in possession of all 3 Objective tokens, a Room token is drawn from
    # those available. The Finale token is placed in the indicated Room"
    s = new_game()
    s = three_objectives(s)
    assert s.finale_room in s.reserve
    assert any("Finale token" in n for n in s.notices)


def test_mission_gate_leader_and_start() -> None:
    # "you cannot start the Finale unless you have already completed the Mission card's task"
    # "the first Child who reaches the Room with the Finale token carrying an Objective token
    # becomes the Leader"
    s = three_objectives(new_game())
    room = s.finale_room
    s = replace(s, finale_room="4")
    s = put(s, mike="C1", daphne="C1")
    s = play(s, I.Move("mike", "4"))  # carries 1 token in, before the Mission: no Leader
    assert s.finale_stack == ("red",) and s.leader == ""
    with pytest.raises(IllegalInput, match="Mission"):
        play(s, I.StartFinale("mike"))
    s = play(s, I.MissionComplete(), I.EndTurn(), I.Move("daphne", "4"))
    assert s.leader == "daphne" and s.finale_stack == ("red", "red", "red")
    with pytest.raises(IllegalInput, match="already"):
        play(s, I.MissionComplete())
    s = play(s, I.StartFinale("daphne"))
    assert s.phase == Phase.FINALE and 1 <= s.finale_number <= 25
    assert s.finale_children == ("mike", "daphne") and s.pending == (PlayFinale(),)
    s = play(s, I.FinaleOutcome(children_won=True))
    assert s.phase == Phase.OVER and s.winner == "children"
    assert room  # the drawn room was a real Room token


def test_only_the_leader_starts_the_finale_and_only_with_all_three_stacked() -> None:
    s = three_objectives(new_game())
    s = replace(s, finale_room="4", mission_done=True)
    s = put(s, mike="C1")
    s = play(s, I.Move("mike", "4"))
    assert s.leader == "mike"
    with pytest.raises(IllegalInput, match="stacked"):
        play(s, I.StartFinale("mike"))
    s = play(s, I.EndTurn())
    with pytest.raises(IllegalInput, match="only the Leader"):
        play(s, I.StartFinale("daphne"))


def test_semi_cooperative_first_to_pass_out_becomes_the_boogeyman() -> None:
    # "The first Child to Pass Out will be taken over by the spirit of the Boogeyman" with everything
    # that moves where: Objectives and Items to the bottom of the stack of their Room, the player to
    # the left takes the Flashlight and the next turn.
    s = new_game(children=("mike", "daphne", "ray"), mode=Mode.SEMI)
    s = put(s, daphne="7")
    s = child(s, "daphne", objectives=("red",), has_key=True)
    before = s.room("7").stack  # type: ignore[union-attr]
    s = play(s, I.ApplyEffects("daphne", (Effect("lose_status", 3),)))
    d = s.child("daphne")
    assert d.removed and d.candy == 0 and d.objectives == () and not d.has_key and d.nightmare == ""
    assert s.room("7").stack == before + (RED, SearchToken("skeleton_key"))  # type: ignore[union-attr]
    assert s.player_run and s.boogeyman_seat == "daphne"
    assert s.order == ("ray", "mike") and s.active == "ray"
    # Only the first one: later a child just Passes Out.
    s = play(s, I.ApplyEffects("mike", (Effect("lose_status", 3),)))
    assert s.child("mike").passed_out and not s.child("mike").removed


def test_competitive_boogeyman_hides_objectives_trap_door_and_key() -> None:
    # "The Boogeyman personally selects the Objectives, Trap Door Token and Skeleton Key Token ...
    # and places them in numbered Rooms of its choice, filling the rest of the Rooms with random
    # Search tokens."
    s = new_game(mode=Mode.COMPETITIVE)
    with pytest.raises(IllegalInput, match="placement"):
        play(s, I.Move("mike", "1"))
    with pytest.raises(IllegalInput, match="exactly 3"):
        play(s, I.HideTokensInput(("1",), "4", "6"))
    with pytest.raises(IllegalInput, match="holds only 2"):
        play(s, I.HideTokensInput(("1", "1", "1"), "4", "6"))
    with pytest.raises(IllegalInput, match="not a numbered Room"):
        play(s, I.HideTokensInput(("1", "2", "C1"), "4", "6"))
    s = play(s, I.HideTokensInput(("11", "11", "17"), "23", "9"))
    kinds = {z: sorted(t.kind for t in r.stack) for z, r in s.rooms}
    assert kinds["11"] == ["objective", "objective"]
    assert "objective" in kinds["17"] and "trap_door" in kinds["23"] and "skeleton_key" in kinds["9"]
    assert all(len(r.stack) == 2 for _, r in s.rooms)
    # "The Boogeyman player chooses the Room tokens" (the chart): the first one too.
    assert s.phase == Phase.PLACEMENT and s.ladder == () and s.pending == (ChooseRoomTokens(1),)
    s = play(s, I.PlaceRoomTokens(("17",)))
    assert s.phase == Phase.PLAY and [t.room for t in s.ladder] == ["17"] and s.active == "mike"


def test_every_token_stacked_before_the_mission_the_first_child_there_leads() -> None:
    # The Leader is "the first Child who reaches the Room with the Finale token carrying an Objective
    # token" after the Mission; with all three already stacked there is nothing left to carry, so
    # the first child in the room leads (docs/rules.md).
    s = three_objectives(new_game())
    s = replace(s, finale_room="4")
    s = put(s, mike="C1", daphne="C1")
    s = child(s, "daphne", objectives=())
    s = replace(s, finale_stack=("red", "red"))
    s = play(s, I.Move("mike", "4"))
    assert s.finale_stack == ("red", "red", "red") and s.leader == ""
    s = play(s, I.MissionComplete())
    assert s.leader == "mike"
    s = play(s, I.StartFinale("mike"))
    assert s.phase == Phase.FINALE


def test_all_stacked_and_nobody_there_the_next_to_arrive_leads() -> None:
    s = three_objectives(new_game())
    s = replace(s, finale_room="4", finale_stack=("red", "red", "red"))
    s = child(put(s, mike="C1", daphne="C1"), "daphne", objectives=())
    s = child(s, "mike", objectives=())
    s = play(s, I.MissionComplete())
    assert s.leader == ""
    s = play(s, I.Move("mike", "4"))
    assert s.leader == "mike"


# Issue 25 #16: the token the table turned over is the one the device's model loses.
NOISE_1 = SearchToken("noise", value=1)
CANDY = SearchToken("candy")


def _competitive_room_10(*stack: SearchToken, **kw: int):  # type: ignore[no-untyped-def]
    s = new_game(("daphne", "leila", "tommy"), mode=Mode.COMPETITIVE, **kw)
    s = play(s, I.HideTokensInput(("11", "11", "17"), "23", "9"), I.PlaceRoomTokens(("17",)))
    s = replace(s, turn=s.order.index("tommy"), actions_left=3)
    return clear_room(put(s, tommy="10", babysitter="1"), "10", *stack)


def test_a_scanned_search_token_is_the_one_taken_from_the_room() -> None:
    # "Search a Room: ... When you search, you take the top Search token from the Room you are in"
    # (The Children's Actions): the top of the *physical* stack, which the table turns over and
    # scans. Competitive set-up: the Boogeyman "places them in numbered Rooms of its choice,
    # filling the rest of the Rooms with random Search tokens", face down, so the order of a
    # stack is nobody's knowledge: the token shown is the one that leaves the room.
    for stack in ((RED, NOISE_1), (NOISE_1, RED)):
        s = play(_competitive_room_10(*stack), I.Search("tommy", NOISE_1))
        assert s.room("10").stack == (RED,)  # type: ignore[union-attr]
        s = play(_competitive_room_10(*stack), I.Search("tommy", RED))
        assert s.room("10").stack == (NOISE_1,)  # type: ignore[union-attr]
        assert s.child("tommy").objectives == ("red",)


def test_a_scanned_token_the_model_did_not_hold_takes_a_random_one_not_a_placed_one() -> None:
    # Room 10 holds the Boogeyman's red Objective and a noise 1; Tommy turns over Candy (the
    # device's guess of the random token was wrong). Whatever the order of the two, the Objective
    # the Boogeyman placed stays in Room 10, on the Boogeyman player's private screen too
    # (seed 763647586's twins: in one the Objective vanished from the private map).
    from companion.games.boogeyman.protocol import BOOGEYMAN
    from companion.games.boogeyman.game import RULES

    after = [play(_competitive_room_10(*stack), I.Search("tommy", CANDY)) for stack in ((RED, NOISE_1), (NOISE_1, RED))]
    for s in after:
        assert s.room("10").stack == (RED,)  # type: ignore[union-attr]
        assert s.child("tommy").objectives == ()
    assert RULES.observe(after[0], BOOGEYMAN) == RULES.observe(after[1], BOOGEYMAN)


def test_the_old_reading_takes_the_top_token_whichever_was_scanned() -> None:
    # Games recorded under rules versions 1 and 2 (before issue 25 #16) keep their reading: the
    # top token leaves the room, whichever was scanned.
    s = play(_competitive_room_10(RED, NOISE_1, rules_version=2), I.Search("tommy", NOISE_1))
    assert s.room("10").stack == (NOISE_1,)  # type: ignore[union-attr]
    assert _competitive_room_10(RED).options.rules_version >= 3  # new games: the scanned token (3 on)
