"""What the journal's second copy costs, and what each way of keeping a journal detects.

Cost (real Boogeyman games through real Sessions, on this machine's disk):
- per input: the commit (Journal.append / set_undone, i.e. the SQLite transaction plus the copy's
  write and fdatasync) as shipped (both synced at every change) and, as the baseline in the same
  run, the journal before issue 15 (WAL, synchronous=FULL, no copy); also with only the copy
  synced (synchronous=NORMAL), a checkpoint after every commit, and rollback-journal mode.
  Target: p99 under 20 ms.
- per game: a new game (its copy file and the directory fsync), and the bytes a game takes in
  the SQLite file and in its copy.
- per start: opening and checking a journal of 10 and 100 games (quick_check, every row's CRC,
  every copy's CRC chain) against a bare sqlite3 open and count; and rebuilding one.

Detection (seeded damage to the same games, as in tests/faults): for each way of keeping the
journal, how many damaged journals are caught, how many silently show a different game, and how
many come back exactly. Run: .venv/bin/python benchmarks/journal.py  (about two minutes)
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.core.copies import copies_dir  # noqa: E402
from companion.core.errors import CompanionError, IllegalInput  # noqa: E402
from companion.core.journal import Journal  # noqa: E402
from companion.core.session import Session  # noqa: E402
from companion.games.boogeyman.game import RULES  # noqa: E402
from companion.games.boogeyman.moves import legal_inputs  # noqa: E402
from companion.games.boogeyman.state import Mode, Options  # noqa: E402

INPUTS = 600  # per configuration, over 4 games
DAMAGE_CASES = 300  # per way of keeping the journal


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def play(j: Journal, seed: int, moves: int, timings: list[float] | None = None) -> Session[Any, Any]:
    r = random.Random(seed)
    s: Session[Any, Any] = Session.new(j, RULES, Options(mode=Mode.COOP, children=("mike", "daphne")), seed=seed)
    if timings is not None:
        _time_writes(j, timings)
    while len(s.inputs) < moves and not s.finished:
        x = r.random()
        if x < 0.05 and s.can_undo:
            s.undo()
        elif x < 0.08 and s.can_redo:
            s.redo()
        else:
            try:
                s.submit(r.choice(legal_inputs(s.state)))
            except IllegalInput:
                pass
    return s


def _time_writes(j: Journal, timings: list[float]) -> None:
    """Time every commit: the journal's own write methods, wrapped on this instance."""
    for name in ("append", "set_undone"):
        real: Callable[..., int] = getattr(j, name)

        def timed(*a: Any, _real: Callable[..., int] = real, **k: Any) -> int:
            t = time.perf_counter()
            try:
                return _real(*a, **k)
            finally:
                timings.append(time.perf_counter() - t)

        setattr(j, name, timed)


def commit_cost(root: Path) -> dict[str, list[float]]:
    configs: dict[str, tuple[bool, str | None]] = {
        "WAL FULL, no second copy (baseline, before)": (False, None),
        "WAL FULL + second copy (shipped)": (True, None),
        "WAL NORMAL + second copy (copy synced only)": (True, "PRAGMA synchronous=NORMAL"),
        "WAL FULL + copy, checkpoint every commit": (True, "PRAGMA wal_autocheckpoint=1"),
        "rollback journal FULL + second copy": (True, "PRAGMA journal_mode=TRUNCATE"),
    }
    out: dict[str, list[float]] = {}
    for round_ in range(2):  # interleaved twice, so a busy moment of the machine hits all alike
        for k, (name, (copies, pragma)) in enumerate(configs.items()):
            path = root / f"cost-{k}-{round_}" / "journal.sqlite"
            path.parent.mkdir()
            j = Journal(path, copies=copies)
            for stmt in (pragma or "").split(";"):
                if stmt.strip():
                    j.db.execute(stmt)
            timings = out.setdefault(name, [])
            for g in range(2):
                play(j, 10 + g, INPUTS // 4, timings)
            j.close()
    return out


def per_game(root: Path) -> tuple[list[float], list[float], int, int, int]:
    folder = root / "games"
    folder.mkdir()
    path = folder / "journal.sqlite"
    with_copy, without = [], []
    for copies, times in ((True, with_copy), (False, without)):
        p = folder / f"{'c' if copies else 'n'}.sqlite"
        j = Journal(p, copies=copies)
        for i in range(40):
            t = time.perf_counter()
            j.create_game("BGM", {"mode": "coop"}, i)
            times.append(time.perf_counter() - t)
        j.close()
    j = Journal(path)
    s = play(j, 3, 150)
    j.close()
    copy_bytes = copies_dir(str(path)).joinpath(f"game-{s.game_id}.jsonl").stat().st_size
    db_bytes = path.stat().st_size
    return with_copy, without, len(s.inputs) + len(s.history().redo), copy_bytes, db_bytes


def start_cost(root: Path, games: int) -> tuple[float, float, float]:
    folder = root / f"start-{games}"
    folder.mkdir()
    path = folder / "journal.sqlite"
    j = Journal(path)
    for g in range(games):
        play(j, 1000 + g, 150)
    j.close()

    def bare() -> None:
        db = sqlite3.connect(path)
        db.execute("SELECT count(*) FROM inputs").fetchone()
        db.close()

    def checked() -> None:
        Journal(path).close()

    times = {}
    for name, fn in (("bare", bare), ("checked", checked)):
        runs = []
        for _ in range(5):
            t = time.perf_counter()
            fn()
            runs.append(time.perf_counter() - t)
        times[name] = statistics.median(runs)
    damaged = bytearray(path.read_bytes())
    damaged[len(damaged) // 2:len(damaged) // 2 + 4096] = bytes(4096)
    path.write_bytes(bytes(damaged))
    t = time.perf_counter()
    Journal(path, repair=True).close()
    rebuild = time.perf_counter() - t
    return times["bare"], times["checked"], rebuild


# -- detection -------------------------------------------------------------------------------


def rows_of(path: Path) -> list[tuple[Any, ...]]:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT game_id, seq, input, undone FROM inputs ORDER BY game_id, seq").fetchall()
    finally:
        db.close()


def template(root: Path, name: str, copies: bool, pragma: str | None) -> tuple[Path, list[tuple[Any, ...]]]:
    """Three games, files copied while the journal is open (as after a power cut)."""
    folder = root / f"tpl-{name}"
    folder.mkdir()
    live = folder / "live.sqlite"
    j = Journal(live, copies=copies)
    if pragma:
        j.db.execute(pragma)
    for g in range(3):
        play(j, 50 + g, (60, 150, 20)[g])
    snap = folder / "snap"
    snap.mkdir()
    for suffix in ("", "-wal"):
        if Path(str(live) + suffix).exists():
            shutil.copyfile(str(live) + suffix, str(snap / "journal.sqlite") + suffix)
    if copies:
        shutil.copytree(copies_dir(str(live)), copies_dir(str(snap / "journal.sqlite")))
    j.close()
    return snap, rows_of(live)


def damage(folder: Path, r: random.Random) -> None:
    files = [p for p in (folder / "journal.sqlite", folder / "journal.sqlite-wal") if p.exists()]
    target = r.choice(files)
    data = bytearray(target.read_bytes())
    if r.random() < 0.7:
        for _ in range(r.choice((1, 1, 2, 8))):
            i = r.randrange(len(data))
            data[i] ^= 1 << r.randrange(8)
    else:
        del data[r.randrange(len(data)):]
    target.write_bytes(bytes(data))


def detection(root: Path) -> dict[str, tuple[int, int, int, int]]:
    """Per way of keeping the journal, over the same seeded damage: (caught and every input back,
    caught, harmless, silent). Caught: an error or a report; silent: a different game, no word."""

    def integrity_only(path: Path) -> bool:  # before issue 15: integrity_check said ok, then rows
        db = sqlite3.connect(path)
        try:
            return db.execute("PRAGMA integrity_check").fetchone()[0] != "ok"
        finally:
            db.close()

    def checked(path: Path, copies: bool, repair: bool) -> bool:
        with Journal(path, copies=copies, repair=repair) as j:
            for g in j.games():
                j.inputs(g.id)
            return not j.report.clean

    ways: dict[str, tuple[bool, str | None, Callable[[Path], bool]]] = {
        "WAL, integrity_check only (before)": (False, None, integrity_only),
        "WAL, quick_check + row CRCs": (False, None, lambda p: checked(p, False, False)),
        "rollback journal, quick_check + row CRCs": (False, "PRAGMA journal_mode=TRUNCATE",
                                                     lambda p: checked(p, False, False)),
        "WAL, quick_check + row CRCs + second copy (shipped)": (True, None, lambda p: checked(p, True, True)),
    }
    out = {}
    for k, (name, (copies, pragma, opener)) in enumerate(ways.items()):
        tpl, want = template(root, str(k), copies, pragma)
        r = random.Random(7)
        back = caught = harmless = silent = 0
        for case in range(DAMAGE_CASES):
            folder = root / f"d-{k}-{case}"
            shutil.copytree(tpl, folder)
            damage(folder, r)
            path = folder / "journal.sqlite"
            try:
                reported = opener(path)
                same = rows_of(path) == want
            except (CompanionError, sqlite3.Error, UnicodeDecodeError):
                reported, same = True, False
            if reported and same:
                back += 1
            elif reported:
                caught += 1
            elif same:
                harmless += 1
            else:
                silent += 1
            shutil.rmtree(folder)
        out[name] = (back, caught, harmless, silent)
    return out


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="bench-journal-") as tmp:
        root = Path(tmp)
        load = os.getloadavg()[0]
        print(f"journal benchmark, files in {root}; load average {load:.1f} on {os.cpu_count()} cores "
              "(fsync times grow with other programs' disk writes)")
        cost = commit_cost(root)
        base = cost["WAL FULL, no second copy (baseline, before)"]
        print("\nper input: commit time (ms), the SQLite transaction plus, where kept, the second copy")
        print(f"  {'':46} {'n':>5} {'p50':>6} {'p99':>6} {'max':>6} {'p99 vs baseline':>16}")  # noqa: E501
        for name, xs in cost.items():
            ms = [x * 1e3 for x in xs]
            ratio = pct(xs, 0.99) / pct(base, 0.99)
            print(f"  {name:46} {len(xs):5d} {statistics.median(ms):6.2f} {pct(ms, .99):6.2f} {max(ms):6.2f} {ratio:15.2f}x")
        shipped = pct(cost["WAL FULL + second copy (shipped)"], 0.99) * 1e3
        print(f"  target p99 < 20 ms: {'met' if shipped < 20 else 'NOT met'} ({shipped:.2f} ms)")

        with_copy, without, changes, copy_bytes, db_bytes = per_game(root)
        print("\nper game")
        print(f"  new game: {statistics.median(with_copy) * 1e3:.2f} ms with its copy file, "
              f"{statistics.median(without) * 1e3:.2f} ms without (median of 40)")
        print(f"  a game of {changes} inputs: {copy_bytes / 1024:.0f} KiB in its copy "
              f"({copy_bytes / changes:.0f} B per change), {db_bytes / 1024:.0f} KiB SQLite file")

        print("\nper start: open and check (median of 5), and a rebuild after a zeroed page")
        for games in (10, 100):
            bare, checked, rebuild = start_cost(root, games)
            print(f"  {games:3d} games of 150 inputs: bare open+count {bare * 1e3:6.1f} ms, "
                  f"checked open {checked * 1e3:6.1f} ms ({checked / bare:.0f}x), rebuild {rebuild * 1e3:6.1f} ms")

        print(f"\ndetection: {DAMAGE_CASES} seeded damaged journals each (bit flips, truncation of the main "
              f"file or the WAL)")
        print(f"  {'':52} {'caught, all back':>16} {'caught':>7} {'harmless':>8} {'SILENT':>7}")
        for name, (back, caught, harmless, silent) in detection(root).items():
            print(f"  {name:52} {back:16d} {caught:7d} {harmless:8d} {silent:7d}")
    return 0 if shipped < 20 else 1


if __name__ == "__main__":
    raise SystemExit(main())
