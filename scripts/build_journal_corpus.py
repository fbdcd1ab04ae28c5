#!/usr/bin/env python3
"""Build tests/corpus/: games recorded by every landed version of main, each by its own code.

    .venv/bin/python scripts/build_journal_corpus.py                 # every version below
    .venv/bin/python scripts/build_journal_corpus.py --only stop07   # one version again
    .venv/bin/python scripts/build_journal_corpus.py --add NAME COMMIT "what it was"   # a release

For each version: `git archive COMMIT` into a temporary folder, then, with PYTHONPATH pointing at
that folder and this repo's .venv python, scripts/journal_corpus_driver.py plays GAMES seeded
games of every pack that version has (through that version's own rules, journal, session,
`companion journal export` and `companion replay --json`). Kept per game, under
tests/corpus/NAME/: the JSON-lines export (PACK-I.jsonl) and the final state that version printed
(PACK-I.state.json). tests/corpus/manifest.json lists the versions and games;
tests/core/test_old_journals.py replays each one with today's code.

How the versions were chosen (issue 24). "Landed versions" are the heads of main after each
landed stop (`issues stops`: stops 7 and 17 to 22 landed, each passing CI). `git log
--first-parent main` does not show them (branches merged main into themselves and were then
fast-forwarded), so each head is the commit the stop's closing note names: its CI dry run's
"final head", or the `duplicates --change --base` the next stop's note used as its start:

- stop 7  871ed87 (2026-11-29 22:21): the whole project's first landing; Boogeyman only, and the
  last version before the physical draws of the Boogeyman's cards (02c41ef);
- stop 17 469e806 (2026-12-01 12:18): the journal's second copies; Boogeyman and SOL (the base
  stop 18's note names);
- stop 18 1ecb40d (12-01 15:18): all four packs (the base stop 19's note names);
- stop 19 03118c2 (12-01 17:54), stop 20 9690324 (20:15), stop 21 213cfda (22:29),
  stop 22 4c545a8 (12-02 01:15): each stop note's CI dry-run head;
- main 96299a6 (12-03): the lock file, on main when issue 24 started (not a stop yet).

Every landed version is here (no subset was needed: the build takes a few minutes). A release
adds itself with --add (docs/journal.md, "Rules versions and the old-journal corpus").
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"
DRIVER = ROOT / "scripts" / "journal_corpus_driver.py"
PACKS = {"BGM": "boogeyman", "SOL": "stuff_of_legend", "BIN": "bump_in_the_night", "GSB": "goosebumps"}

# name, commit, what it was
VERSIONS: list[tuple[str, str, str]] = [
    ("stop07", "871ed87", "stop 7: the first landing, Boogeyman only, before the physical draws (02c41ef)"),
    ("stop17", "469e806", "stop 17: the journal's second copies; Boogeyman and The Stuff of Legend"),
    ("stop18", "1ecb40d", "stop 18: the house for many games finished; all four packs"),
    ("stop19", "03118c2", "stop 19"),
    ("stop20", "9690324", "stop 20"),
    ("stop21", "213cfda", "stop 21"),
    ("stop22", "4c545a8", "stop 22"),
    ("main-96299a6", "96299a6", "main when issue 24 began: the lock file"),
]

# (cut, seed offset) per game index: two played to the end (or the driver's cap), two partial
GAMES: list[tuple[int, int]] = [(0, 0), (0, 1), (40, 2), (150, 3)]


def _run_version(name: str, commit: str, note: str, python: str) -> dict[str, object]:
    out = CORPUS / name
    games: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory(prefix=f"corpus-{name}-") as tmp:
        src = Path(tmp) / "src"
        work = Path(tmp) / "work"
        src.mkdir()
        work.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
        full = subprocess.run(["git", "-C", str(ROOT), "rev-parse", commit], check=True, capture_output=True,
                              text=True).stdout.strip()
        date = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%cI", commit], check=True,
                              capture_output=True, text=True).stdout.strip()
        env = dict(os.environ, PYTHONPATH=str(src), COMPANION_DATA_DIR=str(work), PYTHONHASHSEED="0")
        env.pop("PYTHONSTARTUP", None)
        if out.exists():
            shutil.rmtree(out)
        out.mkdir(parents=True)
        for code, folder in PACKS.items():
            if not (src / "companion" / "games" / folder).is_dir():
                continue
            for index, (cut, off) in enumerate(GAMES):
                seed = 1000 * (list(PACKS).index(code) + 1) + 10 * index + off
                got = subprocess.run([python, str(DRIVER), str(work), code, str(index), str(seed), str(cut)],
                                     cwd=src, env=env, capture_output=True, text=True)
                if got.returncode != 0:
                    print(f"{name} {code}-{index}: FAILED\n{got.stderr[-2000:]}", file=sys.stderr)
                    games.append({"pack": code, "index": index, "failed": got.stderr.strip().splitlines()[-1:]})
                    continue
                info = json.loads(got.stdout.strip().splitlines()[-1])
                for suffix in (".jsonl", ".state.json"):
                    shutil.copy(work / f"{code}-{index}{suffix}", out / f"{code}-{index}{suffix}")
                games.append(info)
                print(f"{name} {code}-{index}: {info['inputs']} inputs, over={info['over']}", flush=True)
    return {"name": name, "commit": full, "date": date, "note": note, "games": games}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", action="append", default=[], help="rebuild only this version (repeatable)")
    ap.add_argument("--add", nargs=3, metavar=("NAME", "COMMIT", "NOTE"), help="record one more version (a release)")
    ap.add_argument("--python", default=str(ROOT / ".venv" / "bin" / "python"))
    args = ap.parse_args()
    manifest_path = CORPUS / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {"versions": []}
    known = {v["name"]: v for v in manifest["versions"]}
    todo = list(VERSIONS)
    if args.add:
        todo = [tuple(args.add)]  # type: ignore[list-item]
    elif args.only:
        todo = [v for v in VERSIONS if v[0] in args.only]
        if len(todo) != len(args.only):
            ap.error(f"unknown version in {args.only}; known: {', '.join(v[0] for v in VERSIONS)}")
    for name, commit, note in todo:
        known[name] = _run_version(name, commit, note, args.python)
    order = [v[0] for v in VERSIONS] + sorted(n for n in known if n not in {v[0] for v in VERSIONS})
    manifest["versions"] = [known[n] for n in order if n in known]
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    failed = [(v["name"], g["pack"], g["index"]) for v in manifest["versions"] for g in v["games"] if "failed" in g]
    print(f"{sum(len(v['games']) for v in manifest['versions'])} games in {len(manifest['versions'])} versions; "
          f"{len(failed)} failed to record: {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
