"""Unique cards stay unique (issue 26): the box holds one card per sticker ("Components": 32 Light
cards, 55 Search cards, 10 Nightmare cards, ...), so a card already out of its deck cannot be drawn
again; the refusal names the card by its title and says where it is, never by its sticker code."""

from dataclasses import replace

import pytest

from companion.core import codec
from companion.core.errors import IllegalInput
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.state import DrawCard, State, Switch

from bgm_helpers import new_game, play, put, room


def _switch_in(s: State, child: str, zone: str) -> State:
    """`child` stands in a Light room with no Lock and switches the light off: they draw a Light card."""
    s = room(put(s, **{child: zone}), zone, switch=Switch.LIGHT, lock=False)
    return play(s, I.FlipSwitch(child))


def test_the_same_light_card_twice_in_a_row_is_refused_by_name() -> None:
    """The Cards, Light Cards: "Each time you take a Light token, you must draw one of these cards
    and carry out its instructions"; it then lies in the discard pile until the deck is reshuffled."""
    s = _switch_in(new_game(), "mike", "1")
    s = play(s, I.CardDrawn("BGM:LGHT:04", name="Creaking Stairs"))
    s = _switch_in(s, "mike", "2")
    assert s.pending == (DrawCard("LGHT", "mike"),)
    before = codec.dumps(s)
    with pytest.raises(IllegalInput) as e:
        play(s, I.CardDrawn("BGM:LGHT:04"))
    assert codec.dumps(s) == before  # refused: the state is as it was
    assert str(e.value).startswith("Creaking Stairs is already in the discard pile")
    assert "BGM:" not in str(e.value)
    s = play(s, I.CardDrawn("BGM:LGHT:05"))  # another Light card is drawn as usual
    assert s.pending == ()


def test_a_search_card_in_a_childs_hand_cannot_be_drawn_by_another() -> None:
    """The Cards, Search Cards: a Search card is kept until it is played, and "must be discarded
    after one use"; while Mike holds it, Daphne cannot draw the same card."""
    s = replace(new_game(), pending=(DrawCard("SRCH", "mike"),))
    s = play(s, I.CardDrawn("BGM:SRCH:07", name="Flashlight Batteries"))
    s = replace(s, pending=(DrawCard("SRCH", "daphne"),))
    before = codec.dumps(s)
    with pytest.raises(IllegalInput) as e:
        play(s, I.CardDrawn("BGM:SRCH:07"))
    assert codec.dumps(s) == before  # refused: the state is as it was
    assert str(e.value).startswith("Flashlight Batteries is already in Mike's hand")
    assert "BGM:" not in str(e.value)


def test_a_nightmare_in_play_cannot_be_drawn_for_a_second_child() -> None:
    """Nightmares: "The Nightmare card remains in play until the Passed Out Child is revived"."""
    s = replace(new_game(), pending=(DrawCard("NGHT", "mike"),))
    s = play(s, I.CardDrawn("BGM:NGHT:03", name="Night Terrors"))
    assert s.child("mike").nightmare == "BGM:NGHT:03"
    s = replace(s, pending=(DrawCard("NGHT", "daphne"),))
    before = codec.dumps(s)
    with pytest.raises(IllegalInput) as e:
        play(s, I.CardDrawn("BGM:NGHT:03"))
    assert codec.dumps(s) == before  # refused: the state is as it was
    assert str(e.value).startswith("Night Terrors is already on Mike as a Nightmare until revived")


def test_a_deck_drawn_out_is_reshuffled_so_its_discards_come_back() -> None:
    """The box has 32 Light cards: when all 32 are in the discard pile, the deck is shuffled from
    them, and a card drawn before can be drawn again."""
    s = replace(new_game(), drawn=tuple((f"BGM:LGHT:{n:02d}", "") for n in range(1, 33)))
    s = _switch_in(s, "mike", "1")
    s = play(s, I.CardDrawn("BGM:LGHT:04"))
    assert [c for c, _ in s.drawn if c.startswith("BGM:LGHT:")] == ["BGM:LGHT:04"]


def test_a_game_begun_under_version_2_keeps_accepting_the_second_draw() -> None:
    """docs/journal.md, "Rules versions": a game recorded under version 2 replays as it was played."""
    s = _switch_in(new_game(rules_version=2), "mike", "1")
    s = play(s, I.CardDrawn("BGM:LGHT:04"))
    s = play(_switch_in(s, "mike", "2"), I.CardDrawn("BGM:LGHT:04"))
    assert s.pending == () and s.drawn == ()


def test_a_child_who_becomes_the_boogeyman_discards_their_search_cards() -> None:
    """Semi-Cooperative Mode, Becoming the Boogeyman: "discard your Status cards, Candy tokens, and
    any Search cards you have": the card is then in the discard pile, no longer in Mike's hand."""
    from companion.games.boogeyman.rounds import take_over

    s = replace(new_game(), pending=(DrawCard("SRCH", "mike"),))
    s = play(s, I.CardDrawn("BGM:SRCH:07", name="Flashlight Batteries"))
    s = replace(take_over(s, "mike"), pending=(DrawCard("SRCH", "daphne"),))
    before = codec.dumps(s)
    with pytest.raises(IllegalInput, match="^Flashlight Batteries is already in the discard pile"):
        play(s, I.CardDrawn("BGM:SRCH:07"))
    assert codec.dumps(s) == before  # refused: the state is as it was


def test_the_refusals_read_in_german() -> None:
    """Play-test of 6 Dec 2026 in German: the toast "Lamp is already in the discard pile: the box has
    one Lamp ..." stayed English. Both refusals above, as the rules make them, read in German with
    the card's title as the table taught it and the deck's German name."""
    from companion import i18n
    from companion.core.packs import get_pack

    s = play(_switch_in(new_game(), "mike", "1"), I.CardDrawn("BGM:LGHT:04", name="Creaking Stairs"))
    s = _switch_in(s, "mike", "2")
    with pytest.raises(IllegalInput) as e:
        play(s, I.CardDrawn("BGM:LGHT:04"))
    refusals = [str(e.value)]
    t = replace(new_game(), pending=(DrawCard("SRCH", "mike"),))
    t = replace(play(t, I.CardDrawn("BGM:SRCH:07", name="Flashlight Batteries")), pending=(DrawCard("SRCH", "daphne"),))
    with pytest.raises(IllegalInput) as e:
        play(t, I.CardDrawn("BGM:SRCH:07"))
    refusals.append(str(e.value))
    rules = get_pack("BGM").rules
    try:
        i18n.set_language("de")
        said = [i18n.pack_said(rules, r) for r in refusals]
    finally:
        i18n.set_language("en")
    assert said[0].startswith("Creaking Stairs ist schon auf dem Ablagestapel: Die Schachtel hat nur ein Creaking Stairs")
    assert "oberste Licht-Karte" in said[0], said[0]
    assert said[1].startswith("Flashlight Batteries ist schon in der Hand von Mike"), said[1]
