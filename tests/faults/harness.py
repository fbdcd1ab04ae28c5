"""Seeded damage to real Boogeyman journals, and the checks every damaged journal must pass.

A template journal holds three games played through real Sessions (with undos and redos, a redo
stack left over, most of it still in the WAL as after a power cut, or checkpointed into the main
file). Each case copies a template, damages it (bit flips, truncation, zeroed or garbage blocks,
deleted files) in the main file, the WAL, the -shm, a game's second copy, or two of them at once,
then opens it the ways a user would:

- the CLI: `journal check`, `journal list`, `replay --json`, `journal export`;
- the kiosk: `GameController` (the app's start-up), then every game resumed, and a second start.

Over each case it asserts what docs/journal.md promises:
- no traceback anywhere: every failure is a CompanionError with words;
- never a silent difference: a game that is not exactly as it was is named in the report;
- when no second copy was damaged, every game comes back exactly (all it had, nothing else);
- the damaged files that were set aside hold the damaged bytes, byte for byte.
"""

from __future__ import annotations

import hashlib
import io
import random
import shutil
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from companion import cli
from companion.core import codec
from companion.core.copies import copies_dir
from companion.core.errors import CompanionError, IllegalInput
from companion.core.game import get_rules
from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.moves import legal_inputs
from companion.games.boogeyman.state import Mode, Options

GAMES = ((1, 60, ("mike", "daphne")), (2, 150, ("peter", "ray", "leila")), (3, 20, ("tommy",)))


@dataclass(frozen=True)
class Expected:
    inputs: tuple[str, ...]  # the inputs in effect, as JSON
    redo: tuple[str, ...]  # labels on the redo stack
    digest: str  # the state


def digest(state: Any) -> str:
    return hashlib.sha1(codec.dumps(state).encode()).hexdigest()


def expected_of(s: Session[Any, Any]) -> Expected:
    return Expected(tuple(codec.dumps(i) for i in s.inputs), s.history().redo, digest(s.state))


def play(journal: Journal, seed: int, moves: int, children: tuple[str, ...]) -> Session[Any, Any]:
    """A game played by seeded random legal inputs, with undos and redos along the way."""
    r = random.Random(seed)
    mode = Mode.SOLO if len(children) == 1 else Mode.COOP
    s: Session[Any, Any] = Session.new(journal, RULES, Options(mode=mode, children=children), seed=seed)
    while len(s.inputs) < moves and not s.finished:
        x = r.random()
        if x < 0.06 and s.can_undo:
            s.undo()
        elif x < 0.09 and s.can_redo:
            s.redo()
        else:
            try:
                s.submit(r.choice(legal_inputs(s.state)))
            except IllegalInput:
                continue
    if s.can_undo:
        s.undo()  # leave a redo stack behind
    return s


@dataclass
class Template:
    name: str
    files: Path  # a folder holding journal.sqlite (-wal) and journal.sqlite.copies/
    expected: dict[int, Expected]


def build_templates(root: Path) -> list[Template]:
    """Two templates: as after a power cut (most of the games in the WAL), and cleanly closed."""
    out = []
    for name in ("power-cut", "closed"):
        folder = root / name
        folder.mkdir(parents=True)
        path = folder / "journal.sqlite"
        j = Journal(path)
        expected = {}
        for gid, moves, kids in GAMES:
            s = play(j, 100 + gid, moves, kids)
            assert s.game_id == gid
            expected[gid] = expected_of(s)
        if name == "power-cut":
            snap = root / "snap"
            snap.mkdir()
            for suffix in ("", "-wal", "-shm"):
                shutil.copyfile(str(path) + suffix, str(snap / "journal.sqlite") + suffix)
            shutil.copytree(copies_dir(str(path)), copies_dir(str(snap / "journal.sqlite")))
            j.close()
            shutil.rmtree(folder)
            snap.rename(folder)
        else:
            j.close()
        out.append(Template(name, folder, expected))
    return out


# -- damage ----------------------------------------------------------------------------------


def _flip(data: bytearray, r: random.Random) -> str:
    bits = r.choice((1, 1, 1, 2, 8))
    for _ in range(bits):
        i = r.randrange(len(data))
        data[i] ^= 1 << r.randrange(8)
    return f"{bits} bit flip(s)"


def _truncate(data: bytearray, r: random.Random) -> str:
    n = r.randrange(len(data))
    del data[n:]
    return f"truncated to {n} bytes"


def _zero(data: bytearray, r: random.Random) -> str:
    size = r.choice((512, 4096))
    start = r.randrange(max(1, len(data) // size)) * size
    data[start:start + size] = bytes(len(data[start:start + size]))
    return f"zeroed {size} bytes at {start}"


def _garbage(data: bytearray, r: random.Random) -> str:
    start = r.randrange(len(data))
    n = min(r.choice((16, 512, 4096)), len(data) - start)
    data[start:start + n] = bytes(r.randrange(256) for _ in range(n))
    return f"{n} garbage bytes at {start}"


DAMAGES: tuple[Callable[[bytearray, random.Random], str], ...] = (_flip, _flip, _flip, _truncate, _zero, _garbage)


def damage_file(path: Path, r: random.Random) -> str:
    if not path.exists() or path.stat().st_size == 0:
        return f"{path.name}: absent"
    if r.random() < 0.04:
        path.unlink()
        return f"{path.name}: deleted"
    data = bytearray(path.read_bytes())
    what = r.choice(DAMAGES)(data, r)
    path.write_bytes(bytes(data))
    return f"{path.name}: {what}"


def pick_targets(case: Path, r: random.Random) -> list[Path]:
    db = case / "journal.sqlite"
    copies = sorted(copies_dir(str(db)).glob("game-*.jsonl"))
    sqlite_files = [p for p in (db, Path(str(db) + "-wal")) if p.exists()]
    x = r.random()
    if x < 0.75:  # the journal only: the second copies are intact and must recover everything
        return [r.choice(sqlite_files)] if r.random() < 0.9 else [Path(str(db) + "-shm")]
    if x < 0.9:  # a second copy only
        return [r.choice(copies)]
    return [r.choice(sqlite_files), r.choice(copies)]  # both


# -- one case --------------------------------------------------------------------------------


@dataclass
class Result:
    case: int
    damage: list[str]
    copies_intact: bool
    tracebacks: list[str] = field(default_factory=list)
    silent: list[str] = field(default_factory=list)  # games that differ without the report naming them
    unrecovered: list[str] = field(default_factory=list)  # games not exactly back although the copies were intact
    exact: int = 0
    reported: int = 0  # games that differ, named in the report
    repaired: bool = False


def _cli(args: list[str], result: Result) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = cli.main(args)
    except SystemExit as exc:
        code = int(exc.code or 0)
    except BaseException as exc:  # noqa: BLE001 - exactly what must never happen
        result.tracebacks.append(f"companion {' '.join(args)}: {type(exc).__name__}: {exc}")
        return 1, out.getvalue(), err.getvalue()
    if "internal error" in err.getvalue() or "Traceback" in err.getvalue():
        result.tracebacks.append(f"companion {' '.join(args)}: {err.getvalue().strip()}")
    elif code != 0 and "companion: error:" not in err.getvalue() and args[:2] != ["journal", "check"]:
        result.tracebacks.append(f"companion {' '.join(args)}: exit {code} without a clear error")
    return code, out.getvalue(), err.getvalue()


def _claim(report: str, gid: int) -> int | None:
    """How many inputs the report says game `gid` has now ("all 59 inputs are back", "resumes after input 7")."""
    import re

    m = re.search(rf"Game {gid} \([^)]*\): [^.]*?(?:all (\d+) inputs are back|resumes after input (\d+)|resumes at its start)",
                  report)
    if m is None:
        return None
    return int(m.group(1) or m.group(2) or 0)


def run_case(template: Template, case: int, seed: int, work: Path) -> Result:
    from companion.ui.controller import GameController

    r = random.Random(seed * 1_000_003 + case)
    folder = work / f"case-{case}"
    shutil.copytree(template.files, folder)
    db = folder / "journal.sqlite"
    targets = pick_targets(folder, r)
    damage = [damage_file(t, r) for t in targets]
    copies_intact = not any(t.parent.name.endswith(".copies") for t in targets)
    res = Result(case, [f"{template.name}: {d}" for d in damage], copies_intact)

    # The CLI, on the damaged files. A replay that succeeds must show the game exactly as it was.
    _cli(["journal", "check", str(db)], res)
    _cli(["journal", "list", str(db)], res)
    code, out, _ = _cli(["replay", str(db), "--game-id", "2", "--json"], res)
    if code == 0 and hashlib.sha1(out.strip().encode()).hexdigest() != template.expected[2].digest:
        res.silent.append("`companion replay` printed a state game 2 was never in, without an error")
    _cli(["journal", "export", str(db), "--game-id", "2"], res)
    damaged_bytes = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}

    # The kiosk: start, resume every game, start again.
    try:
        controller = GameController(db)
    except BaseException as exc:  # noqa: BLE001
        res.tracebacks.append(f"GameController: {type(exc).__name__}: {exc}")
        return res
    try:
        report = controller.notice
        res.repaired = bool(controller.journal is not None and controller.journal.report.repaired)
        for gid, want in template.expected.items():
            got: Expected | None = None
            why = ""
            try:
                if controller.journal is None:
                    raise CompanionError(controller.problem)
                got = expected_of(Session.resume(controller.journal, get_rules, gid))
            except CompanionError as exc:
                why = str(exc)
            except BaseException as exc:  # noqa: BLE001
                res.tracebacks.append(f"resume game {gid}: {type(exc).__name__}: {exc}")
                continue
            claim = _claim(report, gid)
            if got is not None and claim is not None and claim != len(got.inputs):
                res.silent.append(f"game {gid}: the report says {claim} inputs, it has {len(got.inputs)}")
            if got == want:
                res.exact += 1
                continue
            named = f"Game {gid}" in report or (why != "" and f"game {gid}" in why.lower())
            if copies_intact:
                res.unrecovered.append(f"game {gid}: {'error: ' + why if why else 'differs'} (report: {report!r})")
            elif not named:
                res.silent.append(f"game {gid}: {'error: ' + why if why else 'differs'} (report: {report!r})")
            else:
                res.reported += 1
        kept = [Path(k) for k in (controller.journal.report.kept if controller.journal else [])]
        for k in kept:
            original = k.name.split(".damaged-")[0] + (k.name[k.name.rindex("-wal"):] if k.name.endswith("-wal") else "")
            if original in damaged_bytes and k.exists() and k.read_bytes() != damaged_bytes[original]:
                res.tracebacks.append(f"set-aside {k.name} does not hold the damaged bytes")
    finally:
        controller.close()
    again = GameController(db)
    try:
        if again.recovered:
            res.tracebacks.append(f"second start is not clean: {again.recovered}")
    finally:
        again.close()
    shutil.rmtree(folder, ignore_errors=True)
    return res


@dataclass
class Totals:
    cases: int = 0
    copies_intact: int = 0
    recovered_intact: int = 0  # of those, every game exactly back
    repaired: int = 0
    tracebacks: list[str] = field(default_factory=list)
    silent: list[str] = field(default_factory=list)
    unrecovered: list[str] = field(default_factory=list)
    reported: int = 0

    def add(self, res: Result) -> None:
        self.cases += 1
        self.repaired += res.repaired
        self.reported += res.reported
        where = f"case {res.case} ({'; '.join(res.damage)})"
        self.tracebacks += [f"{where}: {t}" for t in res.tracebacks]
        self.silent += [f"{where}: {t}" for t in res.silent]
        self.unrecovered += [f"{where}: {t}" for t in res.unrecovered]
        if res.copies_intact:
            self.copies_intact += 1
            self.recovered_intact += not res.unrecovered and res.exact == len(GAMES)

    def line(self) -> str:
        return (f"{self.cases} damaged journals: {len(self.tracebacks)} tracebacks, {len(self.silent)} silent "
                f"differences; {self.recovered_intact} of {self.copies_intact} with intact second copies "
                f"recovered every game exactly; {self.repaired} repaired; {self.reported} damaged games reported")


def run(cases: int, seed: int, work: Path, progress: bool = False) -> Totals:
    templates = build_templates(work / "templates")
    totals = Totals()
    for case in range(cases):
        totals.add(run_case(templates[case % len(templates)], case, seed, work))
        if progress and (case + 1) % 100 == 0:
            print(f"  {case + 1}/{cases}: {totals.line()}", file=sys.stderr, flush=True)
    return totals


if __name__ == "__main__":
    import argparse
    import logging
    import tempfile

    ap = argparse.ArgumentParser(description="The long fault-injection run (docs/journal.md).")
    ap.add_argument("--cases", type=int, default=2400)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    logging.disable(logging.CRITICAL)  # the kiosk logs each repair; the totals say it all
    with tempfile.TemporaryDirectory(prefix="faults-") as tmp:
        t = run(a.cases, a.seed, Path(tmp), progress=True)
    print(t.line())
    for kind, items in (("traceback", t.tracebacks), ("silent", t.silent), ("unrecovered", t.unrecovered)):
        for item in items[:20]:
            print(f"{kind}: {item}")
    ok = not (t.tracebacks or t.silent or t.unrecovered) and t.cases >= 1
    raise SystemExit(0 if ok else 1)
