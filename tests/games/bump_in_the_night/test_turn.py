"""The player turn: its six steps in order, each with its legality (Player Turn, Steps 1-6)."""

from __future__ import annotations

import pytest

from bin_helpers import C, H, play, table, where
from companion.core.errors import IllegalInput
from companion.games.bump_in_the_night import moves
from companion.games.bump_in_the_night.cards import code
from companion.games.bump_in_the_night.inputs import Done, Draw, Lock, Move, MovePerson, Place, Replace, Scare
from companion.games.bump_in_the_night.rules import apply, monster_moves
from companion.games.bump_in_the_night.state import BAT, CAT, GHOST, KINDS, SUPPLY, Options

FREEDOM = code("ACTN", 1)


def test_the_six_steps_in_order_then_play_passes_clockwise():
    """BIN-25, Player Turn: "Each player takes their turn according to the steps below, then play
    passes clockwise." Ending each step moves to the next; after Step 5 the turn passes."""
    s = table(step=1, unmoved={"cellar": 1}, options=Options(players=3))
    seen = []
    for _ in range(5):
        seen.append(s.turn.step)
        s = apply(s, Done())
    assert seen == [1, 2, 3, 4, 5]
    assert s.seats[s.active] == "yellow" and s.turn.step == 1
    for _ in range(10):
        s = apply(s, Done())
    assert s.seats[s.active] == "red" and s.round == 2


def test_a_step_refuses_the_inputs_of_another_step():
    """BIN-25: the steps are in order; a Scare in Step 1 or a lock in Step 3 is refused."""
    s = table(step=1, moved={"cellar": 1}, monsters={"red": {"cat": "cellar"}})
    with pytest.raises(IllegalInput, match="Step 3"):
        apply(s, Scare("red", "cat"))
    with pytest.raises(IllegalInput, match="Step 1"):
        apply(table(step=3), Lock("den/laundry"))


def test_step_one_places_or_removes_one_lock_marker():
    """BIN-26, Step 1: "A player may place or remove one "locked" marker on a door." BIN-28:
    "Doors with lock markers are locked; doors without are unlocked." One change only."""
    s = table(step=1, monsters={"red": {"cat": "den"}})
    locked = apply(s, Lock("den/laundry"))
    assert "den/laundry" in locked.locks and locked.turn.step == 2  # the step is used up
    s = table(step=1, locks=("den/laundry",))
    opened = apply(s, Lock("den/laundry"))
    assert not opened.locks
    with pytest.raises(IllegalInput, match="not a door"):
        apply(s, Lock("attic/roof"))


def test_twelve_lock_markers_at_most():
    """BIN-03, Parts List: "12 locked markers": a thirteenth cannot be placed."""
    doors = [d for d in C.lockable][:12]
    s = table(step=1, locks=tuple(doors))
    spare = next(d for d in C.lockable if d not in doors)
    with pytest.raises(IllegalInput, match="12 lock markers"):
        apply(s, Lock(spare))
    assert Lock(spare) not in moves.legal(s, C) and Lock(doors[0]) in moves.legal(s, C)


def test_poltergeist_gives_one_more_lock_change_on_a_door_of_its_room():
    """BIN-17, Figure 3, Poltergeist: "Can unlock or lock doors (in addition to normal "lock/unlock"
    ability of player, and only during the "lock/unlock" step"; BIN-G12: one more change, on a
    door of the Poltergeist's room (setting poltergeist_any_door)."""
    s = table(step=1, monsters={"red": {"poltergeist": "laundry"}})
    one = apply(s, Lock("kitchen/garage"))
    assert one.turn.step == 1  # the Poltergeist's change is still to come
    with pytest.raises(IllegalInput, match="door of its room"):
        apply(one, Lock("cellar/front_hall", poltergeist=True))
    two = apply(one, Lock("den/laundry", poltergeist=True))
    assert two.locks == {"kitchen/garage", "den/laundry"} and two.turn.step == 2
    anywhere = table(step=1, monsters={"red": {"poltergeist": "laundry"}}, options=Options(poltergeist_any_door=True))
    assert apply(anywhere, Lock("cellar/front_hall", poltergeist=True)).locks == {"cellar/front_hall"}
    with pytest.raises(IllegalInput, match="Step 1"):
        apply(table(step=2, monsters={"red": {"poltergeist": "laundry"}}), Lock("den/laundry", poltergeist=True))
    assert not [x for x in moves.legal(table(step=1), C) if isinstance(x, Lock) and x.poltergeist]


def test_the_garage_door_and_cemetery_gate_take_no_lock_marker():
    """BIN-58/BIN-G20: the Garage Door and Cemetery Gate are locked without markers; the Front Door
    is an ordinary door (setting front_door_lockable)."""
    s = table(step=1)
    with pytest.raises(IllegalInput, match="always locked"):
        apply(s, Lock("garage_door"))
    assert apply(s, Lock("front_door")).locks == {"front_door"}
    no_front = table(step=1, options=Options(front_door_lockable=False))
    with pytest.raises(IllegalInput, match="no lock marker"):
        apply(no_front, Lock("front_door"))


def test_step_two_does_one_of_three_things():
    """BIN-29, Step 2: "A player may do one of three things on this step" - place, move or
    replace, once."""
    s = table(step=2, monsters={"red": {"ghost": "den"}})
    placed = apply(s, Place("goblin", "laundry"))
    assert placed.turn.step == 3
    with pytest.raises(IllegalInput, match="Step 2"):
        apply(placed, Move("ghost", "closet"))


def test_place_only_into_rooms_with_no_people():
    """BIN-30, Step 2, Place: "takes one of their monsters not on the board and places it into any
    room with no people in it (they may be placed into rooms with other monsters)."."""
    s = table(step=2, moved={"cellar": 1}, monsters={"yellow": {"ghost": "den"}, "red": {"ghost": "study"}})
    with pytest.raises(IllegalInput, match="no people"):
        apply(s, Place("goblin", "cellar"))
    with pytest.raises(IllegalInput, match="already on the board"):
        apply(s, Place("ghost", "den"))
    assert apply(s, Place("goblin", "den")).monsters[0][2] == H.room("den")
    rooms = {x.room for x in moves.legal(s, C) if isinstance(x, Place)}
    assert "cellar" not in rooms and "den" in rooms


def test_cat_and_bat_count_as_one_placement():
    """BIN-14, Figure 3: "When placed, it is placed with the Scary Bat as a single monster (they may
    be placed in the same or different rooms)."."""
    s = table(step=2)
    both = apply(s, Place("cat", "laundry", partner_room="garage"))
    assert both.monsters[0][CAT] == H.room("laundry") and both.monsters[0][BAT] == H.room("garage")
    assert both.turn.step == 3
    same = apply(s, Place("bat", "den", partner_room="den"))
    assert same.monsters[0][CAT] == same.monsters[0][BAT] == H.room("den")
    with pytest.raises(IllegalInput, match="Black Cat and the Scary Bat"):
        apply(s, Place("ghost", "den", partner_room="laundry"))
    assert Place("cat", "laundry", "garage") in moves.legal(s, C)


def test_monsters_move_one_room_through_unlocked_doors():
    """BIN-31, Step 2, Move: "moves a monster already on the board 1 space, but can only move
    through unlocked doors ... Monsters can be moved into rooms with other monsters or people in
    them.\""""
    s = table(step=2, moved={"front_hall": 2}, monsters={"red": {"goblin": "den"}, "yellow": {"ghost": "front_hall"}},
              locks=("den/laundry",))
    assert set(monster_moves(s, C, 0, 2, False)) == {H.room(r) for r in ("conservatory", "study", "closet", "front_hall")}
    assert apply(s, Move("goblin", "front_hall")).monsters[0][2] == H.room("front_hall")
    with pytest.raises(IllegalInput, match="cannot move"):
        apply(s, Move("goblin", "laundry"))
    with pytest.raises(IllegalInput, match="cannot move"):
        apply(s, Move("goblin", "cellar"))


def test_only_your_own_monsters_move():
    """BIN-31 ("a monster already on the board") with BIN-60 ("one of their monsters"): default
    your own; setting move_any_monster lets Step 2 move another player's."""
    s = table(step=2, monsters={"yellow": {"ghost": "den"}})
    with pytest.raises(IllegalInput, match="only your own"):
        apply(s, Move("ghost", "closet", colour="yellow"))
    anyone = table(step=2, monsters={"yellow": {"ghost": "den"}}, options=Options(move_any_monster=True))
    assert apply(anyone, Move("ghost", "closet", colour="yellow")).monsters[1][GHOST] == H.room("closet")
    assert Move("ghost", "closet", "yellow") in moves.legal(anyone, C)


def test_the_bat_moves_two_rooms():
    """BIN-15, Figure 3, Scary Bat: "Moves two spaces instead of one." From the Laundry (whose only
    door is the Den's) it reaches the Den's neighbours, not the Den; setting bat_exactly_two off:
    one or two."""
    s = table(step=2, monsters={"red": {"bat": "laundry"}})
    two = {H.room_id(r) for r in monster_moves(s, C, 0, BAT, False)}
    assert two == {"conservatory", "study", "closet", "front_hall"}
    loose = table(step=2, monsters={"red": {"bat": "laundry"}}, options=Options(bat_exactly_two=False))
    assert "den" in {H.room_id(r) for r in monster_moves(loose, C, 0, BAT, False)}


def test_the_bat_flies_two_in_step_four_too():
    """BIN-G11, Step 4 ("to one adjacent room") against "Moves two spaces instead of one": default,
    the Bat's ability applies in Step 4 as well (setting bat_flies_in_step4)."""
    s = table(step=4, monsters={"red": {"bat": "laundry"}})
    assert apply(s, Move("bat", "front_hall")).monsters[0][BAT] == H.room("front_hall")
    one = table(step=4, monsters={"red": {"bat": "laundry"}}, options=Options(bat_flies_in_step4=False))
    assert {H.room_id(r) for r in monster_moves(one, C, 0, BAT, True)} == {"den"}


def test_the_ghost_passes_walls_and_locks_but_not_corners():
    """BIN-18/BIN-G13, Figure 3, Ghost: "Can move through walls and locked doors" / "may not move
    diagonally". The Study shares walls with the Cellar (no door) and touches the Dining Room and
    Front Hall only at corners (house data: walls and diagonal neighbours)."""
    s = table(step=2, monsters={"red": {"ghost": "study"}}, locks=("study/den",))
    ways = {H.room_id(r) for r in monster_moves(s, C, 0, GHOST, False)}
    assert ways == {"conservatory", "library", "cellar", "den"}
    assert {H.room_id(r) for r in H.diagonal[H.room("study")]} == {"dining_room", "front_hall"}
    assert apply(s, Move("ghost", "cellar")).monsters[0][GHOST] == H.room("cellar")
    with pytest.raises(IllegalInput, match="cannot move"):
        apply(s, Move("ghost", "dining_room"))


def test_replace_discards_a_card_and_swaps_a_monster_of_the_same_type():
    """BIN-32, Step 2, Replace: "must discard any one of their cards, select a monster in any room
    belonging to another player, remove it and return it to its owner, then place their monster
    of the same type into that room." BIN-G19: yours comes from your supply."""
    s = table(step=2, moved={"den": 2}, monsters={"yellow": {"specter": "den"}}, hands={"red": (FREEDOM,)})
    after = apply(s, Replace(FREEDOM, "yellow", "specter"))
    assert after.monsters[1][5] == SUPPLY and after.monsters[0][5] == H.room("den")  # people there: fine
    assert after.hands[0] == () and after.deck.discard_pile == (FREEDOM,)
    with pytest.raises(IllegalInput, match="does not hold"):
        apply(table(step=2, monsters={"yellow": {"specter": "den"}}), Replace(FREEDOM, "yellow", "specter"))
    mine_out = table(step=2, monsters={"yellow": {"specter": "den"}, "red": {"specter": "laundry"}},
                     hands={"red": (FREEDOM,)})
    with pytest.raises(IllegalInput, match="from your supply"):
        apply(mine_out, Replace(FREEDOM, "yellow", "specter"))
    with pytest.raises(IllegalInput, match="another player"):
        apply(mine_out, Replace(FREEDOM, "red", "specter"))


def test_step_four_moves_one_person_or_one_of_your_monsters_never_outside():
    """BIN-60, Step 4: "a player may choose to move one person or one of their monsters to one
    adjacent room, observing the movement rules discussed earlier, but they may not move outside
    during this movement step." The moved girl counts as moved (BIN-G10)."""
    s = table(step=4, unmoved={"front_hall": 1}, monsters={"red": {"goblin": "den"}})
    after = apply(s, MovePerson("front_hall", "parlour", unmoved=True))
    assert where(after) == {"parlour": (0, 1)} and after.turn.step == 5
    targets = {x.to for x in moves.legal(s, C) if isinstance(x, MovePerson)}
    assert "outside" not in targets and "den" not in targets  # Figure 5 (4): not into the Goblin's room
    with pytest.raises(IllegalInput, match="may move to"):
        apply(s, MovePerson("front_hall", "den", unmoved=True))
    with pytest.raises(IllegalInput, match="no girl who has already moved"):
        apply(s, MovePerson("front_hall", "parlour", unmoved=False))
    assert apply(s, Move("goblin", "closet")).turn.step == 5


def test_step_four_settings():
    """BIN-60 "observing the movement rules discussed earlier": setting step4_people_obey_figure5
    off lets a girl be moved into a monster's room; BIN-G10 setting step4_marks_moved off keeps a
    girl moved in Step 4 unmoved."""
    opts = Options(step4_people_obey_figure5=False, step4_marks_moved=False)
    s = table(step=4, unmoved={"front_hall": 1}, monsters={"red": {"goblin": "den"}}, options=opts)
    after = apply(s, MovePerson("front_hall", "den", unmoved=True))
    assert where(after) == {"den": (1, 0)}


def test_block_cards_only_in_step_five():
    """BIN-21/BIN-61, Step 5: "a player may play a Yellow "Block" card"; Figure 4: "only played at
    the very end of a player's turn"."""
    key = code("BLCK", 4)  # I've Got a Key: one lock change
    from companion.games.bump_in_the_night.inputs import PlayCard

    s = table(step=4, hands={"red": (key,)})
    with pytest.raises(IllegalInput, match="Step 5"):
        apply(s, PlayCard(key, door="den/laundry"))
    at5 = table(step=5, hands={"red": (key,)})
    after = apply(at5, PlayCard(key, door="den/laundry"))
    assert after.locks == {"den/laundry"} and after.seats[after.active] == "yellow"  # the turn ended


def test_a_card_for_scaring_at_the_end_of_the_turn():
    """BIN-62/BIN-64, Step 6: "the active player draws a card if they scared anyone this turn, their
    turn ends"; Glossary: "A player draws a card at the end of any turn in which they scared at
    least one person"."""
    s = table(step=3, moved={"cellar": 1}, monsters={"red": {"cat": "cellar"}})
    after = play(s, Scare("red", "cat"))
    if after.running:
        after = apply(after, moves.legal(after, C)[0])
    after = play(after, Done(), Done())
    assert [(p.kind, p.seat, p.why) for p in after.pending] == [("draw", 0, "turn")]
    drawn = apply(after, Draw(None))
    assert len(drawn.hands[0]) == 1 and drawn.seats[drawn.active] == "yellow"
    quiet = play(table(step=3, moved={"cellar": 1}), Done(), Done(), Done())
    assert not quiet.pending and quiet.seats[quiet.active] == "yellow"


def test_the_active_player_acts_and_others_wait():
    """BIN-25: only the active player gives the turn's inputs (the protocol names who acts)."""
    from companion.games.bump_in_the_night.game import RULES

    s = table(step=1)
    assert RULES.to_act(s).seat == "red"
    assert RULES.legal_inputs(s, "yellow") == []
    assert Done() in RULES.legal_inputs(s, "red")


def test_kinds_and_values():
    """BIN-13, Figure 3: scare values Black Cat 0, Scary Bat 0, Goblin 1, Poltergeist 1, Ghost 2,
    Specter of Death 3."""
    from companion.games.bump_in_the_night.state import SCARE_VALUES

    assert dict(zip(KINDS, SCARE_VALUES)) == {"cat": 0, "bat": 0, "goblin": 1, "poltergeist": 1, "ghost": 2,
                                             "specter": 3}
