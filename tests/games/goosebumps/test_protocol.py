"""The game protocol for GSB: hidden hands, worlds consistent with a seat's view, legal inputs,
chance, public labels, the fast paths, and what the screens read."""

from __future__ import annotations

import pytest

from companion.core import codec
from companion.core.errors import IllegalInput
from companion.core.rng import Rng
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps import rules as R
from companion.games.goosebumps.game import RULES
from companion.games.goosebumps.protocol import instruction
from companion.games.goosebumps.state import Options

from gsb_helpers import POLICE, deal, play, random_states, scene, waiting

ANN = ("1", "2", "3", "4", "5")
BOB = ("6", "6", "5", "2", "1")


def test_each_hand_is_hidden_from_the_other_seats_and_the_holder_shows_only_its_filled_slots() -> None:
    """The automated player's cards are face down in a holder with numbered slots: the other seats
    see how many cards each player holds, and which slots are filled, never a card."""
    state = scene([0, 0], [ANN, ("6", "", "stine", "2")], automated=("Bob",))
    ann, bob, table = (RULES.observe(state, s) for s in ("Ann", "Bob", "table"))
    assert ann["hand"] == list(ANN) and bob["hand"] == ["6", "", "stine", "2"] and "hand" not in table
    assert ann["players"][1] == {"seat": "Bob", "space": 0, "where": "START", "cards": 3, "automated": True,
                                 "slots": [True, False, True, True]}
    assert "stine" not in str(ann["players"]) + str(table) .replace("'stine': 2", "")
    assert ann["prompt"].startswith("Ann: play")


@pytest.mark.parametrize("table", [False, True])
def test_a_world_drawn_for_a_seat_looks_the_same_to_it_and_depends_only_on_what_it_sees(table: bool) -> None:
    """Hidden information reaches a seat only through its observation: every resampled world gives
    the seat the same observation, legal inputs and labels; and two worlds it cannot tell apart
    resample to the same world."""
    for state in random_states(12, seed=3, table=table)[::7]:
        for seat in state.seats:
            world, _ = RULES.resample(state, seat, Rng(11))
            assert RULES.observe(world, seat) == RULES.observe(state, seat)
            again, _ = RULES.resample(world, seat, Rng(5))
            assert RULES.resample(again, seat, Rng(9))[0] == RULES.resample(state, seat, Rng(9))[0]
            if RULES.to_act(state).kind == "chance":
                continue  # chance's outcomes are the device's knowledge, not the seat's
            legal = RULES.legal_inputs(state, seat)
            assert RULES.legal_inputs(world, seat) == legal
            assert [RULES.label(world, i) for i in legal] == [RULES.label(state, i) for i in legal]
            hidden = sum(c == "?" for hand in world.hands for c in hand)
            assert world.pile == state.pile and len(world.unseen) == world.pile + hidden


def test_legal_inputs_are_the_acting_seats_and_the_rules_accept_them() -> None:
    """Only the seat the game waits for has inputs; each is accepted; chance sums to one."""
    for state in random_states(10, seed=4)[::5]:
        actor = RULES.to_act(state)
        for seat in state.seats:
            if seat != actor.seat:
                assert RULES.legal_inputs(state, seat) == []
        for inp in RULES.legal_inputs(state, actor.seat):
            RULES.apply(state, inp)
        if actor.kind == "chance":
            assert abs(sum(p for _, p in RULES.chance_outcomes(state)) - 1.0) < 1e-9
        else:
            assert RULES.chance_outcomes(state) == []


def test_the_fast_paths_give_exactly_what_the_general_path_gives() -> None:
    """The search's hot inputs (a turn's draw, a numbered card to a plain space) have fast paths;
    on every input of random games they must equal the general reducer's answer."""
    try:
        for state in random_states(16, seed=5) + random_states(4, seed=6, table=True):
            actor = RULES.to_act(state)
            if actor.kind == "chance":
                inputs = [i for i, _ in RULES.chance_outcomes(state)]
            else:
                inputs = RULES.legal_inputs(state, actor.seat)
            for inp in inputs:
                R.FAST = True
                try:
                    fast = RULES.apply(state, inp)
                except IllegalInput:
                    continue
                R.FAST = False
                assert RULES.apply(state, inp) == fast
    finally:
        R.FAST = True


def test_states_inputs_and_options_survive_the_json_round_trip() -> None:
    """The journal stores inputs and options as JSON; replay --json prints the state."""
    for state in random_states(6, seed=7)[::9]:
        assert codec.from_jsonable(RULES.state_type, codec.to_jsonable(state)) == state
        for inp in RULES.legal_inputs(state, RULES.to_act(state).seat):
            assert codec.from_jsonable(RULES.input_type, codec.to_jsonable(inp)) == inp
    opts = Options(players=3, automated=("Player 2",), extra_turn_on="any")
    assert codec.from_jsonable(Options, codec.to_jsonable(opts)) == opts


def test_labels_are_public_sentences() -> None:
    """A label never names a card the table has not seen: the automated player's draw is counted,
    not shown."""
    state = RULES.setup(Options(players=2, automated=("Player 1",)), 2)
    assert RULES.label(state, I.Draw(("6", "stine", "1", "1"))) == "Player 1 picked up 4 cards"
    state = scene([0, 0], [ANN, BOB])
    assert RULES.label(state, I.Play(("3",))) == "Ann played a 3"
    assert RULES.label(state, I.Play(("2", "2", "2"))) == "Ann played three 2s"
    assert RULES.label(state, I.Place("Bob", 3)) == "Bob's monster put on space 3 by hand"


def test_the_automated_player_tells_the_table_which_slot_to_play_and_where_its_monster_goes() -> None:
    """Issue 13: "It tells the table which slot to play and where its monster goes"."""
    state = scene([7, 0], [("1", "", "5", "4", "4"), BOB], automated=("Ann",))
    assert instruction(state, I.Play(("5",))) == "Ann plays slot 3 (a 5): move Ann to Madison Police Station"
    assert instruction(state, I.Play(("4", "4", "4"))).startswith("Ann plays slot 4 and 5 and ?")
    three = scene([7, 0], [("4", "", "5", "4", "4"), BOB], automated=("Ann",))
    assert instruction(three, I.Play(("4", "4", "4"))) == "Ann plays slots 1 and 4 and 5 (three 4s)"


def test_the_observation_says_whose_turn_it_is_and_why() -> None:
    """Issue 13: whose turn it is and why (an extra turn, a steal, a freeze) - with the prompt."""
    state = play(scene([7, 0], [ANN, BOB]), I.Play(("5",)))
    obs = RULES.observe(state, "Bob")
    assert obs["turn"]["seat"] == "Ann" and obs["turn"]["why"] == "extra"
    assert obs["waiting"] == {"kind": "draw", "seat": "Ann", "count": 1, "why": "extra", "reshuffle": False}
    assert obs["prompt"] == "Ann: pick up one card."
    assert any("another turn" in n for n in obs["notices"])
    state = play(scene([2, 0], [ANN, BOB]), I.Play(("2",)))
    obs = RULES.observe(state, "Ann")
    assert obs["turn"]["why"] == "steal" and obs["waiting"] == {"kind": "take", "seat": "Ann", "victim": "Bob"}
    assert "take a card from Bob's hand" in obs["prompt"]


def test_prompts_for_every_kind_of_decision() -> None:
    """The one-sentence prompt a screen shows, for each step the game can wait for."""
    deal_state = RULES.setup(Options(players=2, automated=("Player 1",)), 1)
    assert "scan each one" in RULES.observe(deal_state, "table")["prompt"]
    auto = deal(scene([0, 0], [ANN, ("1", "2", "3")], automated=("Bob",), active=0))
    auto = play(auto, I.Play(("1",)))
    assert "scan each" in RULES.observe(auto, "table")["prompt"]
    auto = play(auto, I.Draw(("4", "4")))
    assert RULES.observe(auto, "table")["prompt"] == "The device is choosing Bob's play."
    react = play(scene([7, 0], [("2", "2", "2", "1", "3"), BOB]), I.Play(("2", "2", "2")))
    assert RULES.observe(react, "Bob")["prompt"] == "Ann played three of a kind: does Bob play Freeze Ray!?"
    steal = play(scene([1, 0, 0], [ANN, BOB, BOB]), I.Play(("3",)))
    assert "pick the player to steal from" in RULES.observe(steal, "Cat")["prompt"]
    target = play(scene([0, POLICE, POLICE], [("book",) + ANN[:4], BOB, BOB]), I.Play(("book",)))
    assert "share the lead" in RULES.observe(target, "Cat")["prompt"]
    over = play(scene([38, 0], [ANN, BOB]), I.Play(("5",)))
    assert RULES.observe(over, "Bob")["prompt"] == "Ann reached THE END and wins!"
    assert RULES.observe(over, "Bob")["winner"] == "Ann"


def test_a_monster_can_be_put_back_where_it_stands_by_a_tap_on_the_track() -> None:
    """Positions come from taps until the sensor mat: the table corrects a monster's space; a
    plain space already taken and THE END are refused."""
    state = scene([3, 5], [ANN, BOB])
    moved = play(state, I.Place("Bob", 7))
    assert moved.positions == (3, 7) and waiting(moved) == ("play", "Ann")
    with pytest.raises(IllegalInput, match="only Landmarks are shared"):
        RULES.apply(state, I.Place("Bob", 3))
    with pytest.raises(IllegalInput, match="not on the track"):
        RULES.apply(state, I.Place("Bob", 40))
    with pytest.raises(IllegalInput, match="not at the table"):
        RULES.apply(state, I.Place("Zed", 2))
    assert play(state, I.Place("Bob", POLICE), I.Place("Ann", POLICE)).positions == (POLICE, POLICE)


def test_inputs_that_do_not_answer_the_waiting_step_are_refused() -> None:
    """A clear error naming what the game waits for."""
    state = scene([0, 0], [ANN, BOB])
    with pytest.raises(IllegalInput, match="waiting for Ann to play, not a react input"):
        RULES.apply(state, I.React(True))
    with pytest.raises(IllegalInput, match="not a Goosebumps card"):
        RULES.apply(state, I.Play(("9",)))
