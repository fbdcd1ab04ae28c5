"""Audit: Entering a Space, Locations, Encounters, the exits and the end, from the rulebook's text."""

from __future__ import annotations

import pytest
from audit_kit import READ_SIGNS, SCOUT1, SCOUT2, WORLD, at_phase1, go, hands, quiet, table, votes

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.ending import correct_exit
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.state import Slot, SpaceCards

EXITS = WORLD.exits  # exit_north, exit_east, exit_temple, exit_falls on the shipped map
BOOGEYMAN_CARDS = ("SOL:LOYL:05", "SOL:LOYL:06", "SOL:LOYL:07")


def _board(s, **spaces):
    board = list(s.board)
    for sid, cards in spaces.items():
        board[WORLD.ids.index(sid)] = cards
    return evolve(s, board=tuple(board))


def _move(s, seat, to):
    s = go(s, I.ChooseActorInput(seat)) if s.head.kind == "choose_actor" else s
    return votes(go(s, I.Move(seat, to, s.hand(seat)[0])), "for")


# ------------------------------------------------------------------ the exits

@pytest.mark.parametrize(("numbers", "right"), [
    ((2, 4, 5, 7), 7),  # Example A
    ((1, 3, 6, 7), 1),  # Example B
    ((2, 4, 6, 7), 7),  # Ending the Game
    ((1, 2, 3, 6), 6),
    ((7, 5, 1, 3), 1),
])
def test_the_correct_exit_is_the_highest_except_1_beats_7(numbers, right) -> None:
    """SOL-08, SOL-09, Finding the Exit: "Usually the correct exit is the one with the highest value.
    However, if both exits 1 and 7 are among the numbers in play, then exit 1 is the correct exit." """
    values = dict(zip(EXITS, numbers))
    assert values[correct_exit(values)] == right


def test_entering_an_exit_ends_the_game_before_anything_else() -> None:
    """SOL-05, SOL-48, SOL-107, SOL-108, Entering a Space: "1. If the space is an exit from the game board,
    the game ends immediately and the players check whether it is the correct exit". Example B's tokens:
    the North Exit shows 1, so it is the correct one and the heroes loyal to the Boy win. The Hopscotch
    Gate beside the exit still has its Location face down: step 2 never comes."""
    s = _board(quiet(table()), gate=SpaceCards(Slot("SOL:LOCN:09", "yellow"), (Slot("SOL:ENCT:08", "yellow"),)))
    s = at_phase1(s, party="gate", exits=(1, 3, 6, 7))
    s = _move(s, "max", "exit_north")
    assert not s.board[WORLD.ids.index("gate")].location.up
    assert s.phase == "over" and s.end == "correct_exit" and s.winner == "boy"
    assert s.correct_exit == "exit_north"
    won = set(RULES.result(s).winners)
    assert won == {x for x, c in zip(s.seats, s.loyalty) if c not in BOOGEYMAN_CARDS}
    shown = RULES.observe(s, "percy")["result"]
    assert shown["exits"] == dict(zip(EXITS, (1, 3, 6, 7))) and set(shown["loyalty"]) == set(s.seats)


def test_a_wrong_exit_is_a_win_for_the_boogeyman() -> None:
    """SOL-06, SOL-07, SOL-108, Ending the Game: "If the Hero Party reached an incorrect exit, the heroes
    who are loyal to the Boy lose, while the heroes who are loyal to the Boogeyman win." Example A's
    tokens: the North Exit's 2 is wrong."""
    s = at_phase1(quiet(table()), party="gate", exits=(2, 4, 5, 7))
    s = _move(s, "max", "exit_north")
    assert s.end == "wrong_exit" and s.winner == "boogeyman" and s.correct_exit == "exit_falls"


def test_entering_turns_up_the_adjacent_locations_then_the_encounters_here() -> None:
    """SOL-49, SOL-50, SOL-51, SOL-52, SOL-55, Entering a Space: "2. Immediately reveal and resolve any
    Location cards in all spaces adjacent to this space ... 3. Reveal and resolve each Encounter card in
    the Hero Party's current space." Locations "in any order the players choose". An Army Encounter
    "adds an Army to the Hero Party's current space, and then the card is discarded"."""
    s = _board(quiet(table()),
               hollow=SpaceCards(None, (Slot("SOL:ENCT:01", "green"),)),
               well=SpaceCards(Slot("SOL:LOCN:02", "green"), ()),
               chalk=SpaceCards(Slot("SOL:LOCN:09", "yellow"), ()))
    s = _move(at_phase1(s), "max", "hollow")
    assert s.head.kind == "reveal_locations" and set(s.head.spaces) == {"well", "chalk"}
    hollow = s.board[WORLD.ids.index("hollow")]
    assert not hollow.encounters[0].up and s.armies == ()
    s = go(s, I.Reveal("chalk"))  # the players' order; the last one turns up by itself
    assert s.armies == ("hollow",)
    assert s.board[WORLD.ids.index("hollow")].encounters == ()
    assert s.board[WORLD.ids.index("well")].location.up  # lasting: stays face up


def test_set_up_turns_up_the_three_locations_beside_brooklyn() -> None:
    """SOL-25, SOL-G19, Game Setup 10: "Turn the Location cards in the three spaces adjacent to the
    Brooklyn space face up." Brooklyn's own cards stay face down."""
    s = table()
    near = set(WORLD.neighbours("brooklyn"))
    assert len(near) == 3
    for sid, sc in zip(WORLD.ids, s.board):
        if sid in near:
            assert sc.location is None or sc.location.up
        elif sc.location is not None:
            assert not sc.location.up, sid


def test_a_quest_failed_stays_and_a_quest_completed_is_removed() -> None:
    """SOL-62, SOL-63, Quest Encounters: "If not enough icons are contributed to the action, the Quest is
    not completed and the action is wasted, but the card stays in the space to be attempted again
    later." "Once completed, resolve the text on the Quest and then remove it." (Read the Signs: 3 Scout,
    peek at an exit; Harmony has 1 Scout on her sheet.)"""
    s = _board(quiet(table()), brooklyn=SpaceCards(None, (Slot(READ_SIGNS, "green", True),)))
    s = hands(at_phase1(s), harmony=(SCOUT1[0], SCOUT2[0], SCOUT1[1]))
    s = go(s, I.ChooseActorInput("harmony"), I.AttemptQuest("harmony", READ_SIGNS), I.ResolveAction("harmony"))
    assert s.actions == 1 and s.board[0].encounters[0].code == READ_SIGNS
    s = go(s, I.ChooseActorInput("max"), I.Skip("max", s.hand("max")[0]), I.Skip("percy", s.hand("percy")[0]))
    assert s.turn == 2
    s = go(s, I.ChooseActorInput("harmony"), I.AttemptQuest("harmony", READ_SIGNS), I.Boost("harmony", SCOUT2[0]), I.ResolveAction("harmony"))
    assert s.head.kind == "choose_exit" and s.board[0].encounters == ()


def test_an_ally_vote_for_uses_it_against_keeps_it_but_bars_that_player() -> None:
    """SOL-60, SOL-61, Ally Encounters: "If "For" wins, the ability is used and the Ally leaves the game (no
    action is spent). If "Against" wins, the Ally stays in play, and its ability cannot be used for the
    rest of that player's actions." (The Woodsman: ability 2 lowers the Attention Level.)"""
    woodsman = "SOL:ENCT:06"
    s = at_phase1(quiet(table()), allies=(woodsman,))
    s = go(s, I.ChooseActorInput("percy"), I.UseAlly("percy", woodsman, 2))
    s = votes(s, "against")
    assert s.allies == (woodsman,) and s.head.kind == "actor_turn"
    with pytest.raises(IllegalInput):
        go(s, I.UseAlly("percy", woodsman, 2))
    s = go(s, I.Skip("percy", s.hand("percy")[0]), I.ChooseActorInput("max"), I.UseAlly("max", woodsman, 2))
    attention = s.attention
    s = votes(s, "for")
    assert s.allies == () and s.attention == attention - 1 and s.actions == 1 and s.head.kind == "actor_turn"


def test_re_entering_a_space_turns_up_only_face_down_cards() -> None:
    """SOL-G16, Entering a Space: "Whenever the Hero Party enters a new space, do the following"; going
    back to a space turns up only what is still face down."""
    s = at_phase1(quiet(table()))
    s = _move(s, "max", "hollow")
    s = _move(s, "percy", "brooklyn")
    assert s.party == "brooklyn" and s.head.kind in ("choose_actor", "actor_turn")


def test_the_journal_scenario_replays_to_what_the_docs_say(tmp_path, capsys) -> None:
    """SOL-20, SOL-55, SOL-97, docs/journal.md's SOL scenario as a JSON-lines journal through `companion
    replay --json`: the party in Hollow Oak with two Armies, the marker on A, turn 2, Percy with 5 cards."""
    import json
    import re
    from pathlib import Path

    from companion.cli import main

    doc = (Path(__file__).resolve().parents[3] / "docs" / "journal.md").read_text()
    section = doc[doc.index("### The Stuff of Legend (SOL)"):]
    journal = re.search(r"```\n(\{\"format\".*?)```", section, re.S)
    assert journal is not None
    path = tmp_path / "scenario.jsonl"
    path.write_text(journal.group(1))
    assert main(["replay", str(path), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["party"] == "hollow" and state["armies"].count("hollow") == 2
    assert state["wound"] == 1 and state["turn"] == 2 and len(state["hands"][1]) == 5
