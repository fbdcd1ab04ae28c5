"""How each adversary plays its decisions, and the off-UI-thread wrapper."""

from __future__ import annotations

import threading
import time
from dataclasses import replace

import pytest

from companion.ai.engine import InfoState, SearchPolicy
from companion.ai.worker import AsyncPolicy
from companion.games.boogeyman.ai.planner import card_harm
from companion.games.boogeyman.ai.policies import LEVELS, time_budget_ms
from companion.games.boogeyman.protocol import BOOGEYMAN
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.state import (
    ChooseCard,
    ChooseRoomTokens,
    Effect,
    Mode,
    Options,
    State,
    SteerBabysitter,
)
from helpers import adversary, decide, sim_positions


def table(**kids: tuple[str, int]) -> State:
    """A Competitive game after the Objectives are hidden and the first token played, children put
    where asked."""
    s = RULES.setup(Options(mode=Mode.COMPETITIVE, children=tuple(kids)), 11)
    s = RULES.apply(s, I.HideTokensInput(("1", "2", "3"), "4", "6"))
    s = RULES.apply(s, I.PlaceRoomTokens((s.reserve[0],)))
    children = tuple(replace(c, zone=kids[c.name][0], status=kids[c.name][1]) for c in s.children)
    return replace(s, children=children)


def test_rule_run_steers_toward_the_nearest_child() -> None:
    # Babysitter in 10 (off the back hall C2); Mike in 9 is 2 away, Daphne in 21 is 3 away.
    s = replace(table(mike=("9", 3), daphne=("21", 1)), babysitter="10", pending=(SteerBabysitter(6),))
    inp = decide(adversary("rules", 1), s)
    assert isinstance(inp, I.SteerBabysitterInput) and inp.path == ("C2", "9")


def test_planner_steers_to_the_child_most_likely_to_lose_status() -> None:
    # Same rooms: the planner reaches the Terrified Daphne (she would Pass Out), not Calm Mike.
    s = replace(table(mike=("9", 3), daphne=("21", 1)), babysitter="10", pending=(SteerBabysitter(6),))
    inp = decide(adversary("hard", 1), s)
    assert isinstance(inp, I.SteerBabysitterInput) and inp.path[-1] == "21"
    RULES.apply(s, inp)


def test_planner_never_steers_onto_its_own_hidden_room() -> None:
    s = table(mike=("25", 3), daphne=("24", 3))
    s = replace(s, babysitter="10", pending=(SteerBabysitter(1),))
    hidden = s.current_rooms[0]
    inp = decide(adversary("hard", 2), s)
    assert isinstance(inp, I.SteerBabysitterInput) and hidden not in inp.path[-1:]


def test_cards_ranked_by_catalogue_effects_else_drawn() -> None:
    s = replace(table(mike=("1", 3), daphne=("2", 3)), pending=(ChooseCard("TRBL"),))
    cruel = {"BGM:TRBL:04": (Effect("lose_status", 1),), "BGM:TRBL:05": (Effect("lose_candy", 1),)}
    inp = decide(adversary("hard", 3, cruel), s)
    assert inp == I.ChooseCardInput("BGM:TRBL:04")
    assert card_harm(cruel["BGM:TRBL:04"]) > card_harm(cruel["BGM:TRBL:05"]) > 0
    # Without a catalogue any card may come, but the same seed gives the same card.
    a = decide(adversary("hard", 3), s)
    assert a == decide(adversary("hard", 3), s)
    assert isinstance(a, I.ChooseCardInput) and a.code in s.deck("TRBL").remaining


def test_room_tokens_go_where_children_are_heading() -> None:
    # Children in the cellar passage next to unsearched rooms: the token goes to a cellar room.
    s = table(mike=("C5", 3), daphne=("C5", 3))
    s = replace(s, babysitter="16", pending=(ChooseRoomTokens(1),), reserve=tuple(str(r) for r in range(1, 26)
                if str(r) not in {t.room for t in s.ladder}))
    picks = [decide(adversary("hard", seed), s) for seed in range(3)]
    cellar = {"21", "22", "23", "24", "25"}
    assert all(isinstance(p, I.PlaceRoomTokens) and p.rooms[0] in cellar for p in picks)


def test_hard_hides_objectives_far_from_the_start_normal_deals_like_the_rulebook() -> None:
    s = RULES.setup(Options(mode=Mode.COMPETITIVE, children=("mike", "daphne")), 5)
    house = house_for("")
    hard = decide(adversary("hard", 1), s)
    assert isinstance(hard, I.HideTokensInput)
    assert set(hard.objectives) <= set(house.lock_rooms)
    assert house.attic not in (hard.skeleton_key, hard.trap_door)
    deals = {decide(adversary("rules", seed), s) for seed in range(20)}
    assert len(deals) > 10  # random, as the rulebook's deal
    for d in deals:
        RULES.apply(s, d)


def test_deadline_cuts_the_search_but_still_answers() -> None:
    s = sim_positions("competitive", 2, "hard", ChooseRoomTokens, 1)[0]
    adv = adversary("hard", 1)
    assert isinstance(adv, SearchPolicy)
    decide(adv, s, deadline=time.perf_counter() - 1.0)  # already past: one world only
    assert adv.iterations_used[-1] == 1
    decide(adv, s)
    assert adv.iterations_used[-1] == LEVELS["hard"].iterations
    assert time_budget_ms("hard") == LEVELS["hard"].time_ms and time_budget_ms("rules") is None


def test_async_wrapper_answers_on_a_worker_thread() -> None:
    s = sim_positions("competitive", 2, "hard", ChooseRoomTokens, 1)[0]
    done = threading.Event()
    got: list[object] = []

    def callback(inp: object, err: BaseException | None) -> None:
        got.append((inp, err, threading.current_thread().name))
        done.set()

    worker = AsyncPolicy(adversary("hard", 1))  # no wall-clock cap: iterations bind, the same answer under load
    try:
        worker.request(InfoState(RULES, s, BOOGEYMAN), callback)
        assert done.wait(5)
    finally:
        worker.close()
    inp, err, thread = got[0]  # type: ignore[misc]
    assert err is None and inp == decide(adversary("hard", 1), s)
    assert thread.startswith("adversary")


class _Gated:
    """An adversary that answers only when the test lets it (no timing races)."""

    name = "gated"
    observes = None

    def __init__(self) -> None:
        self.gate = threading.Event()

    def decide(self, info: InfoState[State], deadline: float | None = None) -> I.Input:
        assert self.gate.wait(5)
        result: I.Input = adversary("rules", 1).decide(info, deadline)
        return result


def test_async_wrapper_drops_superseded_answers_and_reports_errors() -> None:
    s = sim_positions("competitive", 2, "hard", ChooseRoomTokens, 1)[0]
    calls: list[tuple[str, object]] = []
    adv = _Gated()
    worker = AsyncPolicy(adv)
    try:
        first = worker.request(InfoState(RULES, s, BOOGEYMAN), lambda i, e: calls.append(("first", i)))
        worker.cancel()  # e.g. the table pressed Undo while it was thinking
        adv.gate.set()
        assert isinstance(first.result(5), I.PlaceRoomTokens)
        bad = worker.request(InfoState(RULES, replace(s, pending=()), BOOGEYMAN), lambda i, e: calls.append(("bad", e)))
        with pytest.raises(ValueError):
            bad.result(5)
    finally:
        worker.close()
    assert [c[0] for c in calls] == ["bad"]
    assert isinstance(calls[0][1], ValueError)
