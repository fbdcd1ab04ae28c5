"""The house's one structural rule: nothing outside companion/games/<game>/ imports a game.

The shell reaches every game through the registry (companion/core/packs.py), which names packs
as module strings; a game never imports another game. Checked on the source, import by import,
including imports inside functions."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "companion"


def game_of(path: Path) -> str | None:
    parts = path.relative_to(ROOT).parts
    return parts[2] if len(parts) > 3 and parts[:2] == ("companion", "games") else None


def imported(tree: ast.AST) -> list[tuple[int, str]]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.append((node.lineno, node.module))
            if node.module == "companion.games":
                out += [(node.lineno, f"companion.games.{a.name}") for a in node.names]
    return out


def violations() -> list[str]:
    bad = []
    for path in sorted(PACKAGE.rglob("*.py")):
        home = game_of(path)
        for line, name in imported(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            parts = name.split(".")
            if len(parts) >= 3 and parts[:2] == ["companion", "games"] and parts[2] != home:
                bad.append(f"{path.relative_to(ROOT)}:{line}: imports {name}")
    return bad


def test_nothing_outside_a_game_imports_it() -> None:
    assert violations() == []


def test_the_check_finds_an_import_where_it_is() -> None:
    tree = ast.parse("def f():\n    from companion.games.boogeyman import state\nimport companion.games.x.y\n")
    assert sorted(imported(tree)) == [(2, "companion.games.boogeyman"), (3, "companion.games.x.y")]
