"""The journal (companion/core/journal.py) calls its open-time check (journal_check.py); the check
and the journal share journal_base.py. No import, at module level or inside a function, leads from
the check or the shared module back to the journal, so the cycle cannot come back."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JOURNAL, CHECK, BASE = "companion.core.journal", "companion.core.journal_check", "companion.core.journal_base"


def _file(module: str) -> Path | None:
    base = ROOT.joinpath(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def imports(module: str) -> set[str]:
    """Every companion module `module` imports, anywhere in its source (TYPE_CHECKING and
    function-local imports included)."""
    path = _file(module)
    assert path is not None, module
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names if _file(f"{node.module}.{a.name}")}
    return {m for m in out if m.startswith("companion.") and _file(m)}


def reaches(start: str) -> set[str]:
    seen: set[str] = set()
    todo = sorted(imports(start))
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo += sorted(imports(m) - seen)
    return seen


def test_the_reader_finds_the_imports_it_is_asked_about() -> None:
    assert {CHECK, BASE, "companion.core.copies"} <= imports(JOURNAL)
    assert BASE in imports(CHECK)


def test_neither_the_check_nor_the_shared_module_leads_back_to_the_journal() -> None:
    assert JOURNAL not in reaches(CHECK), "journal_check imports the journal (directly or through another module)"
    assert not {JOURNAL, CHECK} & reaches(BASE)
    assert JOURNAL not in reaches(JOURNAL) and CHECK not in reaches(CHECK)


def test_each_module_imports_alone_in_a_fresh_interpreter() -> None:
    """Importing the check or the shared module loads no journal; importing the journal works in
    either order."""
    code = (
        "import sys\n"
        f"import {CHECK}, {BASE}\n"
        f"assert {JOURNAL!r} not in sys.modules, 'the check loaded the journal'\n"
        f"import {JOURNAL}\n"
        f"assert {JOURNAL}.open_checked is {CHECK}.open_checked\n"
        "print('ok')\n"
    )
    for source in (code, f"import {JOURNAL}\nprint('ok')\n"):
        done = subprocess.run([sys.executable, "-c", source], cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
