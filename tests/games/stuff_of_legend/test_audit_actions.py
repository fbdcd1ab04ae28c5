"""Audit: Phase 1 from the rulebook's text (Deciding Who Acts, Calling a Vote, Performing an
Action, the Hero Action board, icons, boosting and assisting, the Mayor)."""

from __future__ import annotations

import pytest
from audit_kit import (
    DUEL,
    ESCAPE,
    FIGHT1,
    MAYOR,
    MINION,
    SCOUT1,
    TAINTED_TALK3,
    TALK1,
    TALK2,
    WILD1,
    at_phase1,
    go,
    hands,
    quiet,
    table,
    votes,
)

from companion.core.errors import IllegalInput
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.game import RULES


def _kinds(s, seat):
    return {type(x).__name__ for x in RULES.legal_inputs(s, seat)}


# ------------------------------------------------------------------ who acts, Exhausted Heroes

def test_markers_stay_exhausted_until_everyone_has_placed_then_all_return_at_once() -> None:
    """SOL-30, SOL-46, SOL-47, End of the Player Turn and Exhausted Heroes: "Hero markers in the
    "Exhausted Heroes" space stay there until all players have placed their Hero markers on the Hero
    Action board, after which the players immediately retrieve all Hero markers." Five heroes: three act
    on turn 1, so on turn 2 only the other two may act; the moment the fifth places hers, every marker
    comes back and anyone (even she) may take the third action."""
    s = at_phase1(quiet(table(players=5)))
    for seat in ("max", "percy", "harmony"):
        s = go(s, I.ChooseActorInput(seat), I.Skip(seat, s.hand(seat)[0]))
    # Phase 2 on a quiet board needs nobody: turn 2 begins.
    assert s.turn == 2 and set(s.exhausted) == {"max", "percy", "harmony"}
    with pytest.raises(IllegalInput):
        go(s, I.ChooseActorInput("max"))
    s = go(s, I.ChooseActorInput("princess"), I.Skip("princess", s.hand("princess")[0]))
    # Only the Jester has not acted: the device names her.
    assert s.head.kind == "actor_turn" and s.head.seat == "jester"
    s = go(s, I.Skip("jester", s.hand("jester")[0]))
    assert s.on_board == () and s.exhausted == ()
    for seat in ("max", "jester"):
        assert I.ChooseActorInput(seat) in RULES.legal_inputs(s, "table")


def test_three_actions_a_turn_whatever_the_number_of_players() -> None:
    """SOL-27, SOL-G8, Phase 1: "the players, as a team, may perform a maximum of three actions
    (regardless of how many players are playing)"; by default they cannot stop early (Skip is the way
    to do nothing)."""
    s = at_phase1(quiet(table(players=6)))
    for seat in ("max", "percy", "harmony"):
        s = go(s, I.ChooseActorInput(seat), I.Skip(seat, s.hand(seat)[0]))
    assert s.turn == 2 and s.actions == 0
    with pytest.raises(IllegalInput):
        go(s, I.EndActions())
    early = at_phase1(quiet(table(players=4, end_turn_early=True)))
    early = go(early, I.EndActions())
    assert early.turn == 2


# ------------------------------------------------------------------ votes

def test_votes_start_left_of_the_rifle_holder_and_the_holder_breaks_ties() -> None:
    """SOL-31, SOL-32, SOL-33, SOL-G21, Calling a Vote: "Each player gets one vote, starting with the
    player to the left of the player holding the Colonel's Rifle and moving clockwise. Any ties are
    resolved by the player with the Colonel's Rifle." Four heroes clockwise, Percy holds the Rifle: the
    Move vote goes Harmony, the Princess, Max, Percy; two For and two Against is Percy's to decide."""
    s = at_phase1(quiet(table(players=4, rifle="percy")))
    s = go(s, I.ChooseActorInput("max"), I.Move("max", "hollow", s.hand("max")[0]))
    assert s.head.kind == "vote" and s.head.order == ("harmony", "princess", "max", "percy")
    with pytest.raises(IllegalInput):
        go(s, I.Cast("max", "for"))  # not Max's turn to vote
    s = go(s, I.Cast("harmony", "for"), I.Cast("princess", "against"), I.Cast("max", "for"),
           I.Cast("percy", "against"))
    assert s.head.kind == "tie_break" and s.head.seat == "percy"
    with pytest.raises(IllegalInput):
        go(s, I.BreakTie("max", "for"))
    s = go(s, I.BreakTie("percy", "for"))
    assert s.party == "hollow"


def test_a_choose_a_player_vote_for_who_acts() -> None:
    """SOL-29, SOL-31, Deciding Who Acts: "If they cannot agree, they must hold a formal vote to
    decide." The vote is among the heroes who may act; the winner performs the action."""
    s = at_phase1(quiet(table(players=3)))
    s = go(s, I.Skip("max", s.hand("max")[0])) if s.head.kind == "actor_turn" else s
    s = go(s, I.CallVote())
    assert s.head.kind == "vote" and s.head.ballot == "player"
    s = go(s, I.Cast("percy", "harmony"), I.Cast("harmony", "harmony"), I.Cast("max", "percy"))
    assert s.head.kind == "actor_turn" and s.head.seat == "harmony"


# ------------------------------------------------------------------ basic actions

def test_a_leader_alone_bars_the_basic_actions() -> None:
    """SOL-35, SOL-38, 1. Perform a Basic Action: "there must be no enemies (armies or leaders) in the
    same space as the Hero Party marker in order for you to perform a basic action. If there are any,
    you must choose one of the other two options". No Army, one Leader: no Move, no Hide; Skip and the
    Action cards remain."""
    s = at_phase1(quiet(table()), leaders=((MAYOR, "brooklyn"),))
    s = go(s, I.ChooseActorInput("max"))
    s = hands(s, max=(ESCAPE[0], TALK1[0]))
    kinds = _kinds(s, "max")
    assert "Move" not in kinds and "Hide" not in kinds
    assert {"Skip", "Play"} <= kinds
    with pytest.raises(IllegalInput, match="SOL-38"):
        go(s, I.Move("max", "hollow", TALK1[0]))
    with pytest.raises(IllegalInput, match="SOL-38"):
        go(s, I.Hide("max", TALK1[0]))


def test_a_rejected_move_wastes_the_action_and_the_card() -> None:
    """SOL-37, SOL-39, SOL-40, a) Move: "If "Against" wins the vote, the Hero Party marker stays where
    it is; this action and the discarded Action card are wasted." """
    s = at_phase1(quiet(table()))
    s = go(s, I.ChooseActorInput("max"))
    s = hands(s, max=(TALK1[0], TALK1[1]))
    with pytest.raises(IllegalInput):
        go(s, I.Move("max", "well", TALK1[0]))  # not joined to Brooklyn by a trail
    s = go(s, I.Move("max", "hollow", TALK1[0]))
    s = votes(s, "against")
    assert s.party == "brooklyn" and s.actions == 1
    assert s.hand("max") == (TALK1[1],) and TALK1[0] in s.discard_pile


def test_a_move_along_a_trail_changes_attention_by_its_colour() -> None:
    """SOL-41, SOL-45, Quiet and Noisy Trails: "Adjust the Attention Level immediately after moving."
    "Noisy trail (red): +1 Attention • Quiet trail (green): -1 Attention" (Brooklyn-Crossroads is red,
    Brooklyn-Briar Path green on the shipped map)."""
    base = at_phase1(quiet(table()))
    for to, delta in (("crossing", 1), ("briar", -1), ("hollow", 0)):
        s = go(base, I.ChooseActorInput("max"), I.Move("max", to, base.hand("max")[0]))
        s = votes(s, "for")
        assert s.party == to and s.attention == base.attention + delta, to


def test_hide_is_not_possible_at_the_left_edge() -> None:
    """SOL-42, b) Hide: "decrease the Attention Level by one division ... If it is already at the far
    left edge of the Attention Level track, you cannot perform this action." """
    s = at_phase1(quiet(table()), attention=1)
    s = go(s, I.ChooseActorInput("max"), I.Hide("max", s.hand("max")[0]))
    assert s.attention == 0
    s = go(s, I.ChooseActorInput("percy"))
    assert "Hide" not in _kinds(s, "percy")
    with pytest.raises(IllegalInput, match="SOL-42"):
        go(s, I.Hide("percy", s.hand("percy")[0]))


def test_skip_discards_one_card_and_does_nothing_else() -> None:
    """SOL-36, SOL-44, 3. Skip and Discard a Card: "you simply discard one Action card of your choice
    from your hand and do nothing else." The Hero marker is placed first in any of the three cases."""
    s = at_phase1(quiet(table()))
    before = s
    s = go(s, I.ChooseActorInput("percy"), I.Skip("percy", s.hand("percy")[2]))
    assert len(s.hand("percy")) == len(before.hand("percy")) - 1
    assert s.on_board == ("percy",) and s.attention == before.attention and s.party == before.party


def test_a_card_without_text_cannot_be_played_as_an_action() -> None:
    """SOL-43, SOL-111, Cards Without Text: "Action cards that have no card text ... cannot be used to
    perform an action. These cards are useful only for discarding when performing basic actions,
    boosting, or assisting actions." """
    s = at_phase1(quiet(table()))
    s = go(s, I.ChooseActorInput("max"))
    s = hands(s, max=(TALK1[0], ESCAPE[0]))
    assert I.Play("max", TALK1[0]) not in RULES.legal_inputs(s, "max")
    with pytest.raises(IllegalInput, match="SOL-111"):
        go(s, I.Play("max", TALK1[0]))
    s = go(s, I.Play("max", ESCAPE[0]), I.Boost("max", TALK1[0]))  # ... but it boosts
    assert s.action is not None and len(s.action.cards) == 2


# ------------------------------------------------------------------ icons

def test_the_player_action_example_harmony_escapes_with_percys_help() -> None:
    """SOL-28, SOL-69, SOL-71, SOL-75, Player Action Example: "She needs 4 Talk icons for it to succeed.
    There is 1 Talk icon on "Escape Trouble" and 1 Talk icon on her Hero sheet, which still makes only 2
    ... Percy can play a card from his hand with 2 Talk icons, which gives them a total of 4 Talk icons."
    Percy's own sheet (2 Talk) adds nothing to Harmony's action. There are enemies in the space: an
    Action card is still allowed. The party moves one space; the card lowers the Attention Level by one."""
    s = at_phase1(quiet(table(players=3)), armies=("brooklyn",) * 3, leaders=((MAYOR, "brooklyn"),))
    s = hands(s, harmony=(ESCAPE[0], TALK1[0]), percy=(TALK2[0], FIGHT1[0]))
    s = go(s, I.ChooseActorInput("harmony"), I.Play("harmony", ESCAPE[0]))
    assert RULES.observe(s, "table")["action"]["icons"] == 2
    s = go(s, I.AskHelp("harmony"))
    # Helpers are asked from Harmony's left: Max (3 heroes: max, percy, harmony).
    s = go(s, I.Volunteer("max", False), I.Volunteer("percy", True), I.Permit("harmony", "percy", True))
    s = go(s, I.Assist("percy", TALK2[0]), I.AssistDone("percy"))
    assert RULES.observe(s, "table")["action"]["icons"] == 4
    attention = s.attention
    s = go(s, I.ResolveAction("harmony"), I.DesignateInput("harmony", "hollow"))  # a plain trail
    s = votes(s, "for")
    assert s.party == "hollow" and s.attention == attention - 1


def test_boosts_need_matching_or_wild_icons() -> None:
    """SOL-68, SOL-70, Boosting an Action: "if you are performing an action with Fight icons, you can
    only contribute further Fight icons to that action. The exception is that on some Action cards the
    Wild symbol appears, and it can be applied to any action." """
    s = at_phase1(quiet(table()), armies=("brooklyn",))
    s = hands(s, max=(MINION[0], SCOUT1[0], WILD1[0], FIGHT1[0]))
    s = go(s, I.ChooseActorInput("max"), I.Play("max", MINION[0]))
    assert RULES.observe(s, "table")["action"]["icons"] == 3  # 1 on the card + Max's 2 Fight
    with pytest.raises(IllegalInput, match="SOL-70"):
        go(s, I.Boost("max", SCOUT1[0]))
    s = go(s, I.Boost("max", WILD1[0]), I.Boost("max", FIGHT1[0]))
    assert RULES.observe(s, "table")["action"]["icons"] == 5


def test_the_mayor_needs_talk_and_the_grand_duel_card_adds_none() -> None:
    """SOL-59, SOL-110, The Mayor: "instead of 5 Fight icons, 5 Talk icons must be contributed to the
    action." "Since Grand Duel cards do not have a Talk symbol, they do not add icons to the action."
    Percy (2 Talk on his sheet) duels the Mayor: 2, then a 2-Talk and a 1-Talk card make 5."""
    s = at_phase1(quiet(table()), leaders=((MAYOR, "brooklyn"),))
    s = hands(s, percy=(DUEL[0], TALK2[0], TALK1[0], FIGHT1[0]))
    s = go(s, I.ChooseActorInput("percy"), I.Play("percy", DUEL[0], MAYOR))
    view = RULES.observe(s, "table")["action"]
    assert view["skill"] == "talk" and view["needs"] == 5 and view["icons"] == 2
    with pytest.raises(IllegalInput):
        go(s, I.Boost("percy", FIGHT1[0]))
    s = go(s, I.Boost("percy", TALK2[0]), I.Boost("percy", TALK1[0]), I.ResolveAction("percy"))
    assert s.leaders == ()


def test_a_grand_duel_one_icon_short_leaves_the_leader() -> None:
    """SOL-59, SOL-67, Leader Encounters: "Leaders can only be killed in a Grand Duel." A duel with too few
    icons fails and the Leader stays; Minion Breakthrough never removes a Leader."""
    s = at_phase1(quiet(table()), leaders=((MAYOR, "brooklyn"),), armies=("brooklyn",))
    s = hands(s, percy=(DUEL[0], TALK2[0], FIGHT1[2]), max=(MINION[0], FIGHT1[0], FIGHT1[1], SCOUT1[0]))
    s = go(s, I.ChooseActorInput("percy"), I.Play("percy", DUEL[0], MAYOR), I.Boost("percy", TALK2[0]),
           I.ResolveAction("percy"))
    assert s.leaders == ((MAYOR, "brooklyn"),)
    s = go(s, I.ChooseActorInput("max"), I.Play("max", MINION[0]), I.Boost("max", FIGHT1[0]),
           I.Boost("max", FIGHT1[1]), I.ResolveAction("max"))
    assert s.armies == () and s.leaders == ((MAYOR, "brooklyn"),)


def test_a_refused_helper_may_not_assist() -> None:
    """SOL-71, Assisting an Action: "If the active player refuses your help, you may not help with that
    action"."""
    s = at_phase1(quiet(table()))
    s = hands(s, harmony=(ESCAPE[0],), percy=(TALK2[0],))
    s = go(s, I.ChooseActorInput("harmony"), I.Play("harmony", ESCAPE[0]))
    # Harmony played her last card: the coin first, then a new hand (SOL-76).
    s = go(s, I.CoinFlip("boogeyman")) if s.head.kind == "coin" else s
    while s.head.kind == "boogeyman_draw" or s.head.kind == "run_effects":
        s = go(s, I.BoogeymanCardInput(None))
    s = go(s, I.AskHelp("harmony"), I.Volunteer("max", False), I.Volunteer("percy", True),
           I.Permit("harmony", "percy", False))
    assert s.head.kind == "contribute"
    with pytest.raises(IllegalInput):
        go(s, I.Assist("percy", TALK2[0]))


def test_princess_pride_after_a_tainted_action() -> None:
    """SOL-72, SOL-73, Tainted Cards and Actions: "If an action is tainted, first resolve the action, and
    then apply the effects of the active player's weakness." Pride: "Each player assisting her on that
    turn must discard a card from their hand". A tainted card assisting taints the action."""
    s = at_phase1(quiet(table(players=4)))
    s = hands(s, princess=(ESCAPE[0], TALK1[0]), max=(TAINTED_TALK3, FIGHT1[0], FIGHT1[1]))
    s = go(s, I.ChooseActorInput("princess"), I.Play("princess", ESCAPE[0]), I.AskHelp("princess"),
           I.Volunteer("max", True), I.Permit("princess", "max", True), I.Assist("max", TAINTED_TALK3),
           I.AssistDone("max"), I.Volunteer("percy", False), I.Volunteer("harmony", False),
           I.ResolveAction("princess"), I.DesignateInput("princess", "hollow"))
    s = votes(s, "for")
    assert s.party == "hollow"  # the action resolved first ...
    while s.head.kind in ("reveal_locations", "resolve_encounters"):
        s = go(s, RULES.legal_inputs(s, "device")[0])
    assert s.head.kind == "discard" and s.head.seat == "max"  # ... then Pride
    s = go(s, I.DiscardInput("max", FIGHT1[0]))
    assert s.hand("max") == (FIGHT1[1],)


def test_tainted_cards_paying_for_a_basic_action_do_nothing_unusual() -> None:
    """SOL-74, Tainted Cards, Note: "Tainted cards have no unusual effects when they are discarded to pay
    for basic actions or wounds." """
    s = at_phase1(quiet(table(players=4)))
    s = hands(s, princess=(TAINTED_TALK3, TALK1[0]), max=(FIGHT1[0],))
    s = go(s, I.ChooseActorInput("princess"), I.Move("princess", "hollow", TAINTED_TALK3))
    s = votes(s, "for")
    assert s.head.kind == "choose_actor" and s.hand("max") == (FIGHT1[0],)
