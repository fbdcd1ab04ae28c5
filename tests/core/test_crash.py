"""Kill the journal writer with SIGKILL at random instants; the journal must always come back.

One journal file lives through every kill point. Each child process resumes the latest unfinished
game (or starts one), then submits, undoes and redoes in a loop, printing a `begin` line before
each operation and a `done` line (game, inputs, redo depth, state hash) after it returns. The
parent kills it at a random moment, then checks that the journal opens, passes integrity_check,
resumes to exactly a fresh replay of its committed inputs, and lost nothing but the operation in
flight. COMPANION_CRASH_KILLS raises the number of kill points for a longer soak.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from fixture_game import RULES, Options, lookup  # noqa: E402

from companion.core import codec  # noqa: E402
from companion.core.journal import Journal  # noqa: E402
from companion.core.session import Session  # noqa: E402

KILL_POINTS = int(os.environ.get("COMPANION_CRASH_KILLS", "200"))
REPO = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent(
    """
    import hashlib, json, random, sys
    sys.path[:0] = [sys.argv[3], sys.argv[4]]
    from fixture_game import RULES, Options, Roll, Add, Pass, lookup
    from companion.core import codec
    from companion.core.errors import IllegalInput
    from companion.core.journal import Journal
    from companion.core.session import Session

    r = random.Random(int(sys.argv[2]))
    j = Journal(sys.argv[1])

    def new():
        return Session.new(j, RULES, Options(target=30), seed=r.randrange(2**63))

    def line(tag, s):
        h = hashlib.sha1(codec.dumps(s.state).encode()).hexdigest()
        print(tag, s.game_id, len(s.inputs), len(s.history().redo), h, flush=True)

    s = Session.resume(j, lookup) if j.latest_game(unfinished=True) else new()
    line("ready", s)
    while True:
        if s.finished:
            print("begin new", flush=True)
            s = new()
            line("done", s)
            continue
        x = r.random()
        try:
            if x < 0.12 and s.can_undo:
                print("begin undo", flush=True)
                s.undo()
            elif x < 0.2 and s.can_redo:
                print("begin redo", flush=True)
                s.redo()
            else:
                inp = r.choice([Roll(), Roll(), Add(r.randint(0, 4)), Pass()])
                print("begin submit", codec.dumps(inp), flush=True)
                s.submit(inp)
        except IllegalInput:
            print("illegal", flush=True)
            continue
        line("done", s)
    """
)


@dataclass(frozen=True)
class Point:
    game_id: int
    inputs: int
    redo: int
    digest: str


def _digest(state: object) -> str:
    return hashlib.sha1(codec.dumps(state).encode()).hexdigest()


def _fresh_replay(path: Path, game_id: int) -> tuple[str, list[str]]:
    """Replay the committed inputs read with plain sqlite3, independent of Journal/Session."""
    db = sqlite3.connect(path)
    try:
        options, seed = db.execute("SELECT options, seed FROM games WHERE id = ?", (game_id,)).fetchone()
        rows = db.execute(
            "SELECT input FROM inputs WHERE game_id = ? AND undone = 0 ORDER BY seq", (game_id,)
        ).fetchall()
    finally:
        db.close()
    state = RULES.setup(codec.from_jsonable(Options, json.loads(options)), seed)
    for (text,) in rows:
        state = RULES.apply(state, codec.from_jsonable(RULES.input_type, json.loads(text)))
    return _digest(state), [t for (t,) in rows]


def _parse(out: str) -> tuple[Point | None, Point | None, str | None]:
    """(ready point, last done point, pending operation after it) from the child's output."""
    ready = last = None
    pending: str | None = None
    for text in out.split("\n")[:-1]:  # the tail after the last newline may be cut by the kill
        tag, _, rest = text.partition(" ")
        if tag in ("ready", "done"):
            g, n, r, h = rest.split()
            last = Point(int(g), int(n), int(r), h)
            pending = None
            if tag == "ready":
                ready = last
        elif tag == "begin":
            pending = rest
        elif tag == "illegal":
            pending = None
    return ready, last, pending


def test_sigkill_at_random_points_loses_at_most_the_input_in_flight(tmp_path: Path) -> None:
    rnd = random.Random(20240607)
    path = tmp_path / "journal.sqlite"
    prev: Point | None = None  # what the journal held after the last verified kill
    stats = {"early": 0, "in_flight": 0, "in_flight_kept": 0, "ops": 0, "waited": 0}
    started = time.monotonic()
    for k in range(KILL_POINTS):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path), str(k), str(REPO), str(Path(__file__).parent)],
            stdout=subprocess.PIPE,
            # One pipe only: communicate() then reads through the buffer readline() filled.
            stderr=subprocess.STDOUT,
            text=True,
        )
        assert child.stdout is not None
        if rnd.random() < 0.15:
            # Some kills land during start-up: import, open, schema creation, resume.
            stats["early"] += 1
            time.sleep(rnd.uniform(0.0, 0.12))
            first = ""
        else:
            first = child.stdout.readline()
            assert first.startswith("ready"), first + child.stdout.read()
            # Let a seeded number of operations finish first (not a time: a loaded machine would
            # then exercise fewer), then kill at a random instant of the next ones.
            wait_ops = rnd.randint(0, 10)
            stats["waited"] += wait_ops
            while wait_ops:
                line = child.stdout.readline()
                if not line:
                    break
                first += line
                wait_ops -= line.startswith("done")
            time.sleep(rnd.uniform(0.0, 0.01))
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate()
        assert child.returncode == -signal.SIGKILL, first + rest
        ready, last, pending = _parse(first + rest)
        stats["ops"] += (first + rest).count("\ndone")

        if ready is not None:
            # A new process resumes exactly where the last verified journal was.
            if prev is not None:
                assert ready == prev, (k, ready, prev)
            else:
                assert ready.inputs == 0
        last = last or prev

        with Journal(path) as j:  # must open after any kill
            assert j.integrity_check() == "ok"
            latest = j.latest_game()
            unfinished = j.latest_game(unfinished=True)
            if last is None:
                # No unfinished game before this child and it printed nothing: at most it
                # recorded a new, empty game.
                assert unfinished is None or (unfinished.committed == 0 and unfinished.undone == 0)
                prev = None if unfinished is None else Point(unfinished.id, 0, 0, _resumed(j, unfinished.id).digest)
                continue
            got = _resumed(j, last.game_id)
            digest, committed = _fresh_replay(path, last.game_id)
            assert got.digest == digest, f"kill {k}: resumed state differs from a replay of committed inputs"
            assert latest is not None
            if pending == "new":
                stats["in_flight"] += 1
                assert got == last
                if latest.id != last.game_id:
                    stats["in_flight_kept"] += 1
                    assert latest.id > last.game_id and latest.committed == 0 and latest.undone == 0
            elif pending is None:
                assert got == last, (k, got, last)
                assert latest.id == last.game_id
            else:
                stats["in_flight"] += 1
                assert latest.id == last.game_id
                if got != last:
                    stats["in_flight_kept"] += 1
                    op, _, arg = pending.partition(" ")
                    step = {"submit": (1, -last.redo), "undo": (-1, 1), "redo": (1, -1)}[op]
                    assert (got.inputs, got.redo) == (last.inputs + step[0], last.redo + step[1]), (k, op)
                    if op == "submit":
                        assert json.loads(committed[-1]) == json.loads(arg)
            prev = None if unfinished is None else _resumed(j, unfinished.id)

    elapsed = time.monotonic() - started
    print(f"\ncrash test: {KILL_POINTS} kill points in {elapsed:.1f}s, {stats}")
    assert stats["in_flight"] >= KILL_POINTS // 2, stats  # most kills must land mid-operation
    assert stats["ops"] >= stats["waited"] > KILL_POINTS * 3, stats  # many operations, not a handful


def _resumed(j: Journal, game_id: int) -> Point:
    s = Session.resume(j, lookup, game_id)
    return Point(game_id, len(s.inputs), len(s.history().redo), _digest(s.state))
