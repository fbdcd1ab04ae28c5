"""Table situations for the rule tests, on the shipped house (data/house.toml, default layout).

The shipped house's doors (room: rooms beyond a door), for reading the scenarios:
  conservatory: library, study, den, outside (Cemetery Gate) - 1 Scare symbol
  library: conservatory, study, dining_room
  study: conservatory, library, den
  dining_room: library, cellar, back_hall, nursery
  cellar: dining_room, front_hall - 2 Scare symbols
  back_hall: dining_room, bathroom, parlour
  nursery: dining_room, bedroom, bathroom - 1
  bedroom: nursery, bathroom, kitchen - 1
  bathroom: back_hall, nursery, bedroom
  den: conservatory, study, laundry, closet, front_hall - 1
  laundry: den
  closet: den, front_hall - 1
  front_hall: cellar, den, closet, parlour, outside (Front Door)
  parlour: back_hall, front_hall, kitchen
  kitchen: bedroom, parlour, workshop, garage
  workshop: kitchen, garage - 1
  garage: kitchen, workshop, outside (Garage Door) - 1
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.core.deck import Deck
from companion.core.evolve import evolve
from companion.games.bump_in_the_night import rules
from companion.games.bump_in_the_night.context import ctx_for
from companion.games.bump_in_the_night.game import RULES
from companion.games.bump_in_the_night.inputs import Input
from companion.games.bump_in_the_night.state import KINDS, SUPPLY, Options, Phase, State, Turn

C = ctx_for(Options())
H = C.house


def room(name: str) -> int:
    return H.room(name)


def table(
    unmoved: Mapping[str, int] | None = None,
    moved: Mapping[str, int] | None = None,
    monsters: Mapping[str, Mapping[str, str]] | None = None,
    locks: tuple[str, ...] = (),
    hands: Mapping[str, tuple[str, ...]] | None = None,
    step: int = 3,
    active: str = "red",
    options: Options | None = None,
    claimed: Mapping[str, int] | None = None,
    **turn: Any,
) -> State:
    """A game in play: `unmoved`/`moved` girls per room, `monsters` {colour: {kind: room}},
    lock markers, hands, the active player and the step."""
    opts = options or Options()
    s = RULES.setup(opts, 1)
    c = ctx_for(opts)
    um = [0] * c.n_rooms
    mv = [0] * c.n_rooms
    for name, n in (unmoved or {}).items():
        um[c.house.room(name)] += n
    for name, n in (moved or {}).items():
        mv[c.house.room(name)] += n
    ms = [[SUPPLY] * 6 for _ in s.seats]
    for colour, kinds in (monsters or {}).items():
        for kind, where in kinds.items():
            ms[s.seats.index(colour)][KINDS.index(kind)] = c.house.room(where)
    hand_list = [tuple(sorted((hands or {}).get(colour, ()))) for colour in s.seats]
    held = {code for h in hand_list for code in h}
    deck = Deck("cards", tuple(code for code in s.deck.draw_pile if code not in held))
    score = tuple((claimed or {}).get(colour, 0) for colour in s.seats)
    return evolve(s, phase=Phase.PLAY, unmoved=tuple(um), moved=tuple(mv), monsters=tuple(tuple(m) for m in ms),
                  locks=frozenset(locks), hands=tuple(hand_list), deck=deck, active=s.seats.index(active),
                  turn=Turn(step=step, **turn), pending=(), notices=(), claimed=score)


def play(state: State, *inputs: Input) -> State:
    for inp in inputs:
        state = RULES.apply(state, inp)
    return state


def where(state: State) -> dict[str, tuple[int, int]]:
    """{room: (unmoved, moved)} for every room with people."""
    return {r.id: (state.unmoved[i], state.moved[i]) for i, r in enumerate(H.rooms) if state.unmoved[i] + state.moved[i]}


def settle(state: State) -> State:
    return rules.settle(state, ctx_for(state.options))


def resolve(state: State) -> State:
    """Let the scare run to its end, the active player taking the first choice each time."""
    from companion.games.bump_in_the_night import moves

    while state.running is not None and not state.pending:
        state = RULES.apply(state, moves.legal(state, ctx_for(state.options))[0])
    return state
