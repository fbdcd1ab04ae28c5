"""Helpers for The Stuff of Legend's rule tests: a game with every card held by the device, a
quiet board the tests then furnish, and short names for cards and inputs."""

from __future__ import annotations

from typing import Any

from companion.core.evolve import evolve
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.catalogue import default_catalogue
from companion.games.stuff_of_legend.common import cards_at, set_cards
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.state import Options, Slot, SpaceCards, State
from companion.games.stuff_of_legend.world import default_world

CAT = default_catalogue()
WORLD = default_world()
DIGITAL = dict(action_deck="digital", board_cards="digital", boogeyman_deck="digital", exits="digital",
               loyalty="digital")


def options(players: int = 4, **kw: Any) -> Options:
    base: dict[str, Any] = dict(DIGITAL, players=players, rifle="max")
    base.update(kw)
    return Options(**base)


def new(players: int = 4, seed: int = 1, **kw: Any) -> State:
    """A game set up, its set-up reveals done in the offered order."""
    s = RULES.setup(options(players, **kw), seed)
    return finish_setup(s)


def finish_setup(s: State) -> State:
    from companion.games.stuff_of_legend.state import RevealLocations

    while isinstance(s.head, RevealLocations) or type(s.head).__name__ in ("PlaceBridge", "ResolveEncounters"):
        legal = RULES.legal_inputs(s, "table")
        s = RULES.apply(s, legal[0])
    return s


def quiet(s: State, keep_armies: bool = False) -> State:
    """No cards on the board (every Location discarded, no Encounters), no armies, no leaders:
    each test puts down what its rule needs."""
    board = tuple(SpaceCards(None, ()) for _ in s.board)
    return evolve(s, board=board, armies=s.armies if keep_armies else (), leaders=(), extras=())


def card(title: str, k: int = 0) -> str:
    """The k-th Action card with this title."""
    return [c.code for c in CAT.actions if c.title == title][k]


def plain(skill: str, icons: int = 1, tainted: bool = False, k: int = 0) -> str:
    """A card without text showing `icons` icons of `skill`."""
    return [c.code for c in CAT.actions if not c.action and c.icons == ((skill, icons),) and c.tainted == tainted][k]


def encounter(title: str) -> str:
    return next(c.code for c in CAT.encounters if c.title == title)


def location(title: str) -> str:
    return next(c.code for c in CAT.locations if c.title == title)


def boogeyman(title: str) -> str:
    return next(c.code for c in CAT.boogeyman if c.title == title)


def loyalty(side: str, k: int = 0) -> str:
    return [c.code for c in CAT.loyalty if c.side == side][k]


def hand(s: State, seat: str, *codes: str) -> State:
    i = s.index(seat)
    return evolve(s, hands=s.hands[:i] + (tuple(codes),) + s.hands[i + 1:])


def hands(s: State, **per_seat: tuple[str, ...]) -> State:
    for seat, codes in per_seat.items():
        s = hand(s, seat, *codes)
    return s


def put(s: State, space: str, location_code: str = "", *encounters: str, up: bool = False) -> State:
    """Cards in a space: a Location (face down unless `up`) and face-down Encounters."""
    colour = WORLD.space(space).colour
    loc = Slot(location_code, colour, up) if location_code else None
    return set_cards(s, space, SpaceCards(loc, tuple(Slot(e, colour) for e in encounters)))


def quest_here(s: State, code: str, space: str = "") -> State:
    space = space or s.party
    c = cards_at(s, space)
    return set_cards(s, space, SpaceCards(c.location, c.encounters + (Slot(code, WORLD.space(space).colour, True),)))


def apply(s: State, *inputs: Any) -> State:
    for inp in inputs:
        s = RULES.apply(s, inp)
    return s


def everyone_votes(s: State, choice: str = "for") -> State:
    """Each voter in turn casts `choice`."""
    from companion.games.stuff_of_legend.state import Vote

    while isinstance(s.head, Vote):
        s = RULES.apply(s, I.Cast(s.head.voter, choice))
    return s


def votes(s: State, **choices: str) -> State:
    from companion.games.stuff_of_legend.state import Vote

    while isinstance(s.head, Vote):
        s = RULES.apply(s, I.Cast(s.head.voter, choices[s.head.voter]))
    return s


def act(s: State, seat: str) -> State:
    """The table names `seat` for the next action (nothing to do when only `seat` may act)."""
    from companion.games.stuff_of_legend.state import ActorTurn

    if isinstance(s.head, ActorTurn) and s.head.seat == seat:
        return s
    return RULES.apply(s, I.ChooseActorInput(seat))


def notices(s: State) -> str:
    return " ".join(s.notices)


def legal(s: State, seat: str = "table") -> list[Any]:
    return RULES.legal_inputs(s, seat)


def ready(players: int = 4, seed: int = 1, **kw: Any) -> State:
    """A quiet board, everyone with a hand of plain cards, waiting for the table to name an actor."""
    s = quiet(new(players, seed, **kw))
    filler = [c.code for c in CAT.actions if not c.action and not c.tainted]
    for i, seat in enumerate(s.seats):
        s = hand(s, seat, *filler[i * 7:(i + 1) * 7])
    used = {c for h in s.hands for c in h}
    return evolve(s, draw_pile=tuple(c.code for c in CAT.actions if c.code not in used), discard_pile=())
