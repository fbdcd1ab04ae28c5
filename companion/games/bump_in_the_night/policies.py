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
from companion.ai.fair import FairSpec
from companion.core.errors import IllegalInput
from companion.core.rng import Rng
from companion.games.bump_in_the_night import moves as M
from companion.games.bump_in_the_night import scare
from companion.games.bump_in_the_night.cards import BONUS
from companion.games.bump_in_the_night.context import Ctx, ctx_for, presence
from companion.games.bump_in_the_night.estimate import best_after_step2, best_scare, scare_claims
from companion.games.bump_in_the_night.house import OUTSIDE
from companion.games.bump_in_the_night.inputs import (
    Bonus,
    Done,
    Draw,
    Hide,
    Input,
    Place,
    PlayCard,
    Run,
    Scare,
)
from companion.games.bump_in_the_night.rules import apply, monster_moves, scare_targets
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
    "normal": Budget(iterations=1, depth=1, time_ms=50.0, params={"plan": 2, "reply": False}),
    "hard": Budget(iterations=1, depth=1, time_ms=90.0, params={"plan": 4, "reply": True}),
}
# A decision is bounded by its work (one world, the screen, the planned turns); time_ms is the
# app's cap between worlds. On a Raspberry Pi 4 (about 4x slower) see docs/games/BIN.md.

CARD_VALUE = 0.25  # a card in hand, in claimed people
THREAT = 0.7  # how much of the next player's best scare counts against the seat
OWN = 0.85  # how much of the seat's own scare still to come counts


# ---------------------------------------------------------------- evaluation


def evaluate(state: State, seat: str, reply: bool = False) -> float:
    """How good the position is for `seat`, in [0, 1]: claimed people (Bonus cards included),
    the claims the seat can still make this turn, the claims the next player to scare could make
    from the board as it is, and cards in hand. `reply` (the planner's leaves, at the start of
    another player's turn): that player's scare counts with their best Step 2 move first."""
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
    if state.running is None:
        if t.step <= 3 and t.scares_left > 0:  # the active player's scare still to come
            if reply and state.active != me and t.step <= 2:
                got = best_after_step2(state, c, state.active, _step2_moves(state, c, state.active))
            else:
                got, _ = best_scare(state, c, state.active, this_turn=True)
            score[state.active] += OWN * got
        nxt = (state.active + 1) % n  # what the next player could claim from this board
        threat, _ = best_scare(state, c, nxt, this_turn=False)
        score[nxt] += THREAT * threat
    cards = [len(h) for h in state.hands]
    for p in state.pending:
        if isinstance(p, DrawFor):
            cards[p.seat] += 1
    if state.running is not None:  # owners of borrowed monsters draw when it ends (BIN-24)
        for s, k in state.running.used:
            if s != state.active and (s, k) not in t.drawn:
                cards[s] += 1
    for i in range(n):
        score[i] += CARD_VALUE * min(4, cards[i])
    mine = score[me]
    best_other = max(s for i, s in enumerate(score) if i != me)
    if mine >= TO_WIN and state.active == me:
        mine += 1.0
    gap = mine - best_other
    return 0.5 + 0.5 * math.tanh(gap / 2.5)


def _step2_moves(state: State, c: Ctx, seat: int) -> list[tuple[int, int, int]]:
    """A seat's Step 2 placements next to people (one kind is as good as another to make a room
    frightening; the strongest kind in its supply) and every move of its monsters."""
    out: list[tuple[int, int, int]] = []
    mine = state.monsters[seat]
    supply = [k for k in range(6) if mine[k] == SUPPLY]
    if supply:
        kind = supply[-1]
        out += [(kind, SUPPLY, r) for r in range(c.n_rooms) if not state.people(r) and _near_people(state, c, r)]
    for kind in range(6):
        if mine[kind] != SUPPLY:
            out += [(kind, mine[kind], to) for to in monster_moves(state, c, seat, kind, False)]
    return out


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
    """The inputs worth considering while finishing a turn in a plan: monsters placed where they
    can matter this turn or next (next to people; a card's placement onto people), not in pairs."""
    found = M.legal(state, c)
    if len(found) <= 24:
        return found
    near = {i for i in range(c.n_rooms) if state.people(i) or _near_people(state, c, i)}
    out = []
    for x in found:
        if isinstance(x, Place):
            if x.partner_room or c.house.index[x.room] not in near:
                continue
        elif isinstance(x, PlayCard) and x.monster and x.room and not x.colour:
            if not state.people(c.house.index[x.room]):
                continue
        out.append(x)
    return out


def finish_turn(state: State, seat: str, c: Ctx, limit: int = 12, step2: list[Input] | None = None) -> State:
    """The rest of `seat`'s turn, each decision the best by `evaluate` (greedy within the turn);
    `step2`: the Step 2 inputs to try (a shortlist found once for several plans)."""
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
        elif state.running is not None:
            state = _best_outcome(state, seat, c)
            continue
        if step2 is not None and state.turn.step == 2 and not state.pending:
            cands = step2 + [Done()]
        else:
            cands = _turn_candidates(state, c)
        best = max(_screen(state, c, seat, cands), key=lambda x: (x[0], -x[1]))
        if best[2] is None:
            return state
        state = best[2]
    return state


def _best_outcome(state: State, seat: str, c: Ctx) -> State:
    """The end of the running scare the evaluation likes best (the resolver's outcomes when there
    are few enough, else the quick pick move by move)."""
    found = scare.outcomes(state, c, PLAN_NODES)
    if found is not None and len(found) <= PLAN_OUTCOMES:
        return max(((evaluate(end, seat), k, end) for k, (_, end) in enumerate(found)), key=lambda x: (x[0], -x[1]))[2]
    rng = Rng(0)
    while state.running is not None and not state.pending and state.phase is Phase.PLAY:
        inp, rng = _run_pick(state, c, rng)
        state = apply(state, inp)
    return state


PLAN_NODES = 400
PLAN_OUTCOMES = 64


class BumpPolicies:
    """The AI's part for the engine: levels, the rollout policy, the evaluation, and `values`
    (each candidate scored in a sampled world by planning the rest of the turn)."""

    levels: Mapping[str, Budget] = LEVELS
    # The fair levels (companion/ai/fair.py): Hard's search planning the 8 best candidates' turns
    # (Hard plans 4; still well inside Hard's time), so that it can hold Hard when behind; the
    # table's chance is 1 - the best input's evaluation; once the device is ahead it eases on a
    # curve (ease = (how far the table is below the target / 0.5) squared: little near even, where
    # a strong table claws it back, much far from it, where a weak table is left), never more than
    # 0.44 of the evaluation below its best (docs/adversary.md).
    fair = FairSpec(base="hard", bound=0.44, pick="ease", width=0.5, power=2.0, params={"plan": 8})

    def rollout(self, state: State, rng: Rng) -> tuple[Input, Rng]:
        return quick(state, ctx_for(state.options), rng)

    def evaluate(self, state: State, seat: str) -> float:
        return evaluate(state, seat)

    def when(self, info: InfoState[Any]) -> int:
        """A fair level's decisions are logged by round (the end screen's "eased off in rounds")."""
        return int(info.known().round)

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
        reply = bool(budget.params.get("reply", False))
        pairs = [i for i, x in enumerate(candidates) if isinstance(x, Place) and x.partner_room]
        rest = [i for i, x in enumerate(candidates) if not (isinstance(x, Place) and x.partner_room)
                and not _card_placement_wasted(world, c, x)]
        scores: dict[int, tuple[float, State | None]] = {}
        for v, k, after in _screen(world, c, seat, [candidates[i] for i in rest]):
            scores[rest[k]] = (v, after)
        if pairs:  # the Cat and Bat together: only in the rooms where each alone screens best
            good = _best_rooms(candidates, scores, PAIR_ROOMS)
            keep = [i for i in pairs if (candidates[i].room, candidates[i].partner_room) in good]
            for v, k, after in _screen(world, c, seat, [candidates[i] for i in keep]):
                scores[keep[k]] = (v, after)
        out = [scores[i][0] if i in scores else -2.0 for i in range(len(candidates))]
        mine = world.phase is Phase.PLAY and world.seats[world.active] == seat and not world.pending
        if not mine or deep <= 0:
            return out, rng
        order = sorted(scores, key=lambda i: (-scores[i][0], i))
        shortlist = _step2_shortlist(world, seat, c) if world.turn.step == 1 and world.running is None else None
        for i in order:
            if i in order[:deep]:
                after = scores[i][1]
                if after is not None:
                    out[i] = evaluate(finish_turn(after, seat, c, step2=shortlist), seat, reply=reply)
            else:
                out[i] -= 1.0
        return out, rng


PAIR_ROOMS = 5


def _card_placement_wasted(state: State, c: Ctx, x: Any) -> bool:
    """A card's "place anywhere" into a room with nobody in it: a plain Step 2 placement does
    that without spending the card."""
    return (isinstance(x, PlayCard) and bool(x.monster) and bool(x.room) and not x.colour
            and not state.people(c.house.index[x.room]))
SHORTLIST = 6


def _step2_shortlist(world: State, seat: str, c: Ctx) -> list[Input]:
    """The Step 2 inputs that look best with the locks as they are: what the plans of Step 1's
    candidates try (a lock seldom changes which monster to place, and this is found once)."""
    try:
        base = apply(world, Done())
    except IllegalInput:
        return []
    if base.turn.step != 2 or base.running is not None or base.pending:
        return []
    cands = [x for x in _turn_candidates(base, c) if not isinstance(x, Done)]
    screened = sorted(_screen(base, c, seat, cands), key=lambda x: (-x[0], x[1]))
    return [cands[i] for _, i, after in screened[:SHORTLIST] if after is not None]


def _best_rooms(candidates: list[Any], scores: dict[int, tuple[float, State | None]], k: int) -> set[tuple[str, str]]:
    """(cat room, bat room) pairs among the k best rooms for each placed alone."""
    best: dict[str, list[tuple[float, str]]] = {"cat": [], "bat": []}
    for i, (v, _) in scores.items():
        x = candidates[i]
        if isinstance(x, Place) and x.monster in best:
            best[x.monster].append((v, x.room))
    cats = [r for _, r in sorted(best["cat"], key=lambda t: (-t[0], t[1]))[:k]]
    bats = [r for _, r in sorted(best["bat"], key=lambda t: (-t[0], t[1]))[:k]]
    return {(a, b) for a in cats for b in bats}


POLICIES = BumpPolicies()
