"""The one engine fix this work needed: a player-run Boogeyman whose Nightmare/Trouble/Event deck
is used up takes the discards back, instead of the game waiting for a choice nobody can make."""

from __future__ import annotations

from dataclasses import replace

from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.moves import legal_inputs
from companion.games.boogeyman.state import ChooseCard, Deck, Mode, Options


def test_empty_event_deck_is_refilled_from_discards_for_the_boogeyman_player() -> None:
    s = RULES.setup(Options(mode=Mode.COMPETITIVE, children=("mike", "daphne")), 3)
    s = RULES.apply(s, I.HideTokensInput(("1", "2", "3"), "4", "6"))
    used = tuple(f"BGM:EVNT:{n:02d}" for n in range(1, 11))
    s = replace(s, decks=tuple(Deck("EVNT", (), used) if d.code == "EVNT" else d for d in s.decks))
    # Play to the Boogeyman's turns until a Room token lands on an Event space.
    for _ in range(400):
        if s.pending and isinstance(s.pending[0], ChooseCard) and s.pending[0].deck == "EVNT":
            break
        s = RULES.apply(s, legal_inputs(s)[0])
    assert s.pending and isinstance(s.pending[0], ChooseCard)
    choices = legal_inputs(s)
    assert sorted(c.code for c in choices if isinstance(c, I.ChooseCardInput)) == sorted(used)
