"""The automated monster player on the shared engine (companion/ai/engine.py), and its levels.

The engine's SearchPolicy samples worlds consistent with the seat's observation (the other
hands and the deck redrawn) and asks this module's `values` to score every candidate input in
each world. Scoring plans the rest of the seat's own turn (the turn is the seat's alone: locks,
monster, scare, move, Block card) and scores where it ends with `evaluate`, which looks one
turn further: the claims the next player could make from what is left on the board. The
evaluation is shared with the engine's generic `greedy` level.

Levels: easy plays the rollout policy (it scares when it sees a claim, else wanders); normal
plans its turn from a screened few of its candidates; hard screens more, plans deeper and looks
at the reply of the next player.
"""

from __future__ import annotations

import math
from typing import Any, Mapping

from companion.ai.engine import Budget, InfoState
from companion.core.errors import IllegalInput
from companion.core.rng import Rng
from companion.games.bump_in_the_night import moves as M
from companion.games.bump_in_the_night import scare
from companion.games.bump_in_the_night.cards import BONUS
from companion.games.bump_in_the_night.context import Ctx, ctx_for, presence
from companion.games.bump_in_the_night.estimate import best_scare, scare_claims
from companion.games.bump_in_the_night.house import OUTSIDE
from companion.games.bump_in_the_night.inputs import (
    Bonus,
    Done,
    Draw,
    Hide,
    Input,
    Place,
    Run,
    Scare,
)
from companion.games.bump_in_the_night.rules import apply, scare_targets
from companion.games.bump_in_the_night.state import (
    KINDS,
    SUPPLY,
    TO_WIN,
    BonusChance,
    DrawFor,
    HideGoblin,
    Phase,
    State,
)

LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=1, depth=1, time_ms=20.0, params={"plan": 0}),
    "normal": Budget(iterations=1, depth=1, time_ms=50.0, params={"plan": 3}),
    "hard": Budget(iterations=1, depth=1, time_ms=90.0, params={"plan": 6}),
}
# On a Raspberry Pi 4 (about 4x slower) the app caps each decision at these (docs/games/BIN.md).
PI4_TIME_MS = {"easy": 80.0, "normal": 200.0, "hard": 360.0}

CARD_VALUE = 0.25  # a card in hand, in claimed people
THREAT = 0.7  # how much of the next player's best scare counts against the seat
OWN = 0.85  # how much of the seat's own scare still to come counts


# ---------------------------------------------------------------- evaluation


def evaluate(state: State, seat: str) -> float:
    """How good the position is for `seat`, in [0, 1]: claimed people (Bonus cards included),
    the claims the seat can still make this turn, the claims the next player to scare could make
    from the board as it is, and cards in hand."""
    if state.phase is Phase.OVER:
        if not state.winners:
            return 0.0
        return 1.0 / len(state.winners) if seat in state.winners else 0.0
    if seat not in state.seats or state.phase is not Phase.PLAY:
        return 0.5
    c = ctx_for(state.options)
    me = state.seats.index(seat)
    n = len(state.seats)
    score = [float(state.score(i)) for i in range(n)]
    if state.running is not None:
        score[state.active] += state.running.claimed + _running_claims(state, c)
    t = state.turn
    scorer = state.active
    if state.running is None and t.step <= 3 and t.scares_left > 0:
        got, _ = best_scare(state, c, scorer, this_turn=True)
        score[scorer] += OWN * got
        nxt = (state.active + 1) % n
    else:
        nxt = (state.active + 1) % n
    threat, _ = best_scare(state, c, nxt, this_turn=False) if state.running is None else (0, None)
    score[nxt] += THREAT * threat
    for i in range(n):
        score[i] += CARD_VALUE * min(4, len(state.hands[i]))
    mine = score[me]
    best_other = max(s for i, s in enumerate(score) if i != me)
    if mine >= TO_WIN and state.active == me:
        mine += 1.0
    gap = mine - best_other
    return 0.5 + 0.5 * math.tanh(gap / 2.5)


def _running_claims(state: State, c: Ctx) -> float:
    """People still running whom the active player could yet claim, by playing the rest of the
    scare with the quick pick (the exact resolver is too dear inside an evaluation)."""
    def claimed(s: State) -> int:
        return s.claimed[state.active] + (s.running.claimed if s.running is not None else 0)

    before = claimed(state)
    rng = Rng(0)
    for _ in range(20):
        if state.running is None or state.pending or state.phase is not Phase.PLAY:
            break
        inp, rng = _run_pick(state, c, rng)
        assert isinstance(inp, Run)
        state = scare.run(state, c, inp)
    return float(claimed(state) - before)


# ---------------------------------------------------------------- a fast policy for rollouts


def quick(state: State, c: Ctx, rng: Rng) -> tuple[Input, Rng]:
    """A cheap, sensible input for whoever acts (rollouts, Easy): claim when a claim is seen."""
    if state.pending:
        p = state.pending[0]
        if isinstance(p, DrawFor):
            return Draw(None), rng
        if isinstance(p, HideGoblin):
            return Hide(scare_claims(state, c, state.active, p.seat, 2) > 0), rng
        assert isinstance(p, BonusChance)
        return _bonus_pick(state, c, p), rng
    if state.running is not None:
        return _run_pick(state, c, rng)
    step = state.turn.step
    me = state.active
    if step == 2:
        empty = [i for i in range(c.n_rooms) if not state.people(i) and _near_people(state, c, i)]
        supply = [k for k, r in enumerate(state.monsters[me]) if r == SUPPLY]
        if empty and supply:
            k, rng = rng.choice(supply)
            r, rng = rng.choice(empty)
            return Place(KINDS[k], c.house.room_id(r)), rng
    if step == 3:
        got, pick = best_scare(state, c, me, this_turn=True)
        targets = scare_targets(state)
        if pick is not None:
            return Scare(state.seats[pick[0]], KINDS[pick[1]]), rng
        mine = [(s, k) for s, k in targets if s == me]
        if mine:
            (s, k), rng = rng.choice(mine)
            return Scare(state.seats[s], KINDS[k]), rng
    return Done(), rng


def _near_people(state: State, c: Ctx, room: int) -> bool:
    return any(state.people(b) for b in c.house.neighbours(room))


def _bonus_pick(state: State, c: Ctx, p: BonusChance) -> Bonus:
    for code in state.hands[p.seat]:
        card = c.card(code)
        if card.deck == BONUS and ((card.room and p.room in c.house.rooms_named(card.room))
                                   or card.monster == KINDS[p.monster]):
            return Bonus(code)
    return Bonus("")


def _run_pick(state: State, c: Ctx, rng: Rng) -> tuple[Input, Rng]:
    """The active player's pick among single moves: outside, then terror, then anything."""
    opts = scare.choices(state, c)
    mask, present = presence(c.n_rooms, state.monsters, state.turn.hidden)
    best = -1.0
    pick = opts[0]
    run = state.running
    assert run is not None
    for ch in opts:
        if ch.to == OUTSIDE:
            v = 10.0
        elif (mask >> ch.to) & 1:
            r = run.runners[ch.runner]
            seat = ch.monster[0] if ch.monster else present[ch.to][0][0]
            v = 2.0 + r.terror + (1.0 if seat != state.active and not (r.met >> seat) & 1 else 0.0)
        else:
            v = 1.0
        tie, rng = rng.below(1000)
        v += tie / 10000.0
        if v > best:
            best, pick = v, ch
    return scare.to_input(state, c, pick), rng


# ---------------------------------------------------------------- planning the seat's own turn


def _screen(state: State, c: Ctx, seat: str, candidates: list[Any]) -> list[tuple[float, int, State | None]]:
    out: list[tuple[float, int, State | None]] = []
    for i, inp in enumerate(candidates):
        try:
            after = apply(state, inp)
        except IllegalInput:
            out.append((-1.0, i, None))
            continue
        out.append((evaluate(after, seat), i, after))
    return out


def _turn_candidates(state: State, c: Ctx) -> list[Input]:
    """The inputs worth considering while finishing a turn in a plan: all but the widest lists."""
    found = M.legal(state, c)
    if len(found) <= 40:
        return found
    singles = [x for x in found if not (isinstance(x, Place) and x.partner_room)]
    return singles


def finish_turn(state: State, seat: str, c: Ctx, limit: int = 12) -> State:
    """The rest of `seat`'s turn, each decision the best by `evaluate` (greedy within the turn)."""
    me = state.seats.index(seat)
    for _ in range(limit):
        if state.phase is not Phase.PLAY:
            return state
        if state.pending:
            p = state.pending[0]
            if isinstance(p, DrawFor):
                state = apply(state, Draw(None))
                continue
            if p.seat != me:  # another seat decides: the quick policy stands in for it
                inp, _ = quick(state, c, Rng(0))
                state = apply(state, inp)
                continue
        elif state.active != me:
            return state
        cands = _turn_candidates(state, c)
        best = max(_screen(state, c, seat, cands), key=lambda x: (x[0], -x[1]))
        if best[2] is None:
            return state
        state = best[2]
    return state


class BumpPolicies:
    """The AI's part for the engine: levels, the rollout policy, the evaluation, and `values`
    (each candidate scored in a sampled world by planning the rest of the turn)."""

    levels: Mapping[str, Budget] = LEVELS

    def rollout(self, state: State, rng: Rng) -> tuple[Input, Rng]:
        return quick(state, ctx_for(state.options), rng)

    def evaluate(self, state: State, seat: str) -> float:
        return evaluate(state, seat)

    def shortcut(self, info: InfoState[Any], budget: Budget, rng: Rng) -> tuple[Input | None, Rng]:
        """Decisions that need no search: drawing, and Easy, which plays the quick policy."""
        state: State = info.known()
        c = ctx_for(state.options)
        if state.pending and isinstance(state.pending[0], (DrawFor, BonusChance)):
            return quick(state, c, rng)
        if int(budget.params.get("plan", 0)) == 0:
            return quick(state, c, rng)
        return None, rng

    def values(self, world: State, seat: str, candidates: list[Any], budget: Budget, rng: Rng
               ) -> tuple[list[float], Rng]:
        c = ctx_for(world.options)
        deep = int(budget.params.get("plan", 3))
        screened = _screen(world, c, seat, candidates)
        order = sorted(screened, key=lambda x: (-x[0], x[1]))
        out = [v - 1.0 for v, _, _ in screened]
        mine = world.phase is Phase.PLAY and world.seats[world.active] == seat and not world.pending
        for v, i, after in order[:deep if mine else 0]:
            if after is None:
                continue
            out[i] = evaluate(finish_turn(after, seat, c), seat)
        if not mine:
            out = [v for v, _, _ in screened]
        return out, rng


POLICIES = BumpPolicies()
