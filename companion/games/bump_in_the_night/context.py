"""What the reducer reads besides the state: the house and the cards of the game's settings,
with the lookups search repeats thousands of times cached (exits under given locks, where the
monsters are)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Callable

from companion.games.bump_in_the_night.cards import BONUS, Catalogue, Card, load_cards
from companion.games.bump_in_the_night.house import FRONT, GATES, OUTSIDE, House
from companion.games.bump_in_the_night.house_file import load_house
from companion.games.bump_in_the_night.state import KINDS, SUPPLY, Options


@dataclass(eq=False)  # identity hash: it keys the caches below
class Ctx:
    house: House
    cards: Catalogue
    front_lockable: bool
    lockable: tuple[str, ...] = ()  # doors that take a lock marker (BIN-26, BIN-G20)
    tile_rooms: tuple[tuple[int, ...], ...] = ()  # rooms per slot, NW..SE
    bonus_room: dict[int, tuple[str, ...]] = field(default_factory=dict)  # room -> Bonus codes naming it
    bonus_kind: dict[int, tuple[str, ...]] = field(default_factory=dict)  # kind -> Bonus codes naming it
    room_doors: tuple[tuple[str, ...], ...] = ()  # per room: ids of its lockable doors
    memo: dict[str, dict[Any, Any]] = field(default_factory=dict)  # see remember()

    @property
    def n_rooms(self) -> int:
        return len(self.house.rooms)

    def card(self, code: str) -> Card:
        return self.cards.get(code)


@functools.lru_cache(maxsize=16)
def _ctx(house: str, layout: tuple[str, ...], cards: str, front_lockable: bool) -> Ctx:
    h = load_house(house, layout)
    cat = load_cards(cards)
    lockable = tuple(d.id for d in h.doors if not d.outside or (d.id == FRONT and front_lockable))
    slots = tuple(tuple(i for i, r in enumerate(h.rooms) if r.tile == p.tile) for p in h.layout)
    by_room: dict[int, list[str]] = {}
    by_kind: dict[int, list[str]] = {}
    for c in cat.cards:
        if c.deck != BONUS:
            continue
        if c.room:
            for i in h.rooms_named(c.room):
                by_room.setdefault(i, []).append(c.code)
        if c.monster:
            by_kind.setdefault(KINDS.index(c.monster), []).append(c.code)
    lock_set = set(lockable)
    room_doors = tuple(tuple(h.doors[d].id for d, _ in h.links[r] if h.doors[d].id in lock_set)
                       for r in range(len(h.rooms)))
    return Ctx(h, cat, front_lockable, lockable, slots, {k: tuple(v) for k, v in by_room.items()},
               {k: tuple(v) for k, v in by_kind.items()}, room_doors)


MEMO_LIMIT = 8192


def remember(c: Ctx, name: str, key: Any, compute: Callable[[], Any], limit: int = MEMO_LIMIT) -> Any:
    """A bounded cache kept with the house, for the questions search asks again and again.
    Cleared whole when full: unlike functools.lru_cache it keeps no linked list, so the garbage
    collector has a few thousand plain tuples to walk, not a hundred thousand nodes (full
    collections were pausing decisions by a tenth of a second)."""
    table = c.memo.get(name)
    if table is None:
        table = c.memo[name] = {}
    try:
        return table[key]
    except KeyError:
        pass
    if len(table) >= limit:
        table.clear()
    value = table[key] = compute()
    return value


def ctx_for(options: Options) -> Ctx:
    return _ctx(options.house, options.layout, options.cards, options.front_door_lockable)


def exits(c: Ctx, locks: frozenset[str], through_locks: bool, gates_open: bool) -> tuple[tuple[int, ...], ...]:
    """Per room, where a scared person may go (BIN-47: not through a locked door unless a card
    allows it; BIN-58: the Garage Door and Cemetery Gate only when a card opened them); OUTSIDE
    for an outside door. Several doors to one room are one way."""
    value: tuple[tuple[int, ...], ...] = remember(c, "exits", (locks, through_locks, gates_open),
                                                 lambda: _exits(c, locks, through_locks, gates_open), 2048)
    return value


def _exits(c: Ctx, locks: frozenset[str], through_locks: bool, gates_open: bool) -> tuple[tuple[int, ...], ...]:
    out = []
    for r in range(c.n_rooms):
        ways: list[int] = []
        for d, b in c.house.links[r]:
            door = c.house.doors[d].id
            if door in GATES:
                if not gates_open:
                    continue
            elif door in locks and not through_locks:
                continue
            if b not in ways:
                ways.append(b)
        out.append(tuple(ways))
    return tuple(out)


def open_neighbours(c: Ctx, locks: frozenset[str]) -> tuple[tuple[int, ...], ...]:
    """Per room, the rooms beyond an unlocked door (monsters, Step 4 people; never outside)."""
    value: tuple[tuple[int, ...], ...] = remember(c, "open", locks, lambda: _open(c, locks), 2048)
    return value


def _open(c: Ctx, locks: frozenset[str]) -> tuple[tuple[int, ...], ...]:
    out = []
    for r in range(c.n_rooms):
        ways: list[int] = []
        for d, b in c.house.links[r]:
            if b != OUTSIDE and c.house.doors[d].id not in locks and b not in ways:
                ways.append(b)
        out.append(tuple(ways))
    return tuple(out)


_BOARDS: dict[Any, tuple[int, tuple[tuple[tuple[int, int], ...], ...], tuple[int, ...]]] = {}


def presence(n_rooms: int, monsters: tuple[tuple[int, ...], ...], hidden: frozenset[int]
             ) -> tuple[int, tuple[tuple[tuple[int, int], ...], ...]]:
    """(bit mask of rooms holding a monster, per room the (seat, kind) there). A hiding Goblin
    is not there (BIN-35)."""
    mask, present, _ = board(n_rooms, monsters, hidden)
    return mask, present


def board(n_rooms: int, monsters: tuple[tuple[int, ...], ...], hidden: frozenset[int]
          ) -> tuple[int, tuple[tuple[tuple[int, int], ...], ...], tuple[int, ...]]:
    """presence() and, per room, a bit mask of the seats with a monster there."""
    key = (n_rooms, monsters, hidden)
    got = _BOARDS.get(key)
    if got is None:
        if len(_BOARDS) >= MEMO_LIMIT:
            _BOARDS.clear()
        got = _BOARDS[key] = _board(n_rooms, monsters, hidden)
    return got


def _board(n_rooms: int, monsters: tuple[tuple[int, ...], ...], hidden: frozenset[int]
           ) -> tuple[int, tuple[tuple[tuple[int, int], ...], ...], tuple[int, ...]]:
    per: list[list[tuple[int, int]]] = [[] for _ in range(n_rooms)]
    seats = [0] * n_rooms
    for seat, kinds in enumerate(monsters):
        for kind, room in enumerate(kinds):
            if room != SUPPLY and not (kind == 2 and seat in hidden):
                per[room].append((seat, kind))
                seats[room] |= 1 << seat
    mask = 0
    for r, ms in enumerate(per):
        if ms:
            mask |= 1 << r
    return mask, tuple(tuple(ms) for ms in per), tuple(seats)
