"""Boogeyman reducer throughput: inputs applied per second, over recorded random legal games.

Baseline in the same run: the same games applied with the reducers' `evolve` swapped back to
dataclasses.replace (what they used before). Then `legal_inputs` (which applies every candidate)
per call, the cost the child bots and UI pay. Not run by the test suite.

    .venv/bin/python benchmarks/engine.py [--games 30] [--repeat 3]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.boogeyman import actions, cards, common, figures, finale, rounds, rules, setup  # noqa: E402
from companion.games.boogeyman.game import RULES  # noqa: E402
from companion.games.boogeyman.moves import legal_inputs  # noqa: E402
from companion.games.boogeyman.state import Mode, Options  # noqa: E402

MODULES = (actions, cards, common, figures, finale, rounds, rules, setup)
OPTIONS = Options(mode=Mode.COMPETITIVE, children=("mike", "daphne", "ray", "leila"))


def record(n_games: int) -> list[list[object]]:
    games = []
    for seed in range(n_games):
        rnd = random.Random(seed)
        s = RULES.setup(OPTIONS, seed)
        seq = []
        for _ in range(300):
            legal = legal_inputs(s)
            if not legal:
                break
            inp = rnd.choice(legal)
            s = RULES.apply(s, inp)
            seq.append(inp)
        games.append(seq)
    return games


def replay_rate(games: list[list[object]]) -> tuple[float, str]:
    t = time.perf_counter()
    finals = []
    for seed, seq in enumerate(games):
        s = RULES.setup(OPTIONS, seed)
        for inp in seq:
            s = RULES.apply(s, inp)  # type: ignore[arg-type]
        finals.append(s)
    n = sum(len(g) for g in games)
    return n / (time.perf_counter() - t), repr(finals)


def with_copier(copier: object) -> None:
    for m in MODULES:
        if hasattr(m, "evolve"):
            m.evolve = copier  # type: ignore[attr-defined]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    games = record(args.games)
    n = sum(len(g) for g in games)
    fast_evolve = common.evolve
    fast, base = [], []
    for _ in range(args.repeat):
        with_copier(fast_evolve)
        rate, final_fast = replay_rate(games)
        fast.append(rate)
        with_copier(dataclasses.replace)
        rate, final_base = replay_rate(games)
        base.append(rate)
        assert final_fast == final_base, "both copiers must give the same games"
    with_copier(fast_evolve)
    s = RULES.setup(OPTIONS, 0)
    t = time.perf_counter()
    calls = 0
    for inp in games[0][:200]:
        legal_inputs(s)
        calls += 1
        s = RULES.apply(s, inp)  # type: ignore[arg-type]
    legal_ms = (time.perf_counter() - t) * 1000 / calls
    f, b = statistics.median(fast), statistics.median(base)
    print(f"reducer, {args.games} recorded Competitive games ({n} inputs), median of {args.repeat}:")
    print(f"  evolve               {f:10,.0f} inputs/s")
    print(f"  dataclasses.replace  {b:10,.0f} inputs/s (baseline)")
    print(f"  ratio                {f / b:10.2f}x")
    print(f"legal_inputs: {legal_ms:.2f} ms a call (applies every candidate)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
