"""`companion gsb board check [FILE]`: check a Goosebumps track file."""

from __future__ import annotations

import argparse
from typing import Any

from companion.core.datafile import add_check_command, report_issues

HELP = "Goosebumps: The Board Game (track files)"


def register(subparsers: Any) -> None:
    add_check_command(subparsers, "board", "Goosebumps track files (spaces, Landmarks, STEAL, mix)",
                      what="track file",
                      description="Check a Goosebumps track file. With no FILE, checks the shipped placeholder "
                                  "(which must be checked against your printed board).",
                      file_help="the track file (.toml)", func=_check, dest="gsb_board_command")


def _check(args: argparse.Namespace) -> int:
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
