"""Argument types for the CLI: numbers within a range, and output files that can be written.

Checked while the arguments are parsed, so a typo is refused at once with argparse's usage
message (exit status 2), never after minutes of work or with a traceback.
"""

from __future__ import annotations

import argparse
import math
import os
from typing import Callable


def whole(lo: int, hi: int) -> Callable[[str], int]:
    """A whole number from lo to hi."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"must be from {lo} to {hi}, not {text}")
        return value

    return parse


def number(lo: float, hi: float) -> Callable[[str], float]:
    """A number from lo to hi (seconds, for instance)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not (math.isfinite(value) and lo <= value <= hi):
            raise argparse.ArgumentTypeError(f"must be from {lo:g} to {hi:g}, not {text}")
        return value

    return parse


def out_file(text: str) -> str:
    """A file to write: its folder exists and can be written, and it is not itself a folder."""
    if not text:
        raise argparse.ArgumentTypeError("an empty file name")
    path = os.path.abspath(text)
    folder = os.path.dirname(path)
    if os.path.isdir(path):
        raise argparse.ArgumentTypeError(f"{text} is a folder; give a file name")
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError(f"the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise argparse.ArgumentTypeError(f"the folder {folder} cannot be written")
    if os.path.exists(path) and not os.access(path, os.W_OK):
        raise argparse.ArgumentTypeError(f"{text} cannot be written")
    return text
