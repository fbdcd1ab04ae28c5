"""Reading a game's TOML data file and reporting every problem in it with its file and line.

Board geometry the rulebooks do not print is data that players correct by hand, so a checker
must point at the line to fix. tomllib gives no positions: `Lines` finds tables, keys and array
items in the text in one pass, and every look-up after it is a dictionary access or a scan of one
table, so checking stays linear in the file's size. Game-free: each pack brings its own checks.
"""

from __future__ import annotations

import argparse
import bisect
import errno
import os
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Protocol, Sequence, TypeVar

from companion.core.errors import BoardFileError
from companion.core.files import read_bounded

MAX_BYTES = 1_000_000  # a data file is a few kilobytes; a bigger one is not ours
T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


WHOLE_FILE = 1  # the line a problem of the file as a whole names (too big, unreadable, empty, ...)


@dataclass(frozen=True)
class Issue:
    """One problem in a data file; `line` is 1-based (`read_checked` and `parse_checked` name line 1
    for a problem of the whole file; None only from a reader of its own that cannot name one)."""

    path: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line is not None else self.path
        return f"{where}: {self.message}"


class DataFileIssues(BoardFileError):
    """A data file with one or more problems; `issues` holds all of them. The message gives the
    first, then the others on their own lines, or (with `most`) that many of them on one line."""

    def __init__(self, issues: Sequence[Issue], most: int | None = None) -> None:
        first = issues[0]
        message = first.message
        rest = issues[1:]
        if rest and most is None:
            message += f" (and {len(rest)} more:" + "".join(f"\n  {i}" for i in rest) + ")"
        elif rest and most is not None:
            message += f" (and {len(rest)} more: " + "; ".join(str(i) for i in rest[:most])
            message += (", ..." if len(rest) > most else "") + ")"
        super().__init__(first.path, first.line, message)
        self.issues = tuple(issues)


@dataclass(frozen=True)
class Wording:
    """How a pack words the problems that stop its file being read at all."""

    unreadable: str = "cannot read the file: {error}"
    too_big: str = "{size} bytes: too big for a data file (at most {limit})"
    too_deep: str = "TOML nested too deeply"


def read_toml(path: str | Path, limit: int = MAX_BYTES,
              wording: Wording = Wording()) -> tuple[dict[str, Any] | None, str, list[Issue]]:
    """The parsed file and its text, or the issue that stopped the reading. Devices and pipes
    are refused without blocking, and a file over `limit` bytes before it is read."""
    name = str(path)
    try:
        raw = read_bounded(path, limit)
    except OSError as exc:
        if exc.errno == errno.EFBIG:
            return None, "", [Issue(name, WHOLE_FILE, wording.too_big.format(size=_size(path, limit), limit=limit))]
        return None, "", [Issue(name, WHOLE_FILE, wording.unreadable.format(error=exc.strerror or exc))]
    return parse_toml(raw, name, limit, wording)


def _size(path: str | Path, limit: int) -> int:
    try:
        return os.stat(path).st_size
    except OSError:  # gone since: it was over the limit
        return limit + 1


def parse_toml(raw: bytes | str, name: str, limit: int = MAX_BYTES,
               wording: Wording = Wording()) -> tuple[dict[str, Any] | None, str, list[Issue]]:
    """`read_toml` for content already in hand (as a journal records it); `name` is for messages."""
    if len(raw) > limit:
        return None, "", [Issue(name, WHOLE_FILE, wording.too_big.format(size=len(raw), limit=limit))]
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        line = exc.object[: exc.start].count(b"\n") + 1  # the line of the first bad byte
        return None, "", [Issue(name, line, f"not UTF-8 text: {exc.reason}")]
    try:
        return tomllib.loads(text), text, []
    except tomllib.TOMLDecodeError as exc:
        line = toml_error_line(str(exc), text) or WHOLE_FILE
        return None, text, [Issue(name, line, f"TOML syntax error: {exc}")]
    except RecursionError:
        return None, text, [Issue(name, WHOLE_FILE, wording.too_deep)]
    except ValueError as exc:  # e.g. an integer of thousands of digits
        return None, text, [Issue(name, _long_number_line(text), f"TOML value out of range: {exc}")]


class Checker(Protocol[T_co]):
    """A pack's checker of one parsed file: `run` gives what the file describes, and every
    problem found on the way is in `issues`."""

    issues: list[Issue]

    def run(self) -> T_co | None: ...


CheckerType = Callable[[str, str, dict[str, Any]], Checker[T]]  # (path, text, data) -> checker


def read_checked(path: str | Path, checker: CheckerType[T], limit: int = MAX_BYTES,
                 wording: Wording = Wording()) -> tuple[T | None, list[Issue]]:
    """What the file describes, or None, with every issue found reading and checking it."""
    return _checked(read_toml(path, limit, wording), str(path), checker)


def parse_checked(raw: bytes | str, name: str, checker: CheckerType[T], limit: int = MAX_BYTES,
                  wording: Wording = Wording()) -> tuple[T | None, list[Issue]]:
    """`read_checked` for content already in hand; `name` is for messages."""
    return _checked(parse_toml(raw, name, limit, wording), name, checker)


def _checked(parsed: tuple[dict[str, Any] | None, str, list[Issue]], name: str,
             checker: CheckerType[T]) -> tuple[T | None, list[Issue]]:
    data, text, issues = parsed
    if data is None:
        return None, issues
    check = checker(name, text, data)
    value = check.run()
    # A problem the checker could not place (a table or key the file lacks) is a problem of the
    # file as a whole: every problem names a line.
    issues = [i if i.line is not None else Issue(i.path, WHOLE_FILE, i.message) for i in check.issues]
    return (value if not issues else None), issues


def loaded(found: tuple[T | None, Sequence[Issue]], most: int | None = None) -> T:
    """What a `load_*` function returns: the checked value, or DataFileIssues with every problem."""
    value, issues = found
    if issues:
        raise DataFileIssues(issues, most)
    assert value is not None
    return value


# -- a data file kept inside a game ----------------------------------------------------------
#
# A game's option naming a data file ("" = the shipped one, or a path) is what the table chose. A
# new game records instead the name, a newline and the file's whole content (`record_file`), so
# the journal holds the file as it was when the game began: editing, replacing or deleting it
# afterwards never changes or breaks that game. A name alone (journals from before) is read again.

RECORDED_SUFFIX = " (as recorded when the game began)"


def recorded(setting: str) -> tuple[str, str | None]:
    """A data-file option split into its name ("" = the shipped file) and the content recorded
    with it (None: the option names a file to read, as journals from before recording hold it)."""
    if "\n" not in setting:
        return setting, None
    name, text = setting.split("\n", 1)
    return name, text


def record_file(setting: str, default: Path, check: Callable[[bytes, str], object],
                limit: int = MAX_BYTES, wording: Wording = Wording(), game: str = "") -> str:
    """The option as a new game records it: its name, a newline and the content of the file it
    names (`default` for ""). `check(raw, name)` must raise for a bad file (a pack's loader), so
    a game never begins on a file it could not read back. An option already recorded is kept.
    For the shipped file ("") of a `game` whose owner's box has facts for it, the content is the
    shipped guess with the box over it (core/ownbox.py); a file the table names is taken as is."""
    if "\n" in setting:
        return setting
    if not setting and game:
        from companion.core.ownbox import boxed_text

        boxed = boxed_text(game, default.name, read_bounded(default, limit))
        if boxed is not None:
            check(boxed.encode("utf-8"), f"{default.name} with the owner's box over it")
            return f"\n{boxed}"
    name = setting or str(default)
    try:
        raw = read_bounded(name, limit)
    except OSError as exc:
        if exc.errno == errno.EFBIG:
            raise DataFileIssues([Issue(name, WHOLE_FILE, wording.too_big.format(size=_size(name, limit), limit=limit))]) from None
        raise DataFileIssues([Issue(name, WHOLE_FILE, wording.unreadable.format(error=exc.strerror or exc))]) from None
    check(raw, name)  # UTF-8, TOML and the pack's own checks, each with its line
    return f"{setting}\n{raw.decode('utf-8')}"


def recorded_name(name: str, default: Path) -> str:
    """How messages name a recorded file: its path (the shipped one for "") and that it is the
    copy the game recorded."""
    return f"{name or default}{RECORDED_SUFFIX}"


def _long_number_line(text: str) -> int:
    """The line of the first run of digits too long for an integer (what tomllib refuses with a
    ValueError), else line 1."""
    found = re.search(r"\d{4000,}", text)
    return text.count("\n", 0, found.start()) + 1 if found else WHOLE_FILE


def toml_error_line(message: str, text: str) -> int | None:
    """The line of a TOMLDecodeError (Python 3.11's has no lineno; its message carries it)."""
    found = re.search(r"at line (\d+)", message)
    if found:
        return int(found.group(1))
    if "end of document" in message:
        return max(1, len(text.splitlines()))
    return None


def add_check_command(subparsers: Any, name: str, help: str, *, what: str, description: str,
                      file_help: str, func: Callable[[argparse.Namespace], int],
                      dest: str) -> argparse.ArgumentParser:
    """`NAME check [FILE]` under a pack's command group (NAME alone prints its help and exits 2).
    Returns the `check` parser, for the pack's own options."""
    group = subparsers.add_parser(name, help=help)
    group.set_defaults(func=lambda args: _usage(group))
    sub = group.add_subparsers(dest=dest, metavar="SUBCOMMAND")
    check: argparse.ArgumentParser = sub.add_parser(
        "check", help=f"check a {what} and list every problem with its line", description=description)
    check.add_argument("file", nargs="?", metavar="FILE", help=file_help)
    check.set_defaults(func=func)
    return check


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def report_issues(path: str, issues: Iterable[object]) -> int:
    """What a `check` command does with problems: each on stderr, then their count; exit status 1."""
    n = 0
    for issue in issues:
        print(issue, file=sys.stderr)
        n += 1
    print(f"{path}: {n} problem(s)", file=sys.stderr)
    return 1


def _scan(line: str) -> tuple[str, int]:
    """The line without its comment (a # outside quotes), and how many more [ than ] it opens."""
    quote = ""
    depth = 0
    escaped = False
    for i, ch in enumerate(line):
        if quote:
            if escaped:
                escaped = False
            elif ch == "\\" and quote == '"':
                escaped = True
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[:i], depth
        elif ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
    return line, depth


_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-\"']+)\s*\]\]?")
_KEY = re.compile(r"^\s*[\"']?([A-Za-z0-9_\-]+)[\"']?\s*=")
_TOKENS = re.compile(
    r"\[\s*([\"'])(.*?)\1\s*,\s*([\"'])(.*?)\3\s*\]"  # a pair ["a", "b"]
    r"|([\"'])(.*?)\5"  # a quoted string
    r"|(?<![\w.])(-?\d+)(?![\w.])"  # a bare whole number
)
Token = tuple[Any, ...]
Where = tuple[str, int]  # a table's name ("" for the top level) and which of its [[array]] tables


def quoted(value: str) -> Token:
    """The token of a quoted string, for `Lines.value`."""
    return ("s", value)


def pair(a: str, b: str) -> Token:
    """The token of a pair of strings ["a", "b"], for `Lines.value`."""
    return ("p", a, b)


def number(value: int) -> Token:
    """The token of a bare whole number, for `Lines.value`."""
    return ("n", value)


class Lines:
    """Where tables, keys and array items sit in a data file's text. A table is named as in its
    header ("" is the top level); `nth` picks one of an array of tables [[name]]. Lines inside a
    multi-line array are never taken for a header or a key."""

    def __init__(self, text: str) -> None:
        self.code: list[str] = []
        self._open: list[bool] = []  # the line starts inside a multi-line array
        self._starts: dict[str, list[int]] = {}  # each table name's header lines, in order
        self._headers: list[tuple[int, Where]] = []
        self._keys: dict[Where, dict[str, int]] = {("", 0): {}}
        self._items: dict[tuple[Where, str], list[int]] = {}
        where: Where = ("", 0)
        collecting: list[int] | None = None
        depth = 0
        for i, raw in enumerate(text.splitlines()):
            code, delta = _scan(raw)
            self.code.append(code)
            self._open.append(depth > 0)
            if depth > 0:
                if collecting is not None and depth == 1 and code.lstrip()[:1] in ("{", "["):
                    collecting.append(i)
                depth = max(0, depth + delta)
                continue
            collecting = None
            head = _HEADER.match(code)
            if head:
                name = head.group(2).strip("\"'")
                starts = self._starts.setdefault(name, [])
                where = (name, len(starts))
                starts.append(i)
                self._headers.append((i, where))
                self._keys[where] = {}
                continue
            key = _KEY.match(code)
            if key:
                self._keys[where].setdefault(key.group(1), i)
                if code.split("=", 1)[1].strip() == "[":
                    collecting = self._items.setdefault((where, key.group(1)), [])
            depth = max(0, delta)
        self._spans: dict[Where, tuple[int, int]] = {("", 0): (0, self._headers[0][0] if self._headers else len(self.code))}
        self._extents: dict[Where, tuple[int, int]] = {("", 0): (0, len(self.code))}
        chain: list[tuple[Where, int]] = []  # open tables, each inside the one before
        for k, (i, here) in enumerate(self._headers):
            end = self._headers[k + 1][0] if k + 1 < len(self._headers) else len(self.code)
            self._spans[here] = (i, end)
            while chain and not here[0].startswith(chain[-1][0][0] + "."):
                done, start = chain.pop()
                self._extents[done] = (start, i)
            chain.append((here, i))
        for done, start in chain:
            self._extents[done] = (start, len(self.code))
        self._values: dict[tuple[Where, str], dict[Token, list[int]]] = {}

    def count(self, table: str) -> int:
        """How many [table] or [[table]] headers the file has."""
        return len(self._starts.get(table, ()))

    def span(self, table: str = "", nth: int = 0) -> tuple[int, int] | None:
        """Line indices [start, end) of a table's own lines: its header up to the next header."""
        return self._spans.get((table, nth))

    def header(self, table: str, nth: int = 0) -> int | None:
        """The line of the table's header (None for the top level or a table the file lacks)."""
        span = self._spans.get((table, nth))
        return span[0] + 1 if span is not None and table else None

    def key(self, table: str, key: str, nth: int = 0) -> int | None:
        """The line of `key =` in the table, else of the header of its sub-table [table.key] or
        [[table.key]]; None when it is not there."""
        i = self._keys.get((table, nth), {}).get(key)
        if i is not None:
            return i + 1
        starts = self._starts.get(f"{table}.{key}" if table else key, [])
        extent = self._extents.get((table, nth))
        if extent is None or not starts:
            return None
        k = bisect.bisect_left(starts, extent[0])
        return starts[k] + 1 if k < len(starts) and starts[k] < extent[1] else None

    def where(self, table: str, key: str = "", nth: int = 0) -> int | None:
        """The line of `key =` in the table, else the table's header line."""
        return (self.key(table, key, nth) if key else None) or self.header(table, nth)

    def item(self, table: str, key: str, index: int, nth: int = 0) -> int | None:
        """The line of the index-th item of `key = [` when the items are inline tables or arrays,
        one a line; else the key's line."""
        lines = self._items.get(((table, nth), key), [])
        return lines[index] + 1 if index < len(lines) else self.key(table, key, nth)

    def find(self, table: str, nth: int, *needles: str) -> int | None:
        """The line of the first needle found in the table with its sub-tables (the top level:
        the whole file), trying the needles in turn; else the table's header line."""
        extent = self._extents.get((table, nth))
        if extent is None:
            return None
        for needle in needles:
            for i in range(*extent):
                if needle in self.code[i]:
                    return i + 1
        return self.header(table, nth)

    def value(self, table: str, key: str, token: Token, occurrence: int = 0, nth: int = 0) -> int | None:
        """The line of the occurrence-th `token` (`quoted`, `number`, `pair`) in key's value, else
        the key's line (or the table's header line)."""
        first = self._keys.get((table, nth), {}).get(key)
        if first is None:
            return self.where(table, key, nth)
        index = self._values.get(((table, nth), key))
        if index is None:
            index = self._values[((table, nth), key)] = self._index_value(first)
        lines = index.get(token, [])
        return lines[occurrence] + 1 if occurrence < len(lines) else first + 1

    def _index_value(self, first: int) -> dict[Token, list[int]]:
        index: dict[Token, list[int]] = {}
        i = first
        while i < len(self.code) and (i == first or self._open[i]):
            line = self.code[i].split("=", 1)[1] if i == first else self.code[i]
            for m in _TOKENS.finditer(line):
                if m.group(2) is not None:
                    found: list[Token] = [pair(m.group(2), m.group(4)), quoted(m.group(2)), quoted(m.group(4))]
                elif m.group(6) is not None:
                    found = [quoted(m.group(6))]
                else:
                    found = [number(int(m.group(7)))] if len(m.group(7)) < 20 else []
                for tok in found:
                    index.setdefault(tok, []).append(i)
            i += 1
        return index
