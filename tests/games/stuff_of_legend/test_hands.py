"""Running out of cards, the Boogeyman coin and deck, and wounds (SOL-76..90, SOL-101..106, SOL-G4, G7,
G12)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.state import (
    BoogeymanDraw, Coin, Contribute, Discard, GiftTo, Vote, WoundTaker,
)
from sol_helpers import (
    CAT, WORLD, act, apply, boogeyman, card, everyone_votes, hand, legal, notices, plain, ready,
)

LOST = WORLD.time.lost
HAND_1 = WORLD.time.marks.index("hand-1")
HAND_2 = WORLD.time.marks.index("hand-2")


def last_card(s, seat, code=None):  # type: ignore[no-untyped-def]
    return hand(s, seat, code or plain("talk"))


def run_out(s, seat="max"):  # type: ignore[no-untyped-def]
    s = last_card(s, seat)
    return apply(act(s, seat), I.Skip(seat, s.hand(seat)[0]))


def test_running_out_flips_the_coin_first() -> None:
    """SOL-76, SOL-78, Getting a New Hand: a player out of cards "must immediately pick up and flip the
    Boogeyman coin"; after its result, a new hand (even when a new hand is allowed, the coin comes first)."""
    s = run_out(ready(4))
    assert isinstance(s.head, Coin) and s.head.seat == "max" and s.head.why == "hand"
    assert s.hand("max") == () and RULES.to_act(s).kind == "chance" and RULES.to_act(s).seat == "max"
    s = RULES.apply(s, I.CoinFlip("boy"))
    assert len(s.hand("max")) == 7 and "draws a new hand of 7 cards" in notices(s)


def test_the_flips_hand_size_change_applies_to_this_hand() -> None:
    """SOL-77, SOL-84, most easily got wrong: the Boy one division before "Hand size -1"; the player runs out,
    flips the Boy face, the Boy enters the -1 division, and the new hand drawn after it has 6 cards."""
    s = evolve(ready(4), boy=HAND_1 - 1)
    s = RULES.apply(run_out(s), I.CoinFlip("boy"))
    assert s.boy == HAND_1 and len(s.hand("max")) == 6
    assert "Hand size -1" in notices(s)


def test_hand_size_marks_not_cumulative_by_default() -> None:
    """SOL-84, SOL-G4, Boy Face: "Hand size -1" gives six cards; past "-2" the reduction is 2, not 3 (the
    furthest mark); the option cumulative_hand_marks adds them."""
    s = evolve(ready(4), boy=HAND_2 - 1)
    s = RULES.apply(run_out(s), I.CoinFlip("boy"))
    assert len(s.hand("max")) == 5
    c = evolve(ready(4, cumulative_hand_marks=True), boy=HAND_2 - 1)
    c = RULES.apply(run_out(c), I.CoinFlip("boy"))
    assert len(c.hand("max")) == 4


def test_jester_gets_two_more() -> None:
    """SOL-77: "remember, the Jester always gets two extra cards" - 9, or 8 past Hand size -1."""
    s = ready(5, heroes=("max", "percy", "harmony", "princess", "jester"))
    s = RULES.apply(run_out(s, "jester"), I.CoinFlip("boy"))
    assert len(s.hand("jester")) == 9
    s = evolve(ready(5, heroes=("max", "percy", "harmony", "princess", "jester")), boy=HAND_1)
    s = apply(run_out(s, "jester"), I.CoinFlip("boy"))
    assert len(s.hand("jester")) == 8


def test_new_cards_can_be_used_at_once() -> None:
    """SOL-79: "As soon as you receive your new cards, you can use them immediately, even if you are in the
    middle of performing an action" - the actor boosts with the last card, flips, and boosts again."""
    mb = card("Minion Breakthrough")
    s = evolve(ready(4), armies=("brooklyn",) * 2, attention=0)
    s = hand(s, "max", mb, plain("fight"))
    s = apply(act(s, "max"), I.Play("max", mb), I.Boost("max", plain("fight")))
    assert isinstance(s.head, Coin)
    s = RULES.apply(s, I.CoinFlip("boy"))
    assert isinstance(s.head, Contribute) and len(s.hand("max")) == 7
    fresh = next(c for c in s.hand("max") if CAT.action(c).counts_for("fight"))
    s = RULES.apply(s, I.Boost("max", fresh))
    assert RULES.observe(s, "table")["action"]["icons"] >= 5


def test_throwing_a_hand_away_is_voted() -> None:
    """SOL-80, Throwing Away Your Hand Early: asking calls a For/Against vote; For: discard the rest, flip the
    coin, draw; Against: keep the cards and not ask again until the next turn."""
    s = act(ready(4), "max")
    assert I.ThrowAway("max") in legal(s, "max")
    s = everyone_votes(RULES.apply(s, I.ThrowAway("max")), "against")
    assert len(s.hand("max")) == 7 and "cannot ask again this turn" in notices(s)
    with pytest.raises(IllegalInput, match="cannot ask again until next turn"):
        RULES.apply(s, I.ThrowAway("max"))
    s = RULES.apply(s, I.ThrowAway("percy"))  # anyone may ask, at any calm moment
    s = everyone_votes(s, "for")
    assert s.hand("percy") == () and isinstance(s.head, Coin) and s.head.seat == "percy"
    s = RULES.apply(s, I.CoinFlip("boy"))
    assert len(s.hand("percy")) == 7
    for seat in ("max", "harmony", "princess"):
        s = apply(act(s, seat), I.Skip(seat, s.hand(seat)[0]))
    assert s.turn == 2 and s.refused == ()


def test_coin_is_the_tables_or_the_devices() -> None:
    """SOL-81, The Boogeyman Coin: the real coin's face is entered, or the device flips a fair coin (seeded,
    so an undo and redo give the same face); chance lists both faces at one half."""
    s = run_out(ready(4))
    assert RULES.chance_outcomes(s) == [(I.CoinFlip("boy"), 0.5), (I.CoinFlip("boogeyman"), 0.5)]
    faces = {RULES.apply(evolve(s, rng=evolve(s.rng, state=k)), I.CoinFlip(None)).boy != s.boy for k in range(40)}
    assert faces == {True, False}
    once = RULES.apply(s, I.CoinFlip(None))
    assert RULES.apply(s, I.CoinFlip(None)) == once
    with pytest.raises(IllegalInput, match="boy or boogeyman"):
        RULES.apply(s, I.CoinFlip("edge"))  # type: ignore[arg-type]


def test_boy_face_moves_the_boy_down() -> None:
    """SOL-82, Boy Face: "Move the Boy marker one division down the Time track"."""
    s = ready(4)
    before = s.boy
    s = RULES.apply(run_out(s), I.CoinFlip("boy"))
    assert s.boy == before + 1 and RULES.observe(s, "table")["tracks"]["time"]["division"] == before + 2


def test_boy_lost_ends_the_game_at_once() -> None:
    """SOL-83, SOL-109, SOL-06: the Boy entering BOY LOST ends the game immediately, as if at a wrong exit:
    the heroes loyal to the Boogeyman win."""
    s = evolve(ready(4), boy=LOST - 1)
    s = RULES.apply(run_out(s), I.CoinFlip("boy"))
    assert RULES.is_over(s) and s.end == "boy_lost" and s.winner == "boogeyman"
    assert s.hand("max") == ()  # no new hand: nothing after the Boy is lost happens
    r = RULES.result(s)
    assert r is not None and r.reason == "boy_lost"
    for seat, code in zip(s.seats, s.loyalty):
        assert (seat in r.winners) == (CAT.loyalty_card(code).side == "boogeyman")


def test_boy_lost_mid_wound_queue() -> None:
    """SOL-83, SOL-106, most easily got wrong: three Armies wound the party in Phase 2; the first wound is on
    D (flip), the coin shows the Boy, BOY LOST: the game ends before the other wounds are taken."""
    s = evolve(ready(4), boy=LOST - 1, wound=3, armies=("brooklyn",) * 3)
    for seat in ("max", "percy", "harmony"):
        s = apply(act(s, seat), I.Skip(seat, s.hand(seat)[0]))
    assert s.activations == ("army:brooklyn",) * 3
    s = apply(s, I.ActivateInput("army:brooklyn"), I.TakeWoundInput("percy"))
    assert isinstance(s.head, Coin) and s.wound == 4
    s = RULES.apply(s, I.CoinFlip("boy"))
    assert RULES.is_over(s) and s.end == "boy_lost" and s.activations == () and s.wound == 4


def test_boogeyman_face_draws_a_card_publicly() -> None:
    """SOL-85, Boogeyman Face: the flipper draws and resolves a Boogeyman card, revealed publicly: drawn by the
    device, or scanned when the deck is physical."""
    s = RULES.apply(run_out(ready(4)), I.CoinFlip("boogeyman"))
    assert isinstance(s.head, BoogeymanDraw) and s.head.seat == "max"
    top = s.boogeyman_pile[0]
    s = RULES.apply(s, I.BoogeymanCardInput(None))
    assert top not in s.boogeyman_pile and CAT.boogeyman_card(top).title in " ".join(RULES.observe(s, "percy")["notices"])
    p = RULES.apply(run_out(ready(4, boogeyman_deck="physical")), I.CoinFlip("boogeyman"))
    assert len(RULES.chance_outcomes(p)) == 13
    with pytest.raises(IllegalInput, match="scan the Boogeyman card"):
        RULES.apply(p, I.BoogeymanCardInput(None))
    code = boogeyman("A Chill Wind")
    p = RULES.apply(p, I.BoogeymanCardInput(code))
    with pytest.raises(IllegalInput, match="A Chill Wind is already out of the game"):
        RULES.apply(RULES.apply(run_out(evolve(p, on_board=())), I.CoinFlip("boogeyman")), I.BoogeymanCardInput(code))


def draw(s, title, seat="max"):  # type: ignore[no-untyped-def]
    """`seat` runs out, flips the Boogeyman face and draws the named card (a physical deck)."""
    s = RULES.apply(run_out(s, seat), I.CoinFlip("boogeyman"))
    return RULES.apply(s, I.BoogeymanCardInput(boogeyman(title)))


def test_fleeting_interest_resolved_then_removed() -> None:
    """SOL-86: "Fleeting Interest: ... resolve it immediately, and then remove it from the game"."""
    s = ready(4, boogeyman_deck="physical")
    a = s.attention
    s = draw(s, "A Chill Wind")
    assert s.attention == a + 1 and boogeyman("A Chill Wind") in s.removed and s.held[0] == ()


def test_personal_attention_stays_with_the_drawer() -> None:
    """SOL-87, SOL-90: Personal Attention goes face up beside the drawer's sheet for the rest of the game;
    a player may hold several."""
    s = draw(ready(4, boogeyman_deck="physical"), "Heavy Heart")
    assert s.held[0] == (boogeyman("Heavy Heart"),) and len(s.hand("max")) == 6  # its -1 already counts
    s = draw(evolve(s, on_board=()), "Shadow Watcher")
    assert s.held[0] == (boogeyman("Heavy Heart"), boogeyman("Shadow Watcher"))
    assert RULES.observe(s, "percy")["heroes"][0]["held"] == ["Heavy Heart", "Shadow Watcher"]


def test_dark_gift_goes_to_another_player() -> None:
    """SOL-88, SOL-90: "Dark Gift: ... give it to another player of your choice" - never the drawer."""
    s = draw(ready(4, boogeyman_deck="physical"), "Poisoned Gift")
    assert isinstance(s.head, GiftTo) and s.head.seat == "max"
    assert {x.to for x in legal(s, "max")} == {"percy", "harmony", "princess"}
    with pytest.raises(IllegalInput, match="another player"):
        RULES.apply(s, I.Gift("max", "max"))
    s = RULES.apply(s, I.Gift("max", "harmony"))
    assert s.held[2] == (boogeyman("Poisoned Gift"),)


def test_sinister_games_replaces_the_last() -> None:
    """SOL-89: Sinister Games goes on its spot; one already there is removed from the game first."""
    s = draw(ready(4, boogeyman_deck="physical"), "Hunting Party")
    assert s.sinister == boogeyman("Hunting Party")
    r = RULES.observe(s, "table")["tracks"]["attention"]
    assert r["range"] == r["value"] + 1
    s = draw(evolve(s, on_board=()), "Iron Legions")
    assert s.sinister == boogeyman("Iron Legions") and boogeyman("Hunting Party") in s.removed


def test_empty_boogeyman_deck() -> None:
    """SOL-G12: a Boogeyman face with the deck empty does nothing (logged); the option counts it as the Boy."""
    s = evolve(ready(4), boogeyman_pile=())
    s = RULES.apply(run_out(s), I.CoinFlip("boogeyman"))
    assert "nothing happens" in notices(s) and len(s.hand("max")) == 7
    s = evolve(ready(4, empty_boogeyman_deck="boy"), boogeyman_pile=())
    b = s.boy
    s = RULES.apply(run_out(s), I.CoinFlip("boogeyman"))
    assert s.boy == b + 1


def test_action_deck_reshuffles_its_discards() -> None:
    """SOL-G12: the Action deck out, the face-down discard pile is shuffled unseen into a new deck."""
    s = ready(4)
    s = evolve(s, draw_pile=s.draw_pile[:3], discard_pile=s.draw_pile[3:])
    s = RULES.apply(run_out(s), I.CoinFlip("boy"))
    assert len(s.hand("max")) == 7 and "shuffle the discard pile" in notices(s)


def wounded(s, seat="max", n=1):  # type: ignore[no-untyped-def]
    """A Snake Pit-like effect: n wounds now."""
    from companion.games.stuff_of_legend import hands as H

    return RULES.apply(H.wounds(s, n), I.TakeWoundInput(seat)) if n == 1 else H.wounds(s, n)


def test_who_takes_the_wound() -> None:
    """SOL-101, SOL-G7, Inflicting Wounds: the party chooses who takes each wound: a volunteer, else a
    "choose a player" vote."""
    from companion.games.stuff_of_legend import hands as H

    s = H.wounds(ready(4), 1)
    assert isinstance(s.head, WoundTaker) and RULES.to_act(s).kind == "table"
    assert {x.seat for x in legal(s) if isinstance(x, I.TakeWoundInput)} == set(s.seats)
    s = RULES.apply(s, I.CallVote())
    assert isinstance(s.head, Vote) and s.head.topic == "wound" and set(s.head.candidates) == set(s.seats)
    s = apply(s, *(I.Cast(v, "harmony") for v in s.head.order))
    assert isinstance(s.head, Discard) and s.head.seat == "harmony" and s.wound == 1


def test_wound_track_a_to_f_and_wrap() -> None:
    """SOL-102, SOL-103, SOL-104: the taker moves the Wound marker one division right and does what it says:
    A discard 1, B 2, C 3, D/E/F flip the coin; after F, back to the left of A."""
    s = ready(4)
    for div, effect in enumerate(("d1", "d2", "d3", "coin", "coin", "coin"), 1):
        s = wounded(s, "percy")
        assert s.wound == div
        if effect == "coin":
            assert isinstance(s.head, Coin) and s.head.seat == "percy" and s.head.why == "wound"
            s = RULES.apply(s, I.CoinFlip("boy"))
        else:
            assert isinstance(s.head, Discard) and s.head.n == int(effect[1])
            for _ in range(s.head.n):
                s = RULES.apply(s, I.DiscardInput("percy", s.hand("percy")[0]))
        s = evolve(s, boy=0)
    assert s.wound == 0 and "back to the left of division A" in notices(s)
    assert RULES.observe(s, "table")["tracks"]["wound"] == ""


def test_discards_owed_after_the_new_hand() -> None:
    """SOL-105, most easily got wrong: a wound on C with one card in hand: discard it, flip, draw the new hand,
    then pay the two still owed from it."""
    s = evolve(hand(ready(4), "percy", plain("talk")), wound=2)
    s = wounded(s, "percy")
    assert isinstance(s.head, Discard) and s.head.n == 3
    s = RULES.apply(s, I.DiscardInput("percy", plain("talk")))
    assert isinstance(s.head, Coin) and s.owed[1] == 2 and "owes 2 more" in notices(s)
    s = RULES.apply(s, I.CoinFlip("boy"))
    assert isinstance(s.head, Discard) and s.head.n == 2 and s.head.why == "owed" and len(s.hand("percy")) == 7
    s = apply(s, I.DiscardInput("percy", s.hand("percy")[0]), I.DiscardInput("percy", s.hand("percy")[1]))
    assert len(s.hand("percy")) == 5 and s.owed[1] == 0


def test_each_wound_in_turn() -> None:
    """SOL-106: "If more than one wound is inflicted, process each wound in turn" - each may go to another
    player."""
    from companion.games.stuff_of_legend import hands as H

    s = H.wounds(ready(4), 2)
    s = RULES.apply(s, I.TakeWoundInput("max"))
    assert isinstance(s.head, Discard) and s.head.seat == "max"
    s = RULES.apply(s, I.DiscardInput("max", s.hand("max")[0]))
    assert isinstance(s.head, WoundTaker)
    s = RULES.apply(s, I.TakeWoundInput("harmony"))
    assert isinstance(s.head, Discard) and s.head.seat == "harmony" and s.head.n == 2 and s.wound == 2


def test_physical_hands_discard_unseen_cards() -> None:
    """SOL-37, SOL-105: with physical cards the device counts a hand; a discard needs no scan."""
    s = ready(4, action_deck="physical")
    s = hand(s, "max", "", "")
    s = apply(act(s, "max"), I.Skip("max", ""))
    assert s.hand("max") == ("",)
    assert legal(act(s, "percy"), "percy")


def test_hand_size_mark_holds_for_the_rest_of_the_game() -> None:
    """SOL-84: "the players' hand size when drawing a new hand is reduced for the rest of the game" - even if
    a card moves the Boy back up past the mark."""
    from companion.games.stuff_of_legend.hands import move_boy

    s = move_boy(evolve(ready(4), boy=HAND_1 - 1, boy_reached=HAND_1 - 1), 1)
    s = move_boy(s, -2)
    assert s.boy == HAND_1 - 2 and s.boy_reached == HAND_1
    s = RULES.apply(run_out(evolve(s, boogeyman_pile=())), I.CoinFlip("boogeyman"))
    assert len(s.hand("max")) == 6
