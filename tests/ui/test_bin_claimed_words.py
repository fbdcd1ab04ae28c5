"""Bump in the Night's claimed line under the house (play-test of 5 Dec 2026: "Yellow 2 +1 Bonus"
read as 3 where the 2 already held the Bonus card)."""

from __future__ import annotations


def test_the_claimed_line_adds_up_to_the_score() -> None:
    """BIN, Winning: a Bonus card counts as one claimed person. The line says the girls claimed,
    then the Bonus cards, so the two add up to the score."""
    from companion.games.bump_in_the_night.ui.screens.bin_table import claimed_words

    players = {"red": {"claimed": 3, "score": 3, "bonus": [], "cards": 4},
               "yellow": {"claimed": 1, "score": 2, "bonus": ["Lost Forever"], "cards": 2}}
    import re

    words = re.sub(r"\[/?(?:b|color[^\]]*)\]", "", claimed_words(players, lambda col: col == "yellow"))
    assert words == "Claimed: Red 3 \u26634   Yellow (device) 1 +1 Bonus \u26632"
