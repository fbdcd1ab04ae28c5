"""`companion gsb board check [FILE]`: check a Goosebumps track file."""

from __future__ import annotations

import argparse
import sys
from typing import Any

HELP = "Goosebumps: The Board Game (track files)"


def register(subparsers: Any) -> None:
    board = subparsers.add_parser("board", help="Goosebumps track files (spaces, Landmarks, STEAL, mix)")
    board.set_defaults(func=lambda args: _usage(board))
    sub = board.add_subparsers(dest="gsb_board_command", metavar="SUBCOMMAND")
    check = sub.add_parser(
        "check", help="check a track file and list every problem with its line",
        description="Check a Goosebumps track file. With no FILE, checks the shipped placeholder "
                    "(which must be checked against your printed board).")
    check.add_argument("file", nargs="?", metavar="FILE", help="the track file (.toml)")
    check.set_defaults(func=_check)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _check(args: argparse.Namespace) -> int:
    from companion.core.datafile import report_issues
    from companion.games.goosebumps.board import check_track, default_track_path, load_track

    path = args.file if args.file is not None else str(default_track_path())
    issues = check_track(path)
    if issues:
        return report_issues(path, issues)
    t = load_track(path)
    print(f"{path}: OK - {t.name}: THE END on space {t.end}, {len(t.landmarks)} Landmarks, "
          f"{len(t.steal)} STEAL spaces, " + (f"shortcut {t.sign} -> {t.tombstone}" if t.sign > 0 else "no shortcut")
          + f"; Monster Mayhem mix: {t.mix.describe()}")
    return 0
