"""Issue 25, "Done when": every change to the physical table, by any input, Undo and Redo
included, appears as a step the table is shown, in random games of every registered pack.

The steps are read where the app's screens read them, from the app's controller
(`GameController.table_steps`, filled by core/table.py `to_do` after each submit, Undo and Redo)
over a real journal. A pack without `table()` has an empty table and passes trivially; a pack
that gains one is covered the moment it lands.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.core import packs
from companion.core.game import get_rules
from companion.core.rng import Rng
from companion.core.table import Table, follow, table_of
from companion.ui.controller import GameController

sys.path.insert(0, str(Path(__file__).parent))
import test_spoilers  # noqa: E402  (every Boogeyman mode; a pack's own sample)
from random_play import random_input  # noqa: E402


def _options(code: str) -> list[Any]:
    """test_spoilers' set-ups, and for the Boogeyman also the device in the Boogeyman's chair
    (it keeps the Search tokens) and the Hard and Nightmare set-ups."""
    out = test_spoilers._options(code)
    if code == "BGM":
        from companion.games.boogeyman.state import Difficulty, Mode, Options

        kids = ("mike", "daphne", "ray")
        out += [Options(mode=Mode.COMPETITIVE, device_boogeyman=True, children=kids),
                Options(mode=Mode.COOP, difficulty=Difficulty.NIGHTMARE, children=kids),
                Options(mode=Mode.SEMI, difficulty=Difficulty.HARD, children=kids)]
    return out


def _codes() -> list[str]:
    return list(packs.codes()) + ["DICE", "HAND"]


@pytest.fixture(autouse=True, scope="module")
def _fixture_pack() -> Any:
    packs.register("DICE", "fixture_game")
    packs.register("HAND", "fixture_hand")
    yield
    packs.unregister("DICE")
    packs.unregister("HAND")


def _same(a: Table, b: Table) -> bool:
    """The same physical table: the same components, each in the same place with the same face up."""
    return a.keys() == b.keys() and all((a[k].place, a[k].face) == (b[k].place, b[k].face) for k in a)


def _check(c: GameController, before: Any, what: str) -> int:
    rules, after = c.rules, c.state
    have, want = table_of(rules, before), table_of(rules, after)
    shown = [t.step for t in c.table_steps]
    changed = {k for k in have.keys() | want.keys()
               if k not in have or k not in want or (have[k].place, have[k].face) != (want[k].place, want[k].face)}
    keys = {k for s in shown for k in s.keys}
    assert changed <= keys, (what, sorted(changed - keys))
    assert _same(follow(have, shown), want), what
    assert all(s.text for s in shown), what
    return len(shown)


@pytest.mark.parametrize("code", _codes())
def test_every_change_to_the_table_is_a_step_shown(code: str, tmp_path: Path) -> None:
    rules = get_rules(code)
    c = GameController(tmp_path / "journal.db")
    said = moves = 0
    for k, options in enumerate(_options(code)):
        for j in range(2):
            seed = 300 + 10 * k + j
            r, rng = random.Random(seed), Rng.from_seed(seed)
            assert c.new_game(code, options, seed).ok
            assert c.table_steps == ()  # a new game: the set-up steps say where everything goes
            for _ in range(120):
                before = c.state
                roll = r.random()
                if roll < 0.08 and c.session is not None and c.session.can_undo:
                    out = c.undo(r.randint(1, 3))
                    what = f"{code} seed {seed}: undo"
                elif roll < 0.14 and c.session is not None and c.session.can_redo:
                    out = c.redo()
                    what = f"{code} seed {seed}: redo"
                else:
                    inp, rng = random_input(rules, before, r, rng)
                    if inp is None:
                        break
                    out = c.submit(inp, person=r.random() < 0.5)
                    what = f"{code} seed {seed}: {rules.label(before, inp)}"
                if not out.ok:
                    continue
                said += _check(c, before, what)
                moves += 1
    c.close()
    assert moves > 20
    if getattr(rules, "table", None) is not None:
        assert said > 0, f"{code} has a table but no input ever changed it"


@pytest.mark.parametrize("code", _codes())
def test_the_table_shows_nothing_the_table_may_not_know(code: str) -> None:
    """Steps are on the screen everybody sees: two states that differ only in what the table may
    not know (a world `resample` draws for the table) have the same physical table."""
    rules = get_rules(code)
    checked = 0
    for k, options in enumerate(_options(code)):
        for i, state in enumerate(test_spoilers.random_states(rules, options, 500 + k, 150)):
            if i % 3:
                continue
            twin, _ = rules.resample(state, "table", Rng.from_seed(i))
            assert _same(table_of(rules, twin), table_of(rules, state)), (code, i)
            assert table_of(rules, twin) == table_of(rules, state), (code, i)
            checked += 1
    assert checked > 2



@pytest.mark.parametrize("code", _codes())
def test_a_resume_shows_the_steps_not_done_when_the_app_stopped(code: str, tmp_path: Path) -> None:
    """Random games of every pack: the players finish the steps shown at some point (the shell's
    `table_laid`), more inputs follow, and the app stops without their steps done. A new
    controller on the same journal resumes the game and lists steps that take the table as last
    laid out to the game's table now."""
    rules = get_rules(code)
    options = _options(code)[0]
    for seed in (11, 12, 13):
        c = GameController(tmp_path / f"journal-{seed}.db")
        r, rng = random.Random(seed), Rng.from_seed(seed)
        assert c.new_game(code, options, seed).ok
        laid = table_of(rules, c.state)
        for n in range(60):
            inp, rng = random_input(rules, c.state, r, rng)
            if inp is None:
                break
            assert c.submit(inp).ok
            if n == 20 or r.random() < 0.1:
                c.table_laid()
                laid = table_of(rules, c.state)
        now = table_of(rules, c.state)
        c.close()
        again = GameController(tmp_path / f"journal-{seed}.db")
        assert again.resume(c.session.game_id if c.session else None).ok
        shown = [t.step for t in again.table_steps]
        assert _same(follow(laid, shown), now), (code, seed)
        assert again.table_cause == ("resume" if shown else "")
        again.close()


def test_a_table_kept_as_json_reads_back_the_same_and_a_damaged_one_is_refused(tmp_path: Path) -> None:
    """The shell keeps the table the players last laid out beside the journal as JSON: every
    pack's table reads back equal; anything else is a ValueError (and the game resumes without
    steps)."""
    import json

    from companion.core.table import table_from_json, table_to_json

    for code in packs.codes():
        c = GameController(tmp_path / f"{code}.db")
        assert c.new_game(code, _options(code)[0], 5).ok
        table = table_of(c.rules, c.state)
        assert table_from_json(json.loads(json.dumps(table_to_json(table)))) == dict(table), code
        c.close()
    for bad in ([], {"k": ["a", "b"]}, {"k": ["a", "b", "c", "d", "yes"]}, {"k": [1, "b", "c", "d", False]}):
        with pytest.raises(ValueError):
            table_from_json(bad)
