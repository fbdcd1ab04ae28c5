"""The physical Bump in the Night table as data (issue 25, companion/games/bump_in_the_night/table.py):
what lies on it at set-up, the steps scripted inputs make (scared girls running, a claim, a lock,
a monster placed and moved, a hiding Goblin, a Bonus card), and random games keep it well formed.
The scenes use the shipped house (bin_helpers.py lists its doors)."""

from __future__ import annotations

import random

from bin_helpers import C, play, table
from companion.core.game import sample_chance
from companion.core.rng import Rng
from companion.core.table import Thing, step_text, steps, table_of
from companion.games.bump_in_the_night.cards import BONUS, code
from companion.games.bump_in_the_night.game import RULES
from companion.games.bump_in_the_night.inputs import (
    Bonus,
    GroupRoll,
    Hide,
    Lock,
    Move,
    Place,
    PlaceGirls,
    Run,
    RunPlan,
    Scare,
)
from companion.games.bump_in_the_night.state import GIRLS, Options, State

# The Den opens only to the Front Hall, the Front Hall only to the Den, the Cellar and outside.
DEN_TO_HALL = ("conservatory/den", "study/den", "den/laundry", "den/closet", "closet/front_hall", "front_hall/parlour")
DEN_OF_EVIL = code(BONUS, 1)


def _said(before: State, after: State) -> list[str]:
    return [s.text for s in steps(table_of(RULES, before), table_of(RULES, after))]


def _turned(name: str, place: str, face: str) -> str:
    """A "Turn" sentence as companion/core/table.py words it (whether it says the place is that
    module's choice); every other sentence here is literal."""
    return step_text(Thing(name, place, "standing"), Thing(name, place, face))


def test_at_set_up_the_girls_go_into_the_house_and_the_monsters_stay_with_their_players() -> None:
    """Setup: each player "takes the corresponding group of six colored monsters" (in front of
    them: off the board), "Place the 14 'Little girl' tokens" by the chart. Before the die nothing
    is on the house; after the placement 14 girls stand in rooms of the house, no lock, no card."""
    s = RULES.setup(Options(), 5)
    assert table_of(RULES, s) == {}
    placed = RULES.apply(RULES.apply(s, GroupRoll(3)), PlaceGirls())
    t = table_of(RULES, placed)
    assert len(t) == GIRLS and all(k.startswith("girl:") and v.name == "a girl" for k, v in t.items())
    rooms = {r.name for r in C.house.rooms}
    assert {v.place.removeprefix("in the ") for v in t.values()} <= rooms
    said = _said(RULES.apply(s, GroupRoll(3)), placed)
    assert len(said) == GIRLS and all(line.startswith("Put a girl in the ") for line in said)


def test_issue25_6_scared_girls_run_1_claimed_says_which_girl_went_where() -> None:
    """Issue 25 #6 ("scared girls run: 1 claimed" did not say which girl went where). BIN-39..59:
    red's Ghost scares the two girls in the Den into the Front Hall (its only open door); of the
    outcomes, one girl runs on through the Cellar (red's Bat: terrified) to the Dining Room and the
    other flees by the Front Door: "fled the house in terror and are claimed by the active player"
    (Running outside). The table is told each: one girl from the Front Hall to the Dining Room, one
    to red's trophies (identical pieces: one Move each, not a Take and a Put)."""
    s = table(moved={"den": 2}, monsters={"red": {"ghost": "den", "bat": "cellar"}}, locks=DEN_TO_HALL)
    scared = play(s, Scare("red", "ghost"))
    assert _said(s, scared) == ["Move a girl from the Den to the Front Hall"] * 2
    ran = play(scared, RunPlan((Run(0, "cellar"), Run(1, "outside"))))
    assert ran.claimed[0] == 1 and ran.running is None
    assert _said(scared, ran) == ["Move a girl from the Front Hall to the Dining Room",
                                  "Move a girl from the Front Hall to Red's trophies"]


def test_a_lock_marker_a_placed_monster_and_a_moved_one_are_each_one_step() -> None:
    """Step 1 (BIN-26): "A player may place or remove one 'locked' marker on a door"; Step 2:
    place a monster from your group (BIN-30; the Cat and the Bat as one, BIN-14) or move one on the
    board (BIN-31)."""
    s = table(step=1, moved={"kitchen": 1}, monsters={"red": {"goblin": "laundry"}})
    locked = play(s, Lock("front_door"))
    assert _said(s, locked) == ["Put a locked marker on the Front Door"]
    s2 = table(step=2, moved={"kitchen": 1}, monsters={"red": {"goblin": "laundry"}})
    placed = play(s2, Place("cat", "den", partner_room="study"))
    assert _said(s2, placed) == ["Put Red's Black Cat in the Den", "Put Red's Scary Bat in the Study"]
    s3 = table(step=2, monsters={"red": {"goblin": "laundry"}})
    moved = play(s3, Move("goblin", "den"))
    assert _said(s3, moved) == ["Move Red's Goblin from the Laundry to the Den"]


def test_a_hiding_goblin_is_laid_down_and_a_bonus_card_is_laid_face_up() -> None:
    """BIN-35, Using other players' Goblins: "If a Goblin is hiding, the room is treated as if the
    Goblin is not there"; the instruction says to lay it down until the end of the turn. BIN-22,
    Figure 4, Bonus Cards: "immediately play the bonus card to gain the extra point": it lies face
    up in front of its player (a point each, BIN-63)."""
    s = table(moved={"front_hall": 1}, monsters={"yellow": {"goblin": "front_hall"}}, locks=DEN_TO_HALL)
    asked = play(s, Scare("yellow", "goblin"))
    assert _said(asked, play(asked, Hide(True))) == [_turned("Yellow's Goblin", "in the Front Hall", "face down")]
    assert _turned("Yellow's Goblin", "in the Front Hall", "face down").endswith(" face down")
    b = table(step=3, moved={"den": 2}, monsters={"yellow": {"ghost": "den"}}, hands={"yellow": (DEN_OF_EVIL,)})
    b = play(b, Scare("yellow", "ghost"))
    played = play(b, Bonus(DEN_OF_EVIL))
    assert _said(b, played) == ["Put Den of Evil on the table in front of Yellow, face up"]


def test_random_games_keep_every_thing_named_placed_and_its_key_stable() -> None:
    """Over random legal games: every Thing has a name and a place, a face from the known few;
    the girls on the table and claimed are always the 14 of the box; no card in a hand is ever on
    the table; an input that leaves the house, the claims, the locks and the cards played as they
    were (a draw, ending a step) leaves the table as it was."""
    quiet = total = 0
    for g in range(6):
        rnd = random.Random(g)
        s = RULES.setup(Options(players=2 + g % 3), g)
        for _ in range(200):
            actor = RULES.to_act(s)
            if actor.kind == "nobody":
                break
            if actor.kind == "chance":
                inp, _ = sample_chance(RULES.chance_outcomes(s), Rng(rnd.getrandbits(63)))
            else:
                inp = rnd.choice(RULES.legal_inputs(s, actor.seat))
            after = RULES.apply(s, inp)
            t, u = table_of(RULES, s), table_of(RULES, after)
            total += 1
            for key, thing in u.items():
                assert thing.name and thing.place and isinstance(thing.face, str), key
                assert thing.face in ("", "face", "standing", "face down"), key
            girls = sum(1 for k in u if k.startswith(("girl:", "claimed:")))
            if after.phase.value not in ("roll", "place"):
                assert girls == GIRLS
            held = {C.card(code).name for hand in after.hands for code in hand}
            shown = {thing.name for k, thing in u.items() if k.startswith(("bonus:", "discard:"))}
            assert not held & shown - {C.card(code).name for code in after.deck.discard_pile}
            same = (s.unmoved, s.moved, s.monsters, s.locks, s.claimed, s.bonuses, s.deck.discard_pile,
                    s.turn.hidden, s.running) == (after.unmoved, after.moved, after.monsters, after.locks,
                                                  after.claimed, after.bonuses, after.deck.discard_pile,
                                                  after.turn.hidden, after.running)
            if same:
                assert t == u and not steps(t, u)
                quiet += 1
            s = after
    assert total > 600 and quiet > 100


def test_the_table_is_the_same_in_every_world_a_seat_cannot_tell_apart() -> None:
    """Hidden information (tests/core/test_spoilers.py's property, for the table): a world resampled
    for any seat differs only in what that seat may not know (the other hands, the deck's order),
    and the table lies the same in it."""
    checked = 0
    for g in range(3):
        rnd = random.Random(100 + g)
        s = RULES.setup(Options(players=3), g)
        for k in range(150):
            actor = RULES.to_act(s)
            if actor.kind == "nobody":
                break
            if k % 5 == 0:
                for seat in s.seats:
                    world, _ = RULES.resample(s, seat, Rng(k))
                    assert table_of(RULES, world) == table_of(RULES, s)
                    checked += 1
            if actor.kind == "chance":
                inp, _ = sample_chance(RULES.chance_outcomes(s), Rng(rnd.getrandbits(63)))
            else:
                inp = rnd.choice(RULES.legal_inputs(s, actor.seat))
            s = RULES.apply(s, inp)
    assert checked > 60


def test_what_a_person_did_on_the_board_and_entered_is_theirs_done() -> None:
    """BIN-26 (place or remove one "locked" marker) and BIN-31 (move a monster): the player does it
    on the board, then enters it, so its steps come ticked (`table_entered`); a scare is worked out
    by the device, so the girls' runs stay to do."""
    s = table(step=1, moved={"kitchen": 1}, monsters={"red": {"goblin": "laundry"}})
    locked = play(s, Lock("front_door"))
    changed = {k for k in table_of(RULES, locked)} ^ {k for k in table_of(RULES, s)}
    assert changed and RULES.table_entered(s, Lock("front_door")) == changed
    s3 = table(step=2, monsters={"red": {"goblin": "laundry"}})
    assert len(RULES.table_entered(s3, Move("goblin", "den"))) == 1
    s4 = table(moved={"den": 2}, monsters={"red": {"ghost": "den", "bat": "cellar"}}, locks=DEN_TO_HALL)
    assert RULES.table_entered(s4, Scare("red", "ghost")) == frozenset()
