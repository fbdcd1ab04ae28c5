"""Goosebumps: the automated player's strength and decision time, and the reducer's speed (not
part of the suite).

1. Speed: `apply`, `legal_inputs` and `resample` per call over the inputs of recorded random
   games; baseline in the same run: the same inputs through the general reducer path (the fast
   paths switched off).
2. Strength: Hard against `random` and against `greedy` (the engine's one-ply player on this
   game's evaluation), 2 players, both seat orders (odd games swap the seats), exactly as
   `companion simulate --game GSB --seats hard,random --both-orders` plays them; baseline in the
   same run: greedy against random. Win rates with a 95% interval.
3. Decision time: Hard's decisions timed in this process alone (one job), p50/p95/max; baseline
   in the same run: the time of 1000 general-path inputs, so a loaded machine shows as such.

The Monster Mayhem mix and the track are the shipped placeholder's unless --board is given.

    .venv/bin/python benchmarks/gsb_strength.py [--games 1000] [--jobs 2] [--seed 0] [--time-games 40]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.ai.engine import make_policy  # noqa: E402
from companion.core.game import sample_chance  # noqa: E402
from companion.core.rng import Rng  # noqa: E402
from companion.games.goosebumps import rules as R  # noqa: E402
from companion.games.goosebumps.board import track_for  # noqa: E402
from companion.games.goosebumps.game import RULES  # noqa: E402
from companion.games.goosebumps.policies import LEVELS  # noqa: E402
from companion.games.goosebumps.rules import mix_of  # noqa: E402
from companion.games.goosebumps.state import Options  # noqa: E402
from companion.sim.games import GameSim  # noqa: E402
from companion.sim.generic import Config  # noqa: E402
from companion.sim.harness import percentile, play  # noqa: E402


def record(games: int, options: Options) -> list[tuple[Any, Any, str]]:
    out = []
    for g in range(games):
        rnd = random.Random(g)
        state = RULES.setup(options, g)
        rng = Rng(g)
        while not RULES.is_over(state):
            actor = RULES.to_act(state)
            if actor.kind == "chance":
                inp, rng = sample_chance(RULES.chance_outcomes(state), rng)
            else:
                inp = rnd.choice(RULES.legal_inputs(state, actor.seat))
            out.append((state, inp, actor.seat))
            state = RULES.apply(state, inp)
    return out


def per_call_us(fn: Any, items: list[Any], repeat: int = 3) -> float:
    best = math.inf
    for _ in range(repeat):
        t = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, time.perf_counter() - t)
    return best / len(items) * 1e6


def speed(options: Options) -> dict[str, float]:
    recs = record(60, options)
    try:
        R.FAST = False
        general = per_call_us(lambda r: RULES.apply(r[0], r[1]), recs)
        R.FAST = True
        fast = per_call_us(lambda r: RULES.apply(r[0], r[1]), recs)
    finally:
        R.FAST = True
    legal = per_call_us(lambda r: RULES.legal_inputs(r[0], r[2]), recs)
    resample = per_call_us(lambda r: RULES.resample(r[0], r[2], Rng(1)), recs)
    return {"inputs": len(recs), "apply_us": round(fast, 2), "apply_general_path_us": round(general, 2),
            "apply_speedup": round(general / fast, 2), "legal_inputs_us": round(legal, 2),
            "resample_us": round(resample, 2)}


def interval(wins: int, n: int) -> list[float]:
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return [round(p - half, 3), round(p + half, 3)]


def strength(games: int, jobs: int, seed: int, options: Options) -> dict[str, Any]:
    sim = GameSim("GSB")
    seats = RULES.seats(RULES.setup(options, 0))
    out: dict[str, Any] = {}
    for a, b in (("hard", "random"), ("hard", "greedy"), ("greedy", "random")):
        config = Config("GSB", options, seats, (a, b), both_orders=True)
        t0 = time.perf_counter()
        summary = sim.run(config, games, seed, jobs)
        won = summary["wins_by_level"].get(a, 0)
        out[f"{a}_vs_{b}"] = {"games": games, "wins": won, "rate": round(won / games, 3),
                              "interval95": interval(won, games), "mean_rounds": summary["mean_rounds"],
                              "wall_s": round(time.perf_counter() - t0, 1)}
        print(f"  {a} vs {b}: {won}/{games} = {won / games:.1%}", file=sys.stderr, flush=True)
    return out


def decision_time(games: int, seed: int, options: Options) -> dict[str, Any]:
    ms: list[float] = []
    for g in range(games):
        hard = make_policy("GSB", "hard", seed + 2 * g)
        other = make_policy("GSB", "greedy", seed + 2 * g + 1)
        seats = RULES.seats(RULES.setup(options, 0))
        pair = {seats[0]: hard, seats[1]: other} if g % 2 == 0 else {seats[0]: other, seats[1]: hard}
        played = play(RULES, options, pair, 7000 + g)
        for times in played.decision_ms.values():
            ms += times
    recs = record(10, options)[:1000]
    try:
        R.FAST = False
        t = time.perf_counter()
        for state, inp, _ in recs:
            RULES.apply(state, inp)
        baseline = (time.perf_counter() - t) * 1000
    finally:
        R.FAST = True
    return {"decisions": len(ms), "p50_ms": round(percentile(ms, 0.5), 1), "p95_ms": round(percentile(ms, 0.95), 1),
            "max_ms": round(max(ms), 1), "baseline_1000_inputs_ms": round(baseline, 1),
            "p95_in_baselines": round(percentile(ms, 0.95) / baseline, 2)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--time-games", type=int, default=40)
    ap.add_argument("--board", default="", help="a track file (default: the shipped placeholder)")
    args = ap.parse_args()
    options = Options(board=args.board)
    track = track_for(args.board)
    report: dict[str, Any] = {"mayhem_mix": mix_of(options).counts(), "track": track.name,
                              "hard_budget": {"iterations": LEVELS["hard"].iterations, "depth": LEVELS["hard"].depth,
                                              **dict(LEVELS["hard"].params)}}
    print("speed ...", file=sys.stderr, flush=True)
    report["speed"] = speed(options)
    print("decision time ...", file=sys.stderr, flush=True)
    report["decision_time"] = decision_time(args.time_games, args.seed, options)
    print("strength ...", file=sys.stderr, flush=True)
    report["strength"] = strength(args.games, args.jobs, args.seed, options)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
