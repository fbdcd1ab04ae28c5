"""The scare resolver (Step 3, BIN-33..59): the initial scare value, then the scared people
running by the Scared People Movement Rules, terror by monster and colour, claims.

The rules leave the active player choices (BIN-44/45: which of several equivalent moves, which
monster terrifies in a room with several), so the resolution is a sequence of single moves
(`Run`). Everything the rules force is made at once; the state waits only where there is a
choice, or for another seat (a Bonus card, BIN-22). `outcomes` is the resolver proper: every
distinct end of the scare from the current choice, each with the moves that reach it, for the
table to pick from.

Why the moves are the way they are:
- people leave a room with a monster for free (BIN-42), and must if they can (BIN-41/50);
- a free move is spent leaving a room without one (BIN-39), and one must be spent while anyone
  can use it (BIN-40/43);
- a person's options are filtered in the printed order (BIN-51): locked doors (BIN-47, cards
  first, BIN-46), rooms she has been in (BIN-48), then rooms with a monster only when every
  remaining way has one (BIN-49), "outside" counting as one (BIN-57).
"""

from __future__ import annotations

from typing import NamedTuple

from companion.core.errors import IllegalInput
from companion.games.bump_in_the_night.fast import evolve
from companion.games.bump_in_the_night import flow
from companion.games.bump_in_the_night.context import Ctx, exits, presence
from companion.games.bump_in_the_night.house import OUTSIDE
from companion.games.bump_in_the_night.inputs import Run
from companion.games.bump_in_the_night.state import (
    CLAIM_TERROR,
    KINDS,
    SCARE_VALUES,
    SPECTER,
    BonusChance,
    Runner,
    Running,
    State,
)


class Choice(NamedTuple):
    runner: int
    to: int  # a room or OUTSIDE
    monster: tuple[int, int] | None  # (seat, kind) that terrifies her there, when there is a choice
    free: bool  # spends a free move


def initial_value(state: State, c: Ctx, seat: int, kind: int) -> tuple[int, int, int]:
    """(initial scare value, Scare symbols counted, group modifier) for a scare from the room of
    `seat`'s `kind` (BIN-36..38)."""
    room = state.monsters[seat][kind]
    unmoved, moved = state.unmoved[room], state.moved[room]
    n = unmoved + moved
    counts = unmoved > 0 if state.options.symbols_if_any_unmoved else (moved == 0 and unmoved > 0)
    symbols = c.house.rooms[room].scare if counts else 0
    mods = state.options.group_modifiers
    modifier = mods[min(n, 5) - 1] if n else 0
    return SCARE_VALUES[kind] + symbols + modifier + state.turn.scare_plus, symbols, modifier


def start(state: State, c: Ctx, seat: int, kind: int) -> State:
    """Activate `seat`'s `kind`: everyone in its room is scared (BIN-33)."""
    room = state.monsters[seat][kind]
    value, symbols, modifier = initial_value(state, c, seat, kind)
    free = max(0, value)
    terror = 1 + (1 if kind == SPECTER else 0) + state.turn.terror_plus  # BIN-52, BIN-19
    met = (1 << seat) if state.options.initiator_colour_met else 0  # BIN-G22
    visited = 1 << room
    runners = tuple([Runner(room, terror, met, visited, False, specter=kind == SPECTER)] * state.unmoved[room]
                    + [Runner(room, terror, met, visited, True, specter=kind == SPECTER)] * state.moved[room])
    n = len(runners)
    active = state.active
    who = state.seats[seat].capitalize() if seat != active else "their own"
    desc = (f"{state.seats[active].capitalize()} scares {n} {'person' if n == 1 else 'people'} in the "
            f"{c.house.room_name(room)} with {who} {KINDS[kind]}: scare value {SCARE_VALUES[kind]}"
            f"{f' + {symbols} Scare symbol' + ('s' if symbols != 1 else '') if symbols else ''}"
            f"{f' {modifier:+d} for the group' if modifier else ''}"
            f"{f' + {state.turn.scare_plus} (card)' if state.turn.scare_plus else ''} = {value}: "
            f"{free} free move{'s' if free != 1 else ''}, terror starts at {terror}.")
    stay = value < 0 and not state.options.negative_scare_is_zero
    turn = evolve(state.turn, scared=True, scares_left=state.turn.scares_left - 1, scare_plus=0, terror_plus=0)
    unmoved = state.unmoved[:room] + (0,) + state.unmoved[room + 1:]
    moved = state.moved[:room] + (0,) + state.moved[room + 1:]
    if stay:
        runners = tuple(evolve(r, held=True) for r in runners)
        desc += " A negative value: nobody runs (BIN-G8 setting)."
    running = Running(room, seat, kind, free, runners, 0, frozenset({(seat, kind)}))
    state = evolve(state, running=running, turn=turn, unmoved=unmoved, moved=moved,
                   notices=state.notices + (desc,))
    state = _claim_terrified(state)
    if state.running is not None and seat != active and runners:
        state = _bonus_window(state, c, seat, kind, room, runners[0], True)
    return advance(state, c)


def _claim_terrified(state: State) -> State:
    """Anyone at terror 5 before running (a card's extra terror) is claimed at once (BIN-55)."""
    run = state.running
    assert run is not None
    keep = tuple(r for r in run.runners if r.terror < CLAIM_TERROR)
    if len(keep) == len(run.runners):
        return state
    return _after_claims(evolve(state, running=evolve(run, runners=keep, claimed=run.claimed + len(run.runners) - len(keep))))


def _after_claims(state: State) -> State:
    run = state.running
    assert run is not None
    if flow.won(state, state.active, run.claimed):  # BIN-63: the game ends at once
        state = finish(state)
        return flow.over(state, (state.active,), "five", f"{state.seats[state.active].capitalize()} has "
                         f"{state.score(state.active)} claimed and wins!")
    return state


def allowed(runner: Runner, ways: tuple[int, ...], mask: int) -> tuple[int, ...]:
    """Figure 5 in its printed order, for one person (cards and locks are in `ways` already)."""
    opts = tuple(d for d in ways if d == OUTSIDE or not (runner.visited >> d) & 1)  # BIN-48
    if not opts:
        return ()
    calm = tuple(d for d in opts if d != OUTSIDE and not (mask >> d) & 1)  # BIN-49, BIN-57
    return calm or opts


def _monsters_there(state: State, present: tuple[tuple[int, int], ...]) -> list[tuple[int, int] | None]:
    """The monsters that could terrify her in a room, one per distinct effect (BIN-45): all the
    active player's count the same; another's differ by colour and, for its owner's draw and
    Bonus cards, by kind."""
    if len(present) <= 1:
        return [None]
    out: list[tuple[int, int]] = []
    own = False
    for m in present:
        if m[0] == state.active:
            if own:
                continue
            own = True
        out.append(m)
    return [None] if len(out) == 1 else list(out)


Board = tuple[int, tuple[tuple[tuple[int, int], ...], ...], tuple[tuple[int, ...], ...]]


def board_of(state: State, c: Ctx) -> Board:
    """What a scare reads of the board: rooms with monsters, who is where, and the ways out
    (they do not change while people run, unless a card is played)."""
    t = state.turn
    mask, present = presence(c.n_rooms, state.monsters, t.hidden)
    return mask, present, exits(c, state.locks, t.through_locks, t.gates_open)


def choices(state: State, c: Ctx, board: Board | None = None) -> list[Choice]:
    """Every move the rules allow now (empty: nothing left to move; the scare is over). People
    in a monster room move first, one at a time; then the free moves."""
    run = state.running
    assert run is not None
    mask, present, ex = board or board_of(state, c)
    for i, r in enumerate(run.runners):
        if r.held or not (mask >> r.room) & 1:
            continue
        opts = allowed(r, ex[r.room], mask)
        if opts:  # BIN-41/50: she must leave, free of charge (BIN-42)
            return [Choice(i, d, m, False) for d in opts
                    for m in ([None] if d == OUTSIDE else _monsters_there(state, present[d]))]
    if run.free <= 0:
        return []
    out: list[Choice] = []
    seen: set[Runner] = set()
    for i, r in enumerate(run.runners):
        if r.held or r in seen:
            continue
        seen.add(r)
        for d in allowed(r, ex[r.room], mask):
            for m in ([None] if d == OUTSIDE else _monsters_there(state, present[d])):
                out.append(Choice(i, d, m, True))
    return out


def _first_of(state: State, ms: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    for m in ms:
        if m[0] == state.active:
            return m
    return ms[0]


def move(state: State, c: Ctx, ch: Choice, board: Board | None = None) -> State:
    """One person runs one room (no forced moves after it)."""
    run = state.running
    assert run is not None
    r = run.runners[ch.runner]
    free = run.free - (1 if ch.free else 0)
    rest = run.runners[:ch.runner] + run.runners[ch.runner + 1:]
    name = c.house.room_name
    if ch.to == OUTSIDE:  # BIN-59: fled, claimed whatever her terror
        state = evolve(state, running=evolve(run, runners=rest, free=free, claimed=run.claimed + 1),
                       notices=state.notices + (f"A girl flees the house from the {name(r.room)}: claimed.",))
        return _after_claims(state)
    mask, present, _ = board or board_of(state, c)
    terror, met, specter = r.terror, r.met, r.specter
    used = run.used
    monster: tuple[int, int] | None = None
    if (mask >> ch.to) & 1:
        monster = ch.monster or _first_of(state, present[ch.to])
        seat, kind = monster
        terror += 1  # BIN-53
        if not (met >> seat) & 1 and seat != state.active:  # BIN-54
            terror += 1
        met |= 1 << seat
        if kind == SPECTER and state.options.met_specter_adds_one and not specter:  # BIN-G21 setting
            terror += 1
        specter = specter or kind == SPECTER
        if state.options.met_monsters_used:  # BIN-G15
            used = used | {(seat, kind)}
    nr = Runner(ch.to, terror, met, r.visited | (1 << ch.to), True, False, specter)
    cost = " (a free move)" if ch.free else ""
    if terror >= CLAIM_TERROR:  # BIN-55
        line = f"A girl runs from the {name(r.room)} into the {name(ch.to)}{cost}: terror {terror}, claimed."
        state = evolve(state, running=evolve(run, runners=rest, free=free, used=used, claimed=run.claimed + 1),
                       notices=state.notices + (line,))
        state = _after_claims(state)
        if monster is not None and state.running is not None and monster[0] != state.active:
            state = _bonus_window(state, c, monster[0], monster[1], ch.to, nr, False)
        return state
    by = f", terrified by {state.seats[monster[0]]}'s {KINDS[monster[1]]}" if monster else ""
    line = f"A girl runs from the {name(r.room)} into the {name(ch.to)}{cost}{by}: terror {terror}."
    runners = tuple(sorted(rest + (nr,)))
    state = evolve(state, running=evolve(run, runners=runners, free=free, used=used), notices=state.notices + (line,))
    if monster is not None and monster[0] != state.active:
        state = _bonus_window(state, c, monster[0], monster[1], ch.to, nr, False)
    return state


def _bonus_window(state: State, c: Ctx, seat: int, kind: int, room: int, runner: Runner, initial: bool) -> State:
    """BIN-22: another player used `seat`'s monster to scare a person in `room`. If a Bonus card
    still out could name this (the room, or the monster), its owner is asked, whatever their hand
    holds, so the question itself tells nobody anything; an empty hand is public, so not then."""
    if not state.hands[seat]:
        return state
    if not state.options.met_monsters_used and not initial:
        return state
    played = {b for bs in state.bonuses for b in bs}
    codes = c.bonus_room.get(room, ()) + c.bonus_kind.get(kind, ())
    if not any(code not in played for code in codes):
        return state
    return evolve(state, pending=state.pending + (BonusChance(seat, room, kind, runner, initial),))


def hold(state: State, runner: Runner) -> State:
    """BIN-23: one person stops moving in that room and cannot be forced any farther."""
    run = state.running
    if run is None:
        return state
    for i, r in enumerate(run.runners):
        if r == runner and not r.held:
            runners = tuple(sorted(run.runners[:i] + (evolve(r, held=True),) + run.runners[i + 1:]))
            return evolve(state, running=evolve(run, runners=runners))
    return state


def advance(state: State, c: Ctx, board: Board | None = None) -> State:
    """Make every forced move; stop at a choice, at another seat's decision, or at the end."""
    b = board or board_of(state, c)
    while state.running is not None and not state.pending:
        opts = choices(state, c, b)
        if not opts:
            return finish(state)
        if len(opts) > 1:
            return state
        state = move(state, c, opts[0], b)
    return state


def finish(state: State) -> State:
    """The people stop where they are; claims are credited; owners of used monsters draw."""
    run = state.running
    assert run is not None
    unmoved, moved = list(state.unmoved), list(state.moved)
    for r in run.runners:
        if r.moved:
            moved[r.room] += 1
        else:
            unmoved[r.room] += 1
    claimed = list(state.claimed)
    claimed[state.active] += run.claimed
    turn = state.turn
    state = evolve(state, running=None, unmoved=tuple(unmoved), moved=tuple(moved), claimed=tuple(claimed),
                   quiet=0 if run.claimed else state.quiet)
    if run.claimed:
        state = flow.note(state, f"{state.seats[state.active].capitalize()} claims {run.claimed} "
                                 f"({state.score(state.active)} in all).")
    drawn = turn.drawn
    for seat, kind in sorted(run.used):  # BIN-24/34: once per monster per turn
        if seat != state.active and (seat, kind) not in drawn:
            drawn = drawn | {(seat, kind)}
            state = flow.queue_draw(state, seat, "used")
    step = turn.step if turn.scares_left > 0 else 4
    return evolve(state, turn=evolve(state.turn, drawn=drawn, step=max(turn.step, step)))


# ---------------------------------------------------------------- inputs and the resolver


def monster_code(state: State, m: tuple[int, int] | None) -> str:
    return "" if m is None else f"{state.seats[m[0]]}/{KINDS[m[1]]}"


def to_input(state: State, c: Ctx, ch: Choice) -> Run:
    return Run(ch.runner, c.house.room_id(ch.to), monster_code(state, ch.monster))


def run(state: State, c: Ctx, inp: Run) -> State:
    """Validate one Run against the rules' choices, make it, then every forced move after it."""
    return advance(move(state, c, pick(state, c, inp)), c)


def pick(state: State, c: Ctx, inp: Run) -> Choice:
    """The rules' choice a Run names (IllegalInput when it names none)."""
    opts = choices(state, c)
    if not opts:
        raise IllegalInput("nobody is left to move in this scare")
    if not 0 <= inp.runner < len(state.running.runners):  # type: ignore[union-attr]
        raise IllegalInput(f"there is no runner {inp.runner}: runners are 0 to "
                           f"{len(state.running.runners) - 1}")  # type: ignore[union-attr]
    to = OUTSIDE if inp.to == "outside" else c.house.index.get(inp.to)
    if to is None:
        raise IllegalInput(f"{inp.to!r} is not a room of this house")
    mine = [o for o in opts if o.runner == inp.runner and o.to == to]
    if not mine:
        r = state.running.runners[inp.runner]  # type: ignore[union-attr]
        legal = sorted({f"runner {o.runner} to {c.house.room_id(o.to)}" for o in opts})
        raise IllegalInput(f"the girl in the {c.house.room_name(r.room)} may not run to {inp.to} now "
                           f"(the movement rules allow: {', '.join(legal)})")
    if len(mine) > 1 or inp.monster:
        pick = [o for o in mine if monster_code(state, o.monster) == inp.monster]
        if not pick:
            names = ", ".join(monster_code(state, o.monster) for o in mine)
            raise IllegalInput(f"say which monster terrifies her in the {c.house.room_name(to)}: {names}")
        mine = pick
    return mine[0]


def _key(state: State) -> object:
    run = state.running
    if state.pending or run is None:
        return (state.unmoved, state.moved, state.claimed, state.turn.drawn, state.pending, state.phase,
                run)
    return run


def outcomes(state: State, c: Ctx, limit: int = 10_000) -> list[tuple[tuple[Run, ...], State]] | None:
    """The resolver: every distinct way this scare can end from here (or reach another seat's
    decision), each with the moves that get there, in a stable order. None when more than
    `limit` positions would have to be searched (then offer single moves)."""
    found: dict[object, tuple[tuple[Run, ...], State]] = {}
    seen: set[object] = set()
    b = board_of(state, c)
    stack: list[tuple[State, tuple[Run, ...]]] = [(state, ())]
    visited = 0
    while stack:
        s, path = stack.pop()
        if s.running is None or s.pending:
            found.setdefault(_key(s), (path, s))
            continue
        k = s.running
        if k in seen:
            continue
        seen.add(k)
        visited += 1
        if visited > limit:
            return None
        for ch in reversed(choices(s, c, b)):
            stack.append((advance(move(s, c, ch, b), c, b), path + (to_input(s, c, ch),)))
    return list(found.values())
