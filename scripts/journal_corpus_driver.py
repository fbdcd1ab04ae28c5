"""Record games with ONE old version of the companion, by that version's own code.

Run by scripts/build_journal_corpus.py, never by hand: the working directory is a copy of an old
commit (`git archive`), PYTHONPATH points at it, and this file imports only that copy's
`companion`. So it may use only the API every recorded version has:

- `companion.core.game.get_rules(code)`: setup / apply / label / is_over (every version);
- `to_act`, `legal_inputs`, `chance_outcomes` and `sample_chance` (the game protocol, from the
  house for many games, 469e806, on);
- before the protocol (Boogeyman alone, 871ed87): that version's own simulation runner
  (`companion.sim.runner.play_game`, child bots against the rule-run Boogeyman), its `RULES`
  wrapped so the inputs it applies are written down;
- `Journal` + `Session.new` + `submit` to record, then that version's `companion journal export`
  and `companion replay --json` (subprocesses, same PYTHONPATH) for the export and the state.

    python journal_corpus_driver.py OUTDIR PACK INDEX SEED CUT

INDEX picks the options (BGM's mode and difficulty, a pack's player count), SEED seeds both the game and the
driver's own choices, CUT > 0 stops the game after that many inputs (a partial game, one that must
continue today), CUT = 0 plays to the end (or to MAX_INPUTS).
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
from typing import Any

MAX_INPUTS = 600


def _here_is_the_old_code() -> None:
    import companion

    root = os.path.realpath(os.getcwd())
    got = os.path.realpath(companion.__file__)
    if not got.startswith(root + os.sep):
        raise SystemExit(f"driver: companion imported from {got}, not from the old copy {root}")


def _options(rules: Any, code: str, index: int) -> Any:
    """The pack's default options, varied by index where the field exists in this version."""
    base = rules.options_type()
    names = {f.name for f in dataclasses.fields(base)}
    tries: list[dict[str, Any]] = []
    if code == "BGM":
        from companion.games.boogeyman.state import CHILDREN, Difficulty, Mode

        mode = Mode(("coop", "solo", "semi", "competitive")[index % 4])
        level = Difficulty(("normal", "nightmare", "hard")[(index // 2) % 3])  # Nightmare: two tokens a turn
        kids = {"coop": 2, "solo": 2, "semi": 3, "competitive": 4}[mode.value]
        tries.append({"mode": mode, "difficulty": level, "children": tuple(CHILDREN[:kids])})
        tries.append({"mode": mode, "children": tuple(CHILDREN[:kids])})
        tries.append({"mode": mode})
    elif "players" in names:
        tries.append({"players": (2, 3, 4, 3, 5, 2)[index % 6]})
    for t in tries:
        if set(t) <= names:
            opt = dataclasses.replace(base, **t)
            try:
                rules.setup(opt, 1)
            except Exception:  # this version refuses that mix: try the next, then the defaults
                continue
            return opt
    return base


def _play_protocol(rules: Any, options: Any, seed: int, cut: int) -> list[Any]:
    """A random table: every seat picks uniformly among its legal inputs; chance as the game says."""
    from companion.core.errors import IllegalInput
    from companion.core.game import sample_chance
    from companion.core.rng import Rng

    pick = random.Random(seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    state = rules.setup(options, seed)
    done: list[Any] = []
    limit = cut or MAX_INPUTS
    while len(done) < limit and not rules.is_over(state):
        actor = rules.to_act(state)
        if actor.kind == "nobody":
            break
        if actor.kind == "chance":
            inp, rng = sample_chance(rules.chance_outcomes(state), rng)
            candidates = [inp]
        else:
            candidates = list(rules.legal_inputs(state, actor.seat))
            pick.shuffle(candidates)
        for inp in candidates:
            try:
                state = rules.apply(state, inp)
            except IllegalInput:
                continue
            done.append(inp)
            break
        else:
            break  # nobody can act: the game stops here
    return done


def _play_runner(options: Any, seed: int, cut: int) -> list[Any]:
    """Before the protocol: the version's own simulation, its applied inputs written down."""
    from companion.sim import runner

    real = runner.RULES
    done: list[Any] = []
    current: list[Any] = []

    class Recorder:
        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

        def setup(self, opts: Any, s: int) -> Any:
            st = real.setup(options, seed)  # our options and seed, whatever the runner chose
            current[:] = [st]
            return st

        def apply(self, state: Any, inp: Any) -> Any:
            if cut and len(done) >= cut:
                raise _Stop()
            after = real.apply(state, inp)
            if state is current[0]:
                done.append(inp)
                current[0] = after
            return after

    class _Stop(Exception):
        pass

    runner.RULES = Recorder()  # type: ignore[assignment]
    try:
        runner.play_game(options.mode.value, "rules", seed, 0, len(options.children))
    except _Stop:
        pass
    finally:
        runner.RULES = real
    return done[: cut or MAX_INPUTS]


def main() -> int:
    outdir, code, index, seed, cut = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    _here_is_the_old_code()
    from companion.core import game as core_game
    from companion.core.journal import Journal
    from companion.core.session import Session

    rules = core_game.get_rules(code)
    options = _options(rules, code, index)
    if hasattr(rules, "to_act"):
        inputs = _play_protocol(rules, options, seed, cut)
    else:
        inputs = _play_runner(options, seed, cut)
    name = f"{code}-{index}"
    jpath = os.path.join(outdir, f"{name}.sqlite")
    for leftover in (jpath, jpath + "-wal", jpath + "-shm"):
        if os.path.exists(leftover):
            os.remove(leftover)
    journal = Journal(jpath)
    session = Session.new(journal, rules, options, seed)
    for inp in inputs:
        session.submit(inp)
    over = bool(rules.is_over(session.state))
    journal.close() if hasattr(journal, "close") else None
    env = dict(os.environ)
    export = os.path.join(outdir, f"{name}.jsonl")
    subprocess.run([sys.executable, "-m", "companion", "journal", "export", jpath, "--out", export],
                   check=True, env=env)
    state = subprocess.run([sys.executable, "-m", "companion", "replay", export, "--json"], check=True, env=env,
                           capture_output=True, text=True).stdout
    with open(os.path.join(outdir, f"{name}.state.json"), "w", encoding="utf-8") as f:
        f.write(state.strip() + "\n")
    print(json.dumps({"pack": code, "index": index, "seed": seed, "cut": cut, "inputs": len(inputs),
                      "over": over, "file": f"{name}.jsonl"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
