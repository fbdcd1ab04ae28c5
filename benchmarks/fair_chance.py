"""Fit Boogeyman's chance estimate for the fair levels (`policies.CHANCE_WEIGHTS`): a logistic
regression of "the children won" on the public features (`policies.chance_features`) at every
Boogeyman decision of Competitive games against rules, normal and hard. Prints the weights and
the predicted-against-observed win rate in 10 % bins. Not part of the suite.

    .venv/bin/python benchmarks/fair_chance.py [--games 100] [--seed 777]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.boogeyman.ai.policies import chance_features  # noqa: E402
from companion.games.boogeyman.sim.model import Config, children_won, play_game  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100, help="games per level")
    ap.add_argument("--seed", type=int, default=777)
    args = ap.parse_args(argv)
    xs: list[tuple[float, ...]] = []
    ys: list[float] = []
    for level in ("rules", "normal", "hard"):
        for i in range(args.games):
            rows: list[tuple[float, ...]] = []
            p = play_game(Config("competitive", level), args.seed, i,
                          on_decision=lambda s, inp: rows.append(chance_features(s)))
            xs += rows
            ys += [1.0 if children_won(p) else 0.0] * len(rows)
    x, y = np.array(xs), np.array(ys)
    w = np.zeros(x.shape[1])
    for _ in range(20000):  # plain gradient descent on the log loss
        w -= 2.0 * x.T @ (1 / (1 + np.exp(-x @ w)) - y) / len(y)
    p = 1 / (1 + np.exp(-x @ w))
    print(f"{len(y)} decisions, children won at {y.mean():.3f} of them")
    print("CHANCE_WEIGHTS =", json.dumps([round(float(v), 3) for v in w]))
    for lo in np.arange(0, 1, 0.1):
        m = (p >= lo) & (p < lo + 0.1)
        if m.sum():
            print(f"predicted {lo:.1f}-{lo + 0.1:.1f}: {int(m.sum())} decisions, observed {y[m].mean():.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
