"""The automated player: a seat whose cards are scanned into a numbered holder, deciding its
plays and its answers by search on the shared engine (companion/ai/engine.py)."""

from __future__ import annotations

import random

import pytest

from companion.ai.engine import InfoState, level_names, make_policy
from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.game import RULES
from companion.games.goosebumps.policies import POLICIES, win_share
from companion.core.rng import Rng
from companion.games.goosebumps.protocol import instruction
from companion.games.goosebumps.state import DrawStep, PlayStep

from gsb_helpers import GRAVEYARD, POLICE, options, play, scene, waiting

ANN = ("1", "2", "3", "4", "5")


def decide(state, seat: str, level: str = "hard", seed: int = 0):  # type: ignore[no-untyped-def]
    return make_policy("GSB", level, seed).decide(InfoState(RULES, state, seat))


def test_its_cards_are_scanned_into_numbered_slots_and_stay_hidden() -> None:
    """Issue 13: "Its cards are scanned as they are dealt and kept face down in a holder with
    numbered slots"; a '?' card is refused for it."""
    state = RULES.setup(options(2, automated=("Bob",)), 1)
    state = RULES.apply(state, I.Draw(("?", "?", "?", "?")))  # Ann's own cards: unseen
    with pytest.raises(IllegalInput, match="scan each one"):
        RULES.apply(state, I.Draw(("6", "?", "1", "2")))
    state = RULES.apply(state, I.Draw(("6", "stine", "1", "2")))
    assert state.hands[1] == ("6", "stine", "1", "2")
    assert any("slot(s) 1, 2, 3, 4" in n for n in state.notices)
    assert RULES.observe(state, "Ann")["players"][1]["slots"] == [True, True, True, True]
    assert "hand" not in RULES.observe(state, "table")


def test_it_holds_r_l_stine_until_it_is_safe_on_a_landmark() -> None:
    """GSB-35's hint, played: off a Landmark R.L. Stine! costs the device as much as anyone, so it
    keeps the card; on a Landmark, with its rival off one, it plays it."""
    exposed = scene([23, 24], [ANN, ("stine", "2", "2", "3", "6")], active=1, automated=("Bob",))
    for seed in range(3):
        assert decide(exposed, "Bob", seed=seed) != I.Play(("stine",))
    safe = scene([24, GRAVEYARD], [ANN, ("stine", "1", "2", "2", "3")], active=1, automated=("Bob",))
    for seed in range(3):
        assert decide(safe, "Bob", seed=seed) == I.Play(("stine",))


def test_it_answers_a_three_of_a_kind_with_freeze_ray() -> None:
    """GSB-37: the device holds Freeze Ray! and a person plays three of a kind to a Landmark."""
    state = scene([7, 3], [("4", "4", "4", "1", "2"), ("freeze", "1", "6", "5")], automated=("Bob",))
    state = play(state, I.Play(("4", "4", "4")))
    assert waiting(state) == ("react", "Bob")
    answer = decide(state, "Bob")
    assert answer == I.React(True)
    assert instruction(state, answer) == "Bob plays Freeze Ray! from slot 1"
    after = play(state, answer, I.React(False))
    assert after.why == "freeze" and after.active == 1


def test_it_blocks_r_l_stine_with_gnomies_when_it_would_lose_ground() -> None:
    """GSB-36: Ann's R.L. Stine! would move the device back 5 (and not Ann, safe on a Landmark)."""
    state = scene([POLICE, 18], [("stine",) + ANN[:4], ("gnomies", "1", "6", "5")], automated=("Bob",))
    state = play(state, I.Play(("stine",)))
    assert waiting(state) == ("react", "Bob")
    assert decide(state, "Bob") == I.React(True)


def test_a_decision_depends_only_on_what_the_device_may_know() -> None:
    """The search sees the observation only: two tables that differ only in the person's cards get
    the same decision; and the same position always gets the same decision (seeded from the
    public view, so an Undo gets the same answer)."""
    base = scene([3, 8], [("1", "2", "3", "4", "5"), ("6", "pal", "2", "3", "book")], active=1,
                 automated=("Bob",))
    pool = list(base.unseen) + list(base.hands[0])
    for c in ("6", "6", "6", "5", "5"):
        pool.remove(c)
    other = evolve(base, hands=(("6", "6", "6", "5", "5"), base.hands[1]), unseen=tuple(sorted(pool)))
    assert RULES.observe(other, "Bob") == RULES.observe(base, "Bob")
    for level in ("easy", "normal", "hard"):
        assert decide(base, "Bob", level) == decide(other, "Bob", level) == decide(base, "Bob", level)


def test_levels_and_the_generic_baselines() -> None:
    """Three levels on the shared engine, besides the generic random and greedy."""
    assert level_names("GSB") == ("random", "greedy", "easy", "normal", "hard", "fair", "fair-gentle", "fair-tough")
    state = scene([3, 8], [ANN, ("6", "pal", "2", "3", "book")], active=1)
    for level in level_names("GSB"):
        assert decide(state, "Bob", level) in RULES.legal_inputs(state, "Bob")


def test_the_evaluation_is_a_share_of_the_win() -> None:
    """`evaluate` (also the engine's greedy) is in [0, 1], sums to one over the seats, prefers the
    player ahead, and is exact at the end."""
    behind = scene([3, 20], [ANN, ANN])
    assert win_share(behind, "Ann") < 0.5 < win_share(behind, "Bob")
    three = scene([3, 20, 9], [ANN, ANN, ANN])
    assert abs(sum(POLICIES.evaluate(three, s) for s in three.seats) - 1.0) < 1e-9
    over = play(scene([38, 0], [ANN, ANN]), I.Play(("5",)))
    assert POLICIES.evaluate(over, "Ann") == 1.0 and POLICIES.evaluate(over, "Bob") == 0.0


def test_the_rollout_gives_a_legal_input_for_whoever_decides() -> None:
    """The rollout's rules of thumb, in every kind of decision of random games."""
    from gsb_helpers import random_states

    rng = Rng(3)
    for state in random_states(8, seed=9)[::3]:
        actor = RULES.to_act(state)
        inp, rng = POLICIES.rollout(state, rng)
        if actor.kind != "chance":
            assert inp in RULES.legal_inputs(state, actor.seat), (state.queue[0], inp)
        RULES.apply(state, inp)


def test_a_whole_game_against_the_automated_player_at_a_real_table() -> None:
    """The device plays Bob: its cards are scanned (named), Ann's stay unseen ('?') and her plays
    are named as she makes them; the device decides every one of Bob's plays and answers, and
    picks the slot when Ann steals from its holder. The game reaches THE END."""
    rnd = random.Random(4)
    state = RULES.setup(options(2, automated=("Bob",)), 8)
    device = make_policy("GSB", "easy", 1)
    stole_from_holder = False
    for _ in range(3000):
        if RULES.is_over(state):
            break
        head = state.queue[0]
        who = state.seats[head.seat]  # type: ignore[union-attr]
        if isinstance(head, DrawStep):
            cards = tuple(rnd.sample(list(state.unseen), head.count)) if who == "Bob" and head.count <= state.pile \
                else ("?" if who == "Ann" else "*",) * head.count
            inp: I.Input = I.Draw(cards)
        elif who == "Bob" and not hasattr(head, "victim"):
            inp = device.decide(InfoState(RULES, state, "Bob"))
            assert inp in RULES.legal_inputs(state, "Bob")
            if isinstance(head, PlayStep):
                assert instruction(state, inp).startswith("Bob plays slot")
        elif hasattr(head, "victim"):
            victim = state.seats[head.victim]  # type: ignore[union-attr]
            stole_from_holder |= victim == "Bob"
            # From the holder Ann picks a slot without looking (GSB-20); from her hand, Bob's card.
            inp = rnd.choice(RULES.legal_inputs(state, "table")) if victim == "Bob" \
                else I.Take(rnd.choice(state.unseen))
        else:
            legal = RULES.legal_inputs(state, "Ann")
            rnd.shuffle(legal)
            for inp in legal:
                try:
                    RULES.apply(state, inp)
                    break
                except IllegalInput:
                    continue
        state = RULES.apply(state, inp)
    assert RULES.is_over(state) and stole_from_holder
    assert all(c != "?" for c in state.hands[1])
