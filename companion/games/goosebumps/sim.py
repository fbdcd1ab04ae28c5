"""Goosebumps simulations: the generic harness (a level per seat, --both-orders), plus the
Monster Mayhem mix and the track the figures assumed, since neither is printed in the rulebook.

With `--players 3..6` the table grows from game to game: seats that --seats does not name play
"random", as the generic harness does for seats left out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from companion.ai.engine import make_policy
from companion.core.game import get_rules
from companion.core.rng import Rng
from companion.games.goosebumps.board import track_for
from companion.games.goosebumps.rules import mix_of
from companion.sim import generic
from companion.sim.harness import Played, game_seed, play


@dataclass(frozen=True)
class _Job:
    config: generic.Config
    seed: int

    def __call__(self, index: int) -> Played:
        config = self.config
        rules = get_rules(config.code)
        options = config.options_for(index)
        seats = rules.seats(rules.setup(options, 0))
        levels = dict(zip(config.seats, config.levels_for(index)))
        rng = Rng.from_seed(game_seed(self.seed, index))
        policies = {}
        for seat in seats:
            s, rng = rng.next_u64()
            policies[seat] = make_policy(config.code, levels.get(seat, "random"), s)
        engine_seed, rng = rng.next_u64()
        played = play(rules, options, policies, engine_seed, index=index)
        played.metrics["levels"] = [levels.get(seat, "random") for seat in config.seats]
        return played


def job(config: generic.Config, seed: int) -> Callable[[int], Played]:
    return _Job(config, seed)


def summarize(config: generic.Config, played: Sequence[Played]) -> dict[str, Any]:
    out = generic.summarize(config, played)
    options = config.options
    track = track_for(options.board)
    out["mayhem_mix"] = mix_of(options).counts()
    out["track"] = {"name": track.name, "end": track.end, "path": track.path}
    return out


def describe(config: generic.Config, summary: Mapping[str, Any]) -> str:
    mix = ", ".join(f"{k} {v}" for k, v in summary["mayhem_mix"].items())
    return generic.describe(config, summary) + f"; Monster Mayhem mix: {mix}"
