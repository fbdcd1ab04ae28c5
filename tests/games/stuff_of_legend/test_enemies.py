"""Phase 2: Enemy Activation - range in trail steps, armies that move or wound, Leaders and Locations
with Boogeyman abilities (SOL-53, SOL-58, SOL-91..100, SOL-G5, G9, G10, G11)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.effects import add_armies, attention
from companion.games.stuff_of_legend.enemies import snapshot
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.state import Activate, WoundTaker
from sol_helpers import WORLD, act, apply, encounter, legal, location, notices, put, ready


def to_phase_two(s):  # type: ignore[no-untyped-def]
    """Three skips: the Enemy Activation phase begins."""
    for seat in s.seats[:3]:
        s = apply(act(s, seat), I.Skip(seat, s.hand(seat)[0]))
    return s


def at(division: int) -> int:
    """The track division whose printed value (range) is `division`'s first occurrence."""
    return WORLD.attention.values.index(division)


def test_enemies_activate_after_the_actions() -> None:
    """SOL-91, Phase 2: after the players' actions, the Boogeyman's forces near the party activate."""
    s = evolve(ready(4), armies=("hollow",), attention=at(1))
    s = to_phase_two(s)
    assert s.phase == "enemies" and isinstance(s.head, Activate) and s.activations == ("army:hollow",)


def test_attention_moves_right_and_left_clamped_at_the_ends() -> None:
    """SOL-92, SOL-G5, Attention Level: a rise moves the marker right, a fall left; past an end nothing
    changes and the device says so."""
    s = ready(4)
    assert attention(s, 1).attention == s.attention + 1 and attention(s, -1).attention == s.attention - 1
    top = evolve(s, attention=WORLD.attention.last)
    assert attention(top, 1).attention == WORLD.attention.last and "right end" in notices(attention(top, 1))
    bottom = evolve(s, attention=0)
    assert attention(bottom, -2).attention == 0 and "left end" in notices(attention(bottom, -2))


def test_range_in_trail_steps() -> None:
    """SOL-93, most easily got wrong: "all enemies within two spaces of the Hero Party marker (any enemy that
    is no more than two steps from the party marker)" - counted along trails."""
    s = evolve(ready(4), attention=at(2), armies=("hollow", "well", "market", "zoo_gate"))
    dist = WORLD.distances("brooklyn")
    acts = snapshot(s)
    assert sorted(acts) == sorted(f"army:{sp}" for sp in s.armies if dist[sp] <= 2)
    assert "army:market" not in acts  # three steps away
    s = evolve(s, attention=at(1))
    assert snapshot(s) == ("army:hollow",)


def test_the_jungle_is_out_of_reach_before_the_bridge() -> None:
    """SOL-93, SOL-115: range crosses the canyon only over the Rope Bridge, once placed."""
    s = evolve(ready(4), party="aviary", attention=WORLD.attention.last, armies=("vines",))
    assert snapshot(s) == ()
    s = evolve(s, bridge=("aviary", "vines"))
    assert snapshot(s) == ("army:vines",)


def test_players_choose_the_order() -> None:
    """SOL-94: "the players may choose the order in which enemies are activated" - any of them next."""
    s = to_phase_two(evolve(ready(4), armies=("crossing", "hollow"), attention=at(1)))
    assert RULES.to_act(s).kind == "table"
    first = {x.enemy for x in legal(s)}
    assert first == {"army:crossing", "army:hollow"}
    s = RULES.apply(s, I.ActivateInput("army:hollow"))
    assert s.activations == ("army:crossing",)


def test_army_moves_one_space_strictly_closer() -> None:
    """SOL-96, SOL-G10, Activating an Army: one space toward the heroes, any route, each move closer; the
    device proposes one, the table may pick another legal one."""
    s = evolve(ready(4), armies=("well",), attention=at(2))
    s = to_phase_two(s)
    routes = {x.to for x in legal(s)}
    assert routes == {"hollow", "briar", "crossing"}  # every neighbour of the Wishing Well one step from Brooklyn
    proposal = RULES.apply(s, I.ActivateInput("army:well"))
    assert proposal.armies == ("hollow",)  # the device's proposal: the first in map order
    chosen = RULES.apply(s, I.ActivateInput("army:well", "crossing"))
    assert chosen.armies == ("crossing",)
    with pytest.raises(IllegalInput, match="closer to the party"):
        RULES.apply(s, I.ActivateInput("army:well", "zoo_gate"))
    assert "toward Crossroads" in RULES.label(s, I.ActivateInput("army:well", "crossing"))


def test_army_here_wounds_instead_of_moving() -> None:
    """SOL-97, most easily got wrong: an Army already in the party's space stays and the heroes take 1 wound;
    three there, three wounds."""
    s = to_phase_two(evolve(ready(4), armies=("brooklyn",) * 3, attention=at(1)))
    assert legal(s) == [I.ActivateInput("army:brooklyn")]
    for taker in ("percy", "harmony", "princess"):
        s = RULES.apply(s, I.ActivateInput("army:brooklyn"))
        assert isinstance(s.head, WoundTaker) and s.armies == ("brooklyn",) * 3
        s = RULES.apply(s, I.TakeWoundInput(taker))
        while type(s.head).__name__ == "Discard":
            s = RULES.apply(s, I.DiscardInput(taker, s.hand(taker)[0]))
    assert s.wound == 3 and s.turn == 2


def test_an_army_that_arrives_deals_nothing() -> None:
    """SOL-97, SOL-G9, most easily got wrong: an Army that reaches the party this phase does not wound; the
    set of enemies is fixed when the phase begins."""
    s = to_phase_two(evolve(ready(4), armies=("hollow",), attention=at(1)))
    s = RULES.apply(s, I.ActivateInput("army:hollow", "brooklyn"))
    assert s.armies == ("brooklyn",) and "deals nothing this phase" in notices(s)
    assert s.phase == "actions" and s.turn == 2 and s.wound == 0


def test_armies_added_during_the_phase_wait() -> None:
    """SOL-G9: enemies created during the phase activate next turn; a changed Attention Level counts for
    strength at once and for range from the next phase."""
    guard = location("Guard Post")  # ability: one Army in its own space
    s = put(ready(4), "hollow", guard, up=True)
    s = to_phase_two(evolve(s, attention=at(1)))
    assert s.activations == (f"location:{guard}",)
    s = RULES.apply(s, I.ActivateInput(f"location:{guard}"))
    assert s.armies == ("hollow",) and s.turn == 2  # the new Army did not activate


def test_leader_and_location_abilities_in_range() -> None:
    """SOL-53, SOL-58, SOL-98, Activating Leaders and Locations: a Leader or a face-up Location with a
    Boogeyman ability within range does what its card says."""
    owl = location("Owl's Nest")  # ability: Attention +1
    s = put(ready(4), "hollow", owl, up=True)
    s = evolve(s, attention=at(1), leaders=((encounter("The Chalk Man"), "crossing"),))
    s = to_phase_two(s)
    assert set(s.activations) == {f"location:{owl}", f"leader:{encounter('The Chalk Man')}"}
    a = s.attention
    s = apply(s, I.ActivateInput(f"location:{owl}"), I.ActivateInput(f"leader:{encounter('The Chalk Man')}"))
    assert s.attention == a + 2
    far = evolve(put(ready(4), "market", owl, up=True), attention=at(1))
    assert snapshot(far) == ()


def test_leaders_move_only_when_their_card_says() -> None:
    """SOL-99: "Leaders do not move or inflict wounds unless their cards say so"."""
    chalk = encounter("The Chalk Man")  # ability: Attention +1 only
    s = to_phase_two(evolve(ready(4), attention=at(2), leaders=((chalk, "well"),)))
    assert legal(s) == [I.ActivateInput(f"leader:{chalk}", "")]
    s = RULES.apply(s, I.ActivateInput(f"leader:{chalk}"))
    assert s.leaders == ((chalk, "well"),) and s.wound == 0


def test_rose_example() -> None:
    """SOL-100, Example of Leader Activation: Rose, two spaces away at Attention 2, moves one space toward
    the heroes, then raises the Attention Level by 1; at Attention 1 she is out of range."""
    rose = encounter("Rose")
    base = evolve(ready(4), party="vines", bridge=("aviary", "vines"), leaders=((rose, "falls"),))
    s = to_phase_two(evolve(base, attention=at(2)))
    assert s.activations == (f"leader:{rose}",)
    before = s.attention
    s = RULES.apply(s, I.ActivateInput(f"leader:{rose}", "river"))
    assert s.leaders == ((rose, "river"),) and s.attention == before + 1
    s = to_phase_two(evolve(base, attention=at(1)))
    assert s.turn == 2 and s.leaders == ((rose, "falls"),)  # out of range: no activation
    close = to_phase_two(evolve(base, attention=at(2), leaders=((rose, "river"),)))
    assert legal(close) == [I.ActivateInput(f"leader:{rose}", "")]  # one space away: she stays


def test_army_supply_runs_out() -> None:
    """SOL-G11: with all 20 Army markers on the board no more are added; the device warns."""
    s = evolve(ready(4), armies=("market",) * 19)
    s = add_armies(s, "brooklyn", 3)
    assert len(s.armies) == 20 and "supply is empty: 2 Army marker(s) cannot be added" in notices(s)
