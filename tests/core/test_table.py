"""The physical table's steps (companion/core/table.py): each change said once, in an order a
table can follow."""

from companion.core.table import Thing, follow, steps, table_of


def test_a_move_a_flip_a_removal_and_a_new_piece_are_each_one_step() -> None:
    before = {
        "mini:babysitter": Thing("the Babysitter", "Room 10"),
        "token:21": Thing("the Light/Dark token", "in Room 21", "Light"),
        "mini:boogeyman": Thing("the Boogeyman", "Room 3"),
    }
    after = {
        "mini:babysitter": Thing("the Babysitter", "corridor C1"),
        "token:21": Thing("the Light/Dark token", "in Room 21", "Dark"),
        "mini:mike": Thing("Mike", "Room 1"),
    }
    said = [s.text for s in steps(before, after)]
    assert said == [
        "Take the Boogeyman off Room 3",
        "Move the Babysitter from Room 10 to corridor C1",
        "Turn the Light/Dark token in Room 21 Dark up",
        "Put Mike on Room 1",
    ]
    assert steps(after, after) == []


def test_a_place_said_with_its_own_preposition_keeps_it() -> None:
    card = Thing("the Event card \u201cBlackout\u201d", "beside the board")
    boogeyman = Thing("the Boogeyman", "in Room 19")
    said = [s.text for s in steps({"c": card}, {"b": boogeyman})]
    assert said == ["Take the Event card \u201cBlackout\u201d from beside the board", "Put the Boogeyman in Room 19"]
    moved = steps({"b": boogeyman}, {"b": Thing("the Boogeyman", "in Room 3"), "p": Thing("Mike", "in Room 3", "lying down")})
    assert [s.text for s in moved] == ["Move the Boogeyman from Room 19 to Room 3", "Put Mike in Room 3, lying down"]
    assert [s.text for s in steps({"b": boogeyman}, {})] == ["Take the Boogeyman from Room 19"]


def test_undoing_is_the_same_steps_backwards() -> None:
    a = {"m": Thing("the Boy", "space 4")}
    b = {"m": Thing("the Boy", "space 5", "face down")}
    there, back = steps(a, b), steps(b, a)
    assert [(s.before, s.after) for s in there] == [(s.after, s.before) for s in back]


def test_a_pack_that_does_not_say_has_an_empty_table() -> None:
    class Rules:
        pass

    assert table_of(Rules(), object()) == {}


def test_an_identical_piece_taken_off_one_place_and_put_on_another_is_one_move() -> None:
    """Two girls are the same to the table: the device's keys differ, the table moves one girl."""
    before = {
        "girl:1": Thing("a girl", "the Front Hall"),
        "girl:2": Thing("a girl", "the Front Hall"),
        "marker:army:3": Thing("an Army marker", "space 3", "face down"),
    }
    after = {
        "girl:2": Thing("a girl", "the Front Hall"),
        "girl:7": Thing("a girl", "the Dining Room"),
        "marker:army:9": Thing("an Army marker", "space 4", "face up"),
    }
    said = steps(before, after)
    assert [s.text for s in said] == [
        "Take an Army marker off space 3",
        "Move a girl from the Front Hall to the Dining Room",
        "Put an Army marker on space 4, face up",
    ]
    assert said[1].keys == ("girl:1", "girl:7")
    assert follow(before, said) == after
    assert follow(after, steps(after, before)) == before


def test_pieces_of_a_heap_taken_off_together_are_one_step() -> None:
    """An unnamed card of a face-down pile (Thing.heap): the pile shuffled away is one step, "Take 3
    cards off the discard pile", and following it empties the pile; pieces without `heap` stay one
    step each (two Candy tokens off a pile are two steps)."""
    before = {f"discard:{k}": Thing("a card", "the discard pile", "face down", heap=True) for k in (1, 2, 3)}
    before |= {f"candy:{k}": Thing("a Candy token", "Mike's pile") for k in (1, 2)}
    after: dict[str, Thing] = {}
    said = steps(before, after)
    assert [s.text for s in said] == ["Take 3 cards off the discard pile", "Take a Candy token off Mike's pile",
                                      "Take a Candy token off Mike's pile"]
    assert said[0].keys == ("discard:1", "discard:2", "discard:3")
    assert follow(before, said) == after
    one = steps(before, {k: v for k, v in before.items() if k != "discard:3"})
    assert [s.text for s in one] == ["Take a card off the discard pile"]
