"""Play whole Boogeyman games with child bots against an adversary, one or many in parallel.

The table's part is modelled (cards.py): drawn cards' effects, the Mission, the Book of
Endings. Each game is seeded from (seed, game index) only, so results do not depend on how
many processes share the work. A game still going after ROUND_CAP rounds, or with every child
Passed Out, is a Boogeyman win.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping

from companion.core.errors import IllegalInput
from companion.core.rng import Rng
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.state import (
    CHILDREN,
    AdjustRoll,
    DrawCard,
    Effect,
    Mode,
    NeedRoll,
    Options,
    Phase,
    PlayFinale,
    State,
    TieRoll,
)
from companion.ai.base import boogeyman_decision
from companion.games.boogeyman.cards import model_top
from companion.ai.levels import make_adversary
from companion.sim import cards
from companion.sim.child_bot import ChildTeam

DEFAULT_CHILDREN = {"solo": 2, "coop": 4, "semi": 4, "competitive": 4}
MAX_INPUTS = 20_000  # a runaway guard far above any real game


@dataclass
class GameResult:
    index: int
    winner: str          # "children" or "boogeyman"
    rounds: int
    reason: str          # finale, stress, passed_out, timeout
    decision_ms: list[float] = field(default_factory=list)
    encounters: dict[str, int] = field(default_factory=dict)  # zone -> encounters there
    fallbacks: int = 0   # child-bot inputs the reducer refused (should stay 0)

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "winner": self.winner, "rounds": self.rounds, "reason": self.reason,
                "decision_ms": self.decision_ms, "encounters": self.encounters, "fallbacks": self.fallbacks}


def game_seed(seed: int, index: int) -> int:
    """A well-mixed 64-bit seed per (run seed, game index)."""
    v, _ = Rng.from_seed((seed * 0x9E3779B97F4A7C15 + index * 0xD1B54A32D192ED03) & ((1 << 64) - 1)).next_u64()
    return v


def _chance(rng: Rng, p: float) -> tuple[bool, Rng]:
    v, rng = rng.below(1_000_000)
    return v < p * 1_000_000, rng


def _pick(rng: Rng, outcomes: tuple[cards.Outcome, ...]) -> tuple[cards.Outcome, Rng]:
    v, rng = rng.below(1_000_000)
    acc = 0.0
    for o in outcomes:
        acc += o.p * 1_000_000
        if v < acc:
            return o, rng
    return outcomes[-1], rng


class _Table:
    """The modelled table: cards, dice, the Mission, the Finale, and the children's bots."""

    def __init__(self, seed: int) -> None:
        # The first draw is skipped (it once seeded the team) so measured runs replay as recorded.
        _, self.rng = Rng.from_seed(seed).next_u64()
        self.team = ChildTeam()
        self.finale_round = 0
        self.victim = ""
        self.events_applied: set[str] = set()
        self.encounters: dict[str, int] = {}

    def next_inputs(self, s: State) -> list[I.Input]:
        """The table's next input(s): several when a card hits every child."""
        got = self._next(s)
        return got if isinstance(got, list) else [got] if got is not None else []

    def _next(self, s: State) -> I.Input | list[I.Input] | None:
        p = s.pending[0] if s.pending else None
        if isinstance(p, DrawCard) and p.deck in cards.CHOSEN:
            return I.CardDrawn(model_top(s, p.deck))  # the table draws the top card of the real deck
        if isinstance(p, DrawCard):
            if p.encounter:
                self.victim = p.child
                zone = s.child(p.child).zone
                self.encounters[zone] = self.encounters.get(zone, 0) + 1
                cancel = self.team.cancel_card(s, p)
                if cancel is not None:
                    return cancel
            o, self.rng = _pick(self.rng, cards.DRAWN[p.deck])
            if o.hand:
                self.team.hand.setdefault(p.child, []).append(o.hand)
            return I.CardDrawn(f"BGM:{p.deck}:01", o.effects)
        if isinstance(p, TieRoll):
            return I.SpendCandy(0) if p.rolled else I.RollDie(None)
        if isinstance(p, NeedRoll):
            return I.RollDie(None)
        if isinstance(p, AdjustRoll):
            return self.team.adjust_roll(s, p)
        if isinstance(p, PlayFinale):
            lose_all = 1.0
            for name in s.finale_children:
                lose_all *= 1.0 - cards.FINALE_PASS.get(s.child(name).status, 0.0)
            won, self.rng = _chance(self.rng, 1.0 - lose_all)
            return I.FinaleOutcome(won)
        if p is not None:
            return None
        # Nothing pending: the table's own business first, then the active child.
        if s.finale_room and not self.finale_round:
            self.finale_round = s.round
        if s.finale_room and not s.mission_done and s.round >= self.finale_round + cards.MISSION_ROUNDS:
            return I.MissionComplete()
        c = s.child(s.active)
        if c.passed_out and c.nightmare and s.actions_left == 0 and f"N{s.round}:{c.name}" not in self.events_applied:
            self.events_applied.add(f"N{s.round}:{c.name}")
            eff = self._chosen_effects(s, c.nightmare, c.name)
            if eff is not None:
                return eff
        if s.active_event and f"{s.active_event}@{s.round}" not in self.events_applied:
            self.events_applied.add(f"{s.active_event}@{s.round}")
            eff = self._chosen_effects(s, s.active_event, s.active)
            if eff is not None:
                return eff
        return self.team.act(s)

    def _chosen_effects(self, s: State, code: str, who: str) -> list[I.Input] | None:
        card = cards.chosen_card(code)
        if not card.effects:
            return None
        awake = [k.name for k in s.children if k.on_board and not k.passed_out]
        if not awake:
            return None
        if card.target == "each":
            return [I.ApplyEffects(n, card.effects, code) for n in awake]
        target = who if who in awake else awake[0]
        return [I.ApplyEffects(target, card.effects, code)]

    def trouble_effects(self, before: State, after: State) -> list[I.Input]:
        """Trouble cards the last input put in play hit the child whose encounter raised Stress."""
        b, a = before.deck("TRBL").discard, after.deck("TRBL").discard
        out: list[I.Input] = []
        for code in a[len(b):] if len(a) > len(b) else ():
            card = cards.chosen_card(code)
            awake = [k.name for k in after.children if k.on_board and not k.passed_out]
            if not card.effects or not awake:
                continue
            if card.target == "each":
                out += [I.ApplyEffects(n, card.effects, code) for n in awake]
            else:
                out.append(I.ApplyEffects(self.victim if self.victim in awake else awake[0], card.effects, code))
        return out


def play_game(mode: str, adversary: str, seed: int, index: int = 0, children: int = 0,
              catalogue: bool = True, round_cap: int = cards.ROUND_CAP,
              on_decision: Callable[[State, I.Input], None] | None = None) -> GameResult:
    """One game; `on_decision(state, input)` sees every Boogeyman decision (tests)."""
    gs = game_seed(seed, index)
    rng = Rng.from_seed(gs)
    engine_seed, rng = rng.next_u64()
    adv_seed, rng = rng.next_u64()
    table_seed, rng = rng.next_u64()
    n = children or DEFAULT_CHILDREN[mode]
    s = RULES.setup(Options(mode=Mode(mode), children=CHILDREN[:n]), engine_seed)
    cat: Mapping[str, tuple[Effect, ...]] | None = cards.catalogue() if catalogue else None
    adv = make_adversary(adversary, adv_seed, cat)
    table = _Table(table_seed)
    result = GameResult(index, "boogeyman", 0, "timeout")
    queue: list[I.Input] = []
    for _ in range(MAX_INPUTS):
        if s.phase == Phase.OVER:
            break
        if s.round > round_cap:
            break
        if not any(k.on_board and not k.passed_out for k in s.children):
            result.reason = "passed_out"
            break
        if queue:
            inp = queue.pop(0)
        elif boogeyman_decision(s) is not None:
            t0 = time.perf_counter()
            inp = adv.decide(s)
            result.decision_ms.append((time.perf_counter() - t0) * 1000.0)
            if on_decision is not None:
                on_decision(s, inp)
        else:
            got = table.next_inputs(s)
            if not got:
                raise RuntimeError(f"nobody answers {s.pending[:1]}")
            inp, queue = got[0], got[1:]
        before = s
        try:
            s = RULES.apply(s, inp)
        except IllegalInput:
            if boogeyman_decision(before) is not None:
                raise
            result.fallbacks += 1
            s = RULES.apply(s, I.EndTurn()) if not s.pending else s
            if s is before:
                raise
            continue
        queue += table.trouble_effects(before, s)
    if s.phase == Phase.OVER:
        result.winner = s.winner
        result.reason = "finale" if s.finale_number else "stress"
    result.rounds = min(s.round, round_cap)
    result.encounters = dict(sorted(table.encounters.items()))
    return result


# ---------------------------------------------------------------- many games


def _one(job: tuple[str, str, int, int, int, bool]) -> GameResult:
    mode, adversary, seed, index, children, catalogue = job
    return play_game(mode, adversary, seed, index, children, catalogue)


def run_games(mode: str, adversary: str, games: int, seed: int, jobs: int = 1, children: int = 0,
              catalogue: bool = True, progress: Callable[[int, int], None] | None = None) -> list[GameResult]:
    """Results in game-index order, identical whatever `jobs` is."""
    work = [(mode, adversary, seed, i, children, catalogue) for i in range(games)]
    results: list[GameResult] = []
    if jobs <= 1:
        it: Iterator[GameResult] = map(_one, work)
        for r in it:
            results.append(r)
            if progress:
                progress(len(results), games)
        return results
    import multiprocessing as mp

    ctx = mp.get_context("fork") if hasattr(mp, "get_context") else mp
    with ctx.Pool(jobs) as pool:
        for r in pool.imap_unordered(_one, work, chunksize=max(1, min(16, games // (jobs * 8) or 1))):
            results.append(r)
            if progress:
                progress(len(results), games)
    results.sort(key=lambda r: r.index)
    return results


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    v = sorted(values)
    k = (len(v) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def summarize(results: list[GameResult]) -> dict[str, Any]:
    n = len(results)
    times = [t for r in results for t in r.decision_ms]
    return {
        "games": n,
        "children_win_rate": round(sum(r.winner == "children" for r in results) / n, 4) if n else 0.0,
        "mean_rounds": round(sum(r.rounds for r in results) / n, 2) if n else 0.0,
        "decision_ms_p50": round(percentile(times, 0.50), 3),
        "decision_ms_p95": round(percentile(times, 0.95), 3),
    }
