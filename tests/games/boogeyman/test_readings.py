"""The five readings issue 9 asked for, each decided from the rulebook's text (docs/rules.md)."""

from dataclasses import replace

import pytest

from companion.core.errors import IllegalInput
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.setup import setup_steps
from companion.games.boogeyman.state import (
    ChooseCard,
    ChooseRoomTokens,
    Difficulty,
    DrawCard,
    Mode,
    NeedRoll,
    Options,
    Phase,
    TieRoll,
)

from bgm_helpers import competitive, ladder, new_game, play, put


def end_round(s, n: int = 2):  # type: ignore[no-untyped-def]
    for _ in range(n):
        s = play(s, I.EndTurn())
    return s


# ---- 1. 'When the Boogeyman is Controlled by the Game', the Peter example, for a player-run Boogeyman

def test_peter_stays_in_room_12_and_the_players_boogeyman_appears_on_its_next_turn() -> None:
    # "Peter is in Room 12. The Boogeyman, on its turn, decides to play the Room 12 token ... if he
    # decides to stay in the Room, when it is the Boogeyman's next turn it would be able to make an
    # appearance and Peter would be forced to draw a Boogeyman card". And: "if, at the end of the next
    # round, when the Boogeyman takes its next turn, if any Children or the Babysitter are still in
    # that Room, the Boogeyman is revealed and the interaction takes place."
    s = competitive(children=("peter", "leila"), first_token="12")
    s = put(s, peter="12", leila="C1", babysitter="10")
    s = end_round(s)
    assert s.ladder[0].face_up and s.boogeyman == ("12",)
    assert s.pending == (DrawCard("BOOG", "peter", encounter=True), ChooseRoomTokens(1))
    s = play(s, I.CardDrawn("BGM:BOOG:03"), I.PlaceRoomTokens(("7",)))
    assert s.stress_boogeyman == 1 and s.round == 2 and s.active == "peter" and s.actions_left == 3


def test_if_peter_leaves_nothing_happens() -> None:
    # "If Peter decides to leave on his turn, nothing would happen."
    s = competitive(children=("peter", "leila"), first_token="12")
    s = put(s, peter="C3", leila="C1", babysitter="10")
    s = end_round(s)
    assert not s.ladder[0].face_up and s.pending == (ChooseRoomTokens(1),)


def test_the_babysitter_waiting_in_its_room_is_possessed_on_its_turn() -> None:
    s = competitive(children=("peter", "leila"), first_token="12")
    s = put(s, peter="C3", leila="C1", babysitter="12")
    s = end_round(s)
    assert s.pending == (NeedRoll("", "possessed", on_turn=False), ChooseRoomTokens(1))
    s = play(s, I.RollDie(3))  # its player steers her before choosing the next token
    assert s.pending[0].kind == "steer_babysitter" and s.pending[1] == ChooseRoomTokens(1)


# ---- 2. Competitive set-up: the first Ladder token

def test_the_boogeyman_player_chooses_the_first_room_token_too() -> None:
    # Chart: "Room tokens | ... | The Boogeyman player chooses the Room tokens." Set-up: "The
    # Boogeyman takes the Room tokens, keeping them covered"; "At the beginning of the game, a Room
    # token is placed face down on the first space of the Ladder."
    s = new_game(mode=Mode.COMPETITIVE)
    assert s.ladder == () and len(s.reserve) == 25
    s = play(s, I.HideTokensInput(("1", "2", "3"), "4", "6"))
    assert s.phase == Phase.PLACEMENT and s.pending == (ChooseRoomTokens(1),)
    with pytest.raises(IllegalInput, match="exactly 1"):
        play(s, I.PlaceRoomTokens(("7", "8")))
    s = play(s, I.PlaceRoomTokens(("7",)))
    assert [t.room for t in s.ladder] == ["7"] and s.round == 1 and s.phase == Phase.PLAY
    # Cooperative: drawn at random, as before.
    assert len(new_game().ladder) == 1


# ---- 3. The children's tie-break dice and the Possessed Babysitter's die are the table's

def test_the_tie_break_is_each_childs_own_die() -> None:
    # "If there are two or more Children in the Room, they must each roll 1 die"
    s = ladder(put(new_game(children=("mike", "daphne", "ray")), mike="24", daphne="24", ray="C1",
                   babysitter="10"), "24")
    s = end_round(s, 3)
    assert s.pending == (TieRoll(("mike", "daphne"), "boogeyman", on_turn=False),)
    s = play(s, I.RollDie(2), I.RollDie(6))
    assert s.pending == (DrawCard("BOOG", "mike", encounter=True),)
    # On the Boogeyman's turn nobody is in their own turn: no Candy question.
    assert s.child("mike").candy == 3


def test_the_possessed_babysitters_die_is_the_tables() -> None:
    # "she is Possessed by the Boogeyman: roll 1 die and move the Babysitter that many Rooms"
    s = ladder(put(new_game(), mike="1", daphne="1", babysitter="9"), "9")
    s = end_round(s)
    assert s.pending == (NeedRoll("", "possessed", on_turn=False),)
    with pytest.raises(IllegalInput, match="1 to 6"):
        play(s, I.RollDie(7))
    with pytest.raises(IllegalInput):
        play(s, I.SpendCandy(1))  # nobody's Candy changes her die
    s = play(s, I.RollDie(None))  # "Roll for me": the device rolls when asked
    assert isinstance(s.pending[0], TieRoll) and s.pending[0].then == "possessed"


# ---- 4. A child who met the Boogeyman mid-round is not met again at the end of the round

def test_the_token_already_met_this_round_does_not_strike_twice() -> None:
    # "If a Child or the Babysitter moves into the Room that the Boogeyman is in at that moment ...
    # they must place the Boogeyman in that Room and encounter it" - and then: "a Child who is
    # already in a Room with the Boogeyman will not be able to perform any Actions in that Room ...
    # but they will be able to get out by moving away on their turn." The end-of-round reveal flips
    # "the last Room token": one already face up has nothing left to reveal.
    s = ladder(put(new_game(), babysitter="10"), "3")
    s = play(s, I.Move("mike", "3"), I.CardDrawn("BGM:BOOG:01"))
    assert s.stress_boogeyman == 1 and s.active == "daphne"
    s = play(s, I.EndTurn())
    assert not any(isinstance(p, (DrawCard, TieRoll)) and getattr(p, "deck", "BOOG") == "BOOG" for p in s.pending)
    assert s.stress_boogeyman == 1 and s.round == 2 and s.child("mike").zone == "3"
    # Mike may leave on his turn (he cannot act in its room).
    s = replace(s, pending=())
    with pytest.raises(IllegalInput, match="Boogeyman"):
        play(s, I.FlipSwitch("mike"))
    assert play(s, I.Move("mike", "C1")).child("mike").zone == "C1"


# ---- 5. Nightmare Mode uses the tenth space: tests/games/boogeyman/test_boogeyman.py
# (test_nightmare_mode_fills_the_tenth_space_before_the_ladder_clears and the player-run one).

def test_nightmare_mode_ladder_sizes_over_a_long_game() -> None:
    s = put(new_game(difficulty=Difficulty.NIGHTMARE), mike="C1", daphne="C1")
    sizes = []
    for _ in range(12):
        s = replace(end_round(s), pending=(), turn_ending=False)
        sizes.append(len(s.ladder))
    assert 10 in sizes and max(sizes) == 10
    assert sizes[:6] == [3, 5, 7, 9, 2, 4]


# ---- who holds the Boogeyman's seat: its cards and the set-up texts

def test_the_devices_competitive_boogeyman_has_its_cards_drawn_at_random() -> None:
    # The device cannot read a card to choose it: the table draws the top card, as when the game
    # runs the Boogeyman ('Nightmare cards: ... Otherwise, the Nightmare is drawn randomly').
    s = competitive(device_boogeyman=True)
    s = replace(s, stress_babysitter=2)
    s = play(s, I.Move("mike", "C2"), I.Move("mike", "10"), I.CardDrawn("BGM:SITR:01"))
    assert s.pending == (DrawCard("TRBL", "mike"),)
    person = competitive()
    person = replace(person, stress_babysitter=2)
    person = play(person, I.Move("mike", "C2"), I.Move("mike", "10"), I.CardDrawn("BGM:SITR:01"))
    assert person.pending == (ChooseCard("TRBL", "mike"),)


def test_set_up_steps_follow_who_holds_the_seat() -> None:
    device = " ".join(setup_steps(Options(mode=Mode.COMPETITIVE, device_boogeyman=True)))
    person = " ".join(setup_steps(Options(mode=Mode.COMPETITIVE)))
    coop = " ".join(setup_steps(Options()))
    assert "Boogeyman player" not in device and "the device plays the boogeyman" in device.lower()
    assert "The Boogeyman player takes the Nightmare, Trouble and Event cards" in person
    assert "private screen" in person
    for text in (device, person, coop):
        assert "as the screen shows" not in text


# ---- the Boogeyman's turn as steps for the table

def test_the_turn_summary_says_what_to_do_at_the_table() -> None:
    from companion.games.boogeyman.summary import summary

    s = ladder(put(new_game(), mike="24", daphne="C1", babysitter="10"), "24")
    s = play(s, I.EndTurn())
    assert summary(s, s) is None  # a child's turn is no Boogeyman turn
    after = play(s, I.EndTurn())
    got = summary(s, after)
    assert got is not None and got.reveal
    # The device holds the Room tokens (set-up: "leave the Room tokens in the box"): none to turn.
    assert got.steps[0] == "The Boogeyman appears in Room 24: put its miniature in Room 24."
    assert "Flip the Light token in Room 24 to its Dark side." in got.steps
    assert "Mike meets the Boogeyman: draw the top Boogeyman card." in got.steps
    assert got.steps[-1] == "Round 2: Mike goes first."
    assert not any("BGM:" in step for step in got.steps)
