"""Phase 1: who acts, the Hero Action board and Exhausted Heroes, votes, and the three options of an
action (SOL-26..47, SOL-G6, G8, G21)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.state import ActorTurn, ChooseActor, Vote, TieBreak
from sol_helpers import (
    CAT, WORLD, act, apply, card, everyone_votes, hand, legal, notices, plain, ready, votes,
)


def discard_of(s, seat):  # type: ignore[no-untyped-def]
    return s.hand(seat)[0]


def skip(s, seat):  # type: ignore[no-untyped-def]
    return apply(act(s, seat), I.Skip(seat, discard_of(s, seat)))


def test_two_phases_a_turn() -> None:
    """SOL-26, Sequence of Play: "Phase 1: Player Actions. Phase 2: Enemy Activation." - three actions,
    then the enemies, then the next turn."""
    s = ready(4)
    assert s.phase == "actions" and s.turn == 1
    for seat in ("max", "percy", "harmony"):
        s = skip(s, seat)
    assert s.turn == 2 and s.phase == "actions"
    assert "Enemy Activation: no enemy" in notices(s) and "Turn 2 begins." in notices(s)


def test_three_actions_whatever_the_number_of_players() -> None:
    """SOL-27, Phase 1: "a maximum of three actions (regardless of how many players are playing)"."""
    for n in (3, 6):
        s = ready(n)
        for seat in s.seats[:3]:
            assert s.turn == 1
            s = skip(s, seat)
        assert s.turn == 2 and s.actions == 0


def test_no_ending_early_unless_the_option() -> None:
    """SOL-G8: three actions are always taken by default; Skip is the way to do nothing. The option
    end_turn_early lets the table stop."""
    s = ready(4)
    with pytest.raises(IllegalInput, match="three actions are always performed"):
        RULES.apply(s, I.EndActions())
    assert I.EndActions() not in legal(s)
    s = ready(4, end_turn_early=True)
    assert I.EndActions() in legal(s)
    s = RULES.apply(s, I.EndActions())
    assert s.turn == 2


def test_the_group_names_who_acts() -> None:
    """SOL-28, SOL-29, Deciding Who Acts: the players decide as a group (the table names the actor); if they
    cannot agree, a formal "choose a player" vote."""
    s = ready(4)
    assert RULES.to_act(s).kind == "table"
    assert {x.seat for x in legal(s) if isinstance(x, I.ChooseActorInput)} == set(s.seats)
    s = RULES.apply(s, I.CallVote())
    v = s.head
    assert isinstance(v, Vote) and v.topic == "actor" and v.ballot == "player"
    s = votes(s, percy="harmony", harmony="harmony", princess="max", max="harmony")
    assert isinstance(s.head, ActorTurn) and s.head.seat == "harmony"


def test_acted_heroes_wait_for_the_others() -> None:
    """SOL-30, Deciding Who Acts: heroes on the Hero Action board cannot act until the others have had a
    chance."""
    s = skip(ready(5), "max")
    assert "max" not in {x.seat for x in legal(s) if isinstance(x, I.ChooseActorInput)}
    with pytest.raises(IllegalInput, match="already acted"):
        act(s, "max")
    s = skip(skip(s, "percy"), "harmony")  # the turn ends: three markers to Exhausted Heroes
    assert set(s.exhausted) == {"max", "percy", "harmony"}
    assert {x.seat for x in legal(s) if isinstance(x, I.ChooseActorInput)} == {"princess", "jester"}
    with pytest.raises(IllegalInput, match="already acted"):
        act(s, "percy")


def test_exhausted_heroes_come_back_when_the_last_places() -> None:
    """SOL-46, SOL-47, End of the Player Turn: after three actions the markers on the board go to
    Exhausted Heroes; they stay until all players have placed theirs, then all come back at once."""
    s = ready(4)
    for seat in ("max", "percy", "harmony"):
        s = skip(s, seat)
    assert s.exhausted == ("max", "percy", "harmony") and s.on_board == ()
    # Turn 2: only the Princess may act; the table is not even asked.
    assert isinstance(s.head, ActorTurn) and s.head.seat == "princess"
    s = apply(s, I.Skip("princess", discard_of(s, "princess")))
    assert s.exhausted == () and s.on_board == ()
    assert "all Hero markers come back" in notices(s)
    s = skip(s, "max")  # Max may act again at once, in the same turn
    assert s.on_board == ("max",)


def test_three_players_retrieve_every_turn() -> None:
    """SOL-47: with three players the third marker placed brings all three back."""
    s = ready(3)
    for seat in s.seats:
        s = skip(s, seat)
    assert s.exhausted == () and s.on_board == () and s.turn == 2


def test_votes_from_the_left_of_the_rifle_tie_by_the_rifle() -> None:
    """SOL-31, SOL-32, SOL-33, Calling a Vote: one vote each, from the left of the Colonel's Rifle holder
    clockwise (the holder last); a tie is resolved by the holder."""
    s = ready(4, rifle="percy")
    s = apply(act(s, "max"), I.Move("max", "hollow", discard_of(s, "max")))
    v = s.head
    assert isinstance(v, Vote) and v.order == ("harmony", "princess", "max", "percy")
    s = votes(s, harmony="for", princess="against", max="for", percy="against")
    t = s.head
    assert isinstance(t, TieBreak) and t.seat == "percy" and t.tied == ("for", "against")
    with pytest.raises(IllegalInput, match="Percy's decision, not Max's"):
        RULES.apply(s, I.BreakTie("max", "for"))
    s = RULES.apply(s, I.BreakTie("percy", "against"))
    assert s.party == "brooklyn" and "The Move is rejected" in notices(s)


def test_votes_out_of_turn_are_refused() -> None:
    """SOL-32: each player votes in turn; SOL-G21: votes are open and recorded in order."""
    s = ready(4)
    s = apply(act(s, "max"), I.Move("max", "hollow", discard_of(s, "max")))
    with pytest.raises(IllegalInput, match="Percy's vote"):
        RULES.apply(s, I.Cast("harmony", "for"))
    with pytest.raises(IllegalInput, match="for or against"):
        RULES.apply(s, I.Cast("percy", "maybe"))
    s = RULES.apply(s, I.Cast("percy", "against"))
    w = RULES.observe(s, "table")["waiting"]
    assert w["cast"] == [{"seat": "percy", "choice": "against"}] and w["topic"] == "move"


def test_rifle_is_asked_and_can_change_hands() -> None:
    """SOL-G6: the Rifle holder is asked at set-up, and a hand-over later is an input of its own."""
    s = ready(4)
    s = RULES.apply(s, I.Rifle("harmony"))
    assert s.rifle == "harmony" and isinstance(s.head, ChooseActor)
    assert RULES.label(s, I.Rifle("harmony")) == "Harmony holds the Colonel's Rifle"


def test_discard_pile_never_shown() -> None:
    """SOL-34, Calling a Vote, Note: cards go face down to the discard pile and nobody may look: no
    observation lists it, and labels never name a discarded card."""
    s = ready(4)
    code = discard_of(s, "max")
    s = skip(s, "max")
    assert code in s.discard_pile
    for seat in s.seats + ("table",):
        text = str(RULES.observe(s, seat))
        assert code not in text
    assert "discard" not in RULES.observe(s, "max")["decks"]
    assert RULES.label(s, I.DiscardInput("max", code)) == "Max discarded a card"


def test_three_options_after_placing_the_marker() -> None:
    """SOL-35, SOL-36, Performing an Action: basic action, an Action card, or skip; in each case the Hero
    marker goes on the Hero Action board first."""
    s = ready(4)
    s = hand(s, "max", card("Lie Low"), plain("fight"))
    s = act(s, "max")
    kinds = {type(x).__name__ for x in legal(s, "max")}
    assert {"Move", "Hide", "Play", "Skip"} <= kinds
    s = RULES.apply(s, I.Play("max", card("Lie Low")))
    assert s.on_board == ("max",)


def test_basic_action_costs_a_discard() -> None:
    """SOL-37, 1. Perform a Basic Action: "discard one Action card of your choice from your hand face down"."""
    s = ready(4)
    code = discard_of(s, "max")
    s = apply(act(s, "max"), I.Hide("max", code))
    assert code not in s.hand("max") and s.discard_pile[-1] == code and len(s.hand("max")) == 6


def test_basic_actions_barred_by_any_enemy() -> None:
    """SOL-38: "there must be no enemies (armies or leaders) in the same space as the Hero Party marker" -
    a Leader alone bars them too; an Action card or a skip is still possible."""
    for enemy in ("army", "leader"):
        s = ready(4)
        s = evolve(s, armies=("brooklyn",)) if enemy == "army" else evolve(
            s, leaders=((CAT.encounters[6].code, "brooklyn"),))
        s = act(s, "max")
        kinds = {type(x).__name__ for x in legal(s, "max")}
        assert "Move" not in kinds and "Hide" not in kinds and "Skip" in kinds
        with pytest.raises(IllegalInput, match="enemies in the party's space"):
            RULES.apply(s, I.Move("max", "hollow", s.hand("max")[0]))
        with pytest.raises(IllegalInput, match="enemies in the party's space"):
            RULES.apply(s, I.Hide("max", s.hand("max")[0]))


def test_move_designates_an_adjacent_space() -> None:
    """SOL-39, a) Move: the party moves as a group to a space joined to its own by a trail."""
    s = act(ready(4), "max")
    moves = {x.to for x in legal(s, "max") if isinstance(x, I.Move)}
    assert moves == set(WORLD.neighbours("brooklyn"))
    with pytest.raises(IllegalInput, match="not joined"):
        RULES.apply(s, I.Move("max", "well", s.hand("max")[0]))


def test_rejected_move_wastes_action_and_card() -> None:
    """SOL-40, a) Move: "All players (including you) vote"; "If "Against" wins ... this action and the
    discarded Action card are wasted"."""
    s = ready(4)
    code = discard_of(s, "max")
    s = apply(act(s, "max"), I.Move("max", "hollow", code))
    assert isinstance(s.head, Vote) and set(s.head.order) == set(s.seats)
    s = everyone_votes(s, "against")
    assert s.party == "brooklyn" and s.actions == 1 and code in s.discard_pile


def test_accepted_move_goes() -> None:
    """SOL-41, a) Move: "If "For" wins the vote, move the Hero Party marker to the designated space"."""
    s = ready(4)
    s = everyone_votes(apply(act(s, "max"), I.Move("max", "hollow", discard_of(s, "max"))), "for")
    assert s.party == "hollow" and "Move the Hero Party marker to Hollow Oak." in notices(s)


def test_hide_lowers_attention_not_at_the_left_edge() -> None:
    """SOL-42, b) Hide: one division left; "If it is already at the far left edge ... you cannot"."""
    s = ready(4)
    a = s.attention
    s = apply(act(s, "max"), I.Hide("max", discard_of(s, "max")))
    assert s.attention == a - 1
    s = evolve(s, attention=0)
    s = act(s, "percy")
    assert not any(isinstance(x, I.Hide) for x in legal(s, "percy"))
    with pytest.raises(IllegalInput, match="far left"):
        RULES.apply(s, I.Hide("percy", s.hand("percy")[0]))


def test_only_cards_that_describe_an_action_are_played() -> None:
    """SOL-43, SOL-111, 2. Play an Action Card; Cards Without Text: a card with no text "cannot be used to
    perform an action"; it can still be discarded, boost or assist."""
    s = ready(4)
    s = hand(s, "max", plain("fight"), card("Minion Breakthrough"))
    s = act(s, "max")
    plays = {x.card for x in legal(s, "max") if isinstance(x, I.Play)}
    assert plays == {card("Minion Breakthrough")}
    with pytest.raises(IllegalInput, match="describes no action"):
        RULES.apply(s, I.Play("max", plain("fight")))
    s = RULES.apply(s, I.Play("max", card("Minion Breakthrough")))
    s = RULES.apply(s, I.Boost("max", plain("fight")))  # the text-less card boosts
    assert len(s.action.cards) == 2  # type: ignore[union-attr]


def test_skip_discards_and_does_nothing_else() -> None:
    """SOL-44, 3. Skip and Discard a Card: one card of your choice, nothing else."""
    s = ready(4)
    before = (s.party, s.attention, s.boy)
    code = discard_of(s, "max")
    s = apply(act(s, "max"), I.Skip("max", code))
    assert (s.party, s.attention, s.boy) == before and code in s.discard_pile and s.actions == 1


def test_trail_colours_change_attention_at_once() -> None:
    """SOL-45, Quiet and Noisy Trails: red +1, green -1, adjusted immediately after moving; plain 0."""
    for to, delta in (("crossing", 1), ("briar", -1), ("hollow", 0)):
        assert WORLD.trail("brooklyn", to).attention == delta  # type: ignore[union-attr]
        s = ready(4)
        a = s.attention
        s = everyone_votes(apply(act(s, "max"), I.Move("max", to, discard_of(s, "max"))), "for")
        assert s.attention == a + delta


def test_play_card_refuses_a_card_not_in_hand() -> None:
    """SOL-43: a card the player does not hold is refused, and the state is unchanged."""
    s = act(ready(4), "max")
    with pytest.raises(IllegalInput, match="no Minion Breakthrough in hand"):
        RULES.apply(s, I.Play("max", card("Minion Breakthrough")))
    with pytest.raises(IllegalInput, match="Max's decision"):
        RULES.apply(s, I.Skip("percy", s.hand("percy")[0]))
