"""What the house and card files share: issues with file and line, and finding those lines."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from companion.core.errors import BoardFileError

MAX_BYTES = 256_000  # a data file is a few kilobytes; refuse anything that is not one


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
            message += f" (and {len(issues) - 1} more:" + "".join(f"\n  {i}" for i in issues[1:]) + ")"
        super().__init__(first.path, first.line, message)
        self.issues = tuple(issues)


def _code(line: str) -> str:
    """The line without its comment (a # outside quotes)."""
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[:i]
    return line


class Lines:
    """Where things sit in the raw text: the nth [[table]] and a needle inside it."""

    def __init__(self, text: str, array: str) -> None:
        self.code = [_code(line) for line in text.splitlines()]
        pattern = re.compile(r"^\s*\[\[\s*" + re.escape(array) + r"\s*\]\]")
        self.starts = [i for i, line in enumerate(self.code) if pattern.match(line)]
        plain = re.compile(r"^\s*\[\s*([A-Za-z0-9_.]+)\s*\]")
        self.tables = {m.group(1): i for i, line in enumerate(self.code) if (m := plain.match(line))}

    def span(self, nth: int | None) -> tuple[int, int]:
        if nth is None:
            return 0, (self.starts[0] if self.starts else len(self.code))
        if nth >= len(self.starts):
            return len(self.code), len(self.code)
        end = self.starts[nth + 1] if nth + 1 < len(self.starts) else len(self.code)
        return self.starts[nth], end

    def find(self, nth: int | None, *needles: str) -> int | None:
        """The line (1-based) of the first needle found in the nth table (None: the top), trying
        the needles in turn; else the table's header line."""
        lo, hi = self.span(nth)
        for needle in needles:
            for i in range(lo, hi):
                if needle in self.code[i]:
                    return i + 1
        return lo + 1 if nth is not None and lo < len(self.code) else None

    def table(self, name: str, key: str = "") -> int | None:
        start = self.tables.get(name)
        if start is None:
            return None
        if key:
            for i in range(start + 1, len(self.code)):
                if self.code[i].lstrip().startswith("["):
                    break
                if re.match(r"^\s*" + re.escape(key) + r"\s*=", self.code[i]):
                    return i + 1
        return start + 1


def read_toml(path: str | Path) -> tuple[dict[str, Any] | None, str, list[Issue]]:
    """The parsed file and its text, or the issue that stopped it."""
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        return None, "", [Issue(name, None, f"cannot read the file: {exc.strerror or exc}")]
    if len(raw) > MAX_BYTES:
        return None, "", [Issue(name, None, f"{len(raw)} bytes is too big for a data file (at most {MAX_BYTES})")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, "", [Issue(name, None, f"not UTF-8 text: {exc.reason}")]
    try:
        return tomllib.loads(text), text, []
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"line (\d+)", str(exc))
        line = int(found.group(1)) if found else None
        return None, text, [Issue(name, line, f"TOML syntax error: {exc}")]
