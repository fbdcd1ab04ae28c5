"""`companion bgm board ...` (also `companion board ...`): check a Boogeyman board file."""

from __future__ import annotations

import argparse
import sys
from typing import Any


HELP = "Boogeyman: The Board Game (board files)"


def register(subparsers: Any) -> None:
    """Under `companion bgm`."""
    _board(subparsers)


def register_legacy(subparsers: Any) -> None:
    """The spelling from before the games had groups: `companion board check`."""
    _board(subparsers)


def _board(subparsers: Any) -> None:
    board = subparsers.add_parser("board", help="Boogeyman board files (the house plan)")
    board.set_defaults(func=lambda args: _usage(board))
    sub = board.add_subparsers(dest="board_command", metavar="SUBCOMMAND")
    check = sub.add_parser(
        "check",
        help="check a board file and list every problem with its line",
        description="Check a board file. With no FILE, checks the shipped Villa Spencer plan.",
    )
    check.add_argument("file", nargs="?", metavar="FILE", help="the board file (.toml)")
    check.set_defaults(func=_check)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _check(args: argparse.Namespace) -> int:
    # Imported here so `companion --help` stays fast on the Pi.
    from companion.core.datafile import report_issues
    from companion.games.boogeyman.board_file import check_house, default_house_path, load_house

    path = args.file if args.file is not None else str(default_house_path())
    issues = check_house(path)
    if issues:
        return report_issues(path, issues)
    house = load_house(path)
    print(f"{path}: OK — {len(house.rooms)} rooms, {len(house.corridors)} corridors, "
          f"{len(house.passages)} passages")
    return 0
