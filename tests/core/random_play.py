"""Random legal play of any registered game through the protocol alone (tests only)."""

from __future__ import annotations

import random
from typing import Any, Iterator

from companion.core.game import GameRules, sample_chance
from companion.core.rng import Rng


def random_input(rules: GameRules[Any, Any, Any], state: Any, r: random.Random, rng: Rng) -> tuple[Any, Rng]:
    """One random legal input at `state` (chance by its odds, a seat by a uniform choice) and the
    chance generator after it; None when nobody acts or the actor has no legal input."""
    actor = rules.to_act(state)
    if actor.kind == "nobody":
        return None, rng
    if actor.kind == "chance":
        return sample_chance(rules.chance_outcomes(state), rng)
    legal = rules.legal_inputs(state, actor.seat or "table")
    return (r.choice(legal) if legal else None), rng


def random_states(rules: GameRules[Any, Any, Any], options: Any, seed: int, steps: int) -> Iterator[Any]:
    """Every state of one random legal game: chance by its odds, seats by a uniform choice."""
    r = random.Random(seed)
    rng = Rng.from_seed(seed)
    state = rules.setup(options, seed)
    yield state
    for _ in range(steps):
        inp, rng = random_input(rules, state, r, rng)
        if inp is None:
            return
        state = rules.apply(state, inp)
        yield state


def random_steps(rules: GameRules[Any, Any, Any], options: Any, seed: int, steps: int,
                 r: random.Random | None = None) -> Iterator[tuple[Any, Any, Any]]:
    """Every (state, input, state after) of one random legal game, as random_states plays it."""
    r = r or random.Random(seed)
    rng = Rng.from_seed(seed)
    state = rules.setup(options, seed)
    for _ in range(steps):
        inp, rng = random_input(rules, state, r, rng)
        if inp is None:
            return
        after = rules.apply(state, inp)
        yield state, inp, after
        state = after
