"""Positions where the Boogeyman player must decide, reached by random legal play."""

from __future__ import annotations

import random
from dataclasses import replace

from typing import Any, Mapping

from companion.ai.engine import InfoState, make_policy
from companion.games.boogeyman.ai.base import boogeyman_decision
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.protocol import BOOGEYMAN, knows_token
from companion.games.boogeyman.moves import legal_inputs
from companion.games.boogeyman.state import CHILDREN, Difficulty, Mode, Options, State


def decision_positions(seed: int, mode: Mode = Mode.COMPETITIVE, children: int = 3,
                       difficulty: Difficulty = Difficulty.NORMAL, steps: int = 400,
                       hide: bool = True) -> list[State]:
    """Every state in a random legal game where a Boogeyman decision is pending."""
    r = random.Random(seed)
    s = RULES.setup(Options(mode=mode, difficulty=difficulty, children=CHILDREN[:children]), seed)
    out = []
    for _ in range(steps):
        legal = legal_inputs(s)
        if not legal:
            break
        if boogeyman_decision(s) is not None:
            out.append(s)
            if not hide and s.phase.value == "placement":
                out.pop()
        s = RULES.apply(s, r.choice(legal))
    return out


def shuffle_hidden(s: State, seed: int) -> State:
    """The same position with different hidden information: the face-down tokens the Boogeyman
    did not place are dealt into other slots, and the reducer's generator is changed."""
    r = random.Random(seed)
    slots = [(i, j) for i, (_, room) in enumerate(s.rooms) for j, t in enumerate(room.stack)
             if not knows_token(s, t, BOOGEYMAN)]
    tokens = [s.rooms[i][1].stack[j] for i, j in slots]
    r.shuffle(tokens)
    rooms = [list(room.stack) for _, room in s.rooms]
    for (i, j), t in zip(slots, tokens):
        rooms[i][j] = t
    new_rooms = tuple((z, replace(room, stack=tuple(rooms[i]))) for i, (z, room) in enumerate(s.rooms))
    rng = replace(s.rng, state=(s.rng.state * 6364136223846793005 + 1442695040888963407) % (1 << 64))
    return replace(s, rooms=new_rooms, rng=rng)


def sim_positions(mode: str, seed: int, level: str = "normal", kind: type | None = None,
                  limit: int = 1000) -> list[State]:
    """Boogeyman decisions met in bot games (faster and more varied than random legal play)."""
    from companion.games.boogeyman.sim.model import Config, play_game

    out: list[State] = []

    def seen(s: State, _inp: object) -> None:
        if (kind is None or isinstance(s.pending[0], kind)) and len(out) < limit:
            out.append(s)

    play_game(Config(mode, level), seed, on_decision=seen)
    return out


def adversary(level: str, seed: int = 0, catalogue: Mapping[str, Any] | None = None) -> Any:
    """The device's Boogeyman at a level, as the app and the simulation make it."""
    return make_policy("BGM", level, seed, catalogue=catalogue)


def decide(adv: Any, s: State, deadline: float | None = None) -> Any:
    """What `adv` plays in `s`, handed only the Boogeyman seat's information."""
    return adv.decide(InfoState(RULES, s, BOOGEYMAN), deadline)
