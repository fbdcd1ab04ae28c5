#!/usr/bin/env python3
"""Build tests/corpus/: games recorded by every landed version of main, each by its own code.

    .venv/bin/python scripts/build_journal_corpus.py                 # every version below
    .venv/bin/python scripts/build_journal_corpus.py --only stop07   # one version again

For each version: `git archive COMMIT` into a temporary folder, then, with PYTHONPATH pointing at
that folder and this repo's .venv python, scripts/journal_corpus_driver.py plays GAMES seeded
games of every pack that version has (through that version's own rules, journal, session,
`companion journal export` and `companion replay --json`). Kept per game, under
tests/corpus/NAME/: the JSON-lines export (PACK-I.jsonl) and the final state that version printed
(PACK-I.state.json); for the short partial game also the SQLite journal that version wrote
(PACK-2.sqlite, with its second copies where it kept them). tests/corpus/manifest.json lists the versions and games;
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
- main 96299a6 (12-03): the lock file, on main when issue 24 started (not a stop yet);
- issue24-853d837: this release's own games, recorded from its branch (the first code that
  writes `rules_version` into every game's options).

Every landed version is here (no subset was needed: the build takes about four minutes). A release
appends its own line to VERSIONS and runs `--only NAME` (docs/journal.md, "Rules versions").
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
    ("issue24-853d837", "853d837", "issue 24's release, from its branch: rules versions recorded in every game "
     "(BGM 2, SOL 1, BIN 1, GSB 1)"),
    ("stop31", "44c4048", "stop 31: issues 24-27 in part; BGM 4, SOL 2, BIN 2, GSB 2"),
]

# (cut, seed offset) per game index: three played to the end (or the driver's cap), three partial
GAMES: list[tuple[int, int]] = [(0, 0), (0, 1), (40, 2), (150, 3), (0, 4), (90, 5)]
SQLITE_KEPT = 2  # the short partial game's SQLite journal is kept as well as its export


def _run_version(name: str, commit: str, note: str, python: str, serial: int) -> dict[str, object]:
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
                # seeds differ by version too, so each version adds games of its own
                seed = 100_000 * (serial + 1) + 1000 * (list(PACKS).index(code) + 1) + 10 * index + off
                got = subprocess.run([python, str(DRIVER), str(work), code, str(index), str(seed), str(cut)],
                                     cwd=src, env=env, capture_output=True, text=True)
                if got.returncode != 0:
                    print(f"{name} {code}-{index}: FAILED\n{got.stderr[-2000:]}", file=sys.stderr)
                    games.append({"pack": code, "index": index, "failed": got.stderr.strip().splitlines()[-1:]})
                    continue
                info = json.loads(got.stdout.strip().splitlines()[-1])
                for suffix in (".jsonl", ".state.json"):
                    shutil.copy(work / f"{code}-{index}{suffix}", out / f"{code}-{index}{suffix}")
                if index == SQLITE_KEPT:
                    # the journal file itself too (and its second copy, where the version kept one):
                    # today's Journal must open it, resume the game and take the next input
                    shutil.copy(work / f"{code}-{index}.sqlite", out / f"{code}-{index}.sqlite")
                    copies = work / f"{code}-{index}.sqlite.copies"
                    if copies.is_dir():
                        shutil.copytree(copies, out / f"{code}-{index}.sqlite.copies")
                    info["sqlite"] = f"{code}-{index}.sqlite"
                games.append(info)
                print(f"{name} {code}-{index}: {info['inputs']} inputs, over={info['over']}", flush=True)
    return {"name": name, "commit": full, "date": date, "note": note, "games": games}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", action="append", default=[], help="rebuild only this version (repeatable)")
    ap.add_argument("--python", default=str(ROOT / ".venv" / "bin" / "python"))
    args = ap.parse_args()
    manifest_path = CORPUS / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {"versions": []}
    known = {v["name"]: v for v in manifest["versions"]}
    todo = list(VERSIONS)
    if args.only:
        todo = [v for v in VERSIONS if v[0] in args.only]
        if len(todo) != len(args.only):
            ap.error(f"unknown version in {args.only}; known: {', '.join(v[0] for v in VERSIONS)}")
    names = [v[0] for v in VERSIONS]
    for name, commit, note in todo:
        known[name] = _run_version(name, commit, note, args.python, names.index(name))
    manifest["versions"] = [known[n] for n in names if n in known]
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    failed = [(v["name"], g["pack"], g["index"]) for v in manifest["versions"] for g in v["games"] if "failed" in g]
    print(f"{sum(len(v['games']) for v in manifest['versions'])} games in {len(manifest['versions'])} versions; "
          f"{len(failed)} failed to record: {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
