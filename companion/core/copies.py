"""The second copy of every game: an append-only text file per game beside the SQLite journal.

`<journal>.copies/game-<id>.jsonl` holds one JSON object per line. Line 0 is the header (the game's
code, options, seed); each later line is one change, numbered `n` = 1, 2, ...: an input, an undo
or a redo, with the `finished` flag after it. Every line ends with `"crc"`: the CRC-32 of its own
text (without the crc) chained from the previous line's crc, so the last crc vouches for the whole
file and a damaged line is found by walking the file once.

The journal writes the copy's line inside its SQLite transaction, before COMMIT, and keeps the
copy's line count and last crc in the game's row. See docs/journal.md for why and what it costs.
"""

from __future__ import annotations

import json
import os
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from companion.core.files import read_bounded, sync_dir, sync_file, write_bytes_atomic

COPY_FORMAT = "companion-copy"
COPY_VERSION = 1
MAX_COPY_BYTES = 64 << 20  # a game of 100,000 inputs fits; anything larger is not ours
_NAME = re.compile(r"^game-(\d{1,18})\.jsonl$")
_CRC_TAIL = re.compile(rb',"crc":"([0-9a-f]{8})"\}$')

Undo = Callable[[], None]


def copies_dir(journal_path: str) -> Path:
    return Path(journal_path + ".copies")


def _dump(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def encode_line(obj: dict[str, Any], prev_crc: int) -> tuple[bytes, int]:
    """One line (with its newline) and its crc, chained from the previous line's crc."""
    body = _dump(obj).encode("utf-8")
    crc = zlib.crc32(body, prev_crc)
    return body[:-1] + b',"crc":"%08x"}\n' % crc, crc


def header_obj(game_id: int, code: str, options_text: str, seed: int, created: str) -> dict[str, Any]:
    return {"format": COPY_FORMAT, "version": COPY_VERSION, "game_id": game_id, "game": code,
            "options": json.loads(options_text), "seed": seed, "created": created}


def change_obj(n: int, op: str, seq: int, finished: bool, *, input_text: str | None = None,
               label: str = "", ts: str = "") -> dict[str, Any]:
    obj: dict[str, Any] = {"n": n, "op": op, "seq": seq, "finished": finished}
    if op == "input":
        obj.update(input=json.loads(input_text or "null"), label=label, ts=ts)
    return obj


@dataclass(frozen=True)
class CopyRow:
    seq: int
    input: str  # JSON text, exactly as the journal stores it
    label: str
    undone: bool
    ts: str


@dataclass
class CopyGame:
    """What a copy file says, as far as it can be trusted."""

    path: Path
    game_id: int
    header: dict[str, Any] | None = None  # None: even the header is unreadable
    crcs: list[int] = field(default_factory=list)  # crcs[k]: the crc after change k (k=0: the header)
    good_bytes: int = 0  # length of the trusted prefix
    problem: str = ""  # why reading stopped before the end: damage, in words with the line
    torn: bool = False  # the file ends in half a line: a write the process did not finish
    newer: bool = False  # written by a newer companion: never touched
    changes: list[dict[str, Any]] | None = None  # parsed change lines (only when asked for)

    @property
    def count(self) -> int:
        return len(self.crcs) - 1  # changes after the header

    @property
    def last_crc(self) -> int:
        return self.crcs[-1] if self.crcs else 0

    def rows(self, upto: int | None = None) -> tuple[list[CopyRow], bool]:
        """The game's input rows after `upto` changes (default: all good ones) and `finished`."""
        assert self.changes is not None, "read with parse=True"
        rows = _Rows()
        finished = False
        for ch in self.changes[: self.count if upto is None else upto]:
            rows.apply(ch)
            finished = bool(ch["finished"])
        return rows.rows, finished


class _Rows:
    """Input rows rebuilt change by change, in linear time."""

    def __init__(self) -> None:
        self.rows: list[CopyRow] = []
        self.live = 0  # rows in effect; the rest are the redo stack

    def apply(self, ch: dict[str, Any]) -> None:
        op, seq, rows = ch["op"], ch["seq"], self.rows
        if op == "input" and seq == self.live + 1:
            del rows[self.live:]
            text = json.dumps(ch["input"], sort_keys=True, separators=(",", ":"))
            rows.append(CopyRow(seq, text, ch["label"], False, ch["ts"]))
            self.live += 1
        elif op == "undo" and seq == self.live >= 1:
            r = rows[seq - 1]
            rows[seq - 1] = CopyRow(r.seq, r.input, r.label, True, r.ts)
            self.live -= 1
        elif op == "redo" and seq == self.live + 1 <= len(rows):
            r = rows[seq - 1]
            rows[seq - 1] = CopyRow(r.seq, r.input, r.label, False, r.ts)
            self.live += 1
        else:
            raise ValueError(f"{op} of input {seq} does not fit ({self.live} in effect, {len(rows)} recorded)")


def _valid_change(obj: Any, n: int) -> bool:
    if not isinstance(obj, dict) or obj.get("n") != n or obj.get("op") not in ("input", "undo", "redo"):
        return False
    if not isinstance(obj.get("seq"), int) or not isinstance(obj.get("finished"), bool):
        return False
    return obj["op"] != "input" or (isinstance(obj.get("label"), str) and isinstance(obj.get("ts"), str)
                                    and isinstance(obj.get("input"), dict))


def _valid_header(obj: Any, game_id: int) -> str:
    if not isinstance(obj, dict) or obj.get("format") != COPY_FORMAT:
        return "the header is not a companion copy header"
    if obj.get("game_id") != game_id:
        return f"the header names game {obj.get('game_id')!r}, not {game_id}"
    if not (isinstance(obj.get("game"), str) and isinstance(obj.get("seed"), int)
            and isinstance(obj.get("created"), str) and "options" in obj):
        return "the header lacks the game, seed, created or options"
    return ""


def read_copy(path: Path, game_id: int, *, parse: bool = False) -> CopyGame:
    """Read and check one copy file. Never raises for a damaged file: see `problem`."""
    from companion.core.codec import check_depth

    game = CopyGame(path, game_id)
    try:
        data = read_bounded(path, MAX_COPY_BYTES)
    except OSError as exc:
        game.problem = f"cannot be read ({exc.strerror or exc})"
        return game
    lines = data.split(b"\n")
    if lines and lines[-1]:
        game.torn = True  # no newline at the end: a write cut short
    lines = lines[:-1]
    prev, offset = 0, 0
    changes: list[dict[str, Any]] = []
    for k, raw in enumerate(lines):
        tail = _CRC_TAIL.search(raw)
        if tail is None:
            game.problem = f"line {k + 1} is damaged (no checksum)"
            break
        body = raw[: tail.start()] + b"}"
        crc = zlib.crc32(body, prev)
        if crc != int(tail.group(1), 16):
            game.problem = f"line {k + 1} is damaged (checksum mismatch)"
            break
        need_json = k == 0 or parse
        if need_json:
            try:
                obj = json.loads(body)
                check_depth(obj, 32)
            except (ValueError, RecursionError):
                game.problem = f"line {k + 1} is damaged (not JSON)"
                break
            if k == 0:
                why = _valid_header(obj, game_id)
                if why:
                    game.problem = f"line 1: {why}"
                    break
                if not isinstance(obj.get("version"), int) or obj["version"] > COPY_VERSION:
                    game.newer, game.problem = True, f"written by a newer companion (version {obj.get('version')!r})"
                    break
                game.header = obj
            else:
                if not _valid_change(obj, k):
                    game.problem = f"line {k + 1} is not change {k}"
                    break
                changes.append(obj)
        game.crcs.append(crc)
        prev = crc
        offset += len(raw) + 1
    game.good_bytes = offset
    if game.problem:
        game.torn = False  # the damage, not a torn write, is what ends it
    if parse:
        game.changes = changes
        # A change that does not fit the ones before it is damage too (e.g. a doubled line).
        rows = _Rows()
        for i, ch in enumerate(changes):
            try:
                rows.apply(ch)
            except ValueError as exc:
                game.problem = game.problem or f"line {i + 2}: {exc}"
                del game.crcs[i + 1:]
                game.changes = changes[:i]
                break
    return game


def list_copies(directory: Path) -> dict[int, Path]:
    """game id -> copy file, for the copies in a directory (none when it does not exist)."""
    try:
        names = os.listdir(directory)
    except (FileNotFoundError, NotADirectoryError):
        return {}
    out: dict[int, Path] = {}
    for name in names:
        m = _NAME.match(name)
        if m:
            out[int(m.group(1))] = directory / name
    return out


class CopyWriter:
    """Writes the copies of one journal. Each write is durable when it returns and can be undone."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._fds: dict[int, int] = {}

    def path(self, game_id: int) -> Path:
        return self.directory / f"game-{game_id}.jsonl"

    def _ensure_dir(self) -> None:
        if not self.directory.is_dir():
            self.directory.mkdir(parents=True, exist_ok=True)
            sync_dir(self.directory.parent)

    def create(self, game_id: int, header: bytes) -> Undo:
        """A new copy holding only its header. Fails if one exists: ids are never reused."""
        self._ensure_dir()
        path = self.path(game_id)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND, 0o644)
        try:
            _write_all(fd, header)
            sync_file(fd)
            sync_dir(self.directory)
        except BaseException:
            os.close(fd)
            _unlink(path)
            raise
        self._fds[game_id] = fd

        def undo() -> None:
            self._close(game_id)
            _unlink(path)

        return undo

    def append(self, game_id: int, line: bytes) -> Undo:
        fd = self._fds.get(game_id)
        if fd is None:
            fd = os.open(self.path(game_id), os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0))
            self._fds[game_id] = fd
        size = os.fstat(fd).st_size
        try:
            _write_all(fd, line)
            sync_file(fd)
        except BaseException:
            _truncate(fd, size)
            raise

        def undo() -> None:
            _truncate(fd, size)

        return undo

    def replace(self, game_id: int, lines: list[bytes]) -> None:
        """Write a whole copy anew (atomically: a temporary file renamed over the old one)."""
        self._ensure_dir()
        self._close(game_id)
        write_bytes_atomic(self.path(game_id), b"".join(lines), prefix=f".game-{game_id}.", suffix=".tmp")

    def trim(self, game_id: int, size: int) -> None:
        """Cut a half-written last line off (a write the process did not finish)."""
        self._close(game_id)
        fd = os.open(self.path(game_id), os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0))
        try:
            _truncate(fd, size)
        finally:
            os.close(fd)

    def remove(self, game_id: int) -> None:
        """Delete a copy that never got its header (a new game the crash interrupted)."""
        self._close(game_id)
        _unlink(self.path(game_id))

    def set_aside(self, game_id: int, stamp: str) -> Path:
        """Keep a damaged copy under a new name, byte for byte."""
        self._close(game_id)
        kept = self.directory / f"game-{game_id}.jsonl.damaged-{stamp}"
        os.replace(self.path(game_id), kept)
        return kept

    def _close(self, game_id: int) -> None:
        fd = self._fds.pop(game_id, None)
        if fd is not None:
            os.close(fd)

    def close(self) -> None:
        for gid in list(self._fds):
            self._close(gid)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def _truncate(fd: int, size: int) -> None:
    try:
        os.ftruncate(fd, size)
        sync_file(fd)
    except OSError:
        pass  # the next open finds the extra line and treats it like an unfinished write


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
