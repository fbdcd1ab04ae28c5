"""`companion simulate` and `companion balance`, for every registered game (docs/adversary.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.core.errors import IllegalInput

MAX_GAMES = 1_000_000  # results are kept in memory: a bound a user cannot hit by accident


def register(subparsers: Any) -> None:
    from companion.sim import games

    sim = subparsers.add_parser(
        "simulate", help="play many games with a policy per seat and report who wins",
        description="Plays whole games of any registered game: a policy per seat (--seats: random, greedy, "
                    "or a device level such as easy, normal, hard). Reproducible for a seed whatever --jobs.")
    sim.add_argument("--game", default="BGM", help=f"the game's code ({', '.join(games.codes())})")
    sim.add_argument("--seats", default=None, help="a level per seat in seat order (hard,random) or seat=level "
                     "pairs (default: every seat random)")
    sim.add_argument("--both-orders", action="store_true",
                     help="two-seat games only: every other game swaps the two seats' levels, so each level "
                          "plays both seats (the first player's edge cancels out)")
    sim.add_argument("--players", default=None, help="players at the table: N, or a range 3..6 that the games "
                     "cycle through (default: the game's own; Boogeyman: --children)")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--jobs", type=int, default=1, help="worker processes")
    sim.add_argument("--json", action="store_true", help="print the summary as one JSON object (the last line)")
    games.add_arguments(sim)
    sim.set_defaults(func=_simulate)

    bal = subparsers.add_parser(
        "balance", help="HTML report: win rates by game, mode and level, game length, where encounters happen",
        description="Runs --games games for every game (and Boogeyman mode) and level and writes one HTML file "
                    "with its charts embedded.")
    bal.add_argument("--out", default="balance.html")
    bal.add_argument("--games", type=int, default=100)
    bal.add_argument("--seed", type=int, default=0)
    bal.add_argument("--jobs", type=int, default=1)
    bal.add_argument("--game", action="append", default=[], help="only these games (repeatable; default all)")
    bal.add_argument("--modes", default="solo,coop,semi,competitive", help="Boogeyman modes")
    bal.add_argument("--levels", default="rules,normal,hard", help="Boogeyman levels")
    bal.set_defaults(func=_balance)


def check_counts(games: int, jobs: int) -> None:
    if not 1 <= games <= MAX_GAMES:
        raise IllegalInput(f"--games is 1 to {MAX_GAMES:,}, not {games}")
    if not 1 <= jobs <= 64:
        raise IllegalInput(f"--jobs is 1 to 64, not {jobs}")


def progress_bar(label: str) -> Any:
    """A tqdm bar on stderr when it is a terminal; a no-op otherwise."""
    from tqdm import tqdm

    tqdm.monitor_interval = 0  # no monitor thread in a process that forks its workers
    bar: Any = None

    def update(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = tqdm(total=total, desc=label, unit="game", file=sys.stderr, disable=not sys.stderr.isatty(),
                       leave=True)
        bar.n = done
        bar.refresh()
        if done >= total:
            bar.close()

    return update


def _simulate(args: argparse.Namespace) -> int:
    from companion.sim import games

    check_counts(args.games, args.jobs)
    sim = games.GameSim(args.game.upper())
    config = sim.configure(args)
    summary = sim.run(config, args.games, args.seed, args.jobs, progress_bar(f"{sim.code}"))
    if args.json:
        print(json.dumps(summary))
    else:
        print(sim.describe(config, summary))
    return 0


def _balance(args: argparse.Namespace) -> int:
    from companion.sim.balance import write_report

    check_counts(args.games, args.jobs)
    path = write_report(args.out, args.game, [m for m in args.modes.split(",") if m],
                        [v for v in args.levels.split(",") if v], args.games, args.seed, args.jobs,
                        progress=progress_bar)
    print(f"wrote {path}")
    return 0
