"""Every rule and gap of the checklist has a test citing it (in the test's docstring), and our
list is the checklist's list (rules-checklist.md beside the repository)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
RULE_IDS = [f"BIN-{n:02d}" for n in range(1, 65)]
GAP_IDS = [f"BIN-G{n}" for n in range(1, 23)]
IDS = RULE_IDS + GAP_IDS
TOKEN = re.compile(r"\bBIN-(G\d+|\d{2})\b")


def cited() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for path in sorted(HERE.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                for m in TOKEN.finditer(ast.get_docstring(node) or ""):
                    out.setdefault(f"BIN-{m.group(1)}", []).append(f"{path.name}::{node.name}")
    return out


def checklist() -> Path | None:
    for base in (ROOT.parent, ROOT.parent.parent):
        path = base / "shared" / "specs" / "rules-checklist.md"
        if path.exists():
            return path
    return None


def test_every_rule_and_gap_is_cited_by_a_test():
    found = cited()
    missing = [i for i in IDS if i not in found]
    assert not missing, f"no test docstring cites {', '.join(missing)}"
    unknown = sorted(set(found) - set(IDS))
    assert not unknown, f"tests cite IDs the checklist does not have: {unknown}"


def test_our_ids_are_the_checklists():
    path = checklist()
    if path is None:
        pytest.skip("rules-checklist.md is not beside the repository")
    text = path.read_text(encoding="utf-8")
    rules = sorted(set(re.findall(r"^\| (BIN-\d{2}) \|", text, re.M)))
    gaps = sorted(set(re.findall(r"\*\*(BIN-G\d+) ", text)), key=lambda g: int(g[5:]))
    assert rules == RULE_IDS
    assert gaps == GAP_IDS
