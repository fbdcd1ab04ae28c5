"""What the journal (journal.py) and its open-time check (journal_check.py) share: the file's
marks, schema and new tables, the row and game CRCs, the JSON text rows hold, the report of what
opening found, and the words for a journal the machine will not let us write. It imports
neither, so the check never reaches back into the journal.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import sqlite3
import zlib
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import JournalUnavailable

SCHEMA_VERSION = 2
# "Cmpn": marks the file as ours, so we never adopt someone else's SQLite database.
APPLICATION_ID = 0x436D706E
FREE_SPACE_NEEDED = 8 << 20  # a full WAL (1000 pages) plus the copies, with room to spare

SCHEMA = """
CREATE TABLE games (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    code     TEXT    NOT NULL,
    options  TEXT    NOT NULL,
    seed     INTEGER NOT NULL,
    created  TEXT    NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
    changes  INTEGER NOT NULL DEFAULT 0,
    copy_crc INTEGER NOT NULL DEFAULT 0,
    input_rows INTEGER NOT NULL DEFAULT 0,
    crc      INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE inputs (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL CHECK (seq >= 1),
    input   TEXT    NOT NULL,
    label   TEXT    NOT NULL,
    undone  INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
    ts      TEXT    NOT NULL,
    crc     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""


def create_tables(db: sqlite3.Connection) -> None:
    """The tables and marks of a new journal file, inside the caller's transaction."""
    for stmt in SCHEMA.split(";"):
        if stmt.strip():
            db.execute(stmt)
    db.execute(f"PRAGMA application_id={APPLICATION_ID}")
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")


def _text(*parts: object) -> bytes:
    return "\x1f".join(str(p) for p in parts).encode("utf-8", "surrogatepass")


def row_crc(game_id: int, seq: int, text: str, label: str, undone: int, ts: str) -> int:
    return zlib.crc32(_text(game_id, seq, text, label, int(undone), ts))


def game_crc(gid: int, code: str, options: str, seed: int, created: str, finished: int, changes: int,
             copy_crc: int, input_rows: int) -> int:
    return zlib.crc32(_text(gid, code, options, seed, created, int(finished), changes, copy_crc, input_rows))


def dumps(data: Any) -> str:
    """The JSON text the journal stores for an input or options object."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


@dataclass
class Report:
    """What opening a journal found and did, in words for the table."""

    path: str
    damage: list[str] = field(default_factory=list)  # games whose journal rows were lost or damaged
    copy_damage: list[str] = field(default_factory=list)  # second copies that were damaged or missing
    kept: list[str] = field(default_factory=list)  # files set aside, byte for byte
    finished_writes: int = 0  # changes a crash interrupted, completed or dropped (not damage)
    repaired: bool = False
    lost: bool = False  # some inputs could not be recovered from either copy
    repairing: bool = True  # the words say what was done (else what a repair would do)

    @property
    def clean(self) -> bool:
        return not (self.damage or self.copy_damage)

    def summary(self) -> str:
        parts = self.damage + self.copy_damage
        if parts and not self.lost:
            parts.append("Nothing was lost." if self.repairing else "Nothing would be lost.")
        if self.kept:
            names = ", ".join(os.path.basename(k) for k in self.kept)
            parts.append(f"The damaged files are kept as {names}.")
        return " ".join(parts)


def classify(exc: BaseException, directory: str) -> str:
    """'full', 'readonly', 'busy', 'damaged' or '' for an sqlite3 or OS error."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    code = exc.errno if isinstance(exc, OSError) else None
    if isinstance(exc, UnicodeDecodeError):
        return "damaged"  # SQLite's error message itself holds damaged text
    if name.startswith("SQLITE_FULL") or code in (errno.ENOSPC, errno.EDQUOT):
        return "full"
    if name.startswith(("SQLITE_READONLY", "SQLITE_PERM", "SQLITE_AUTH")) or code in (
            errno.EROFS, errno.EACCES, errno.EPERM):
        return "readonly"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return "busy"
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return "damaged"
    if name.startswith(("SQLITE_IOERR", "SQLITE_CANTOPEN")) or isinstance(exc, OSError):
        return _probe(directory)
    return ""


def _probe(directory: str) -> str:
    """Why a directory refuses writes, found by trying one: 'full', 'readonly' or ''."""
    try:
        if shutil.disk_usage(directory).free < 64 << 10:
            return "full"
    except OSError:
        return ""
    probe = os.path.join(directory, f".companion-probe-{os.getpid()}")
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as exc:
        if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return "readonly"
        return "full" if exc.errno in (errno.ENOSPC, errno.EDQUOT) else ""
    try:
        os.write(fd, b"x" * 4096)
        os.fsync(fd)
    except OSError as exc:
        return "full" if exc.errno in (errno.ENOSPC, errno.EDQUOT) else ""
    finally:
        os.close(fd)
        os.unlink(probe)
    return ""


def unavailable(path: str, what: str, reason: str) -> JournalUnavailable:
    """The error for a journal the machine will not let us write, in the table's words."""
    directory = os.path.dirname(os.path.abspath(path))
    if reason == "full":
        try:
            free = shutil.disk_usage(directory).free
        except OSError:
            free = 0
        need = max(1, -(-(FREE_SPACE_NEEDED - free) // (1 << 20)))
        text = (f"the SD card is full: {need} MB needed ({free / (1 << 20):.1f} MB free on the disk holding "
                f"{directory}); free some space and try again")
    elif reason == "readonly":
        text = f"the folder {directory} is read-only: games cannot be saved there"
    else:
        text = "another program is writing the journal; try again in a moment"
    return JournalUnavailable(f"{path}: {what}: {text}", reason)
