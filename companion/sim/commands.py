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
                    "with its charts embedded. It first says what it will run, then a line per batch of games "
                    "(a progress bar on a terminal).")
    bal.add_argument("--out", default="balance.html", help="the HTML file to write (default: %(default)s)")
    bal.add_argument("--games", type=int, default=100, help="games per line of the report (default: %(default)s; "
                     "the defaults take minutes: fewer games or more --jobs are quicker)")
    bal.add_argument("--seed", type=int, default=0, help="default: %(default)s")
    bal.add_argument("--jobs", type=int, default=1, help="worker processes (default: %(default)s)")
    bal.add_argument("--game", action="append", default=[], help="only these games (repeatable; default all)")
    bal.add_argument("--modes", default="solo,coop,semi,competitive", help="Boogeyman modes (default: %(default)s)")
    bal.add_argument("--levels", default="rules,normal,hard,fair", help="Boogeyman levels (default: %(default)s)")
    bal.set_defaults(func=_balance)


def check_counts(games: int, jobs: int) -> None:
    if not 1 <= games <= MAX_GAMES:
        raise IllegalInput(f"--games is 1 to {MAX_GAMES:,}, not {games}")
    if not 1 <= jobs <= 64:
        raise IllegalInput(f"--jobs is 1 to 64, not {jobs}")


def progress_bar(label: str, lines: bool = False) -> Any:
    """A tqdm bar on stderr when it is a terminal; otherwise nothing, or with `lines` one line
    when the batch is done (a long run in a log or a pipe still shows it is alive)."""
    from tqdm import tqdm

    tqdm.monitor_interval = 0  # no monitor thread in a process that forks its workers
    bar: Any = None

    def update(done: int, total: int) -> None:
        nonlocal bar
        if lines and not sys.stderr.isatty():
            if done >= total:
                print(f"  {label}: {total} games", file=sys.stderr, flush=True)
            return
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


def balance_plan(args: argparse.Namespace, modes: list[str], levels: list[str]) -> str:
    """What `companion balance` is about to run, its defaults included: it runs for minutes."""
    from companion.sim.games import codes

    games = (", ".join(c.upper() for c in args.game) if args.game
             else f"every game ({', '.join(codes())})")
    boogeyman = (f", Boogeyman modes {','.join(modes)} and levels {','.join(levels)}"
                 if not args.game or "BGM" in (c.upper() for c in args.game) else "")
    jobs = f"{args.jobs} job{'s' if args.jobs > 1 else ''}"
    per = f"{args.games} game{'s' if args.games > 1 else ''} per line"
    return (f"balance: {per} for {games}{boogeyman}, seed {args.seed}, {jobs}; "
            f"writing {args.out} (--help: how to change them)")


def _balance(args: argparse.Namespace) -> int:
    from companion.core.packs import get_pack
    from companion.sim.balance import check_out, write_report

    check_counts(args.games, args.jobs)
    check_out(args.out)
    for code in args.game:
        get_pack(code.upper())  # an unknown game is refused before anything runs
    modes = [m for m in args.modes.split(",") if m]
    levels = [v for v in args.levels.split(",") if v]
    print(balance_plan(args, modes, levels), file=sys.stderr, flush=True)
    path = write_report(args.out, args.game, modes, levels, args.games, args.seed, args.jobs,
                        progress=lambda label: progress_bar(label, lines=True))
    print(f"wrote {path}")
    return 0
