"""One simulation harness for every game: `play(game, {seat: policy}, seed)` and many in parallel.

A game is played through the protocol alone: whoever `to_act` names decides (the policy for that
seat, else the one under "*"), chance is drawn from `chance_outcomes` (or by the policy under
"chance", a modelled table), until the game is over or the game's simulation model stops it.
Each game is seeded from (run seed, game index) only, so results do not depend on how many
processes share the work.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Mapping, Protocol, Sequence

from companion.ai.engine import InfoState, Policy
from companion.core.errors import CompanionError, IllegalInput
from companion.core.game import GameRules, Result, sample_chance
from companion.core.rng import Rng

MAX_INPUTS = 20_000  # a runaway guard far above any real game


class SimModel(Protocol):
    """What a game's simulation adds around the seats (all optional in practice: see NoModel)."""

    def stop(self, state: Any) -> str | None:
        """A reason to end the game here (a round cap), or None."""
        ...

    def rounds(self, state: Any) -> int: ...

    def after(self, before: Any, inp: Any, after: Any) -> list[Any]:
        """Inputs the modelled table adds after an input (card effects applied by hand)."""
        ...

    def fallback(self, state: Any, inp: Any, error: IllegalInput) -> Any | None:
        """What a bot does instead of an input the rules refused (None: the refusal is a bug)."""
        ...

    def metrics(self, state: Any) -> dict[str, Any]:
        """The game's own numbers for this game (encounters, how it ended, ...)."""
        ...


class NoModel:
    def stop(self, state: Any) -> str | None:
        return None

    def rounds(self, state: Any) -> int:
        return int(getattr(state, "round", 0) or 0)

    def after(self, before: Any, inp: Any, after: Any) -> list[Any]:
        return []

    def fallback(self, state: Any, inp: Any, error: IllegalInput) -> Any | None:
        return None

    def metrics(self, state: Any) -> dict[str, Any]:
        return {}


@dataclass
class Played:
    index: int
    winners: tuple[str, ...]
    reason: str
    rounds: int
    inputs: int
    decision_ms: dict[str, list[float]] = field(default_factory=dict)  # searching seats only
    metrics: dict[str, Any] = field(default_factory=dict)
    fallbacks: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "winners": list(self.winners), "reason": self.reason, "rounds": self.rounds,
                "inputs": self.inputs, "decision_ms": self.decision_ms, "metrics": self.metrics,
                "fallbacks": self.fallbacks}


def game_seed(seed: int, index: int) -> int:
    """A well-mixed 64-bit seed per (run seed, game index)."""
    v, _ = Rng.from_seed((seed * 0x9E3779B97F4A7C15 + index * 0xD1B54A32D192ED03) & ((1 << 64) - 1)).next_u64()
    return v


class SimError(CompanionError, RuntimeError):
    """A simulated game could not go on (a policy's input refused, nobody to act)."""


def play(rules: GameRules[Any, Any, Any], options: Any, policies: Mapping[str, Policy], seed: int, *,
         index: int = 0, model: SimModel | None = None, max_inputs: int = MAX_INPUTS,
         clairvoyant: Iterable[str] = (), on_decision: Callable[[str, Any, Any], None] | None = None) -> Played:
    """One game. `clairvoyant` seats see the true state (benchmarks: the ceiling of strength);
    `on_decision(seat, state, input)` sees every policy's decision (tests)."""
    m: SimModel = model or NoModel()
    seers = frozenset(clairvoyant)
    rng = Rng.from_seed(seed)
    setup_seed, rng = rng.next_u64()
    state = rules.setup(options, setup_seed)
    played = Played(index, (), "timeout", 0, 0)
    queue: list[Any] = []
    for _ in range(max_inputs):
        if rules.is_over(state):
            break
        stop = m.stop(state)
        if stop is not None:
            played.reason = stop
            break
        actor = rules.to_act(state)
        if actor.kind == "nobody":
            break
        searched = False
        seat = actor.seat
        if queue:
            inp = queue.pop(0)
        elif actor.kind == "chance" and "chance" not in policies:
            inp, rng = sample_chance(rules.chance_outcomes(state), rng)
        else:
            key = "chance" if actor.kind == "chance" else seat
            policy = policies.get(key) or policies.get("*")
            if policy is None:
                raise SimError(f"no policy for {actor.kind} {seat!r}")
            looks = policy.observes or seat
            info = InfoState(rules, state, looks, clairvoyant=looks in seers)
            t0 = time.perf_counter()
            inp = policy.decide(info)
            if getattr(policy, "searches", False):
                searched = True
                played.decision_ms.setdefault(seat, []).append((time.perf_counter() - t0) * 1000.0)
            if on_decision is not None:
                on_decision(seat, state, inp)
        before = state
        try:
            state = rules.apply(state, inp)
        except IllegalInput as exc:
            instead = None if searched else m.fallback(state, inp, exc)
            if instead is None:
                raise SimError(f"game {index}: {rules.label(state, inp)!r} was refused: {exc}") from exc
            played.fallbacks += 1
            try:
                state = rules.apply(state, instead)
            except IllegalInput as exc2:
                raise SimError(f"game {index}: the fallback was refused too: {exc2}") from exc2
            continue
        played.inputs += 1
        queue += m.after(before, inp, state)
    result: Result | None = rules.result(state)
    if result is not None:
        played.winners = result.winners
        played.reason = result.reason or "over"
    played.rounds = m.rounds(state)
    played.metrics = m.metrics(state)
    return played


# ---------------------------------------------------------------- many games

Job = Callable[[int], Played]


def run_many(job: Callable[[int], Any], games: int, jobs: int = 1,
             progress: Callable[[int, int], None] | None = None) -> list[Any]:
    """`job(index)` for every index, in index order whatever `jobs` is (fork-based processes)."""
    results: list[Any] = []
    if jobs <= 1 or games <= 1:
        for i in range(games):
            results.append(job(i))
            if progress:
                progress(len(results), games)
        return results
    import multiprocessing as mp

    global _JOB
    _JOB = job  # inherited by the forked workers
    ctx = mp.get_context("fork")
    chunk = max(1, min(16, games // (jobs * 8) or 1))
    with ctx.Pool(jobs) as pool:
        it: Iterator[tuple[int, Any]] = pool.imap_unordered(_run_one, range(games), chunksize=chunk)
        for pair in it:
            results.append(pair)
            if progress:
                progress(len(results), games)
    results.sort(key=lambda p: p[0])
    return [r for _, r in results]


_JOB: Callable[[int], Any] | None = None


def _run_one(index: int) -> tuple[int, Any]:
    assert _JOB is not None
    return index, _JOB(index)


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    v = sorted(values)
    k = (len(v) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def summary(code: str, seats: Sequence[str], played: Sequence[Played]) -> dict[str, Any]:
    """The keys every game reports: game, games, wins (one count per seat, in seat order),
    draws, mean_rounds, decision_ms_p95 (per seat that searches), reasons."""
    n = len(played)
    wins = [sum(seat in p.winners for p in played) for seat in seats]
    times: dict[str, list[float]] = {}
    reasons: dict[str, int] = {}
    for p in played:
        for seat, ms in p.decision_ms.items():
            times.setdefault(seat, []).extend(ms)
        reasons[p.reason] = reasons.get(p.reason, 0) + 1
    return {
        "game": code,
        "games": n,
        "seats": list(seats),
        "wins": wins,
        "draws": sum(not p.winners for p in played),
        "mean_rounds": round(sum(p.rounds for p in played) / n, 2) if n else 0.0,
        "decision_ms_p95": {seat: round(percentile(ms, 0.95), 3) for seat, ms in sorted(times.items())},
        "reasons": dict(sorted(reasons.items())),
    }
