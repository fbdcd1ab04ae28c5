"""What a sticker under the camera names in Goosebumps (companion/games/goosebumps/scanning.py):
the card of the default sticker layout, for the same input a tap makes, or a refusal in words."""

from __future__ import annotations

import pytest

from companion.core.evolve import evolve
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps import scanning
from companion.games.goosebumps.cards import Mix
from companion.games.goosebumps.game import RULES
from companion.games.goosebumps.state import DrawStep, TakeStep
from gsb_helpers import options, scene


def test_the_sticker_layout_follows_the_sets_and_the_mix() -> None:
    """GSB-01, "Contents": nine sets of 1-6 and 11 Monster Mayhem cards; GSB-G2 (the mix is data):
    a corrected mix moves the MAYH stickers with it."""
    s = RULES.setup(options(), 1)
    assert [scanning.card_of(s, f"GSB:NUMB:{n:02d}") for n in (1, 9, 10, 54)] == ["1", "1", "2", "6"]
    assert [scanning.card_of(s, f"GSB:MAYH:{n:02d}") for n in (1, 3, 4, 11)] == ["pal", "pal", "car", "freeze"]
    other = RULES.setup(options(mix=Mix(pal=2, car=3)), 1)
    assert scanning.card_of(other, "GSB:MAYH:03") == "car"
    with pytest.raises(scanning.NotNow, match="not a Goosebumps card code"):
        scanning.card_of(s, "BIN:ACTN:01")


def test_a_pick_up_takes_each_sticker_once() -> None:
    """GSB-03, "To Begin": each player is dealt four cards, named card by card; a sticker already
    named in this pick-up, or read into a hand before, is refused without naming the card."""
    s = RULES.setup(options(), 1)
    assert isinstance(s.head, DrawStep) and not scanning.reshuffles(s)
    assert scanning.picked_card(s, "GSB:MAYH:11", ["GSB:NUMB:01"]) == "freeze"
    with pytest.raises(scanning.NotNow, match="named already in this pick-up"):
        scanning.picked_card(s, "GSB:NUMB:01", ["GSB:NUMB:01"])
    with pytest.raises(scanning.NotNow, match="read into a hand already") as refused:
        scanning.picked_card(s, "GSB:MAYH:11", [], held={"GSB:MAYH:11"})
    assert "Freeze" not in str(refused.value)
    playing = scene([0, 0], [["1"], ["2"]])
    with pytest.raises(scanning.NotNow, match="nobody is picking up cards now"):
        scanning.picked_card(playing, "GSB:NUMB:01", [])


def test_the_draw_that_empties_the_pile_brings_the_discards_back() -> None:
    """GSB-07, "Taking a Turn": when the draw pile is out of cards, the discards are shuffled into a
    new one: stickers read into hands before may come again."""
    s = scene([0, 0], [["1"], ["2"]])
    short = evolve(s, pile=1, queue=(DrawStep(0, 2, "turn"),))
    assert scanning.reshuffles(short) and not scanning.reshuffles(evolve(short, pile=2))


def test_a_card_taken_on_steal_from_a_person_is_named_by_its_sticker() -> None:
    """GSB-20, "Steal": take one of their cards without looking and play it at once; from the
    automated player's holder the device picks the slot, so a sticker there is refused."""
    s = scene([0, 0], [["?", "?"], ["3"]])
    taking = evolve(s, queue=(TakeStep(1, 0),))
    assert scanning.stolen_input(taking, "GSB:NUMB:20") == I.Take("3")
    holder = evolve(taking, automated=(True, False))
    with pytest.raises(scanning.NotNow, match="no card is being taken from a hand"):
        scanning.stolen_input(holder, "GSB:NUMB:20")


def test_every_sticker_of_the_sheet_is_one_card_of_the_box() -> None:
    """GSB-01, "Contents": the 65 stickers of the sheet (cards_qr/decks.toml: NUMB 54, MAYH 11) name
    the 65 cards of the box, each kind as often as the box holds it."""
    from collections import Counter

    from cards_qr.codes import all_codes
    from companion.games.goosebumps.cards import deck

    s = RULES.setup(options(), 1)
    named = Counter(scanning.card_of(s, str(code)) for code in all_codes("GSB"))
    assert named == Counter(deck(Mix())) and sum(named.values()) == 65
