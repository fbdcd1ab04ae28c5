"""Table situations for the Goosebumps rule tests, on the test track (track.toml):

    START 0 . . . STEAL 4 . R.L. Stine's House 6 . . STEAL 9 . . Police Station 12 . .
    sign 15 . STEAL 16 . . . Graveyard 20 . . top tombstone 23 . STEAL 25 . . Highschool 28 . .
    STEAL 31 . . Amusement Park 34 . . STEAL 37 . . THE END 40
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any, Sequence

from companion.core.evolve import evolve
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.cards import EMPTY, UNSEEN, Mix, deck
from companion.games.goosebumps.game import RULES
from companion.games.goosebumps.state import Options, Phase, PlayStep, State

TRACK = str(Path(__file__).resolve().parent / "track.toml")
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
STINES_HOUSE, POLICE, GRAVEYARD, HIGHSCHOOL, PARK = 6, 12, 20, 28, 34
SIGN, TOMBSTONE, END = 15, 23, 40


def options(players: int = 2, **kw: Any) -> Options:
    return Options(players=players, names=NAMES[:players], board=TRACK, **kw)


def scene(positions: Sequence[int], hands: Sequence[Sequence[str]], *, active: int = 0,
          discard: Sequence[str] = (), **kw: Any) -> State:
    """Monsters on `positions`, these hands, `active` about to play (the draw already made)."""
    n = len(positions)
    o = options(n, **kw)
    base = RULES.setup(o, 1)
    left = Counter(deck(o.mix or Mix()))
    for hand in hands:
        left.subtract(c for c in hand if c not in (EMPTY, UNSEEN))
    left.subtract(discard)
    assert all(v >= 0 for v in left.values()), f"more cards than the box holds: {left}"
    unseen = tuple(sorted(left.elements()))
    hidden = sum(c == UNSEEN for hand in hands for c in hand)
    return evolve(base, phase=Phase.PLAY, positions=tuple(positions), hands=tuple(tuple(h) for h in hands),
                  unseen=unseen, pile=len(unseen) - hidden, discard=tuple(discard), active=active, owner=active,
                  anchor=active, why="regular", because="", queue=(PlayStep(active),), started=(True,) * n,
                  turns=1, round=1)


def play(state: State, *inputs: I.Input) -> State:
    for inp in inputs:
        state = RULES.apply(state, inp)
    return state


def deal(state: State) -> State:
    """Resolve the draws the device makes itself ("*"), until a decision is waiting."""
    from companion.games.goosebumps.state import DrawStep

    while state.queue and isinstance(state.queue[0], DrawStep):
        state = RULES.apply(state, I.Draw(("*",) * state.queue[0].count))
    return state


def where(state: State) -> dict[str, int]:
    return dict(zip(state.seats, state.positions))


def waiting(state: State) -> tuple[str, str]:
    """(kind of step, seat) the game waits for."""
    head = state.queue[0]
    return head.kind, state.seats[head.seat]  # type: ignore[union-attr]


def with_options(state: State, **kw: Any) -> State:
    return evolve(state, options=replace(state.options, **kw))


def random_states(games: int, seed: int = 0, table: bool = False, **kw: Any) -> list[State]:
    """States met in random legal games. `table`: a real table - the automated player's cards
    named as scanned, every person's draws unseen ("?"), a person's plays named."""
    import random

    from companion.core.errors import IllegalInput
    from companion.core.game import sample_chance
    from companion.core.rng import Rng
    from companion.games.goosebumps.state import DrawStep

    out: list[State] = []
    for g in range(games):
        rnd = random.Random(seed * 1000 + g)
        n = 2 + g % 5
        o = options(n, automated=(NAMES[1],) if table or g % 2 else (), **kw)
        state = RULES.setup(o, seed * 1000 + g)
        rng = Rng(g)
        for _ in range(400):
            if RULES.is_over(state):
                break
            out.append(state)
            actor = RULES.to_act(state)
            head = state.queue[0]
            if table and isinstance(head, DrawStep):
                who = head.seat
                if state.automated[who]:  # scanned as dealt
                    named = head.count <= state.pile
                    inp: I.Input = I.Draw(tuple(rnd.sample(list(state.unseen), head.count)) if named
                                          else ("*",) * head.count)
                else:
                    inp = I.Draw((UNSEEN,) * head.count)
            elif actor.kind == "chance":
                inp, rng = sample_chance(RULES.chance_outcomes(state), rng)
            else:
                legal = RULES.legal_inputs(state, actor.seat)
                rnd.shuffle(legal)
                for inp in legal:
                    try:
                        RULES.apply(state, inp)
                        break
                    except IllegalInput:
                        continue
            state = RULES.apply(state, inp)
    return out
