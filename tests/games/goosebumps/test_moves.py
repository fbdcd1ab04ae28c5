"""Moving along the trail: numbered cards, Landmarks and another turn, three of a kind, bumps,
the Graveyard shortcut and THE END (test track: see gsb_helpers.py)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalInput
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.game import RULES
from companion.games.goosebumps.state import DrawStep, Phase

from gsb_helpers import (
    END,
    GRAVEYARD,
    HIGHSCHOOL,
    PARK,
    POLICE,
    SIGN,
    STINES_HOUSE,
    TOMBSTONE,
    deal,
    play,
    scene,
    waiting,
    where,
)

ANN = ("1", "2", "3", "4", "5")
BOB = ("6", "6", "5", "2", "1")


def test_players_follow_the_trail_and_a_numbered_card_moves_that_many_spaces() -> None:
    """GSB-08/09, Taking a Turn, way 1: "Play a numbered card from your hand. Example: play a 3,
    move forward three spaces"."""
    state = play(scene([0, 0], [ANN, BOB]), I.Play(("3",)))
    assert where(state) == {"Ann": 3, "Bob": 0}
    assert "3" not in state.hands[0] and state.discard == ("3",)


def test_landing_on_a_landmark_with_a_numbered_card_gives_another_turn_draw_one_and_play_again() -> None:
    """GSB-10, way 1: "If you land on a Landmark at the completion of your move, you must take
    another turn. Draw a card and play again." (GSB-G6: draw one card)."""
    state = play(scene([1, 0], [ANN, BOB]), I.Play(("5",)))
    assert where(state)["Ann"] == STINES_HOUSE
    assert state.queue[0] == DrawStep(0, 1, "extra")
    assert state.why == "extra" and "another turn" in state.because
    obs = RULES.observe(state, "Bob")
    assert obs["turn"] == {"seat": "Ann", "why": "extra", "because": state.because, "continues_left_of": "Ann"}
    state = deal(state)
    assert waiting(state) == ("play", "Ann") and len(state.hands[0]) == 5


def test_extra_turn_draw_can_refill_to_five_instead() -> None:
    """GSB-G6 setting: extra_turn_draw="refill" picks up to five (here after three of a kind)."""
    state = scene([0, 0], [("2", "2", "2", "3", "4"), BOB], extra_turn_on="any", extra_turn_draw="refill")
    state = play(state, I.Play(("2", "2", "2")), I.React(False))
    assert where(state)["Ann"] == STINES_HOUSE and state.queue[0] == DrawStep(0, 3, "extra")


def test_only_numbered_cards_give_the_extra_turn_by_default() -> None:
    """GSB-G5: the rule sits under way 1; three of a kind and Pal do not give another turn unless
    extra_turn_on="any"."""
    state = play(scene([2, 0], [("pal", "2", "3", "4", "5"), BOB]), I.Play(("pal",)))
    assert where(state)["Ann"] == STINES_HOUSE and waiting(state) == ("draw", "Bob")
    state = play(scene([2, 0], [("pal", "2", "3", "4", "5"), BOB], extra_turn_on="any"), I.Play(("pal",)))
    assert waiting(state) == ("draw", "Ann") and state.why == "extra"


def test_three_of_a_kind_moves_directly_to_the_next_landmark() -> None:
    """GSB-11, way 2: "If a player collects three cards of the same number, they may play all
    three at once to move directly to the next Landmark"."""
    state = play(scene([7, 0], [("4", "4", "4", "1", "2"), BOB]), I.Play(("4", "4", "4")))
    assert waiting(state) == ("react", "Bob")  # the Freeze Ray! window (GSB-37)
    state = play(state, I.React(False))
    assert where(state)["Ann"] == POLICE and state.discard == ("4", "4", "4")
    with pytest.raises(IllegalInput, match="three equal numbers"):
        play(scene([7, 0], [("4", "4", "3", "1", "2"), BOB]), I.Play(("4", "4", "3")))
    with pytest.raises(IllegalInput, match="cannot give up three 4s"):
        play(scene([7, 0], [("4", "4", "3", "1", "2"), BOB]), I.Play(("4", "4", "4")))


def test_three_of_a_kind_cannot_reach_the_end() -> None:
    """GSB-18 and GSB-G17: "The End is NOT a Landmark and 3 of a Kind ... cannot be used to reach
    it": with no Landmark ahead, three of a kind is not a play."""
    state = scene([PARK + 1, 0], [("4", "4", "4", "1", "2"), BOB])
    with pytest.raises(IllegalInput, match="no Landmark ahead"):
        play(state, I.Play(("4", "4", "4")))
    assert ("4", "4", "4") not in [getattr(i, "cards", ()) for i in RULES.legal_inputs(state, "Ann")]
    lenient = scene([PARK + 1, 0], [("4", "4", "4", "1", "2"), BOB], no_landmark_ahead="no_effect")
    after = play(lenient, I.Play(("4", "4", "4")))
    assert where(after)["Ann"] == PARK + 1 and waiting(after) == ("draw", "Bob")


def test_one_play_a_turn_then_play_shifts_to_the_left() -> None:
    """GSB-14, Taking a Turn: "After you have played a card (or cards) from your hand and have
    moved accordingly, your turn is over and play shifts to the player on your left"."""
    state = play(scene([0, 0, 0], [ANN, BOB, ("1", "1", "2", "3", "5")]), I.Play(("2",)))
    assert waiting(state) == ("draw", "Bob")
    with pytest.raises(IllegalInput, match="waiting for Bob to pick up cards"):
        RULES.apply(state, I.Play(("3",)))
    state = play(deal(state), I.Play(("1",)))
    assert waiting(state) == ("draw", "Cat")
    with pytest.raises(IllegalInput, match="one card or three"):
        play(scene([0, 0], [ANN, BOB]), I.Play(("1", "2")))


def test_landing_on_an_occupied_space_sends_that_player_back_to_the_movers_previous_space() -> None:
    """GSB-25, Moving Back, way 1: "A player lands exactly on a space occupied by another player
    (other than a Landmark). The player that was landed on must move back to the spot previously
    occupied by the player that landed on them"."""
    state = play(scene([2, 5], [ANN, BOB]), I.Play(("3",)))
    assert where(state) == {"Ann": 5, "Bob": 2}
    assert any("Bob goes back to space 2" in n for n in state.notices)


def test_landmarks_are_the_only_shared_spaces() -> None:
    """GSB-17, Landmarks: "Landmarks are the only spaces that 2 or more players can occupy at the
    same time": landing on a player on a Landmark bumps nobody."""
    state = play(scene([10, POLICE], [ANN, BOB]), I.Play(("2",)))
    assert where(state) == {"Ann": POLICE, "Bob": POLICE}


def test_start_holds_everyone_but_is_not_a_landmark() -> None:
    """GSB-G4: all monsters start on START, so START holds any number of players; it is not a
    Landmark, and a move back past START stops on START."""
    state = scene([0, 2, 3], [ANN, BOB, ("stine", "1", "2", "3", "4")], active=2)
    state = play(state, I.Play(("stine",)))
    assert waiting(state) == ("react", "Bob")  # only Bob may answer: Ann on START does not move
    state = play(state, I.React(False))
    assert where(state) == {"Ann": 0, "Bob": 0, "Cat": 0}  # moving back past START stops on START


def test_the_graveyard_shortcut_is_offered_on_an_exact_landing_and_is_optional() -> None:
    """GSB-19, Shortcut Through the Graveyard: "If you land exactly on the Graveyard Shortcut sign
    on the path then you may proceed to the top tombstone"."""
    state = play(scene([SIGN - 3, 0], [ANN, BOB]), I.Play(("3",)))
    assert waiting(state) == ("shortcut", "Ann") and where(state)["Ann"] == SIGN
    assert "top tombstone" in RULES.observe(state, "Bob")["prompt"]
    took = play(state, I.Shortcut(True))
    assert where(took)["Ann"] == TOMBSTONE and waiting(took) == ("draw", "Bob")
    stayed = play(state, I.Shortcut(False))
    assert where(stayed)["Ann"] == SIGN
    passing = play(scene([SIGN - 3, 0], [ANN, BOB]), I.Play(("4",)))
    assert where(passing)["Ann"] == SIGN + 1  # passing over the sign offers nothing


def test_the_shortcut_bumps_a_player_on_the_tombstone_and_can_be_switched_off() -> None:
    """GSB-19 with GSB-25: the tombstone is a space like another (a player there goes back to
    where the mover came from); shortcut=False plays without it."""
    state = play(scene([SIGN - 2, TOMBSTONE], [ANN, BOB]), I.Play(("2",)), I.Shortcut(True))
    assert where(state) == {"Ann": TOMBSTONE, "Bob": SIGN - 2}
    off = play(scene([SIGN - 2, 0], [ANN, BOB], shortcut=False), I.Play(("2",)))
    assert where(off)["Ann"] == SIGN and waiting(off) == ("draw", "Bob")


def test_the_shortcut_is_not_taken_when_moved_back_onto_the_sign() -> None:
    """GSB-G21: the shortcut applies to forward landings only (shortcut_backward=True: also to
    a player moved back onto the sign)."""
    cards = [ANN, BOB]
    state = play(scene([SIGN, SIGN + 3], cards), I.Play(("3",)))  # Bob goes back onto the sign
    assert where(state) == {"Ann": SIGN + 3, "Bob": SIGN} and waiting(state) == ("draw", "Bob")
    state = play(scene([SIGN, SIGN + 3], cards, shortcut_backward=True), I.Play(("3",)))
    assert waiting(state) == ("shortcut", "Bob")
    assert where(play(state, I.Shortcut(True)))["Bob"] == TOMBSTONE


def test_the_first_to_reach_the_end_wins_with_the_exact_or_a_greater_number() -> None:
    """GSB-27/28, The End: "The first player to reach THE END space wins. You win by playing a card
    with the exact or greater number, needed to land on THE END space"."""
    exact = play(scene([END - 4, 0], [ANN, BOB]), I.Play(("4",)))
    assert exact.phase is Phase.OVER and exact.winner == 0
    greater = play(scene([END - 2, 0], [ANN, BOB]), I.Play(("5",)))
    assert greater.winner == 0 and where(greater)["Ann"] == END
    result = RULES.result(greater)
    assert result is not None and result.winners == ("Ann",) and result.scores == {"Ann": 1.0, "Bob": 0.0}
    assert RULES.to_act(greater).kind == "nobody" and RULES.legal_inputs(greater, "Bob") == []
    with pytest.raises(IllegalInput, match="over"):
        RULES.apply(greater, I.Play(("1",)))


def test_monster_mayhem_cards_cannot_win_the_game() -> None:
    """GSB-29, The End: "You CANNOT use a Monster Mayhem card or 3 of Kind to win the game!"
    (GSB-18): Pal has no Landmark ahead after the last one; Found Your Book! stops short (GSB-G16);
    the Haunted Car cannot take THE END (GSB-G15)."""
    near = scene([PARK + 2, END - 1], [("pal", "book", "car", "1", "1"), BOB])
    legal = [i.cards for i in RULES.legal_inputs(near, "Ann") if isinstance(i, I.Play)]
    assert ("pal",) not in legal and ("book",) in legal and ("car",) in legal
    book = play(near, I.Play(("book",)))  # stops on the last space, bumping Bob there
    assert where(book) == {"Ann": END - 1, "Bob": PARK + 2} and book.phase is Phase.PLAY
    car = play(near, I.Play(("car",)))
    assert where(car)["Ann"] == PARK + 2 and any("cannot reach" in n for n in car.notices)
    strict = scene([PARK + 2, END - 1], [("pal", "book", "car", "1", "1"), BOB], book_near_end="unplayable",
                   car_to_end="unplayable")
    legal = [i.cards for i in RULES.legal_inputs(strict, "Ann") if isinstance(i, I.Play)]
    assert ("book",) not in legal and ("car",) not in legal
    with pytest.raises(IllegalInput, match="THE END"):
        play(strict, I.Play(("book",)))


def test_the_end_is_not_a_landmark_and_the_last_landmark_is_the_amusement_park() -> None:
    """GSB-16 and GSB-18, Landmarks: "The Landmarks on the path are: RL Stine's House, Madison Police
    Station, the Graveyard, the Highschool, and the Amusement Park ... The End is NOT a Landmark"."""
    state = scene([0, 0], [ANN, BOB])
    names = [p["where"] for p in RULES.observe(state, "Ann")["players"]]
    assert names == ["START", "START"]
    from companion.games.goosebumps.board import track_for

    track = track_for(state.options.board)
    assert track.landmarks == (STINES_HOUSE, POLICE, GRAVEYARD, HIGHSCHOOL, PARK)
    assert [track.space_name(s) for s in track.landmarks] == [
        "R.L. Stine's House", "Madison Police Station", "the Graveyard", "the Highschool", "the Amusement Park"]
    assert not track.is_landmark[END] and track.space_name(END) == "THE END"


def test_a_player_with_nothing_playable_passes() -> None:
    """GSB-14 with GSB-39 (not in the checklist): a hand of only out-of-turn cards and unplayable
    Pals cannot make a play; the only input is a pass, and a pass with a playable card is refused."""
    stuck = scene([PARK + 1, 0], [("gnomies", "freeze", "pal", "pal", "pal"), BOB])
    assert RULES.legal_inputs(stuck, "Ann") == [I.Pass()]
    assert waiting(play(stuck, I.Pass())) == ("draw", "Bob")
    with pytest.raises(IllegalInput, match="may pass only when no card in hand may be played"):
        play(scene([0, 0], [ANN, BOB]), I.Pass())
