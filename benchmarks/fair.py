"""The fair levels (companion/ai/fair.py, issue 30): does the table's chance stay near even?
Not part of the suite.

One line per game and opponent:

* Boogeyman, Competitive: the child bots at each skill (`--children-level good|novice`) against
  "fair", and against Normal (the skills must differ there by at least 15 points), and the good
  bots against Hard (its decision time in the same run); the children's win rate.
* Boogeyman, Cooperative: the children at each skill against the game-run Boogeyman (the
  rulebook's procedure: no seat, so no level applies - printed so the line is not missing).
* Bump in the Night and Goosebumps, two players, both seat orders (odd games swap the seats):
  "fair" against `greedy` and against `hard`; the fair seat's win rate (a shared win counts half),
  overall and in each seat order (the fair seat first to play, and second).

Each line gives the games, the rate with its 95 % interval, whether it is inside 40-60 %, and
the fair seat's decision time p95 against Hard's budget (`time_ms` of the game's `hard` level;
in the `hard` cells Hard's own p95 in the same games too, so a loaded machine shows as such).
Issue 30's Done-when asks for 1,000 games per cell; `--games` sets it.

    .venv/bin/python benchmarks/fair.py [--games 1000] [--jobs 2] [--seed 2026] [--only BGM,BIN,GSB]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.ai.engine import game_policies  # noqa: E402
from companion.sim.games import GameSim  # noqa: E402
from companion.sim.harness import Played, percentile, run_many  # noqa: E402


def interval(k: float, n: int) -> float:
    """Half-width of the 95 % normal interval of a rate k/n."""
    if n == 0:
        return 0.0
    p = k / n
    return 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / n)


def hard_budget(code: str) -> float:
    return float(game_policies(code).levels["hard"].time_ms or 0.0)


def line(game: str, opponent: str, n: int, won: float, what: str, fair_ms: list[float], budget: float,
         extra: str = "", judged: bool = True, secs: float = 0.0) -> str:
    rate = won / n if n else 0.0
    ok = ("inside" if 0.40 <= rate <= 0.60 else "OUTSIDE") + " 40-60 %" if judged else "not judged"
    p95 = percentile(fair_ms, 0.95)
    timing = f"fair p95 {p95:.1f} ms vs Hard's budget {budget:.0f} ms" if fair_ms else "no fair decisions"
    return (f"{game:<24} vs {opponent:<16} {n:>5} games  {what} {100 * rate:5.1f} % +-{100 * interval(won, n):.1f}"
            f"  [{ok}]  {timing}{extra}  ({secs:.0f} s)")


def bgm(games: int, seed: int, jobs: int) -> list[str]:
    from companion.games.boogeyman.protocol import BOOGEYMAN
    from companion.games.boogeyman.sim.model import Config, children_won, job

    out = []
    budget = hard_budget("BGM")
    rates: dict[tuple[str, str], float] = {}
    for skill in ("good", "novice"):
        # Hard with the good bots: its decision time in the same run (a loaded machine shows).
        for level in ("normal", "hard", "fair") if skill == "good" else ("normal", "fair"):
            t0 = time.perf_counter()
            played = run_many(job(Config("competitive", level, children_level=skill), seed), games, jobs)
            won = sum(children_won(p) for p in played)
            rates[(skill, level)] = won / games
            ms = [t for p in played for t in p.decision_ms.get(BOOGEYMAN, [])]
            extra = f"; Hard p95 {percentile(ms, 0.95):.1f} ms" if level == "hard" else ""
            out.append(line("BGM competitive", f"{level} ({skill} kids)", games, won, "children win",
                            ms if level == "fair" else [], budget, extra=extra, judged=level == "fair",
                            secs=time.perf_counter() - t0))
            print(out[-1], flush=True)
    gap = 100 * (rates[("good", "normal")] - rates[("novice", "normal")])
    out.append(f"{'BGM competitive':<24} skills against Normal differ by {gap:.1f} points "
               f"[{'met' if gap >= 15 else 'NOT met'}: at least 15]")
    print(out[-1], flush=True)
    for skill in ("good", "novice"):
        t0 = time.perf_counter()
        played = run_many(job(Config("coop", "fair", children_level=skill), seed), games, jobs)
        won = sum(children_won(p) for p in played)
        out.append(line("BGM cooperative", f"game-run ({skill} kids)", games, won, "children win", [], budget,
                        extra="  (no device seat in Cooperative: the rulebook runs the Boogeyman)",
                        secs=time.perf_counter() - t0))
        print(out[-1], flush=True)
    return out


def two_seats(code: str, games: int, seed: int, jobs: int, against: tuple[str, ...] = ("greedy", "hard")) -> list[str]:
    sim = GameSim(code)
    out = []
    budget = hard_budget(code)
    for opponent in against:
        t0 = time.perf_counter()
        config = sim.configure(argparse.Namespace(seats=f"fair,{opponent}", both_orders=True, players=None))
        played: list[Played] = run_many(sim.job(config, seed), games, jobs)
        won = 0.0
        fair_ms: list[float] = []
        hard_ms: list[float] = []
        by_order = [[0.0, 0], [0.0, 0]]  # (won, games) with the fair seat first, second
        for p in played:
            levels = dict(zip(config.seats, p.metrics.get("levels", config.levels)))
            fair_seat = next(s for s, lv in levels.items() if lv == "fair")
            share = 1.0 / len(p.winners) if fair_seat in p.winners else 0.0
            won += share
            order = 0 if fair_seat == config.seats[0] else 1
            by_order[order][0] += share
            by_order[order][1] += 1
            for seat, ms in p.decision_ms.items():
                (fair_ms if levels.get(seat) == "fair" else hard_ms).extend(ms)
        extra = f"; Hard p95 {percentile(hard_ms, 0.95):.1f} ms in the same games" if opponent == "hard" else ""
        extra += "; " + ", ".join(f"fair {w} {100 * k / max(1, n):.1f} % +-{100 * interval(k, n):.1f} of {n}"
                                  for w, (k, n) in zip(("first", "second"), by_order))
        out.append(line(f"{code} 2 players, both orders", opponent, games, won, "fair wins", fair_ms, budget,
                        extra=extra, secs=time.perf_counter() - t0))
        print(out[-1], flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000, help="games per cell (issue 30: 1000)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--only", default="BGM,BIN,GSB", help="which games (comma-separated)")
    ap.add_argument("--against", default="greedy,hard", help="Bump in the Night's and Goosebumps' opponents")
    args = ap.parse_args(argv)
    only = [c.strip().upper() for c in args.only.split(",") if c.strip()]
    print(f"fair levels: {args.games} games per cell, seed {args.seed}, {args.jobs} jobs", flush=True)
    t0 = time.perf_counter()
    lines: list[Any] = []
    if "BGM" in only:
        lines += bgm(args.games, args.seed, args.jobs)
    for code in ("BIN", "GSB"):
        if code in only:
            lines += two_seats(code, args.games, args.seed, args.jobs, tuple(args.against.split(",")))
    print(f"done in {time.perf_counter() - t0:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
