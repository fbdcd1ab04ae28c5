"""What the screens show (choices.py): the acting seat's inputs grouped with captions, split into
what the table may see and what only the card holder may; the device's moves as instructions for
the real board; naming a drawn card by its title; the monster player's colour."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.core.errors import IllegalInput
from companion.games.bump_in_the_night import choices, rules
from companion.games.bump_in_the_night.context import ctx_for
from companion.games.bump_in_the_night.game import RULES
from companion.games.bump_in_the_night.inputs import Bonus, Draw, GroupRoll, PlayCard, Replace
from companion.games.bump_in_the_night.state import Options, Phase


def random_states(seed: int, n: int = 250) -> list:
    rng = random.Random(seed)
    s = RULES.setup(Options(), seed)
    out = []
    for _ in range(n):
        if RULES.is_over(s):
            break
        out.append(s)
        a = RULES.to_act(s)
        s = RULES.apply(s, rng.choice(RULES.legal_inputs(s, a.seat or a.kind)))
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_every_legal_input_is_in_one_group_and_only_card_inputs_are_private(seed: int) -> None:
    for s in random_states(seed):
        a = RULES.to_act(s)
        legal = RULES.legal_inputs(s, a.seat or a.kind)
        groups = choices.menu(s, legal)
        listed = [ch.inp for g in groups for ch in g.choices]
        extra = [GroupRoll(None)] if s.phase is Phase.ROLL else []  # the device rolls when asked
        assert sorted(map(repr, listed)) == sorted(map(repr, legal + extra))
        for g in groups:
            assert g.caption and all(ch.caption for ch in g.choices)
            cards = any(isinstance(ch.inp, (PlayCard, Replace, Bonus, Draw)) for ch in g.choices)
            assert g.private == cards, g.key
        assert len({g.key for g in groups}) == len(groups)


def test_a_drawn_card_is_named_by_title_and_any_copy_left_is_taken() -> None:
    """Cards (BIN-07, one deck): copies of a title are alike, so the table names the title it drew;
    the device takes a copy still in the pile, and says so when none is left."""
    s = RULES.setup(Options(), 4)
    s = RULES.apply(s, GroupRoll(2))
    s = RULES.apply(s, RULES.legal_inputs(s, "chance")[0])  # the device places the girls
    c = ctx_for(s.options)
    groups = choices.draw_groups(s)
    titles = {ch.caption for g in groups for ch in g.choices if isinstance(ch.inp, Draw) and ch.inp.card}
    assert titles == {c.card(code).name for code in c.cards.codes}
    assert groups[-1].choices[0].inp == Draw(None)
    name = c.card(s.deck.draw_pile[0]).name
    copies = [code for code in c.cards.codes if c.card(code).name == name]
    first = copies[0]
    for _ in copies:
        assert s.pending, "a card is owed"
        s = RULES.apply(s, Draw(first))  # always the first sticker: each time another copy is taken
    held = [code for h in s.hands for code in h if c.card(code).name == name]
    assert sorted(held) == sorted(copies)
    if s.pending:
        with pytest.raises(IllegalInput, match=f"no {name} card is left"):
            RULES.apply(s, Draw(first))


def test_the_monster_players_colour_must_be_at_the_table() -> None:
    with pytest.raises(IllegalInput, match="monster player"):
        RULES.setup(Options(players=2, monster_player="blue"), 1)
    assert RULES.setup(Options(players=2, monster_player="yellow"), 1).options.monster_player == "yellow"


def test_the_device_moves_read_as_instructions_for_the_real_board() -> None:
    seen: dict[str, str] = {}
    for seed in (5, 6, 7):
        for before in random_states(seed, 300):
            a = RULES.to_act(before)
            for inp in RULES.legal_inputs(before, a.seat or a.kind)[:4]:
                after = rules.apply(before, inp)
                line = choices.instruction(before, inp, after)
                if line:
                    seen.setdefault(type(inp).kind, line)
    for kind in ("lock", "place", "move", "scare", "move_person"):
        assert kind in seen, sorted(seen)
    assert seen["lock"].startswith(("Put a lock marker on", "Take the lock marker off"))
    assert seen["place"].startswith("Put ") and " in the " in seen["place"]
    assert " scares with " in seen["scare"]


def test_the_device_placing_the_girls_is_listed_room_by_room() -> None:
    s = RULES.apply(RULES.setup(Options(), 8), GroupRoll(1))
    after = RULES.apply(s, RULES.legal_inputs(s, "chance")[0])
    lines = choices.placed(s, after)
    assert sum(int(line.split()[1]) for line in lines) == sum(after.unmoved) > 0


def _board(state: Any) -> list[int]:
    """The girls standing in each room of the real board: at rest, and running in a scare."""
    here = [u + m for u, m in zip(state.unmoved, state.moved)]
    for r in state.running.runners if state.running is not None else ():
        here[r.room] += 1
    return here


def test_every_girl_the_device_moves_is_an_instruction_the_table_can_follow() -> None:
    """BIN-39..59 (Scared People Movement Rules) and the Action cards: the device's scares, runs
    and cards are told as moves on the real board ("Move 1 girl from the Kitchen to the Hall",
    "Take 1 girl from the Attic off the board: Yellow claims her"), never as a count ("1 claimed",
    issue 25 #6). A table that follows only those words, girl by girl, ends with the device's
    board: checked over random games' scares, runs and cards."""
    import re

    changed = 0
    for seed in (5, 6, 7):
        for before in random_states(seed, 300):
            a = RULES.to_act(before)
            for inp in RULES.legal_inputs(before, a.seat or a.kind)[:6]:
                if type(inp).kind not in ("scare", "run", "run_plan", "play_card"):
                    continue
                after = rules.apply(before, inp)
                names = [r.name for r in ctx_for(before.options).house.rooms]
                table = _board(before)
                line = choices.instruction(before, inp, after)
                for n, frm, to in re.findall(r"Move (\d+) girls? from the (.+?) to the (.+?)(?:;|$)", line):
                    table[names.index(frm)] -= int(n)
                    table[names.index(to)] += int(n)
                for n, frm in re.findall(r"Take (\d+) girls? from the (.+?) off the board", line):
                    table[names.index(frm)] -= int(n)
                assert table == _board(after), (line, table, _board(after))
                changed += table != _board(before)
    assert changed >= 20  # the sample saw girls move and be claimed


def test_a_card_the_device_plays_says_what_it_does() -> None:
    """Action cards (BIN-G3/G4: the effects are the card list's): "Yellow plays Terror" alone did
    not say what Terror does (issue 25 #6); the step names its effect."""
    for seed in (5, 6, 7):
        for before in random_states(seed, 300):
            a = RULES.to_act(before)
            for inp in RULES.legal_inputs(before, a.seat or a.kind):
                if isinstance(inp, PlayCard) and ctx_for(before.options).card(inp.card).effect == "terror_plus":
                    line = choices.instruction(before, inp, rules.apply(before, inp))
                    assert "terror level" in line and "higher" in line, line
                    return
    raise AssertionError("no Terror card was played in the sample")


def test_a_scare_the_device_resolves_at_once_says_the_rooms_each_girl_ran_through():
    """Play-tests of 5 Dec 2026: a girl's run was told by its two ends only ("Move a girl from the
    Den to the Library", rooms that are not next to each other), so a table could not see that she
    passed Red's monsters (a Bonus card was then asked for). When the device resolves a scare at
    once (a RunPlan), its line also says the rooms between, room by neighbouring room, in German
    too. Found in the device's own games (Hard against Hard)."""
    from companion import i18n
    from companion.ai.engine import make_policy
    from companion.core.packs import get_pack
    from companion.games.bump_in_the_night.game import RULES
    from companion.games.bump_in_the_night.inputs import RunPlan
    from companion.games.bump_in_the_night.state import Options
    from companion.sim.harness import play as play_game

    seen: list[tuple[Any, Any]] = []

    class Spy:
        def __getattr__(self, name: str) -> Any:
            return getattr(RULES, name)

        def apply(self, state: Any, inp: Any) -> Any:
            if isinstance(inp, RunPlan) and choices.run_ways(state, inp):
                seen.append((state, inp))
            return RULES.apply(state, inp)

    for g in range(6):
        play_game(Spy(), Options(), {"red": make_policy("BIN", "hard", g), "yellow": make_policy("BIN", "hard", g + 50)}, g)
        if seen:
            break
    assert seen
    state, plan = seen[0]
    house = ctx_for(state.options).house
    line = choices.instruction(state, plan, RULES.apply(state, plan), moves_too=False)
    way = choices.run_ways(state, plan)[0]
    assert way in line and line.startswith("The scared girls run: each girl's move is a step in this list; ")
    names = [house.room_name(i) for i in range(len(house.rooms))]
    rooms = [n for n in sorted(names, key=len, reverse=True) if f"the {n}" in way]
    assert len(rooms) >= 3 and " through the " in way
    order = sorted(rooms, key=lambda n: way.index(f"the {n}"))
    for a, b in zip(order, order[1:]):  # each room next door to the one before
        assert names.index(b) in house.neighbours(names.index(a)), (a, b, way)
    rules = get_pack("BIN").rules
    try:
        i18n.set_language("de")
        said = i18n.pack_said(rules, line)
    finally:
        i18n.set_language("en")
    assert " rennt von " in said and " durch " in said and "runs" not in said and "through" not in said, said
