"""Boogeyman's answers to the game protocol (companion/core/game.py): who acts, legal inputs per
seat, what each seat may know and worlds consistent with it, chance outcomes, the result.

Seats: the children by name, "boogeyman" (the hidden player's seat in Competitive, or the child
who became it in Semi-Cooperative) - and two pseudo-seats for observations: "table" (what every
child may know) and "device" (everything; the game-run Boogeyman and tests).
"""

from __future__ import annotations

from companion.core.game import NOBODY, Actor, Result
from companion.core.rng import Rng
from companion.core.evolve import evolve
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.common import PLACED_KINDS
from companion.games.boogeyman.cards import free_code
from companion.games.boogeyman.model import DRAWN, FINALE_PASS
from companion.games.boogeyman.moves import legal_inputs as _legal
from companion.games.boogeyman.state import (
    AdjustRoll,
    ChooseCard,
    ChooseRoomTokens,
    DrawCard,
    HideTokens,
    LadderToken,
    Mode,
    NeedRoll,
    Phase,
    PlayFinale,
    SearchToken,
    State,
    SteerBabysitter,
    TieRoll,
)

BOOGEYMAN = "boogeyman"
_BOOGEYMAN_DECISIONS = (ChooseRoomTokens, ChooseCard, SteerBabysitter, HideTokens)


def seats(state: State) -> tuple[str, ...]:
    return tuple(c.name for c in state.children) + (BOOGEYMAN,)


def to_act(state: State) -> Actor:
    if state.phase == Phase.OVER:
        return NOBODY
    if state.pending:
        p = state.pending[0]
        if isinstance(p, _BOOGEYMAN_DECISIONS):
            return Actor.of(BOOGEYMAN)
        if isinstance(p, TieRoll):
            # Each child's die; then, on their own turn, their Candy choice.
            return Actor.of(p.roller) if p.rolled else Actor("chance", p.roller)
        if isinstance(p, (DrawCard, NeedRoll)):
            return Actor("chance", p.child or "table")  # who draws the card or rolls the die
        if isinstance(p, AdjustRoll):
            return Actor.of(p.child)
        assert isinstance(p, PlayFinale)
        return Actor("chance", "table")  # the Book of Endings is played at the table
    return Actor.of(state.active) if state.order else NOBODY


def legal_inputs(state: State, seat: str) -> list[I.Input]:
    actor = to_act(state)
    if actor.kind == "nobody":
        return []
    if seat == actor.seat or seat == "device" or (actor.kind == "chance" and seat == "chance"):
        return _legal(state)
    return []


def knows_token(state: State, token: SearchToken, seat: str) -> bool:
    """Whether `seat` knows this face-down Search token is where it is."""
    if seat == "device":
        return True
    return (seat == BOOGEYMAN and state.player_run and state.options.mode == Mode.COMPETITIVE
            and token.kind in PLACED_KINDS)


def sees_ladder(state: State, seat: str) -> bool:
    """The face-down Room tokens and the reserve: the Boogeyman's own (Competitive, or Semi after
    the take-over), the device's when it runs the Boogeyman."""
    return seat == "device" or (seat == BOOGEYMAN and state.player_run)


def _token_key(t: SearchToken) -> tuple[str, int, str]:
    return (t.kind, t.value, t.colour)


def resample(state: State, seat: str, rng: Rng) -> tuple[State, Rng]:
    """One world consistent with what `seat` knows, drawn with `rng`.

    Redrawn: every face-down Search token the seat did not place (from the canonical pool of
    unseen tokens, so the result does not depend on where they really lie), the slot of the ones
    it placed (it chose the room, not the slot), and for a child the rooms of face-down Ladder
    tokens and the order of the reserve; the decks' order; future dice (the reducer's generator).
    """
    if seat == "device":
        return state, rng
    pool = sorted((t for _, r in state.rooms for t in r.stack if not knows_token(state, t, seat)), key=_token_key)
    pool_t, rng = rng.shuffled(pool)
    it = iter(pool_t)
    rooms = []
    for zone, room in state.rooms:
        known = sorted((t for t in room.stack if knows_token(state, t, seat)), key=_token_key)
        if known:
            stack, rng = rng.shuffled(tuple(known) + tuple(next(it) for _ in range(len(room.stack) - len(known))))
        else:
            stack = tuple(next(it) for _ in room.stack)
        rooms.append((zone, evolve(room, stack=stack) if stack != room.stack else room))
    changes: dict[str, object] = {"rooms": tuple(rooms)}
    if not sees_ladder(state, seat):
        hidden = sorted([t.room for t in state.ladder if not t.face_up] + list(state.reserve))
        redrawn, rng = rng.shuffled(hidden)
        k = 0
        ladder = []
        for t in state.ladder:
            if t.face_up:
                ladder.append(t)
            else:
                ladder.append(LadderToken(redrawn[k], False))
                k += 1
        changes["ladder"] = tuple(ladder)
        changes["reserve"] = tuple(redrawn[k:])
    decks = []
    for d in state.decks:  # the Boogeyman holds its cards as a hand: order means nothing
        remaining, rng = rng.shuffled(tuple(sorted(d.remaining)))
        decks.append(evolve(d, remaining=remaining))
    changes["decks"] = tuple(decks)
    seed, rng = rng.next_u64()
    changes["rng"] = Rng.from_seed(seed)
    return evolve(state, **changes), rng


def chance_outcomes(state: State) -> list[tuple[I.Input, float]]:
    """The die: six faces. A drawn card: the abstract card model of model.py (the rulebook does
    not print the cards). The Book of Endings: the modelled chance that someone passes."""
    p = state.pending[0] if state.pending else None
    if isinstance(p, NeedRoll) or (isinstance(p, TieRoll) and not p.rolled):
        return [(I.RollDie(v), 1 / 6) for v in range(1, 7)]
    if isinstance(p, DrawCard) and p.deck not in DRAWN:
        # The Boogeyman's own deck, drawn at the table: any card still in it, alike.
        d = state.deck(p.deck)
        pool = sorted(d.remaining) or sorted(d.discard) or [f"BGM:{p.deck}:01"]
        return [(I.CardDrawn(code), 1 / len(pool)) for code in pool]
    if isinstance(p, DrawCard):
        code = free_code(state, p.deck)
        return [(I.CardDrawn(code, o.effects), o.p) for o in DRAWN[p.deck]]
    if isinstance(p, PlayFinale):
        lose_all = 1.0
        for name in state.finale_children:
            lose_all *= 1.0 - FINALE_PASS.get(state.child(name).status, 0.0)
        return [(I.FinaleOutcome(True), 1.0 - lose_all), (I.FinaleOutcome(False), lose_all)]
    return []


def result(state: State) -> Result | None:
    if state.phase != Phase.OVER:
        return None
    kids = tuple(c.name for c in state.children)
    if state.winner == "children":
        winners = tuple(n for n in kids if n != state.boogeyman_seat)
    else:
        winners = (BOOGEYMAN,)
    scores = {s: (1.0 if s in winners else 0.0) for s in seats(state)}
    return Result(winners, scores, "finale" if state.finale_number else "stress")
