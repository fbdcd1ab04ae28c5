"""The crash-safe journal: every accepted input of every game, in one SQLite file, plus a second copy.

Game-agnostic: rows hold JSON text made by companion.core.codec; only the Session (session.py)
knows how to turn them back into typed inputs and states. Each change is one transaction; its
line in the game's second copy (companion/core/copies.py) is written and fdatasync'ed before the
COMMIT, and WAL mode with synchronous=FULL makes the COMMIT durable: once a change returns it is
in both, and a crash loses at most the change in flight.

Every row carries a CRC-32, and opening a journal checks the file and every copy against each
other (journal_check.py): it finishes a change a crash left half done, and, when asked, repairs
damage from the good one.

Also here: the JSON-lines export format and its reader (docs/journal.md), and the default
location of the journal on this machine.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator
from urllib.parse import quote

from companion.core import copies as cp
from companion.core.errors import DecodeError, JournalDamaged, JournalError
from companion.core.files import read_bounded
from companion.core.journal_base import Report, classify, create_tables, dumps, game_crc, row_crc, unavailable
from companion.core.journal_check import open_checked

EXPORT_FORMAT = "companion-journal"
EXPORT_VERSION = 1
SQLITE_MAGIC = b"SQLite format 3\x00"
MAX_EXPORT_BYTES = 64 << 20

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
    changes: int = 0  # changes made so far: what the next writer must find


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
    """One SQLite journal file and its second copies. Not thread-safe: one Journal per thread or process.

    `repair=True` sets damaged files aside and rebuilds from what is good; otherwise damage to the
    journal raises JournalDamaged. `readonly=True` never writes (nor finishes interrupted writes).
    """

    def __init__(self, path: str | os.PathLike[str], *, create: bool = True, repair: bool = False,
                 readonly: bool = False, copies: bool = True) -> None:
        self.path = str(path)
        self.readonly = readonly
        self.create = create  # False: a reader; an empty file it opens is left empty
        self.report = Report(self.path)
        self.memory = self.path == ":memory:"
        self.v1 = False  # an old journal read without upgrading it (no CRCs, no change counts)
        self._db: sqlite3.Connection | None = None
        self.copies: cp.CopyWriter | None = None
        if self.memory:
            self._db = sqlite3.connect(self.path, isolation_level=None)
            self._create_schema()
            return
        _check_path(Path(self.path), create and not readonly)
        if copies:
            self.copies = cp.CopyWriter(cp.copies_dir(self.path))
        try:
            open_checked(self, repair)
        except BaseException:
            self.close()
            raise

    # -- plumbing -------------------------------------------------------------------------

    @property
    def db(self) -> sqlite3.Connection:
        assert self._db is not None, "journal is closed"
        return self._db

    def connect(self) -> None:
        """Open the SQLite connection: read-write, or read-only (immutable when nothing is pending)."""
        if not self.readonly:
            self._db = sqlite3.connect(self.path, isolation_level=None, timeout=10.0)
            return
        uri = "file:" + quote(os.path.abspath(self.path))
        wal = self.path + "-wal"
        pending = os.path.exists(wal) and os.path.getsize(wal) > 0
        try:
            self._db = sqlite3.connect(uri + "?mode=ro", uri=True, isolation_level=None, timeout=10.0)
            self._db.execute("PRAGMA schema_version").fetchone()
        except sqlite3.OperationalError:
            if self._db is not None:
                self._db.close()
            if pending:
                raise
            # A read-only folder with no -shm: safe to read as immutable, nobody can write here.
            self._db = sqlite3.connect(uri + "?mode=ro&immutable=1", uri=True, isolation_level=None)

    def set_pragmas(self) -> None:
        if self.readonly:
            return
        mode = self._scalar("PRAGMA journal_mode=WAL")
        if str(mode).lower() != "wal":
            raise JournalError(f"{self.path}: cannot use WAL mode (got {mode!r})")
        # FULL although the copy is synced too: each of the two must hold every change on its own,
        # so that either can be damaged without a loss (NORMAL would leave the journal's last
        # changes in the copy alone until a checkpoint; docs/journal.md, "The choices, measured").
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")

    def _create_schema(self) -> None:
        try:
            self.db.execute("BEGIN IMMEDIATE")
            # Another process may have created it while we waited for the lock.
            if self._scalar("SELECT count(*) FROM sqlite_master") == 0:
                create_tables(self.db)
            self.db.execute("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            reason = classify(exc, os.path.dirname(os.path.abspath(self.path)))
            if reason in ("full", "readonly", "busy"):
                raise unavailable(self.path, "cannot create the journal", reason) from exc
            raise JournalError(f"{self.path}: cannot create journal: {exc}") from exc

    def _scalar(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        row = self.db.execute(sql, params).fetchone()
        return None if row is None else row[0]

    def _rollback(self) -> None:
        if self._db is not None and self._db.in_transaction:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error:
                pass

    def fail(self, exc: BaseException, what: str) -> JournalError:
        """The JournalError for a failed read or write: full, read-only, busy, damaged or other."""
        reason = classify(exc, os.path.dirname(os.path.abspath(self.path)))
        if reason in ("full", "readonly", "busy"):
            return unavailable(self.path, what, reason)
        if reason == "damaged":
            return JournalDamaged(f"{self.path}: {what}: the journal is damaged ({exc}); restart to repair it")
        detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        return JournalError(f"{self.path}: {what}: {detail}")

    @contextmanager
    def _transaction(self, what: str) -> Iterator[list[cp.Undo]]:
        """One BEGIN IMMEDIATE ... COMMIT. The body writes the second copy before COMMIT and lists
        how to take those writes back: any failure rolls both back and says what was not recorded."""
        if self.readonly:
            raise unavailable(self.path, f"cannot record {what}", "readonly")
        undo: list[cp.Undo] = []
        try:
            self.db.execute("BEGIN IMMEDIATE")
            yield undo
            self.db.execute("COMMIT")
        except BaseException as exc:
            self._rollback()
            for fn in reversed(undo):
                fn()
            if isinstance(exc, (sqlite3.Error, OSError, UnicodeDecodeError)):
                raise self.fail(exc, f"cannot record {what}") from exc
            raise

    def close_db(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def close(self) -> None:
        if self.copies is not None:
            self.copies.close()
        self.close_db()

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def integrity_check(self) -> str:
        rows = self.db.execute("PRAGMA integrity_check").fetchall()
        return "\n".join(str(r[0]) for r in rows)

    # -- reading --------------------------------------------------------------------------

    @property
    def _GAME_SQL(self) -> str:
        return f"""
            SELECT g.id, g.code, g.options, g.seed, g.created, g.finished,
                   (SELECT count(*) FROM inputs i WHERE i.game_id = g.id AND i.undone = 0),
                   (SELECT count(*) FROM inputs i WHERE i.game_id = g.id AND i.undone = 1),
                   {"0" if self.v1 else "g.changes"}
            FROM games g
        """

    def _read(self, what: str, fn: Callable[[], Any]) -> Any:
        try:
            return fn()
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            raise self.fail(exc, f"cannot read {what}") from exc

    def _game_row(self, row: tuple[Any, ...]) -> GameRow:
        gid, code, options, seed, created, finished, committed, undone, changes = row
        try:
            from companion.core.codec import parse_json

            opts = parse_json(options)
        except (DecodeError, TypeError) as exc:
            raise JournalDamaged(f"{self.path}: game {gid} has unreadable options: {exc}") from exc
        return GameRow(gid, code, opts, seed, created, bool(finished), committed, undone, changes)

    def games(self) -> list[GameRow]:
        rows = self._read("the games", lambda: self.db.execute(self._GAME_SQL + " ORDER BY g.id").fetchall())
        return [self._game_row(r) for r in rows]

    def game(self, game_id: int) -> GameRow:
        if not _INT64_MIN <= game_id <= _INT64_MAX:
            raise JournalError(f"{self.path}: no game {game_id}")
        row = self._read(f"game {game_id}",
                         lambda: self.db.execute(self._GAME_SQL + " WHERE g.id = ?", (game_id,)).fetchone())
        if row is None:
            raise JournalError(f"{self.path}: no game {game_id}")
        return self._game_row(row)

    def latest_game(self, *, unfinished: bool = False) -> GameRow | None:
        where = " WHERE g.finished = 0" if unfinished else ""
        row = self._read("the games", lambda: self.db.execute(
            self._GAME_SQL + where + " ORDER BY g.id DESC LIMIT 1").fetchone())
        return None if row is None else self._game_row(row)

    def inputs(self, game_id: int) -> list[InputRow]:
        """All inputs of a game in order: the committed ones, then the redo stack (undone=True).

        Checks the invariant every writer keeps (seq 1..n, undone rows a suffix, each row's CRC),
        so a damaged or hand-edited journal is reported instead of being replayed wrongly.
        """
        from companion.core.codec import parse_json

        rows = self._read(f"game {game_id}", lambda: self.db.execute(
            f"SELECT seq, input, label, undone, ts, {'NULL' if self.v1 else 'crc'} FROM inputs "
            "WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall())
        out: list[InputRow] = []
        seen_undone = False
        for i, (seq, text, label, undone, ts, crc) in enumerate(rows, start=1):
            where = f"{self.path}: game {game_id}"
            if seq != i:
                raise JournalDamaged(f"{where}: input seq {i} is missing")
            if seen_undone and not undone:
                raise JournalDamaged(f"{where}: input {seq} follows an undone input")
            seen_undone = seen_undone or bool(undone)
            if not (isinstance(text, str) and isinstance(label, str) and isinstance(ts, str)):
                raise JournalDamaged(f"{where} input {seq}: damaged row")
            if crc is not None and crc != row_crc(game_id, seq, text, label, undone, ts):
                raise JournalDamaged(f"{where} input {seq}: damaged row (checksum mismatch)")
            try:
                data = parse_json(text)
            except DecodeError as exc:
                raise JournalDamaged(f"{where} input {seq}: bad JSON: {exc}") from exc
            out.append(InputRow(seq, data, label, bool(undone), ts))
        return out

    def snapshot(self, game_id: int) -> tuple[GameRow, list[InputRow]]:
        """A game's row and its inputs, read in one transaction (so they agree)."""
        try:
            self.db.execute("BEGIN")
            try:
                return self.game(game_id), self.inputs(game_id)
            finally:
                self.db.execute("COMMIT")
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            raise self.fail(exc, f"cannot read game {game_id}") from exc

    def record(self, game_id: int) -> GameRecord:
        """The committed (not undone) inputs of a game, ready to replay."""
        g, rows = self.snapshot(game_id)
        inputs = tuple(
            RecordedInput(r.seq, r.label, r.input, f"{self.path}: game {game_id} input {r.seq}")
            for r in rows
            if not r.undone
        )
        return GameRecord(g.code, g.options, g.seed, inputs, self.path, game_id)

    # -- writing: each method is one transaction -------------------------------------------

    def _game_for_write(self, game_id: int, expect: int) -> tuple[Any, ...]:
        row = self.db.execute(
            "SELECT code, options, seed, created, changes, copy_crc, input_rows FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise JournalError(f"{self.path}: game {game_id} is not in the journal; resume it again")
        if row[4] != expect:
            raise JournalError(
                f"{self.path}: game {game_id} was changed elsewhere (this screen knows {expect} changes, "
                f"the journal has {row[4]}); resume it again"
            )
        return tuple(row)

    def _finish_change(self, undo: list[cp.Undo], game_id: int, g: tuple[Any, ...], finished: bool,
                       change: dict[str, Any], rows: int) -> int:
        """Write the change to the second copy, then the game row that vouches for it (and for
        the game's number of input rows, so a row that goes missing is noticed)."""
        code, options, seed, created, changes, copy_crc, _ = g
        n = int(changes) + 1
        if self.copies is not None:
            line, copy_crc = cp.encode_line(change, copy_crc)
            undo.append(self.copies.append(game_id, line))
        crc = game_crc(game_id, code, options, seed, created, int(finished), n, copy_crc, rows)
        self.db.execute("UPDATE games SET finished = ?, changes = ?, copy_crc = ?, input_rows = ?, crc = ? "
                        "WHERE id = ?", (int(finished), n, copy_crc, rows, crc, game_id))
        return n

    def create_game(self, code: str, options: Any, seed: int) -> int:
        if not _INT64_MIN <= seed <= _INT64_MAX:
            raise JournalError(f"seed {seed} does not fit in 64 signed bits")
        text = dumps(options)
        with self._transaction("a new game") as undo:
            created = _now()
            cur = self.db.execute(
                "INSERT INTO games (code, options, seed, created) VALUES (?, ?, ?, ?)",
                (code, text, seed, created),
            )
            gid = cur.lastrowid
            assert gid is not None
            copy_crc = 0
            if self.copies is not None:
                header, copy_crc = cp.encode_line(cp.header_obj(gid, code, text, seed, created), 0)
                undo.append(self.copies.create(gid, header))
            crc = game_crc(gid, code, text, seed, created, 0, 0, copy_crc, 0)
            self.db.execute("UPDATE games SET copy_crc = ?, crc = ? WHERE id = ?", (copy_crc, crc, gid))
        return gid

    def append(self, game_id: int, seq: int, data: Any, label: str, finished: bool, *, expect: int) -> int:
        """Commit input `seq`, discarding the redo branch in the same transaction; returns the
        game's new change count. `expect` is the count this writer last saw (one writer per game)."""
        text = dumps(data)
        with self._transaction(f"input {seq}") as undo:
            g = self._game_for_write(game_id, expect)
            self.db.execute("DELETE FROM inputs WHERE game_id = ? AND undone = 1", (game_id,))
            last = self._scalar("SELECT coalesce(max(seq), 0) FROM inputs WHERE game_id = ?", (game_id,))
            if last != seq - 1:
                raise JournalError(
                    f"{self.path}: game {game_id} was changed elsewhere (expected input {seq}, "
                    f"journal is at {last}); resume it again"
                )
            ts = _now()
            self.db.execute(
                "INSERT INTO inputs (game_id, seq, input, label, ts, crc) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seq, text, label, ts, row_crc(game_id, seq, text, label, 0, ts)),
            )
            change = cp.change_obj(g[4] + 1, "input", seq, finished, input_text=text, label=label, ts=ts)
            n = self._finish_change(undo, game_id, g, finished, change, seq)
        return n

    def set_undone(self, game_id: int, seq: int, undone: bool, finished: bool, *, expect: int) -> int:
        """Move input `seq` onto (undone=True) or off the redo stack; returns the new change count."""
        with self._transaction(f"undo/redo of input {seq}") as undo:
            g = self._game_for_write(game_id, expect)
            row = self.db.execute(
                "SELECT input, label, ts FROM inputs WHERE game_id = ? AND seq = ? AND undone = ?",
                (game_id, seq, int(not undone)),
            ).fetchone()
            if row is None:
                raise JournalError(f"{self.path}: game {game_id} was changed elsewhere; resume it again")
            text, label, ts = row
            self.db.execute(
                "UPDATE inputs SET undone = ?, crc = ? WHERE game_id = ? AND seq = ?",
                (int(undone), row_crc(game_id, seq, text, label, int(undone), ts), game_id, seq),
            )
            change = cp.change_obj(g[4] + 1, "undo" if undone else "redo", seq, finished)
            n = self._finish_change(undo, game_id, g, finished, change, g[6])
        return n


def _check_path(p: Path, create: bool) -> None:
    try:
        st = p.stat()
    except FileNotFoundError:
        if not create:
            raise JournalError(f"{p}: no such journal") from None
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            reason = classify(exc, str(p.parent))
            if reason in ("full", "readonly"):
                raise unavailable(str(p), "cannot create the journal's folder", reason) from exc
            raise JournalError(f"{p}: cannot create the journal's folder: {exc.strerror or exc}") from exc
        return
    except OSError as exc:
        raise JournalError(f"{p}: cannot open journal: {exc.strerror or exc}") from exc
    if stat.S_ISDIR(st.st_mode):
        raise JournalError(f"{p}: is a directory, not a journal")
    if not stat.S_ISREG(st.st_mode):
        raise JournalError(f"{p}: not a regular file (a device or a pipe), not a journal")


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
    from companion.core.codec import parse_json

    name = str(path)
    try:
        lines = read_bounded(name, MAX_EXPORT_BYTES).decode("utf-8").splitlines()
    except OSError as exc:
        raise JournalError(f"{name}: cannot read: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise JournalError(f"{name}: cannot read: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    header: dict[str, Any] | None = None
    inputs: list[RecordedInput] = []
    for lineno, text in enumerate(lines, start=1):
        where = f"{name}:{lineno}"
        if not text.strip():
            continue
        try:
            obj = parse_json(text)
        except DecodeError as exc:
            raise JournalError(f"{where}: {exc}") from exc
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
    if not _INT64_MIN <= seed <= _INT64_MAX:
        # What a journal can hold (games.seed), for every game alike (docs/journal.md).
        raise JournalError(f'{where}: header "seed" must be a signed 64-bit integer '
                           f"({_INT64_MIN} to {_INT64_MAX}), not {seed}")
    return obj


def is_sqlite_file(path: str | os.PathLike[str]) -> bool:
    try:
        return read_bounded(str(path), None, head=len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False

