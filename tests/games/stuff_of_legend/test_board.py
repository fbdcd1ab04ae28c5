"""Entering a space, Locations and Encounters, Scout Ahead, Golem's Pass and the Jungle (SOL-48..52,
SOL-113..117, SOL-G14..G18)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.board import swappable
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.state import (
    Designate, PlaceBridge, ResolveEncounters, RevealEncounters, RevealLocations, ScoutPeek, ScoutSwapping,
)
from sol_helpers import (
    CAT, WORLD, act, apply, card, encounter, everyone_votes, hand, legal, location, notices, plain, put, ready,
)


def move(s, to, seat="max"):  # type: ignore[no-untyped-def]
    return everyone_votes(apply(act(s, seat), I.Move(seat, to, s.hand(seat)[0])))


def test_entering_an_exit_ends_first() -> None:
    """SOL-48, SOL-05, Entering a Space 1: an exit ends the game immediately, before any Location or
    Encounter (here a face-down Location next to the exit stays down)."""
    s = evolve(ready(4), party="gate")
    s = put(s, "tower", location("Clock Tower"))
    s = move(s, "exit_north")
    assert RULES.is_over(s) and s.end_exit == "exit_north"
    assert not s.board[WORLD.ids.index("tower")].location.up  # type: ignore[union-attr]


def test_adjacent_locations_then_encounters() -> None:
    """SOL-49, SOL-50, Entering a Space 2-3: the Locations of every adjacent space are turned up and resolved
    (in an order the players choose), then the Encounters of the space itself."""
    s = ready(4)
    s = put(s, "well", location("Mossy Stones"))
    s = put(s, "chalk", location("Town Hall"))
    s = put(s, "hollow", location("Fallen Log"), encounter("Read the Signs"))
    s = move(s, "hollow")
    r = s.head
    assert isinstance(r, RevealLocations) and set(r.spaces) == {"well", "chalk"}
    assert RULES.to_act(s).kind == "table"
    s = RULES.apply(s, I.Reveal("chalk"))  # the players' order: the Chalk Lines first
    assert s.board[WORLD.ids.index("chalk")].location.up  # type: ignore[union-attr]
    text = notices(s)  # the last one turns up by itself
    assert text.index("Wishing Well is Mossy Stones") < text.index("Encounter in Hollow Oak: Read the Signs")
    assert not s.board[WORLD.ids.index("hollow")].location.up  # type: ignore[union-attr]  # its own: not turned


def test_encounters_in_any_order() -> None:
    """SOL-50: "all Encounter cards in that space are revealed and then resolved in any order the players
    choose"."""
    s = put(ready(4), "well", "", encounter("Toy Soldier Patrol"), encounter("The Woodsman"))
    s = evolve(s, party="hollow")
    s = move(s, "well")
    assert isinstance(s.head, ResolveEncounters) and len(s.head.codes) == 2
    s = RULES.apply(s, I.ResolveEncounter(encounter("The Woodsman")))
    assert s.allies == (encounter("The Woodsman"),) and s.armies == ("well",)


def test_physical_cards_are_scanned_when_turned_up() -> None:
    """SOL-49, SOL-50: with the board's cards physical, each card turned up is scanned (chance for the
    device), checked against its deck and colour."""
    s = ready(4, board_cards="physical")
    s = put(s, "well", "")
    from companion.games.stuff_of_legend.common import set_cards
    from companion.games.stuff_of_legend.state import Slot, SpaceCards

    s = set_cards(s, "well", SpaceCards(Slot("", "green"), ()))
    s = set_cards(s, "hollow", SpaceCards(Slot("", "green"), (Slot("", "green"),)))
    s = move(s, "hollow")
    assert isinstance(s.head, RevealLocations) and RULES.to_act(s).kind == "chance"
    with pytest.raises(IllegalInput, match="scan the Location"):
        RULES.apply(s, I.Reveal("well"))
    with pytest.raises(IllegalInput, match="Clock Tower is a yellow Location card; the one in Wishing Well has a green back"):
        RULES.apply(s, I.Reveal("well", location("Clock Tower")))
    assert all(CAT.location(x.code).colour == "green" for x, _ in RULES.chance_outcomes(s))  # type: ignore[arg-type]
    s = RULES.apply(s, I.Reveal("well", location("Fallen Log")))
    assert isinstance(s.head, RevealEncounters)
    s = RULES.apply(s, I.EncounterShown(encounter("Toy Soldier Patrol")))
    assert s.armies == ("hollow",)


def test_one_time_locations_discarded_lasting_ones_stay() -> None:
    """SOL-52, Locations: "some Locations have a one-time effect and are then discarded, while others remain
    face up"."""
    s = put(put(ready(4), "well", location("Old Signpost")), "chalk", location("Town Hall"))
    s = move(s, "hollow")
    s = apply(s, I.Reveal("well"))
    assert s.board[WORLD.ids.index("well")].location is None
    assert s.board[WORLD.ids.index("chalk")].location.up  # type: ignore[union-attr]


def test_reentering_reveals_only_face_down_cards() -> None:
    """SOL-G16: every entry runs the three steps, but only face-down cards are turned up; a Quest there may
    be tried again."""
    s = put(ready(4), "hollow", "", encounter("Read the Signs"))
    s = move(s, "hollow")
    s = move(s, "brooklyn", "percy")
    s = move(s, "hollow", "harmony")
    assert "Encounter in Hollow Oak" not in notices(s)
    assert s.board[WORLD.ids.index("hollow")].encounters[0].up


def test_transport_reveals_its_own_location_first() -> None:
    """SOL-G15: entering by transport (Ride with Bessie), the space's own face-down Location is turned up
    first; no trail colour applies."""
    rwb = card("Ride with Bessie")  # needs 3 Scout, reach 2
    s = put(put(ready(4), "well", location("Mossy Stones")), "zoo_gate", location("Monkey Bars"))
    s = hand(s, "harmony", rwb, plain("scout"), plain("talk"))
    s = apply(act(s, "harmony"), I.Play("harmony", rwb), I.Boost("harmony", plain("scout")),
              I.ResolveAction("harmony"))
    assert isinstance(s.head, Designate) and s.head.reach == 2
    assert {x.space for x in legal(s, "harmony")} == {x for x, d in WORLD.distances("brooklyn").items() if 1 <= d <= 2}
    a = s.attention
    s = everyone_votes(RULES.apply(s, I.DesignateInput("harmony", "well")))
    assert s.party == "well" and s.attention == a
    assert notices(s).index("Wishing Well is Mossy Stones") < notices(s).index("Zoo Gate is Monkey Bars")


def test_scout_ahead_peeks_privately() -> None:
    """SOL-113, Scout Ahead: look at cards in adjacent spaces or Encounters in the party's space; tell what you
    like, show nothing: only the peeker's observation names the card."""
    sa = card("Scout Ahead")
    hunter, signs = encounter("The Hunter"), encounter("Read the Signs")
    s = put(put(ready(4), "hollow", location("Owl's Nest"), hunter), "brooklyn", "", signs)
    s = put(s, "well", "", encounter("Homer"))  # two steps away: not offered
    s = hand(s, "harmony", sa, plain("scout"), plain("talk"))
    s = apply(act(s, "harmony"), I.Play("harmony", sa), I.ResolveAction("harmony"))  # 2 icons: one card
    assert isinstance(s.head, ScoutPeek) and s.head.left == 1
    offered = {x.slot for x in legal(s, "harmony") if isinstance(x, I.ScoutLook)}
    assert offered == {"brooklyn:E0", "hollow:L", "hollow:E0"}
    s = RULES.apply(s, I.ScoutLook("harmony", "hollow:E0"))
    assert RULES.observe(s, "harmony")["private"]["seen"] == [{"card": hunter, "title": "The Hunter",
                                                               "slot": "hollow:E0"}]
    for other in ("max", "percy", "table"):
        assert hunter not in str(RULES.observe(s, other))
    assert isinstance(s.head, ScoutSwapping)


def test_scout_ahead_swaps_two_face_down_encounters() -> None:
    """SOL-114, SOL-G14: after peeking, swap "any two face-down adjacent Encounter cards on the game board",
    not only the ones seen: by default two in one space or in two spaces next to each other, anywhere on the
    board; the setting "near_party" keeps them to the party's space and the spaces next to it."""
    hunter, patrol, signs = encounter("The Hunter"), encounter("Toy Soldier Patrol"), encounter("Read the Signs")
    s = put(put(ready(4), "hollow", "", hunter), "crossing", "", patrol)
    s = put(put(s, "market", "", signs), "chalk", "", encounter("Bribe the Clerk"))
    pairs = swappable(s)
    assert ("chalk:E0", "market:E0") in pairs or ("market:E0", "chalk:E0") in pairs  # far from the party
    assert not any(set(p) == {"hollow:E0", "crossing:E0"} for p in pairs)  # not next to each other
    s = evolve(s, pending=(ScoutSwapping("harmony"),) + s.pending)
    with pytest.raises(IllegalInput, match="may be swapped"):
        RULES.apply(s, I.ScoutSwapInput("harmony", "hollow:E0", "crossing:E0"))
    t = RULES.apply(s, I.ScoutSwapInput("harmony", "market:E0", "chalk:E0"))
    assert t.board[WORLD.ids.index("market")].encounters[0].code == encounter("Bribe the Clerk")
    assert t.board[WORLD.ids.index("chalk")].encounters[0].code == signs
    near = evolve(s, options=evolve(s.options, scout_swap="near_party"))
    assert ("hollow:E0", "crossing:E0") in swappable(near) and not any("market:E0" in p for p in swappable(near))
    u = RULES.apply(near, I.ScoutSwapInput("harmony", "hollow:E0", "crossing:E0"))
    assert u.board[WORLD.ids.index("hollow")].encounters[0].code == patrol
    none = RULES.apply(s, I.ScoutSwapInput("harmony", "", ""))
    assert none.board == s.board


def test_jungle_cut_off_until_golems_pass() -> None:
    """SOL-115, Golem's Pass: the Jungle is not connected; the bridge is its only way in, and before it even
    Ride with Bessie cannot reach it."""
    s = evolve(ready(4), party="aviary")
    assert "vines" not in WORLD.neighbours("aviary") and WORLD.distance("aviary", "vines") is None
    rwb = card("Ride with Bessie")
    s = hand(s, "harmony", rwb, plain("scout"), plain("talk"))
    s = apply(act(s, "harmony"), I.Play("harmony", rwb), I.Boost("harmony", plain("scout")),
              I.ResolveAction("harmony"))
    with pytest.raises(IllegalInput, match="Jungle cannot be reached before the Rope Bridge"):
        RULES.apply(s, I.DesignateInput("harmony", "vines"))


def test_rope_bridge_placed_straight_across() -> None:
    """SOL-116, SOL-G17: Golem's Pass places the bridge touching its space and the one straight across (the
    data's pairs; diagonals refused); the Jungle Location it reaches is turned up at once."""
    golem = location("Golem's Pass")
    s = put(ready(4), "pit", golem)
    s = put(s, "river", location("Banyan Tree"))
    s = evolve(s, party="cages")
    s = everyone_votes(apply(act(s, "max"), I.Move("max", "zoo_gate", s.hand("max")[0])))
    s = everyone_votes(apply(act(s, "percy"), I.Move("percy", "cages", s.hand("percy")[0])))
    assert isinstance(s.head, PlaceBridge) and s.head.choices == (("pit", "river"),)
    with pytest.raises(IllegalInput, match="straight across the canyon"):
        RULES.apply(s, I.Bridge("pit", "falls"))
    s = RULES.apply(s, I.Bridge("river", "pit"))
    assert s.bridge == ("pit", "river") and "river" in WORLD.neighbours("pit", s.bridge)
    assert s.board[WORLD.ids.index("river")].location.up  # type: ignore[union-attr]
    anywhere = evolve(put(ready(4, bridge_at_pass=False), "pit", golem), party="cages")
    from companion.games.stuff_of_legend.effects import bridge_choices

    assert bridge_choices(anywhere, "pit").head == PlaceBridge(WORLD.bridges)


def test_humans_and_animals() -> None:
    """SOL-117, General Notes on the Jungle: human heroes may suffer penalties animals ignore - each sheet
    says which it is, shown with the hero."""
    obs = RULES.observe(ready(4), "table")["heroes"]
    assert {h["hero"]: h["kind"] for h in obs} == {"max": "animal", "percy": "animal", "harmony": "human",
                                                   "princess": "human"}
    assert all(sp.jungle == (sp.colour == "purple") for sp in WORLD.spaces)


def test_extra_encounters_are_a_counted_reserve() -> None:
    """SOL-G18, SOL-17: the extra Encounter cards above the board have no stated use: a face-down reserve the
    device counts and never shows."""
    s = RULES.setup(ready(4).options, 8)
    obs = RULES.observe(s, "max")
    assert obs["extras"] == len(s.extras) > 0
    assert not any(e.code in str(obs) for e in s.extras)
