"""Audit: Running Out of Cards, The Boogeyman Coin, Boogeyman Cards and Inflicting Wounds, from the
rulebook's text."""

from __future__ import annotations

import pytest
from audit_kit import (
    FIGHT1,
    FLEETING,
    GIFT,
    MINION,
    PERSONAL,
    SINISTER_A,
    SINISTER_B,
    TALK1,
    at_phase1,
    go,
    hands,
    quiet,
    table,
    to_phase2,
    votes,
)

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.game import RULES

HAND_1 = 5  # the shipped Time track: division 6 (index 5) says "Hand size -1", index 10 is BOY LOST
LOST = 10


def evolve_pile(s, pile):
    return evolve(s, boogeyman_pile=pile)


def _last_card_skipped(s, seat):
    return go(s, I.ChooseActorInput(seat), I.Skip(seat, s.hand(seat)[0]))


# ------------------------------------------------------------------ running out of cards

def test_the_coin_comes_before_the_new_hand_and_its_hand_size_mark_counts() -> None:
    """SOL-76, SOL-77, SOL-82, SOL-84, Getting a New Hand: "When a player runs out of Action cards, they
    must immediately pick up and flip the Boogeyman coin ... After determining the result of the coin
    flip, they take a new set of cards from the Action deck." Boy Face: "if the Boy marker is in the
    Hand size -1 division, you will receive only six cards." The Boy is one division above Hand size -1;
    the Boy face moves him onto it, so this very hand has six cards."""
    s = at_phase1(quiet(table()), boy=HAND_1 - 1, boy_reached=HAND_1 - 1)
    s = hands(s, max=(TALK1[0],))
    s = _last_card_skipped(s, "max")
    assert s.head.kind == "coin" and s.head.seat == "max" and s.hand("max") == ()
    s = go(s, I.CoinFlip("boy"))
    assert s.boy == HAND_1 and len(s.hand("max")) == 6


def test_the_jester_gets_two_more_less_the_time_track() -> None:
    """SOL-77, Getting a New Hand: "Normally a player receives seven cards when drawing a new hand; but
    the Boy's position on the Time track can affect this (and remember, the Jester always gets two extra
    cards)!" In Hand size -1 the Jester draws 8."""
    s = at_phase1(quiet(table(players=5)), boy=HAND_1, boy_reached=HAND_1)
    s = hands(s, jester=(TALK1[0],))
    s = _last_card_skipped(s, "jester")
    s = evolve_pile(s, ())
    s = go(s, I.CoinFlip("boogeyman"))  # an empty Boogeyman deck: nothing happens (SOL-G12)
    assert len(s.hand("jester")) == 8


def test_a_boogeyman_card_drawn_for_the_coin_is_resolved_before_the_new_hand() -> None:
    """SOL-76, SOL-85, SOL-87, Boogeyman Face: "The player who flipped the coin must draw and resolve a
    card from the Boogeyman deck." Only then the new hand: a Personal Attention card that shrinks its
    holder's hands already shrinks this one (stand-in card: Heavy Heart, hand size -1)."""
    s = at_phase1(quiet(table()))
    s = evolve_pile(hands(s, percy=(TALK1[0],)), (PERSONAL,))
    s = _last_card_skipped(s, "percy")
    s = go(s, I.CoinFlip("boogeyman"))
    if s.head.kind == "boogeyman_draw":
        s = go(s, I.BoogeymanCardInput(None))
    assert s.held[s.index("percy")] == (PERSONAL,)
    assert len(s.hand("percy")) == 6


def test_wound_discards_beyond_the_hand_are_paid_from_the_new_hand() -> None:
    """SOL-102, SOL-103, SOL-105, Inflicting Wounds: "If a wound causes a player to discard more cards
    than they currently have in hand, they must discard the remaining cards after receiving a new hand".
    The marker is on A; the next wound is B (discard 2); Percy has one card: he pays it, flips the coin,
    draws seven and then discards one more."""
    s = to_phase2(quiet(table()), armies=("brooklyn",), wound=1)
    s = hands(s, percy=(TALK1[0],))
    s = go(s, I.ActivateInput("army:brooklyn"), I.TakeWoundInput("percy"))
    assert s.wound == 2 and s.head.kind == "discard" and s.head.n == 2
    s = go(s, I.DiscardInput("percy", TALK1[0]))
    assert s.head.kind == "coin" and s.head.seat == "percy"
    s = go(s, I.CoinFlip("boy"))
    assert len(s.hand("percy")) == 7
    assert s.head.kind == "discard" and s.head.seat == "percy" and s.head.n == 1
    s = go(s, I.DiscardInput("percy", s.hand("percy")[0]))
    assert len(s.hand("percy")) == 6


def test_new_cards_can_be_used_at_once_even_mid_action() -> None:
    """SOL-78, SOL-79, Getting a New Hand: "As soon as you receive your new cards, you can use them
    immediately, even if you are in the middle of performing an action". Max plays his last card, flips,
    draws, and boosts the same action from the new hand."""
    s = at_phase1(quiet(table()), armies=("brooklyn",))
    s = hands(s, max=(MINION[0],))
    s = go(s, I.ChooseActorInput("max"), I.Play("max", MINION[0]))
    assert s.head.kind == "coin"
    s = go(s, I.CoinFlip("boy"))
    assert s.head.kind == "contribute" and len(s.hand("max")) == 7
    boosts = [x for x in RULES.legal_inputs(s, "max") if isinstance(x, I.Boost)]
    assert boosts, "the new hand may boost at once"


def test_a_hand_size_mark_holds_for_the_rest_of_the_game_and_the_screen_says_so() -> None:
    """SOL-84, SOL-G4, Boy Face: "If the Boy enters a division marked "Hand size -1" or "-2", the
    players' hand size when drawing a new hand is reduced for the rest of the game." The Boy entered
    Hand size -1 and a card brought him back up: new hands stay at six, and the Time track on the
    screen shows the reduction that applies."""
    s = at_phase1(quiet(table()), boy=HAND_1 - 2, boy_reached=HAND_1)
    s = hands(s, max=(TALK1[0],))
    s = _last_card_skipped(s, "max")
    s = go(s, I.CoinFlip("boy"))
    assert s.boy == HAND_1 - 1 and len(s.hand("max")) == 6
    assert RULES.observe(s, "table")["tracks"]["time"]["hand_reduction"] == 1


def test_throwing_a_hand_away_is_voted_and_a_no_bars_asking_again_this_turn() -> None:
    """SOL-80, Throwing Away Your Hand Early: "This calls a "For"/"Against" vote ... If the result of the
    vote is "Against", you must keep your cards and cannot ask again until the next turn." With "For",
    the coin first and then a new hand."""
    s = at_phase1(quiet(table()))
    s = go(s, I.ThrowAway("percy"))
    s = votes(s, "against")
    assert len(s.hand("percy")) == 7
    with pytest.raises(IllegalInput, match="SOL-80"):
        go(s, I.ThrowAway("percy"))
    for seat in ("max", "percy", "harmony"):
        s = go(s, I.ChooseActorInput(seat)) if s.head.kind == "choose_actor" else s
        s = go(s, I.Skip(seat, s.hand(seat)[0]))
    assert s.turn == 2
    s = go(s, I.ThrowAway("percy"))
    s = votes(s, "for")
    assert s.hand("percy") == () and s.head.kind == "coin"
    s = go(s, I.CoinFlip("boy"))
    assert len(s.hand("percy")) == 7


# ------------------------------------------------------------------ the coin and the deck

def test_the_boy_face_moves_the_boy_and_boy_lost_ends_the_game() -> None:
    """SOL-06, SOL-81, SOL-83, SOL-109, Boy Face: "If the Boy moves to the "BOY LOST" division, the game
    ends immediately and all players who are loyal to the Boogeyman win." The device flips only when
    asked (face None)."""
    s = at_phase1(quiet(table()), boy=LOST - 1)
    s = hands(s, max=(TALK1[0],))
    s = _last_card_skipped(s, "max")
    s = go(s, I.CoinFlip("boy"))
    assert s.phase == "over" and s.winner == "boogeyman" and s.end == "boy_lost"
    assert s.hand("max") == ()  # no new hand: the game ended at once
    winners = RULES.result(s).winners
    assert set(winners) == {x for x in s.seats if s.loyalty[s.index(x)] in ("SOL:LOYL:05", "SOL:LOYL:06",
                                                                               "SOL:LOYL:07")}


def test_boy_lost_ends_the_game_in_the_middle_of_a_wound_queue() -> None:
    """SOL-83, SOL-97, SOL-106, SOL-109, On the other hand, "the game ends immediately if the Boy marker
    ever enters the "BOY LOST" division". Three Armies wound the party, the marker is on C: the first
    wound is D, its coin shows the Boy, he is lost, and the other two wounds are never taken."""
    s = to_phase2(quiet(table()), armies=("brooklyn",) * 3, wound=3, boy=LOST - 1)
    s = go(s, I.ActivateInput("army:brooklyn"), I.TakeWoundInput("max"))
    assert s.wound == 4 and s.head.kind == "coin"
    s = go(s, I.CoinFlip("boy"))
    assert s.phase == "over" and s.end == "boy_lost" and s.wound == 4
    with pytest.raises(IllegalInput):
        go(s, I.TakeWoundInput("percy"))


def test_fleeting_interest_is_resolved_then_removed() -> None:
    """SOL-85, SOL-86, Boogeyman Cards: "Fleeting Interest: When you draw one of these cards, resolve it
    immediately, and then remove it from the game." (stand-in: A Chill Wind, Attention +1)."""
    s = to_phase2(quiet(table()), armies=("brooklyn",), wound=3, boogeyman_pile=(FLEETING, PERSONAL))
    attention = s.attention
    s = go(s, I.ActivateInput("army:brooklyn"), I.TakeWoundInput("max"), I.CoinFlip("boogeyman"),
           I.BoogeymanCardInput(None))
    assert s.attention == attention + 1
    assert FLEETING in s.removed and FLEETING not in s.boogeyman_pile
    assert all(FLEETING not in h for h in s.held) and s.sinister == ""
    assert RULES.observe(s, "harmony")["notices"], "resolved publicly"


def test_personal_attention_stays_with_the_drawer_and_several_may_pile_up() -> None:
    """SOL-87, SOL-90, Boogeyman Cards: "Personal Attention: ... place it face up next to your Hero sheet.
    It affects you for the rest of the game." "Players may receive several Personal Attention and Dark
    Gift Boogeyman cards." """
    s = to_phase2(quiet(table()), armies=("brooklyn",) * 2, wound=3,
                  boogeyman_pile=(PERSONAL, "SOL:BOOG:08"))
    s = go(s, I.ActivateInput("army:brooklyn"), I.TakeWoundInput("harmony"), I.CoinFlip("boogeyman"),
           I.BoogeymanCardInput(None))
    s = go(s, I.ActivateInput("army:brooklyn"), I.TakeWoundInput("harmony"), I.CoinFlip("boogeyman"),
           I.BoogeymanCardInput(None))
    assert s.held[s.index("harmony")] == (PERSONAL, "SOL:BOOG:08")
    assert [h["held"] for h in RULES.observe(s, "max")["heroes"]][s.index("harmony")] == [
        "Heavy Heart", "Shadow Watcher"]


def test_a_dark_gift_goes_to_another_player() -> None:
    """SOL-88, Boogeyman Cards: "Dark Gift: When you draw one of these cards, give it to another player of
    your choice, who must place it face up next to their Hero sheet. It affects them for the rest of the
    game." The drawer cannot keep it."""
    s = to_phase2(quiet(table()), armies=("brooklyn",), wound=3, boogeyman_pile=(GIFT,))
    s = go(s, I.ActivateInput("army:brooklyn"), I.TakeWoundInput("max"), I.CoinFlip("boogeyman"),
           I.BoogeymanCardInput(None))
    assert s.head.kind == "gift_to" and s.head.seat == "max"
    assert I.Gift("max", "max") not in RULES.legal_inputs(s, "max")
    with pytest.raises(IllegalInput):
        go(s, I.Gift("max", "max"))
    s = go(s, I.Gift("max", "harmony"))
    assert s.held[s.index("harmony")] == (GIFT,) and s.held[s.index("max")] == ()
    # It affects her for the rest of the game (stand-in Poisoned Gift: hands 2 smaller).
    s = go(s, I.DiscardInput("max", s.hand("max")[0])) if s.head and s.head.kind == "discard" else s
    s = at_phase1(hands(s, harmony=(TALK1[0],)))
    s = go(s, I.ChooseActorInput("harmony"), I.Skip("harmony", TALK1[0]), I.CoinFlip("boy"))
    assert len(s.hand("harmony")) == 5


def test_sinister_games_replaces_the_previous_one() -> None:
    """SOL-89, Boogeyman Cards: "Sinister Games: ... If there is already a card in that space, first
    remove it from the game. This new card will remain in effect until another Sinister Games card is
    drawn to replace it." (stand-ins: Hunting Party, range +1; Iron Legions, strength +1)."""
    s = to_phase2(quiet(table()), armies=("brooklyn",) * 2, wound=3, boogeyman_pile=(SINISTER_A, SINISTER_B))
    base = RULES.observe(s, "table")["tracks"]["attention"]
    s = go(s, I.ActivateInput("army:brooklyn"), I.TakeWoundInput("max"), I.CoinFlip("boogeyman"),
           I.BoogeymanCardInput(None))
    assert s.sinister == SINISTER_A
    assert RULES.observe(s, "table")["tracks"]["attention"]["range"] == base["range"] + 1
    s = go(s, I.ActivateInput("army:brooklyn"), I.TakeWoundInput("max"), I.CoinFlip("boogeyman"),
           I.BoogeymanCardInput(None))
    assert s.sinister == SINISTER_B and SINISTER_A in s.removed
    track = RULES.observe(s, "table")["tracks"]["attention"]
    assert track["range"] == base["range"] and track["army_strength"] == base["army_strength"] + 1


# ------------------------------------------------------------------ the Wound track

def test_the_wound_track_runs_a_to_f_and_wraps() -> None:
    """SOL-101, SOL-103, SOL-104, SOL-106, SOL-G7, Inflicting Wounds: A "Discard 1", B "Discard 2", C
    "Discard 3", D, E, F "Flip the Boogeyman coin." "After performing the effect of division F, place the
    Wound marker to the left of division A." "If more than one wound is inflicted, process each wound in
    turn". Seven wounds, a different volunteer may take each: A, B, C, D, E, F, then A again."""
    s = to_phase2(quiet(table()), armies=("brooklyn",) * 7, boogeyman_pile=())
    s = hands(s, max=FIGHT1 + TALK1, percy=(), harmony=())
    s = hands(s, percy=tuple(s.draw_pile[:7]))
    s = hands(s, harmony=tuple(s.draw_pile[:7]))
    seen = []
    takers = ["max", "percy", "harmony", "max", "percy", "harmony", "max"]
    for taker in takers:
        s = go(s, I.ActivateInput("army:brooklyn"))
        assert s.head.kind == "wound_taker"
        s = go(s, I.TakeWoundInput(taker))
        seen.append((s.wound, s.head.kind, getattr(s.head, "n", 0)))
        while s.head is not None and s.head.kind in ("discard", "coin"):
            if s.head.kind == "coin":
                s = go(s, I.CoinFlip("boogeyman"))  # the deck is empty: nothing happens
            else:
                s = go(s, I.DiscardInput(s.head.seat, s.hand(s.head.seat)[0]))
    assert seen == [(1, "discard", 1), (2, "discard", 2), (3, "discard", 3), (4, "coin", 0), (5, "coin", 0),
                    (6, "coin", 0), (1, "discard", 1)]
    assert s.turn == 2


def test_no_volunteer_means_a_vote_for_who_takes_the_wound() -> None:
    """SOL-101, SOL-G7, Inflicting Wounds: "call a vote to choose the player if there are no volunteers"."""
    s = to_phase2(quiet(table()), armies=("brooklyn",))
    s = go(s, I.ActivateInput("army:brooklyn"), I.CallVote())
    assert s.head.kind == "vote" and s.head.topic == "wound"
    s = go(s, I.Cast("percy", "harmony"), I.Cast("harmony", "percy"), I.Cast("max", "harmony"))
    assert s.wound == 1 and s.head.kind == "discard" and s.head.seat == "harmony"
