"""Game End: five claimed at any moment of the active player's turn, and what happens when nobody
can win."""

from __future__ import annotations

import pytest

from bin_helpers import C, play, table
from companion.core.errors import IllegalInput
from companion.games.bump_in_the_night import moves
from companion.games.bump_in_the_night.cards import code
from companion.games.bump_in_the_night.fast import evolve
from companion.games.bump_in_the_night.game import RULES
from companion.games.bump_in_the_night.inputs import Bonus, Done, Scare
from companion.games.bump_in_the_night.rules import apply
from companion.games.bump_in_the_night.state import Options, Phase

DEN_OF_EVIL = code("BONS", 1)
CORRIDOR = ("conservatory/den", "study/den", "den/closet", "closet/front_hall", "front_hall/parlour", "front_door")


def test_the_game_ends_at_once_when_the_active_player_has_five():
    """BIN-63, Game End: "If at any time during the active player's turn they have 5 or more people
    claimed from the board ..., the game ends and they win!" Red, at 4, claims the first of two
    girls: the game is over before the second runs on, and nobody draws."""
    s = table(moved={"laundry": 2}, monsters={"red": {"cat": "laundry", "ghost": "front_hall"},
                                               "yellow": {"ghost": "den"}},
              locks=CORRIDOR, claimed={"red": 4}, options=Options(players=2), terror_plus=1)
    after = play(s, Scare("red", "cat"))
    assert after.phase is Phase.OVER and after.winners == ("red",) and after.reason == "five"
    assert after.claimed[0] >= 5 and not after.pending
    assert RULES.result(after).scores == {"red": 1.0, "yellow": 0.0}
    with pytest.raises(IllegalInput, match="over"):
        apply(after, Done())


def test_bonus_cards_count_as_claimed():
    """BIN-63: "(each successfully played Bonus card counts as 1 extra person claimed from the
    board)"."""
    s = table(step=1, claimed={"red": 4})
    s = evolve(s, bonuses=((DEN_OF_EVIL,), ()))
    assert s.score(0) == 5


def test_five_on_another_players_turn_wins_at_the_start_of_your_own():
    """BIN-G16: a Bonus card takes yellow to 5 in red's turn; the text ends the game only for "the
    active player", so the game goes on and yellow wins when their turn starts (setting
    five_off_turn_wins_at_once: at once)."""
    s = table(moved={"den": 2}, monsters={"yellow": {"ghost": "den"}}, hands={"yellow": (DEN_OF_EVIL,)},
              claimed={"yellow": 4})
    after = play(s, Scare("yellow", "ghost"), Bonus(DEN_OF_EVIL))
    assert after.phase is Phase.PLAY and after.score(1) == 5
    while after.running:
        after = apply(after, moves.legal(after, C)[0])
    while after.phase is Phase.PLAY and after.seats[after.active] == "red":
        after = apply(after, moves.legal(after, C)[-1] if after.pending else Done())
    assert after.phase is Phase.OVER and after.winners == ("yellow",)
    at_once = table(moved={"den": 2}, monsters={"yellow": {"ghost": "den"}}, hands={"yellow": (DEN_OF_EVIL,)},
                    claimed={"yellow": 4}, options=Options(five_off_turn_wins_at_once=True))
    done = play(at_once, Scare("yellow", "ghost"), Bonus(DEN_OF_EVIL))
    assert done.phase is Phase.OVER and done.winners == ("yellow",)


def test_no_girls_left_the_most_claimed_win():
    """BIN-G17: 14 girls may run out with nobody at 5: the most claimed win, ties share (setting
    no_girls_most_claimed_wins off: nobody wins)."""
    s = table(step=5, claimed={"red": 3, "yellow": 3}, options=Options(players=3))
    over = apply(s, Done())
    assert over.phase is Phase.OVER and over.winners == ("red", "yellow") and over.reason == "no_girls"
    assert RULES.result(over).scores == {"red": 0.5, "yellow": 0.5, "mustard": 0.0}
    nobody = apply(table(step=5, claimed={"red": 3}, options=Options(no_girls_most_claimed_wins=False)), Done())
    assert nobody.winners == () and RULES.result(nobody).winners == ()


def test_a_stalled_game_ends_after_rounds_without_a_claim():
    """BIN-G17: "what happens when nobody can win": if nobody claims anyone (or plays a Bonus
    card) for `stall_rounds` rounds, the game ends and the most claimed win."""
    s = table(step=1, unmoved={"cellar": 3}, claimed={"yellow": 1}, options=Options(stall_rounds=2))
    for _ in range(4 * 5 - 1):
        s = apply(s, Done())
        assert s.phase is Phase.PLAY
    s = apply(s, Done())
    assert s.phase is Phase.OVER and s.winners == ("yellow",) and s.reason == "stall"
    never = table(step=1, unmoved={"cellar": 3}, options=Options(stall_rounds=0))
    for _ in range(100):
        never = apply(never, Done())
    assert never.phase is Phase.PLAY
