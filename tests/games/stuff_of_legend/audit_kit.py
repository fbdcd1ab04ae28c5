"""The audit's own scenario kit (written from the rulebook, not from the pack's tests): a table
where the device holds every deck, a quiet board, and positions set the way a rulebook example
sets them ("there are three Armies in the party's space ...")."""

from __future__ import annotations

import json
from typing import Any

from companion.core.evolve import evolve
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.flow import settle
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.state import ChooseActor, Options, SpaceCards, State
from companion.games.stuff_of_legend.world import default_world

WORLD = default_world()
DIGITAL = dict(action_deck="digital", board_cards="digital", boogeyman_deck="digital")

# Stand-in card codes of data/cards.toml used below (the rulebook names the cards, not the codes).
ESCAPE = ("SOL:ACTN:01", "SOL:ACTN:02", "SOL:ACTN:03")  # Escape Trouble: 1 Talk, needs 4, moves one space
MINION = ("SOL:ACTN:06", "SOL:ACTN:07")  # Minion Breakthrough: 1 Fight
DUEL = ("SOL:ACTN:16", "SOL:ACTN:17")  # Grand Duel: 2 Fight, no Talk
MUDDY = "SOL:ACTN:19"  # Muddy the Waters: 1 Talk, needs 2
SCOUT = "SOL:ACTN:21"  # Scout Ahead: 1 Scout, needs 1
BESSIE = "SOL:ACTN:25"  # Ride with Bessie: 1 Scout, needs 3, transport
TALK1 = ("SOL:ACTN:31", "SOL:ACTN:32", "SOL:ACTN:33", "SOL:ACTN:34", "SOL:ACTN:35")  # no text, 1 Talk
TALK2 = ("SOL:ACTN:39", "SOL:ACTN:40")  # no text, 2 Talk
FIGHT1 = ("SOL:ACTN:41", "SOL:ACTN:42", "SOL:ACTN:43")
SCOUT1 = ("SOL:ACTN:51", "SOL:ACTN:52", "SOL:ACTN:53", "SOL:ACTN:54", "SOL:ACTN:55")
SCOUT2 = ("SOL:ACTN:59", "SOL:ACTN:60")
WILD1 = ("SOL:ACTN:61", "SOL:ACTN:62")
TAINTED_TALK3 = "SOL:ACTN:67"
MAYOR, ROSE, HUNTER = "SOL:ENCT:13", "SOL:ENCT:29", "SOL:ENCT:07"
READ_SIGNS = "SOL:ENCT:03"  # a green Quest: 3 Scout, peek at any exit
OWLS_NEST = "SOL:LOCN:03"  # a lasting green Location whose Boogeyman ability raises the Attention Level
FLEETING, PERSONAL, GIFT = "SOL:BOOG:01", "SOL:BOOG:07", "SOL:BOOG:10"
SINISTER_A, SINISTER_B = "SOL:BOOG:12", "SOL:BOOG:13"


def table(players: int = 3, seed: int = 1, **options: Any) -> State:
    """Set up, the Rifle with the first hero, the three Locations beside Brooklyn turned up."""
    opts: dict[str, Any] = dict(DIGITAL, players=players)
    opts.setdefault("rifle", "max")
    opts.update(options)
    s = RULES.setup(Options(**opts), seed)
    while s.pending and s.pending[0].kind in ("reveal_locations", "resolve_encounters", "ask_rifle"):
        s = RULES.apply(s, RULES.legal_inputs(s, "device")[0])
    return s


def quiet(s: State) -> State:
    """Every card off the board and no Army on it: a blank map for a rulebook example."""
    return evolve(s, board=tuple(SpaceCards(None, ()) for _ in s.board), armies=(), leaders=())


def at_phase1(s: State, **changes: Any) -> State:
    """The position `changes` describe, with the table about to choose who acts."""
    s = evolve(s, phase="actions", pending=(ChooseActor(),), notices=(), **changes)
    return settle(s)


def to_phase2(s: State, **changes: Any) -> State:
    """The position `changes` describe, the players' three actions just performed."""
    s = evolve(s, phase="actions", actions=3, pending=(), notices=(), on_board=(), exhausted=(), **changes)
    return settle(s)


def hands(s: State, **by_seat: tuple[str, ...]) -> State:
    """Give each named hero exactly these cards; the cards they held go back under the draw pile."""
    given = {c for cards in by_seat.values() for c in cards}
    spare = tuple(c for seat, h in zip(s.seats, s.hands) if seat in by_seat for c in h if c not in given)
    new = tuple(tuple(by_seat[seat]) if seat in by_seat else tuple(c for c in h if c not in given)
                for seat, h in zip(s.seats, s.hands))
    pile = tuple(c for c in s.draw_pile if c not in given) + spare
    return evolve(s, hands=new, draw_pile=pile)


def go(s: State, *inputs: I.Input) -> State:
    for inp in inputs:
        s = RULES.apply(s, inp)
    return s


def votes(s: State, choice: str = "for") -> State:
    """Everyone votes the same way, in the order the device asks."""
    while s.head is not None and s.head.kind == "vote":
        s = RULES.apply(s, I.Cast(s.head.voter, choice))  # type: ignore[union-attr]
    return s


def obs_text(s: State, seat: str) -> str:
    return json.dumps(RULES.observe(s, seat), sort_keys=True)
