"""Opening a journal: check it, finish what a crash interrupted, and repair damage from the good copy.

On open, under the write lock (so no other writer is half-way through a change):
1. the SQLite file: its header, `PRAGMA quick_check`, and every row's invariants and CRC;
2. every game's second copy (copies.py): its chained CRCs, and its change count and last CRC
   against the ones the game's row vouches for.
Then each game is decided on its own (`_decide`): both agree; the copy is one change ahead (a
crash between the copy's write and COMMIT: finish it); the copy is several changes ahead (the
journal lost committed changes, e.g. a damaged WAL frame that integrity_check never sees:
restore them); the journal's rows are damaged (rebuild the game from the copy); the copy is
damaged (write it again from the journal); or both are damaged (keep the longer good prefix).

Damage to the journal means a rebuild: the damaged files are renamed aside byte for byte (a
read-only guard connection keeps SQLite from checkpointing the WAL on close) and a new file is
built from what is good. Without `repair`, damage raises JournalDamaged with the report instead.
"""

from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Protocol

from companion.core import copies as cp
from companion.core import walscan
from companion.core.codec import parse_json
from companion.core.errors import DecodeError, JournalDamaged, JournalError, JournalForeign
from companion.core.files import read_bounded, sync_dir
from companion.core.journal_base import (
    APPLICATION_ID,
    SCHEMA,
    SCHEMA_VERSION,
    Report,
    classify,
    create_tables,
    dumps,
    game_crc,
    row_crc,
    unavailable,
)


class Journal(Protocol):
    """What the check needs of the journal it opens (journal.Journal): the check imports nothing
    of journal.py, which calls it."""

    path: str
    readonly: bool
    create: bool
    v1: bool
    report: Report
    copies: cp.CopyWriter | None
    _db: sqlite3.Connection | None

    @property
    def db(self) -> sqlite3.Connection: ...
    def connect(self) -> None: ...
    def set_pragmas(self) -> None: ...
    def close_db(self) -> None: ...
    def fail(self, exc: BaseException, what: str) -> JournalError: ...
    def _create_schema(self) -> None: ...
    def _scalar(self, sql: str, params: tuple[Any, ...] = ()) -> Any: ...
    def _rollback(self) -> None: ...


# SQLite reports some damage as UnicodeDecodeError: the text of its own error message is damaged.
DB_DAMAGE = (sqlite3.DatabaseError, UnicodeDecodeError)
_V2_GAME_COLUMNS = ("id", "code", "options", "seed", "created", "finished", "changes", "copy_crc", "input_rows", "crc")


@dataclass(frozen=True)
class Row:
    seq: int
    input: str
    label: str
    undone: bool
    ts: str


@dataclass
class SGame:
    """One game as the SQLite file has it."""

    id: int
    code: Any = None
    options: Any = None
    seed: Any = None
    created: Any = None
    finished: Any = 0
    changes: int = 0
    copy_crc: int = 0
    input_rows: Any = None  # how many input rows the game's row says it has (None: an old journal)
    header_ok: bool = False  # the games row is readable and its CRC matches
    rows: int = 0  # rows in the good prefix
    live: int = 0  # of which in effect
    bad: str = ""  # what is damaged, in words ("" = nothing)


@dataclass
class Scan:
    version: int = SCHEMA_VERSION
    whole: str = ""  # why the file as a whole cannot be trusted
    fresh: bool = False  # the file was created just now: nothing in it to keep
    stray: int = 0  # input rows of no game (a damaged key): dropped
    wal_lost: int = 0  # commits a damaged WAL still holds that SQLite no longer reads
    games: dict[int, SGame] = field(default_factory=dict)
    max_id: int = 0


@dataclass
class Outcome:
    gid: int
    source: str = "S"  # "S": the journal's rows; "C": the copy's first `upto` changes; "P": the journal's good prefix
    upto: int = 0
    copy: str = "keep"  # "keep", "trim" (cut a half line), "rewrite" (from the final rows), "prefix" (its good lines)
    damage: str = ""
    copy_damage: str = ""
    residue: bool = False  # an interrupted change, finished (not damage)
    migrate: bool = False  # an old journal's game getting its first copy (not damage)
    drop: bool = False  # nothing readable is left of it
    lost: bool = False  # some of its inputs could not be recovered
    copy_header: bool = False  # the journal's rows, under the copy's header (the journal's is damaged)


class _Damaged(Exception):
    """The SQLite file as a whole cannot be trusted."""


def open_checked(j: Journal, repair: bool) -> None:
    """Connect, check, finish interrupted changes, and repair or report damage (see the module doc)."""
    _orphan_wal(j, repair)
    scan = _scan_or_damage(j, repair)
    found = _read_copies(j)
    outcomes = [_decide(j, gid, scan, found) for gid in sorted(set(scan.games) | set(found))]
    if not found or any(o.source == "S" and o.copy == "rewrite" and not o.damage for o in outcomes):
        # No second copy vouches for the journal (none at all, or a game's is missing or behind):
        # before the journal alone is trusted (and copies written again from it), make sure its
        # WAL did not lose commits to a damaged frame, which SQLite would pass over in silence.
        scan.wal_lost = walscan.lost_commits(j.path + "-wal", j.path)
        if scan.wal_lost:
            outcomes = [_decide(j, gid, scan, found) for gid in sorted(set(scan.games) | set(found))]
    damage = bool(scan.whole or scan.stray or scan.wal_lost) or any(o.damage or o.drop for o in outcomes)
    _report(j, scan, found, outcomes, will_repair=repair and not j.readonly)
    if damage:
        if j.readonly or not repair:
            j._rollback()
            _close_keeping_wal(j)
            how = "it cannot be repaired in a read-only folder" if j.readonly else "run `companion journal repair`"
            raise JournalDamaged(f"{j.path}: the journal is damaged: {j.report.summary()} ({how})", j.report)
        _rebuild(j, scan, found, outcomes)
        # Check the rebuilt file like any other: it must open cleanly.
        rebuilt = j.report
        j.report = type(rebuilt)(j.path)
        open_checked(j, repair=False)
        rebuilt.finished_writes += j.report.finished_writes
        j.report = rebuilt
        j.report.repaired = True
        return
    try:
        if not j.readonly:
            _maintain(j, scan, found, outcomes)
        if j.db.in_transaction:
            j.db.execute("COMMIT")
    except (sqlite3.Error, OSError, UnicodeDecodeError) as exc:
        j._rollback()
        raise j.fail(exc, "cannot finish the last change or update the second copies") from exc


def _orphan_wal(j: Journal, repair: bool) -> None:
    """A WAL without its main file (deleted, or cut to nothing): SQLite would build a new file on
    top of it. It is damage: set it aside, and the games come back from their second copies."""
    wal = j.path + "-wal"
    main_gone = not os.path.exists(j.path) or os.path.getsize(j.path) == 0
    if not (main_gone and os.path.exists(wal) and os.path.getsize(wal) > 0):
        return
    if j.readonly or not repair:
        raise JournalDamaged(f"{j.path}: the journal file is missing or empty but its write-ahead log is not; "
                             "run `companion journal repair`", j.report)
    kept = _kept_name(j.path, _stamp())
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(j.path + suffix):
            os.replace(j.path + suffix, kept + suffix)
            if suffix != "-shm":
                j.report.kept.append(kept + suffix)
    j.report.damage.append("The journal file was missing or empty (its write-ahead log was not).")
    j.report.repaired = True


# -- scanning the SQLite file ---------------------------------------------------------------


def _scan_or_damage(j: Journal, repair: bool) -> Scan:
    directory = os.path.dirname(os.path.abspath(j.path))
    try:
        j.connect()
        return _scan(j, repair)
    except _Damaged as exc:
        return Scan(whole=str(exc))
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        reason = classify(exc, directory)
        if reason in ("full", "readonly", "busy"):
            raise unavailable(j.path, "cannot open the journal", reason) from exc
        if reason == "damaged" or isinstance(exc, DB_DAMAGE):
            j._rollback()
            return Scan(whole=f"the file cannot be read ({exc})")
        raise JournalError(f"{j.path}: cannot open journal: {exc}") from exc


def _scan(j: Journal, repair: bool = False) -> Scan:
    db = j.db
    try:
        app_id, version, tables = (j._scalar(q) for q in (
            "PRAGMA application_id", "PRAGMA user_version", "SELECT count(*) FROM sqlite_master"))
    except DB_DAMAGE as exc:
        if classify(exc, os.path.dirname(os.path.abspath(j.path))) in ("full", "readonly", "busy"):
            raise
        if j.copies is None or not cp.list_copies(j.copies.directory):
            raise JournalForeign(f"{j.path}: not a companion journal ({exc})") from exc
        raise _Damaged(f"the file cannot be read ({exc})") from exc
    has_copies = j.copies is not None and bool(cp.list_copies(j.copies.directory))
    if app_id == 0 and version == 0 and tables == 0:
        if j.readonly or not (j.create or repair):
            # An empty file a reader opened (`journal list`, `check`): nothing is written into it.
            # The tables exist for this connection only, so it reads as a journal with no games.
            for stmt in SCHEMA.split(";"):
                if stmt.strip():
                    db.execute(stmt.replace("CREATE TABLE", "CREATE TEMP TABLE"))
            return Scan(fresh=True)
        j._create_schema()
        j.set_pragmas()
        db.execute("BEGIN IMMEDIATE")
        return Scan(fresh=True)
    if app_id != APPLICATION_ID:
        if has_copies and _our_columns(j):
            raise _Damaged("its header is damaged (it no longer says it is a companion journal)")
        raise JournalForeign(f"{j.path}: not a companion journal (an SQLite file of another kind)")
    if version not in (1, SCHEMA_VERSION):
        if has_copies and _our_columns(j) and not _newer_copies(j):
            raise _Damaged(f"its header is damaged (schema version {version})")
        if version > SCHEMA_VERSION:
            raise JournalError(
                f"{j.path}: journal schema {version} is newer than this companion reads "
                f"(up to {SCHEMA_VERSION}); update the companion"
            )
        raise JournalError(f"{j.path}: unknown journal schema version {version}")
    j.v1 = version == 1 and not _has_column(j, "games", "crc")
    try:
        j.set_pragmas()
        db.execute("BEGIN" if j.readonly else "BEGIN IMMEDIATE")
        check = [str(r[0]) for r in db.execute("PRAGMA quick_check").fetchmany(5)]
    except DB_DAMAGE as exc:
        if classify(exc, os.path.dirname(os.path.abspath(j.path))) in ("full", "readonly", "busy"):
            raise
        raise _Damaged(f"the file cannot be read ({exc})") from exc
    scan = Scan(version=version)
    if check != ["ok"]:
        scan.whole = f"SQLite's quick_check found damage ({check[0]})"
    _scan_rows(j, scan)
    return scan


def _has_column(j: Journal, table: str, column: str) -> bool:
    return any(r[1] == column for r in j.db.execute(f"PRAGMA table_info({table})"))


def _our_columns(j: Journal) -> bool:
    try:
        return tuple(r[1] for r in j.db.execute("PRAGMA table_info(games)")) in (_V2_GAME_COLUMNS, _V2_GAME_COLUMNS[:6])
    except (sqlite3.Error, UnicodeDecodeError):
        return True  # too damaged to tell; the copies say it is ours


def _newer_copies(j: Journal) -> bool:
    assert j.copies is not None
    return any(cp.read_copy(p, gid).newer for gid, p in cp.list_copies(j.copies.directory).items())


def _scan_rows(j: Journal, scan: Scan) -> None:
    """Every game's row and input rows: invariants and CRCs. Damage is noted, never raised."""
    cols = "changes, copy_crc, input_rows, crc" if not j.v1 else "0, 0, NULL, NULL"
    try:
        for row in j.db.execute(f"SELECT id, code, options, seed, created, finished, {cols} FROM games ORDER BY id"):
            gid = row[0]
            if not isinstance(gid, int):
                scan.whole = scan.whole or "a game's row is damaged"
                continue
            g = SGame(gid, *row[1:9])
            g.header_ok = _header_ok(g, row[9], j.v1)
            if not g.header_ok:
                g.bad = "its record (options, seed or state) is damaged"
            scan.games[gid] = g
            scan.max_id = max(scan.max_id, gid)
        seq_row = j.db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'games'").fetchone()
        if seq_row and isinstance(seq_row[0], int):
            scan.max_id = max(scan.max_id, seq_row[0])
    except DB_DAMAGE as exc:
        scan.whole = scan.whole or f"the list of games cannot be read ({exc})"
    crc_col = "crc" if not j.v1 else "NULL"
    for gid in list(scan.games):
        g = scan.games[gid]
        try:
            for row in _rows(j, gid, crc_col):
                problem = _row_problem(gid, g.rows + 1, row, g.rows > g.live, j.v1)
                if problem:
                    g.bad = g.bad or problem
                    break
                g.rows += 1
                g.live += 0 if row[3] else 1
        except DB_DAMAGE as exc:
            g.bad = g.bad or f"its inputs after input {g.rows} cannot be read ({exc})"
        if not g.bad and g.header_ok and not j.v1 and g.rows != g.input_rows:
            first, last = sorted((g.rows + 1, g.input_rows))
            g.bad = f"input {first} is missing" if first == last else f"inputs {first}-{last} are missing"
    try:
        scan.stray = sum(1 for r in j.db.execute("SELECT game_id FROM inputs") if r[0] not in scan.games)
    except DB_DAMAGE:
        pass


def _rows(j: Journal, gid: int, crc_col: str = "crc") -> Iterator[tuple[Any, ...]]:
    yield from j.db.execute(
        f"SELECT seq, input, label, undone, ts, {crc_col} FROM inputs WHERE game_id = ? ORDER BY seq", (gid,))


def _header_ok(g: SGame, crc: Any, v1: bool) -> bool:
    if not (isinstance(g.code, str) and isinstance(g.options, str) and isinstance(g.seed, int)
            and isinstance(g.created, str) and g.finished in (0, 1) and isinstance(g.changes, int)
            and isinstance(g.copy_crc, int) and (v1 or isinstance(g.input_rows, int))):
        return False
    if not v1 and crc != game_crc(g.id, g.code, g.options, g.seed, g.created, g.finished, g.changes, g.copy_crc,
                                  g.input_rows):
        return False
    try:
        parse_json(g.options)
    except DecodeError:
        return False
    return True


def _row_problem(gid: int, expected: int, row: tuple[Any, ...], in_redo: bool, v1: bool) -> str:
    seq, text, label, undone, ts, crc = row
    if seq != expected:
        return f"input {expected} is missing"
    if not (isinstance(text, str) and isinstance(label, str) and isinstance(ts, str) and undone in (0, 1)):
        return f"input {seq} is damaged"
    if in_redo and not undone:
        return f"input {seq} follows an undone input"
    if not v1 and crc != row_crc(gid, seq, text, label, undone, ts):
        return f"input {seq} is damaged"
    if v1:
        try:
            parse_json(text)
        except DecodeError:
            return f"input {seq} is damaged (not JSON)"
    return ""


# -- the second copies ----------------------------------------------------------------------


def _read_copies(j: Journal) -> dict[int, cp.CopyGame]:
    if j.copies is None:
        return {}
    return {gid: cp.read_copy(path, gid) for gid, path in cp.list_copies(j.copies.directory).items()}


def _parsed(c: cp.CopyGame) -> cp.CopyGame:
    """The copy with its changes parsed (read again: the first read only checked the CRCs)."""
    if c.changes is None:
        full = cp.read_copy(c.path, c.game_id, parse=True)
        c.changes, c.crcs, c.good_bytes = full.changes, full.crcs, full.good_bytes
        c.problem = c.problem or full.problem
    return c


def _copy_live(c: cp.CopyGame, upto: int) -> int:
    rows, _ = _parsed(c).rows(upto)
    return sum(1 for r in rows if not r.undone)


# -- deciding, game by game ------------------------------------------------------------------


def _name(gid: int, s: SGame | None, c: cp.CopyGame | None) -> str:
    code, created = "", ""
    if s is not None and s.header_ok:
        code, created = s.code, s.created
    elif c is not None and c.header is not None:
        code, created = c.header["game"], c.header["created"]
    when = f", started {created[:16].replace('T', ' ')} UTC" if created else ""
    return f"Game {gid} ({code}{when})" if code else f"Game {gid}"


def _changes_words(c: cp.CopyGame, after: int, upto: int) -> str:
    """What changes after..upto of a copy were: 'inputs 111-150', 'input 7 and an undo'."""
    assert c.changes is not None
    seqs = sorted({ch["seq"] for ch in c.changes[after:upto] if ch["op"] == "input"})
    others = sum(1 for ch in c.changes[after:upto] if ch["op"] != "input")
    parts = []
    if seqs:
        parts.append(f"input {seqs[0]}" if len(seqs) == 1 else f"inputs {seqs[0]}-{seqs[-1]}")
    if others:
        parts.append(f"{others} undo/redo" + ("s" if others > 1 else ""))
    return " and ".join(parts) or "no inputs"


def _decide(j: Journal, gid: int, scan: Scan, found: dict[int, cp.CopyGame]) -> Outcome:
    s, c = scan.games.get(gid), found.get(gid)
    o = Outcome(gid)
    name = _name(gid, s, c)
    if c is not None and c.newer:
        c = None  # a newer companion's file: never read, never touched
    if s is None and c is not None and c.header is None and not c.problem:
        o.copy, o.residue = "remove", True  # a new game the crash interrupted before its first line
        return o
    s_good = s is not None and s.header_ok and not s.bad and not scan.whole
    c_head = c is not None and c.header is not None
    c_good = c_head and c is not None and not c.problem
    if s is not None and s_good:
        if j.copies is None:
            return o
        if j.v1:
            o.copy, o.migrate = "rewrite", True  # an old journal: every game gets its first second copy
            if scan.wal_lost:
                return _wal_loss(o, name, s, scan, "it has no second copy (an old journal)")
            return o
        if c is None:
            o.copy = "rewrite"
            if scan.wal_lost:
                return _wal_loss(o, name, s, scan, "it has no second copy")
            if s.changes == 0 and s.copy_crc == 0:
                o.migrate = True  # an old journal: its first second copy
            else:
                o.copy_damage = f"{name}: its second copy was missing; it was written again from the journal."
            return o
        if not c_head:
            o.copy = "rewrite"
            if scan.wal_lost:
                return _wal_loss(o, name, s, scan, f"its second copy is damaged too ({c.problem})")
            o.copy_damage = f"{name}: its second copy was damaged ({c.problem}); it was written again from the journal."
            return o
        assert c is not None
        trim = "trim" if c.torn else "keep"
        ahead = c.count > s.changes and c.crcs[s.changes] == s.copy_crc
        if c_good and c.count == s.changes and c.last_crc == s.copy_crc:
            o.copy = trim
            o.residue = c.torn
        elif c_good and ahead:
            o.source, o.upto, o.copy = "C", c.count, trim
            if c.count - s.changes == 1:
                o.residue = True  # a crash between the copy's line and COMMIT: the change in flight
            else:
                # Both are synced at every change, so the journal lost committed ones: a damaged WAL
                # frame, which SQLite ignores with every later frame (integrity_check still says ok).
                lost = _changes_words(_parsed(c), s.changes, c.count)
                o.damage = (f"{name}: the journal had lost its last {c.count - s.changes} changes ({lost}); "
                            f"all {_copy_live(c, c.count)} inputs are back from the second copy.")
        elif not c_good and ahead:
            # The journal lost its last changes and the copy is damaged further on: keep what both hold.
            o.source, o.upto, o.copy = "C", c.count, "prefix"
            kept = _changes_words(_parsed(c), s.changes, c.count)
            o.lost = True
            o.damage = (f"{name}: the journal had lost its last changes and its second copy is damaged "
                        f"({c.problem}); {kept} are back, any later inputs are lost.")
        else:
            o.copy = "rewrite"
            why = (c.problem if not c_good else
                   f"it was cut short ({c.count} of {s.changes} changes)" if c.count < s.changes else
                   "it did not match the journal")
            if scan.wal_lost:
                return _wal_loss(o, name, s, scan, f"its second copy is damaged too ({why})")
            o.copy_damage = f"{name}: its second copy was damaged ({why}); it was written again from the journal."
        return o
    # The journal's record of this game cannot be trusted.
    if s is not None and s.bad:
        why = f"{s.bad} in the journal"
    elif scan.whole:
        why = "the journal file could not be read"
    else:
        why = "it was missing from the journal"
    if c_good and c is not None and not (s is not None and s.header_ok and s.changes > c.count):
        o.source, o.upto = "C", c.count
        o.copy = "trim" if c.torn else "keep"
        n = _copy_live(c, c.count)
        if s is None and c.count == 0 and gid > scan.max_id and not scan.whole:
            o.residue = True  # a new game the crash interrupted
        else:
            o.damage = f"{name}: {why}; all {n} inputs are back from the second copy."
        return o
    if s is not None and not s.header_ok and s.rows == 0 and not c_head:
        o.drop = True  # a damaged game row holding no inputs, with no copy: nothing to lose
        o.damage = f"Game {gid}: its record was damaged and it held no inputs; it was dropped."
        return o
    # Both are damaged: keep the longer good prefix (the journal's rows may borrow the copy's header).
    o.lost = True
    candidates: list[tuple[int, str]] = []
    if c_head and c is not None:
        candidates.append((_copy_live(c, c.count), "C"))
    if s is not None and (s.header_ok or c_head) and s.rows:
        candidates.append((s.live, "P"))
    if not candidates:
        o.drop = True
        o.damage = f"{name}: {why} and it has no readable second copy; it cannot be recovered."
        return o
    live, source = max(candidates, key=lambda t: (t[0], t[1] == "C"))
    o.source = source
    if source == "C":
        assert c is not None
        o.upto, o.copy = c.count, "prefix" if c.problem else ("trim" if c.torn else "keep")
    else:
        o.copy, o.copy_header = "rewrite", s is not None and not s.header_ok
    copy_why = (f"its second copy is damaged too ({c.problem or 'it is shorter than the journal'})"
                if c_head and c is not None else "it has no readable second copy")
    at = f"after input {live}" if live else "at its start"
    o.damage = f"{name}: {why}, and {copy_why}; the game resumes {at}; any later inputs are lost."
    return o


def _wal_loss(o: Outcome, name: str, s: SGame, scan: Scan, copy_why: str) -> Outcome:
    """A sound game in a journal whose WAL lost commits, with no second copy to say which were its:
    the journal's rows are all that is left (a repair keeps them and sets the WAL aside)."""
    o.source, o.copy, o.lost, o.migrate = "S", "rewrite", True, False
    n = scan.wal_lost
    at = f"after input {s.live}" if s.live else "at its start"
    o.damage = (f"{name}: the journal's write-ahead log is damaged (SQLite cannot read its last {n} "
                f"commit{'s' if n > 1 else ''}), and {copy_why}; the game resumes {at}; "
                "any later inputs are lost.")
    return o


# The words are written for a repair; a check that does not repair says what a repair would do.
_NOT_YET = (("are back from the second copy", "can be recovered from the second copy"),
            ("the game resumes after input", "a repair keeps it up to input"),
            ("the game resumes at its start", "a repair keeps only its start"),
            ("any later inputs are lost", "any later inputs cannot be recovered"),
            ("it was written again from the journal", "a repair writes it again from the journal"),
            ("it was dropped", "a repair drops it"), ("they were dropped", "a repair drops them"),
            ("are back, any later", "can be recovered, any later"))


def _report(j: Journal, scan: Scan, found: dict[int, cp.CopyGame], outcomes: list[Outcome],
            will_repair: bool = True) -> None:
    if not will_repair:
        for o in outcomes:
            for done, todo in _NOT_YET:
                o.damage, o.copy_damage = o.damage.replace(done, todo), o.copy_damage.replace(done, todo)
    r = j.report
    if scan.whole:
        r.damage.append(f"The journal file is damaged: {scan.whole.splitlines()[0]}.")
    if scan.stray:
        r.damage.append(f"The journal held {scan.stray} damaged input row{'s' if scan.stray > 1 else ''} of no game; "
                        "the games they came from are named below.")
    r.repairing = will_repair
    if scan.wal_lost and not any(o.damage for o in outcomes):
        n = scan.wal_lost
        r.damage.append(f"The journal's write-ahead log is damaged: SQLite cannot read its last {n} "
                        f"commit{'s' if n > 1 else ''}, and no second copy holds them; whatever games or inputs "
                        "they held cannot be recovered.")
        r.lost = True
    r.damage.extend(o.damage for o in outcomes if o.damage)
    r.copy_damage.extend(o.copy_damage for o in outcomes if o.copy_damage)
    r.lost = r.lost or any(o.lost or o.drop for o in outcomes)
    r.finished_writes += sum(1 for o in outcomes if o.residue)


# -- finishing interrupted changes and fixing copies in place ----------------------------------


def _maintain(j: Journal, scan: Scan, found: dict[int, cp.CopyGame], outcomes: list[Outcome]) -> None:
    """Under the open transaction: migrate an old journal, finish interrupted changes, fix copies."""
    if j.v1:
        _migrate_schema(j)
    assert j.copies is not None or all(o.copy == "keep" and o.source == "S" for o in outcomes)
    stamp = _stamp()
    for o in outcomes:
        if o.copy == "trim" and j.copies is not None:
            j.copies.trim(o.gid, found[o.gid].good_bytes)
        if o.copy == "remove" and j.copies is not None:
            j.copies.remove(o.gid)
            continue
        if o.source == "S" and o.copy in ("keep", "trim") and not j.v1:
            continue
        final = _final(j, o, scan, found)
        lines = _copy_plan(j, o, final, found)
        _put_game(j.db, final)
        if j.copies is not None and lines:
            if o.gid in found and not o.migrate:
                j.report.kept.append(str(j.copies.set_aside(o.gid, stamp)))
            j.copies.replace(o.gid, lines)
    if j.v1:
        j.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        j.v1 = False
    _clean_temp_files(j)


def _migrate_schema(j: Journal) -> None:
    for table, column in (("games", "changes"), ("games", "copy_crc"), ("games", "input_rows"), ("games", "crc"),
                          ("inputs", "crc")):
        if not _has_column(j, table, column):
            j.db.execute(f"ALTER TABLE {table} ADD COLUMN {column} INTEGER NOT NULL DEFAULT 0")


@dataclass
class Final:
    gid: int
    code: str
    options: str
    seed: int
    created: str
    rows: list[Row]
    finished: bool
    changes: int = 0
    copy_crc: int = 0


def _final(j: Journal, o: Outcome, scan: Scan, found: dict[int, cp.CopyGame]) -> Final:
    """The game's rows as they will be: from the journal, its good prefix, or the copy."""
    if o.source == "C":
        c = _parsed(found[o.gid])
        assert c.header is not None
        crows, finished = c.rows(o.upto)
        h = c.header
        from_copy = [Row(r.seq, r.input, r.label, r.undone, r.ts) for r in crows]
        return Final(o.gid, h["game"], dumps(h["options"]), h["seed"], h["created"], from_copy, finished,
                     o.upto, c.crcs[o.upto])
    s = scan.games[o.gid]
    if o.copy_header:
        ch = found[o.gid].header
        assert ch is not None
        s.code, s.options, s.seed, s.created = ch["game"], dumps(ch["options"]), ch["seed"], ch["created"]
    rows: list[Row] = []
    try:
        for seq, text, label, undone, ts, _ in _rows(j, o.gid, "NULL"):
            if o.source == "P" and len(rows) >= s.rows:
                break
            rows.append(Row(seq, text, label, bool(undone), ts))
    except DB_DAMAGE:
        if o.source == "S":
            raise
    del rows[s.rows:]
    finished = bool(s.finished) if o.source == "S" else False
    return Final(o.gid, s.code, s.options, s.seed, s.created, rows, finished, s.changes, s.copy_crc)


def _copy_plan(j: Journal, o: Outcome, final: Final, found: dict[int, cp.CopyGame]) -> list[bytes] | None:
    """The copy's new lines (None: keep the file), and the final's change count and CRC to match."""
    if j.copies is None:
        final.changes, final.copy_crc = 0, 0
        return None
    if o.copy == "keep":
        return None
    if o.copy == "trim":
        return []
    if o.copy == "prefix":
        c = found[o.gid]
        return [read_bounded(c.path, cp.MAX_COPY_BYTES)[: c.good_bytes]]
    lines, crc = fresh_copy(final)
    final.changes, final.copy_crc = len(lines) - 1, crc
    return lines


def fresh_copy(f: Final) -> tuple[list[bytes], int]:
    """A second copy written from a game's rows: every input, then the undos of the redo stack."""
    line, crc = cp.encode_line(cp.header_obj(f.gid, f.code, f.options, f.seed, f.created), 0)
    lines = [line]
    changes: list[dict[str, Any]] = []
    for r in f.rows:
        changes.append(cp.change_obj(len(changes) + 1, "input", r.seq, False, input_text=r.input,
                                     label=r.label, ts=r.ts))
    for r in reversed([r for r in f.rows if r.undone]):
        changes.append(cp.change_obj(len(changes) + 1, "undo", r.seq, False))
    if changes:
        changes[-1]["finished"] = f.finished
    for ch in changes:
        line, crc = cp.encode_line(ch, crc)
        lines.append(line)
    return lines, crc


def _put_game(db: sqlite3.Connection, f: Final) -> None:
    db.execute("DELETE FROM inputs WHERE game_id = ?", (f.gid,))
    db.execute("DELETE FROM games WHERE id = ?", (f.gid,))
    db.execute(
        "INSERT INTO games (id, code, options, seed, created, finished, changes, copy_crc, input_rows, crc) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (f.gid, f.code, f.options, f.seed, f.created, int(f.finished), f.changes, f.copy_crc, len(f.rows),
         game_crc(f.gid, f.code, f.options, f.seed, f.created, int(f.finished), f.changes, f.copy_crc,
                  len(f.rows))),
    )
    db.executemany(
        "INSERT INTO inputs (game_id, seq, input, label, undone, ts, crc) VALUES (?, ?, ?, ?, ?, ?, ?)",
        ((f.gid, r.seq, r.input, r.label, int(r.undone), r.ts,
          row_crc(f.gid, r.seq, r.input, r.label, int(r.undone), r.ts)) for r in f.rows),
    )


# -- rebuilding a damaged journal --------------------------------------------------------------


def _stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")


def _kept_name(path: str, stamp: str) -> str:
    name, k = f"{path}.damaged-{stamp}", 1
    while any(os.path.exists(name + suffix) for suffix in ("", "-wal", "-shm")):
        k += 1
        name = f"{path}.damaged-{stamp}-{k}"
    return name


def _rebuild(j: Journal, scan: Scan, found: dict[int, cp.CopyGame], outcomes: list[Outcome]) -> None:
    """Build a new journal from what is good, then set the damaged files aside and put it in place."""
    stamp = _stamp()
    tmp = f"{j.path}.rebuild-{os.getpid()}.tmp"
    for leftover in (tmp, tmp + "-journal"):
        if os.path.exists(leftover):
            os.unlink(leftover)
    copy_writes: list[tuple[int, list[bytes] | None, str]] = []
    try:
        new = sqlite3.connect(tmp, isolation_level=None)
        try:
            new.execute("BEGIN")
            create_tables(new)
            for o in outcomes:
                if o.drop or o.copy == "remove":
                    copy_writes.append((o.gid, None, "aside" if o.drop else "remove"))
                    continue
                final = _final(j, o, scan, found)
                lines = _copy_plan(j, o, final, found)
                _put_game(new, final)
                copy_writes.append((o.gid, lines, o.copy))
            top = max([scan.max_id, *found, *(o.gid for o in outcomes)], default=0)
            new.execute("DELETE FROM sqlite_sequence WHERE name = 'games'")
            new.execute("INSERT INTO sqlite_sequence (name, seq) VALUES ('games', ?)", (top,))
            new.execute("COMMIT")
            new.execute("PRAGMA journal_mode=WAL")
        finally:
            new.close()
    except (sqlite3.Error, OSError, UnicodeDecodeError) as exc:
        _unlink(tmp)
        j._rollback()
        raise j.fail(exc, "cannot repair the damaged journal (nothing was changed)") from exc
    if scan.fresh:
        j._rollback()
        j.close_db()
        for suffix in ("-wal", "-shm"):
            _unlink(j.path + suffix)
    else:
        _set_aside_sqlite(j, stamp)
    os.replace(tmp, j.path)
    sync_dir(os.path.dirname(os.path.abspath(j.path)))
    if j.copies is not None:
        for gid, lines, how in copy_writes:
            if how == "aside" and gid in found:
                j.report.kept.append(str(j.copies.set_aside(gid, stamp)))
            if how == "trim":
                j.copies.trim(gid, found[gid].good_bytes)
            if how == "remove":
                j.copies.remove(gid)
            if not lines:
                continue
            if gid in found:
                j.report.kept.append(str(j.copies.set_aside(gid, stamp)))
            j.copies.replace(gid, lines)


def _close_keeping_wal(j: Journal) -> None:
    """Close a damaged journal without letting SQLite checkpoint its WAL (which would copy what it
    can read into the main file and delete the rest): a read-only connection stays open meanwhile,
    so the files stay byte for byte as they were for a repair."""
    guard: sqlite3.Connection | None = None
    try:
        from urllib.parse import quote

        guard = sqlite3.connect("file:" + quote(os.path.abspath(j.path)) + "?mode=ro", uri=True,
                                isolation_level=None)
        guard.execute("BEGIN")
        guard.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except (sqlite3.Error, UnicodeDecodeError):
        pass  # unreadable as SQLite: closing cannot checkpoint it either
    j.close_db()
    if guard is not None:
        guard.close()


def _set_aside_sqlite(j: Journal, stamp: str) -> None:
    """Rename the journal's files aside, byte for byte. A read-only guard connection stays open while
    the read-write one closes, so SQLite does not checkpoint (rewrite) the damaged WAL on close."""
    guard: sqlite3.Connection | None = None
    j._rollback()
    try:
        from urllib.parse import quote

        guard = sqlite3.connect("file:" + quote(os.path.abspath(j.path)) + "?mode=ro", uri=True,
                                isolation_level=None)
        guard.execute("BEGIN")
        guard.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except (sqlite3.Error, UnicodeDecodeError):
        pass  # unreadable as SQLite: closing cannot checkpoint it either
    if j._db is not None:
        j._db.close()
        j._db = None
    kept = _kept_name(j.path, stamp)
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(j.path + suffix):
            os.replace(j.path + suffix, kept + suffix)
            if suffix != "-shm":
                j.report.kept.append(kept + suffix)
    if guard is not None:
        guard.close()


def _clean_temp_files(j: Journal) -> None:
    directory = Path(os.path.abspath(j.path)).parent
    base = os.path.basename(j.path)
    for p in directory.glob(f"{base}.rebuild-*.tmp*"):
        _unlink(str(p))
    if j.copies is not None and j.copies.directory.is_dir():
        for p in j.copies.directory.glob(".game-*.tmp"):
            _unlink(str(p))


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
