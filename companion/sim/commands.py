"""`companion simulate` and `companion balance`: play many games with bots (docs/adversary.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.core.argtypes import out_file, whole

MODES = ("solo", "coop", "semi", "competitive")
LEVELS = ("rules", "easy", "normal", "hard")


def register(subparsers: Any) -> None:
    sim = subparsers.add_parser(
        "simulate", help="play many bot games against an adversary level and report win rates",
        description="Child bots against the device's Boogeyman. Reproducible for a seed whatever --jobs.")
    sim.add_argument("--game", default="BGM", choices=["BGM"])
    sim.add_argument("--mode", default="competitive", choices=MODES)
    sim.add_argument("--adversary", default="rules", choices=LEVELS)
    sim.add_argument("--games", type=whole(1, 1_000_000), default=100)
    sim.add_argument("--seed", type=whole(0, (1 << 63) - 1), default=0)
    sim.add_argument("--jobs", type=whole(1, 64), default=1, help="worker processes")
    sim.add_argument("--children", type=whole(0, 6), default=0, help="children per game (0: the mode's default)")
    sim.add_argument("--no-catalogue", action="store_true",
                     help="the AI does not know the modelled card effects (default ranking only)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(func=_simulate)

    bal = subparsers.add_parser(
        "balance", help="HTML report: children's win rate by mode and difficulty, rounds, encounter map",
        description="Runs --games games for every mode and level and writes a self-contained HTML file.")
    bal.add_argument("--out", type=out_file, default="balance.html")
    bal.add_argument("--games", type=whole(1, 100_000), default=100)
    bal.add_argument("--seed", type=whole(0, (1 << 63) - 1), default=0)
    bal.add_argument("--jobs", type=whole(1, 64), default=1)
    bal.add_argument("--modes", default=",".join(MODES))
    bal.add_argument("--levels", default="rules,normal,hard")
    bal.set_defaults(func=_balance)


class _Progress:
    """A one-line progress bar on stderr, only when stderr is a terminal."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.tty = sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        if not self.tty:
            return
        width = 30
        filled = width * done // max(1, total)
        sys.stderr.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def _simulate(args: argparse.Namespace) -> int:
    from companion.sim.runner import run_games, summarize

    if args.games < 1 or args.jobs < 1:
        print("companion simulate: --games and --jobs must be at least 1", file=sys.stderr)
        return 2
    results = run_games(args.mode, args.adversary, args.games, args.seed, jobs=args.jobs,
                        children=args.children, catalogue=not args.no_catalogue,
                        progress=_Progress(f"{args.mode}/{args.adversary}"))
    summary = summarize(results)
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{summary['games']} games, {args.mode} vs {args.adversary}: children win "
              f"{summary['children_win_rate']:.1%}, mean {summary['mean_rounds']} rounds, Boogeyman "
              f"decisions p50 {summary['decision_ms_p50']} ms / p95 {summary['decision_ms_p95']} ms")
    return 0


def _balance(args: argparse.Namespace) -> int:
    from companion.sim.balance import write_report

    modes = [m for m in args.modes.split(",") if m]
    levels = [v for v in args.levels.split(",") if v]
    bad = [m for m in modes if m not in MODES] + [v for v in levels if v not in LEVELS]
    if bad:
        print(f"companion balance: unknown mode/level {bad[0]!r}", file=sys.stderr)
        return 2
    path = write_report(args.out, modes, levels, args.games, args.seed, args.jobs, progress=_Progress)
    print(f"wrote {path}")
    return 0
