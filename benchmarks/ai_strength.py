"""Adversary strength and decision time (not part of the test suite).

1. Strength: the same Competitive games (game i uses the same deal and the same child bots'
   seed for every level) against each level; children's win rate, the drop from the rule-run
   baseline, and the targets of issue 6 (rule-run 40-80 %, Normal -10 pp, Hard -20 pp).
2. Latency: Boogeyman decisions of each level timed alone in this process (the simulate
   numbers are taken with --jobs workers competing for the CPU).

    .venv/bin/python benchmarks/ai_strength.py [--games 1000] [--seed 2026] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from companion.ai.levels import make_adversary, time_budget_ms
from companion.games.boogeyman.state import ChooseRoomTokens, State, SteerBabysitter
from companion.sim.cards import catalogue
from companion.sim.runner import percentile, play_game, run_games, summarize


def strength(games: int, seed: int, jobs: int, levels: list[str]) -> dict[str, dict[str, float]]:
    out = {}
    for level in levels:
        t0 = time.perf_counter()
        rs = run_games("competitive", level, games, seed, jobs=jobs)
        s = summarize(rs)
        s["wall_s"] = round(time.perf_counter() - t0, 1)
        s["timeouts"] = sum(r.reason == "timeout" for r in rs)
        out[level] = s
        print(f"  {level:7s} {s}", file=sys.stderr, flush=True)
    return out


def latency(seed: int, positions: int = 300) -> dict[str, dict[str, float]]:
    states: list[State] = []
    i = 0
    while len(states) < positions:
        play_game("competitive", "hard", seed, i, on_decision=lambda s, _: states.append(s)
                  if isinstance(s.pending[0], (ChooseRoomTokens, SteerBabysitter)) else None)
        i += 1
    out = {}
    for level in ("rules", "normal", "hard"):
        adv = make_adversary(level, seed, catalogue())
        times = []
        for s in states[:positions]:
            t0 = time.perf_counter()
            adv.decide(s)
            times.append((time.perf_counter() - t0) * 1000)
        out[level] = {"decisions": len(times), "ms_p50": round(percentile(times, 0.5), 2),
                      "ms_p95": round(percentile(times, 0.95), 2), "ms_max": round(max(times), 2)}
    # As the app runs it: the same positions with the level's deadline (time_budget_ms).
    for level in ("normal", "hard"):
        adv = make_adversary(level, seed, catalogue())
        budget = time_budget_ms(level) or 0.0
        times = []
        for s in states[:positions]:
            t0 = time.perf_counter()
            adv.decide(s, deadline=t0 + budget / 1000.0)
            times.append((time.perf_counter() - t0) * 1000)
        out[f"{level}_with_deadline_{budget:.0f}ms"] = {
            "decisions": len(times), "ms_p50": round(percentile(times, 0.5), 2),
            "ms_p95": round(percentile(times, 0.95), 2), "ms_max": round(max(times), 2)}
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--levels", default="rules,normal,hard")
    args = ap.parse_args()
    print(f"strength: {args.games} Competitive games per level, seed {args.seed}, {args.jobs} jobs", file=sys.stderr)
    st = strength(args.games, args.seed, args.jobs, args.levels.split(","))
    base = st.get("rules", {}).get("children_win_rate")
    verdict = {}
    if base is not None:
        verdict["rules_in_40_80"] = 0.40 <= base <= 0.80
        for level, need in (("normal", 0.10), ("hard", 0.20)):
            if level in st:
                drop = round(base - st[level]["children_win_rate"], 4)
                st[level]["drop_pp"] = round(100 * drop, 1)
                verdict[f"{level}_drop_ge_{int(need * 100)}pp"] = drop >= need
    print("latency: 300 decisions per level, alone in one process", file=sys.stderr)
    lat = latency(args.seed)
    verdict["hard_p95_lt_50ms"] = lat["hard"]["ms_p95"] < 50.0
    print(json.dumps({"strength": st, "latency": lat, "verdict": verdict}, indent=2))
    return 0 if all(verdict.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
