"""How many people a scare could claim: a fast estimate for the AI's evaluation.

The reducer resolves scares exactly (scare.py); search needs to ask "how much could this player
claim from here" thousands of times, so this follows the same movement rules (scare.allowed,
the same exits and monster rooms) for one person at a time: the fewest free moves that get one
scared person claimed (terror 5, BIN-55, or outside, BIN-59). People in one room are alike, so
with n people and cost k the scare claims n (k = 0) or min(n, free // k).
"""

from __future__ import annotations

from companion.games.bump_in_the_night.context import Ctx, board, exits, remember
from companion.games.bump_in_the_night.house import OUTSIDE
from companion.games.bump_in_the_night.state import CLAIM_TERROR, GOBLIN, SCARE_VALUES, SPECTER, SUPPLY, State

NODE_LIMIT = 120
NEVER = 99


def claim_cost(c: Ctx, start: int, terror: int, met: int, free: int, active: int, monsters: tuple[tuple[int, ...], ...],
               hidden: frozenset[int], locks: frozenset[str], through: bool, gates: bool) -> int:
    """Fewest free moves (<= free) that let one person scared in `start` be claimed; NEVER if none."""
    key = (start, terror, met, free, active, monsters, hidden, locks, through, gates)
    value: int = remember(c, "claim", key, lambda: _claim_cost(c, *key), 16384)
    return value


def _claim_cost(c: Ctx, start: int, terror: int, met: int, free: int, active: int,
                monsters: tuple[tuple[int, ...], ...], hidden: frozenset[int], locks: frozenset[str], through: bool,
                gates: bool) -> int:
    """The movement rules as in scare.allowed, inlined: this is the AI's innermost loop."""
    mask, _, seats = board(c.n_rooms, monsters, hidden)
    ways = exits(c, locks, through, gates)
    best = NEVER
    stack = [(start, terror, met, 1 << start, 0)]
    nodes = 0
    not_active = ~(1 << active)
    while stack:
        room, t, m, visited, cost = stack.pop()
        nodes += 1
        if nodes > NODE_LIMIT:
            break
        if (mask >> room) & 1:
            nc = cost
        elif cost >= free:
            continue
        else:
            nc = cost + 1
        if nc >= best:
            continue
        opts = [d for d in ways[room] if d == OUTSIDE or not (visited >> d) & 1]  # BIN-48
        calm = [d for d in opts if d != OUTSIDE and not (mask >> d) & 1]  # BIN-49
        for d in calm or opts:
            if d == OUTSIDE:
                best = nc
            elif (mask >> d) & 1:
                here = seats[d]
                new = here & ~m & not_active
                nt = t + (2 if new else 1)
                if nt >= CLAIM_TERROR:
                    best = nc
                else:
                    pick = new & -new if new else here & -here
                    stack.append((d, nt, m | pick, visited | (1 << d), nc))
            else:
                stack.append((d, t, m, visited | (1 << d), nc))
    return best


def scare_claims(state: State, c: Ctx, scarer: int, seat: int, kind: int, hidden: frozenset[int] | None = None,
                 cards: bool = True) -> int:
    """People `scarer` could claim by scaring with `seat`'s `kind` now (an estimate)."""
    t = state.turn
    return _claims(c, state.monsters, state.unmoved, state.moved, state.locks, t.hidden if hidden is None else hidden,
                   t.through_locks and cards, t.gates_open and cards, t.scare_plus if cards else 0,
                   t.terror_plus if cards else 0, state.options.symbols_if_any_unmoved,
                   state.options.group_modifiers, scarer, seat, kind)


def _claims(c: Ctx, monsters: tuple[tuple[int, ...], ...], unmoved: tuple[int, ...], moved: tuple[int, ...],
            locks: frozenset[str], hidden: frozenset[int], through: bool, gates: bool, scare_plus: int,
            terror_plus: int, any_unmoved: bool, mods: tuple[int, ...], scarer: int, seat: int, kind: int) -> int:
    room = monsters[seat][kind]
    if room == SUPPLY:
        return 0
    n = unmoved[room] + moved[room]
    if not n:
        return 0
    counts = unmoved[room] > 0 if any_unmoved else (moved[room] == 0 and unmoved[room] > 0)
    value = SCARE_VALUES[kind] + (c.house.rooms[room].scare if counts else 0) + mods[min(n, 5) - 1] + scare_plus
    free = max(0, value)
    terror = 1 + (1 if kind == SPECTER else 0) + terror_plus
    if terror >= CLAIM_TERROR:
        return n
    k = claim_cost(c, room, terror, 1 << seat, free, scarer, monsters, hidden, locks, through, gates)
    if k >= NEVER:
        return 0
    return n if k == 0 else min(n, free // k)


def best_scare(state: State, c: Ctx, scarer: int, this_turn: bool) -> tuple[int, tuple[int, int] | None]:
    """(claims, (seat, kind)) of the best scare `scarer` could make: now (this turn's cards and
    hiding Goblins count) or at the start of their next turn (they do not)."""
    t = state.turn
    return _best(c, state.monsters, state.unmoved, state.moved, state.locks,
                 t.hidden if this_turn else frozenset(), t.through_locks and this_turn, t.gates_open and this_turn,
                 t.scare_plus if this_turn else 0, t.terror_plus if this_turn else 0,
                 state.options.symbols_if_any_unmoved, state.options.group_modifiers, scarer)


def _best(c: Ctx, monsters: tuple[tuple[int, ...], ...], unmoved: tuple[int, ...], moved: tuple[int, ...],
          locks: frozenset[str], hidden: frozenset[int], through: bool, gates: bool, scare_plus: int,
          terror_plus: int, any_unmoved: bool, mods: tuple[int, ...], scarer: int
          ) -> tuple[int, tuple[int, int] | None]:
    key = (monsters, unmoved, moved, locks, hidden, through, gates, scare_plus, terror_plus, any_unmoved, mods, scarer)
    value: tuple[int, tuple[int, int] | None] = remember(c, "best", key, lambda: _best_now(c, *key))
    return value


def _best_now(c: Ctx, monsters: tuple[tuple[int, ...], ...], unmoved: tuple[int, ...], moved: tuple[int, ...],
              locks: frozenset[str], hidden: frozenset[int], through: bool, gates: bool, scare_plus: int,
              terror_plus: int, any_unmoved: bool, mods: tuple[int, ...], scarer: int
              ) -> tuple[int, tuple[int, int] | None]:
    best, pick = 0, None
    for seat, kinds in enumerate(monsters):
        for kind, room in enumerate(kinds):
            if room == SUPPLY or not (unmoved[room] + moved[room]) or (kind == GOBLIN and seat in hidden):
                continue
            got = _claims(c, monsters, unmoved, moved, locks, hidden, through, gates, scare_plus, terror_plus,
                          any_unmoved, mods, scarer, seat, kind)
            if got > best:
                best, pick = got, (seat, kind)
    return best, pick


def best_after_step2(state: State, c: Ctx, scarer: int, moves: list[tuple[int, int, int]]) -> int:
    """The most `scarer` could claim this turn after one Step 2 change of their own: `moves`
    lists (kind, from room or SUPPLY, to room) - a placement or a move. The AI's look at the
    next player's reply."""
    t = state.turn
    o = state.options
    none: frozenset[int] = frozenset()

    def best_with(monsters: tuple[tuple[int, ...], ...]) -> int:
        return _best(c, monsters, state.unmoved, state.moved, state.locks, none, t.through_locks, t.gates_open,
                     t.scare_plus, t.terror_plus, o.symbols_if_any_unmoved, o.group_modifiers, scarer)[0]

    best = best_with(state.monsters)
    mine = state.monsters[scarer]
    for kind, _, to in moves:
        changed = mine[:kind] + (to,) + mine[kind + 1:]
        monsters = state.monsters[:scarer] + (changed,) + state.monsters[scarer + 1:]
        got = best_with(monsters)
        if got > best:
            best = got
    return best
