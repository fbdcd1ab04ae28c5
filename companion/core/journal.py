"""The crash-safe journal: every accepted input of every game, in one SQLite file.

Game-agnostic: rows hold JSON text made by companion.core.codec; only the Session (session.py)
knows how to turn them back into typed inputs and states. WAL mode with synchronous=FULL makes
each commit durable once `COMMIT` returns, so a crash loses at most the input being committed.

Also here: the JSON-lines export format and its reader (docs/journal.md), and the default
location of the journal on this machine.
"""

from __future__ import annotations

import json
import os
import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from companion.core.errors import JournalError

SCHEMA_VERSION = 1
# "Cmpn": marks the file as ours, so we never adopt someone else's SQLite database.
APPLICATION_ID = 0x436D706E
EXPORT_FORMAT = "companion-journal"
EXPORT_VERSION = 1
SQLITE_MAGIC = b"SQLite format 3\x00"

_SCHEMA = """
CREATE TABLE games (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    code     TEXT    NOT NULL,
    options  TEXT    NOT NULL,
    seed     INTEGER NOT NULL,
    created  TEXT    NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1))
);
CREATE TABLE inputs (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL CHECK (seq >= 1),
    input   TEXT    NOT NULL,
    label   TEXT    NOT NULL,
    undone  INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
    ts      TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""

_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1


def default_journal_path() -> Path:
    """Where the companion keeps its journal: $COMPANION_DATA_DIR or the user's data dir."""
    override = os.environ.get("COMPANION_DATA_DIR")
    if override:
        return Path(override).expanduser() / "journal.sqlite"
    import platformdirs  # only needed here; keeps `import companion.core.journal` light

    return Path(platformdirs.user_data_dir("companion")) / "journal.sqlite"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class GameRow:
    id: int
    code: str
    options: Any  # JSON data
    seed: int
    created: str
    finished: bool
    committed: int  # inputs in effect
    undone: int  # inputs on the redo stack


@dataclass(frozen=True)
class InputRow:
    seq: int
    input: Any  # JSON data
    label: str
    undone: bool
    ts: str


@dataclass(frozen=True)
class RecordedInput:
    seq: int
    label: str
    input: Any  # JSON data
    where: str  # for error messages: "file:line" or "journal game N seq M"


@dataclass(frozen=True)
class GameRecord:
    """A game as a journal or an export describes it: enough to replay it, nothing typed yet."""

    code: str
    options: Any
    seed: int
    inputs: tuple[RecordedInput, ...]
    source: str
    game_id: int | None = None


class Journal:
    """One SQLite journal file. Not thread-safe: one Journal per thread or process."""

    def __init__(self, path: str | os.PathLike[str], *, create: bool = True) -> None:
        self.path = str(path)
        memory = self.path == ":memory:"
        if not memory:
            p = Path(self.path)
            if not p.exists():
                if not create:
                    raise JournalError(f"{self.path}: no such journal")
                p.parent.mkdir(parents=True, exist_ok=True)
            elif p.is_dir():
                raise JournalError(f"{self.path}: is a directory, not a journal")
        try:
            # isolation_level=None: we issue BEGIN/COMMIT ourselves, so nothing commits behind our back.
            self._db = sqlite3.connect(self.path, isolation_level=None, timeout=10.0)
        except sqlite3.Error as exc:
            raise JournalError(f"{self.path}: cannot open journal: {exc}") from exc
        try:
            self._open(memory)
        except BaseException:
            self._db.close()
            raise

    def _open(self, memory: bool) -> None:
        try:
            app_id = self._scalar("PRAGMA application_id")
            version = self._scalar("PRAGMA user_version")
            tables = self._scalar("SELECT count(*) FROM sqlite_master")
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{self.path}: not a companion journal ({exc})") from exc
        if app_id == 0 and version == 0 and tables == 0:
            self._create_schema()
        elif app_id != APPLICATION_ID:
            raise JournalError(f"{self.path}: not a companion journal (an SQLite file of another kind)")
        elif version > SCHEMA_VERSION:
            raise JournalError(
                f"{self.path}: journal schema {version} is newer than this companion reads "
                f"(up to {SCHEMA_VERSION}); update the companion"
            )
        elif version != SCHEMA_VERSION:
            raise JournalError(f"{self.path}: unknown journal schema version {version}")
        # Validate first, then switch modes: never convert a foreign file to WAL.
        mode = self._scalar("PRAGMA journal_mode=WAL")
        if not memory and str(mode).lower() != "wal":
            raise JournalError(f"{self.path}: cannot use WAL mode (got {mode!r})")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")

    def _create_schema(self) -> None:
        try:
            self._db.execute("BEGIN IMMEDIATE")
            # Another process may have created it while we waited for the lock.
            if self._scalar("SELECT count(*) FROM sqlite_master") == 0:
                for stmt in _SCHEMA.split(";"):
                    if stmt.strip():
                        self._db.execute(stmt)
                self._db.execute(f"PRAGMA application_id={APPLICATION_ID}")
                self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            raise JournalError(f"{self.path}: cannot create journal: {exc}") from exc

    # -- plumbing -------------------------------------------------------------------------

    def _scalar(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        row = self._db.execute(sql, params).fetchone()
        return None if row is None else row[0]

    def _rollback(self) -> None:
        if self._db.in_transaction:
            self._db.execute("ROLLBACK")

    @contextmanager
    def _transaction(self, what: str) -> Iterator[None]:
        """One BEGIN IMMEDIATE ... COMMIT; any failure rolls back and says what could not be recorded."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
            yield
            self._db.execute("COMMIT")
        except JournalError:
            self._rollback()
            raise
        except sqlite3.Error as exc:
            self._rollback()
            raise JournalError(f"{self.path}: cannot record {what}: {exc}") from exc

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def integrity_check(self) -> str:
        rows = self._db.execute("PRAGMA integrity_check").fetchall()
        return "\n".join(str(r[0]) for r in rows)

    # -- reading --------------------------------------------------------------------------

    _GAME_SQL = """
        SELECT g.id, g.code, g.options, g.seed, g.created, g.finished,
               (SELECT count(*) FROM inputs i WHERE i.game_id = g.id AND i.undone = 0),
               (SELECT count(*) FROM inputs i WHERE i.game_id = g.id AND i.undone = 1)
        FROM games g
    """

    def _game_row(self, row: tuple[Any, ...]) -> GameRow:
        gid, code, options, seed, created, finished, committed, undone = row
        try:
            opts = json.loads(options)
        except ValueError as exc:
            raise JournalError(f"{self.path}: game {gid} has unreadable options: {exc}") from exc
        return GameRow(gid, code, opts, seed, created, bool(finished), committed, undone)

    def games(self) -> list[GameRow]:
        rows = self._db.execute(self._GAME_SQL + " ORDER BY g.id").fetchall()
        return [self._game_row(r) for r in rows]

    def game(self, game_id: int) -> GameRow:
        row = self._db.execute(self._GAME_SQL + " WHERE g.id = ?", (game_id,)).fetchone()
        if row is None:
            raise JournalError(f"{self.path}: no game {game_id}")
        return self._game_row(row)

    def latest_game(self, *, unfinished: bool = False) -> GameRow | None:
        where = " WHERE g.finished = 0" if unfinished else ""
        row = self._db.execute(self._GAME_SQL + where + " ORDER BY g.id DESC LIMIT 1").fetchone()
        return None if row is None else self._game_row(row)

    def inputs(self, game_id: int) -> list[InputRow]:
        """All inputs of a game in order: the committed ones, then the redo stack (undone=True).

        Checks the invariant every writer keeps (seq 1..n, undone rows a suffix), so a damaged
        or hand-edited journal is reported instead of being replayed wrongly.
        """
        rows = self._db.execute(
            "SELECT seq, input, label, undone, ts FROM inputs WHERE game_id = ? ORDER BY seq",
            (game_id,),
        ).fetchall()
        out: list[InputRow] = []
        seen_undone = False
        for i, (seq, text, label, undone, ts) in enumerate(rows, start=1):
            if seq != i:
                raise JournalError(f"{self.path}: game {game_id}: input seq {i} is missing")
            if seen_undone and not undone:
                raise JournalError(f"{self.path}: game {game_id}: input {seq} follows an undone input")
            seen_undone = seen_undone or bool(undone)
            try:
                data = json.loads(text)
            except ValueError as exc:
                raise JournalError(f"{self.path}: game {game_id} input {seq}: bad JSON: {exc}") from exc
            out.append(InputRow(seq, data, label, bool(undone), ts))
        return out

    def record(self, game_id: int) -> GameRecord:
        """The committed (not undone) inputs of a game, ready to replay."""
        g = self.game(game_id)
        inputs = tuple(
            RecordedInput(r.seq, r.label, r.input, f"{self.path}: game {game_id} input {r.seq}")
            for r in self.inputs(game_id)
            if not r.undone
        )
        return GameRecord(g.code, g.options, g.seed, inputs, self.path, game_id)

    # -- writing: each method is one transaction -------------------------------------------

    def create_game(self, code: str, options: Any, seed: int) -> int:
        if not _INT64_MIN <= seed <= _INT64_MAX:
            raise JournalError(f"seed {seed} does not fit in 64 signed bits")
        text = json.dumps(options, sort_keys=True, separators=(",", ":"))
        with self._transaction("a new game"):
            cur = self._db.execute(
                "INSERT INTO games (code, options, seed, created) VALUES (?, ?, ?, ?)",
                (code, text, seed, _now()),
            )
            gid = cur.lastrowid
        assert gid is not None
        return gid

    def append(self, game_id: int, seq: int, data: Any, label: str, finished: bool) -> None:
        """Commit input `seq`, discarding the redo branch in the same transaction."""
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        with self._transaction(f"input {seq}"):
            self._db.execute("DELETE FROM inputs WHERE game_id = ? AND undone = 1", (game_id,))
            last = self._scalar("SELECT coalesce(max(seq), 0) FROM inputs WHERE game_id = ?", (game_id,))
            if last != seq - 1:
                raise JournalError(
                    f"{self.path}: game {game_id} was changed elsewhere (expected input {seq}, "
                    f"journal is at {last}); resume it again"
                )
            self._db.execute(
                "INSERT INTO inputs (game_id, seq, input, label, ts) VALUES (?, ?, ?, ?, ?)",
                (game_id, seq, text, label, _now()),
            )
            self._db.execute("UPDATE games SET finished = ? WHERE id = ?", (int(finished), game_id))

    def set_undone(self, game_id: int, seq: int, undone: bool, finished: bool) -> None:
        """Move input `seq` onto (undone=True) or off the redo stack."""
        with self._transaction(f"undo/redo of input {seq}"):
            cur = self._db.execute(
                "UPDATE inputs SET undone = ? WHERE game_id = ? AND seq = ? AND undone = ?",
                (int(undone), game_id, seq, int(not undone)),
            )
            if cur.rowcount != 1:
                raise JournalError(f"{self.path}: game {game_id} was changed elsewhere; resume it again")
            self._db.execute("UPDATE games SET finished = ? WHERE id = ?", (int(finished), game_id))


# -- JSON-lines export ---------------------------------------------------------------------


def export_lines(record: GameRecord) -> Iterator[str]:
    """The JSON-lines export of a game (each line without its newline)."""

    def line(obj: Any) -> str:
        return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    yield line(
        {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "game": record.code,
            "options": record.options,
            "seed": record.seed,
        }
    )
    for inp in record.inputs:
        yield line({"seq": inp.seq, "label": inp.label, "input": inp.input})


def read_export(path: str | os.PathLike[str]) -> GameRecord:
    """Parse a JSON-lines export; errors name the file and line."""
    name = str(path)
    try:
        with open(name, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise JournalError(f"{name}: cannot read: {exc}") from exc
    header: dict[str, Any] | None = None
    inputs: list[RecordedInput] = []
    for lineno, text in enumerate(lines, start=1):
        where = f"{name}:{lineno}"
        if not text.strip():
            continue
        try:
            obj = json.loads(text)
        except ValueError as exc:
            raise JournalError(f"{where}: not valid JSON: {exc}") from exc
        if not isinstance(obj, dict):
            raise JournalError(f"{where}: expected a JSON object")
        if header is None:
            header = _check_header(obj, where)
            continue
        missing = [k for k in ("seq", "input") if k not in obj]
        if missing:
            raise JournalError(f"{where}: input line lacks {', '.join(missing)}")
        seq, label, data = obj["seq"], obj.get("label", ""), obj["input"]
        expected = len(inputs) + 1
        if not isinstance(seq, int) or isinstance(seq, bool) or seq != expected:
            raise JournalError(f"{where}: expected seq {expected}, got {seq!r}")
        if not isinstance(label, str):
            raise JournalError(f"{where}: label must be a string")
        if not isinstance(data, dict):
            raise JournalError(f"{where}: input must be a JSON object")
        inputs.append(RecordedInput(seq, label, data, where))
    if header is None:
        raise JournalError(f"{name}: empty file, expected a companion-journal header line")
    return GameRecord(header["game"], header["options"], header["seed"], tuple(inputs), name)


def _check_header(obj: dict[str, Any], where: str) -> dict[str, Any]:
    if obj.get("format") != EXPORT_FORMAT:
        raise JournalError(f'{where}: missing header: the first line must have "format": "{EXPORT_FORMAT}"')
    version = obj.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise JournalError(f"{where}: header version must be an integer")
    if version > EXPORT_VERSION:
        raise JournalError(f"{where}: export version {version} is newer than this companion reads")
    if version != EXPORT_VERSION:
        raise JournalError(f"{where}: unknown export version {version}")
    if not isinstance(obj.get("game"), str):
        raise JournalError(f'{where}: header lacks "game" (a game code such as "BGM")')
    if "options" not in obj:
        raise JournalError(f'{where}: header lacks "options"')
    seed = obj.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise JournalError(f'{where}: header "seed" must be an integer')
    return obj


def is_sqlite_file(path: str | os.PathLike[str]) -> bool:
    try:
        with open(path, "rb") as fh:
            return fh.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False
