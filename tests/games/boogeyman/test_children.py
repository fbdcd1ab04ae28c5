"""'The Play of the Game', 'The Children's Actions', 'Free Actions', 'The Children's State of Mind'."""

import pytest

from companion.core.errors import IllegalInput, NotYourTurn
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.state import DrawCard, Effect, Switch, SearchToken

from bgm_helpers import child, clear_room, new_game, play, put, room


def test_flashlight_holder_first_then_clockwise_three_actions_each() -> None:
    # "The first player (the holder of the Flashlight token) goes first ... proceeding clockwise"
    s = new_game(children=("leila", "mike", "ray"))
    assert s.active == "leila"
    s = play(s, I.Move("leila", "1"), I.Move("leila", "C1"), I.Move("leila", "2"))
    assert s.actions_left == 0
    with pytest.raises(IllegalInput, match="no Actions left"):
        play(s, I.Move("leila", "C1"))
    s = play(s, I.EndTurn())
    assert s.active == "mike" and s.actions_left == 3


def test_moving_costs_one_action_per_passage_and_only_to_adjacent_zones() -> None:
    # "Each Passage you move through costs 1 Action."
    s = new_game()
    s2 = play(s, I.Move("mike", "3"))
    assert s2.child("mike").zone == "3" and s2.actions_left == 2
    with pytest.raises(IllegalInput, match="not next to"):
        play(s, I.Move("mike", "16"))
    with pytest.raises(IllegalInput, match="no zone"):
        play(s, I.Move("mike", "99"))


def test_only_the_active_child_acts() -> None:
    s = new_game()
    with pytest.raises(NotYourTurn):
        play(s, I.Move("daphne", "1"))
    with pytest.raises(IllegalInput, match="no child called"):
        play(s, I.Move("bob", "1"))


def test_an_illegal_input_leaves_the_state_untouched() -> None:
    s = new_game()
    before = s
    with pytest.raises(IllegalInput):
        play(s, I.Search("mike"))  # C1 is a corridor: nothing to search
    assert s == before


def test_search_needs_the_light_token_removed_first_and_draws_its_card() -> None:
    # "If you want to search a Room, you must first remove any Light/Dark token in that Room!"
    s = put(new_game(), mike="1")
    s = room(s, "1", lock=False)
    with pytest.raises(IllegalInput, match="Light/Dark"):
        play(s, I.Search("mike"))
    s = play(s, I.FlipSwitch("mike"))
    assert s.room("1").switch is None  # type: ignore[union-attr]
    assert s.pending == (DrawCard("LGHT", "mike"),)
    s = play(s, I.CardDrawn("BGM:LGHT:04"))
    assert s.pending == () and s.actions_left == 2


def test_a_dark_token_draws_a_dark_card() -> None:
    s = room(put(new_game(), mike="1"), "1", switch=Switch.DARK)
    s = play(s, I.FlipSwitch("mike"))
    assert s.pending == (DrawCard("DARK", "mike"),)
    with pytest.raises(IllegalInput, match="expected a Dark card"):
        play(s, I.CardDrawn("BGM:LGHT:01"))


def test_a_lock_must_be_removed_before_searching() -> None:
    # "If there is a Lock token on top of the Room's stack, you cannot access the tokens beneath it"
    s = room(put(new_game(), mike="2"), "2", switch=None, lock=True)
    with pytest.raises(IllegalInput, match="Lock"):
        play(s, I.Search("mike"))


def test_candy_found_is_capped_by_status() -> None:
    # "Scared ... can only hold up to 2 Candy tokens at a time."
    s = clear_room(put(new_game(), mike="1"), "1", SearchToken("candy"), SearchToken("candy"))
    s = child(s, "mike", status=2, candy=2)
    s = play(s, I.Search("mike"))
    assert s.child("mike").candy == 2
    s = child(s, "mike", candy=1)
    s = play(s, I.Search("mike"))
    assert s.child("mike").candy == 2


def test_losing_a_status_card_lowers_the_candy_cap_at_once() -> None:
    # "losing a Status not only risks losing your special ability, but you could also lose Candy tokens!"
    s = new_game()
    s = play(s, I.ApplyEffects("mike", (Effect("lose_status", 2),)))
    assert s.child("mike").status == 1 and s.child("mike").candy == 1


def test_losing_terrified_passes_out_and_the_next_turn_draws_a_nightmare() -> None:
    # "If a Child loses their last Status card (Terrified), they immediately Pass Out"
    # "The next time the Passed Out Child's turn comes up, they must draw 1 Nightmare card"
    s = new_game()
    s = play(s, I.ApplyEffects("daphne", (Effect("lose_status", 3),)))
    assert s.child("daphne").passed_out
    s = play(s, I.EndTurn())
    # The game draws it "randomly": the table draws the top Nightmare card and says which it was.
    assert s.active == "daphne" and s.pending == (DrawCard("NGHT", "daphne"),)
    s = play(s, I.CardDrawn("BGM:NGHT:06", name="Whispers"))
    assert s.child("daphne").nightmare == "BGM:NGHT:06"
    assert any("Nightmare on Daphne: Whispers" in n for n in s.notices)
    with pytest.raises(IllegalInput, match="Passed Out"):
        play(s, I.Move("daphne", "1"))
    first = s.child("daphne").nightmare
    s = play(s, I.EndTurn())
    s = play(s, I.EndTurn())
    # "A Nightmare card ... generates the same effect each time that Child's turn comes up"
    assert s.child("daphne").nightmare == first


def test_reviving_a_passed_out_friend_in_the_same_zone() -> None:
    s = new_game()
    s = play(s, I.ApplyEffects("daphne", (Effect("lose_status", 3),)))
    s = play(s, I.EndTurn(), I.CardDrawn("BGM:NGHT:02"), I.EndTurn())  # Daphne's Nightmare, round ends
    assert s.active == "mike"
    card = s.child("daphne").nightmare
    s = play(s, I.Revive("mike", "daphne"))
    d = s.child("daphne")
    assert d.status == 1 and not d.passed_out and d.nightmare == ""
    assert card in s.deck("NGHT").discard
    with pytest.raises(IllegalInput, match="not Passed Out"):
        play(s, I.Revive("mike", "daphne"))


def test_candy_changes_the_die_after_seeing_it_daphne_example() -> None:
    # Example: Daphne rolls a 6 to break a Lock; she spends 2 Candy to make it 4 and the Babysitter
    # stays outside her room. The Lock breaks.
    s = new_game(children=("daphne", "mike"))
    # Room 12 is 5 passages from Room 21 (12-C3-C1-C2-C5-21): a 6 would reach her.
    s = put(s, daphne="12", mike="4", babysitter="21")
    s = room(s, "12", switch=None, lock=True)
    s = play(s, I.BreakLock("daphne"), I.RollDie(6))
    assert s.pending[0].kind == "adjust_roll"
    with pytest.raises(IllegalInput, match="only 3 Candy"):
        play(s, I.SpendCandy(-4))
    s = play(s, I.SpendCandy(-2))
    assert s.child("daphne").candy == 1
    assert s.babysitter == "C3"  # 4 rooms along the shortest path, one short of her
    assert s.room("12").lock is False  # type: ignore[union-attr]
    assert s.pending == () and s.active == "daphne"


def test_a_roll_that_brings_her_in_keeps_the_lock_and_ends_the_turn() -> None:
    s = new_game(children=("daphne", "mike"))
    s = put(s, daphne="1", mike="4", babysitter="21")
    s = room(s, "1", switch=None, lock=True)
    s = play(s, I.BreakLock("daphne"), I.RollDie(6), I.SpendCandy(0))
    assert s.babysitter == "1" and s.room("1").lock  # type: ignore[union-attr]
    assert s.pending == (DrawCard("SITR", "daphne", encounter=True, ends_turn=True),)
    s = play(s, I.CardDrawn("BGM:SITR:02"))
    assert s.stress_babysitter == 1 and s.active == "mike"


def test_free_action_use_the_skeleton_key_to_open_the_attic() -> None:
    # "The player who has the key may go to the attic and place the key on the lock"
    s = put(new_game(), mike="C4")
    with pytest.raises(IllegalInput, match="padlocked"):
        play(s, I.Move("mike", "5"))
    with pytest.raises(IllegalInput, match="does not have"):
        play(s, I.UseKey("mike"))
    s = child(s, "mike", has_key=True)
    s = play(s, I.UseKey("mike"))
    assert s.attic_unlocked and s.actions_left == 3  # a Free Action
    s = play(s, I.Move("mike", "5"))
    assert s.child("mike").zone == "5"


def test_the_key_must_be_used_next_to_the_attic() -> None:
    s = child(put(new_game(), mike="C1"), "mike", has_key=True)
    with pytest.raises(IllegalInput, match="next to the Attic"):
        play(s, I.UseKey("mike"))


def test_the_secret_room_only_through_the_revealed_trap_door() -> None:
    # "Otherwise, the Secret Room is completely inaccessible."
    s = clear_room(put(new_game(), mike="3"), "3", SearchToken("trap_door"))
    with pytest.raises(IllegalInput, match="Trap Door"):
        play(s, I.Move("mike", "20"))
    s = play(s, I.Search("mike"))
    assert s.trap_door == "3"
    s = play(s, I.Move("mike", "20"), I.Move("mike", "3"))
    assert s.child("mike").zone == "3" and s.actions_left == 0


def test_objective_and_key_tokens_are_kept() -> None:
    s = clear_room(put(new_game(), mike="3"), "3", SearchToken("objective", colour="red"), SearchToken("skeleton_key"))
    s = play(s, I.Search("mike"), I.Search("mike"))
    m = s.child("mike")
    assert m.objectives == ("red",) and m.has_key


def test_nothing_left_to_search() -> None:
    s = clear_room(put(new_game(), mike="3"), "3")
    with pytest.raises(IllegalInput, match="nothing left"):
        play(s, I.Search("mike"))


def test_playing_a_search_card_with_effects() -> None:
    s = play(new_game(), I.PlayCard("mike", "BGM:SRCH:09", (Effect("extra_actions", 2), Effect("gain_candy", 5))))
    assert s.actions_left == 5 and s.child("mike").candy == 3
    with pytest.raises(IllegalInput, match="not a Search card"):
        play(s, I.PlayCard("mike", "BGM:DARK:01"))
    with pytest.raises(IllegalInput, match="unknown card effect"):
        play(s, I.PlayCard("mike", "BGM:SRCH:01", (Effect("fly"),)))


def test_no_reviving_under_the_babysitters_nose() -> None:
    # "If you begin your turn in the same Room as the Babysitter ..., you cannot take any Actions in that Room."
    s = new_game()
    s = play(s, I.ApplyEffects("daphne", (Effect("lose_status", 3),)))
    s = play(s, I.EndTurn(), I.CardDrawn("BGM:NGHT:02"), I.EndTurn())
    s = put(s, babysitter="C1")
    with pytest.raises(IllegalInput, match="cannot act"):
        play(s, I.Revive("mike", "daphne"))
