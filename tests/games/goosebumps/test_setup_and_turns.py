"""To Begin and Taking a Turn: the box, the deal, who begins, the hand of five, the reshuffle."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.core.errors import IllegalInput
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.cards import MAYHEM, NUMBERS, Mix, deck
from companion.games.goosebumps.game import RULES
from companion.games.goosebumps.state import DrawStep, Phase

from gsb_helpers import STINES_HOUSE, deal, options, play, scene, waiting, where


def test_the_box_holds_nine_sets_of_one_to_six_and_eleven_monster_mayhem_cards() -> None:
    """GSB-01, Contents: "65 Cards (nine sets of 1-6 and 11 Monster Mayhem Cards)"."""
    state = RULES.setup(options(2), 1)
    cards = Counter(state.unseen)
    assert len(state.unseen) == state.pile == 65
    assert all(cards[n] == 9 for n in NUMBERS)
    assert sum(cards[m] for m in MAYHEM) == 11


def test_a_mix_that_is_not_eleven_cards_is_refused() -> None:
    """GSB-01 and GSB-G2: the mix is a setting, but the box has 11 Monster Mayhem cards."""
    with pytest.raises(IllegalInput, match="11 Monster Mayhem cards"):
        RULES.setup(options(2, mix=Mix(pal=4)), 1)
    custom = Mix(pal=2, car=2, book=2, stine=2, gnomies=2, freeze=1)
    assert Counter(deck(custom))["gnomies"] == 2
    assert Counter(RULES.setup(options(2, mix=custom), 1).unseen)["gnomies"] == 2


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players: int) -> None:
    """GSB-G3 (6 Monster Characters, "5-6 players" mentioned): 2 to 6 players."""
    with pytest.raises(IllegalInput, match="2 to 6 players"):
        RULES.setup(RULES.options_type(players=players), 1)
    for n in range(2, 7):
        assert len(RULES.setup(RULES.options_type(players=n), 1).seats) == n


@pytest.mark.parametrize("players", [1_000_000, -1_000_000])
def test_a_huge_player_count_is_refused_before_anything_is_built(players: int) -> None:
    """Issue 24: a header with `"players": 100000000` built a name per player (15 s, 1 GB) before
    the count was checked. The count is checked first: nothing the size of the count is made."""
    import tracemalloc

    opts = RULES.options_type(players=players)
    tracemalloc.start()
    try:
        with pytest.raises(IllegalInput, match=f"2 to 6 players.*not {players}"):
            RULES.setup(opts, 1)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20, peak  # a million names would take some 60 MB


def test_every_monster_starts_on_start() -> None:
    """GSB-02, To Begin: "All players choose a Monster Character and place it on the START space"."""
    state = RULES.setup(options(4), 3)
    assert state.positions == (0, 0, 0, 0)
    assert RULES.observe(state, "Ann")["players"][0]["where"] == "START"


def test_the_dealer_deals_four_cards_to_each_player() -> None:
    """GSB-03, To Begin: "One player shuffles the deck and deals each player FOUR cards"."""
    state = RULES.setup(options(3), 3)
    assert state.phase is Phase.DEAL
    assert [s.count for s in state.queue] == [4, 4, 4]
    assert all(isinstance(s, DrawStep) and s.why == "deal" for s in state.queue)
    for _ in range(3):
        state = RULES.apply(state, I.Draw(("*",) * 4))
    assert [len(h) for h in state.hands] == [4, 4, 4]
    assert state.pile == 65 - 12 and state.phase is Phase.PLAY


def test_the_player_to_the_left_of_the_dealer_begins_and_play_moves_clockwise() -> None:
    """GSB-04, To Begin: "The player to the left of the dealer begins and play moves clockwise"."""
    state = RULES.setup(options(3, dealer="Bob"), 3)
    assert [state.seats[s.seat] for s in state.queue] == ["Cat", "Ann", "Bob"]  # dealt from the left
    state = deal(state)
    assert waiting(state) == ("play", "Cat")
    assert "left of the dealer" in state.because
    hand = state.hands[2]
    state = deal(play(state, I.Play((min(c for c in hand if c in NUMBERS),))))
    assert waiting(state) == ("play", "Ann")
    assert RULES.setup(options(3), 3).queue[0].seat == 0  # no dealer named: the last seat deals


def test_the_first_turn_picks_up_one_card_and_later_turns_refill_to_five() -> None:
    """GSB-05, Taking a Turn: "picking up enough cards to make a hand of five cards. For your first
    turn this will be one card, but on subsequent turns you may have to pick up more"."""
    state = RULES.setup(options(2), 5)
    for _ in range(2):
        state = RULES.apply(state, I.Draw(("*",) * 4))
    assert state.queue[0] == DrawStep(0, 1, "turn")
    assert state.why == "first" and "left of the dealer" in state.because
    state = scene([0, 0], [("1", "2", "3"), ("4", "5", "6", "6")], active=1)
    state = play(state, I.Play(("5",)))  # Bob's play; Ann holds only three cards
    assert state.queue[0] == DrawStep(0, 2, "turn")


def test_always_pick_up_a_card_even_with_five_in_hand() -> None:
    """GSB-06 and GSB-G7, Taking a Turn: "ALWAYS PICK UP A CARD (OR CARDS) TO START YOUR TURN"."""
    state = scene([0, 0], [("1", "2", "3", "4", "5"), ("6", "6", "5", "5", "3")], active=1)
    assert play(state, I.Play(("5",))).queue[0] == DrawStep(0, 1, "turn")
    lenient = scene([0, 0], [("1", "2", "3", "4", "5"), ("6", "6", "5", "5", "3")], active=1,
                    always_pick_up=False)
    after = play(lenient, I.Play(("5",)))
    assert waiting(after) == ("play", "Ann") and len(after.hands[0]) == 5


def test_a_draw_must_be_the_number_of_cards_asked_for() -> None:
    """GSB-05: the device says how many cards to pick up and refuses another number."""
    state = play(scene([0, 0], [("1", "2", "3"), ("4", "5", "6", "6")], active=1), I.Play(("5",)))
    with pytest.raises(IllegalInput, match="picks up 2 card"):
        RULES.apply(state, I.Draw(("*",)))


def test_when_the_draw_pile_is_out_the_discards_are_shuffled_into_a_new_draw_pile() -> None:
    """GSB-07, Taking a Turn: "When it is your turn and the draw pile is out of cards, another player
    must gather the discarded cards and shuffle them to make a new draw pile"."""
    state = scene([0, 0], [("1", "2", "3", "4"), ("4", "5", "6", "6", "2")], active=1)
    rest = list(state.unseen)
    state = state.__class__(**{**state.__dict__, "unseen": tuple(rest[:1]), "pile": 1,
                               "discard": tuple(rest[1:])})
    state = play(state, I.Play(("5",)))  # Ann needs 1, and the pile has exactly 1: no reshuffle yet
    state = RULES.apply(state, I.Draw(("*",)))
    assert state.pile == 0
    state = play(state, I.Play(("1",)))  # Bob must pick up one card from an empty pile
    obs = RULES.observe(state, "Bob")
    assert obs["waiting"]["reshuffle"] is True and "shuffles the discards" in obs["prompt"]
    before = len(state.discard)
    state = RULES.apply(state, I.Draw(("*",)))
    assert state.pile == before - 1 and state.discard == ()
    assert any("shuffled into a new draw pile" in n for n in state.notices)


def test_a_card_the_table_names_must_be_one_the_device_has_not_seen_elsewhere() -> None:
    """GSB-07: every card is somewhere: a named draw of a card all of whose copies are in the
    discard pile is refused, with what is wrong."""
    state = play(scene([0, 0], [("1", "2", "3", "4"), ("freeze", "5", "6", "6", "2")], active=1,
                       automated=("Ann",)), I.Play(("5",)))
    state = play(state, I.Draw(("*",)), I.Play(("1",)))
    with pytest.raises(IllegalInput, match="cannot be in the draw pile"):
        RULES.apply(state, I.Draw(("freeze",)))
    with pytest.raises(IllegalInput, match="not a Goosebumps card"):
        RULES.apply(state, I.Draw(("7",)))


def test_the_alternate_start_for_five_or_six_players_is_r_l_stines_house() -> None:
    """GSB-30, Alternate Start: "When playing with 5-6 players you might want to start on R.L.
    Stine's House for a shorter game"."""
    state = RULES.setup(options(5, alternate_start=True), 2)
    assert set(where(state).values()) == {STINES_HOUSE}
    with pytest.raises(IllegalInput, match="5-6 players"):
        RULES.setup(options(4, alternate_start=True), 2)


def test_bad_options_are_refused_with_what_is_wrong() -> None:
    """GSB-G3..G21: each setting takes only its documented values."""
    with pytest.raises(IllegalInput, match="extra_turn_on"):
        RULES.setup(options(2, extra_turn_on="sometimes"), 1)
    with pytest.raises(IllegalInput, match="not at the table"):
        RULES.setup(options(2, automated=("Zed",)), 1)
    with pytest.raises(IllegalInput, match="dealer"):
        RULES.setup(options(2, dealer="Zed"), 1)
    with pytest.raises(IllegalInput, match="names for"):
        RULES.setup(RULES.options_type(players=3, names=("A", "B")), 1)
    with pytest.raises(IllegalInput, match="distinct"):
        RULES.setup(RULES.options_type(players=2, names=("A", "A")), 1)
