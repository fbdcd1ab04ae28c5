"""`companion bgm board ...` (also `companion board ...`): check a Boogeyman board file."""

from __future__ import annotations

import argparse
from typing import Any

from companion.core.datafile import add_check_command, report_issues


HELP = "Boogeyman: The Board Game (board files)"


def register(subparsers: Any) -> None:
    """Under `companion bgm`."""
    _board(subparsers)


def register_legacy(subparsers: Any) -> None:
    """The spelling from before the games had groups: `companion board check`."""
    _board(subparsers)


def _board(subparsers: Any) -> None:
    add_check_command(subparsers, "board", "Boogeyman board files (the house plan)", what="board file",
                      description="Check a board file. With no FILE, checks the shipped Villa Spencer plan.",
                      file_help="the board file (.toml)", func=_check, dest="board_command")


def _check(args: argparse.Namespace) -> int:
    # Imported here so `companion --help` stays fast on the Pi.
    from companion.games.boogeyman.board_file import check_house, default_house_path, load_house

    path = args.file if args.file is not None else str(default_house_path())
    issues = check_house(path)
    if issues:
        return report_issues(path, issues)
    house = load_house(path)
    print(f"{path}: OK — {len(house.rooms)} rooms, {len(house.corridors)} corridors, "
          f"{len(house.passages)} passages")
    return 0
