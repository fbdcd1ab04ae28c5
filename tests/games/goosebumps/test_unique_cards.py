"""Unique cards stay unique (issue 26): GSB-01, "Contents": "65 Cards (nine sets of 1-6 and 11
Monster Mayhem Cards)": nine cards show a 3, but each sticker is one of them. A sticker read into
a hand cannot be read into another hand while that card is still held, not even when the draw
pile runs out and the discards are shuffled (GSB-07: only "the discarded cards" come back). The
refusal says where the card is in words, never its sticker code; a card in a hidden hand is not
named (it may be the card another player left under the camera)."""

from __future__ import annotations

import pytest
from gsb_helpers import options

from companion.core import codec
from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.game import RULES
from companion.games.goosebumps.state import DrawStep, PlayStep, State

THREE = "GSB:NUMB:20"  # one of the nine 3s


def _dealt(version: int | None = None) -> State:
    """GSB-03, "To Begin": four cards each; Ann's 3 is read by the camera, Bob's are not shown."""
    kw = {} if version is None else {"rules_version": version}
    s = RULES.setup(options(**kw), 1)
    s = RULES.apply(s, I.Draw(("3", "?", "?", "?"), (THREE, "", "", "")))
    return RULES.apply(s, I.Draw(("?",) * 4))


def _bob_picks_up_as_the_pile_runs_out(s: State) -> State:
    """GSB-07: one card left in the draw pile, the rest discarded: Bob's pick-up of two reshuffles."""
    hidden = sum(c == "?" for hand in s.hands for c in hand)
    pile = [c for c in s.unseen]
    gone = pile[:s.pile - 1]
    for c in gone:
        pile.remove(c)
    assert len(pile) == hidden + 1
    return evolve(s, unseen=tuple(pile), pile=1, discard=tuple(gone),
                  queue=(DrawStep(1, 2, "turn"), PlayStep(1)), active=1)


def test_a_sticker_in_a_hand_is_not_read_into_another_hand() -> None:
    """GSB-03: Ann holds this 3; Bob's pick-up shows the same sticker: refused, in words."""
    s = evolve(_dealt(), queue=(DrawStep(1, 1, "turn"), PlayStep(1)), active=1)
    before = codec.dumps(s)
    with pytest.raises(IllegalInput) as e:
        RULES.apply(s, I.Draw(("3",), (THREE,)))
    assert codec.dumps(s) == before  # refused: the state is as it was
    assert str(e.value).startswith("this card was read into a hand already (it is in another player's hand)")
    assert "GSB:" not in str(e.value)


def test_a_card_still_in_a_hand_is_not_shuffled_into_the_new_draw_pile() -> None:
    """GSB-07, "Taking a Turn": "another player must gather the discarded cards and shuffle them to
    make a new draw pile": Ann's 3 is in her hand, not among them, so Bob cannot draw it."""
    s = _bob_picks_up_as_the_pile_runs_out(_dealt())
    before = codec.dumps(s)
    with pytest.raises(IllegalInput) as e:
        RULES.apply(s, I.Draw(("?", "3"), ("", THREE)))
    assert codec.dumps(s) == before  # refused: the state is as it was
    assert str(e.value).startswith("this card was read into a hand already (it is in another player's hand)")
    assert "GSB:" not in str(e.value)
    s = RULES.apply(s, I.Draw(("?", "3"), ("", "GSB:NUMB:21")))  # another 3 comes up as usual
    assert "GSB:NUMB:21" in s.read and THREE in s.read


def test_a_card_played_comes_back_with_the_discards() -> None:
    """GSB-07: once Ann has played her 3 it is a discarded card: the reshuffle brings it back."""
    s = _dealt()
    s = evolve(s, queue=(PlayStep(0),), active=0, owner=0, anchor=0, started=(True, True))
    s = RULES.apply(s, I.Play(("3",)))
    assert s.held == ()
    s = _bob_picks_up_as_the_pile_runs_out(s)
    s = RULES.apply(s, I.Draw(("?", "3"), ("", THREE)))
    assert THREE in s.read


def test_a_game_begun_under_version_1_still_takes_it_after_the_reshuffle() -> None:
    """docs/journal.md, "Rules versions": a game recorded under version 1 replays as it was played."""
    s = _bob_picks_up_as_the_pile_runs_out(_dealt(version=1))
    s = RULES.apply(s, I.Draw(("?", "3"), ("", THREE)))
    assert s.held == () and THREE in s.read
