"""What the table reads when the rules refuse an input: what is wrong, then what is allowed. A
hand is private, so a refusal says how many cards a hero holds, never which."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalInput
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.game import RULES
from sol_helpers import CAT, WORLD, act, card, encounter, quest_here, ready


def refusal(state: object, inp: object) -> str:
    with pytest.raises(IllegalInput) as exc:
        RULES.apply(state, inp)  # type: ignore[arg-type]
    return str(exc.value)


def test_a_card_not_in_hand_says_how_many_are_held_not_which() -> None:
    """SOL-43: Max plays a card he does not hold: he holds 7 cards; none of them is named."""
    s = act(ready(4), "max")
    said = refusal(s, I.Play("max", card("Minion Breakthrough")))
    assert said.endswith("has no Minion Breakthrough in hand: Max holds 7 cards: play one of them")
    assert len(s.hand("max")) == 7


def test_a_move_off_the_trails_lists_where_the_trails_lead() -> None:
    """SOL-39, a) Move: only a space joined by a trail; the refusal lists the spaces the trails reach."""
    s = act(ready(4), "max")
    said = refusal(s, I.Move("max", "well", s.hand("max")[0]))
    assert "is not joined to Brooklyn by a trail: the trails from Brooklyn lead to " in said
    names = said.split(" lead to ")[1].split(", ")
    assert len(names) == len(WORLD.neighbours("brooklyn")) and all(n for n in names)


def test_a_quest_that_is_not_here_names_the_quests_that_are() -> None:
    """SOL-62, Quest Encounters: a Quest is attempted in its own space; the refusal names the Quests
    face up in the party's space, or says there is none."""
    signs = encounter("Read the Signs")
    elsewhere = next(c for c in CAT.encounters if c.kind == "quest" and c.code != signs)
    s = act(quest_here(ready(4), signs), "max")
    said = refusal(s, I.AttemptQuest("max", elsewhere.code))
    assert said == f"{elsewhere.title} is not a Quest in the party's space: the Quests here are Read the Signs"
    assert refusal(act(ready(4), "max"), I.AttemptQuest("max", signs)).endswith(": there is no Quest here")
