"""The protocol's defaults (companion/core/game.py, `GameRules`): a rules class that names the
protocol as its base leaves out `view` (it is `observe`), `is_over` (there is a `result`),
`resample` (the future of its dice and decks redrawn) and `told` (the caption); a pack names its
code and title once, on its rules (issue 27, "a lighter protocol")."""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from companion.core.deck import Deck
from companion.core.errors import IllegalInput
from companion.core.game import redraw_dice, told
from companion.core.packs import Pack
from companion.core.rng import Rng

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fixture_game import PACK, RULES, Add, DiceRace, Options, Roll  # noqa: E402
from random_play import random_states  # noqa: E402


def test_the_fixture_leaves_out_what_the_defaults_give() -> None:
    own = vars(DiceRace)
    assert "observe" in own and "result" in own and "label" in own
    assert not {"view", "is_over", "resample", "told"} & set(own)


def test_view_is_observe_and_is_over_follows_the_result() -> None:
    over = 0
    for state in random_states(RULES, Options(target=12), 3, 80):
        for seat in RULES.seats(state):
            assert RULES.view(state, seat) == RULES.observe(state, seat)
        assert RULES.is_over(state) == (RULES.result(state) is not None)
        over += RULES.is_over(state)
    assert over > 0  # some game ended


def test_the_default_resample_reseeds_the_dice_as_the_hand_written_one_did() -> None:
    """The fixture and Pig once wrote it by hand: one seed from `rng` for the state's generator.
    The default gives the very same world and generator back, so their searches are unchanged."""
    state = RULES.apply(RULES.setup(Options(), 9), Add(2))
    for seed in range(20):
        rng = Rng.from_seed(seed)
        s, r = rng.next_u64()
        assert RULES.resample(state, "Ann", rng) == (replace(state, rng=Rng.from_seed(s)), r)
    assert RULES.resample(state, "Ann", Rng.from_seed(1))[0].rng != state.rng


@dataclass(frozen=True)
class Table:
    dice: Rng
    deck: Deck
    score: int
    coin: Rng


def test_redraw_dice_reseeds_every_generator_and_shuffles_every_draw_pile() -> None:
    cards = tuple("ABCDEFGHIJ")
    table = Table(Rng.from_seed(1), Deck("Event", cards, ("Z",)), 7, Rng.from_seed(2))
    a, ra = redraw_dice(table, Rng.from_seed(5))
    b, rb = redraw_dice(table, Rng.from_seed(5))
    assert (a, ra) == (b, rb)  # a function of the state and rng alone
    assert a.score == 7 and a.deck.discard_pile == ("Z",) and Counter(a.deck.draw_pile) == Counter(cards)
    assert a.dice != table.dice and a.coin != table.coin and a.dice != a.coin
    piles = {redraw_dice(table, Rng.from_seed(k))[0].deck.draw_pile for k in range(10)}
    assert len(piles) > 5  # the order to come really is redrawn


def test_told_is_the_caption_unless_the_rules_say_what_happened() -> None:
    before = RULES.setup(Options(), 4)
    after = RULES.apply(before, Roll())
    assert told(RULES, before, Roll(), after) == RULES.label(before, Roll()) == RULES.told(before, Roll(), after)


def test_a_pack_names_its_code_and_title_once_on_its_rules() -> None:
    assert (PACK.code, PACK.title) == (RULES.code, RULES.title) == ("DICE", "Dice race (test fixture)")
    assert Pack(code="DICE", rules=RULES).title == RULES.title  # naming the same is allowed
    with pytest.raises(IllegalInput, match="'DICES' is not its rules' 'DICE'"):
        Pack(code="DICES", rules=RULES)
    with pytest.raises(IllegalInput, match="no rules"):
        Pack(code="X")
