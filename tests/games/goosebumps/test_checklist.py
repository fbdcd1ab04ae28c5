"""Every GSB rule and gap of ../shared/specs/rules-checklist.md is cited by a test's docstring."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
# beside the repository (a clone at /work/main, CI); a worktree under /work/wt/ is one level deeper
_PLACES = [base / "shared" / "specs" / "rules-checklist.md" for base in (REPO.parent, REPO.parent.parent)]
CHECKLIST = next((p for p in _PLACES if p.exists()), _PLACES[0])

RULE_IDS = tuple(f"GSB-{n:02d}" for n in range(1, 40))
GAP_IDS = tuple(f"GSB-G{n}" for n in range(1, 22))


def _docstrings() -> str:
    texts = []
    for path in HERE.glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                texts.append(ast.get_docstring(node) or "")
    return "\n".join(texts)


def _cited(text: str) -> set[str]:
    """IDs named in docstrings, ranges like GSB-22/23/24 and GSB-33/34 included."""
    out: set[str] = set()
    for m in re.finditer(r"GSB-(G?)(\d+)((?:/\d+)*)", text):
        gap, first, rest = m.group(1), int(m.group(2)), m.group(3)
        nums = [first] + [int(x) for x in rest.split("/") if x]
        out |= {f"GSB-G{n}" if gap else f"GSB-{n:02d}" for n in nums}
    return out


def test_every_rule_and_gap_is_cited_by_a_test() -> None:
    cited = _cited(_docstrings())
    missing = [i for i in RULE_IDS + GAP_IDS if i not in cited]
    assert not missing, f"not cited by any test docstring: {missing}"


@pytest.mark.skipif(not CHECKLIST.exists(), reason="the shared checklist is not beside the repository")
def test_the_id_list_is_the_checklists() -> None:
    text = CHECKLIST.read_text()
    rules = sorted(set(re.findall(r"^\| (GSB-\d\d) \|", text, re.M)))
    gaps = sorted(set(re.findall(r"\*\*(GSB-G\d+) ", text)), key=lambda g: int(g[5:]))
    assert tuple(rules) == RULE_IDS
    assert tuple(gaps) == GAP_IDS
