"""Reading this pack's TOML data files with every problem reported at its file and line.

The files keep one entry (a space, a trail, a card) per line, so a problem can point at the line
to fix. tomllib gives no positions, so `Lines` finds them in the text: one pass over the file,
linear in its size.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from companion.core.errors import BoardFileError

MAX_BYTES = 1_000_000  # a data file is a few kilobytes; a bigger one is not ours


@dataclass(frozen=True)
class Issue:
    path: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line is not None else self.path
        return f"{where}: {self.message}"


class DataFileIssues(BoardFileError):
    """A data file with one or more problems; `issues` holds all of them."""

    def __init__(self, issues: Sequence[Issue]) -> None:
        first = issues[0]
        message = first.message
        if len(issues) > 1:
            message += f" (and {len(issues) - 1} more: " + "; ".join(str(i) for i in issues[1:4])
            message += ", ..." if len(issues) > 4 else ""
            message += ")"
        super().__init__(first.path, first.line, message)
        self.issues = tuple(issues)


_HEADER = re.compile(r"^\s*\[\s*([A-Za-z0-9_.-]+)\s*\]\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=")


class Lines:
    """Where things are in a data file: the line of `key` in `[table]`, and the line of each
    one-line item of an array `key = [ ... ]`."""

    def __init__(self, text: str) -> None:
        self.keys: dict[tuple[str, str], int] = {}
        self.items: dict[tuple[str, str], list[int]] = {}
        table = ""
        in_array: tuple[str, str] | None = None
        for no, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if in_array is not None:
                if line.startswith("]"):
                    in_array = None
                elif line.startswith("{") or line.startswith("["):
                    self.items[in_array].append(no)
                continue
            head = _HEADER.match(raw)
            if head:
                table = head.group(1)
                continue
            key = _KEY.match(raw)
            if key:
                where = (table, key.group(1))
                self.keys.setdefault(where, no)
                rest = raw.split("=", 1)[1].split("#", 1)[0].strip()
                if rest == "[":
                    in_array = where
                    self.items[where] = []

    def key(self, table: str, key: str) -> int | None:
        return self.keys.get((table, key))

    def item(self, table: str, key: str, index: int) -> int | None:
        lines = self.items.get((table, key), [])
        if index < len(lines):
            return lines[index]
        return self.key(table, key)


def read_toml(path: str | Path) -> tuple[dict[str, Any] | None, str, list[Issue]]:
    """The parsed file and its text, or the issue that stopped the reading."""
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        return None, "", [Issue(name, None, f"cannot read the file: {exc.strerror or exc}")]
    if len(raw) > MAX_BYTES:
        return None, "", [Issue(name, None, f"{len(raw)} bytes: too big for a data file (at most {MAX_BYTES})")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, "", [Issue(name, None, f"not UTF-8 text: {exc.reason}")]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"at line (\d+)", str(exc))
        return None, text, [Issue(name, int(found.group(1)) if found else None, f"TOML syntax error: {exc}")]
    return data, text, []
