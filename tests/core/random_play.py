"""Random legal play of any registered game through the protocol alone (tests only)."""

from __future__ import annotations

import random
from typing import Any, Iterator

from companion.core.game import GameRules, sample_chance
from companion.core.rng import Rng


def random_states(rules: GameRules[Any, Any, Any], options: Any, seed: int, steps: int) -> Iterator[Any]:
    """Every state of one random legal game: chance by its odds, seats by a uniform choice."""
    r = random.Random(seed)
    rng = Rng.from_seed(seed)
    state = rules.setup(options, seed)
    yield state
    for _ in range(steps):
        actor = rules.to_act(state)
        if actor.kind == "nobody":
            return
        if actor.kind == "chance":
            inp, rng = sample_chance(rules.chance_outcomes(state), rng)
        else:
            legal = rules.legal_inputs(state, actor.seat or "table")
            if not legal:
                return
            inp = r.choice(legal)
        state = rules.apply(state, inp)
        yield state
