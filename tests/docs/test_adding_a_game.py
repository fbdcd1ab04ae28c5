"""docs/adding-a-game.md names every hook a pack may or must define: the fixture game and Pig use
only hooks it names, and every hook the shell looks up by name (or a GameUI may override) is
named there, so a new engineer finds them on the page, not by reading code (issue 27)."""

from __future__ import annotations

import dataclasses
import importlib
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.core.options import settings_of
from companion.core.packs import Pack

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "adding-a-game.md"
sys.path.insert(0, str(ROOT / "tests" / "core"))

# Who the shell reads a hook from, in `getattr(<who>, "<hook>")` (companion/ outside games/).
OWNERS = re.compile(r'getattr\((rules|self\.rules|policies|self\.policies|module|pack\.part\("\w+"\)|s|state|'
                    r'self\.state|options|self\.screen\([\w.]+\)|policy), "(\w+)"')
OWN = re.compile(r'self\._own\("(\w+)"\)')  # a pack's sim module's replacements (sim/games.py)


def named() -> set[str]:
    """Every name the page gives in code type: the first identifier of each `...`."""
    return set(re.findall(r"`([A-Za-z_]\w*)", PAGE.read_text(encoding="utf-8")))


def used_hooks(module_name: str) -> dict[str, set[str]]:
    """What a pack defines that the shell could read: the pack's parts and fields, its rules
    object's names, its policies' names, its set-up declarations and its inputs' class names."""
    module = importlib.import_module(module_name)
    pack: Pack = module.PACK
    out: dict[str, set[str]] = {"pack": set(), "rules": set(), "policies": set(), "options": set(), "inputs": set()}
    for f in dataclasses.fields(Pack):
        default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
        if getattr(pack, f.name) != default:
            out["pack"].add(f.name)
    rules = pack.rules
    out["rules"] = {n for n in dir(rules) if not n.startswith("_")}
    if pack.has("policies"):
        policies = pack.part("policies").POLICIES
        out["policies"] = {n for n in dir(policies) if not n.startswith("_")}
        out["policies"].add("POLICIES")
    out["options"] = {s.kind for s in settings_of(rules.options_type)}
    for inp in getattr(rules.input_type, "__args__", (rules.input_type,)):
        fields = {f.name for f in dataclasses.fields(inp)}
        out["inputs"] |= {n for n in vars(inp) if not n.startswith("_") and n not in fields}
    return out


@pytest.mark.parametrize("module_name", ["fixture_game", "companion.games.pig.pack"])
def test_the_fixture_game_and_pig_use_only_hooks_the_page_names(module_name: str) -> None:
    page = named()
    hooks = used_hooks(module_name)
    assert hooks["pack"] >= {"code", "title", "rules", "policies"} and len(hooks["rules"]) >= 17  # it looked
    missing = {part: sorted(names - page) for part, names in hooks.items() if names - page}
    assert not missing, f"hooks {module_name} uses that docs/adding-a-game.md does not name: {missing}"


def test_pig_uses_the_shells_set_up_dice_and_seats() -> None:
    hooks = used_hooks("companion.games.pig.pack")
    assert hooks["options"] == {"number", "holders"} and "roll_for_me" in hooks["rules"]
    assert hooks["pack"] == {"code", "title", "short", "rules", "policies"}  # no screens, no sim of its own


def test_a_hook_the_page_does_not_name_is_caught() -> None:
    """The check can fail: a name no page gives is not in what the page names."""
    page = named()
    assert "frobnicate" not in page and {"setup", "apply", "roll_for_me", "holders", "PACK"} <= page


def test_every_hook_the_shell_looks_up_by_name_is_on_the_page() -> None:
    page = named()
    looked: dict[str, set[str]] = {}
    for path in (ROOT / "companion").rglob("*.py"):
        if "games" in path.relative_to(ROOT / "companion").parts[:1]:
            continue
        text = path.read_text(encoding="utf-8")
        for who, hook in OWNERS.findall(text):
            looked.setdefault(hook, set()).add(f"{path.relative_to(ROOT)} ({who})")
        for hook in OWN.findall(text):
            looked.setdefault(hook, set()).add(f"{path.relative_to(ROOT)} (sim)")
    assert {"roll_for_me", "hidden_hands", "make_policy", "round", "pending", "HELP", "configure"} <= set(looked)
    missing = {hook: sorted(where) for hook, where in looked.items() if hook not in page}
    assert not missing, f"the shell reads hooks docs/adding-a-game.md does not name: {missing}"


def test_every_part_of_a_game_ui_is_on_the_page() -> None:
    from companion.ui.packui import GameUI

    page = named()
    parts: set[Any] = {n for n in dir(GameUI) if not n.startswith("_")}
    assert {"shots", "device_levels", "setup_screen"} <= parts
    assert not parts - page, sorted(parts - page)
