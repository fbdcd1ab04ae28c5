"""A game keeps its box: every data file a pack uses is recorded in the game when it begins.

For every data file of every pack (parametrized over `FILES`): copies of the shipped files are
made, a game is started on the copies and played for a while by a seeded random table through a
journaled Session, and then the file is edited (a change that matters to the game), broken (not
TOML any more) or deleted. Replay (`companion replay JOURNAL --json`, in a fresh process so no
cache remembers the file) and resume (the SQLite journal reopened, then one more input) must give
exactly the state the game had. The same game written as journals from before recording hold it
(the path alone) shows each change would otherwise have changed or broken it.
"""

from __future__ import annotations

import dataclasses
import json
import random
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any, Callable

import pytest

from companion.core import codec
from companion.core.errors import BoardFileError, IllegalInput
from companion.core.game import GameRules, get_rules, sample_chance
from companion.core.journal import Journal, read_export
from companion.core.rng import Rng
from companion.core.session import Session, replay

GAMES = Path(__file__).resolve().parents[2] / "companion" / "games"
INPUTS = 60

Edit = Callable[[str], str]


def _replace(before: str, after: str) -> Edit:
    def edit(text: str) -> str:
        assert text.count(before) == 1, f"{before!r} is no longer once in the shipped file"
        return text.replace(before, after)
    return edit


def _swap(a: str, b: str) -> Edit:
    """Swap the two lines that begin with `a` and `b`: the same cards in another order, so a
    deck the device builds in file order is shuffled into another one."""
    def edit(text: str) -> str:
        assert text.count(a) == text.count(b) == 1
        i, j = text.index(a), text.index(b)
        assert i < j
        end_a, end_b = text.index("\n", i), text.index("\n", j)
        return text[:i] + text[j:end_b] + text[end_a:j] + text[i:end_a] + text[end_b:]
    return edit


def _then(first: Edit, second: Edit) -> Edit:
    return lambda text: second(first(text))


# pack -> option -> (the shipped file, an edit a table could make that changes the game)
FILES: dict[str, dict[str, tuple[Path, Edit]]] = {
    "BGM": {"board": (GAMES / "boogeyman/data/villa_spencer.toml",
                      _replace('children_start = "C1"', 'children_start = "C2"'))},
    "SOL": {"world": (GAMES / "stuff_of_legend/data/world.toml", _replace("start = { 3 = 3,", "start = { 3 = 5,")),
            "cards": (GAMES / "stuff_of_legend/data/cards.toml",
                      _swap('{ code = "SOL:ACTN:01"', '{ code = "SOL:ACTN:06"'))},
    "BIN": {"house": (GAMES / "bump_in_the_night/data/house.toml", _replace('NW = "1a0"', 'NW = "1b0"')),
            "cards": (GAMES / "bump_in_the_night/data/cards.toml",
                      _then(_replace('name = "Bright Lights"\ncopies = [1, 2]', 'name = "Bright Lights"\ncopies = [11, 12]'),
                            _replace('name = "Revive"\ncopies = [11, 12]', 'name = "Revive"\ncopies = [1, 2]')))},
    "GSB": {"board": (GAMES / "goosebumps/data/madison.toml",
                      _replace('{ space = 9, name = "R.L. Stine', '{ space = 10, name = "R.L. Stine'))},
    "PIG": {},  # no data files: the whole game is in its options
}
TABLE: dict[str, dict[str, Any]] = {  # the rest of each game's options
    "BGM": {"children": ("mike", "daphne")},
    "SOL": {"players": 3, "action_deck": "digital"},  # the device deals the Action deck from the file
    "BIN": {"players": 3},
    "GSB": {"players": 3},
    "PIG": {"players": 3},
}
CASES = [(code, option, change) for code, files in FILES.items() for option in files
         for change in ("edit", "break", "delete")]


def _play(rules: GameRules[Any, Any, Any], s: Session[Any, Any], n: int, seed: int) -> None:
    """A seeded random table: each seat picks among its legal inputs; chance as the game says."""
    pick, rng = random.Random(seed), Rng.from_seed(seed)
    for _ in range(n):
        if rules.is_over(s.state):
            return
        actor = rules.to_act(s.state)
        if actor.kind == "nobody":
            return
        if actor.kind == "chance":
            inp, rng = sample_chance(rules.chance_outcomes(s.state), rng)
            candidates = [inp]
        else:
            candidates = list(rules.legal_inputs(s.state, actor.seat))
            pick.shuffle(candidates)
        for inp in candidates:
            try:
                s.submit(inp)
                break
            except IllegalInput:
                continue
        else:
            return


def _replay_cli(path: Path) -> tuple[int, str, str]:
    """`companion replay PATH --json` in a process of its own: nothing cached from this one."""
    done = subprocess.run([sys.executable, "-m", "companion", "replay", str(path), "--json"],
                          capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout.strip(), done.stderr.strip()


def _same_game_on_replay_and_resume(journal: Path, rules: GameRules[Any, Any, Any], game_id: Any, want: str,
                                    inputs: list[Any], seed: int) -> None:
    """Replay in a fresh process gives exactly the state the game had; resume (the journal
    reopened) gives it too, and the game goes on."""
    rc, out, err = _replay_cli(journal)
    assert (rc, err) == (0, "") and out == want
    with Journal(journal) as j:
        again = Session.resume(j, get_rules, game_id)
        assert codec.dumps(again.state) == want and list(again.inputs) == inputs
        if not rules.is_over(again.state):
            _play(rules, again, 1, seed + 1)
            assert len(again.inputs) == len(inputs) + 1


def _but_options(state_json: str) -> dict[str, Any]:
    """A state's JSON without its options (the recorded game's hold the files' content)."""
    data = json.loads(state_json)
    assert isinstance(data, dict) and "options" in data
    del data["options"]
    return data


def _old_style(path: Path, code: str, options: Any, seed: int, inputs: list[Any]) -> None:
    """The same game as an export from before recording: the options name the files only."""
    lines = [json.dumps({"format": "companion-journal", "version": 1, "game": code,
                         "options": codec.to_jsonable(options), "seed": seed})]
    lines += [json.dumps({"seq": k, "label": "", "input": codec.to_jsonable(inp)}) for k, inp in enumerate(inputs, 1)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize("code,option,change", CASES)
def test_a_changed_or_deleted_data_file_changes_no_game(tmp_path: Path, code: str, option: str, change: str) -> None:
    rules = get_rules(code)
    box = tmp_path / "box"
    box.mkdir()
    paths = {opt: box / f"{opt}.toml" for opt in FILES[code]}
    for opt, (shipped, _) in FILES[code].items():
        shutil.copyfile(shipped, paths[opt])
    chosen = dataclasses.replace(rules.options_type(), **TABLE[code], **{o: str(p) for o, p in paths.items()})
    seed = 20260 + len(option)
    journal = tmp_path / "journal.sqlite"
    with Journal(journal) as j:
        s = Session.new(j, rules, chosen, seed)
        for opt, p in paths.items():  # the game holds each file's name and whole content
            assert getattr(s.options, opt) == f"{p}\n{p.read_text(encoding='utf-8')}"
        _play(rules, s, INPUTS, seed)
        game_id, inputs = s.game_id, list(s.inputs)
        want = codec.dumps(s.state)
    assert len(inputs) >= 20, "the game must get going for the check to mean something"
    old = tmp_path / "old.jsonl"
    _old_style(old, code, chosen, seed, inputs)
    # Before any change, the path alone and the recorded content are the same game.
    assert _but_options(codec.dumps(replay(rules, read_export(old))[-1])) == _but_options(want)

    target = paths[option]
    text = target.read_text(encoding="utf-8")
    if change == "edit":
        edited = FILES[code][option][1](text)
        assert edited != text
        target.write_text(edited, encoding="utf-8")
        recorded = getattr(rules, "recorded_options", None)  # still a good file: the pack reads and checks it
        assert recorded is not None
        recorded(chosen)
    elif change == "break":
        target.write_text(text + "\n[[[ not TOML\n", encoding="utf-8")
    else:
        target.unlink()

    _same_game_on_replay_and_resume(journal, rules, game_id, want, inputs, seed)
    # The control: a journal holding only the path sees the change (a different game, or none).
    rc, out, err = _replay_cli(old)
    assert rc != 0 or _but_options(out) != _but_options(want)
    if change != "edit":
        assert rc == 1 and str(target) in err


def test_a_bad_data_file_is_refused_before_the_game_begins(tmp_path: Path) -> None:
    """Recording reads and checks every file when the game begins: a bad one is refused with its
    file and line, and nothing is journaled."""
    for code, files in FILES.items():
        rules = get_rules(code)
        for option, (shipped, _) in files.items():
            bad = tmp_path / f"{code}-{option}.toml"
            bad.write_text(shipped.read_text(encoding="utf-8") + "\n[[[ not TOML\n", encoding="utf-8")
            chosen = dataclasses.replace(rules.options_type(), **TABLE[code], **{option: str(bad)})
            with Journal(tmp_path / f"{code}-{option}.sqlite") as j:
                with pytest.raises(BoardFileError) as caught:
                    Session.new(j, rules, chosen, 1)
                assert caught.value.path == str(bad) and caught.value.line is not None
                assert j.games() == []
            missing = dataclasses.replace(chosen, **{option: str(tmp_path / "missing.toml")})
            with Journal(tmp_path / f"{code}-{option}-2.sqlite") as j:
                with pytest.raises(BoardFileError, match="missing.toml"):
                    Session.new(j, rules, missing, 1)
                assert j.games() == []


def test_the_shipped_files_are_recorded_too(tmp_path: Path) -> None:
    """A game on the shipped files ("") records their content as well ("" names them), so a
    shipped file edited in place (madison.toml asks owners to) changes no game either."""
    for code, files in FILES.items():
        rules = get_rules(code)
        with Journal(tmp_path / f"{code}.sqlite") as j:
            s = Session.new(j, rules, dataclasses.replace(rules.options_type(), **TABLE[code]), 1)
            for option, (shipped, _) in files.items():
                assert getattr(s.options, option) == "\n" + shipped.read_text(encoding="utf-8")
            # The same game as one on the shipped files read from disk, but for the options.
            plain = rules.options_type(**TABLE[code])
            assert dataclasses.replace(s.state, options=plain) == rules.setup(plain, 1)


# Data files no game's state depends on (never read by a reducer or a set-up).
NOT_GAME_DATA = {
    "boogeyman/data/rules_reference.toml": "the rulebook sentences the Why? screens show",
    "boogeyman/data/board_sim_zone_map.toml": "the channels of the virtual sensor board (companion board-sim)",
}


def test_every_data_file_of_every_pack_is_in_the_test() -> None:
    """A new pack, or a new data file of a pack, must be added to FILES (or said not to be game
    data): this test would otherwise pass without looking at it."""
    from companion.core.packs import BUILTIN

    assert sorted(FILES) == sorted(BUILTIN)
    listed = {shipped.relative_to(GAMES).as_posix() for files in FILES.values() for shipped, _ in files.values()}
    on_disk = {p.relative_to(GAMES).as_posix() for p in GAMES.glob("*/data/*")}
    assert on_disk == listed | set(NOT_GAME_DATA)


# pack -> (shipped file, option, a fact of the owner's box, its corrected value)
BOXED: dict[str, tuple[str, str, str, Any]] = {
    "BGM": ("villa_spencer.toml", "board", "rules.children_start", "C2"),
    "SOL": ("world.toml", "world", "trails[0].colour", "red"),
    "BIN": ("cards.toml", "cards", "card[0].name", "Freedom Gate"),
    "GSB": ("madison.toml", "board", "landmarks[0].space", 10),
}


@pytest.mark.parametrize("code,change", [(code, change) for code in sorted(BOXED)
                                         for change in ("edit", "break", "delete")])
def test_a_changed_or_deleted_owners_box_changes_no_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         code: str, change: str) -> None:
    """The owner's box is a data file too (issue 26, "A game keeps its box": "the owner's
    corrections"): a game on the shipped file with the box over it, then the box file corrected
    again, broken or deleted: replay (a fresh process reading that same data dir) and resume give
    exactly the state the game had; a new game begun after the edit takes the new box."""
    from companion.core import ownbox

    file, option, at, value = BOXED[code]
    home = tmp_path / "data"
    monkeypatch.setenv("COMPANION_DATA_DIR", str(home))
    ownbox.use_home(None)
    rules = get_rules(code)
    gf = next(g for g in ownbox.declared(code) if g.name == file)
    found, other = ownbox.value_at(tomllib.loads(gf.default.read_text(encoding="utf-8")), at)  # the guess
    assert found and other != value
    box = ownbox.save_box(ownbox.Box(code).with_fact(file, at, value))
    chosen = dataclasses.replace(rules.options_type(), **TABLE[code])
    seed = 20261
    journal = tmp_path / "journal.sqlite"
    with Journal(journal) as j:
        s = Session.new(j, rules, chosen, seed)
        recorded = getattr(s.options, option)
        assert ownbox.value_at(tomllib.loads(recorded.split("\n", 1)[1]), at) == (True, value)  # the box is in it
        _play(rules, s, INPUTS, seed)
        game_id, inputs = s.game_id, list(s.inputs)
        want = codec.dumps(s.state)
    assert len(inputs) >= 20, "the game must get going for the check to mean something"

    if change == "edit":
        ownbox.save_box(ownbox.Box(code).with_fact(file, at, other))
    elif change == "break":
        box.write_text(box.read_text(encoding="utf-8") + "\n[[[ not TOML\n", encoding="utf-8")
    else:
        box.unlink()

    _same_game_on_replay_and_resume(journal, rules, game_id, want, inputs, seed)
    with Journal(journal) as j:
        # The control: the change is real; a game begun now reads the box as it is now.
        if change == "break":
            with pytest.raises(BoardFileError) as caught:
                Session.new(j, rules, chosen, seed)
            assert caught.value.path == str(box) and caught.value.line is not None
        else:
            fresh = Session.new(j, rules, chosen, seed)
            assert getattr(fresh.options, option) != recorded
            assert ownbox.value_at(tomllib.loads(getattr(fresh.options, option).split("\n", 1)[1]), at)[1] == other
    ownbox.use_home(None)
