"""Hidden information: every seat's observation, legal inputs and labels depend only on what it may know,
and `resample` draws worlds from the observation alone (SOL-03, SOL-15, SOL-23, SOL-34, SOL-64, SOL-113)."""

from __future__ import annotations

import random

import pytest

from companion.core import codec
from companion.core.game import sample_chance
from companion.core.rng import Rng
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.state import Options, State
from sol_helpers import DIGITAL


def positions(seed: int, players: int, **kw: object) -> list[State]:
    """Positions along a random game (every few inputs)."""
    r = random.Random(seed)
    opts = dict(DIGITAL, players=players)
    opts.update(kw)
    s = RULES.setup(Options(**opts), seed)  # type: ignore[arg-type]
    rng = Rng(seed)
    out = []
    for k in range(400):
        if RULES.is_over(s):
            break
        actor = RULES.to_act(s)
        if actor.kind == "chance":
            inp, rng = sample_chance(RULES.chance_outcomes(s), rng)
        else:
            legal = RULES.legal_inputs(s, actor.seat or "table")
            calm = [x for x in legal if not isinstance(x, (I.ThrowAway, I.CallVote))] or legal
            inp = r.choice(calm)
        s = RULES.apply(s, inp)
        if k % 9 == 4:
            out.append(s)
    out.append(s)
    return out


CASES = [(1, 4, {}), (2, 6, {"scout_swap": "anywhere"}), (3, 3, {"exits": "physical", "board_cards": "physical"}),
         (4, 5, {"action_deck": "physical", "loyalty": "physical", "boogeyman_deck": "physical"})]


@pytest.mark.parametrize("seed,players,kw", CASES)
def test_worlds_match_the_observation(seed: int, players: int, kw: dict[str, object]) -> None:
    """SOL-03, SOL-23, SOL-64: a world drawn for a seat looks the same to it: same observation, same legal
    inputs, same labels; and a second draw from that world equals a draw from the real position."""
    for k, s in enumerate(positions(seed, players, **kw)):
        for seat in s.seats + ("table",):
            w, _ = RULES.resample(s, seat, Rng(k))
            assert RULES.observe(w, seat) == RULES.observe(s, seat), (k, seat)
            again, _ = RULES.resample(w, seat, Rng(99 + k))
            direct, _ = RULES.resample(s, seat, Rng(99 + k))
            assert codec.dumps(again) == codec.dumps(direct), (k, seat)
            legal = RULES.legal_inputs(s, seat)
            assert RULES.legal_inputs(w, seat) == legal
            for inp in legal[:8]:
                assert RULES.label(w, inp) == RULES.label(s, inp)


def test_worlds_redraw_what_the_seat_cannot_see() -> None:
    """SOL-15, SOL-23, SOL-34: other hands, the draw and discard piles, other loyalties, unpeeked Exit tokens
    and face-down cards are redrawn; the seat's own hand and Loyalty card are not."""
    s = positions(7, 4)[3]
    changed = {"hands": 0, "loyalty": 0, "exits": 0, "board": 0}
    for k in range(20):
        w, _ = RULES.resample(s, "percy", Rng(k))
        assert w.hand("percy") == s.hand("percy") and w.loyalty[1] == s.loyalty[1]
        changed["hands"] += w.hands != s.hands
        changed["loyalty"] += w.loyalty != s.loyalty
        changed["exits"] += w.exits != s.exits
        changed["board"] += w.board != s.board
        assert sorted(c for h in w.hands for c in h) + sorted(w.draw_pile + w.discard_pile) != [] and sorted(
            [c for h in w.hands for c in h] + list(w.draw_pile + w.discard_pile)) == sorted(
            [c for h in s.hands for c in h] + list(s.draw_pile + s.discard_pile))
    assert all(v > 10 for v in changed.values()), changed


def test_others_knowledge_follows_the_world() -> None:
    """SOL-64: in a world drawn for one seat, another seat's peek shows that world's token, never the real
    one (the search cannot learn a hidden number through another hero's memory)."""
    from companion.games.stuff_of_legend.board import peek

    s = positions(5, 4)[1]
    s = RULES.apply(peek(s, "max", "exit_north"), I.StateNumberInput("max", 1))
    for k in range(10):
        w, _ = RULES.resample(s, "percy", Rng(k))
        mine = [p.value for p in w.peeks if p.seat == "max" and p.exit == "exit_north"]
        assert mine[-1] == w.exits[0]


def test_device_and_table_views() -> None:
    """The "device" observation holds everything (tests, the modelled table); "table" holds only public
    facts: no hand, no Loyalty card, no Exit number."""
    s = positions(8, 4)[2]
    device = RULES.observe(s, "device")
    assert device["device"]["loyalty"] == list(s.loyalty) and device["exits"][0]["number"] == s.exits[0]
    table = RULES.observe(s, "table")
    assert table["private"] == {} and all(e["number"] is None for e in table["exits"])
    for code in s.loyalty:
        assert code not in str(table)
    w, _ = RULES.resample(s, "device", Rng(1))
    assert w.hands == s.hands and w.exits == s.exits
