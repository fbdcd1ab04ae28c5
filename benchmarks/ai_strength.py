"""Adversary strength and decision time for Boogeyman on the shared engine (not part of the suite).

1. Strength: the same Competitive games (game i uses the same deal and the same child bots'
   seed for every level) against each level; children's win rate and the drop from the rule-run
   baseline. The ceiling: a clairvoyant Boogeyman - Hard's search on the true state, so it sees
   every hidden Search token and the children's future dice. Hard's share of the clairvoyant's
   gain over the rule-run level says how close to that limit the real levels play.
2. Latency: Boogeyman decisions of each level timed alone in this process, without and with
   the app's deadline.
3. Baseline in the same run (--baseline-rev REV, default the last commit before the shared
   engine): the same measurement by that revision's own benchmark, run from a temporary git
   worktree, so "no worse than 1.2x" is a ratio on the same machine under the same load. Any
   commit will do: `--baseline-rev main` compares a branch with the revision before it.

    .venv/bin/python benchmarks/ai_strength.py [--games 1000] [--seed 2026] [--jobs 2] [--baseline-rev REV]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion.ai.engine import InfoState, make_policy
from companion.games.boogeyman.ai.policies import time_budget_ms
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.model import catalogue
from companion.games.boogeyman.protocol import BOOGEYMAN
from companion.games.boogeyman.sim.model import Config, job, play_game
from companion.games.boogeyman.state import ChooseRoomTokens, State, SteerBabysitter
from companion.sim.games import GameSim
from companion.sim.harness import percentile, run_many

ROOT = Path(__file__).resolve().parent.parent
OLD_PLANNER = "871ed87"  # main before the shared engine (issue 10)


def strength(games: int, seed: int, jobs: int, levels: list[str]) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    sim = GameSim("BGM")
    for level in levels:
        clair = level == "clairvoyant"
        config = Config("competitive", "hard" if clair else level, clairvoyant=clair)
        t0 = time.perf_counter()
        played = run_many(job(config, seed), games, jobs)
        s: dict[str, object] = dict(sim.summarize(config, played))
        s["wall_s"] = round(time.perf_counter() - t0, 1)
        s["timeouts"] = sum(p.reason == "timeout" for p in played)
        out[level] = s
        print(f"  {level:11s} children win {s['children_win_rate']:.1%} ({s['wall_s']} s)", file=sys.stderr, flush=True)
    return out


def positions(seed: int, n: int = 300) -> list[State]:
    states: list[State] = []
    i = 0
    while len(states) < n:
        play_game(Config("competitive", "hard"), seed, i, on_decision=lambda s, _: states.append(s)
                  if isinstance(s.pending[0], (ChooseRoomTokens, SteerBabysitter)) else None)
        i += 1
    return states[:n]


def _times(level: str, seed: int, states: list[State], deadline_ms: float | None) -> dict[str, float]:
    adv = make_policy("BGM", level, seed, catalogue=catalogue())
    times = []
    for s in states:
        t0 = time.perf_counter()
        adv.decide(InfoState(RULES, s, BOOGEYMAN), None if deadline_ms is None else t0 + deadline_ms / 1000.0)
        times.append((time.perf_counter() - t0) * 1000)
    return {"decisions": len(times), "ms_p50": round(percentile(times, 0.5), 2),
            "ms_p95": round(percentile(times, 0.95), 2), "ms_max": round(max(times), 2)}


def latency(seed: int, n: int = 300) -> dict[str, dict[str, float]]:
    states = positions(seed, n)
    out = {level: _times(level, seed, states, None) for level in ("rules", "normal", "hard")}
    for level in ("normal", "hard"):  # as the app runs it, with the level's deadline
        budget = time_budget_ms(level) or 0.0
        out[f"{level}_with_deadline_{budget:.0f}ms"] = _times(level, seed, states, budget)
    return out


def baseline(rev: str, games: int, seed: int, jobs: int, levels: str) -> dict[str, object] | None:
    """The benchmark of revision `rev` (its own script and code), run now from a temporary
    worktree: the same games, levels and seed. A revision whose script takes `--levels` and
    `--baseline-rev` is asked for these levels and no baseline of its own (else it would run its
    own baseline too, nested)."""
    with tempfile.TemporaryDirectory(prefix="ai-baseline-") as tmp:
        wt = Path(tmp) / "old"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(wt), rev], check=True)
        try:
            env = dict(os.environ, PYTHONPATH=str(wt))
            script = wt / "benchmarks" / "ai_strength.py"
            args = ["--games", str(games), "--seed", str(seed), "--jobs", str(jobs)]
            if "--baseline-rev" in script.read_text(encoding="utf-8"):
                args += ["--levels", levels, "--baseline-rev", ""]
            run = subprocess.run([sys.executable, str(script), *args], cwd=wt, env=env,
                                 capture_output=True, text=True)
            if not run.stdout.strip():
                print(run.stderr[-2000:], file=sys.stderr)
                return None
            result: dict[str, object] = json.loads(run.stdout)
            return result
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(wt)], check=False)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--levels", default="rules,normal,hard,clairvoyant")
    ap.add_argument("--baseline-rev", default=OLD_PLANNER, help="'' to skip the same-run baseline")
    args = ap.parse_args()
    print(f"strength: {args.games} Competitive games per level, seed {args.seed}, {args.jobs} jobs", file=sys.stderr)
    st = strength(args.games, args.seed, args.jobs, args.levels.split(","))
    rate = {k: float(v["children_win_rate"]) for k, v in st.items()}  # type: ignore[arg-type]
    verdict: dict[str, bool] = {}
    report: dict[str, object] = {"strength": st}
    if {"rules", "hard", "clairvoyant"} <= set(rate):
        gain = rate["rules"] - rate["clairvoyant"]
        report["hard_share_of_clairvoyant_gain"] = round((rate["rules"] - rate["hard"]) / gain, 3) if gain else None
    print("latency: 300 decisions per level, alone in one process", file=sys.stderr)
    lat = latency(args.seed)
    report["latency"] = lat
    if args.baseline_rev:
        print(f"baseline: the planner of {args.baseline_rev}, same games, same machine, now", file=sys.stderr)
        old = baseline(args.baseline_rev, args.games, args.seed, args.jobs, args.levels)
        report["baseline"] = old
        if old is not None:
            old_st, old_lat = old["strength"], old["latency"]  # type: ignore[index]
            for level in ("rules", "normal", "hard"):
                if level in rate:
                    was = float(old_st[level]["children_win_rate"])  # type: ignore[index]
                    report[f"{level}_win_rate_change_pp"] = round(100 * (rate[level] - was), 1)
            ratio = lat["hard"]["ms_p95"] / float(old_lat["hard"]["ms_p95"])  # type: ignore[index]
            report["hard_p95_ratio_vs_baseline"] = round(ratio, 3)
            verdict["hard_p95_le_1.2x_baseline"] = ratio <= 1.2
    verdict["hard_p95_lt_50ms"] = lat["hard"]["ms_p95"] < 50.0
    report["verdict"] = verdict
    print(json.dumps(report, indent=2))
    return 0 if all(verdict.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
