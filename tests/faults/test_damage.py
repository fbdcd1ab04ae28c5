"""Damaged journals, seeded: truncation, bit flips, zeroed and garbage blocks, deleted files, in the
main file, the WAL, the -shm and the second copies (harness.py says what each case asserts).

`make test` runs COMPANION_FAULT_CASES (default 60) cases; `make test-slow` runs 2,400.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest
from harness import GAMES, run

CASES = int(os.environ.get("COMPANION_FAULT_CASES", "60"))
SEED = int(os.environ.get("COMPANION_FAULT_SEED", "20250601"))


def test_damaged_journals_recover_or_say_what_is_lost(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    logging.disable(logging.CRITICAL)
    try:
        t = run(CASES, SEED, tmp_path)
    finally:
        logging.disable(logging.NOTSET)
    with capsys.disabled():
        print(f"\nfault suite: {t.line()}")
    assert t.cases == CASES
    assert t.tracebacks == [], "\n".join(t.tracebacks[:10])
    assert t.silent == [], "\n".join(t.silent[:10])
    assert t.unrecovered == [], "\n".join(t.unrecovered[:10])
    assert t.recovered_intact == t.copies_intact > CASES // 2
    assert t.repaired > CASES // 4  # most cases really are damage, not no-ops
    assert len(GAMES) == 3
