"""Audit: the remaining rules a table could get wrong - army strength, the ends of the Attention track,
the Army supply, the Action deck running out, transport, the components."""

from __future__ import annotations

from audit_kit import BESSIE, FIGHT1, MINION, SCOUT2, TALK1, WORLD, at_phase1, go, hands, quiet, table, votes

from companion.core.evolve import evolve
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.catalogue import catalogue_for
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.state import Slot, SpaceCards

CAT = catalogue_for("")
START = 2


def test_army_strength_follows_the_attention_level() -> None:
    """SOL-56, SOL-95, Army Strength: "The current Attention Level determines how hard it is to defeat each
    enemy Army ... which affects how difficult it is to kill Armies with the "Minion Breakthrough"
    action." At the start (strength 3 on the shipped track) six Fight icons kill two Armies."""
    s = at_phase1(quiet(table()), armies=("brooklyn",) * 3)
    assert RULES.observe(s, "table")["tracks"]["attention"]["army_strength"] == WORLD.attention.strengths[START]
    s = hands(s, max=(MINION[0], FIGHT1[0], FIGHT1[1], FIGHT1[2], TALK1[0]))
    s = go(s, I.ChooseActorInput("max"), I.Play("max", MINION[0]), I.Boost("max", FIGHT1[0]),
           I.Boost("max", FIGHT1[1]), I.Boost("max", FIGHT1[2]), I.ResolveAction("max"))
    assert s.armies == ("brooklyn",)  # 1 + 2 (sheet) + 3 = 6 icons, strength 3: two Armies


def test_attention_stays_at_the_ends_of_its_track() -> None:
    """SOL-92, SOL-G5, Attention Level: "When the Attention Level rises, move the Boogeyman marker on the
    Attention Level track to the right." A rise at the right end does nothing (and says so)."""
    top = len(WORLD.attention.values) - 1
    s = at_phase1(quiet(table()), attention=top)
    s = go(s, I.ChooseActorInput("max"), I.Move("max", "crossing", s.hand("max")[0]))  # a red trail
    s = votes(s, "for")
    assert s.attention == top and any("already" in n for n in s.notices)


def test_no_army_is_added_when_the_supply_is_empty() -> None:
    """SOL-G11, Components: "20 Army markers": an Army Encounter with all twenty on the board adds none."""
    board = list(quiet(table()).board)
    board[WORLD.ids.index("hollow")] = SpaceCards(None, (Slot("SOL:ENCT:01", "green"),))
    s = at_phase1(evolve(quiet(table()), board=tuple(board)), armies=("market",) * 20)
    s = go(s, I.ChooseActorInput("max"), I.Move("max", "hollow", s.hand("max")[0]))
    s = votes(s, "for")
    assert len(s.armies) == 20 and "hollow" not in s.armies


def test_an_empty_action_deck_is_the_discard_pile_reshuffled_unseen() -> None:
    """SOL-G12, Getting a New Hand: "they take a new set of cards from the Action deck"; when it is empty
    the face-down discard pile is shuffled into a new one."""
    s = at_phase1(quiet(table()))
    s = hands(s, max=(TALK1[0],))
    s = evolve(s, discard_pile=s.draw_pile, draw_pile=())
    s = go(s, I.ChooseActorInput("max"), I.Skip("max", TALK1[0]), I.CoinFlip("boy"))
    assert len(s.hand("max")) == 7 and s.discard_pile == ()


def test_a_transported_party_sees_its_own_space_first_and_no_trail_colour_counts() -> None:
    """SOL-G15, Golem's Pass / Entering a Space: Ride with Bessie carries the party (here two spaces, to
    the Wishing Well): the Well's own face-down Location turns up first, then its neighbours', and no
    trail's colour changes the Attention Level."""
    base = quiet(table())
    board = list(base.board)
    board[WORLD.ids.index("well")] = SpaceCards(Slot("SOL:LOCN:02", "green"), ())
    board[WORLD.ids.index("zoo_gate")] = SpaceCards(Slot("SOL:LOCN:15", "red"), ())
    s = hands(at_phase1(evolve(base, board=tuple(board))), harmony=(BESSIE, SCOUT2[0], TALK1[0]))
    s = go(s, I.ChooseActorInput("harmony"), I.Play("harmony", BESSIE), I.Boost("harmony", SCOUT2[0]),
           I.ResolveAction("harmony"), I.DesignateInput("harmony", "well"))
    s = votes(s, "for")
    assert s.party == "well" and s.attention == START
    assert s.board[WORLD.ids.index("well")].location.up and s.board[WORLD.ids.index("zoo_gate")].location.up


def test_the_components_and_hero_sheets() -> None:
    """SOL-02, SOL-54, SOL-66, SOL-117, Components: "13 Boogeyman cards • 78 Action cards • 9 Loyalty cards
    • 19 Location cards • 35 Encounter cards", "10 Hero sheets"; four kinds of Encounter; each sheet says
    human or animal and has two skill icons."""
    assert (len(CAT.boogeyman), len(CAT.actions), len(CAT.loyalty), len(CAT.locations), len(CAT.encounters),
            len(CAT.heroes)) == (13, 78, 9, 19, 35, 10)
    assert {e.kind for e in CAT.encounters} == {"army", "leader", "ally", "quest"}
    assert all(h.kind in ("human", "animal") and len(h.icons) == 2 for h in CAT.heroes)
    assert sum(1 for sp in WORLD.spaces if sp.exit) == 4
    assert sum(1 for sp in WORLD.spaces if sp.exit and sp.jungle) == 2
