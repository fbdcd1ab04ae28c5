"""The automated player's policies on the shared engine (companion/ai/engine.py), and its levels.

Every level is the engine's determinized search: worlds drawn from what the seat may know
(`resample`), each candidate played on in the same world with the same future draws (common
random numbers, the `values` hook) by a fast rule-of-thumb rollout, and scored at the end by
the evaluation below, or by the result when a rollout reaches THE END.

The evaluation is a race estimate: spaces still to go, less what the hand and the plays owed
(extra turns, steals, whose turn it is) are worth, turned into a share of the win. The engine's
generic `greedy` uses it one input deep.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping

from companion.ai.engine import Budget, InfoState
from companion.ai.fair import FairSpec
from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.core.game import sample_chance
from companion.core.rng import Rng
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.board import Track, track_for
from companion.games.goosebumps.cards import BOOK, CAR, EMPTY, FREEZE, GNOMIES, NUMBERS, PAL, STINE, UNSEEN
from companion.games.goosebumps.protocol import chance_outcomes
from companion.games.goosebumps.rules import apply, clockwise_from, plays, unplayable
from companion.games.goosebumps.state import (
    DrawStep,
    Phase,
    PlayStep,
    ReactStep,
    ShortcutStep,
    State,
    StealStep,
    TakeStep,
    TargetStep,
)

LEVELS: dict[str, Budget] = {
    # worlds sampled, inputs per rollout, and `rollouts` per world shared by the candidates
    "easy": Budget(iterations=4, depth=2, time_ms=30.0, params={"noise": 2.0}),
    "normal": Budget(iterations=12, depth=3, time_ms=50.0, params={"rollouts": 6}),
    "hard": Budget(iterations=32, depth=4, time_ms=90.0, params={"rollouts": 8}),
}

PER_PLAY = 3.5  # what a play is worth in spaces (the mean numbered card)
HAND_WEIGHT = 0.6  # the rollout's: a card kept is worth this share of its value


@dataclass(frozen=True)
class Weights:
    """The evaluation's knobs, in spaces (see `strengths`)."""

    per_play: float = PER_PLAY  # a play owed beyond the alternation (a steal, an extra turn)
    tempo: float = PER_PLAY / 2  # the next regular turn (in hand, or after the plays owed)
    hand: float = 0.3  # a card in hand: this share of its worth above the mean card
    safe: float = 1.0  # standing on a Landmark
    scale: float = 0.14  # spaces -> log-odds of winning
    worth: tuple[tuple[str, float], ...] = (
        (PAL, 3.5), (CAR, 3.0), (BOOK, 5.0), (STINE, 2.5), (GNOMIES, 1.5), (FREEZE, 2.0))


DEFAULT = Weights()
NUMBER_WORTH = {n: float(int(n)) for n in NUMBERS}


def _owed_plays(state: State, n: int, w: Weights) -> list[float]:
    """What the plays to come are worth to each seat: every play owed beyond the usual
    alternation (a steal, an extra turn) in full, and the next regular turn - the one in hand, or
    the one after the owed plays - as `tempo` (being on move in a race is worth about half a play)."""
    owed = [0.0] * n
    head = state.queue[0] if state.queue else None
    if state.phase is not Phase.PLAY or head is None:
        return owed
    regular = isinstance(head, (DrawStep, PlayStep)) and state.why in ("regular", "first", "freeze") \
        and head.seat == state.active
    if regular:
        owed[head.seat] += w.tempo  # type: ignore[union-attr]
    else:
        if isinstance(head, (DrawStep, PlayStep, StealStep, TakeStep)) and state.why in ("extra", "steal"):
            owed[head.seat] += w.per_play
        owed[(state.anchor + 1) % n] += w.tempo
    for seat, _ in state.stealers:
        owed[seat] += w.per_play
    for seat, _ in state.extra:
        owed[seat] += w.per_play
    return owed


def strengths(state: State, track: Track, w: Weights = DEFAULT) -> list[float]:
    """Each player's race standing in spaces: progress plus what their cards and owed plays bring."""
    n = len(state.seats)
    owed = _owed_plays(state, n, w)
    worth_of = dict(w.worth)
    out = []
    for i in range(n):
        hand = state.hands[i]
        worth = 0.0
        count = 0
        for c in hand:
            if c != EMPTY:
                worth += NUMBER_WORTH.get(c) or worth_of.get(c, w.per_play)
                count += 1
        pos = state.positions[i]
        out.append(pos + w.hand * (worth - PER_PLAY * count) + owed[i]
                   + (w.safe if track.is_landmark[pos] else 0.0))
    return out


def win_share(state: State, seat: str, w: Weights = DEFAULT) -> float:
    if state.phase is Phase.OVER and state.winner >= 0:
        return 1.0 if state.seats[state.winner] == seat else 0.0
    track = track_for(state.options.board)
    s = strengths(state, track, w)
    top = max(s)
    weights = [math.exp(w.scale * (x - top)) for x in s]
    return weights[state.seats.index(seat)] / sum(weights)


# ---------------------------------------------------------------- the rollout's rules of thumb

def _landing_gain(state: State, track: Track, p: int, to: int) -> float:
    """Spaces gained by ending a move on `to`, with the bonuses of where it ends."""
    here = state.positions[p]
    if to >= track.end:
        return 1000.0
    gain = float(to - here)
    if track.is_landmark[to]:
        gain += PER_PLAY + 1.0
    elif track.is_steal[to]:
        gain += PER_PLAY - 1.0
    if not track.shared[to]:
        for q, x in enumerate(state.positions):
            if q != p and x == to:
                gain += to - here  # the bumped player goes back to where we came from
    if to == track.sign and state.options.shortcut and track.tombstone > 0:
        gain += track.tombstone - track.sign
    return gain


def play_score(state: State, track: Track, p: int, cards: tuple[str, ...]) -> float:
    here = state.positions[p]
    card = cards[0]
    n = len(state.seats)
    if len(cards) == 3:
        to = track.next_landmark[here]
        return (to - here) - 2 * PER_PLAY * HAND_WEIGHT if to > 0 else -10.0
    if card in NUMBERS:
        return _landing_gain(state, track, p, here + int(card)) - HAND_WEIGHT * (int(card) - PER_PLAY)
    if card == PAL:
        to = track.next_landmark[here]
        return (to - here) - 1.0 if to > 0 else -5.0
    if card == CAR:
        ahead = [x for i, x in enumerate(state.positions) if i != p and x > here]
        if not ahead or min(ahead) + 1 >= track.end:
            return -5.0
        return _landing_gain(state, track, p, min(ahead) + 1) - 1.0
    if card == BOOK:
        far = max(x for i, x in enumerate(state.positions) if i != p)
        lead_loss = far - track.prev_landmark[far]
        return min(6, track.end - 1 - here) + lead_loss - 2.0
    if card == STINE:
        mine = 0.0 if track.is_landmark[here] or here == 0 else 5.0
        theirs = sum(min(5, x) for i, x in enumerate(state.positions)
                     if i != p and x > 0 and not track.is_landmark[x])
        return theirs / max(1, n - 1) - mine - 1.0
    return -10.0


def thumb_play(state: State, track: Track, p: int, rng: Rng, noise: float) -> tuple[I.Input, Rng]:
    """The rollout's play: the best-scoring card (or three of a kind) of the hand, a little noise."""
    hand = state.hands[p]
    here = state.positions[p]
    best: tuple[str, ...] = ()
    best_v = -1e9
    seen: set[str] = set()
    lenient = state.options.no_landmark_ahead != "unplayable"
    for c in hand:
        if c in seen or c == EMPTY:
            continue
        seen.add(c)
        if c in (GNOMIES, FREEZE):
            continue
        if c not in NUMBERS and c != STINE and unplayable(state, track, p, c):
            continue
        v = play_score(state, track, p, (c,))
        if noise:
            r, rng = rng.below(1 << 20)
            v += noise * (r / (1 << 20))
        if v > best_v:
            best, best_v = (c,), v
        if c in NUMBERS and hand.count(c) >= 3 and (track.next_landmark[here] > 0 or lenient):
            v3 = play_score(state, track, p, (c, c, c))
            if v3 > best_v:
                best, best_v = (c, c, c), v3
    return (I.Play(best) if best else I.Pass()), rng


def rule_of_thumb(state: State, rng: Rng, noise: float = 0.6) -> tuple[I.Input, Rng]:
    """A quick, decent input for whoever decides now (no search, no copies of the state)."""
    head = state.queue[0]
    track = track_for(state.options.board)
    if isinstance(head, PlayStep):
        if UNSEEN in state.hands[head.seat]:  # a person's unseen hand (not in a sampled world)
            options = plays(state, head.seat)
            return (I.Play(options[0]) if options else I.Pass()), rng
        return thumb_play(state, track, head.seat, rng, noise)
    if isinstance(head, ReactStep):
        hand = state.hands[head.seat]
        if head.card not in hand:
            return I.React(False), rng
        if head.card == FREEZE:
            return I.React(True), rng
        here = state.positions[head.seat]
        loss = 5 if head.what.startswith("R.L.") else here - track.prev_landmark[here]
        return I.React(loss >= 3 or head.what == "Freeze Ray!"), rng
    if isinstance(head, StealStep):
        n = len(state.seats)
        victims = [v for v in clockwise_from(n, head.seat) if any(c != EMPTY for c in state.hands[v])]
        if not victims:
            victims = clockwise_from(n, head.seat)
        v = max(victims, key=lambda q: (sum(c != EMPTY for c in state.hands[q]), state.positions[q]))
        return I.Steal(state.seats[v]), rng
    if isinstance(head, ShortcutStep):
        return I.Shortcut(True), rng
    if isinstance(head, TargetStep):
        q = max(head.choices, key=lambda c: state.positions[c] - track.prev_landmark[state.positions[c]])
        return I.Target(state.seats[q]), rng
    outcomes = chance_outcomes(state)
    return outcomes[0][0], rng  # pragma: no cover - chance is resolved by the caller


def play_on(state: State, seat: str, rng: Rng, depth: int, noise: float,
            w: Weights = DEFAULT) -> tuple[float, Rng]:
    """The rollout: rules of thumb for every seat, the device's draws for chance, `depth` inputs."""
    for _ in range(depth):
        if state.phase is Phase.OVER:
            break
        head = state.queue[0]
        if isinstance(head, DrawStep):
            inp: I.Input = I.Draw((I.DEVICE_DRAWS,) * head.count)
        elif isinstance(head, TakeStep):
            # A sampled world knows every hand: the device picks the card, or a person's slot of
            # the holder is drawn as their blind pick.
            inp, rng = sample_chance(chance_outcomes(state), rng)
        else:
            inp, rng = rule_of_thumb(state, rng, noise)
        try:
            state = apply(state, inp)
        except IllegalInput:  # pragma: no cover - the rules of thumb only pick legal inputs
            break
    return win_share(state, seat, w), rng



class GoosebumpsPolicies:
    levels: Mapping[str, Budget] = LEVELS
    # The fair levels (companion/ai/fair.py): Hard's search, never more than 0.04 of a win
    # share below its best input (tuned in small runs: docs/adversary.md "Fair").
    fair = FairSpec(base="hard", bound=0.04)

    def __init__(self, weights: Weights = DEFAULT) -> None:
        self.weights = weights  # `evaluate` (the engine's greedy too) and the score where a rollout stops

    def rollout(self, state: State, rng: Rng) -> tuple[I.Input, Rng]:
        head = state.queue[0]
        if isinstance(head, DrawStep):
            return I.Draw((I.DEVICE_DRAWS,) * head.count), rng
        if isinstance(head, TakeStep):
            return sample_chance(chance_outcomes(state), rng)
        return rule_of_thumb(state, rng)

    def evaluate(self, state: State, seat: str) -> float:
        return win_share(state, seat, self.weights)

    def when(self, info: InfoState[Any]) -> int:
        """A fair level's decisions are logged by round (the end screen's "eased off in rounds")."""
        return int(info.known().round)

    def values(self, world: State, seat: str, candidates: list[Any], budget: Budget,
               rng: Rng) -> tuple[list[float], Rng]:
        """Every candidate from the same world with the same future draws and rollout choices
        (common random numbers). A level's `rollouts` param spreads a fixed number of rollouts per
        world over the candidates: few candidates get several futures each, so a decision costs
        about the same whatever the hand."""
        noise = float(budget.params.get("noise", 0.0))
        per_world = int(budget.params.get("rollouts", 0))
        reps = max(1, per_world // len(candidates)) if per_world else 1
        afters: list[State | None] = []
        for inp in candidates:
            try:
                afters.append(apply(world, inp))
            except IllegalInput:  # pragma: no cover - candidates are legal in every world
                afters.append(None)
        out = [0.0] * len(candidates)
        for _ in range(reps):
            seed, rng = rng.next_u64()
            draws, rng = rng.next_u64()
            future = Rng.from_seed(draws)
            for i, after in enumerate(afters):
                if after is None:
                    out[i] -= 1.0
                    continue
                v, _ = play_on(evolve(after, rng=future), seat, Rng(seed), budget.depth, noise, self.weights)
                out[i] += v
        return [v / reps for v in out], rng

    def shortcut(self, info: InfoState[Any], budget: Budget, rng: Rng) -> tuple[I.Input | None, Rng]:
        """Decisions that need no search: answering a window without the card."""
        legal = info.legal()
        if len(legal) == 1:
            return legal[0], rng
        return None, rng


POLICIES = GoosebumpsPolicies()
