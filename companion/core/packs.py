"""The game packs the companion knows, registered in one place by module name.

A pack is a module `companion.games.<game>.pack` (or any module of another distribution, listed
under the entry-point group `companion.games`) that defines `PACK = Pack(...)`. Nothing outside
a game's own package imports it: the shell finds everything through the pack, and the pack names
its heavier parts (AI policies, simulation model, screens, sensing, CLI) as module strings that
are imported only when first needed, so `companion --help` or a simulation never loads Kivy.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Iterator

from companion.core.errors import IllegalInput

# The shelf: code -> pack module. Order is the order of the choose-a-game screen.
BUILTIN: dict[str, str] = {
    "BGM": "companion.games.boogeyman.pack",
    "SOL": "companion.games.stuff_of_legend.pack",
    "BIN": "companion.games.bump_in_the_night.pack",
    "GSB": "companion.games.goosebumps.pack",
    "PIG": "companion.games.pig.pack",
}
ENTRY_POINT_GROUP = "companion.games"

_extra: dict[str, str] = {}  # packs registered at run time (tests, plug-ins)
_loaded: dict[str, "Pack"] = {}


@dataclass(frozen=True)
class Pack:
    """What a game brings to the shell. Only `rules` is required: `code` and `title` are the
    rules object's (`Pack(rules=RULES, ...)`), said once; a pack that names them too must name
    the same.

    Module-name parts (imported on first use):
    - `policies`: the AI's per-game part (companion.ai.engine.GamePolicies): rollout policy,
      evaluation, levels;
    - `sim`: the simulation model (companion.sim.harness.SimModel factory and metrics);
    - `ui`: screens, board widget, set-up steps, pending-decision -> screen map;
    - `sensing`: zones, expected positions, settled changes -> inputs;
    - `cards`: the card-effect menu and catalogue rules;
    - `commands`: CLI subcommands under the game's code (`companion bgm ...`).
    """

    code: str = ""  # default: rules.code
    title: str = ""  # default: rules.title
    rules: Any = None  # a companion.core.game.GameRules
    short: str = ""  # a name for buttons ("Boogeyman")
    available: bool = True  # False: shown as "coming soon"
    policies: str = ""
    sim: str = ""
    ui: str = ""
    sensing: str = ""
    cards: str = ""
    commands: str = ""
    extra: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.rules is None:
            raise IllegalInput(f"the pack {self.code or self.title or '?'} has no rules")
        for name in ("code", "title"):
            given, ruled = getattr(self, name), getattr(self.rules, name)
            if given and given != ruled:
                raise IllegalInput(f"the pack's {name} {given!r} is not its rules' {ruled!r}: name it once, on the rules")
            object.__setattr__(self, name, ruled)

    def part(self, name: str) -> ModuleType:
        """One of the pack's module parts, imported now; a clear error if the pack has none."""
        module = getattr(self, name, "") if name in _PARTS else self.extra.get(name, "")
        if not module:
            raise IllegalInput(f"{self.title} has no {name} part")
        return importlib.import_module(module)

    def has(self, name: str) -> bool:
        return bool(getattr(self, name, "") if name in _PARTS else self.extra.get(name))


class PackNotInstalled(IllegalInput, ImportError):
    """A registered game whose module is not on this machine."""


_PARTS = ("policies", "sim", "ui", "sensing", "cards", "commands")


def _entry_points() -> dict[str, str]:
    from importlib.metadata import entry_points

    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def _modules() -> dict[str, str]:
    out = dict(BUILTIN)
    out.update(_entry_points())
    out.update(_extra)
    return out


def register(code: str, module: str) -> None:
    """Add a pack by module name (tests register the fixture game this way)."""
    _extra[code] = module
    _loaded.pop(code, None)


def unregister(code: str) -> None:
    _extra.pop(code, None)
    _loaded.pop(code, None)


def _importable(module: str) -> bool:
    return importlib.util.find_spec(module.rsplit(".", 1)[0]) is not None


def codes(include_unavailable: bool = False) -> tuple[str, ...]:
    """The codes of the registered packs whose module exists (shelf order, then the rest)."""
    out = []
    for code, module in _modules().items():
        try:
            found = _importable(module)
        except ModuleNotFoundError:
            found = False
        if found and (include_unavailable or get_pack(code).available):
            out.append(code)
    return tuple(out)


def get_pack(code: str) -> Pack:
    pack = _loaded.get(code)
    if pack is not None:
        return pack
    modules = _modules()
    name = modules.get(code)
    if name is None:
        raise IllegalInput(f"unknown game {code!r}; known games: {', '.join(sorted(modules))}")
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        raise PackNotInstalled(f"game {code} is not installed ({exc})") from exc
    pack = module.PACK
    if not isinstance(pack, Pack) or pack.code != code:
        raise IllegalInput(f"{name}.PACK is not the pack of {code}")
    _loaded[code] = pack
    return pack


def all_packs(include_unavailable: bool = False) -> list[Pack]:
    return list(iter_packs(include_unavailable))


def iter_packs(include_unavailable: bool = False) -> Iterator[Pack]:
    """The packs in shelf order, each imported only when reached (start-up asks for the first)."""
    for code in codes(include_unavailable=True):  # found on disk, not yet imported
        pack = get_pack(code)
        if include_unavailable or pack.available:
            yield pack
