"""The moves the house takes by taps (companion/games/bump_in_the_night/board.py, issue 25 "Moves on
the board"): from the rules alone, which pieces may move, from where, to which rooms."""

from __future__ import annotations

from companion.games.bump_in_the_night import board, moves, scare
from companion.games.bump_in_the_night.inputs import Done, Move, Place, PlaceGroup, Run, RunPlan, Scare
from companion.games.bump_in_the_night.state import KINDS

from .bin_helpers import C, H, play, table


def test_a_running_girl_goes_only_where_the_movement_rules_allow_one_run_each():
    """BIN-39/40, Moving scared people: each free move takes one person one room; Figure 5 picks
    among her ways. Three girls in the Study scared by a Ghost (scare value 4, -1 for a group of
    three): the pieces are the girls, each way one `Run`, and the ways are exactly the resolver's
    single moves; no whole-scare outcome (RunPlan) is a board move's input."""
    s = table(unmoved={"study": 3}, monsters={"red": {"ghost": "study"}})
    s = play(s, Scare("red", "ghost"))
    assert s.running is not None and not s.pending
    legal = moves.legal(s, C)
    found = board.pieces(s, legal)
    ways = [w for p in found for w in p.ways]
    assert ways and all(isinstance(w.inp, Run) and len(w.to) == 1 for w in ways)
    assert {w.inp for w in ways} == {scare.to_input(s, C, ch) for ch in scare.choices(s, C)}
    for p in found:
        assert p.src == H.room_id(s.running.runners[int(p.key.split(":")[1])].room)
    assert all(board.on_board(i) for i in legal if isinstance(i, (Run, RunPlan)))


def test_the_cat_and_the_bat_are_placed_as_one_the_cats_room_then_the_bats():
    """BIN-14, Scary Cat: "placed ... together with the Scary Bat as a single placement"; BIN-30:
    into rooms with no people. The pair is one piece with two destinations, tapped in turn."""
    s = table(unmoved={"study": 3}, step=2)
    found = {p.key: p for p in board.pieces(s, moves.legal(s, C))}
    pair = found["place:pair"]
    first = pair.stage(())
    assert "study" not in first and "library" in first and pair.src == ""
    second = pair.stage(("library",))
    assert "study" not in second and all(len(w.to) == 2 for w in pair.ways)
    (way,) = pair.reached(("library", second[0]))
    assert way.inp == Place("cat", "library", second[0])
    assert found["place:goblin"].stage(()) == tuple(r.id for i, r in enumerate(H.rooms) if not s.people(i))


def test_a_monster_on_the_house_moves_from_its_room_and_lists_nothing_else():
    """BIN-31: a monster moves to a room next door; its piece stands in its room. Lock, scare and
    ending the step stay a list (they have no place on the board)."""
    s = table(unmoved={"study": 3}, monsters={"red": {"cat": "den"}}, step=4)
    legal = moves.legal(s, C)
    found = {p.key: p for p in board.pieces(s, legal)}
    cat = found["move:red/cat"]
    assert cat.src == "den" and all(isinstance(w.inp, Move) for w in cat.ways)
    assert set(cat.stage(())) == {w.inp.to for w in cat.ways if isinstance(w.inp, Move)}
    assert board.sources(list(found.values()))["den"] == [cat]
    listed = [i for i in legal if not board.on_board(i)]
    assert Done() in listed and not any(isinstance(i, (Move, Place)) for i in listed)
    assert board.on_board(PlaceGroup("den")) and not board.on_board(Scare("red", KINDS[0]))


def test_the_pieces_and_the_scare_read_in_german():
    """Play-test of 6 Dec 2026 in German: the house's panel said "Your Black Cat: tippe ...", "A
    girl at terror 1: ...", and the scare's line stayed English when one girl got two free moves
    ("Green scares 1 person ... 2 free moves"). Each piece's caption and the scare's notice, made
    by the rules as in play, read in German with no English word left (names the box prints
    aside)."""
    from companion import i18n
    from companion.core.packs import get_pack

    rules = get_pack("BIN").rules
    placed = board.pieces(table(unmoved={"study": 3}, step=2), moves.legal(table(unmoved={"study": 3}, step=2), C))
    s = play(table(unmoved={"study": 1}, monsters={"red": {"ghost": "study"}}), Scare("red", "ghost"))
    running = board.pieces(s, moves.legal(s, C))
    scared = s.notices[-1]
    assert " scares 1 person " in scared and " free moves" in scared, scared  # the mixed case in question
    english = {"Your", "girl", "terror", "moved", "group", "scares", "person", "free", "moves", "The"}  # "Black Cat": printed
    try:
        i18n.set_language("de")
        said = [i18n.pack_said(rules, p.caption) for p in placed + running] + [i18n.pack_said(rules, scared)]
    finally:
        i18n.set_language("en")
    assert len(said) >= 4
    left = [t for t in said if english & set(t.replace(":", " ").replace(",", " ").split())]
    assert not left, left
    assert any(t.startswith("Dein ") for t in said) and any(t.startswith("Ein Mädchen mit Schrecken") for t in said)
