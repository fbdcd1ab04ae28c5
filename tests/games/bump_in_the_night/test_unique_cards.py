"""Unique cards stay unique (issue 26): BIN-04, Parts List, Cards: "Purple Bonus cards (7, one
each)", and each sticker is one physical card of the 52. A card already in a hand, played or
discarded cannot be drawn again; the refusal names it by its title and says where it is (another
seat's hand stays unnamed: hands are hidden), never by its sticker code."""

from __future__ import annotations

import pytest
from bin_helpers import play, table

from companion.core.deck import Deck
from companion.core import codec
from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.bump_in_the_night.cards import ACTION, BONUS, code
from companion.games.bump_in_the_night.inputs import Draw
from companion.games.bump_in_the_night.state import DrawFor, Options, State

PANIC, PANIC_2 = code(ACTION, 4), code(ACTION, 5)
DEN_OF_EVIL = code(BONUS, 1)


def _yellow_draws(s: State) -> State:
    """BIN-24: yellow's monster was used, so yellow draws a card."""
    return evolve(s, pending=(DrawFor(1, "used"),))


def _read(s: State, *codes: str) -> State:
    """The camera read these stickers into hands earlier in the game (State.read)."""
    return evolve(s, read=s.read | set(codes))


def test_a_scanned_card_in_another_hand_is_refused_not_taken_for_another_copy() -> None:
    """BIN-04, BIN-24: red drew this Panic card under the camera; yellow's camera reads the same
    sticker: it is not yellow's draw, so it is refused and where it is said; red's hand is hidden,
    so the card is not named to yellow."""
    s = _yellow_draws(_read(table(hands={"red": (PANIC,)}), PANIC))
    before = codec.dumps(s)
    with pytest.raises(IllegalInput) as e:
        play(s, Draw(PANIC, scanned=True))
    assert codec.dumps(s) == before  # refused: the state is as it was
    assert str(e.value).startswith("this card is already in another player's hand")
    assert "BIN:" not in str(e.value) and "Panic" not in str(e.value)
    s = play(s, Draw(PANIC_2, scanned=True))  # the other Panic card is drawn as usual
    assert s.hands[1] == (PANIC_2,)


def test_a_copy_only_named_by_touch_is_any_copy_so_its_sticker_is_still_drawn() -> None:
    """BIN-04: Panic has several copies; red's was picked on screen by its title, so the device put
    one copy's code in red's hand for it; yellow's scanned Panic is that code: it is yellow's real
    card, and red's stands for another copy."""
    s = _yellow_draws(table(hands={"red": (PANIC,)}))
    s = play(s, Draw(PANIC, scanned=True))
    assert len(s.hands[1]) == 1 and s.hands[0] == (PANIC,)


def test_a_scanned_card_in_the_drawers_own_hand_says_so() -> None:
    s = _yellow_draws(_read(table(hands={"yellow": (PANIC,)}), PANIC))
    before = codec.dumps(s)
    with pytest.raises(IllegalInput, match="^this Panic card is already in your hand"):
        play(s, Draw(PANIC, scanned=True))
    assert codec.dumps(s) == before  # refused: the state is as it was


def test_a_discarded_card_cannot_be_scanned_while_the_deck_still_has_cards() -> None:
    """BIN-G18: discards are reshuffled only when the draw pile is empty."""
    s = _read(table(), PANIC)
    s = _yellow_draws(evolve(s, deck=Deck("cards", tuple(x for x in s.deck.draw_pile if x != PANIC), (PANIC,))))
    before = codec.dumps(s)
    with pytest.raises(IllegalInput, match="^this Panic card is already in the discard pile"):
        play(s, Draw(PANIC, scanned=True))
    assert codec.dumps(s) == before  # refused: the state is as it was


def test_the_one_bonus_card_of_its_title_is_refused_with_where_it_is() -> None:
    """BIN-04: "Purple Bonus cards (7, one each)": Den of Evil, played by red for a point (BIN-23),
    cannot be drawn, even picked on screen by its title."""
    s = table()
    s = evolve(s, deck=Deck("cards", tuple(x for x in s.deck.draw_pile if x != DEN_OF_EVIL)),
               bonuses=((DEN_OF_EVIL,),) + s.bonuses[1:])
    s = _yellow_draws(s)
    before = codec.dumps(s)
    with pytest.raises(IllegalInput) as e:
        play(s, Draw(DEN_OF_EVIL))
    assert codec.dumps(s) == before  # refused: the state is as it was
    assert str(e.value).startswith("no Den of Evil card is left to draw (the only Den of Evil card is played by "
                                   "Red as a Bonus)")
    assert "BIN:" not in str(e.value)


def test_a_game_begun_under_version_1_keeps_taking_another_copy() -> None:
    """docs/journal.md, "Rules versions": a game recorded under version 1 replays as it was played."""
    s = _yellow_draws(_read(table(hands={"red": (PANIC,)}, options=Options(rules_version=1)), PANIC))
    s = play(s, Draw(PANIC, scanned=True))
    assert s.hands[1] == (PANIC_2,)
