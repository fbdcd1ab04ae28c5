"""Audit: Game Setup and the Loyalty deck, from the rulebook's text."""

from __future__ import annotations

from collections import Counter

import pytest
from audit_kit import DIGITAL, WORLD, obs_text, table

from companion.core.errors import IllegalInput
from companion.games.stuff_of_legend.catalogue import catalogue_for
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.state import Options

CAT = catalogue_for("")


def _sides(codes):
    return Counter(CAT.loyalty_card(c).side for c in codes if c)


@pytest.mark.parametrize(("players", "table_cards"), [
    (3, {"boy": 1, "successor": 1}),
    (4, {"boy": 2, "successor": 1}),
    (5, {"boy": 2, "boogeyman": 1, "successor": 1}),
    (6, {"boy": 2, "boogeyman": 1, "successor": 1, "friend": 1}),
])
def test_the_loyalty_table_plus_one_card_deals_one_to_everyone(players, table_cards) -> None:
    """SOL-22, SOL-23, SOL-G2, Game Setup (Loyalty table): 3 "1 Loyalty to the Boy; 1 Colonel's Successor"
    ... 6 "2 Loyalty to the Boy; 1 Loyalty to the Boogeyman; 1 Colonel's Successor; 1 Scout's Friend",
    yet "Deal each player one Loyalty card face down". The table is one card short at every count; the
    default completion adds one card drawn unseen from a Boy and a Boogeyman card, the other hidden."""
    for seed in range(12):
        s = table(players=players, seed=seed)
        assert len(s.loyalty) == players and all(s.loyalty) and len(set(s.loyalty)) == players
        got = _sides(s.loyalty)
        extra = got - Counter(table_cards)
        assert sum(extra.values()) == 1 and set(extra) <= {"boy", "boogeyman"}
        assert _sides((s.loyalty_unused,)) + extra == Counter({"boy": 1, "boogeyman": 1})


def test_the_default_completion_gives_an_even_chance_of_no_traitor_at_three_and_four() -> None:
    """SOL-22, SOL-G2: with the default (`loyalty_completion = "coin"`) about half of 3-4 player tables have
    nobody loyal to the Boogeyman; `boy` makes it every table, `boogeyman` none; 5-6 always have one."""
    def none_loyal(players, completion, seeds=range(200)):
        return sum(1 for k in seeds
                   if not _sides(RULES.setup(Options(players=players, rifle="max", loyalty_completion=completion),
                                             k).loyalty)["boogeyman"])

    for players in (3, 4):
        assert 70 <= none_loyal(players, "coin") <= 130
        assert none_loyal(players, "boy", range(20)) == 20
        assert none_loyal(players, "boogeyman", range(20)) == 0
    assert none_loyal(5, "coin", range(20)) == 0 and none_loyal(6, "coin", range(20)) == 0


def test_the_unused_loyalty_card_and_the_others_cards_stay_hidden() -> None:
    """SOL-03, SOL-23, Overview: "loyalty is revealed only at the end of the game"; each player sees only
    their own card."""
    s = table(players=4)
    for seat, code in zip(s.seats, s.loyalty):
        text = obs_text(s, seat)
        assert RULES.observe(s, seat)["private"]["loyalty"]["card"] == code
        assert s.loyalty_unused not in text
        assert not [c for x, c in zip(s.seats, s.loyalty) if x != seat and c in text]
    assert not [c for c in s.loyalty if c in obs_text(s, "table")]


def test_the_markers_start_where_step_1_puts_them() -> None:
    """SOL-10, SOL-11, SOL-12, SOL-13, SOL-14, Game Setup 1: "Place the Boogeyman marker on the yellow
    number 2 of the Attention Level track." "Place the Boy marker on the Time track according to the
    number of players." "Place the Wound marker to the left of the first division" "Place the Hero Party
    marker in the Brooklyn space"."""
    for players in (3, 4, 5, 6):
        s = table(players=players)
        track = RULES.observe(s, "table")["tracks"]
        assert track["attention"]["value"] == 2 and track["attention"]["colour"] == "yellow"
        assert s.boy == WORLD.time.start[players] and s.wound == 0 and track["wound"] == ""
        assert s.party == "brooklyn" and WORLD.space("brooklyn").start


def test_cards_by_colour_plus_spaces_take_two_and_soldier_spaces_an_army() -> None:
    """SOL-15, SOL-16, SOL-17, SOL-19, SOL-20, SOL-G18, Game Setup 1e-4: one Encounter "of the matching
    colour" a space, two on a "+" space, the rest "face down above the game board"; one Location a space
    and "no additional Location cards"; an Army "on each space ... marked with a toy soldier icon"; four
    Exit tokens placed, three in the box."""
    s = table(seed=3)
    for space, sc in zip(WORLD.spaces, s.board):
        if not space.takes_cards:
            assert sc.location is None and sc.encounters == ()
            continue
        assert len(sc.encounters) == (2 if space.plus else 1)
        assert all(CAT.encounter(e.code).colour == space.colour for e in sc.encounters)
    assert sum(1 for sc in s.board if sc.location is not None) + sum(
        1 for sid in WORLD.neighbours("brooklyn") if s.board[WORLD.ids.index(sid)].location is None) == 19
    assert s.armies == tuple(sorted(sp.id for sp in WORLD.spaces if sp.soldier))
    assert len(s.exits) == 4 and len(s.box) == 3 and sorted(s.exits + s.box) == list(range(1, 8))
    assert len(s.extras) == 31 - sum(len(sc.encounters) for sc in s.board)


def test_the_colonel_icon_cards_only_with_their_alternate_heroes() -> None:
    """SOL-18, SOL-118, SOL-119, Using the Alternate Heroes: "be sure to replace their Encounter card with
    the corresponding Encounter card" - "The Monty encounter in the Jungle is replaced by Izzira - Ally
    (Alt.)"; without Alternate Heroes none of the four Colonel-icon cards is used."""
    def used(s):
        return {e.code for sc in s.board for e in sc.encounters} | {e.code for e in s.extras}

    plain = table(players=4)
    assert not {c.code for c in CAT.encounters if c.alternate} & used(plain)
    alt = table(players=4, heroes=("max", "percy", "harmony", "monty"))
    izzira = next(c for c in CAT.encounters if c.alternate == "monty")
    assert izzira.code in used(alt) and izzira.replaces not in used(alt)
    assert {c.code for c in CAT.encounters if c.alternate and c.alternate != "monty"}.isdisjoint(used(alt))


def test_three_to_six_players_and_the_opening_hands() -> None:
    """SOL-01, SOL-21, SOL-G1, SOL-G13, Introduction: "a cooperative game for 3-6 players"; the missing
    steps 5-8 deal opening hands by the normal rule, 7 and the Jester 9, with no coin."""
    for n in (2, 7):
        with pytest.raises(IllegalInput, match="3-6"):
            RULES.setup(Options(players=n), 0)
    s = table(players=5)
    assert [len(h) for h in s.hands] == [7, 7, 7, 7, 9] and s.boy == WORLD.time.start[5]


def test_the_rifle_holder_is_asked_when_not_set() -> None:
    """SOL-G6, Calling a Vote: votes start "to the left of the player holding the Colonel's Rifle", who is
    never assigned: the device asks first."""
    s = RULES.setup(Options(players=3, **DIGITAL), 0)  # type: ignore[arg-type]
    assert s.head.kind == "ask_rifle"
