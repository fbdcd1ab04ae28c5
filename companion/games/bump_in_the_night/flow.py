"""Turn flow shared by the reducer and the scare resolver: draws owed, the end of a turn, and
the end of the game (BIN-62/63, BIN-G16/G17)."""

from __future__ import annotations

from companion.games.bump_in_the_night.fast import evolve
from companion.games.bump_in_the_night.context import Ctx
from companion.games.bump_in_the_night.state import TO_WIN, DrawFor, Options, Phase, State, Turn


def note(state: State, *lines: str) -> State:
    return evolve(state, notices=state.notices + lines)


def first_turn(options: Options, seats: tuple[str, ...]) -> str:
    """Who takes the first turn, as the table is told at set-up and when play starts. The rulebook
    names nobody (BIN-G6; Player Turn: "then play passes clockwise"): the table chooses at set-up
    (`first`), or it is the first colour at the table."""
    who = (options.first or seats[0]).capitalize()
    how = "the table's choice" if options.first else "the first colour at the table"
    return (f"{who} takes the first turn ({how}: the rulebook does not say who starts); "
            "then play passes clockwise.")


def over(state: State, winners: tuple[int, ...], reason: str, why: str) -> State:
    names = tuple(state.seats[i] for i in winners)
    return evolve(state, phase=Phase.OVER, winners=names, reason=reason, pending=(), running=None,
                  notices=state.notices + (why,))


def won(state: State, seat: int, extra: int = 0) -> bool:
    return state.score(seat) + extra >= TO_WIN


def most_claimed(state: State, reason: str, why: str) -> State:
    """BIN-G17: the most claimed (Bonus cards included) win; ties share."""
    scores = [state.score(i) for i in range(len(state.seats))]
    best = max(scores)
    winners = tuple(i for i, s in enumerate(scores) if s == best) if best > 0 else ()
    return over(state, winners, reason, why)


def queue_draw(state: State, seat: int, why: str) -> State:
    """A card owed to `seat` (BIN-24/62/64), unless there is nothing to draw (BIN-G18)."""
    hand_limit = state.options.hand_limit
    if hand_limit and len(state.hands[seat]) >= hand_limit:
        return note(state, f"{state.seats[seat].capitalize()} holds {hand_limit} cards, the hand limit: no draw.")
    if not state.deck.draw_pile and not (state.options.reshuffle_discards and state.deck.discard_pile):
        return note(state, f"The deck is empty: {state.seats[seat].capitalize()} draws nothing.")
    owed = sum(1 for p in state.pending if isinstance(p, DrawFor))
    if owed >= len(state.deck.draw_pile) + (len(state.deck.discard_pile) if state.options.reshuffle_discards else 0):
        return note(state, f"No card is left for {state.seats[seat].capitalize()} to draw.")
    return evolve(state, pending=state.pending + (DrawFor(seat, why),))


def end_turn(state: State, c: Ctx) -> State:
    """Step 6 (BIN-62): the victory check is made at once everywhere; the card for scaring, then
    the next player clockwise (BIN-25)."""
    if state.turn.step < 6:
        state = evolve(state, turn=evolve(state.turn, step=6))
    if state.turn.scared:
        state = queue_draw(state, state.active, "turn")
    return evolve(state, turn=evolve(state.turn, step=7, scared=False))


def next_turn(state: State, c: Ctx) -> State:
    n = len(state.seats)
    first = state.seats.index(state.options.first) if state.options.first in state.seats else 0
    nxt = (state.active + 1) % n
    rnd = state.round + (1 if nxt == first else 0)
    quiet = state.quiet + 1
    state = evolve(state, active=nxt, round=rnd, turn=Turn(), quiet=quiet,
                   notices=state.notices + (f"{state.seats[nxt].capitalize()}'s turn.",))
    return start_turn(state, c)


def start_turn(state: State, c: Ctx) -> State:
    """The checks at the start of a turn: five already claimed (BIN-63 "at any time during the
    active player's turn", BIN-G16), no girls left (BIN-G17), a stalled game (BIN-G17)."""
    if won(state, state.active):
        return over(state, (state.active,), "five", f"{state.seats[state.active].capitalize()} has "
                    f"{state.score(state.active)} claimed at the start of their turn and wins!")
    if state.on_board == 0:
        if state.options.no_girls_most_claimed_wins:
            return most_claimed(state, "no_girls", "No girls are left in the house: the most claimed win.")
        return over(state, (), "no_girls", "No girls are left in the house and nobody has five: nobody wins.")
    stall = state.options.stall_rounds
    if stall and state.quiet >= stall * len(state.seats):
        return most_claimed(state, "stall", f"{stall} rounds without a claim: the game ends, the most claimed win.")
    return state
