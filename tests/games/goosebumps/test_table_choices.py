"""The choices on the shared table screen come from what the whole table can see (the "table"
list of `legal_inputs`), never from a hand the table has not seen; the rules refuse what the real
hand cannot do. A hand with no card to play passes without being named (rulebook, "Taking a
Turn"; docs/games/GSB.md, "No playable card")."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.core.rng import Rng
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.cards import KINDS, NUMBERS
from companion.games.goosebumps.game import RULES
from companion.games.goosebumps.state import State

from tests.games.goosebumps.gsb_helpers import PARK, options, play, random_states, scene, waiting

HIDDEN = ("?",) * 5


def refusal(state: State, inp: I.Input) -> str:
    with pytest.raises(IllegalInput) as exc:
        RULES.apply(state, inp)
    return str(exc.value)


def first_turn(ann: tuple[str, ...], more: str) -> State:
    """Ann and Bob; Bob deals, Ann picks up her four and Bob his four (unseen), then Ann picks up
    her first turn's card: the same public history whatever Ann's cards are."""
    state = RULES.setup(options(2), 7)
    return play(state, I.Draw(ann), I.Draw(("?",) * 4), I.Draw((more,)))


def test_the_table_is_offered_the_same_choices_whatever_the_hidden_hand_holds() -> None:
    """GSB-09/11/12/14, "Taking a Turn" (three ways to advance) and GSB-05 (a hand of five): Ann
    named 4, Pal, 2, 1 and 6 as she picked them up; at another table she kept them secret; at a
    third she holds three 5s, Gnomies and Freeze Ray!. The table cannot tell these apart, so the
    shared screen offers the same choices at all three: every card a hand of five could play,
    three of a kind, and no pass (five cards, and only two that can never be played in turn)."""
    named = first_turn(("4", "pal", "2", "1"), "6")
    secret = first_turn(("?",) * 4, "?")
    other = first_turn(("5", "5", "gnomies", "5"), "freeze")
    offered = RULES.legal_inputs(named, "table")
    assert RULES.legal_inputs(secret, "table") == offered == RULES.legal_inputs(other, "table")
    assert RULES.observe(secret, "table") == RULES.observe(named, "table") == RULES.observe(other, "table")
    assert [RULES.label(named, x) for x in offered] == [RULES.label(other, x) for x in offered]
    singles = [x.cards[0] for x in offered if isinstance(x, I.Play) and len(x.cards) == 1]
    assert singles == list(NUMBERS) + ["pal", "car", "book", "stine"]  # not Ann's five: every card
    assert [x.cards for x in offered if isinstance(x, I.Play) and len(x.cards) == 3] == [(n,) * 3 for n in NUMBERS]
    assert I.Pass() not in offered
    # Ann's own list is exactly her named hand: the screen must never show it.
    assert RULES.legal_inputs(named, "Ann") == [I.Play((c,)) for c in ("1", "2", "4", "6", "pal")]


def test_the_rules_refuse_what_the_hand_cannot_make_in_the_same_words() -> None:
    """GSB-09/11, "Taking a Turn": every choice offered is one the secret hand may really make, so
    the device accepts it; a named hand without the card is refused, in words that are the same for
    every hand without it and name none of Ann's cards."""
    secret = first_turn(("?",) * 4, "?")
    for inp in RULES.legal_inputs(secret, "table"):
        if isinstance(inp, I.Play):
            RULES.apply(secret, inp)  # accepted: the device has not seen Ann's cards
    named = first_turn(("4", "pal", "2", "1"), "6")
    other = first_turn(("5", "5", "gnomies", "5"), "freeze")
    said = refusal(named, I.Play(("3",)))
    assert said == refusal(other, I.Play(("3",)))
    assert said.startswith("By the cards named so far, Ann cannot give up a 3. Play another card")
    assert not any(f"a {c}" in said for c in ("4", "2", "1", "6", "5"))
    assert refusal(named, I.Play(("5", "5", "5"))).startswith("By the cards named so far, Ann cannot give up three 5s")


def test_a_pass_five_cards_disprove_is_refused_from_what_the_table_sees() -> None:
    """GSB-14/39, "Taking a Turn" and "Play these cards during other players' turns": only Gnomies
    and Freeze Ray! can never be played in turn, so a hand of five always holds a card to play
    here. The pass is not offered, and refused with the same public reason for every hand."""
    secret, named = first_turn(("?",) * 4, "?"), first_turn(("4", "pal", "2", "1"), "6")
    said = refusal(secret, I.Pass())
    assert said == refusal(named, I.Pass())
    assert said == ("Ann may pass only when no card in hand may be played (GSB-14): play a card: of the cards not "
                    "in the discard pile, only 2 cards could not be played now, and Ann holds 5")


def test_a_hidden_hand_with_nothing_to_play_passes_without_naming_it() -> None:
    """GSB-14/39 and GSB-18/G17 (Pal of the Praying Mantis cannot reach THE END): past the
    Amusement Park, Gnomies, Freeze Ray! and the three Pals cannot be played, and none is in the
    discard pile, so a hand of five may hold nothing to play. The rulebook has no rule for it;
    the player passes (keeps the cards; "ALWAYS PICK UP A CARD" next turn, GSB-06/G7). The table
    is offered the pass for every hand; the unnamed hand passes, and Ann still holds five."""
    secret = scene([PARK + 1, 0], [HIDDEN, ("6",)])
    stuck = scene([PARK + 1, 0], [("gnomies", "freeze", "pal", "pal", "pal"), ("6",)])
    playable = scene([PARK + 1, 0], [("gnomies", "freeze", "pal", "pal", "3"), ("6",)])
    offered = RULES.legal_inputs(secret, "table")
    assert RULES.legal_inputs(stuck, "table") == offered == RULES.legal_inputs(playable, "table")
    assert offered[-1] == I.Pass() and [x.cards for x in offered[:6]] == [(n,) for n in NUMBERS]
    assert I.Play(("pal",)) not in offered
    passed = play(secret, I.Pass())
    assert waiting(passed) == ("draw", "Bob") and len(passed.hands[0]) == 5
    assert passed.notices == ("Ann holds no card that may be played: the turn passes.",)
    assert RULES.label(secret, I.Pass()) == "Ann could not play"
    assert RULES.legal_inputs(secret, "Ann")[-1] == I.Pass()  # Ann's own list offers it too
    assert waiting(play(stuck, I.Pass())) == ("draw", "Bob")
    # The named 3 can be played: that hand is refused, without saying which card.
    said = refusal(playable, I.Pass())
    assert said == ("Ann may pass only when no card in hand may be played (GSB-14): play a card. By the cards "
                    "named so far, one may be played; if none really may, a card was named wrong at a pick-up: "
                    "Undo back to it")


def test_a_pal_in_the_discard_pile_proves_the_hidden_hand_can_play() -> None:
    """GSB-14/39, GSB-18/G17: with one Pal face up in the discard pile, only four cards of the deck
    cannot be played past the Amusement Park; a hand of five holds a playable card. The table is
    not offered the pass, and the rules refuse it for the unnamed hand too."""
    secret = scene([PARK + 1, 0], [HIDDEN, ("6",)], discard=("pal",))
    assert I.Pass() not in RULES.legal_inputs(secret, "table")
    assert refusal(secret, I.Pass()).endswith("only 4 cards could not be played now, and Ann holds 5")
    small = evolve(secret, hands=(("?",) * 4, ("6",)))  # four cards: they may all be stuck
    assert RULES.legal_inputs(small, "table")[-1] == I.Pass()
    assert waiting(play(small, I.Pass())) == ("draw", "Bob")


def test_a_steal_and_a_freeze_window_offer_the_table_the_same_choices_for_any_hand() -> None:
    """GSB-20, "Steal" (the stealer takes a card without looking: the table names it) and GSB-37,
    Freeze Ray!: Bob named his cards, or kept them secret. The table is offered every card a hand
    could give up, and both answers to the Freeze Ray! window, whatever Bob holds."""
    bob_named, bob_secret = ("6", "4", "2", "1"), ("?",) * 4
    takes = []
    for bob in (bob_named, bob_secret):
        on_steal = play(scene([0, 0], [("4", "1", "2", "3", "5"), bob]), I.Play(("4",)))  # the only rival: Bob
        assert waiting(on_steal) == ("take", "Ann")
        takes.append(RULES.legal_inputs(on_steal, "table"))
    assert takes[0] == takes[1] == [I.Take(c) for c in KINDS]
    windows = []
    for bob in (bob_named, bob_secret):
        three = play(scene([0, 0], [("5", "5", "5", "1", "2"), bob]), I.Play(("5", "5", "5")))
        assert waiting(three) == ("react", "Bob")
        windows.append(RULES.legal_inputs(three, "table"))
    assert windows[0] == windows[1] == [I.React(False), I.React(True)]
    assert RULES.legal_inputs(three, "Bob") == windows[1]
    named_three = play(scene([0, 0], [("5", "5", "5", "1", "2"), bob_named]), I.Play(("5", "5", "5")))
    assert RULES.legal_inputs(named_three, "Bob") == [I.React(False)]  # Bob's own list gives his hand away


def test_over_random_real_tables_the_table_list_depends_only_on_what_the_table_sees() -> None:
    """GSB-14/20/36/37 and the house's rule that hidden information reaches a screen only through
    a seat's observation: in random games at a real table (people's cards unseen, the holder's
    scanned), every world the table cannot tell apart gives the same choices."""
    checked = 0
    for state in random_states(4, seed=31, table=True)[::5]:
        offered = RULES.legal_inputs(state, "table")
        for k in range(2):
            world, _ = RULES.resample(state, "table", Rng(k))
            assert RULES.legal_inputs(world, "table") == offered
            checked += 1
    assert checked > 100, checked
