"""The owner's box: the table's corrections and confirmations over a pack's guessed data files.

The rulebooks do not print the boards or the card faces, so every pack ships data files that say
in their headers that they are guesses. The table checks them against its own box and records
what it confirms or corrects in one file per game, `<data dir>/box/<CODE>.toml` (the data dir is
$COMPANION_DATA_DIR or the user's data dir, where the journal and settings are). The shipped files
are never written: a new game reads the shipped guess, lays the owner's box over it and records
the merged content (`core.datafile.record_file`), so a game keeps the box it began with and an
old journal, which holds the shipped content or only a path, replays as before.

One mechanism for every pack; each pack declares only which facts of which file are guessed
(`guesses.py` beside its pack, named by `Pack.extra["guesses"]`): a `GuessedFile` per data file,
a `Guess` per kind of fact, its place in the file written as an address pattern:

    spaces[id=*].name        the `name` of every item of the array `spaces`, each known by its `id`
    trails[*].colour         the `colour` of every item of `trails`, known by its position (0 first)
    mayhem.*                 every key of the table `mayhem`
    end                      the top-level key `end`

A fact is one address with `*` filled in (`spaces[id=hollow].name`). The box file (format
written down in docs/board-files.md, "The owner's box"):

    format = "companion-box"
    version = 1
    game = "SOL"

    [[fact]]
    file = "world.toml"
    at = "spaces[id=hollow].name"
    value = "Hollow Oak Tree"

Every fact in the box is confirmed by the table (its value may equal the guess: a confirmation,
or differ: a correction). A fact not in the box is still the shipped guess. The merged content a
game records starts with a comment line naming the confirmed facts (`confirmed_in`), so screens
can mark what is still a guess even in a game resumed after the box changed.
"""

from __future__ import annotations

import copy
import datetime
import errno
import functools
import importlib
import json
import math
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from companion.core.datafile import (WHOLE_FILE, DataFileIssues, Issue, Lines, parse_toml)
from companion.core.files import read_bounded, write_text_atomic

FORMAT = "companion-box"
VERSION = 1
MAX_BOX_BYTES = 256_000  # a box of every fact of the biggest pack is about 60 kB
MAX_FACTS = 2000
MAX_VALUE_ITEMS = 500  # a list value (a steal list, passages) is at most this long
CONFIRMED_TAG = "# companion-box confirmed: "
KINDS = ("text", "number", "yes/no", "list")


# -- what a pack declares ----------------------------------------------------------------------

@dataclass(frozen=True)
class Guess:
    """One kind of guessed fact: where it is (an address pattern), how a question about it reads
    (`what`, formatted with the values that pick the item, e.g. "{id}"), and its kind."""

    at: str
    what: str
    kind: str  # one of KINDS
    title: str = ""  # how the flow's list names this kind of fact ("Space names")
    words: tuple[str, ...] = ()  # what the table's screens call this kind of fact ("THE END"): marked
    #                              there while one of its facts is unchecked (ui/guessmarks.py)


@dataclass(frozen=True)
class GuessedFile:
    """A pack's data file with guessed facts: `name` is the shipped file's name (how the box
    names it), `option` the game option that chooses it, `default` the shipped file, `loader`
    "module:function" taking (raw, name) that raises DataFileIssues for a bad file."""

    name: str
    option: str
    title: str
    default: Path
    loader: str
    guesses: tuple[Guess, ...]
    context: str = ""  # "module:function" (data, address) -> lines saying what a fact concerns

    def concerns(self, data: dict[str, Any], address: str) -> list[str]:
        """What a fact concerns, for the flow to show beside its question: the pack's words, else
        the other short fields of its item."""
        if self.context:
            module, func = self.context.split(":")
            lines: list[str] = getattr(importlib.import_module(module), func)(data, address)
            return lines
        steps = parse_address(address) or []
        place = _place(data, steps)
        if place is None:
            return []
        return [f"{k}: {v}" for k, v in place[0].items()
                if k != place[1] and isinstance(v, (str, int)) and len(str(v)) <= 40][:4]

    def check(self, raw: bytes | str, name: str) -> object:
        module, func = self.loader.split(":")
        loader: Callable[[bytes | str, str], object] = getattr(importlib.import_module(module), func)
        return loader(raw, name)

    def guess_for(self, address: str) -> Guess | None:
        return next((g for g in self.guesses if matches(g.at, address)), None)


def declared(code: str) -> tuple[GuessedFile, ...]:
    """The guessed files a pack declares (none for a pack without a `guesses` part)."""
    from companion.core.packs import get_pack

    pack = get_pack(code)
    if not pack.has("guesses"):
        return ()
    files: tuple[GuessedFile, ...] = tuple(pack.part("guesses").FILES)
    return files


# -- addresses -----------------------------------------------------------------------------------

_SEGMENT = re.compile(r"^([A-Za-z0-9_-]+|\*)(?:\[(?:(\d+|\*)|([A-Za-z0-9_-]+)=([^\]\n]*))\])?$")


@dataclass(frozen=True)
class Step:
    key: str  # "*": any key of a table
    index: str | None = None  # "N" or "*": an array item by position
    field: str | None = None  # an array item known by this field's value ...
    value: str | None = None  # ... ("*": any)


def parse_address(address: str) -> list[Step] | None:
    """The steps of an address or pattern; None if it is not one."""
    if not address or len(address) > 300:
        return None
    parts: list[str] = []
    depth, start = 0, 0
    for i, ch in enumerate(address):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif ch == "." and depth == 0:
            parts.append(address[start:i])
            start = i + 1
        if depth not in (0, 1):
            return None
    parts.append(address[start:])
    steps = []
    for part in parts:
        found = _SEGMENT.match(part)
        if not found:
            return None
        steps.append(Step(found.group(1), found.group(2), found.group(3), found.group(4)))
    return steps


def matches(pattern: str, address: str) -> bool:
    """Whether a concrete address is one of the facts a pattern names."""
    p, a = parse_address(pattern), parse_address(address)
    if p is None or a is None or len(p) != len(a):
        return False
    for ps, as_ in zip(p, a):
        if ps.key != "*" and ps.key != as_.key:
            return False
        if as_.key == "*" or as_.index == "*" or as_.value == "*":
            return False  # a fact names one place
        if (ps.index is None) != (as_.index is None) or (ps.field or None) != (as_.field or None):
            return False
        if ps.index not in (None, "*") and ps.index != as_.index:
            return False
        if ps.field and ps.value != "*" and ps.value != as_.value:
            return False
    return True


Index = dict[tuple[int, str], dict[str | None, list[Any]]]


def _pick(items: Any, step: Step, index: Index | None = None) -> Any:
    """The array item a step names, or None (`index`: a look-up kept between calls on the same data)."""
    if not isinstance(items, list):
        return None
    if step.index is not None:
        k = int(step.index)
        return items[k] if k < len(items) else None
    assert step.field is not None
    if index is None:
        found = [it for it in items if isinstance(it, dict) and _text(it.get(step.field)) == step.value]
    else:
        key = (id(items), step.field)
        if key not in index:
            by: dict[str | None, list[Any]] = {}
            for it in items:
                if isinstance(it, dict):
                    by.setdefault(_text(it.get(step.field)), []).append(it)
            index[key] = by
        found = index[key].get(step.value, [])
    return found[0] if len(found) == 1 else None


def _text(value: Any) -> str | None:
    if isinstance(value, bool) or value is None:
        return None
    return str(value) if isinstance(value, (str, int)) else None


def _place(data: dict[str, Any], steps: Sequence[Step], index: Index | None = None) -> tuple[dict[str, Any], str] | None:
    """The table holding the address's last key and that key (the key itself may be absent)."""
    here: Any = data
    for n, step in enumerate(steps):
        if not isinstance(here, dict):
            return None
        last = n == len(steps) - 1
        if last and step.index is None and step.field is None:
            return here, step.key
        here = here.get(step.key)
        if step.index is not None or step.field is not None:
            here = _pick(here, step, index)
            if last:
                return None  # an address ends at a value, never at a whole item
    return None


def value_at(data: dict[str, Any], address: str, index: Index | None = None) -> tuple[bool, Any]:
    """(present, value) of an address in parsed data."""
    steps = parse_address(address)
    place = _place(data, steps, index) if steps else None
    if place is None or place[1] not in place[0]:
        return False, None
    return True, place[0][place[1]]


def expand(pattern: str, data: dict[str, Any]) -> list[tuple[str, dict[str, str]]]:
    """Every fact a pattern names that the data holds, in file order, with the values that
    picked it (for a question's wording: {"id": "hollow"}, {"n": "3"}, {"key": "pal"})."""
    steps = parse_address(pattern)
    if steps is None:
        return []
    out: list[tuple[str, dict[str, str]]] = []

    def walk(here: Any, n: int, prefix: str, picked: dict[str, str]) -> None:
        if not isinstance(here, dict):
            return
        step = steps[n]
        keys = [k for k in here if step.key == "*" or k == step.key]
        for key in keys:
            seg = f"{prefix}.{key}" if prefix else key
            got = dict(picked, key=key) if step.key == "*" else picked
            value = here[key]
            if step.index is None and step.field is None:
                if n == len(steps) - 1:
                    out.append((seg, got))
                else:
                    walk(value, n + 1, seg, got)
                continue
            if not isinstance(value, list) or n == len(steps) - 1:
                continue
            for k, item in enumerate(value):
                if step.index is not None:
                    if step.index != "*" and int(step.index) != k:
                        continue
                    walk(item, n + 1, f"{seg}[{k}]", dict(got, n=str(k + 1)))
                else:
                    assert step.field is not None
                    v = _text(item.get(step.field)) if isinstance(item, dict) else None
                    if v is None or (step.value != "*" and v != step.value) or "]" in v:
                        continue
                    walk(item, n + 1, f"{seg}[{step.field}={v}]", dict(got, **{step.field: v}))

    walk(data, 0, "", {})
    return out


# -- values -----------------------------------------------------------------------------------

def kind_problem(kind: str, value: Any) -> str | None:
    """Why a value cannot be a fact of that kind, or None."""
    if kind == "text":
        return None if isinstance(value, str) and len(value) <= 200 else "must be a text of at most 200 characters"
    if kind == "number":
        ok = isinstance(value, int) and not isinstance(value, bool) and abs(value) < 1_000_000
        return None if ok else "must be a whole number (below a million)"
    if kind == "yes/no":
        return None if isinstance(value, bool) else "must be true or false"
    if kind == "list":
        if not isinstance(value, list) or len(value) > MAX_VALUE_ITEMS:
            return f"must be a list of at most {MAX_VALUE_ITEMS} items"
        for item in value:
            inner = list(item.values()) if isinstance(item, dict) else item if isinstance(item, list) else [item]
            keys_ok = not isinstance(item, dict) or all(_BARE.match(k) for k in item)
            if len(inner) > 8 or not keys_ok or not all(_plain(x) or isinstance(x, bool) for x in inner):
                return "must be a list of texts, numbers, or short lists or tables of them"
        return None
    return f"has an unknown kind {kind!r}"


def _plain(x: Any) -> bool:
    return (isinstance(x, str) and len(x) <= 200) or (isinstance(x, int) and not isinstance(x, bool) and abs(x) < 1_000_000)


# -- the box ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Fact:
    """One fact the table confirmed or corrected; `line` is where it sits in its box file."""

    file: str
    at: str
    value: Any
    line: int = WHOLE_FILE


@dataclass(frozen=True)
class Box:
    game: str
    facts: tuple[Fact, ...] = ()

    def of(self, file: str) -> list[Fact]:
        return [f for f in self.facts if f.file == file]

    def get(self, file: str, at: str) -> Fact | None:
        return next((f for f in self.facts if f.file == file and f.at == at), None)

    def with_fact(self, file: str, at: str, value: Any) -> "Box":
        """This box with one fact set (added, or its value replaced in place)."""
        facts = list(self.facts)
        for k, f in enumerate(facts):
            if f.file == file and f.at == at:
                facts[k] = Fact(file, at, value)
                return Box(self.game, tuple(facts))
        return Box(self.game, tuple(facts) + (Fact(file, at, value),))

    def merged(self, other: "Box") -> "Box":
        """This box with every fact of `other` laid over it."""
        out = self
        for f in other.facts:
            out = out.with_fact(f.file, f.at, f.value)
        return out


def data_dir() -> Path:
    """Where the companion keeps the journal, settings and the owner's boxes."""
    override = os.environ.get("COMPANION_DATA_DIR")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("companion"))


_home: Path | None = None


def use_home(path: Path | None) -> None:
    """The app's data dir (its boxes are under `box/`); None: $COMPANION_DATA_DIR or the default."""
    global _home
    _home = path


def box_path(code: str, home: Path | None = None) -> Path:
    return (home or _home or data_dir()) / "box" / f"{code.upper()}.toml"


def load_box(code: str, home: Path | None = None) -> Box:
    """The owner's box for a game: empty when there is none; a bad one is DataFileIssues."""
    path = box_path(code, home)
    if not path.exists():
        return Box(code.upper())
    try:
        raw = read_bounded(path, MAX_BOX_BYTES)
    except OSError as exc:
        if exc.errno == errno.EFBIG:
            raise DataFileIssues([Issue(str(path), WHOLE_FILE, f"too big for a box file (at most {MAX_BOX_BYTES} bytes)")]) from None
        raise DataFileIssues([Issue(str(path), WHOLE_FILE, f"cannot read the box: {exc.strerror or exc}")]) from None
    return parse_box(raw, str(path), code)


def parse_box(raw: bytes | str, name: str, code: str | None = None) -> Box:
    """A box file's content checked: its format and version, the game (`code` if given), every
    fact's file, address (a guessed fact the shipped file holds) and value, and the files with
    the box over them (each pack's own checks). Every problem is an Issue with its line."""
    data, text, issues = parse_toml(raw, name, MAX_BOX_BYTES)
    if data is None:
        raise DataFileIssues(issues)
    lines = Lines(text)
    problems: list[Issue] = []

    def bad(line: int | None, message: str) -> None:
        problems.append(Issue(name, line or WHOLE_FILE, message))

    allowed = {"format", "version", "game", "fact"}
    for key in data:
        if key not in allowed:
            bad(lines.where("", key), f"unknown key {key!r} (a box has format, version, game and [[fact]] tables)")
    if data.get("format") != FORMAT:
        bad(lines.where("", "format"), f'format must be "{FORMAT}" (this is not a box file)')
    version = data.get("version")
    if version != VERSION:
        newer = isinstance(version, int) and not isinstance(version, bool) and version > VERSION
        bad(lines.where("", "version"), f"version {version!r} is newer than this companion reads ({VERSION}): update the companion"
            if newer else f"version must be {VERSION}")
    game = data.get("game")
    if not isinstance(game, str) or not game:
        bad(lines.where("", "game"), "game must be a game's code, e.g. \"SOL\"")
        raise DataFileIssues(problems)
    game = game.upper()
    if code is not None and game != code.upper():
        bad(lines.where("", "game"), f"this is a box of {game}, not of {code.upper()}")
    try:
        files = {f.name: f for f in declared(game)}
    except (ImportError, ValueError, KeyError) as exc:  # PackNotInstalled, IllegalInput
        bad(lines.where("", "game"), f"no game {game!r} in this companion ({exc})")
        raise DataFileIssues(problems) from None
    raw_facts = data.get("fact", [])
    if not isinstance(raw_facts, list):
        bad(lines.where("", "fact"), "fact must be [[fact]] tables")
        raw_facts = []
    if len(raw_facts) > MAX_FACTS:
        bad(lines.where("fact", "", MAX_FACTS), f"{len(raw_facts)} facts: a box holds at most {MAX_FACTS}")
        raise DataFileIssues(problems)
    if problems:
        raise DataFileIssues(problems)
    shipped: dict[str, dict[str, Any]] = {}
    facts: list[Fact] = []
    seen: dict[tuple[str, str], int] = {}
    for k, entry in enumerate(raw_facts):
        line = lines.header("fact", k) or lines.where("", "fact") or WHOLE_FILE
        if not isinstance(entry, dict):
            bad(line, "a fact must be a table with file, at and value")
            continue
        for key in entry:
            if key not in ("file", "at", "value"):
                bad(lines.key("fact", key, k) or line, f"unknown key {key!r} in a fact (file, at, value)")
        file, at = entry.get("file"), entry.get("at")
        if not isinstance(file, str) or file not in files:
            known = ", ".join(sorted(files)) or "none"
            bad(lines.key("fact", "file", k) or line, f"file {file!r} is not a guessed file of {game} ({known})")
            continue
        gf = files[file]
        guess = gf.guess_for(at) if isinstance(at, str) else None
        if guess is None:
            bad(lines.key("fact", "at", k) or line, f"at {at!r} is not a guessed fact of {file}")
            continue
        assert isinstance(at, str)
        if file not in shipped:
            shipped[file] = _shipped_data(gf)
        if _place(shipped[file], parse_address(at) or []) is None:
            bad(lines.key("fact", "at", k) or line, f"{file} has no {at}")
            continue
        if "value" not in entry:
            bad(line, "a fact needs a value (the guess itself to confirm it)")
            continue
        why = kind_problem(guess.kind, entry["value"])
        if why:
            bad(lines.key("fact", "value", k) or line, f"the value of {at} {why}")
            continue
        if (file, at) in seen:
            bad(line, f"{at} of {file} is already set on line {seen[(file, at)]}")
            continue
        seen[(file, at)] = line
        facts.append(Fact(file, at, entry["value"], lines.key("fact", "value", k) or line))
    if problems:
        raise DataFileIssues(problems)
    box = Box(game, tuple(facts))
    for file, gf in files.items():
        if box.of(file):
            problem = _first_bad(gf, box, name)
            if problem is not None:
                problems.append(problem)
    if problems:
        raise DataFileIssues(problems)
    return box


def _shipped_data(gf: GuessedFile) -> dict[str, Any]:
    """The shipped file parsed (kept while the file is unchanged; callers never change it)."""
    try:
        mtime = gf.default.stat().st_mtime_ns
    except OSError:
        mtime = 0
    return _parsed_shipped(str(gf.default), mtime)


@functools.lru_cache(maxsize=16)
def _parsed_shipped(path: str, mtime: int) -> dict[str, Any]:
    data, _, issues = parse_toml(read_bounded(path, None), path)
    if data is None:
        raise DataFileIssues(issues)
    return data


def merged_data(gf: GuessedFile, facts: Iterable[Fact]) -> dict[str, Any]:
    """The shipped file's data with the facts laid over it (a copy; the shipped data is kept)."""
    data = copy.deepcopy(_shipped_data(gf))
    index: Index = {}
    for fact in facts:
        steps = parse_address(fact.at)
        place = _place(data, steps, index) if steps else None
        if place is not None:
            place[0][place[1]] = copy.deepcopy(fact.value)
    return data


def _first_bad(gf: GuessedFile, box: Box, name: str) -> Issue | None:
    """With the box over the shipped file, the file must pass the pack's checks; if it does not,
    the first fact whose addition breaks it is named (a binary search over the facts in order)."""
    raw = read_bounded(gf.default, None)
    facts = box.of(gf.name)

    def fails(n: int) -> DataFileIssues | None:
        try:
            gf.check(merge(raw, facts[:n]), f"{gf.name} with the box over it")
        except DataFileIssues as exc:
            return exc
        return None

    whole = fails(len(facts))
    if whole is None:
        return None
    lo, hi = 0, len(facts)  # fails(lo) is None (the shipped file is good), fails(hi) is not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fails(mid) is None:
            lo = mid
        else:
            hi = mid
    culprit = facts[hi - 1]
    err = fails(hi) or whole
    return Issue(name, culprit.line,
                 f"with {culprit.at} = {_show(culprit.value)}, {gf.name} is refused: {err.issues[0].message}")


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


# -- merging and recording -----------------------------------------------------------------------

def merge(shipped: bytes | str, facts: Iterable[Fact]) -> str:
    """The shipped file's content with the facts laid over it, as TOML text; its first line names
    the confirmed facts (`confirmed_in`)."""
    data, _, issues = parse_toml(shipped, "shipped")
    if data is None:
        raise DataFileIssues(issues)
    data = copy.deepcopy(data)
    confirmed = []
    for fact in facts:
        steps = parse_address(fact.at)
        place = _place(data, steps) if steps else None
        if place is None:
            continue
        place[0][place[1]] = copy.deepcopy(fact.value)
        confirmed.append(fact.at)
    head = (CONFIRMED_TAG + json.dumps(confirmed, ensure_ascii=False) + "\n"
            "# The shipped guess with the owner's box over it (companion box; docs/board-files.md).\n")
    return head + dump_toml(data)


def confirmed_in(text: str) -> frozenset[str]:
    """The facts a recorded file's content says the table confirmed (none for a shipped file)."""
    if not text.startswith(CONFIRMED_TAG):
        return frozenset()
    first = text.split("\n", 1)[0][len(CONFIRMED_TAG):]
    try:
        found = json.loads(first)
    except ValueError:
        return frozenset()
    return frozenset(a for a in found if isinstance(a, str)) if isinstance(found, list) else frozenset()


def boxed_text(game: str, file: str, shipped: bytes, home: Path | None = None) -> str | None:
    """The content a new game records for a shipped file with the owner's box over it, or None
    when the box has nothing for that file (the shipped content is recorded as before)."""
    facts = load_box(game, home).of(file)
    return merge(shipped, facts) if facts else None


# -- saving, export, import -------------------------------------------------------------------

def dump_box(box: Box) -> str:
    out = [f"# The owner's box of {box.game}: facts the table confirmed or corrected over the",
           "# shipped guess (docs/board-files.md, \"The owner's box\").",
           f'format = "{FORMAT}"', f"version = {VERSION}", f"game = {_value(box.game)}"]
    for f in box.facts:
        out += ["", "[[fact]]", f"file = {_value(f.file)}", f"at = {_value(f.at)}", f"value = {_value(f.value)}"]
    return "\n".join(out) + "\n"


def save_box(box: Box, home: Path | None = None) -> Path:
    """Write the owner's box atomically (the old file stays whole if the write fails)."""
    path = box_path(box.game, home)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, dump_box(box))
    return path


def checked_file(path: str | Path, code: str | None = None) -> Box:
    """A box file someone gave: read within bounds and checked; DataFileIssues names its lines."""
    name = str(path)
    try:
        raw = read_bounded(path, MAX_BOX_BYTES)
    except OSError as exc:
        if exc.errno == errno.EFBIG:
            raise DataFileIssues([Issue(name, WHOLE_FILE, f"too big for a box file (at most {MAX_BOX_BYTES} bytes)")]) from None
        raise DataFileIssues([Issue(name, WHOLE_FILE, f"cannot read the box: {exc.strerror or exc}")]) from None
    return parse_box(raw, name, code)


def import_box(path: str | Path, code: str | None = None, home: Path | None = None) -> tuple[Box, Box, Box]:
    """Lay a box file over the owner's box of its game; (what the file held, the box before, the
    box now). A bad file raises DataFileIssues and changes nothing."""
    given = checked_file(path, code)
    mine = load_box(given.game, home)
    now = mine.merged(given)
    save_box(now, home)
    return given, mine, now


@dataclass(frozen=True)
class FactView:
    """A guessed fact as a screen or the flow shows it: its value now (the box's, else the
    guess), the shipped guess, whether the table confirmed it, and the question about it."""

    file: str
    at: str
    value: Any
    guess: Any
    confirmed: bool
    question: str
    kind: str


def facts_of(gf: GuessedFile, box: Box) -> list[FactView]:
    """Every guessed fact of a shipped file, in the order of its declaration and the file."""
    shipped = _shipped_data(gf)
    merged = merged_data(gf, box.of(gf.name))
    confirmed = {f.at for f in box.of(gf.name)}
    ship_index: Index = {}
    index: Index = {}
    out = []
    for guess in gf.guesses:
        for at, picked in expand(guess.at, shipped):
            _, value = value_at(merged, at, index)
            _, was = value_at(shipped, at, ship_index)
            out.append(FactView(gf.name, at, value, was, at in confirmed,
                                question(guess, at, picked, merged, index), guess.kind))
    return out


def question(guess: Guess, at: str, picked: dict[str, str], data: dict[str, Any],
             index: Index | None = None) -> str:
    """The guess's words with the item's own fields filled in ("the colour of the space Hollow Oak")."""
    fields: dict[str, str] = dict(picked)
    steps = parse_address(at) or []
    place = _place(data, steps, index)
    if place is not None:
        fields.update({k: str(v) for k, v in place[0].items() if isinstance(v, (str, int)) and not isinstance(v, bool)})
    for k, v in picked.items():
        fields.setdefault(k, v)
    return guess.what.format_map(_Blank(fields))


class _Blank(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "?"


def unconfirmed(gf: GuessedFile, setting: str) -> dict[str, Any]:
    """The facts of a game's data-file option that are still the shipped guess (address -> value):
    every guessed fact of the shipped file ("" or its content recorded with no box), none but the
    ones the recorded box did not confirm for a box laid over it, none for a file the table named
    (its own)."""
    name, _, text = setting.partition("\n")
    if name:
        return {}
    raw = text if "\n" in setting else read_bounded(gf.default, None).decode("utf-8")
    data, _, _ = parse_toml(raw, gf.name)
    if data is None:
        return {}
    done = confirmed_in(raw)
    out: dict[str, Any] = {}
    for guess in gf.guesses:
        for at, _ in expand(guess.at, data):
            if at not in done:
                out[at] = value_at(data, at)[1]
    return out


def show_value(value: Any) -> str:
    return _show(value)


def count_facts(code: str) -> int:
    """How many guessed facts the shipped files of a game hold."""
    n = 0
    for gf in declared(code):
        data = _shipped_data(gf)
        n += sum(len(expand(g.at, data)) for g in gf.guesses)
    return n


# -- a small TOML writer (the merged content a game records) --------------------------------

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(k: str) -> str:
    return k if _BARE.match(k) else _string(k)


def _string(s: str) -> str:
    return json.dumps(s, ensure_ascii=False).replace("\x7f", "\\u007f")


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, (datetime.datetime, datetime.date, datetime.time)):
        return v.isoformat()
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }" if v else "{}"
    raise TypeError(f"not a TOML value: {type(v).__name__}")


def _is_table_array(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def dump_toml(data: dict[str, Any]) -> str:
    """TOML text for parsed data: plain keys first (arrays of inline tables one item a line),
    then [tables] and [[arrays of tables]] as the shipped files write them."""
    out: list[str] = []
    _table(data, "", out, top=True)
    return "\n".join(out) + "\n"


def _table(data: dict[str, Any], prefix: str, out: list[str], top: bool = False) -> None:
    subs = [(k, v) for k, v in data.items() if isinstance(v, dict)]
    arrays = [(k, v) for k, v in data.items() if _is_table_array(v) and not top]
    for k, v in data.items():
        if isinstance(v, dict) or (_is_table_array(v) and not top):
            continue
        if isinstance(v, list) and v and all(isinstance(x, (dict, list)) for x in v):
            out.append(f"{_key(k)} = [")
            out += [f"    {_value(x)}," for x in v]
            out.append("]")
        else:
            out.append(f"{_key(k)} = {_value(v)}")
    for k, v in subs:
        name = f"{prefix}.{_key(k)}" if prefix else _key(k)
        out += ["", f"[{name}]"]
        _table(v, name, out)
    for k, v in arrays:
        name = f"{prefix}.{_key(k)}" if prefix else _key(k)
        for item in v:
            out += ["", f"[[{name}]]"]
            _table(item, name, out)
