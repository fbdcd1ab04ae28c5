"""Box files fuzzed (core/ownbox.py): a valid box of every pack is broken in seeded random ways
(bytes flipped, lines dropped, doubled or swapped, values of the wrong type, huge numbers, deep
nesting, truncation, junk and NUL bytes) and imported over an owner's box. Every outcome is either
a box that checks, or a DataFileIssues naming the given file and a line inside it, with the
owner's box left byte for byte as it was. Bounded: each import under 5 s and the whole run
under a wall-clock budget, the memory it allocates under a ceiling (tracemalloc)."""

from __future__ import annotations

import random
import time
import tracemalloc
from pathlib import Path

import pytest

from companion.core import ownbox
from companion.core.datafile import DataFileIssues

CASES_PER_GAME = 60
# a fact of each pack, so each pack's own checks run under the fuzzed box
FACTS = {
    "SOL": [("world.toml", "spaces[id=hollow].name", "Hollow Oak Tree"), ("world.toml", "trails[0].colour", "green"),
            ("cards.toml", "location[code=SOL:LOCN:09].title", "The Old Mill")],
    "GSB": [("madison.toml", "end", 60), ("madison.toml", "steal", [5, 14, 24, 37, 47]), ("madison.toml", "mayhem.pal", 3)],
    "BGM": [("villa_spencer.toml", "rules.children_start", "C2"), ("villa_spencer.toml", "stress.trouble", [3, 6])],
    "BIN": [("cards.toml", "card[0].name", "Freedom Gate"), ("cards.toml", "card[1].numbers", [4, 5, 6])],
}
JUNK = ["\x00", "\ufffd", "[[fact]]", "value = ", "at = \"spaces[id=*].name\"", "[fact]", "= =", "\"\"\"",
        "version = 99", "game = 7", "file = [1, 2]", "value = { a = 1 }", "value = " + "[" * 400 + "]" * 400,
        "value = 9" * 1, "value = " + "9" * 5000, "at = \"" + "a." * 200 + "b\"", "value = \"" + "x" * 300 + "\""]


def _mutate(text: str, rnd: random.Random) -> bytes:
    lines = text.split("\n")
    kind = rnd.randrange(9)
    if kind == 0 and lines:  # drop a line
        del lines[rnd.randrange(len(lines))]
    elif kind == 1 and lines:  # double a line
        k = rnd.randrange(len(lines))
        lines.insert(k, lines[k])
    elif kind == 2 and len(lines) > 1:  # swap two lines
        a, b = rnd.randrange(len(lines)), rnd.randrange(len(lines))
        lines[a], lines[b] = lines[b], lines[a]
    elif kind == 3:  # junk in a line
        k = rnd.randrange(len(lines) + 1)
        lines.insert(k, rnd.choice(JUNK))
    elif kind == 4:  # a value of another type
        k = rnd.randrange(len(lines))
        if "=" in lines[k]:
            lines[k] = lines[k].split("=", 1)[0] + "= " + rnd.choice(["1", "true", "\"x\"", "[]", "[[1]]", "-5", "1.5",
                                                                     "1979-05-27", "{}"])
    raw = "\n".join(lines).encode("utf-8")
    if kind == 5:  # flip bytes
        b = bytearray(raw)
        for _ in range(rnd.randint(1, 4)):
            b[rnd.randrange(len(b))] = rnd.randrange(256)
        raw = bytes(b)
    elif kind == 6:  # truncate
        raw = raw[: rnd.randrange(len(raw))]
    elif kind == 7:  # an address broken
        raw = raw.replace(b"[id=", rnd.choice([b"[", b"[id==", b"[[id=", b"(id="]), 1).replace(b"[0]", b"[-1]", 1)
    elif kind == 8:  # the same fact twice, or many facts
        raw = raw + raw[raw.find(b"[[fact]]"):] * rnd.choice([1, 3])
    return raw


@pytest.mark.parametrize("code", sorted(FACTS))
def test_fuzzed_box_files_are_refused_with_their_line_and_change_nothing(code: str, tmp_path: Path) -> None:
    home = tmp_path / "home"
    mine = ownbox.Box(code)
    for file, at, value in FACTS[code]:
        mine = mine.with_fact(file, at, value)
    ownbox.save_box(mine, home)
    before = ownbox.box_path(code, home).read_bytes()
    good = ownbox.dump_box(mine)
    assert ownbox.parse_box(good, "good", code) == ownbox.parse_box(good, "good", code)
    rnd = random.Random(f"box-fuzz-{code}")
    given = tmp_path / "given.toml"
    refused = accepted = 0
    slowest = 0.0
    tracemalloc.start()
    started = time.perf_counter()
    try:
        for _ in range(CASES_PER_GAME):
            raw = _mutate(good, rnd)
            given.write_bytes(raw)
            t0 = time.perf_counter()
            try:
                got, _, _ = ownbox.import_box(given, code, home)
            except DataFileIssues as exc:
                refused += 1
                n_lines = raw.count(b"\n") + 1
                for issue in exc.issues:
                    assert issue.path == str(given), str(exc)
                    assert issue.line is not None and 1 <= issue.line <= n_lines, str(exc)
                    assert issue.message and "internal" not in issue.message.lower()
                assert ownbox.box_path(code, home).read_bytes() == before, str(exc)
            else:  # a mutation that still makes a good box (a doubled comment, ...): it is laid over
                accepted += 1
                assert got.game == code
                ownbox.save_box(mine, home)  # back to the owner's box for the next case
            slowest = max(slowest, time.perf_counter() - t0)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    elapsed = time.perf_counter() - started
    assert refused >= CASES_PER_GAME // 2, (refused, accepted)
    assert slowest < 5.0, f"one import took {slowest:.2f} s"  # 0.36 s measured; coverage and a loaded machine slow it
    assert elapsed < 180, f"{CASES_PER_GAME} imports took {elapsed:.1f} s"
    assert peak < 64 << 20, f"{peak} bytes at the peak"
    print(f"{code}: {refused} refused, {accepted} accepted, slowest {slowest * 1000:.0f} ms, "
          f"whole {elapsed:.1f} s, peak {peak >> 20} MiB")


def test_a_box_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"# " + b"x" * ownbox.MAX_BOX_BYTES + b"\n")
    with pytest.raises(DataFileIssues) as err:
        ownbox.checked_file(big, "SOL")
    assert err.value.issues[0].line == 1 and "too big" in str(err.value)


def test_too_many_facts_are_refused_at_the_first_one_too_many(tmp_path: Path) -> None:
    many = tmp_path / "many.toml"
    fact = '\n[[fact]]\nfile = "madison.toml"\nat = "end"\nvalue = 60\n'
    many.write_text('format = "companion-box"\nversion = 1\ngame = "GSB"\n' + fact * (ownbox.MAX_FACTS + 1),
                    encoding="utf-8")
    with pytest.raises(DataFileIssues) as err:
        ownbox.checked_file(many, "GSB")
    assert err.value.issues[0].line == 4 + 5 * ownbox.MAX_FACTS + 1 and "at most 2000" in str(err.value)
