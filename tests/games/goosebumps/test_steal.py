"""Steal: landing on a STEAL space, being moved onto one, and who plays next (test track:
STEAL spaces 4, 9, 16, 25, 31, 37)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalInput
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.game import RULES
from companion.games.goosebumps.state import DrawStep, TakeStep

from gsb_helpers import STINES_HOUSE, deal, play, scene, waiting, where

ANN = ("1", "2", "3", "4", "5")
BOB = ("6", "6", "5", "2", "1")
CAT = ("2", "3", "3", "5")


def test_landing_on_steal_the_player_steals_a_card_plays_it_at_once_and_moves_accordingly() -> None:
    """GSB-20, Steal: "If you land on a STEAL space, pick a player (and without looking) steal one
    of their cards. Play it immediately and move accordingly. This might help you take another
    turn or it might not help at all!"."""
    state = play(scene([1, 0, 0], [ANN, BOB, CAT]), I.Play(("3",)))
    assert where(state)["Ann"] == 4 and waiting(state) == ("steal", "Ann")
    assert state.why == "steal" and "STEAL" in state.because
    assert RULES.legal_inputs(state, "Ann") == [I.Steal("Bob"), I.Steal("Cat")]
    state = play(state, I.Steal("Cat"))
    assert state.queue[0] == TakeStep(0, 2)
    assert "without looking" in RULES.observe(state, "Ann")["prompt"]
    state = play(state, I.Take("2"))  # the table names the card Ann drew from Cat's hand
    assert where(state)["Ann"] == STINES_HOUSE  # 4 + 2: a Landmark, so another turn
    assert len(state.hands[2]) == 3 and state.queue[0] == DrawStep(0, 1, "extra")
    with pytest.raises(IllegalInput, match="themselves"):
        play(play(scene([1, 0, 0], [ANN, BOB, CAT]), I.Play(("3",))), I.Steal("Ann"))


def test_the_victim_picks_up_an_extra_card_at_the_start_of_their_next_turn() -> None:
    """GSB-21 and GSB-G8, Steal: "(The player who had a card stolen will pick up an extra card at the
    beginning of their next turn.)": the refill to five already gives one card more; the setting
    theft_extra_card gives one beyond five."""
    for extra, expect in ((False, 2), (True, 3)):
        state = play(scene([1, 0], [ANN, ("6", "5", "2", "1")], theft_extra_card=extra), I.Play(("3",)))
        state = play(state, I.Take("6"))  # two players: Bob is the only victim, no choice to make
        assert where(state)["Ann"] == 10
        assert state.queue[0] == DrawStep(1, expect, "turn")


def test_moved_onto_steal_by_another_player_it_becomes_your_turn_and_play_continues_to_your_left() -> None:
    """GSB-22/23/24, Steal: "STEAL spaces are also in effect if you are moved onto them by another
    player, in which case it becomes your turn to steal. Play then continues to the left of the
    last player to steal. (When you are moved by another player onto the STEAL space - stealing a
    card becomes your turn, you do not get a regular turn.)"

    Ann, on the STEAL space 4, plays a 4 and lands on Cat (space 8): Cat goes back to space 4, a
    STEAL space, and steals: that is Cat's turn. Play continues to the left of Cat, with Dan;
    Bob is skipped, and Cat has no regular turn this round."""
    hands = [ANN, BOB, CAT, ("1", "1", "2", "2")]
    state = play(scene([4, 0, 8, 0], hands), I.Play(("4",)))
    assert where(state) == {"Ann": 8, "Bob": 0, "Cat": 4, "Dan": 0}
    assert waiting(state) == ("steal", "Cat") and state.why == "steal"
    assert "moved Cat onto a STEAL space" in state.because
    assert len(state.hands[2]) == 4  # stealing is the turn: Cat picks up nothing
    state = play(state, I.Steal("Bob"), I.Take("1"))  # Cat plays Bob's 1: space 5
    assert where(state)["Cat"] == 5
    assert waiting(state) == ("draw", "Dan")
    assert "left of Cat, the last to steal" in state.because and "Bob skipped" in state.because
    order = []
    for _ in range(4):
        state = deal(state)
        order.append(waiting(state)[1])
        hand = state.hands[state.seats.index(order[-1])]
        state = play(state, I.Play((min(c for c in hand if c in "123456"),)))
        while waiting(state)[0] not in ("draw", "play"):
            state = play(state, RULES.legal_inputs(state, waiting(state)[1])[0])
    assert order[:3] == ["Dan", "Ann", "Bob"]


def test_several_players_moved_onto_steal_at_once_steal_clockwise_and_play_follows_the_last() -> None:
    """GSB-G11 with GSB-23: R.L. Stine! moves Bob (14) and Cat (21) back onto STEAL spaces 9 and
    16; they steal one by one clockwise from the card's player, and play continues to the left of
    Cat, the last to steal: that is Ann again."""
    state = play(scene([3, 14, 21], [("stine", "1", "2", "3", "4"), BOB, CAT]), I.Play(("stine",)),
                 I.React(False), I.React(False))
    assert where(state) == {"Ann": 0, "Bob": 9, "Cat": 16}
    assert waiting(state) == ("steal", "Bob") and [state.seats[s] for s, _ in state.stealers] == ["Cat"]
    state = play(state, I.Steal("Ann"), I.Take("1"))  # Bob: 9 + 1 = 10
    assert waiting(state) == ("steal", "Cat")
    state = play(state, I.Steal("Bob"), I.Take("2"))  # Cat: 16 + 2 = 18
    assert where(state) == {"Ann": 0, "Bob": 10, "Cat": 18}
    assert waiting(state) == ("draw", "Ann") and "left of Cat" in state.because


def test_a_stolen_gnomies_or_freeze_ray_has_nothing_to_answer() -> None:
    """GSB-G9: a stolen Rollin' With My Gnomies or Freeze Ray! has no effect and is discarded
    (stolen_reaction_card="keep": the stealer keeps it)."""
    state = play(scene([1, 0], [ANN, ("freeze", "5", "2", "1")]), I.Play(("3",)), I.Take("freeze"))
    assert where(state)["Ann"] == 4 and state.discard[-1] == "freeze" and "freeze" not in state.hands[0]
    kept = play(scene([1, 0], [ANN, ("freeze", "5", "2", "1")], stolen_reaction_card="keep"),
                I.Play(("3",)), I.Take("freeze"))
    assert "freeze" in kept.hands[0] and "freeze" not in kept.discard


def test_a_stolen_monster_mayhem_card_is_played_as_if_the_stealer_played_it() -> None:
    """GSB-G9 with GSB-20: Ann steals Bob's R.L. Stine!: everyone off a Landmark moves back 5,
    Ann included."""
    state = play(scene([1, 10], [ANN, ("stine", "5", "2", "1")]), I.Play(("3",)), I.Take("stine"))
    assert waiting(state) == ("react", "Bob")  # Bob may answer with Gnomies, as ever
    state = play(state, I.React(False))
    assert where(state) == {"Ann": 0, "Bob": 5}


def test_the_stealer_picks_a_player_who_holds_cards() -> None:
    """GSB-G10: a player with no cards cannot be picked; with one candidate the device goes
    straight to the card; with none, nothing is stolen (steal_needs_cards=False: anyone may be
    picked, and an empty hand gives nothing)."""
    state = play(scene([1, 0, 0], [ANN, BOB, ()]), I.Play(("3",)))
    assert isinstance(state.queue[0], TakeStep) and state.queue[0].victim == 1
    nobody = play(scene([1, 0], [ANN, ()]), I.Play(("3",)))
    assert waiting(nobody) == ("draw", "Bob") and any("nobody holds a card" in n for n in nobody.notices)
    state = play(scene([1, 0, 0], [ANN, BOB, ()], steal_needs_cards=False), I.Play(("3",)))
    assert RULES.legal_inputs(state, "Ann") == [I.Steal("Bob"), I.Steal("Cat")]
    state = play(state, I.Steal("Cat"), I.Take(""))
    assert any("nothing is stolen" in n for n in state.notices)
    four = play(scene([1, 0, 0, 0], [ANN, BOB, (), CAT]), I.Play(("3",)))
    assert RULES.legal_inputs(four, "Ann") == [I.Steal("Bob"), I.Steal("Dan")]
    with pytest.raises(IllegalInput, match="holds no cards"):
        RULES.apply(four, I.Steal("Cat"))


def test_your_own_mayhem_move_onto_steal_lets_you_steal() -> None:
    """GSB-G20: R.L. Stine! moves its own player back onto a STEAL space (14 -> 9): she steals as
    part of her turn (steal_on_own_mayhem=False: she does not)."""
    state = play(scene([14, 0], [("stine", "1", "2", "3", "4"), BOB]), I.Play(("stine",)))
    assert where(state)["Ann"] == 9 and isinstance(state.queue[0], TakeStep)
    off = play(scene([14, 0], [("stine", "1", "2", "3", "4"), BOB], steal_on_own_mayhem=False),
               I.Play(("stine",)))
    assert waiting(off) == ("draw", "Bob")


def test_a_person_stealing_from_the_automated_players_holder_picks_the_slot() -> None:
    """GSB-20, "Steal": "pick a player (and without looking) steal one of their cards": the
    stealer picks (the rulebook wins over the checklist's "AUTO a random slot"). Ann, stealing
    from Bob's holder, is offered its filled slots; the device does not pick for her (issue 25
    #14), and the slot she picks is the card she plays."""
    holder = ("6", "stine", "2", "", "5")
    state = play(scene([1, 0], [ANN, holder], automated=("Bob",)), I.Play(("3",)))
    prompt = RULES.observe(state, "Ann")["prompt"]
    assert "the device picks" not in prompt and "pick a slot without looking" in prompt
    slots = [I.Take(slot=k) for k in (1, 2, 3, 5)]
    assert RULES.legal_inputs(state, "table") == slots
    assert [i for i, _ in RULES.chance_outcomes(state)] == slots
    with pytest.raises(IllegalInput, match="Ann picks the slot"):
        RULES.apply(state, I.Take(""))
    with pytest.raises(IllegalInput, match="slot 4 of Bob's holder is empty"):
        RULES.apply(state, I.Take(slot=4))
    after = play(state, I.Take(slot=3))
    assert after.hands[1] == ("6", "stine", "", "", "5") and after.discard[-1] == "2"
    assert any("slot 3 of Bob's holder" in n for n in after.notices)
    assert where(after)["Ann"] == 6  # her 3 took her to STEAL on 4; the 2 she took moves her on at once


def test_the_old_reading_the_device_picks_the_holders_slot_for_a_person() -> None:
    """Games recorded under rules version 1 (before issue 25 #14) keep their reading: a person's
    theft from the holder with no slot given had the device pick one at random (seeded)."""
    holder = ("6", "stine", "2", "", "5")
    state = play(scene([1, 0], [ANN, holder], automated=("Bob",), rules_version=1), I.Play(("3",)))
    after = play(state, I.Take(""))
    assert after == play(state, I.Take(""))
    taken = [k for k, (a, b) in enumerate(zip(holder, after.hands[1])) if a != b]
    assert len(taken) == 1 and after.hands[1][taken[0]] == ""
    assert any(f"slot {taken[0] + 1} of Bob's holder" in n for n in after.notices)
    new = play(scene([1, 0], [ANN, holder], automated=("Bob",)), I.Play(("3",)))
    assert new.options.rules_version == 2
    with pytest.raises(IllegalInput, match="Ann picks the slot"):
        RULES.apply(new, I.Take(""))


def test_stealing_from_a_hand_the_device_has_not_seen_the_table_names_the_card() -> None:
    """GSB-20: a person's hand is unknown to the device, so the table says which card was taken;
    the device knows only what that card may be."""
    state = play(scene([1, 0], [ANN, ("?", "?", "?", "?")]), I.Play(("3",)))
    with pytest.raises(IllegalInput, match="name the card"):
        RULES.apply(state, I.Take(""))
    outcomes = RULES.chance_outcomes(state)
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9 and {i.card for i, _ in outcomes} >= {"6", "stine"}
    after = play(state, I.Take("6"))
    assert where(after)["Ann"] == 10 and after.hands[1] == ("?", "?", "?")
