"""A game's simulation: its pack's `sim` module where it has one, else the generic one."""

from __future__ import annotations

import argparse
from types import ModuleType
from typing import Any, Callable

from companion.core.packs import all_packs, codes as pack_codes, get_pack
from companion.sim import generic
from companion.sim.harness import Played, run_many, summary


def codes() -> tuple[str, ...]:
    return pack_codes()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Every pack's own simulate options (they must not clash: a pack adds a group of its own)."""
    for pack in all_packs():
        if pack.has("sim"):
            add = getattr(pack.part("sim"), "add_arguments", None)
            if add is not None:
                add(parser)


class GameSim:
    def __init__(self, code: str) -> None:
        self.pack = get_pack(code)
        self.code = self.pack.code
        self.module: ModuleType | None = self.pack.part("sim") if self.pack.has("sim") else None

    def _own(self, name: str) -> Callable[..., Any] | None:
        return getattr(self.module, name, None) if self.module is not None else None

    def configure(self, args: argparse.Namespace) -> Any:
        own = self._own("configure")
        if own is None:
            return generic.configure(self.code, args)
        seats = generic.parse_seats(args.seats, ())
        return own(args, seats)

    def seat_names(self, config: Any) -> tuple[str, ...]:
        own = self._own("seat_names")
        return tuple(own(config)) if own is not None else tuple(config.seats)

    def job(self, config: Any, seed: int) -> Callable[[int], Played]:
        own = self._own("job")
        return own(config, seed) if own is not None else generic.job(config, seed)

    def run(self, config: Any, games: int, seed: int, jobs: int = 1,
            progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
        played = run_many(self.job(config, seed), games, jobs, progress)
        return self.summarize(config, played)

    def summarize(self, config: Any, played: list[Played]) -> dict[str, Any]:
        out = summary(self.code, self.seat_names(config), played)
        own = self._own("summarize")
        out.update(own(config, played) if own is not None else generic.summarize(config, played))
        return out

    def describe(self, config: Any, summary: dict[str, Any]) -> str:
        own = self._own("describe")
        return str(own(config, summary)) if own is not None else generic.describe(config, summary)
