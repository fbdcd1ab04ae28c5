"""What the table reads when the rules refuse an input: what is wrong and what to do, in words that
name no card of a hidden hand (the refusal shows on the table's screen, in front of everyone)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalInput
from companion.games.goosebumps import inputs as I
from companion.core.rng import Rng
from companion.games.goosebumps.cards import KINDS, NUMBERS, title
from companion.games.goosebumps.game import RULES
from companion.games.goosebumps.state import DrawStep, PlayStep, ReactStep, State, TakeStep

from tests.games.goosebumps.gsb_helpers import HIGHSCHOOL, POLICE, play, random_states, scene

REST = ("1", "2", "3", "5")


def refusal(state: object, inp: I.Input) -> str:
    with pytest.raises(IllegalInput) as exc:
        RULES.apply(state, inp)  # type: ignore[arg-type]
    return str(exc.value)


def test_a_gnomies_answer_from_a_named_hand_without_one_says_let_it_pass() -> None:
    """GSB-36: Bob named his four cards when he picked them up, and none is Rollin' With My Gnomies;
    the table taps "Play" anyway. The refusal says to let it pass, or to Undo to the pick-up if the
    real card is one, and names none of Bob's cards."""
    bob = ("6", "4", "2", "1")
    state = play(scene([8, 18], [("stine",) + REST, bob]), I.Play(("stine",)))
    said = refusal(state, I.React(True))
    assert said.startswith("By the cards named so far, Bob cannot give up Rollin' With My Gnomies")
    assert "Let it pass" in said and "Undo back to it" in said and "named other" not in said
    assert "Gnomies. Let it pass" in said
    assert not any(title(c) in said for c in bob), said


def test_a_card_no_copy_of_which_is_left_for_an_unseen_hand_says_what_to_do() -> None:
    """GSB-14/33: Ann's cards are unseen, but both Found Your Book! cards are in the discard pile:
    she cannot hold one. The refusal says why from what the table saw, and what to do."""
    state = scene([0, 0], [("?",) * 5, ("6", "6")], discard=("book", "book"))
    said = refusal(state, I.Play(("book",)))
    assert said.startswith("Ann cannot give up Found Your Book!: every Found Your Book! is in the discard pile")
    assert "Play another card" in said and "Undo back to it" in said


def test_a_named_draw_never_says_which_hand_holds_the_card() -> None:
    """GSB-07: the only Freeze Ray! is in the device's holder (Bob, automated); Ann picks up and the
    table names a Freeze Ray!. The refusal says what to do and does not point at the holder."""
    state = scene([0, 0], [("?",) * 4, ("freeze", "5", "6", "6", "2")], active=1, automated=("Bob",))
    state = play(state, I.Play(("5",)))
    said = refusal(state, I.Draw(("freeze",)))
    assert said.startswith("By the cards named so far, Freeze Ray! cannot be in the draw pile")
    assert "Name the card as it shows" in said and "Undo back to it" in said
    assert "Bob" not in said and "holder" not in said and "hand" not in said, said


def test_a_steal_from_an_empty_hand_lists_who_may_be_picked() -> None:
    """GSB-G10: Cat holds no cards; the refusal lists the players who do, from the stealer's left."""
    state = play(scene([1, 0, 0, 0], [("1", "2", "3", "4", "5"), ("6", "6", "5", "2", "1"), (), ("2", "3")]),
                 I.Play(("3",)))
    said = refusal(state, I.Steal("Cat"))
    assert said == "Cat holds no cards: pick Bob or Dan, who hold cards (GSB-G10)"
    assert refusal(state, I.Steal("Ann")).endswith("(GSB-20): pick Bob or Dan")


def test_a_tie_for_the_lead_refusal_says_whom_to_choose() -> None:
    """GSB-G14: Found Your Book! with Bob and Cat tied in the lead: Ann may send back one of them."""
    state = play(scene([2, HIGHSCHOOL, HIGHSCHOOL], [("book",) + REST, ("6", "6"), ("2", "3")]), I.Play(("book",)))
    assert "choose Bob or Cat (GSB-G14)" in refusal(state, I.Target("Ann"))


def test_putting_a_monster_right_onto_an_occupied_space_says_where_it_may_go() -> None:
    """GSB-17: only Landmarks are shared; the fix says to pick a free space or a Landmark."""
    state = scene([3, 5], [("1", "2"), ("3", "4")])
    said = refusal(state, I.Place("Ann", 5))
    assert "only Landmarks are shared (GSB-17)" in said
    assert "Put Ann's monster on a free space or a Landmark" in said
    assert play(state, I.Place("Ann", POLICE)).positions[0] == POLICE


def test_three_of_a_kind_not_held_says_play_one_card() -> None:
    """GSB-11: Ann named two 4s, not three: the refusal says to play one card instead, and not how
    many 4s she holds."""
    said = refusal(scene([7, 0], [("4", "4", "3", "1", "2"), ("6",)]), I.Play(("4", "4", "4")))
    assert said.startswith("By the cards named so far, Ann cannot give up three 4s") and "Play one card instead" in said
    assert "two" not in said and "holds" not in said, said


def test_a_pass_refused_states_the_rule_not_the_hand() -> None:
    """GSB-14: Ann named her cards and one may be played; the table taps Pass anyway. The refusal
    says when a turn passes and what to do, not that Ann holds a playable card."""
    said = refusal(scene([7, 0], [("4", "gnomies"), ("6",)]), I.Pass())
    assert said.startswith("Ann may pass only when no card in hand may be played (GSB-14): play a card")
    assert "holds" not in said and "a 4" not in said, said


def _offers(state: State) -> list[I.Input]:
    """Every input the table could give the waiting step, legal or not: each card named."""
    head = state.queue[0]
    if isinstance(head, DrawStep):
        return [I.Draw((k,) + (I.DEVICE_DRAWS,) * (head.count - 1)) for k in KINDS]
    if isinstance(head, PlayStep):
        return [I.Play((k,)) for k in KINDS] + [I.Play((n,) * 3) for n in NUMBERS] + [I.Pass()]
    if isinstance(head, TakeStep):
        return [I.Take(k) for k in KINDS]
    if isinstance(head, ReactStep):
        return [I.React(True)]
    return []


def _refused(state: State, inp: I.Input) -> str:
    try:
        RULES.apply(state, inp)
    except IllegalInput as exc:
        return str(exc)
    return ""


def test_no_refusal_names_or_hints_at_a_hidden_hand() -> None:
    """GSB-14/36/37/20, and the house's rule that hidden information reaches a screen only
    through a seat's observation: over random games (a real table's, and with every hand named),
    every card the table may name for the waiting step is tried. A refusal names no card that
    is only in a hand (not offered, not in the discard pile), and worlds the table cannot tell
    apart (the hands redealt from what it has not seen) give the same refusal word for word."""
    checked = 0
    for state in (random_states(4, seed=21, table=True) + random_states(4, seed=22))[::6]:
        hidden = {c for hand in state.hands for c in hand if c in KINDS} - set(state.discard)
        worlds = [RULES.resample(state, "table", Rng(k))[0] for k in range(3)]
        for inp in _offers(state):
            said = _refused(state, inp)
            if not said:
                continue
            checked += 1
            assert "!." not in said, said
            head = state.queue[0]
            named = set(getattr(inp, "cards", ())) | {getattr(inp, "card", ""), getattr(head, "card", "")}
            for c in hidden - named:
                assert title(c) not in said and f"{c}s" not in said, (said, c, state.hands)
            for world in worlds:
                other = _refused(world, inp)
                assert other in ("", said), (inp, said, other)
    assert checked > 200, checked
