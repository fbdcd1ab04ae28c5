"""The validating reducer: an input that answers nothing waiting is refused with what the device waits for,
and the state stays as it was (SOL-35: the menu of options is the device's to check)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalInput
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.protocol import prompt
from test_hidden import positions

WRONG = [I.CoinFlip("boy"), I.ResolveAction("max"), I.ChooseActorInput("max"), I.Cast("max", "for"),
         I.Bridge("pit", "river"), I.DiscardInput("max", ""), I.Reveal("hollow"), I.ActivateInput("army:x")]


def test_inputs_that_answer_nothing_are_refused() -> None:
    """SOL-35: at every kind of decision, inputs of other kinds are refused, naming the decision."""
    seen: set[str] = set()
    for s in positions(11, 4) + positions(12, 5, action_deck="physical", board_cards="physical") + \
            positions(13, 3, boogeyman_deck="physical", exits="physical"):
        head = type(s.head).__name__
        if s.phase == "over" or head in seen:
            continue
        seen.add(head)
        legal_kinds = {type(x) for x in RULES.legal_inputs(s, RULES.to_act(s).seat or "table")}
        for inp in WRONG:
            if type(inp) in legal_kinds:
                continue
            with pytest.raises(IllegalInput) as err:
                RULES.apply(s, inp)
            assert str(err.value)
    assert len(seen) >= 8, seen


def test_refusals_say_what_is_awaited() -> None:
    s = positions(11, 4)[0]
    with pytest.raises(IllegalInput, match="does not answer what the device is waiting for") as err:
        RULES.apply(s, I.CoinFlip("boy"))
    assert prompt(s) in str(err.value)
    over = [p for p in positions(14, 3) if p.phase == "over"]
    if over:
        with pytest.raises(IllegalInput, match="over"):
            RULES.apply(over[0], I.CoinFlip("boy"))
