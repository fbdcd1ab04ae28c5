"""Monster Mayhem cards, Landmark safety and the two cards played during other players' turns
(test track: Landmarks 6, 12, 20, 28, 34; STEAL 4, 9, 16, 25, 31, 37)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalInput
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.game import RULES
from companion.games.goosebumps.state import DrawStep, ReactStep, TargetStep

from gsb_helpers import GRAVEYARD, HIGHSCHOOL, POLICE, STINES_HOUSE, deal, play, scene, waiting, where

REST = ("1", "2", "3", "5")
BOB = ("6", "6", "5", "2", "1")
CAT = ("2", "3", "3", "5")


def test_every_player_follows_a_monster_mayhem_card() -> None:
    """GSB-12 and GSB-26, Taking a Turn, way 3 / Moving Back, way 2: "If you play a Monster Mayhem
    card, all players must follow the instructions on it" - R.L. Stine! moves everyone back."""
    state = play(scene([8, 10, 18], [("stine",) + REST, BOB, CAT]), I.Play(("stine",)), I.React(False),
                 I.React(False))
    assert where(state) == {"Ann": 3, "Bob": 5, "Cat": 13}


def test_landmarks_are_safe_from_monster_mayhem() -> None:
    """GSB-13, way 3 / Landmarks: "If you are on a Landmark you are safe from the effects of Monster
    Mayhem cards": nobody on a Landmark moves back, and is not even asked to answer."""
    state = play(scene([8, POLICE, 17], [("stine",) + REST, BOB, CAT]), I.Play(("stine",)))
    assert waiting(state) == ("react", "Cat")  # Bob, on a Landmark, has nothing to answer
    state = play(state, I.React(False))
    assert where(state) == {"Ann": 3, "Bob": POLICE, "Cat": 12}


def test_found_your_book_reaches_the_lead_player_even_on_a_landmark() -> None:
    """GSB-13 ("except the Found Your Book card") and GSB-33: "Move ahead 6 and send the lead player
    back to their previous Landmark (even if they are on another Landmark)"."""
    state = play(scene([2, GRAVEYARD, 10], [("book",) + REST, BOB, CAT]), I.Play(("book",)))
    assert where(state)["Ann"] == 8
    assert waiting(state) == ("react", "Bob")  # Bob may answer with Gnomies (GSB-36)
    state = play(state, I.React(False))
    assert where(state) == {"Ann": 8, "Bob": POLICE, "Cat": 10}


def test_found_your_book_by_the_lead_player_sends_back_the_player_immediately_behind() -> None:
    """GSB-34: "If you are the lead player, move the player immediately behind you to their last
    landmark"."""
    state = play(scene([24, 22, 10], [("book",) + REST, BOB, CAT]), I.Play(("book",)), I.React(False))
    assert where(state) == {"Ann": 30, "Bob": GRAVEYARD, "Cat": 10}


def test_found_your_book_with_no_landmark_behind_sends_to_start() -> None:
    """GSB-G13: "previous" and "last" Landmark both mean the nearest one behind; with none, START
    (no_landmark_behind="stay": the player stays)."""
    state = play(scene([0, 5], [("book",) + REST, BOB]), I.Play(("book",)))
    assert where(state)["Ann"] == STINES_HOUSE and waiting(state) == ("react", "Bob")
    assert where(play(state, I.React(False))) == {"Ann": STINES_HOUSE, "Bob": 0}
    stay = play(scene([0, 5], [("book",) + REST, BOB], no_landmark_behind="stay"), I.Play(("book",)))
    assert where(stay) == {"Ann": STINES_HOUSE, "Bob": 5} and waiting(stay) == ("draw", "Bob")


def test_a_tie_for_the_lead_the_cards_player_chooses() -> None:
    """GSB-G14: Bob and Cat share the Highschool; Ann picks who goes back (lead_tie="all": both)."""
    state = play(scene([2, HIGHSCHOOL, HIGHSCHOOL], [("book",) + REST, BOB, CAT]), I.Play(("book",)))
    assert state.queue[0] == TargetStep(0, (1, 2))
    assert RULES.legal_inputs(state, "Ann") == [I.Target("Bob"), I.Target("Cat")]
    with pytest.raises(IllegalInput, match="not among the lead"):
        RULES.apply(state, I.Target("Ann"))
    state = play(state, I.Target("Cat"), I.React(False))
    assert where(state) == {"Ann": 8, "Bob": HIGHSCHOOL, "Cat": GRAVEYARD}
    both = play(scene([2, HIGHSCHOOL, HIGHSCHOOL], [("book",) + REST, BOB, CAT], lead_tie="all"),
                I.Play(("book",)), I.React(False), I.React(False))
    assert where(both) == {"Ann": 8, "Bob": GRAVEYARD, "Cat": GRAVEYARD}


def test_pal_of_the_praying_mantis_proceeds_to_the_next_landmark() -> None:
    """GSB-31: "Nothings gets in your way when you're with the biggest monster on the block. Proceed
    to the next Landmark."."""
    state = play(scene([7, 0], [("pal",) + REST, BOB]), I.Play(("pal",)))
    assert where(state)["Ann"] == POLICE
    from_landmark = play(scene([POLICE, 0], [("pal",) + REST, BOB]), I.Play(("pal",)))
    assert where(from_landmark)["Ann"] == GRAVEYARD


def test_a_players_own_card_moves_them_off_a_landmark() -> None:
    """Not in the checklist: Landmark safety shields from being moved by Monster Mayhem; the card's
    own move forward (Pal, Haunted Car, Found Your Book!) still takes its player off a Landmark
    (own_card_from_landmark=False: it does not)."""
    stuck = play(scene([POLICE, 0], [("pal",) + REST, BOB], own_card_from_landmark=False), I.Play(("pal",)))
    assert where(stuck)["Ann"] == POLICE and any("no effect" in n for n in stuck.notices)


def test_the_haunted_car_passes_the_player_immediately_ahead() -> None:
    """GSB-32: "Pass the player immediately ahead and take the space in front of them. If you are in
    the lead, you might want to save this card until someone passes you, or it has no effect."."""
    state = play(scene([2, 10, 17], [("car",) + REST, BOB, CAT]), I.Play(("car",)))
    assert where(state) == {"Ann": 11, "Bob": 10, "Cat": 17}
    lead = play(scene([18, 10, 17], [("car",) + REST, BOB, CAT]), I.Play(("car",)))
    assert where(lead)["Ann"] == 18 and any("no effect" in n for n in lead.notices)


def test_the_haunted_car_onto_an_occupied_space_is_an_ordinary_bump() -> None:
    """GSB-G15: the space in front of the player ahead holds Cat: Ann takes it and Cat goes back
    to where Ann came from."""
    state = play(scene([2, 10, 11], [("car",) + REST, BOB, CAT]), I.Play(("car",)))
    assert where(state) == {"Ann": 11, "Bob": 10, "Cat": 2}


def test_r_l_stine_moves_everyone_back_five_even_its_player() -> None:
    """GSB-35: "RUN AWAY! All players move back 5 spaces (even you). Helpful Hint: This card applies
    to you too, so you might want to save it for when you are on a Landmark and safe from it's
    effect."."""
    state = play(scene([8, 18], [("stine",) + REST, BOB]), I.Play(("stine",)), I.React(False))
    assert where(state) == {"Ann": 3, "Bob": 13}
    safe = play(scene([POLICE, 18], [("stine",) + REST, BOB]), I.Play(("stine",)), I.React(False))
    assert where(safe) == {"Ann": POLICE, "Bob": 13}


def test_gnomies_protect_only_the_player_who_plays_them() -> None:
    """GSB-36: "Play to block any attempt to move you using a Monster Mayhem card. Protection from:
    Freeze Ray, Found Your Book, and R.L.Stine cards." - Bob is protected, Cat is not."""
    state = play(scene([8, 18, 17], [("stine",) + REST, ("gnomies",) + BOB[:4], CAT]), I.Play(("stine",)))
    assert isinstance(state.queue[0], ReactStep) and state.queue[0].card == "gnomies"
    state = play(state, I.React(True))
    assert "gnomies" in state.discard and waiting(state) == ("react", "Cat")
    state = play(state, I.React(False))
    assert where(state) == {"Ann": 3, "Bob": 18, "Cat": 12}
    with pytest.raises(IllegalInput, match="cannot give up Rollin"):
        play(scene([8, 18], [("stine",) + REST, BOB]), I.Play(("stine",)), I.React(True))


def test_gnomies_block_found_your_book() -> None:
    """GSB-36: the lead player answers Found Your Book! with Gnomies and stays."""
    state = play(scene([2, GRAVEYARD], [("book",) + REST, ("gnomies", "1", "2", "3")]), I.Play(("book",)),
                 I.React(True))
    assert where(state) == {"Ann": 8, "Bob": GRAVEYARD}


def test_freeze_ray_cancels_a_three_of_a_kind_and_play_moves_to_its_player() -> None:
    """GSB-37/38, Freeze Ray!: "Stay where you are! Cancels a Three-of-a-Kind and now it's your turn!
    The player who played 3 of a Kind immediately loses their turn and does not move to the next
    Landmark. Play moves to the player that used the Freeze Ray card."

    Ann plays three 2s; Bob lets it pass; Cat plays Freeze Ray!. Ann stays, Dan is not asked, the
    turn goes to Cat (Bob is skipped), and after Cat comes Dan."""
    hands = [("2", "2", "2", "1", "3"), BOB, ("freeze",) + CAT[:3], ("1", "1", "5", "5")]
    state = play(scene([7, 0, 0, 0], hands), I.Play(("2", "2", "2")))
    assert waiting(state) == ("react", "Bob")
    state = play(state, I.React(False))
    assert waiting(state) == ("react", "Cat")
    state = play(state, I.React(True))
    assert waiting(state) == ("react", "Ann")  # may Ann answer the Freeze Ray! with Gnomies? (GSB-G19)
    state = play(state, I.React(False))
    assert where(state)["Ann"] == 7
    assert state.queue[0] == DrawStep(2, 2, "turn")  # Cat: three cards left, picks up two
    assert state.why == "freeze" and "Bob skipped" in state.because
    assert RULES.observe(state, "Dan")["turn"]["why"] == "freeze"
    assert state.discard == ("2", "2", "2", "freeze")  # GSB-G18: the frozen three are discarded
    state = play(deal(state), I.Play(("3",)))
    assert waiting(state) == ("draw", "Dan")


def test_the_frozen_player_may_answer_freeze_ray_with_gnomies() -> None:
    """GSB-G19 with GSB-36 (Freeze Ray among Gnomies' protections): Ann blocks the Freeze Ray! and
    moves on; play continues to her left as usual."""
    hands = [("2", "2", "2", "gnomies", "3"), ("freeze", "1", "2", "3")]
    state = play(scene([7, 0], hands), I.Play(("2", "2", "2")), I.React(True), I.React(True))
    assert where(state)["Ann"] == POLICE and waiting(state) == ("draw", "Bob")
    off = play(scene([7, 0], hands, gnomies_vs_freeze=False), I.Play(("2", "2", "2")), I.React(True))
    assert where(off)["Ann"] == 7 and waiting(off) == ("draw", "Bob") and off.why == "freeze"


def test_freeze_ray_answers_only_a_three_of_a_kind() -> None:
    """GSB-G18: no window after a numbered card; freeze_discards_three=False gives the frozen three
    back to their player."""
    state = play(scene([7, 0], [("2", "2", "2", "1", "3"), ("freeze", "1", "2", "3")]), I.Play(("1",)))
    assert waiting(state) == ("draw", "Bob")
    back = play(scene([7, 0], [("2", "2", "2", "1", "3"), ("freeze", "1", "2", "3")],
                      freeze_discards_three=False), I.Play(("2", "2", "2")), I.React(True), I.React(False))
    assert sorted(back.hands[0]) == ["1", "2", "2", "2", "3"] and back.discard == ("freeze",)


def test_no_window_opens_when_every_copy_of_the_answer_is_in_the_discard_pile() -> None:
    """GSB-15: "there are 2 Monster Mayhem cards that you can play during other players' turns" -
    the device asks after every play they could answer, unless the discard pile (public) shows
    they are all gone; whether a player holds one never decides it."""
    gone = play(scene([7, 0], [("2", "2", "2", "1", "3"), BOB], discard=("freeze",)), I.Play(("2", "2", "2")))
    assert where(gone)["Ann"] == POLICE and waiting(gone) == ("draw", "Bob")
    asked = play(scene([7, 0], [("2", "2", "2", "1", "3"), BOB]), I.Play(("2", "2", "2")))
    assert waiting(asked) == ("react", "Bob") and RULES.legal_inputs(asked, "Bob") == [I.React(False)]


def test_gnomies_and_freeze_ray_are_played_only_during_other_players_turns() -> None:
    """GSB-39: "Play these cards during your turn" (Pal, Haunted Car, Found Your Book!, R.L. Stine!) /
    "Play these cards during other players' turns" (Gnomies, Freeze Ray!)."""
    state = scene([0, 0], [("gnomies", "freeze", "pal", "1", "2"), BOB])
    legal = [i.cards for i in RULES.legal_inputs(state, "Ann") if isinstance(i, I.Play)]
    assert ("gnomies",) not in legal and ("freeze",) not in legal and ("pal",) in legal
    for card in ("gnomies", "freeze"):
        with pytest.raises(IllegalInput, match="other players' turns"):
            RULES.apply(state, I.Play((card,)))


def test_moving_back_onto_an_occupied_space_goes_to_the_first_free_space_behind() -> None:
    """GSB-G12: a bump sends the occupant forward, against "Moving Back"; so a player moved back
    onto an occupied space goes on to the first free space behind it (backward_onto_occupied=
    "bump": the occupant goes to the mover's previous space, as the bump rule reads)."""
    hands = [("stine",) + REST, BOB, ("gnomies",) + CAT[:3]]
    state = play(scene([10, 8, 3], hands), I.Play(("stine",)), I.React(False), I.React(True))
    assert where(state) == {"Ann": 5, "Bob": 2, "Cat": 3}
    literal = play(scene([10, 8, 3], hands, backward_onto_occupied="bump"), I.Play(("stine",)),
                   I.React(False), I.React(True))
    assert where(literal) == {"Ann": 5, "Bob": 3, "Cat": 8}
