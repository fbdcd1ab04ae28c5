"""Every rule and gap ID of The Stuff of Legend is cited by a test's docstring, and the list here is the
checklist's (../shared/specs/rules-checklist.md, when it sits beside the repository)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

RULES = [f"SOL-{n:02d}" for n in range(1, 120)]
GAPS = [f"SOL-G{n}" for n in range(1, 22)]
HERE = Path(__file__).parent
# "beside the repository": ../shared of the clone; a worktree under wt/ looks one level further up.
_REPO = Path(__file__).resolve().parents[3]
CHECKLIST = next((p for p in (_REPO.parent / "shared" / "specs" / "rules-checklist.md",
                              _REPO.parent.parent / "shared" / "specs" / "rules-checklist.md") if p.exists()),
                 _REPO.parent / "shared" / "specs" / "rules-checklist.md")
_ID = re.compile(r"SOL-(?:G\d+|\d{2,3})")


def cited() -> set[str]:
    out: set[str] = set()
    for path in HERE.glob("test_*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                doc = ast.get_docstring(node) or ""
                out |= set(_ID.findall(doc))
    return out


def test_every_id_is_cited_by_a_test() -> None:
    """Every SOL rule and gap has at least one test citing it in its docstring."""
    found = cited()
    missing = [i for i in RULES + GAPS if i not in found]
    assert not missing, f"not cited by any test: {', '.join(missing)}"


def test_no_test_cites_an_unknown_id() -> None:
    assert cited() <= set(RULES + GAPS)


@pytest.mark.skipif(not CHECKLIST.exists(), reason="the shared checklist is not beside the repository")
def test_ids_match_the_checklist() -> None:
    """The IDs here are exactly the checklist's SOL rules and gaps."""
    text = CHECKLIST.read_text()
    rules = set(re.findall(r"^\| (SOL-\d{2,3}) \|", text, re.M))
    gaps = set(re.findall(r"\*\*(SOL-G\d+)\b", text))
    assert rules == set(RULES) and gaps == set(GAPS)
