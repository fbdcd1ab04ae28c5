"""`companion ...`: the console entry point.

Each capability package that has a `commands.py` with `register(subparsers)` adds its own
subcommands, so packages stay independent and `companion --help` lists them all.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from typing import Sequence

import companion
from companion.core.errors import CompanionError


def _command_modules() -> list[str]:
    # Found on disk rather than by importing every package: --help stays fast and a package
    # whose __init__ pulls in Kivy or OpenCV is only imported when its command runs.
    root = Path(companion.__file__).parent
    names = []
    for path in root.rglob("commands.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if "__pycache__" not in parts:
            names.append(".".join(parts))
    return sorted(names)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Plays the adversary beside a physical board game (Boogeyman and more).",
    )
    parser.add_argument("--version", action="version", version=f"companion {companion.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _command_modules():
        module = importlib.import_module(name)
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        return int(func(args) or 0)
    except CompanionError as exc:
        print(f"companion: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
