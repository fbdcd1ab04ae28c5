"""Every game in tests/corpus/, recorded by an old version's own code, replays today to the state
that version printed, and goes on (docs/journal.md, "Rules versions").

The corpus is built by scripts/build_journal_corpus.py: for every landed version of main, games of
every pack it had, exported as JSON lines by that version, with its `companion replay --json`.

How states are compared: the state JSON of a version may lack keys today's has (state gained
fields since). Every key the recorded state has must be in today's with an equal value, at every
depth (lists element by element, with the same length); a key today's state has that the recorded
one lacks is not compared. Nothing else is relaxed: a renamed or dropped key, a changed value, a
longer or shorter list all fail.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from companion.core import codec
from companion.core.errors import IllegalInput, JournalError
from companion.core.game import get_rules
from companion.core.journal import Journal, read_export
from companion.core.rulesver import KEY, check_versions, version_of
from companion.core.session import Session, replay

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
MANIFEST = json.loads((CORPUS / "manifest.json").read_text())
GAMES = [(v["name"], g) for v in MANIFEST["versions"] for g in v["games"]]
PACKS = ("BGM", "SOL", "BIN", "GSB")


def differences(recorded: Any, today: Any, where: str = "$") -> list[str]:
    """Where today's state differs from the recorded one (keys only today has are not compared)."""
    if isinstance(recorded, dict):
        if not isinstance(today, dict):
            return [f"{where}: an object then, {type(today).__name__} today"]
        out: list[str] = []
        for k, v in recorded.items():
            if k not in today:
                out.append(f"{where}.{k}: recorded, missing today")
            else:
                out += differences(v, today[k], f"{where}.{k}")
        return out
    if isinstance(recorded, list):
        if not isinstance(today, list) or len(today) != len(recorded):
            return [f"{where}: {json.dumps(recorded)[:120]} then, {json.dumps(today)[:120]} today"]
        return [d for i, (a, b) in enumerate(zip(recorded, today)) for d in differences(a, b, f"{where}[{i}]")]
    if type(recorded) is not type(today) or recorded != today:
        return [f"{where}: {recorded!r} then, {today!r} today"]
    return []


def next_input(rules: Any, state: Any) -> Any:
    """An input the protocol offers that applies after the last recorded one (None: none does)."""
    actor = rules.to_act(state)
    if actor.kind == "nobody":
        return None
    if actor.kind == "chance":
        candidates = [inp for inp, _ in rules.chance_outcomes(state)]
    else:
        candidates = list(rules.legal_inputs(state, actor.seat))
    for inp in candidates:
        try:
            rules.apply(state, inp)
        except IllegalInput:
            continue
        return inp
    return None


# Each release since rules versions began, and the version of each pack it recorded (CHANGELOG.md).
RECORDED_VERSIONS = {
    "issue24-853d837": {"BGM": 2, "SOL": 1, "BIN": 1, "GSB": 1},
    "stop31": {"BGM": 4, "SOL": 2, "BIN": 2, "GSB": 2},
}


def test_the_corpus_has_every_pack_of_every_version_and_boogeyman_before_the_physical_draws() -> None:
    names = [v["name"] for v in MANIFEST["versions"]]
    assert names[0] == "stop07" and len(names) >= 9, names
    packs_by_version = {v["name"]: {g["pack"] for g in v["games"]} for v in MANIFEST["versions"]}
    assert packs_by_version["stop07"] == {"BGM"}  # before the other packs existed
    assert all(packs_by_version[n] == set(PACKS) for n in names[2:])
    assert not [g for _, g in GAMES if "failed" in g]
    # the releases since rules versions record them in every game; the ones before recorded none
    for version, game in GAMES:
        options = json.loads((CORPUS / version / game["file"]).read_text().splitlines()[0])["options"]
        if version in RECORDED_VERSIONS:  # the rules versions that release had (CHANGELOG.md)
            assert options[KEY] == RECORDED_VERSIONS[version][game["pack"]]
            assert options[KEY] in [v.number for v in get_rules(game["pack"]).rules_versions]  # type: ignore[attr-defined]
        elif version.startswith(("stop", "main-")):
            assert KEY not in options
    # partial games as well as whole ones, in every pack, so every pack is continued somewhere
    for pack in PACKS:
        assert any(g["pack"] == pack and not g["over"] for _, g in GAMES)
        assert any(g["pack"] == pack and g["cut"] for _, g in GAMES)


@pytest.mark.parametrize(("version", "game"), GAMES, ids=[f"{v}-{g['pack']}-{g['index']}" for v, g in GAMES])
def test_an_old_game_replays_to_the_state_recorded_then_and_goes_on(version: str, game: dict[str, Any]) -> None:
    path = CORPUS / version / game["file"]
    record = read_export(path)
    rules = get_rules(record.code)
    state = replay(rules, record)[-1]
    today = json.loads(codec.dumps(state))  # what `companion replay --json` prints
    recorded = json.loads((CORPUS / version / game["file"].replace(".jsonl", ".state.json")).read_text())
    assert differences(recorded, today) == []
    assert len(record.inputs) == game["inputs"]
    assert rules.is_over(state) == game["over"]
    if not game["over"]:
        assert next_input(rules, state) is not None, f"{path}: no input applies after the last one"


SQLITE = [(v, g) for v, g in GAMES if "sqlite" in g]


@pytest.mark.parametrize(("version", "game"), SQLITE, ids=[f"{v}-{g['pack']}-{g['index']}" for v, g in SQLITE])
def test_an_old_sqlite_journal_opens_resumes_and_takes_the_next_input(version: str, game: dict[str, Any],
                                                                      tmp_path: Path) -> None:
    """The table's own case: the Pi updated between two evenings, the game resumed and played on."""
    src = CORPUS / version / game["sqlite"]
    path = tmp_path / "journal.sqlite"
    shutil.copy(src, path)  # opening for writing upgrades an old journal in place: never the corpus's
    if src.with_name(src.name + ".copies").is_dir():
        shutil.copytree(src.with_name(src.name + ".copies"), tmp_path / "journal.sqlite.copies")
    recorded = json.loads((CORPUS / version / game["file"].replace(".jsonl", ".state.json")).read_text())
    with Journal(path) as journal:
        session = Session.resume(journal, get_rules)
        assert differences(recorded, json.loads(codec.dumps(session.state))) == []
        assert len(session.history().done) == game["inputs"]
        inp = next_input(session.rules, session.state)
        assert inp is not None
        after = session.submit(inp)
    with Journal(path) as journal:  # and the input is in the journal, under the same rules
        again = Session.resume(journal, get_rules)
        assert codec.dumps(again.state) == codec.dumps(after)
        assert len(again.history().done) == game["inputs"] + 1


def test_boogeyman_games_from_before_the_physical_draws_go_on_under_their_own_rules() -> None:
    """Continued today, a stop-7 game keeps version 1: the device draws the Boogeyman's cards and
    rolls the tie-breaks and her die, so the table is never asked for them (version 2 would)."""
    import random

    rules = get_rules("BGM")
    device_events = 0
    for version, game in GAMES:
        if version != "stop07" or game["over"]:
            continue
        state = replay(rules, read_export(CORPUS / version / game["file"]))[-1]
        pick = random.Random(game["seed"])
        for _ in range(150):
            if rules.is_over(state):
                break
            inp = next_input(rules, state) if pick.random() < 0.5 else _any_input(rules, state, pick)
            assert inp is not None, f"{game['file']}: stuck after {state.round} rounds"
            before = state.active_event
            state = rules.apply(state, inp)
            assert state.options.rules_version == 1
            for p in state.pending:
                assert getattr(p, "deck", "") not in ("NGHT", "TRBL", "EVNT") or type(p).__name__ == "ChooseCard"
                assert type(p).__name__ != "TieRoll" and getattr(p, "purpose", "") != "possessed", p
            device_events += bool(state.active_event and state.active_event != before)
    assert device_events > 0  # the device drew Event cards itself while the games went on


def _any_input(rules: Any, state: Any, pick: Any) -> Any:
    actor = rules.to_act(state)
    if actor.kind == "chance":
        return next_input(rules, state)
    candidates = list(rules.legal_inputs(state, actor.seat))
    pick.shuffle(candidates)
    for inp in candidates:
        try:
            rules.apply(state, inp)
        except IllegalInput:
            continue
        return inp
    return None


def test_every_version_the_build_script_names_is_in_the_corpus_and_the_other_way_round() -> None:
    """A release that adds its line to VERSIONS must also add its games (and nothing else is there)."""
    import importlib.util

    script = CORPUS.parent.parent / "scripts" / "build_journal_corpus.py"
    spec = importlib.util.spec_from_file_location("build_journal_corpus", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    named = [(name, commit) for name, commit, _ in module.VERSIONS]
    recorded = [(v["name"], v["commit"]) for v in MANIFEST["versions"]]
    assert [n for n, _ in named] == [n for n, _ in recorded]
    assert all(full.startswith(short) for (_, short), (_, full) in zip(named, recorded))
    on_disk = sorted(p.name for p in CORPUS.iterdir() if p.is_dir())
    assert on_disk == sorted(n for n, _ in named)
    for v in MANIFEST["versions"]:
        files = {p.name for p in (CORPUS / v["name"]).iterdir()}
        for g in v["games"]:
            assert {g["file"], g["file"].replace(".jsonl", ".state.json")} <= files


def test_the_comparison_fails_on_a_changed_value_a_missing_key_and_a_list_of_another_length() -> None:
    recorded = {"a": 1, "b": [1, 2], "c": {"d": "x"}}
    assert differences(recorded, {"a": 1, "b": [1, 2], "c": {"d": "x"}, "new": 5}) == []
    assert differences(recorded, {"a": 2, "b": [1, 2], "c": {"d": "x"}}) == ["$.a: 1 then, 2 today"]
    assert differences(recorded, {"a": 1, "b": [1], "c": {"d": "x"}}) != []
    assert differences(recorded, {"a": 1, "b": [1, 2], "c": {}}) == ["$.c.d: recorded, missing today"]
    assert differences({"a": 1}, {"a": True}) != []  # 1 and True are not the same JSON


def test_a_boogeyman_game_from_before_the_physical_draws_is_refused_under_the_new_rules(tmp_path: Path) -> None:
    """Why version 1 is kept: read as version 2, the stop-7 games mean something else."""
    refused = 0
    names = [g["file"][:-len(".jsonl")] for v, g in GAMES if v == "stop07"]
    for name in names:
        lines = (CORPUS / "stop07" / f"{name}.jsonl").read_text().splitlines()
        header = json.loads(lines[0])
        assert KEY not in header["options"]  # that version recorded none
        header["options"][KEY] = 2
        forced = tmp_path / f"{name}.jsonl"
        forced.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")
        try:
            replay(get_rules("BGM"), read_export(forced))
        except JournalError as exc:
            assert "rejected by the rules" in str(exc)
            refused += 1
    assert refused == len(names) == 6


def test_a_journal_without_a_version_is_the_oldest_whose_keys_match() -> None:
    versions = get_rules("BGM").rules_versions  # type: ignore[attr-defined]
    old = {"mode": "coop", "difficulty": "normal", "children": ["mike"], "players": 0, "board": "",
           "possessed_objective": None}
    assert version_of(versions, old) == 1
    assert version_of(versions, {"mode": "coop"}) == 1
    assert version_of(versions, {**old, "device_boogeyman": False}) == 2
    assert version_of(versions, {**old, KEY: 2}) == 2
    for code in PACKS:
        rules = get_rules(code)
        check_versions(rules.rules_versions)  # type: ignore[attr-defined]
        assert rules.options_type().rules_version == rules.rules_versions[-1].number  # type: ignore[attr-defined]


def test_docs_list_every_rules_version_of_every_pack() -> None:
    doc = (CORPUS.parent.parent / "docs" / "journal.md").read_text()
    for code in PACKS:
        for v in get_rules(code).rules_versions:  # type: ignore[attr-defined]
            assert f"| {code} | {v.number} |" in doc, (code, v.number)


@pytest.mark.parametrize("code", PACKS)
def test_a_version_this_companion_does_not_know_is_refused_in_words(code: str, tmp_path: Path) -> None:
    rules = get_rules(code)
    newest = rules.rules_versions[-1].number  # type: ignore[attr-defined]
    header = {"format": "companion-journal", "version": 1, "game": code, "seed": 1,
              "options": {KEY: newest + 1}}
    path = tmp_path / "new.jsonl"
    path.write_text(json.dumps(header) + "\n")
    with pytest.raises((IllegalInput, JournalError)) as got:
        replay(rules, read_export(path))
    assert f"rules_version {newest + 1} is not one this companion knows" in str(got.value)

