"""Audit: Phase 2, Enemy Activation, and the Jungle behind the canyon, from the rulebook's text.

Distances on the shipped (unverified) map: Brooklyn-Hollow Oak 1, Wishing Well and Chalk Lines 2,
Marble Market 3; Canyon Ledge faces Whispering Falls across the canyon."""

from __future__ import annotations

import pytest
from audit_kit import (
    BESSIE,
    HUNTER,
    MAYOR,
    OWLS_NEST,
    ROSE,
    SCOUT2,
    WORLD,
    at_phase1,
    go,
    hands,
    quiet,
    table,
    to_phase2,
)

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.state import Slot, SpaceCards

START = 2  # the yellow 2 (division index) of the shipped Attention Level track


def _activate_all(s, taker="max"):
    """Activate in the order listed, every wound to `taker`, every discard his first card."""
    while s.phase == "enemies" and s.head is not None:
        kind = s.head.kind
        if kind == "activate":
            s = go(s, I.ActivateInput(s.activations[0]))
        elif kind == "wound_taker":
            s = go(s, I.TakeWoundInput(taker))
        elif kind == "discard":
            s = go(s, I.DiscardInput(s.head.seat, s.hand(s.head.seat)[0]))
        else:
            break
    return s


def test_armies_in_the_space_wound_and_arrivals_deal_nothing() -> None:
    """SOL-91, SOL-96, SOL-97, Activating an Army: "If an enemy Army is already in the same space as the
    heroes, when activated the Army stays where it is, and the heroes take 1 wound". Two Armies with the
    party and one next door: the neighbour is activated first and walks in, dealing nothing; the two
    already there deal two wounds."""
    s = to_phase2(quiet(table()), armies=("brooklyn", "brooklyn", "hollow"))
    assert sorted(s.activations) == ["army:brooklyn", "army:brooklyn", "army:hollow"]
    s = go(s, I.ActivateInput("army:hollow"))
    assert s.armies == ("brooklyn",) * 3 and s.head.kind == "activate" and s.wound == 0
    s = _activate_all(s)
    assert s.wound == 2 and s.armies == ("brooklyn",) * 3 and s.turn == 2


def test_three_armies_in_the_space_deal_three_wounds() -> None:
    """SOL-97, Activating an Army: "So, if there are 3 enemy Armies in the same space as the heroes when
    enemies are activated, the heroes take 3 wounds." """
    s = _activate_all(to_phase2(quiet(table()), armies=("brooklyn",) * 3))
    assert s.wound == 3 and s.turn == 2


def test_range_is_counted_in_trail_steps() -> None:
    """SOL-93, Attention Level: "all enemies within two spaces of the Hero Party marker (any enemy that is
    no more than two steps from the party marker) are activated this turn." At the yellow 2 an Army two
    trail steps away wakes, one three steps away does not."""
    s = to_phase2(quiet(table()), armies=("chalk", "market"), attention=START)
    assert s.activations == ("army:chalk",)


def test_an_army_steps_strictly_closer_by_the_route_the_table_picks() -> None:
    """SOL-94, SOL-96, SOL-G10, Activating an Army: "they move one space toward the heroes. They may choose
    any route they prefer, but with each move they must get closer." From the Wishing Well (2 steps) any
    of Hollow Oak, Briar Path, Crossroads (1 step) will do; the Zoo Gate (also 2) will not."""
    s = to_phase2(quiet(table()), armies=("well",))
    routes = {x.to for x in RULES.legal_inputs(s, "table")}
    assert routes == {"hollow", "briar", "crossing"}
    with pytest.raises(IllegalInput):
        go(s, I.ActivateInput("army:well", "zoo_gate"))
    s = go(s, I.ActivateInput("army:well", "crossing"))
    assert s.armies == ("crossing",)


def test_the_jungle_is_out_of_reach_until_the_rope_bridge() -> None:
    """SOL-115, Golem's Pass: "at the start of the game the Jungle is not connected to the rest of the game
    board ... This rope bridge is the only entrance to or exit from the Jungle". At the top of the
    Attention track, an Army just across the canyon from the party stays asleep; once the bridge joins
    the two spaces it is one step away and walks over."""
    top = len(WORLD.attention.values) - 1
    s = to_phase2(quiet(table()), party="ledge", armies=("falls",), attention=top)
    assert s.activations == () and s.turn == 2
    s = to_phase2(quiet(table()), party="ledge", armies=("falls",), attention=top, bridge=("ledge", "falls"))
    assert s.activations == ("army:falls",)
    s = go(s, I.ActivateInput("army:falls"))
    assert s.armies == ("ledge",)


def test_no_move_and_no_ride_into_the_jungle_before_the_bridge() -> None:
    """SOL-39, SOL-115, Golem's Pass: "if the rope bridge has not yet been found, then even the "Ride with
    Bessie" card cannot transport the party into the Jungle." """
    s = at_phase1(quiet(table()), party="ledge")
    s = go(s, I.ChooseActorInput("harmony"))
    with pytest.raises(IllegalInput):
        go(s, I.Move("harmony", "falls", s.hand("harmony")[0]))
    s = hands(s, harmony=(BESSIE, SCOUT2[0], SCOUT2[1]))
    s = go(s, I.Play("harmony", BESSIE), I.Boost("harmony", SCOUT2[0]), I.ResolveAction("harmony"))
    assert s.head.kind == "designate"
    targets = {x.space for x in RULES.legal_inputs(s, "harmony")}
    assert targets and not targets & {"vines", "temple", "river", "falls", "exit_temple", "exit_falls"}
    with pytest.raises(IllegalInput, match="SOL-115"):
        go(s, I.DesignateInput("harmony", "falls"))


def test_golems_pass_places_the_bridge_straight_across_and_turns_up_the_jungle_location() -> None:
    """SOL-116, SOL-G17, Golem's Pass: "it must physically touch both the space it is in and the space
    directly across the canyon, and must not be placed diagonally. Immediately after placing the Rope
    Bridge token, reveal the Location in the Jungle that it connects to." Golem's Pass in the Canyon
    Ledge: the bridge goes Ledge-Falls and the Falls' Location turns up."""
    s = quiet(table())
    board = list(s.board)
    board[WORLD.ids.index("ledge")] = SpaceCards(Slot("SOL:LOCN:11", "red"), ())
    board[WORLD.ids.index("falls")] = SpaceCards(Slot("SOL:LOCN:19", "purple"), ())
    s = at_phase1(evolve(s, board=tuple(board)), party="aviary")
    s = go(s, I.ChooseActorInput("max"), I.Move("max", "pit", s.hand("max")[0]))
    s = go(s, *[I.Cast(v, "for") for v in s.head.order])
    # Entering the Bear Pit turns up the Location of the Canyon Ledge next to it: Golem's Pass.
    while s.head.kind == "reveal_locations":
        s = go(s, I.Reveal(s.head.spaces[0]))
    assert s.head.kind == "place_bridge"
    assert set(map(frozenset, s.head.choices)) == {frozenset(("ledge", "falls"))}
    with pytest.raises(IllegalInput):
        go(s, I.Bridge("ledge", "river"))  # diagonal
    s = go(s, I.Bridge("ledge", "falls"))
    falls = s.board[WORLD.ids.index("falls")].location
    assert s.bridge == ("ledge", "falls") and falls is not None and falls.up


def test_rose_moves_one_space_then_raises_attention() -> None:
    """SOL-58, SOL-98, SOL-100, Example of Leader Activation: "she is two spaces away from the heroes, and
    the current Attention Level is 2, so she activates. Since Rose is further than 1 space away from the
    heroes, she moves 1 space towards them, then the Attention Level is raised by 1 space." "if the
    Attention Level was only 1, Rose would be out of range"."""
    s = to_phase2(quiet(table()), leaders=((ROSE, "well"),), attention=START)
    assert s.activations == (f"leader:{ROSE}",)
    s = go(s, I.ActivateInput(f"leader:{ROSE}"))
    (code, space), = s.leaders
    assert space in ("hollow", "briar", "crossing") and s.attention == START + 1
    s = to_phase2(quiet(table()), leaders=((ROSE, "well"),), attention=0)  # the 1 of the shipped track
    assert s.activations == () and s.leaders == ((ROSE, "well"),)


def test_leaders_do_not_move_or_wound_unless_their_card_says_so() -> None:
    """SOL-57, SOL-99, Activating Leaders, Note: "Leaders do not move or inflict wounds unless their cards
    say so." A Leader in the party's space (the Hunter: approach 1) neither moves nor wounds."""
    s = to_phase2(quiet(table()), leaders=((HUNTER, "brooklyn"),))
    s = go(s, I.ActivateInput(f"leader:{HUNTER}"))
    assert s.wound == 0 and s.leaders == ((HUNTER, "brooklyn"),) and s.turn == 2


def test_a_location_with_a_boogeyman_ability_activates_in_range() -> None:
    """SOL-53, SOL-98, Locations: "Locations, like Leaders, may list Boogeyman abilities that activate
    during the Enemy Activation phase of a turn, provided the Hero Party is close enough to that
    Location". Owl's Nest (stand-in: Attention +1) face up next door."""
    s = quiet(table())
    board = list(s.board)
    board[WORLD.ids.index("briar")] = SpaceCards(Slot(OWLS_NEST, "green", True), ())
    s = to_phase2(evolve(s, board=tuple(board)), attention=START)
    assert s.activations == (f"location:{OWLS_NEST}",)
    s = go(s, I.ActivateInput(f"location:{OWLS_NEST}"))
    assert s.attention == START + 1


def test_enemies_created_during_the_phase_wait_for_the_next() -> None:
    """SOL-G9, SOL-55, Leader Encounters: a Leader "may ... add Armies to the game board"; by default the
    activating enemies are fixed when the phase starts, so the Mayor's new Army (stand-in ability: an
    Army in his space) does not also attack this phase."""
    s = to_phase2(quiet(table()), leaders=((MAYOR, "brooklyn"),))
    s = go(s, I.ActivateInput(f"leader:{MAYOR}"))
    assert s.armies == ("brooklyn",) and s.wound == 0 and s.turn == 2
