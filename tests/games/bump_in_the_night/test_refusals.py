"""What the table reads when the rules refuse an input: what is wrong, then what to do or what is
allowed. Hands are hidden, so a refusal says how many cards a player holds, never which."""

from __future__ import annotations

import pytest

from bin_helpers import C, play, table
from companion.games.bump_in_the_night import moves
from companion.core.errors import IllegalInput
from companion.games.bump_in_the_night.cards import code
from companion.games.bump_in_the_night.inputs import Done, Draw, Lock, PlayCard, Place, Scare
from companion.games.bump_in_the_night.rules import apply
from companion.games.bump_in_the_night.state import Options

FREEDOM = code("ACTN", 1)


def refusal(state: object, inp: object) -> str:
    with pytest.raises(IllegalInput) as exc:
        apply(state, inp)  # type: ignore[arg-type]
    return str(exc.value)


def test_a_card_not_held_says_how_many_are_held_not_which():
    """BIN-20: Red taps a card Red does not hold; the refusal says Red holds 2 cards and to play one
    of them, naming neither (a refusal may show on the table's screen)."""
    others = tuple(x for x in C.cards.codes if C.card(x).name != C.card(FREEDOM).name and x.startswith("BIN:ACTN"))[:2]
    said = refusal(table(step=2, hands={"red": others}), PlayCard(FREEDOM))
    assert said.startswith(f"Red does not hold {C.card(FREEDOM).name}")
    assert said.endswith("Red holds 2 cards: play one of them")
    assert not any(C.card(x).name in said for x in others), said
    assert refusal(table(step=2), PlayCard(FREEDOM)).endswith("Red holds no cards")


def test_naming_a_card_with_no_copy_left_says_to_pick_what_it_shows():
    """BIN-34: Yellow draws for the borrowed Ghost; the table names a card every copy of which is in
    Red's hand: pick the card as it shows, or Undo to the card named wrong."""
    name = C.card(FREEDOM).name
    copies = tuple(x for x in C.cards.codes if C.card(x).name == name)
    s = play(table(step=3, moved={"laundry": 1}, monsters={"yellow": {"ghost": "laundry"}}, hands={"red": copies}),
             Scare("yellow", "ghost"))
    while s.running:
        s = apply(s, moves.legal(s, C)[0])
    said = refusal(s, Draw(FREEDOM))
    assert said.startswith(f"no {name} card is left to draw")
    assert "pick the card as it shows" in said and "Undo back to it" in said


def test_a_second_lock_says_end_step_one():
    """BIN-26: one lock marker a turn; the refusal says to end Step 1."""
    assert refusal(table(step=1, lock_used=True), Lock("den/laundry")).endswith("(BIN-26): end Step 1 to go on")


def test_placing_where_people_are_lists_the_empty_rooms():
    """BIN-30: "monsters can only be placed into rooms that are empty of people": the refusal lists
    the rooms with nobody in them."""
    s = table(step=2, unmoved={"den": 2, "cellar": 1})
    said = refusal(s, Place("cat", "den"))
    assert "(BIN-30): the Den has 2; rooms with nobody in them: " in said
    empty = said.split("rooms with nobody in them: ")[1].split(", ")
    assert "Den" not in empty and "Cellar" not in empty and "Library" in empty
    assert apply(s, Place("cat", "library")).monsters[0][0] == C.house.room("library")


def test_a_scare_from_an_empty_room_and_a_scare_owed_list_the_monsters_that_may_scare():
    """BIN-33, Step 3: a scare starts from a monster in a room with people; BIN-G14 with
    scare_optional off, ending Step 3 without one says which monsters may scare."""
    s = table(step=3, moved={"cellar": 1}, monsters={"red": {"cat": "den"}, "yellow": {"ghost": "cellar"}})
    said = refusal(s, Scare("red", "cat"))
    assert said == "nobody is in the Den to scare: a scare may start from Yellow's Ghost in the Cellar"
    strict = table(step=3, moved={"cellar": 1}, monsters={"yellow": {"ghost": "cellar"}},
                   options=Options(scare_optional=False))
    assert refusal(strict, Done()).endswith("(setting scare_optional is off): a scare may start from Yellow's "
                                            "Ghost in the Cellar")
