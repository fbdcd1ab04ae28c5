"""Set-up: colours, the house, the deck, the die or a card's number, the Group Creation Chart,
placing the girls, three cards each."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.errors import IllegalInput
from companion.games.bump_in_the_night import chart, moves
from companion.games.bump_in_the_night.cards import load_cards
from companion.games.bump_in_the_night.context import ctx_for
from companion.games.bump_in_the_night.game import RULES
from companion.games.bump_in_the_night.inputs import Draw, GroupRoll, PlaceGirls, PlaceGroup
from companion.games.bump_in_the_night.state import COLOURS, GIRLS, SUPPLY, Options, Phase


def started(options: Options = Options(), die: int = 3, seed: int = 5):
    s = RULES.setup(options, seed)
    s = RULES.apply(s, GroupRoll(die))
    return s


def test_the_printed_chart_decodes_into_rows_of_seven():
    """BIN-10/BIN-G1, Figure 1 (printed flattened): read as the die result and six groups, every
    row holds 14 girls, and row 3 is the text's example: "four groups of three each, and two
    groups of one each"."""
    assert chart.CHART == {1: (3, 3, 2, 2, 2, 2), 2: (3, 3, 3, 2, 2, 1), 3: (3, 3, 3, 3, 1, 1),
                           4: (4, 3, 3, 2, 1, 1)}
    assert all(sum(g) == GIRLS and len(g) == 6 for g in chart.CHART.values())
    assert sorted(chart.CHART[3]) == [1, 1, 3, 3, 3, 3]
    for bad in ("Die Result Girls per group 1 3 3 2 2 2", "Die Result Girls per group 2 3 3 2 2 2 2",
                "Die Result Girls per group 1 3 3 2 2 2 1", "Die Result 1"):
        with pytest.raises(chart.ChartError):
            chart.decode(bad)


def test_five_and_six_are_not_in_the_chart_and_are_rolled_again():
    """BIN-G1: results 5 and 6 are missing: default, roll again; settings chart_five/chart_six map
    them to a printed row."""
    s = RULES.setup(Options(), 1)
    again = RULES.apply(s, GroupRoll(5))
    assert again.phase is Phase.ROLL and any("roll again" in n for n in again.notices)
    mapped = RULES.apply(RULES.setup(Options(chart_six=2), 1), GroupRoll(6))
    assert mapped.groups == chart.CHART[2]
    with pytest.raises(IllegalInput, match="chart_five"):
        RULES.setup(Options(chart_five=7), 1)


def test_the_die_is_the_tables_or_the_devices():
    """BIN-08, Setup: "Roll a six-sided die and consult the tables below." The table's die wins;
    value None: the device rolls (seeded, so a replay rolls the same)."""
    s = RULES.setup(Options(), 1)
    assert RULES.apply(s, GroupRoll(4)).groups == chart.CHART[4]
    with pytest.raises(IllegalInput, match="1 to 6"):
        RULES.apply(s, GroupRoll(7))
    rolled = RULES.apply(s, GroupRoll(None))
    assert rolled == RULES.apply(s, GroupRoll(None))
    assert RULES.chance_outcomes(s) == [(GroupRoll(v), 1 / 6) for v in range(1, 7)]


def test_a_drawn_cards_number_instead_of_a_die():
    """BIN-09, Setup, Note: "No dice are included with the game; if none are available, cards may
    be drawn from the deck instead, as each card shows a number 1-6 in its lower right-hand
    corner." The card's number comes from the catalogue; it goes back and the deck is shuffled."""
    s = RULES.setup(Options(), 1)
    card = next(c for c in load_cards().cards if c.number == 2)
    after = RULES.apply(s, GroupRoll(card=card.code))
    assert after.groups == chart.CHART[2] and len(after.deck.draw_pile) == 52
    assert sorted(after.deck.draw_pile) == sorted(s.deck.draw_pile)
    with pytest.raises(IllegalInput, match="not both"):
        RULES.apply(s, GroupRoll(3, card=card.code))


def test_the_device_places_one_group_per_tile():
    """BIN-11/BIN-G2: steps two and three of the placement are missing. Default: the six groups go
    to the six tiles in a random order, each into a random room of its tile; all 14 girls, none
    of them moved yet (BIN-02)."""
    s = started(die=1)
    assert RULES.chance_outcomes(s) == [(PlaceGirls(), 1.0)]
    placed = RULES.apply(s, PlaceGirls())
    c = ctx_for(placed.options)
    per_tile = [sum(placed.unmoved[r] for r in rooms) for rooms in c.tile_rooms]
    assert sorted(per_tile) == sorted(chart.CHART[1]) and sum(placed.moved) == 0
    assert placed.on_board == GIRLS


def test_the_table_may_place_the_girls():
    """BIN-G2 setting table_places_girls: the table puts each group of the chart where it likes and
    says where."""
    s = started(Options(table_places_girls=True), die=3)
    assert RULES.to_act(s).kind == "table"
    with pytest.raises(IllegalInput, match="the table places"):
        RULES.apply(s, PlaceGirls())
    assert PlaceGroup("den") in moves.legal(s, ctx_for(s.options))
    for room in ("den", "cellar", "kitchen", "nursery", "den", "garage"):
        s = RULES.apply(s, PlaceGroup(room))
    assert s.phase is Phase.DEAL and s.on_board == 14
    with pytest.raises(IllegalInput):
        RULES.apply(RULES.setup(Options(), 1), PlaceGroup("den"))


def test_three_cards_each_from_one_shuffled_deck():
    """BIN-12, Card Overview: "Each player starts with three cards"; BIN-07, Setup: "Shuffle all of
    the cards together to create a deck." The device deals, or the table names each card drawn."""
    s = RULES.apply(started(Options(players=3)), PlaceGirls())
    assert len(s.deck.draw_pile) == 52 and [p.seat for p in s.pending] == [0, 1, 2] * 3
    named = s.deck.draw_pile[10]
    s = RULES.apply(s, Draw(named))
    assert s.hands[0] == (named,)
    while s.pending:
        s = RULES.apply(s, Draw(None))
    assert [len(h) for h in s.hands] == [3, 3, 3] and len(s.deck.draw_pile) == 43
    assert s.phase is Phase.PLAY and s.turn.step == 1
    with pytest.raises(IllegalInput, match="nobody is owed"):
        RULES.apply(s, Draw(None))


def test_a_named_card_must_still_be_in_the_deck():
    """BIN-12: a card the table names must be one still to draw. Copies of a title are alike (the
    screen names a title), so a copy already drawn stands for another copy still in the pile."""
    s = RULES.apply(started(), PlaceGirls())
    cards = ctx_for(s.options)
    name = cards.card("BIN:ACTN:01").name
    copies = [code for code in cards.cards.codes if cards.card(code).name == name]
    s = RULES.apply(s, Draw("BIN:ACTN:01"))
    if len(copies) > 1:
        s = RULES.apply(s, Draw("BIN:ACTN:01"))
        assert sorted(code for h in s.hands for code in h) == sorted(copies[:2])
    single = next(code for code in cards.cards.codes
                  if sum(cards.card(x).name == cards.card(code).name for x in cards.cards.codes) == 1)
    s = RULES.apply(s, Draw(single))
    with pytest.raises(IllegalInput, match=f"no {cards.card(single).name} card is left"):
        RULES.apply(s, Draw(single))
    with pytest.raises(IllegalInput, match="not a Bump in the Night card"):
        RULES.apply(s, Draw("BGM:SRCH:01"))


def test_each_player_takes_a_colour_and_its_six_monsters():
    """BIN-01/BIN-05, Parts List and Setup: six colours (red, yellow, mustard, green, blue, black);
    "Each player selects a color, then takes the corresponding group of six colored monsters"."""
    assert COLOURS == ("red", "yellow", "mustard", "green", "blue", "black")
    s = RULES.setup(Options(colours=("blue", "black", "red")), 1)
    assert s.seats == ("blue", "black", "red") and s.monsters == ((SUPPLY,) * 6,) * 3
    for bad, words in ((Options(colours=("pink", "red")), "not a colour"), (Options(colours=("red", "red")), "different"),
                       (Options(players=7), "2 to 6"), (Options(players=1), "2 to 6")):
        with pytest.raises(IllegalInput, match=words):
            RULES.setup(bad, 1)


def test_who_starts():
    """BIN-G6: the player count and the first player are not stated: 2-6 players, setting `first`."""
    s = RULES.setup(Options(players=4, first="green"), 1)
    assert s.seats[s.active] == "green"
    s = RULES.apply(RULES.apply(s, GroupRoll(2)), PlaceGirls())
    assert s.pending[0].seat == 3  # green is dealt first
    with pytest.raises(IllegalInput, match="no seat"):
        RULES.setup(Options(first="black"), 1)


def test_the_table_is_told_who_takes_the_first_turn():
    """BIN-G6 (the first player is not stated: the table says who starts) and BIN-25, Player Turn:
    "Each player takes their turn according to the steps below, then play passes clockwise." The
    set-up's first notice and the notice when play starts both say who takes the first turn, and
    that the table chose it (or that it is the first colour, when nobody chose)."""
    chosen = RULES.setup(Options(players=3, first="mustard"), 1)
    line = ("Mustard takes the first turn (the table's choice: the rulebook does not say who starts); "
            "then play passes clockwise.")
    assert line in chosen.notices
    s = RULES.apply(RULES.apply(chosen, GroupRoll(2)), PlaceGirls())
    while s.pending:
        s = RULES.apply(s, Draw(None))
    assert s.phase is Phase.PLAY and s.seats[s.active] == "mustard" and s.notices[-1] == line
    default = RULES.setup(Options(), 1)
    assert any(n.startswith("Red takes the first turn (the first colour at the table") for n in default.notices)


@pytest.mark.parametrize(("field", "value", "words"), [
    ("hand_limit", -5, "hand_limit is 0 (no limit) to 100"),
    ("hand_limit", 101, "hand_limit is 0 (no limit) to 100"),
    ("stall_rounds", -1, "stall_rounds is 0 (never) to 1000"),
    ("stall_rounds", 10**6, "stall_rounds is 0 (never) to 1000"),
    ("scares_per_turn", -1, "scares_per_turn is 0 to 10"),
    ("blocks_per_turn", 11, "blocks_per_turn is 0 to 10"),
    ("group_modifiers", (1, 0, -1, -1, -20), "group_modifiers are each -6 to 6"),
])
def test_numbers_of_the_settings_are_checked(field: str, value: object, words: str) -> None:
    """Issue 24: a header with `hand_limit: -5` or `stall_rounds: -1` was accepted."""
    from dataclasses import replace

    with pytest.raises(IllegalInput, match=words.replace("(", r"\(").replace(")", r"\)")):
        RULES.setup(replace(Options(), **{field: value}), 1)
    for ok in (0, 1):
        good = ok if field != "group_modifiers" else (1, 0, -1, -1, -2)
        RULES.setup(replace(Options(), **{field: good}), 1)


def test_a_header_with_a_negative_hand_limit_is_refused(tmp_path: Path) -> None:
    import json

    from companion import cli

    path = tmp_path / "bin.jsonl"
    path.write_text(json.dumps({"format": "companion-journal", "version": 1, "game": "BIN", "seed": 7,
                                "options": {"players": 2, "hand_limit": -5}}) + "\n")
    assert cli.main(["replay", str(path)]) == 1
