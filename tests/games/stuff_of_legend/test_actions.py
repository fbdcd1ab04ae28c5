"""Resolving Action cards: skill icons, boosting, assisting, tainted actions, Quests, Allies and
Leaders (SOL-54..63, SOL-66..75, SOL-110)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.catalogue import ENCOUNTER_KINDS
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.state import (
    Assisting, ChooseExit, Contribute, Designate, Discard, HelpOffer, Permission, ScoutPeek, Vote,
)
from sol_helpers import (
    CAT, WORLD, act, apply, card, encounter, everyone_votes, hand, hands, legal, notices, plain, put, quest_here,
    ready,
)


def playing(s, seat, code, target=""):  # type: ignore[no-untyped-def]
    return apply(act(s, seat), I.Play(seat, code, target))


def icons(s):  # type: ignore[no-untyped-def]
    return RULES.observe(s, "table")["action"]["icons"]


def test_four_kinds_of_encounters() -> None:
    """SOL-54, Encounters: "There are four kinds of Encounters" (Army, Leader, Ally, Quest)."""
    assert {c.kind for c in CAT.encounters} == set(ENCOUNTER_KINDS) == {"army", "leader", "ally", "quest"}


def test_army_encounter_adds_an_army_here() -> None:
    """SOL-55, Army Encounters: "usually adds an Army to the Hero Party's current space, and then the card is
    discarded"."""
    s = ready(4)
    army = encounter("Toy Soldier Patrol")
    s = put(s, "hollow", "", army)
    s = everyone_votes(apply(act(s, "max"), I.Move("max", "hollow", s.hand("max")[0])))
    assert s.armies == ("hollow",) and army in s.removed
    assert s.board[WORLD.ids.index("hollow")].encounters == ()


def test_army_strength_from_the_attention_track() -> None:
    """SOL-56, SOL-95, Army Strength: Minion Breakthrough destroys an Army with as many Fight icons as the
    strength shown at the current Attention Level; more icons destroy more Armies."""
    mb = card("Minion Breakthrough")
    for division in range(len(WORLD.attention.values)):
        s = evolve(ready(4), attention=division, armies=("brooklyn",) * 3)
        strength = WORLD.attention.strengths[division]
        s = hand(s, "max", mb, *[plain("fight", k=k) for k in range(6)])
        s = playing(s, "max", mb)  # Max's sheet: 2 Fight, the card 1
        while icons(s) < strength:
            s = RULES.apply(s, I.Boost("max", next(c for c in s.hand("max") if c != mb)))
        s = RULES.apply(s, I.ResolveAction("max"))
        assert s.armies.count("brooklyn") == 3 - max(1, icons_needed := strength) // strength
        assert icons_needed == strength


def test_more_icons_destroy_more_armies() -> None:
    """SOL-56, SOL-67: "This effect is usually weaker or stronger depending on the number of skill icons"."""
    mb = card("Minion Breakthrough")
    s = evolve(ready(4), attention=0, armies=("brooklyn",) * 3)  # strength 2
    s = hand(s, "max", mb, plain("fight"), plain("fight", k=1), plain("fight", k=2), plain("talk", k=7))
    s = playing(s, "max", mb)
    for c in [plain("fight"), plain("fight", k=1), plain("fight", k=2)]:
        s = RULES.apply(s, I.Boost("max", c))
    assert icons(s) == 6
    s = RULES.apply(s, I.ResolveAction("max"))
    assert s.armies == ()


def test_too_few_icons_waste_the_action() -> None:
    """SOL-67, SOL-63: short of the icons the action needs, it fails; the cards are discarded anyway."""
    mb = card("Minion Breakthrough")
    s = evolve(ready(4), attention=5, armies=("brooklyn",))
    s = hand(s, "percy", mb, plain("talk"))
    s = playing(s, "percy", mb)
    s = RULES.apply(s, I.ResolveAction("percy"))
    assert s.armies == ("brooklyn",) and "it fails" in notices(s) and mb in s.discard_pile and s.actions == 1


def test_leader_card_beside_board_marker_on_space() -> None:
    """SOL-57, Leader Encounters: "place its card next to the game board ... the corresponding Leader marker
    on the space"."""
    s = ready(4)
    leader = encounter("The Hunter")
    s = put(s, "hollow", "", leader)
    s = everyone_votes(apply(act(s, "max"), I.Move("max", "hollow", s.hand("max")[0])))
    assert s.leaders == ((leader, "hollow"),)
    assert RULES.observe(s, "table")["leaders"][0]["space"] == "hollow"
    assert "put its card beside the board and its marker in Hollow Oak" in notices(s)


def test_leaders_die_only_in_a_grand_duel() -> None:
    """SOL-59, Leader Encounters, Note: "Leaders can only be killed in a Grand Duel. A Leader's strength is
    shown at the top of the card and is not affected by the Attention Level"."""
    hunter = encounter("The Hunter")  # strength 4, Fight
    mb, gd = card("Minion Breakthrough"), card("Grand Duel")
    s = evolve(ready(4), leaders=((hunter, "brooklyn"),), attention=0)
    s = hand(s, "max", mb, plain("fight"), plain("fight", k=1), plain("talk", k=7))
    s = playing(s, "max", mb)
    s = apply(s, I.Boost("max", plain("fight")), I.ResolveAction("max"))
    assert s.leaders == ((hunter, "brooklyn"),)  # Minion Breakthrough does nothing to a Leader
    with pytest.raises(IllegalInput, match="names a Leader"):
        playing(hand(s, "percy", gd), "percy", gd)
    for attention in (0, 5):
        t = evolve(s, attention=attention)
        t = hand(t, "percy", gd, plain("fight"), plain("talk", k=7))
        t = playing(t, "percy", gd, hunter)
        assert RULES.observe(t, "table")["action"]["needs"] == 4
        t = apply(t, I.Boost("percy", plain("fight")), I.ResolveAction("percy"))  # 2 on the card + 1 + 0 sheet
        assert t.leaders == ((hunter, "brooklyn"),) and "it fails" in notices(t)
        t = hand(evolve(s, attention=attention, on_board=()), "max", gd, plain("fight", 2), plain("talk", k=7))
        t = apply(act(t, "max"), I.Play("max", gd, hunter), I.ResolveAction("max"))  # 2 + 2 sheet = 4
        assert t.leaders == () and hunter in t.removed


def test_mayor_needs_talk_and_grand_duel_adds_none() -> None:
    """SOL-110, The Mayor: "instead of 5 Fight icons, 5 Talk icons must be contributed"; "Since Grand Duel
    cards do not have a Talk symbol, they do not add icons to the action"."""
    mayor = encounter("The Mayor")
    gd = card("Grand Duel")
    s = evolve(ready(4), leaders=((mayor, "brooklyn"),))
    s = hand(s, "percy", gd, plain("talk"), plain("talk", k=1), plain("talk", k=2), plain("fight"), plain("scout"))
    s = playing(s, "percy", gd, mayor)
    obs = RULES.observe(s, "table")["action"]
    assert (obs["skill"], obs["needs"], obs["icons"]) == ("talk", 5, 2)  # Percy's sheet only
    with pytest.raises(IllegalInput, match="no Talk or Wild icon"):
        RULES.apply(s, I.Boost("percy", plain("fight")))
    s = apply(s, I.Boost("percy", plain("talk")), I.Boost("percy", plain("talk", k=1)))
    s = RULES.apply(s, I.ResolveAction("percy"))
    assert s.leaders == ((mayor, "brooklyn"),)  # 4 Talk: not enough
    s = hand(evolve(s, on_board=(), leaders=((mayor, "brooklyn"),)), "percy", gd, plain("talk"),
             plain("talk", k=1), plain("talk", k=2), plain("scout"))
    s = playing(s, "percy", gd, mayor)
    for k in range(3):
        s = RULES.apply(s, I.Boost("percy", plain("talk", k=k)))
    s = RULES.apply(s, I.ResolveAction("percy"))
    assert s.leaders == () and "defeated in the Grand Duel" in notices(s)


def test_ally_beside_board_then_used_by_vote() -> None:
    """SOL-60, SOL-61, Ally Encounters: allies go beside the board; the active player announces an ability
    and everyone votes; For: it is used and the Ally leaves the game, no action spent."""
    woodsman = encounter("The Woodsman")  # ability 1: +2 Fight icons; 2: Attention -1
    s = ready(4)
    s = put(s, "hollow", "", woodsman)
    s = everyone_votes(apply(act(s, "max"), I.Move("max", "hollow", s.hand("max")[0])))
    assert s.allies == (woodsman,)
    mb = card("Minion Breakthrough")
    s = evolve(s, armies=("hollow",), attention=5)  # strength 5
    s = hand(s, "percy", mb, plain("fight"))
    s = playing(s, "percy", mb)
    assert I.UseAlly("percy", woodsman, 1) in legal(s, "percy")
    s = RULES.apply(s, I.UseAlly("percy", woodsman, 1))
    assert isinstance(s.head, Vote) and s.head.topic == "ally"
    s = everyone_votes(s, "for")
    assert s.allies == () and icons(s) == 1 + 2  # the card's icon, Percy's sheet none, the Ally's 2
    assert isinstance(s.head, Contribute) and s.actions == 1  # still inside action 2: none spent


def test_ally_refused_stays_and_is_barred_this_turn() -> None:
    """SOL-61: "If "Against" wins, the Ally stays in play, and its ability cannot be used for the rest of that
    player's actions"."""
    woodsman = encounter("The Woodsman")
    s = evolve(ready(4), allies=(woodsman,))
    s = hand(s, "percy", card("Lie Low"), plain("scout"))
    s = playing(s, "percy", card("Lie Low"))
    s = everyone_votes(RULES.apply(s, I.UseAlly("percy", woodsman, 2)), "against")
    assert s.allies == (woodsman,) and not any(isinstance(x, I.UseAlly) for x in legal(s, "percy"))
    with pytest.raises(IllegalInput, match="refused"):
        RULES.apply(s, I.UseAlly("percy", woodsman, 2))
    s = RULES.apply(s, I.ResolveAction("percy"))
    for seat in ("harmony", "princess", "max"):
        s = apply(act(s, seat), I.Skip(seat, s.hand(seat)[0]))
    assert s.turn == 2 and s.ally_barred == ()


def test_quest_attempted_here_as_an_action() -> None:
    """SOL-62, SOL-63, Quest Encounters: a Quest stays in its space; any hero there may attempt it as if it
    were an Action card; success resolves it and removes it, failure wastes the action and it stays."""
    quest = encounter("Read the Signs")  # 3 Scout: peek at any exit
    s = quest_here(ready(4), quest)
    s = act(s, "harmony")  # Harmony's sheet: 1 Scout
    assert I.AttemptQuest("harmony", quest) in legal(s, "harmony")
    s = apply(s, I.AttemptQuest("harmony", quest), I.ResolveAction("harmony"))
    assert "failed" in notices(s) and s.board[WORLD.ids.index("brooklyn")].encounters[0].code == quest
    s = hand(s, "max", plain("scout"), plain("scout", 2), plain("talk"))
    s = apply(act(s, "max"), I.AttemptQuest("max", quest), I.Boost("max", plain("scout")),
              I.Boost("max", plain("scout", 2)), I.ResolveAction("max"))
    assert isinstance(s.head, ChooseExit) and s.board[WORLD.ids.index("brooklyn")].encounters == ()
    with pytest.raises(IllegalInput, match="not a Quest in the party's space"):
        apply(act(apply(s, I.PeekExit("max", "exit_north"), I.StateNumberInput("max", 3)), "percy"),
              I.AttemptQuest("percy", quest))


def test_hero_sheets() -> None:
    """SOL-66, Hero Sheets: human or animal, two skill icons always contributed, a strength and a weakness."""
    for h in CAT.heroes:
        assert h.kind in ("human", "animal") and len(h.icons) == 2
    obs = RULES.observe(ready(4), "table")["heroes"]
    assert obs[1] == {**obs[1], "hero": "percy", "kind": "animal", "icons": ["talk", "talk"]}


def test_scout_ahead_grows_with_icons() -> None:
    """SOL-67, Resolving Action Cards: Scout Ahead looks at more cards with more Scout icons (its stand-in
    tiers: 1 card, 2 from 3 icons, 3 from 5)."""
    sa = CAT.action(card("Scout Ahead"))
    assert [sa.amount(n) for n in (1, 2, 3, 4, 5)] == [1, 1, 2, 2, 3]
    s = put(put(ready(4), "hollow", encounter("Read the Signs")), "briar", encounter("The Hunter"))
    s = hand(s, "harmony", card("Scout Ahead"), plain("scout"), plain("talk"))
    s = playing(s, "harmony", card("Scout Ahead"))
    s = apply(s, I.Boost("harmony", plain("scout")), I.ResolveAction("harmony"))  # 1 + 1 + 1 sheet = 3
    assert isinstance(s.head, ScoutPeek) and s.head.left == 2


def test_skill_icons_and_wild() -> None:
    """SOL-68, Skill Icons: Talk, Fight, Scout, and Wild, which "can be used to boost or assist any type of
    action"."""
    for skill in ("talk", "fight", "scout"):
        assert CAT.action(plain("wild")).counts_for(skill) == 1
        assert CAT.action(plain(skill)).counts_for(skill) == 1
    s = evolve(ready(4), armies=("brooklyn",))
    s = hand(s, "max", card("Minion Breakthrough"), plain("wild"))
    s = apply(playing(s, "max", card("Minion Breakthrough")), I.Boost("max", plain("wild")))
    assert icons(s) == 1 + 2 + 1


def test_only_the_acting_heroes_sheet_counts() -> None:
    """SOL-69: "the skill icons on that card count ... as do any icons of that type on your Hero sheet" - an
    assistant's sheet adds nothing; only the assistant's cards count."""
    s = evolve(ready(4), armies=("brooklyn",))
    s = hands(s, percy=(card("Minion Breakthrough"), plain("talk")), max=(plain("fight"), plain("scout")))
    s = playing(s, "percy", card("Minion Breakthrough"))
    assert icons(s) == 1  # Percy has no Fight on his sheet
    s = apply(s, I.AskHelp("percy"))
    assert isinstance(s.head, HelpOffer) and s.head.seat == "harmony"
    s = apply(s, I.Volunteer("harmony", False), I.Volunteer("princess", False), I.Volunteer("max", True))
    assert isinstance(s.head, Permission) and s.head.seat == "percy"
    s = apply(s, I.Permit("percy", "max", True))
    assert isinstance(s.head, Assisting)
    s = apply(s, I.Assist("max", plain("fight")), I.AssistDone("max"))
    assert icons(s) == 2  # Max's two Fight sheet icons do not count for Percy


def test_boosts_need_matching_or_wild_icons() -> None:
    """SOL-70, Boosting an Action: "if you are performing an action with Fight icons, you can only contribute
    further Fight icons" - or Wild."""
    s = evolve(ready(4), armies=("brooklyn",))
    s = hand(s, "max", card("Minion Breakthrough"), plain("talk"), plain("scout"), plain("fight"))
    s = playing(s, "max", card("Minion Breakthrough"))
    boosts = {x.card for x in legal(s, "max") if isinstance(x, I.Boost)}
    assert boosts == {plain("fight")}
    for other in (plain("talk"), plain("scout")):
        with pytest.raises(IllegalInput, match="no Fight or Wild icon"):
            RULES.apply(s, I.Boost("max", other))


def test_assisting_needs_permission() -> None:
    """SOL-71, Assisting an Action: a helper needs the active player's permission; refused, they may not help;
    accepted, they may play any card(s) they want, even ones they promised not to."""
    s = evolve(ready(4), armies=("brooklyn",))
    s = hands(s, max=(card("Minion Breakthrough"), plain("talk")),
              percy=(plain("fight"), plain("fight", 3, tainted=True)), harmony=(plain("fight", k=1), plain("talk", k=1)))
    s = playing(s, "max", card("Minion Breakthrough"))
    s = apply(s, I.AskHelp("max"), I.Volunteer("percy", True), I.Permit("max", "percy", False))
    assert "may not assist" in notices(s) and isinstance(s.head, HelpOffer) and s.head.seat == "harmony"
    s = apply(s, I.Volunteer("harmony", True), I.Permit("max", "harmony", True))
    s = apply(s, I.Assist("harmony", plain("fight", k=1)), I.AssistDone("harmony"), I.Volunteer("princess", False))
    assert isinstance(s.head, Contribute) and icons(s) == 1 + 2 + 1
    assert not any(isinstance(x, I.AskHelp) for x in legal(s, "max"))  # asked once per action


def test_a_tainted_card_taints_the_action() -> None:
    """SOL-72, SOL-73, Tainted Cards and Actions: a tainted card used to perform, boost or assist taints the
    action; the action resolves first, then the active player's weakness. The Princess's Pride: each player
    who assisted her discards a card."""
    tainted = plain("fight", 3, tainted=True)
    s = evolve(ready(4), armies=("brooklyn",), attention=0)
    s = hands(s, princess=(card("Minion Breakthrough"),) + ready(4).hand("princess")[:2],
              max=(tainted,) + ready(4).hand("max")[:3])
    s = playing(s, "princess", card("Minion Breakthrough"))
    s = apply(s, I.AskHelp("princess"), I.Volunteer("max", True), I.Permit("princess", "max", True),
              I.Assist("max", tainted), I.AssistDone("max"), I.Volunteer("percy", False),
              I.Volunteer("harmony", False))
    assert RULES.observe(s, "table")["action"]["tainted"]
    s = RULES.apply(s, I.ResolveAction("princess"))
    text = notices(s)
    assert text.index("destroyed") < text.index("tainted") < text.index("Pride")
    assert s.armies == () and isinstance(s.head, Discard) and s.head.seat == "max" and s.head.n == 1
    s = RULES.apply(s, I.DiscardInput("max", s.hand("max")[0]))
    assert len(s.hand("max")) == 2


def test_tainted_cards_paid_for_basic_actions_do_nothing() -> None:
    """SOL-74, Tainted Cards, Note: "no unusual effects when they are discarded to pay for basic actions or
    wounds"."""
    s = hand(ready(4), "princess", plain("talk", 3, tainted=True), plain("talk"))
    s = apply(act(s, "princess"), I.Hide("princess", plain("talk", 3, tainted=True)))
    assert "tainted" not in notices(s) and s.actions == 1


def test_player_action_example() -> None:
    """SOL-75, Player Action Example: four enemies (three Armies, a Leader) where the party is; Harmony plays
    Escape Trouble (needs 4 Talk): 1 on the card, 1 on her sheet; Percy assists with a card of 2 Talk; 4 in
    all: she designates the space, the players vote and agree, the party moves one space, and the Attention
    Level is lowered by one."""
    et = card("Escape Trouble")
    s = evolve(ready(4), armies=("brooklyn",) * 3, leaders=((encounter("The Hunter"), "brooklyn"),))
    s = hands(s, harmony=(et, plain("scout")), percy=(plain("talk", 2), plain("fight")))
    s = playing(s, "harmony", et)
    assert icons(s) == 2
    s = apply(s, I.AskHelp("harmony"), I.Volunteer("princess", False), I.Volunteer("max", False),
              I.Volunteer("percy", True), I.Permit("harmony", "percy", True), I.Assist("percy", plain("talk", 2)),
              I.AssistDone("percy"))
    assert icons(s) == 4
    s = RULES.apply(s, I.ResolveAction("harmony"))
    assert isinstance(s.head, Designate)
    before = s.attention
    s = everyone_votes(RULES.apply(s, I.DesignateInput("harmony", "hollow")), "for")  # a plain trail
    assert s.party == "hollow" and s.attention == before - 1


def test_an_action_with_the_vote_icon_is_voted(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """SOL-31, Calling a Vote: "A vote may be called ... when an action with a vote icon is performed" - a
    card marked `vote` in the catalogue: For, its effect happens; Against, the action is wasted."""
    from sol_helpers import options
    from companion.games.stuff_of_legend.catalogue import default_catalogue_path

    text = default_catalogue_path().read_text()
    lie_low = card("Lie Low")
    line = next(x for x in text.splitlines() if f'"{lie_low}"' in x)
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(line, line[: line.rindex(" }")] + ", vote = true },"))
    for choice, delta in (("against", 0), ("for", -1)):
        s = ready(4, cards=str(path))
        s = hand(s, "harmony", lie_low, plain("scout"), plain("talk"))
        a = s.attention
        s = apply(playing(s, "harmony", lie_low), I.Boost("harmony", plain("scout")), I.ResolveAction("harmony"))
        assert isinstance(s.head, Vote) and s.head.topic == "card"
        s = everyone_votes(s, choice)
        assert s.attention == a + delta
    assert options(4).cards == ""


def test_ally_before_choosing_the_action() -> None:
    """SOL-60, SOL-61: the active player may call on an Ally before choosing what to do (no action is spent):
    the General destroys two Armies, and the basic actions are free again."""
    general = encounter("The General")
    s = evolve(ready(4), allies=(general,), armies=("brooklyn",) * 2)
    s = act(s, "max")
    assert not any(isinstance(x, I.Move) for x in legal(s, "max"))
    assert I.UseAlly("max", general, 2) in legal(s, "max")
    s = everyone_votes(RULES.apply(s, I.UseAlly("max", general, 2)), "for")
    assert s.armies == () and s.allies == () and s.actions == 0
    assert any(isinstance(x, I.Move) for x in legal(s, "max"))
