"""Journal, undo, resume and replay hold for The Stuff of Legend as for every game, including SIGKILL at
random moments (modelled on tests/core/test_crash.py, with fewer kill points)."""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.cli import main
from companion.core import codec
from companion.core.game import get_rules, sample_chance
from companion.core.journal import Journal, export_lines
from companion.core.rng import Rng
from companion.core.session import Session, replay
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.game import RULES
from sol_helpers import options

KILLS = int(os.environ.get("COMPANION_SOL_CRASH_KILLS", "10"))
REPO = Path(__file__).resolve().parents[3]


def random_input(s, r: random.Random, rng: Rng):  # type: ignore[no-untyped-def]
    actor = RULES.to_act(s)
    if actor.kind == "chance":
        if r.random() < 0.3 and type(s.head).__name__ == "Coin":
            return I.CoinFlip(None), rng  # the device flips
        return sample_chance(RULES.chance_outcomes(s), rng)
    legal = RULES.legal_inputs(s, actor.seat or "table")
    calm = [x for x in legal if not isinstance(x, (I.ThrowAway, I.CallVote))] or legal
    return r.choice(calm), rng


def test_journal_undo_redo_resume_and_replay(tmp_path: Path) -> None:
    """A game journaled input by input; undo and redo restore everything (the device's coin included);
    resume and replay give the same state."""
    path = tmp_path / "journal.sqlite"
    r = random.Random(3)
    rng = Rng(3)
    with Journal(path) as j:
        s = Session.new(j, RULES, options(4), seed=11)
        for k in range(160):
            if s.finished:
                break
            if k % 17 == 5 and s.can_undo:
                before = s.state
                label = s.undo()
                s.redo()
                assert s.state == before and label
                continue
            inp, rng = random_input(s.state, r, rng)
            s.submit(inp)
        for _ in range(3):
            s.undo()
        state, game_id = s.state, s.game_id
        assert len(s.history().redo) == 3
    with Journal(path) as j:
        back = Session.resume(j, get_rules, game_id)
        assert back.state == state and len(back.history().redo) == 3
        back.redo()
        record = j.record(game_id)
        assert replay(RULES, record)[-1] == back.state


def test_a_device_flip_is_the_same_after_undo(tmp_path: Path) -> None:
    """SOL-81: the device's coin comes from the state's generator: undo, then the same input again, gives the
    same face."""
    r, rng = random.Random(4), Rng(4)
    with Journal(tmp_path / "j.sqlite") as j:
        s = Session.new(j, RULES, options(4), seed=5)
        while type(s.state.head).__name__ != "Coin":
            inp, rng = random_input(s.state, r, rng)
            if isinstance(inp, I.CoinFlip):
                inp = I.CoinFlip(None)
            s.submit(inp)
        first = s.submit(I.CoinFlip(None))
        s.undo()
        assert s.submit(I.CoinFlip(None)) == first


def test_export_replays_with_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A journaled SOL game exported as JSON lines replays with `companion replay --json` to the same state."""
    path = tmp_path / "journal.sqlite"
    r, rng = random.Random(9), Rng(9)
    with Journal(path) as j:
        s = Session.new(j, RULES, options(3), seed=2)
        for _ in range(60):
            inp, rng = random_input(s.state, r, rng)
            s.submit(inp)
        lines = list(export_lines(j.record(s.game_id)))
        final = s.state
    out = tmp_path / "game.jsonl"
    out.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(codec.dumps(final))


CHILD = textwrap.dedent(
    """
    import hashlib, random, sys
    sys.path[:0] = [sys.argv[3], sys.argv[4]]
    from companion.core import codec
    from companion.core.game import get_rules, sample_chance
    from companion.core.journal import Journal
    from companion.core.rng import Rng
    from companion.core.session import Session
    from companion.games.stuff_of_legend.game import RULES
    from sol_helpers import options
    from test_session import random_input

    r = random.Random(int(sys.argv[2]))
    rng = Rng(int(sys.argv[2]))
    j = Journal(sys.argv[1])
    s = Session.resume(j, get_rules) if j.latest_game(unfinished=True) else Session.new(j, RULES, options(4), 1)

    def line(tag):
        h = hashlib.sha1(codec.dumps(s.state).encode()).hexdigest()
        print(tag, s.game_id, len(s.inputs), len(s.history().redo), h, flush=True)

    line("ready")
    while True:
        if s.finished:
            s = Session.new(j, RULES, options(4), r.randrange(1000))
            line("done")
            continue
        if r.random() < 0.1 and s.can_undo:
            print("begin undo", flush=True)
            s.undo()
        elif r.random() < 0.1 and s.can_redo:
            print("begin redo", flush=True)
            s.redo()
        else:
            inp, rng = random_input(s.state, r, rng)
            print("begin submit", flush=True)
            s.submit(inp)
        line("done")
    """
)


def _digest(state: object) -> str:
    return hashlib.sha1(codec.dumps(state).encode()).hexdigest()


def test_sigkill_loses_at_most_the_input_in_flight(tmp_path: Path) -> None:
    """Crash safety: a SOL game killed at random moments always resumes to a replay of its committed inputs,
    having lost at most the operation in flight."""
    rnd = random.Random(7)
    path = tmp_path / "journal.sqlite"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    for k in range(KILLS):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), str(k), str(REPO), str(Path(__file__).parent)],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        assert child.stdout is not None
        out = child.stdout.readline()
        assert out.startswith("ready"), out + child.stdout.read()
        for _ in range(rnd.randint(1, 25)):
            got = child.stdout.readline()
            if not got:
                break
            out += got
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate()
        out += rest
        done = [x.split() for x in out.split("\n")[:-1] if x.startswith(("ready", "done"))]
        game_id, inputs, redo, digest = int(done[-1][1]), int(done[-1][2]), int(done[-1][3]), done[-1][4]
        pending = out.split("\n")[:-1][-1].startswith("begin")
        with Journal(path) as j:
            assert j.integrity_check() == "ok"
            s = Session.resume(j, get_rules, game_id)
            assert _digest(replay(RULES, j.record(game_id))[-1]) == _digest(s.state)
            if not pending:
                assert (len(s.inputs), len(s.history().redo), _digest(s.state)) == (inputs, redo, digest)
            else:
                assert abs(len(s.inputs) - inputs) <= 1
