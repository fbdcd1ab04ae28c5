"""A game the shell has never heard of, registered as a pack: set up, played by the engine,
undone, resumed from its journal and replayed - with no code outside its own module."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterator

import pytest

from companion.ai.engine import InfoState, make_policy
from companion.core import packs
from companion.core.game import get_rules
from companion.core.journal import Journal
from companion.core.session import Session

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def _dice() -> Iterator[None]:
    packs.register("DICE", "fixture_game")
    yield
    packs.unregister("DICE")


def test_set_up_played_by_the_engine_undone_and_resumed(tmp_path: Path) -> None:
    rules = get_rules("DICE")
    journal = Journal(tmp_path / "j.sqlite")
    s = Session.new(journal, rules, rules.options_type(), seed=11)
    players = {seat: make_policy("DICE", "normal", i) for i, seat in enumerate(rules.seats(s.state))}
    while not s.finished:
        actor = rules.to_act(s.state)
        s.submit(players[actor.seat].decide(InfoState(rules, s.state, actor.seat)))
    final, moves = s.state, len(s.inputs)
    assert rules.result(final) is not None and moves > 5
    label = s.undo()
    assert not s.finished and s.history().redo == (label,)
    journal.close()

    again = Journal(tmp_path / "j.sqlite")
    resumed = Session.resume(again, get_rules, s.game_id)  # found through the registry by its code
    assert resumed.rules is rules and len(resumed.inputs) == moves - 1 and resumed.can_redo
    resumed.redo()
    assert resumed.state == final and resumed.finished
    again.close()
