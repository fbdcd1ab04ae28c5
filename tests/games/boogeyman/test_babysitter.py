"""'The Babysitter': activation by noise, shortest paths, stopping at children, possession."""

import pytest

from companion.core.errors import IllegalInput
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.state import DrawCard, Effect, NeedRoll, SearchToken, SteerBabysitter, TieRoll

from bgm_helpers import clear_room, ladder, new_game, noise, play, put


def test_mike_example_noise_3_with_the_babysitter_3_rooms_away() -> None:
    # Example: Mike reveals a noise value of 3 with the Babysitter 3 Rooms away: she reaches him, he
    # draws a Babysitter card, moves her token up the Stress Scale, and his turn is over.
    s = put(new_game(), mike="1", daphne="C3", babysitter="10")  # 10-C2-C1-1
    s = clear_room(s, "1", noise(3))
    s = play(s, I.Search("mike"))
    assert s.babysitter == "1"
    # A noise token also gives a Search card; then her encounter.
    assert s.pending == (DrawCard("SRCH", "mike"), DrawCard("SITR", "mike", encounter=True, ends_turn=True))
    s = play(s, I.CardDrawn("BGM:SRCH:11"), I.CardDrawn("BGM:SITR:05"))
    assert s.stress_babysitter == 1
    assert s.active == "daphne"


def test_she_moves_only_as_far_as_the_noise() -> None:
    s = put(new_game(), mike="1", daphne="C3", babysitter="10")
    s = clear_room(s, "1", noise(2))
    s = play(s, I.Search("mike"), I.CardDrawn("BGM:SRCH:01"))
    assert s.babysitter == "C1"  # two rooms along 10-C2-C1-1
    assert s.active == "mike" and s.actions_left == 2


def test_she_stops_at_the_first_child_on_her_way() -> None:
    # "If during this move, the Babysitter reaches a Child's miniature, her move ends"
    s = put(new_game(), mike="1", daphne="C1", babysitter="10")
    s = clear_room(s, "1", noise(3))
    s = play(s, I.Search("mike"), I.CardDrawn("BGM:SRCH:01"))
    assert s.babysitter == "C1"
    assert s.pending == (DrawCard("SITR", "daphne", encounter=True),)
    s = play(s, I.CardDrawn("BGM:SITR:01"))
    # Mike made the noise but she did not enter his room: his turn goes on.
    assert s.active == "mike" and s.actions_left == 2


def test_two_children_together_roll_their_own_dice_and_the_lowest_faces_her() -> None:
    # 'Interactions with the Babysitter': "If she encounters two or more Children at the same time,
    # they each have to roll a die and whoever gets the lowest number will be forced to face her".
    # The children roll real dice: the table enters each one (or asks the device).
    s = put(new_game(children=("mike", "daphne", "ray")), mike="1", daphne="C1", ray="C1", babysitter="10")
    s = clear_room(s, "1", noise(3))
    s = play(s, I.Search("mike"), I.CardDrawn("BGM:SRCH:01"))
    assert s.babysitter == "C1"
    assert s.pending == (TieRoll(("daphne", "ray"), "babysitter", noisy="mike"),)
    s = play(s, I.RollDie(5), I.RollDie(2))
    assert s.pending == (DrawCard("SITR", "ray", encounter=True),)
    # Not Mike's turn's business: she did not reach him, so his turn goes on afterwards.
    s = play(s, I.CardDrawn("BGM:SITR:01"))
    assert s.active == "mike" and s.actions_left == 2


def test_a_tie_among_the_lowest_rolls_again() -> None:
    s = put(new_game(children=("mike", "daphne", "ray")), mike="1", daphne="C1", ray="C1", babysitter="10")
    s = clear_room(s, "1", noise(3))
    s = play(s, I.Search("mike"), I.CardDrawn("BGM:SRCH:01"), I.RollDie(3), I.RollDie(3))
    assert s.pending == (TieRoll(("daphne", "ray"), "babysitter", noisy="mike"),)
    s = play(s, I.RollDie(None), I.RollDie(None))  # or the device rolls, when asked
    head = s.pending[0]
    assert isinstance(head, (DrawCard, TieRoll))


def test_candy_changes_your_own_tie_break_die_on_your_turn() -> None:
    # 'Use Candy Tokens' (a Free Action, "On your turn"): "each token you spend equals a +1 or -1
    # for any die and you can spend them after you see the result of your roll".
    s = put(new_game(children=("mike", "daphne", "ray")), mike="1", ray="1", daphne="C3", babysitter="10")
    s = clear_room(s, "1", noise(3))
    s = play(s, I.Search("mike"), I.CardDrawn("BGM:SRCH:01"))
    assert s.babysitter == "1"
    assert s.pending == (TieRoll(("mike", "ray"), "babysitter", candy="mike", noisy="mike"),)
    s = play(s, I.RollDie(2))  # Mike's die shows 2: he may spend Candy on it
    assert isinstance(s.pending[0], TieRoll) and s.pending[0].rolled == 2
    s = play(s, I.SpendCandy(2), I.RollDie(3))  # 2 + 2 = 4 against Ray's 3
    assert s.child("mike").candy == 1
    assert s.pending == (DrawCard("SITR", "ray", encounter=True),)
    # Ray's die is not Mike's: no Candy question for it.


def test_candy_is_not_spent_on_someone_elses_turn() -> None:
    # Candy is a Free Action "during your turn": in Daphne's turn Mike and Ray just roll.
    s = put(new_game(children=("daphne", "mike", "ray")), daphne="3", mike="C1", ray="C1", babysitter="10")
    s = clear_room(s, "3", noise(3))
    s = play(s, I.Search("daphne"), I.CardDrawn("BGM:SRCH:01"))
    assert s.pending == (TieRoll(("mike", "ray"), "babysitter", noisy="daphne"),)
    with pytest.raises(IllegalInput):
        play(s, I.RollDie(1), I.SpendCandy(1))


def test_a_token_without_noise_does_not_wake_her() -> None:
    # "If there is no noise value on the Search token (such as an Objective token), ... she does not move."
    s = put(new_game(), mike="1", babysitter="10")
    s = clear_room(s, "1", SearchToken("objective", colour="red"))
    s = play(s, I.Search("mike"))
    assert s.babysitter == "10"


def test_die_symbol_noise_is_rolled_with_candy_allowed() -> None:
    s = put(new_game(), mike="1", daphne="C3", babysitter="10")
    s = clear_room(s, "1", SearchToken("die"))
    s = play(s, I.Search("mike"), I.CardDrawn("BGM:SRCH:02"))
    assert s.pending == (NeedRoll("mike", "noise"),)
    s = play(s, I.RollDie(3), I.SpendCandy(-1))
    assert s.babysitter == "C1" and s.child("mike").candy == 2


def test_she_takes_the_shortest_path() -> None:
    # "the Babysitter will move, following the shortest path"
    s = put(new_game(), mike="12", daphne="4", babysitter="10")  # 10-C2-C1-C3-12 (C2-C4-C3 is no shorter)
    s = clear_room(s, "12", noise(2))
    s = play(s, I.Search("mike"), I.CardDrawn("BGM:SRCH:01"))
    assert s.babysitter == "C1"


def test_no_actions_in_her_room_but_a_child_may_leave() -> None:
    # "No Child can take any Actions in a Room that the Babysitter is in."
    s = put(new_game(), mike="1", babysitter="1")
    with pytest.raises(IllegalInput, match="Babysitter"):
        play(s, I.FlipSwitch("mike"))
    s = play(s, I.Move("mike", "C1"))
    assert s.child("mike").zone == "C1"


def test_walking_into_her_room_ends_the_turn_with_a_babysitter_card() -> None:
    # "If you move into a Room occupied by the Babysitter ..., your turn ends immediately"
    s = put(new_game(), babysitter="1")
    s = play(s, I.Move("mike", "1"))
    assert s.pending == (DrawCard("SITR", "mike", encounter=True, ends_turn=True),)
    s = play(s, I.CardDrawn("BGM:SITR:03", (Effect("lose_status", 1),)))
    assert s.active == "daphne" and s.child("mike").status == 2 and s.stress_babysitter == 1


def test_with_both_adults_the_child_faces_only_the_babysitter() -> None:
    # "you must face only the Babysitter ... The Boogeyman never reveals itself when both adults and
    # children are together."
    s = put(new_game(), babysitter="1", boogeyman="1")
    s = play(s, I.Move("mike", "1"))
    assert s.pending == (DrawCard("SITR", "mike", encounter=True, ends_turn=True),)


def test_stopping_in_the_boogeymans_room_possesses_her_toward_the_nearest_child() -> None:
    # "If she ends her movement in the same Room as the Boogeyman but there are no Children there,
    # the Babysitter is Possessed. Roll 1 die and move the Babysitter that many Rooms toward the
    # nearest Child."
    s = put(new_game(), mike="1", daphne="16", babysitter="10", boogeyman="C1")
    s = clear_room(s, "1", noise(2))
    s = ladder(s, "24", face_up=True)
    s = play(s, I.Search("mike"))
    assert any("Possessed" in n for n in s.notices)
    s = play(s, I.CardDrawn("BGM:SRCH:01"))
    # "Roll 1 die": the table's die (or the device's when asked), nobody's Candy.
    assert s.pending == (NeedRoll("", "possessed"),)
    s = play(s, I.RollDie(4))
    # From C1 the nearest child is Mike (1 room): any roll reaches him.
    assert s.babysitter == "1"
    assert s.pending == (DrawCard("SITR", "mike", encounter=True, ends_turn=True),)


def test_passing_through_the_boogeymans_room_does_not_possess_her() -> None:
    # "If she only moves through the area without stopping, nothing will happen."
    s = put(new_game(), mike="1", daphne="16", babysitter="10", boogeyman="C2")
    s = clear_room(s, "1", noise(2))
    s = ladder(s, "24", face_up=True)
    s = play(s, I.Search("mike"))
    assert s.babysitter == "C1" and not any("Possessed" in n for n in s.notices)


def test_player_run_boogeyman_steers_the_possessed_babysitter() -> None:
    # "If the Boogeyman is controlled by a player, that player decides where to move the Babysitter"
    from dataclasses import replace

    s = put(new_game(), mike="1", daphne="16", babysitter="10", boogeyman="C1")
    s = replace(s, player_run=True, boogeyman_seat="boogeyman")
    s = clear_room(s, "1", noise(2))
    s = ladder(s, "24", face_up=True)
    s = play(s, I.Search("mike"), I.CardDrawn("BGM:SRCH:01"), I.RollDie(2))
    steer = s.pending[0]
    assert steer == SteerBabysitter(2)
    with pytest.raises(IllegalInput, match="cannot go"):
        play(s, I.SteerBabysitterInput(("16",)))
    s = play(s, I.SteerBabysitterInput(("C3",)))
    assert s.babysitter == "C3"
