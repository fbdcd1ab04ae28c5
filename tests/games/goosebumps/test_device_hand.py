"""Issue 25 #8: the automated player's hand dealt by the device from its own shuffle, nobody
seeing it (`device_hand = "screen"`), beside the holder named in private (the default)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalInput
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps import rules
from companion.games.goosebumps.protocol import prompt
from companion.games.goosebumps.state import Options, State


def _to_devices_deal(hand: str) -> State:
    s = rules.setup(Options(players=2, names=("Ann", "Device"), automated=("Device",), device_hand=hand), 5)
    while s.seats[s.queue[0].seat] != "Device":  # type: ignore[union-attr]
        s = rules.apply(s, I.Draw(("?",) * 4))
    return s


def test_gsb03_the_device_deals_its_own_four_and_no_card_is_named_for_it() -> None:
    """GSB-03, "To Begin": "Each player is dealt FOUR cards". With the hand on the screen the
    device deals its own four ("*") and a named card for it is refused (nobody may see one); the
    prompt says so, and never asks to deal into the holder or to scan."""
    s = _to_devices_deal("screen")
    assert "own shuffle" in prompt(s) and "holder" not in prompt(s) and "scan" not in prompt(s)
    with pytest.raises(IllegalInput, match="nobody sees"):
        rules.apply(s, I.Draw(("4", "4", "5", "pal")))
    after = rules.apply(s, I.Draw((I.DEVICE_DRAWS,) * 4))
    assert len(after.hands[1]) == 4 and "?" not in after.hands[1] and after.pile == s.pile - 4
    assert "own shuffle" in after.notices[-1] and "holder" not in after.notices[-1]


def test_gsb03_the_holder_is_still_named_by_default() -> None:
    """GSB-03 with the default (the holder): the table names the four dealt into it, as before."""
    s = _to_devices_deal("holder")
    assert "holder" in prompt(s)
    assert rules.apply(s, I.Draw(("4", "4", "5", "pal"))).hands[1] == ("4", "4", "5", "pal")


def test_device_hand_is_one_of_two() -> None:
    with pytest.raises(IllegalInput, match="device_hand"):
        rules.setup(Options(players=2, automated=("Player 2",), device_hand="pocket"), 1)
