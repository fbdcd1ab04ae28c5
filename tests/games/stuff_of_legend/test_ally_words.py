"""An Ally's two abilities are told apart by what they do (the play-test of 5 Dec 2026 read "Use
The Jack of Clubs (1)" and "(2)"; docs/ui.md "Play-test, 5 Dec 2026")."""

from __future__ import annotations

from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.ui.words import caption
from sol_helpers import new


def test_an_ally_button_says_what_each_ability_does() -> None:
    """"The Jack of Clubs": ability 1, two Talk icons to an action; ability 2, destroy one Army
    (the pack's card list, data/cards.toml SOL:ENCT:14)."""
    s = new(3)
    one = caption(s, I.UseAlly("max", "SOL:ENCT:14", 1))
    two = caption(s, I.UseAlly("max", "SOL:ENCT:14", 2))
    assert one == "Use The Jack of Clubs: +2 Talk", one
    assert two == "Use The Jack of Clubs: destroy 1 Army", two
    assert caption(s, I.UseAlly("max", "SOL:ENCT:06", 2)) == "Use The Woodsman: Attention down 1"
