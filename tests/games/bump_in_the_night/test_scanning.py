"""What a sticker under the camera fills (companion/games/bump_in_the_night/scanning.py): the same
inputs a tap fills, or a refusal in words that name no card of a hand."""

from __future__ import annotations

import pytest

from bin_helpers import play, table
from companion.core.errors import IllegalInput
from companion.games.bump_in_the_night import scanning
from companion.games.bump_in_the_night.context import ctx_for
from companion.games.bump_in_the_night.game import RULES
from companion.games.bump_in_the_night.inputs import Draw, GroupRoll, PlaceGirls
from companion.games.bump_in_the_night.state import Options, Phase


def test_a_card_drawn_for_the_chart_gives_its_corner_number() -> None:
    """BIN-09, "Setup, Note": "cards may be drawn from the deck instead, as each card shows a number
    1-6 in its lower right-hand corner". Panic's copy BIN:ACTN:04 shows 4 in the shipped file."""
    s = RULES.setup(Options(), 1)
    inp = scanning.table_input(s, "BIN:ACTN:04")
    assert inp == GroupRoll(card="BIN:ACTN:04")
    after = play(s, inp)
    assert after.phase is Phase.PLACE and "Panic shows 4" in after.notices[0]
    with pytest.raises(scanning.NotNow, match="already been rolled"):
        scanning.chart_input(after, "BIN:ACTN:04")


def test_a_card_dealt_is_a_draw_of_that_very_copy() -> None:
    """BIN-12, "Card Overview": three cards each; the sticker names the copy, so the state holds it."""
    s = play(RULES.setup(Options(), 1), GroupRoll(4), PlaceGirls())
    assert s.phase is Phase.DEAL
    inp = scanning.draw_input(s, "BIN:BLCK:03")
    assert inp == Draw("BIN:BLCK:03") and scanning.table_input(s, "BIN:BLCK:03") == inp
    after = play(s, inp)
    assert after.hands[0] == ("BIN:BLCK:03",)
    # The same sticker again, read by the camera before: the card left lying there, refused
    # without its name (A Charm Against Ghosts is the only copy: the rules would say so by name).
    with pytest.raises(scanning.NotNow, match="read into a hand already") as refused:
        scanning.draw_input(after, "BIN:BLCK:03", read={"BIN:BLCK:03"})
    assert "Charm" not in str(refused.value)
    # Named by title before (not read by the camera): the rules decide, as for a tap.
    assert scanning.draw_input(after, "BIN:BLCK:03") == Draw("BIN:BLCK:03")


def test_nobody_drawing_and_a_code_the_card_list_lacks_are_refused_in_words() -> None:
    """BIN-04, "Parts List": 25 Action, 20 Block, 7 Bonus cards; a sticker when no card is owed is
    put back; a code past the list is named with the list's file."""
    s = table(step=2)
    with pytest.raises(scanning.NotNow, match="nobody is drawing a card now"):
        scanning.draw_input(s, "BIN:ACTN:01")
    dealing = play(RULES.setup(Options(), 1), GroupRoll(4), PlaceGirls())
    with pytest.raises(scanning.NotNow, match="not in this game's card list .*cards.toml"):
        scanning.draw_input(dealing, "BIN:ACTN:26")


def test_every_sticker_of_the_sheet_is_a_card_of_the_shipped_list() -> None:
    """BIN-04, "Parts List, Cards": the sticker sheet (cards_qr/decks.toml: ACTN 25, BLCK 20, BONS 7)
    and the shipped card list name the same 52 cards, so no printed sticker is refused."""
    from cards_qr.codes import all_codes

    s = RULES.setup(Options(), 1)
    stickers = [str(code) for code in all_codes("BIN")]
    assert len(stickers) == 52 and [scanning.card_code(s, code) for code in stickers] == stickers


def test_a_holders_card_the_rules_cannot_draw_is_refused_without_its_name() -> None:
    """BIN-12 with the device's monster player: a card dealt face down into its holder is read on
    the table's screen; one with no copy left to draw (a card named wrong before) is refused there
    without its name, which the rules' own refusal says."""
    s = play(RULES.setup(Options(), 1), GroupRoll(4), PlaceGirls())
    s = play(s, Draw("BIN:BONS:02"))  # Red: the only copy of its Bonus card
    assert s.pending[0].seat == 1
    with pytest.raises(scanning.NotNow, match="cannot be drawn by the cards named so far") as refused:
        scanning.table_input(s, "BIN:BONS:02")
    name = ctx_for(s.options).card("BIN:BONS:02").name
    assert name not in str(refused.value)
    with pytest.raises(IllegalInput, match=name):
        play(s, Draw("BIN:BONS:02"))  # what a tap would have been told
    assert scanning.table_input(s, "BIN:BONS:03") == Draw("BIN:BONS:03")
