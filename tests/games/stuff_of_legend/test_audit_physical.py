"""Audit: the same rules with the table's default set-up - real hands, real board cards and a real
Boogeyman deck scanned as they are drawn (the device cannot see a card in a hand)."""

from __future__ import annotations

import pytest
from audit_kit import ESCAPE, TALK2, at_phase1, go, quiet, to_phase2, votes

from companion.core.errors import IllegalInput
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.state import Options



def _table(players=3):
    s = RULES.setup(Options(players=players, rifle="max"), 4)
    for space, code in (("hollow", "SOL:LOCN:02"), ("briar", "SOL:LOCN:05"), ("crossing", "SOL:LOCN:03")):
        s = go(s, I.Reveal(space, code))
    return s


def test_physical_hands_run_out_flip_then_draw_and_pay_what_a_wound_still_owes() -> None:
    """SOL-76, SOL-105, with real cards: Percy holds one card, the marker is on B, the next wound is C
    (discard 3). He discards his card, flips the real coin (entered as its face), draws seven, and
    then owes two more."""
    s = _table()
    s = to_phase2(quiet(s), armies=("brooklyn",), wound=2, hands=(("",) * 7, ("",), ("",) * 7))
    s = go(s, I.ActivateInput("army:brooklyn"), I.TakeWoundInput("percy"), I.DiscardInput("percy", ""))
    assert s.head.kind == "coin"
    s = go(s, I.CoinFlip("boy"))
    assert len(s.hand("percy")) == 7 and s.head.kind == "discard" and s.head.n == 2
    s = go(s, I.DiscardInput("percy", ""), I.DiscardInput("percy", ""))
    assert len(s.hand("percy")) == 5 and s.turn == 2


def test_a_scanned_boogeyman_card_cannot_be_drawn_twice() -> None:
    """SOL-85, SOL-86, Boogeyman Face: "draw and resolve a card from the Boogeyman deck"; a Fleeting
    Interest card is removed, so scanning it again is refused."""
    s = to_phase2(quiet(_table()), armies=("brooklyn",) * 2, wound=3)
    s = go(s, I.ActivateInput("army:brooklyn"), I.TakeWoundInput("max"), I.CoinFlip("boogeyman"),
           I.BoogeymanCardInput("SOL:BOOG:01"))
    assert "SOL:BOOG:01" in s.removed
    s = go(s, I.ActivateInput("army:brooklyn"), I.TakeWoundInput("max"), I.CoinFlip("boogeyman"))
    with pytest.raises(IllegalInput):
        go(s, I.BoogeymanCardInput("SOL:BOOG:01"))


def test_a_card_played_face_up_cannot_be_scanned_again_from_a_hand() -> None:
    """SOL-34, SOL-43: a played card lies face up and then goes face down to the discard pile; a scan of
    the same sticker from a hand is a misread."""
    s = at_phase1(quiet(_table()))
    s = go(s, I.ChooseActorInput("harmony"), I.Play("harmony", ESCAPE[0]))
    with pytest.raises(IllegalInput):
        go(s, I.Boost("harmony", ESCAPE[0]))
    s = go(s, I.AskHelp("harmony"), I.Volunteer("max", False), I.Volunteer("percy", True),
           I.Permit("harmony", "percy", True), I.Assist("percy", TALK2[0]), I.AssistDone("percy"),
           I.ResolveAction("harmony"), I.DesignateInput("harmony", "hollow"))
    s = votes(s, "for")
    assert s.party == "hollow"
