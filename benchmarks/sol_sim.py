"""The Stuff of Legend: how fast whole simulated games run, and what a searching seat costs.

Baseline in the same run: the same games with every seat a uniformly random legal player (the cost of
the reducer and the protocol alone); the hero bots' games are reported as a ratio to it, and the
`hard` level's decision times beside the bots'. Not run by the test suite.

    .venv/bin/python benchmarks/sol_sim.py [--games 40] [--hard 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.ai.engine import RandomPolicy, make_policy  # noqa: E402
from companion.games.stuff_of_legend.game import RULES  # noqa: E402
from companion.games.stuff_of_legend.policies import TableBot  # noqa: E402
from companion.games.stuff_of_legend.sim import Model, sim_options  # noqa: E402
from companion.games.stuff_of_legend.state import STANDARD_HEROES  # noqa: E402
from companion.sim.harness import percentile, play  # noqa: E402


def run(games: int, level: str, hard_seats: int = 0) -> tuple[float, list[float], int]:
    t0 = time.perf_counter()
    times: list[float] = []
    inputs = 0
    for g in range(games):
        opts = sim_options(3 + g % 4)
        seats = STANDARD_HEROES[: opts.players]
        pol: dict[str, Any] = {}
        for i, seat in enumerate(seats):
            lv = "hard" if i < hard_seats else level
            pol[seat] = RandomPolicy(g * 10 + i) if lv == "random" else make_policy("SOL", lv, g * 10 + i)
        pol["*"] = RandomPolicy(g) if level == "random" else TableBot(g)
        p = play(RULES, opts, pol, g, model=Model())
        inputs += p.inputs
        for ms in p.decision_ms.values():
            times.extend(ms)
    return time.perf_counter() - t0, times, inputs


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--hard", type=int, default=2, help="games with one searching (hard) seat")
    args = ap.parse_args()
    base, _, base_inputs = run(args.games, "random")
    bots, _, bot_inputs = run(args.games, "normal")
    print(f"random players: {args.games} games in {base:.2f}s ({base_inputs / base:.0f} inputs/s)")
    print(f"hero bots:      {args.games} games in {bots:.2f}s ({bot_inputs / bots:.0f} inputs/s), "
          f"{bots / args.games * 1000:.0f} ms a game; per input {bots / bot_inputs / (base / base_inputs):.1f}x "
          "the random players' cost")
    if args.hard:
        took, times, _ = run(args.hard, "normal", hard_seats=1)
        print(f"one hard seat:  {args.hard} games in {took:.1f}s; decisions p50 {statistics.median(times):.1f} ms, "
              f"p95 {percentile(times, 0.95):.1f} ms ({len(times)} decisions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
