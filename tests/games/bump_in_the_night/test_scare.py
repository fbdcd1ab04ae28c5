"""Step 3, Scare people: the initial scare value, the scared people's movement, terror, claims.

The scenarios lock doors of the shipped house (bin_helpers.py lists its doors) so that the
girls' only ways are the ones each rule is about. The "corridor" below: Laundry -> Den ->
Front Hall -> Cellar -> Dining Room.
"""

from __future__ import annotations

import pytest

from bin_helpers import C, H, play, resolve, table, where
from companion.core.errors import IllegalInput
from companion.games.bump_in_the_night import moves, scare
from companion.games.bump_in_the_night.inputs import Draw, Hide, Run, RunPlan, Scare
from companion.games.bump_in_the_night.rules import apply
from companion.games.bump_in_the_night.state import Options

# Den opens only to the Laundry and the Front Hall; the Front Hall only to the Den and the Cellar.
CORRIDOR = ("conservatory/den", "study/den", "den/closet", "closet/front_hall", "front_hall/parlour", "front_door")
THREE = Options(players=3)
# The Den opens only to the Front Hall, the Front Hall only to the Den, the Cellar and outside.
DEN_TO_HALL = ("conservatory/den", "study/den", "den/laundry", "den/closet", "closet/front_hall", "front_hall/parlour")


def draws(state):
    """Yellow and the others draw the cards they are owed."""
    while state.pending and state.pending[0].kind == "draw":
        state = apply(state, Draw(None))
    return state


def test_initial_value_is_the_monster_plus_symbols_and_the_group_modifier():
    """BIN-36, BIN-38, Initial scare value: "the monster's scare value ... plus 1 for each "Scare"
    symbol" and "1 person = +1, 2 people = +0, 3-4 people = -1, 5+ people = -2" (BIN-13 values)."""
    s = table(unmoved={"cellar": 2}, monsters={"red": {"ghost": "cellar"}})
    assert scare.initial_value(s, C, 0, 4) == (2 + 2 + 0, 2, 0)
    for n, mod in ((1, 1), (2, 0), (3, -1), (4, -1), (5, -2), (9, -2)):
        s = table(moved={"laundry": n}, monsters={"red": {"specter": "laundry"}})
        assert scare.initial_value(s, C, 0, 5) == (3 + mod, 0, mod)


def test_group_modifier_three_or_four_is_minus_one_once():
    """BIN-G7, Initial scare value: the source prints "subtract one" twice for 3-4 people; the
    Glossary settles it at -1 (the setting group_modifiers)."""
    assert Options().group_modifiers == (1, 0, -1, -1, -2)
    s = table(moved={"laundry": 3}, monsters={"red": {"goblin": "laundry"}})
    assert scare.initial_value(s, C, 0, 2)[0] == 0


def test_scare_symbols_count_only_for_people_who_never_moved():
    """BIN-37, Initial scare value: ""Scare" symbols only count on people who have not moved
    and are in their initial room; people who have moved into a room with a "Scare" symbol are
    not affected by it." The Cellar has two symbols."""
    fresh = table(unmoved={"cellar": 2}, monsters={"red": {"cat": "cellar"}})
    came_in = table(moved={"cellar": 2}, monsters={"red": {"cat": "cellar"}})
    assert scare.initial_value(fresh, C, 0, 0)[0] == 2
    assert scare.initial_value(came_in, C, 0, 0)[0] == 0


def test_a_mixed_room_counts_its_symbols_only_if_nobody_there_has_moved():
    """BIN-G9: one girl who never moved and one who came in; default: no symbols (setting
    symbols_if_any_unmoved counts them)."""
    mixed = dict(unmoved={"cellar": 1}, moved={"cellar": 1}, monsters={"red": {"cat": "cellar"}})
    assert scare.initial_value(table(**mixed), C, 0, 0)[0] == 0
    assert scare.initial_value(table(options=Options(symbols_if_any_unmoved=True), **mixed), C, 0, 0)[0] == 2


def test_the_device_tracks_per_girl_who_has_moved():
    """BIN-37/BIN-G10 (the girls are identical pieces): after a scare the girls who ran count as
    moved, and the Cellar's symbols no longer count for them when they are scared there again."""
    s = table(unmoved={"cellar": 2, "library": 1}, monsters={"red": {"cat": "cellar"}})
    done = resolve(play(s, Scare("red", "cat")))
    assert sum(done.moved) == 2 and sum(done.unmoved) == 1  # the Library girl never moved
    assert done.unmoved[H.room("library")] == 1


def test_people_leave_a_monster_room_even_at_zero_free_moves():
    """BIN-41, Moving scared people: "Scared people must always move out of a room if they are
    able, and even if the initial scare value is 0." Two girls who came into the Laundry, a Cat:
    0 free moves; they still run, through the Den (a Goblin) to the Front Hall."""
    s = table(moved={"laundry": 2}, monsters={"red": {"cat": "laundry"}, "yellow": {"goblin": "den"}},
              locks=CORRIDOR)
    after = play(s, Scare("red", "cat"))
    assert after.running is None
    assert where(after) == {"front_hall": (0, 2)}


def test_free_moves_are_not_spent_leaving_a_room_with_a_monster():
    """BIN-42, Glossary, Free Moves: "Free moves are not used when moving from a room with a
    monster in it." One girl alone in the Laundry with a Cat has 1 free move: leaving the Laundry
    and the Den (a Goblin) costs nothing, so she still has it in the Front Hall and runs on to
    the Cellar."""
    s = table(moved={"laundry": 1}, monsters={"red": {"cat": "laundry"}, "yellow": {"goblin": "den"}},
              locks=CORRIDOR)
    after = play(s, Scare("red", "cat"))
    assert where(after) == {"cellar": (0, 1)}


def test_the_specters_plus_one_goes_to_terror_not_to_the_scare_value():
    """BIN-19, Figure 3, Specter of Death: "If initiating the scare, raises the initial terror
    level by 1"; Glossary: "start at terror level 1 (2 if being scared by the Specter of Death)".
    Alone in the Laundry: scare value 3 + 1 = 4 (not 5). Through the Den (yellow: +2) and the
    Front Hall (red's own: +1) she reaches 5 from the Specter's 2, but only 4 from a Goblin's 1."""
    monsters = {"red": {"specter": "laundry", "ghost": "front_hall"}, "yellow": {"goblin": "den"}}
    s = table(moved={"laundry": 1}, monsters=monsters, locks=CORRIDOR)
    assert scare.initial_value(s, C, 0, 5)[0] == 4
    after = play(s, Scare("red", "specter"))
    assert after.claimed[0] == 1 and sum(after.moved) == 0
    assert any("= 4: 4 free moves, terror starts at 2" in n for n in after.notices)
    goblin = {"red": {"goblin": "laundry", "ghost": "front_hall"}, "yellow": {"goblin": "den"}}
    after = play(table(moved={"laundry": 1}, monsters=goblin, locks=CORRIDOR), Scare("red", "goblin"))
    assert after.claimed[0] == 0


def test_only_the_initiating_specter_raises_the_starting_terror():
    """BIN-G21, Figure 3: "(only for the first Specter encountered)": default, a Specter met while
    running adds the usual 1 (and its colour); setting met_specter_adds_one adds one more."""
    monsters = {"red": {"cat": "laundry", "specter": "den"}}
    s = table(moved={"laundry": 1}, monsters=monsters, locks=CORRIDOR)
    after = play(s, Scare("red", "cat"))
    assert any("into the Den" in n and "terror 2" in n for n in after.notices)
    s = table(moved={"laundry": 1}, monsters=monsters, locks=CORRIDOR, options=Options(met_specter_adds_one=True))
    after = play(s, Scare("red", "cat"))
    assert any("into the Den" in n and "terror 3" in n for n in after.notices)


def _through_den_and_hall(den: tuple[str, str], hall: tuple[str, str] | None):
    monsters: dict[str, dict[str, str]] = {"red": {"cat": "laundry"}}
    monsters.setdefault(den[0], {})[den[1]] = "den"
    if hall:
        monsters.setdefault(hall[0], {})[hall[1]] = "front_hall"
    s = table(moved={"laundry": 1}, monsters=monsters, locks=CORRIDOR, options=THREE)
    return play(s, Scare("red", "cat"))


def test_terror_rises_by_one_for_each_monster_room_entered():
    """BIN-53, The terror level: "When scared people move into a room with another monster in
    it, their terror level increases by 1." Red's own Ghost in the Den: 1 -> 2."""
    after = _through_den_and_hall(("red", "ghost"), None)
    assert any("into the Den" in n and "terror 2" in n for n in after.notices)


def test_the_colour_bonus_is_only_for_a_new_colour_that_is_not_the_active_players():
    """BIN-54, The terror level: "if the monster color is one the scared person has not been
    terrified yet on this move, and not the active player's color, their terror level increases
    by 1." Yellow in the Den: 1 + 1 + 1 = 3; yellow again in the Front Hall: + 1 = 4 (not new);
    mustard there instead: + 2 = 5, claimed."""
    after = _through_den_and_hall(("yellow", "ghost"), ("yellow", "goblin"))
    assert any("into the Den" in n and "terror 3" in n for n in after.notices)
    assert any("into the Front Hall" in n and "terror 4" in n for n in after.notices)
    assert after.claimed[0] == 0
    after = _through_den_and_hall(("yellow", "ghost"), ("mustard", "goblin"))
    assert after.claimed[0] == 1


def test_the_initiating_monsters_colour_counts_as_met():
    """BIN-G22: a scare started with yellow's Cat gives no +1 at the start ("start at terror level
    1"), and a yellow monster met later is not a new colour."""
    s = table(moved={"laundry": 1}, monsters={"yellow": {"cat": "laundry", "ghost": "den"}}, locks=CORRIDOR)
    after = play(s, Scare("yellow", "cat"))
    assert any("into the Den" in n and "terror 2" in n for n in after.notices)


def test_terror_restarts_at_every_scare():
    """BIN-52, The terror level: "When being initially scared by a monster, a person is
    considered to be at terror level 1." A girl left at terror 4 by one scare starts again at 1
    (Vision of Death gives a second scare this turn)."""
    s = table(moved={"laundry": 1}, monsters={"red": {"cat": "laundry", "goblin": "cellar"},
                                               "yellow": {"ghost": "den", "goblin": "front_hall"}},
              locks=CORRIDOR + ("cellar/front_hall",), scares_left=2)
    after = play(s, Scare("red", "cat"))
    assert any("into the Front Hall" in n and "terror 4" in n for n in after.notices)
    assert where(after) == {"front_hall": (0, 1)}  # leaves the Hall free, but every way is locked or back
    # Scared again by yellow's Goblin in the Front Hall: terror 1, then the Den (yellow, met): 2.
    again = play(draws(after), Scare("yellow", "goblin"), Hide(False))
    assert any("terror starts at 1" in n for n in again.notices)
    assert any("into the Den" in n and "terror 2" in n for n in again.notices)


def test_claimed_at_terror_five_and_removed():
    """BIN-55, The terror level: "Any person whose terror level reaches 5 is considered to be
    completely terrified. The active player removes such people from the board and claims them.\""""
    after = _through_den_and_hall(("yellow", "ghost"), ("mustard", "goblin"))
    assert after.claimed == (1, 0, 0) and after.on_board == 0


# ---------------------------------------------------------------- Figure 5, in its order


def test_people_will_not_go_through_a_locked_door():
    """BIN-47, Figure 5 (2): "...will not go through a locked door unless allowed or required by
    the effect of a card." It outranks rule 4: with the Den's way to the Front Hall locked too,
    she stops in the Den (a monster room) rather than pass a lock."""
    s = table(moved={"laundry": 1}, monsters={"red": {"cat": "laundry", "goblin": "den"}},
              locks=CORRIDOR + ("den/front_hall",))
    after = play(s, Scare("red", "cat"))
    assert where(after) == {"den": (0, 1)}


def test_people_will_not_go_back_into_a_room_they_have_been_in():
    """BIN-48, Figure 5 (3): "...will not go back into a room that they have already been in
    during the same movement." From the Den her only unlocked ways are back to the Laundry and on
    to the Front Hall (a Goblin); she runs on into the monster rather than back."""
    s = table(moved={"laundry": 1}, monsters={"red": {"cat": "laundry", "goblin": "den"},
                                               "yellow": {"goblin": "front_hall"}}, locks=CORRIDOR)
    after = play(s, Scare("red", "cat"))
    assert any("into the Front Hall" in n for n in after.notices)
    assert not any("into the Laundry" in n for n in after.notices)


def test_people_avoid_monster_rooms_while_another_way_is_free():
    """BIN-49, Figure 5 (4): "...will not go into a room containing a monster unless all remaining
    moves also lead to rooms with monsters in them." The Cellar girls may run to the Dining Room
    (a Goblin) or the Front Hall (empty): every outcome takes them to the Front Hall first."""
    s = table(moved={"cellar": 2}, monsters={"red": {"cat": "cellar"}, "yellow": {"goblin": "dining_room"}})
    after = play(s, Scare("red", "cat"))
    assert after.running is None and where(after) == {"front_hall": (0, 2)}  # 0 free moves: they stop there


def test_people_run_into_monster_rooms_when_every_way_has_one():
    """BIN-49 (the exception): with a Goblin in both the Dining Room and the Front Hall, the Cellar
    girls must go into one; the active player picks (BIN-44)."""
    s = table(moved={"cellar": 1}, monsters={"red": {"cat": "cellar", "goblin": "dining_room", "bat": "front_hall"}})
    after = play(s, Scare("red", "cat"))
    assert after.running is not None
    firsts = {p.steps[0].to for p in moves.legal(after, C) if isinstance(p, RunPlan)}
    assert firsts == {"dining_room", "front_hall"}


def test_people_will_not_stop_in_a_monster_room_while_they_can_move():
    """BIN-50, Figure 5 (5): "...will not stop in a room with a monster in it unless there are no
    more available moves" (BIN-43: "until they are all in rooms without monsters"). No outcome
    leaves a girl in a monster room that has a way out."""
    s = table(unmoved={"cellar": 3}, monsters={"red": {"cat": "cellar", "goblin": "front_hall"},
                                                "yellow": {"ghost": "dining_room"}})
    after = play(s, Scare("red", "cat"))
    for _, end in scare.outcomes(after, C) or [(None, after)]:
        for room_id, _ in where(end).items():
            assert room_id not in ("front_hall", "dining_room", "cellar")


def test_the_movement_rules_apply_in_their_printed_order():
    """BIN-51, Figure 5: "The above rules take precedence in order as listed." A locked calm way
    (rule 2) is not taken to avoid a monster (rule 4): the Cellar's door to the Front Hall is
    locked, so the girl runs into the Dining Room's Goblin."""
    s = table(moved={"cellar": 1}, monsters={"red": {"cat": "cellar"}, "yellow": {"goblin": "dining_room"}},
              locks=("cellar/front_hall",))
    after = play(s, Scare("red", "cat"))
    assert any("into the Dining Room" in n for n in after.notices)


def test_card_effects_come_first():
    """BIN-46, Figure 5 (1): "...must obey the special effects of cards." / "Nothing takes
    precedence over card effects." With Rattle the Chains played, the same girl may pass the
    locked door to the empty Front Hall, and rule 4 then keeps her out of the Goblin's room."""
    s = table(moved={"cellar": 1}, monsters={"red": {"cat": "cellar"}, "yellow": {"goblin": "dining_room"}},
              locks=("cellar/front_hall",), through_locks=True)
    after = play(s, Scare("red", "cat"))
    assert any("into the Front Hall" in n for n in after.notices)
    assert after.running is not None  # her free move: Den, Closet or Parlour, never the Goblin
    assert {H.room_id(c.to) for c in scare.choices(after, C)} == {"den", "closet", "parlour"}


def test_all_free_moves_must_be_used_if_possible():
    """BIN-40, BIN-43, Moving scared people: "All of the "free moves" must be used, if possible" and
    "Scared people will move until they are all in rooms without monsters and all free move
    points are used, if possible." Alone in the Laundry with a Goblin: 2 free moves. The empty
    Den costs none to reach (she leaves a monster room); she cannot stop there or in the Front
    Hall, and ends in the Cellar, 2 rooms on."""
    s = table(moved={"laundry": 1}, monsters={"red": {"goblin": "laundry"}}, locks=CORRIDOR)
    after = play(s, Scare("red", "goblin"))
    assert where(after) == {"cellar": (0, 1)}
    assert any("2 free moves" in n for n in after.notices)
    # With the Cellar door locked she uses what she can: one move, to the Front Hall.
    s = table(moved={"laundry": 1}, monsters={"red": {"goblin": "laundry"}}, locks=CORRIDOR + ("cellar/front_hall",))
    assert where(play(s, Scare("red", "goblin"))) == {"front_hall": (0, 1)}


def test_free_moves_may_go_to_one_girl_or_be_split():
    """BIN-39, Moving scared people: "These "free moves" may all be used on one Little Girl pawn,
    or split among any number of them in the same room." Both are among the outcomes."""
    s = table(unmoved={"cellar": 2}, monsters={"red": {"cat": "cellar"}}, locks=("cellar/dining_room",))
    after = play(s, Scare("red", "cat"))
    found = scare.outcomes(after, C)
    assert found
    layouts = [where(end) for _, end in found]
    # Both girls reach the Front Hall free; 2 free moves: both on one girl, or one each.
    one_girl_two = [w for w in layouts if w.get("front_hall") == (0, 1)]
    split = [w for w in layouts if "front_hall" not in w]
    assert one_girl_two and split


def test_the_active_player_chooses_among_equivalent_moves():
    """BIN-44: "If there is more than one equivalent move available, the active player decides
    which move to take." Leaving the Cellar at 0 free moves: both to the Dining Room, both to the
    Front Hall, or one each - three choices offered."""
    s = table(moved={"cellar": 2}, monsters={"red": {"cat": "cellar"}})
    after = play(s, Scare("red", "cat"))
    plans = [p for p in moves.legal(after, C) if isinstance(p, RunPlan)]
    results = {tuple(sorted(where(apply(after, p)).items())) for p in plans}
    assert results == {(("dining_room", (0, 2)),), (("front_hall", (0, 2)),),
                       (("dining_room", (0, 1)), ("front_hall", (0, 1)))}


def test_the_active_player_chooses_which_monster_terrifies():
    """BIN-45: "If there are multiple monsters in a room people move into, the active player
    decides which monster terrifies the people." Red's Goblin and yellow's Ghost in the Den: red's
    gives +1, yellow's +2 and a card for yellow."""
    s = table(moved={"laundry": 1}, monsters={"red": {"cat": "laundry", "goblin": "den"}, "yellow": {"ghost": "den"}},
              locks=CORRIDOR)
    after = play(s, Scare("red", "cat"))
    assert after.running is not None
    picks = {c.monster for c in scare.choices(after, C)}
    assert picks == {(0, 2), (1, 4)}
    with pytest.raises(IllegalInput, match="which monster"):
        apply(after, Run(0, "den"))
    mine = apply(after, Run(0, "den", "red/goblin"))
    theirs = apply(after, Run(0, "den", "yellow/ghost"))
    assert any("terror 2" in n for n in mine.notices) and any("terror 3" in n for n in theirs.notices)
    assert not mine.pending and [p.seat for p in theirs.pending] == [1]  # yellow draws (BIN-G15)


def test_outside_counts_as_a_monster_room():
    """BIN-57, Running outside: "For purposes of movement, consider "outside" as having a monster
    in it." In the Front Hall with an empty Cellar beyond, nobody runs out of the Front Door."""
    s = table(moved={"den": 1}, monsters={"red": {"cat": "den"}},
              locks=DEN_TO_HALL)
    after = play(s, Scare("red", "cat"))
    assert after.claimed[0] == 0 and where(after) == {"cellar": (0, 1)}


def test_fleeing_claims_a_person_whatever_her_terror():
    """BIN-59, Running outside: "If a person can be moved outside through one of these doors, they
    have fled the house in terror and are claimed by the active player, regardless of that
    person's terror level." Every other way from the Front Hall has a monster: out she goes at
    terror 2."""
    s = table(moved={"den": 1}, monsters={"red": {"cat": "den", "goblin": "cellar"}},
              locks=DEN_TO_HALL)
    after = play(s, Scare("red", "cat"))
    plans = moves.legal(after, C) if after.running else []
    outs = [p for p in plans if isinstance(p, RunPlan) and p.steps[-1].to == "outside"] if plans else []
    done = apply(after, outs[0]) if outs else after
    assert done.claimed[0] == 1 and any("flees" in n for n in done.notices)


def test_the_garage_door_and_cemetery_gate_are_locked_unless_a_card_opens_them():
    """BIN-58, Running outside: "the Garage Door and Cemetery Gate are always locked, and can only
    be opened by special action cards, and then are only open for that player's turn." In the
    Garage, with monsters in the Kitchen and the Workshop, a girl cannot flee - until Freedom's
    Gate is played this turn."""
    monsters = {"red": {"cat": "garage", "goblin": "kitchen"}, "yellow": {"ghost": "workshop"}}
    closed = play(table(moved={"garage": 1}, monsters=monsters), Scare("red", "cat"))
    assert closed.claimed[0] == 0
    assert all(c.to != -1 for c in (scare.choices(closed, C) if closed.running else []))
    opened = play(table(moved={"garage": 1}, monsters=monsters, gates_open=True), Scare("red", "cat"))
    assert any(c.to == -1 for c in scare.choices(opened, C))
    assert apply(opened, Run(0, "outside")).claimed[0] == 1
    assert apply(opened, Run(0, "outside")).turn.gates_open  # until the end of this turn (see test_cards)


def test_goblin_owner_decides_hiding_and_the_room_is_then_empty():
    """BIN-35/BIN-16, Using other players' Goblins: "the owning player immediately decides
    whether or not the Goblin is hiding. If a Goblin is hiding, the room is treated as if the
    Goblin is not there ... Goblins so hidden remains hidden for the remainder of the current
    player's turn." A hidden Goblin cannot scare, gives its owner no card, and does not frighten
    girls who run into its room."""
    s = table(moved={"front_hall": 1, "laundry": 1}, monsters={"yellow": {"goblin": "front_hall"},
                                                                "red": {"cat": "laundry"}},
              scares_left=2, locks=CORRIDOR)
    asked = play(s, Scare("yellow", "goblin"))
    assert [p.kind for p in asked.pending] == ["hide"] and moves.legal(asked, C) == [Hide(False), Hide(True)]
    hidden = play(asked, Hide(True))
    assert 1 in hidden.turn.hidden and hidden.turn.scares_left == 2 and not hidden.pending
    with pytest.raises(IllegalInput, match="hiding"):
        apply(hidden, Scare("yellow", "goblin"))
    # The Laundry girl runs to the Den and spends her free move on the Front Hall: with the
    # Goblin there she would be terrified and run on to the Cellar; hidden, the Hall is empty.
    ran = play(hidden, Scare("red", "cat"))
    assert not any("terrified by yellow" in n for n in ran.notices)
    assert where(ran) == {"front_hall": (0, 2)} and not ran.pending  # and yellow draws nothing
    shown = play(asked, Hide(False))
    assert any("with Yellow goblin" in n for n in shown.notices)
    done = apply(shown, moves.legal(shown, C)[0]) if shown.running else shown
    assert [p.seat for p in done.pending] == [1]  # yellow draws for the Goblin (BIN-34)


def test_only_rooms_with_people_can_be_scared_and_any_colour_may_be_used():
    """BIN-33, Step 3: "The player chooses any monster (even one belonging to another player!) in a
    room with one or more people and activates it, thus scaring all of the people in the room.\""""
    s = table(moved={"cellar": 2}, monsters={"red": {"cat": "den"}, "yellow": {"ghost": "cellar"}})
    legal = moves.legal(s, C)
    assert Scare("yellow", "ghost") in legal and Scare("red", "cat") not in legal
    with pytest.raises(IllegalInput, match="nobody is in the Den"):
        apply(s, Scare("red", "cat"))
    after = play(s, Scare("yellow", "ghost"))
    assert after.moved[H.room("cellar")] == 0  # all of them ran


def test_scaring_is_optional():
    """BIN-G14: Step 6's "if they scared anyone" implies a player may not scare (setting
    scare_optional)."""
    s = table(moved={"cellar": 2}, monsters={"red": {"cat": "cellar"}})
    assert any(type(x).__name__ == "Done" for x in moves.legal(s, C))
    forced = table(moved={"cellar": 2}, monsters={"red": {"cat": "cellar"}}, options=Options(scare_optional=False))
    assert not any(type(x).__name__ == "Done" for x in moves.legal(forced, C))


def test_a_negative_scare_value_gives_no_free_moves_but_people_still_run():
    """BIN-G8: five people with a Cat: 0 - 2 = -2: no free moves, and they still leave (BIN-41);
    setting negative_scare_is_zero off: nobody runs."""
    s = table(moved={"cellar": 5}, monsters={"red": {"cat": "cellar"}})
    after = play(s, Scare("red", "cat"))
    assert after.moved[H.room("cellar")] == 0
    stay = play(table(moved={"cellar": 5}, monsters={"red": {"cat": "cellar"}},
                      options=Options(negative_scare_is_zero=False)), Scare("red", "cat"))
    assert stay.moved[H.room("cellar")] == 5


def test_the_resolver_lists_every_distinct_outcome_and_the_plans_replay():
    """BIN-39, BIN-44 (the resolver proposes, the table chooses): each RunPlan the device offers gives
    a different end, and replaying its moves one by one reaches the same state."""
    s = table(unmoved={"cellar": 2}, monsters={"red": {"cat": "cellar"}})
    after = play(s, Scare("red", "cat"))
    found = scare.outcomes(after, C)
    assert found and len({tuple(sorted(where(e).items())) for _, e in found}) == len(found)
    for path, end in found:
        step = after
        for r in path:
            step = apply(step, r)
        assert where(step) == where(end)
    with pytest.raises(IllegalInput, match="may not run"):
        apply(after, Run(0, "kitchen"))
    with pytest.raises(IllegalInput, match="not a room"):
        apply(after, Run(0, "attic"))
