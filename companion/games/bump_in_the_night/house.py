"""The house: six double-sided tiles in 2 x 3, assembled into rooms, doors and walls.

The rulebook prints none of the geometry, so the tiles are data (data/house.toml, checked by
`companion bin board check`). Here the tile specs become a House: rooms in a fixed order (slot
by slot, then as listed), one door per pair of rooms joined by any doorway (BIN-27: "All doors
count as one door, even those with two door frames"), wall neighbours for the Ghost (BIN-18)
and the three outside doors (BIN-56).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

Cell = tuple[int, int]  # (row, column) inside a tile (0..1) or in the house (rows 0..3, columns 0..5)

DIRS = ("N", "E", "S", "W")
STEP: dict[str, Cell] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
SLOTS = ("NW", "N", "NE", "SW", "S", "SE")
SLOT_AT: dict[str, Cell] = {"NW": (0, 0), "N": (0, 1), "NE": (0, 2), "SW": (1, 0), "S": (1, 1), "SE": (1, 2)}
# The house's outside edges per slot: where the green borders must lie (BIN-06).
SLOT_GREEN: dict[str, frozenset[str]] = {
    "NW": frozenset("NW"), "N": frozenset("N"), "NE": frozenset("NE"),
    "SW": frozenset("SW"), "S": frozenset("S"), "SE": frozenset("SE"),
}
FRONT, GARAGE, CEMETERY = "front_door", "garage_door", "cemetery_gate"
OUTSIDE_DOORS: dict[str, str] = {"Front Door": FRONT, "Garage Door": GARAGE, "Cemetery Gate": CEMETERY}
GATES = frozenset({GARAGE, CEMETERY})  # BIN-58: always locked unless a card opens them
OUTSIDE = -1  # the "room" beyond an outside door


@dataclass(frozen=True)
class RoomSpec:
    id: str
    name: str
    cells: tuple[Cell, ...]
    scare: int = 0  # Scare symbols printed in the room


@dataclass(frozen=True)
class SideSpec:
    rooms: tuple[RoomSpec, ...]
    doors: tuple[tuple[Cell, Cell], ...]  # doorways between two cells of this side
    edges: tuple[tuple[Cell, str], ...]  # doorways on the tile's edge: (cell, direction)


@dataclass(frozen=True)
class TileSpec:
    id: str
    green: frozenset[str]  # edges with a green border, as drawn (turn 0)
    outside: tuple[tuple[str, Cell, str], ...]  # (door name, cell, direction), on both sides
    sides: tuple[tuple[str, SideSpec], ...]  # ("a", ...), ("b", ...)

    def side(self, name: str) -> SideSpec:
        for n, s in self.sides:
            if n == name:
                return s
        raise KeyError(f"tile {self.id} has no side {name!r}")


@dataclass(frozen=True)
class Placement:
    slot: str
    tile: str
    side: str
    turns: int = 0

    @property
    def code(self) -> str:
        return f"{self.tile}{self.side}{self.turns}"


def turn_cell(cell: Cell, turns: int) -> Cell:
    r, c = cell
    for _ in range(turns % 4):
        r, c = c, 1 - r
    return r, c


def turn_dir(d: str, turns: int) -> str:
    return DIRS[(DIRS.index(d) + turns) % 4]


@dataclass(frozen=True)
class Room:
    id: str
    name: str
    scare: int
    tile: str
    side: str


@dataclass(frozen=True)
class Door:
    id: str
    name: str
    a: int
    b: int  # OUTSIDE for an outside door

    @property
    def outside(self) -> bool:
        return self.b == OUTSIDE


@dataclass(frozen=True)
class House:
    name: str
    source: str
    layout: tuple[Placement, ...]
    rooms: tuple[Room, ...]
    doors: tuple[Door, ...]
    links: tuple[tuple[tuple[int, int], ...], ...]  # per room: (door index, room beyond or OUTSIDE)
    walls: tuple[tuple[int, ...], ...]  # per room: the rooms sharing a wall with it
    diagonal: tuple[tuple[int, ...], ...]  # per room: rooms touching it only at a corner
    index: dict[str, int] = field(compare=False, repr=False, default_factory=dict)
    door_index: dict[str, int] = field(compare=False, repr=False, default_factory=dict)
    # Where things lie, for drawing the house (rows 0..3, columns 0..5): each room's cells, and
    # each doorway as (cell, the cell beyond it, door index); beyond an outside door is a cell
    # off the house.
    cells: tuple[tuple[Cell, ...], ...] = field(compare=False, repr=False, default=())
    frames: tuple[tuple[Cell, Cell, int], ...] = field(compare=False, repr=False, default=())

    def room(self, room_id: str) -> int:
        return self.index[room_id]

    def room_id(self, i: int) -> str:
        return "outside" if i == OUTSIDE else self.rooms[i].id

    def room_name(self, i: int) -> str:
        return "outside" if i == OUTSIDE else self.rooms[i].name

    def door(self, door_id: str) -> int:
        return self.door_index[door_id]

    def neighbours(self, room: int) -> tuple[int, ...]:
        """Rooms beyond a door of `room` (outside excluded), whatever the locks."""
        return tuple(b for _, b in self.links[room] if b != OUTSIDE)

    def rooms_named(self, name: str) -> tuple[int, ...]:
        key = name.strip().lower()
        return tuple(i for i, r in enumerate(self.rooms) if key in (r.id, r.name.lower()))


class HouseError(ValueError):
    """An assembly that cannot be a house (the file checker turns these into issues)."""


def assemble(tiles: dict[str, TileSpec], layout: tuple[Placement, ...], name: str = "", source: str = "") -> House:
    """The house from its tiles and where each lies. Raises HouseError for a layout that breaks
    BIN-06 (each tile once, green borders outside) or geometry that contradicts itself."""
    if sorted(p.slot for p in layout) != sorted(SLOTS):
        raise HouseError(f"the layout must fill the six slots {', '.join(SLOTS)} once each")
    if sorted(p.tile for p in layout) != sorted(tiles):
        raise HouseError("the layout must use each of the six tiles once")
    cell_room: dict[Cell, int] = {}
    rooms: list[Room] = []
    frames: set[frozenset[Cell]] = set()  # doorways between two house cells
    outside: list[tuple[str, Cell]] = []
    beyond: dict[Cell, Cell] = {}  # an outside doorway's cell: the cell off the house it opens to
    by_slot = {p.slot: p for p in layout}
    for slot in SLOTS:
        p = by_slot[slot]
        tile = tiles[p.tile]
        if p.side not in ("a", "b"):
            raise HouseError(f"slot {slot}: side must be a or b, not {p.side!r}")
        green = frozenset(turn_dir(d, p.turns) for d in tile.green)
        if green != SLOT_GREEN[slot]:
            raise HouseError(f"slot {slot}: tile {p.tile} turned {p.turns} has its green borders on "
                             f"{''.join(sorted(green)) or 'no edge'}, but this slot needs them on "
                             f"{''.join(sorted(SLOT_GREEN[slot]))} (the outside of the house)")
        side = tile.side(p.side)
        sr, sc = SLOT_AT[slot]

        def at(cell: Cell) -> Cell:
            r, c = turn_cell(cell, p.turns)
            return 2 * sr + r, 2 * sc + c

        for spec in side.rooms:
            idx = len(rooms)
            rooms.append(Room(spec.id, spec.name, spec.scare, p.tile, p.side))
            for cell in spec.cells:
                cell_room[at(cell)] = idx
        for c1, c2 in side.doors:
            frames.add(frozenset((at(c1), at(c2))))
        for cell, d in side.edges:
            g = at(cell)
            dr, dc = STEP[turn_dir(d, p.turns)]
            frames.add(frozenset((g, (g[0] + dr, g[1] + dc))))
        for door_name, cell, d in tile.outside:
            outside.append((door_name, at(cell)))
            dr, dc = STEP[turn_dir(d, p.turns)]
            beyond[at(cell)] = (at(cell)[0] + dr, at(cell)[1] + dc)
    ids = [r.id for r in rooms]
    if len(set(ids)) != len(ids):
        dup = sorted({i for i in ids if ids.count(i) > 1})
        raise HouseError(f"room ids must be unique in the house: {', '.join(dup)}")
    if len(cell_room) != 24:
        raise HouseError("the six tiles must cover the 4 x 6 cells of the house")
    pairs: dict[tuple[int, int], None] = {}
    for frame in frames:
        c1, c2 = sorted(frame)
        if c2 not in cell_room or c1 not in cell_room:
            raise HouseError(f"a doorway at cell {c1} leads off the house (outside doors are listed as outside)")
        a, b = cell_room[c1], cell_room[c2]
        if a == b:
            raise HouseError(f"a doorway inside the room {rooms[a].id!r}")
        pairs[(min(a, b), max(a, b))] = None
    doors: list[Door] = []
    for a, b in sorted(pairs):
        doors.append(Door(f"{rooms[a].id}/{rooms[b].id}", f"{rooms[a].name} - {rooms[b].name}", a, b))
    for out_name, out_cell in sorted(outside, key=lambda x: OUTSIDE_DOORS.get(x[0], x[0])):
        did = OUTSIDE_DOORS.get(out_name, out_name.lower().replace(" ", "_"))
        doors.append(Door(did, out_name, cell_room[out_cell], OUTSIDE))
    links: list[list[tuple[int, int]]] = [[] for _ in rooms]
    for k, door in enumerate(doors):
        links[door.a].append((k, door.b))
        if door.b != OUTSIDE:
            links[door.b].append((k, door.a))
    walls: list[set[int]] = [set() for _ in rooms]
    corners: list[set[int]] = [set() for _ in rooms]
    for (r, c), here in cell_room.items():
        for dr, dc in STEP.values():
            there = cell_room.get((r + dr, c + dc))
            if there is not None and there != here:
                walls[here].add(there)
        for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            there = cell_room.get((r + dr, c + dc))
            if there is not None and there != here:
                corners[here].add(there)
    door_at = {(min(d.a, d.b), max(d.a, d.b)): k for k, d in enumerate(doors) if not d.outside}
    drawn: list[tuple[Cell, Cell, int]] = []
    for frame in sorted(frames, key=sorted):
        c1, c2 = sorted(frame)
        a, b = cell_room[c1], cell_room[c2]
        drawn.append((c1, c2, door_at[(min(a, b), max(a, b))]))
    for k, door in enumerate(doors):
        if door.outside:
            for out_name, out_cell in outside:
                if OUTSIDE_DOORS.get(out_name, out_name.lower().replace(" ", "_")) == door.id:
                    drawn.append((out_cell, beyond.get(out_cell, out_cell), k))
    house = House(
        name=name,
        source=source,
        layout=tuple(by_slot[s] for s in SLOTS),
        rooms=tuple(rooms),
        doors=tuple(doors),
        links=tuple(tuple(sorted(ls, key=lambda x: (x[1] == OUTSIDE, x[1]))) for ls in links),
        walls=tuple(tuple(sorted(w)) for w in walls),
        diagonal=tuple(tuple(sorted(c - w)) for c, w in zip(corners, walls)),
        cells=tuple(tuple(sorted(cell for cell, i in cell_room.items() if i == k)) for k in range(len(rooms))),
        frames=tuple(drawn),
    )
    house.index.update({r.id: i for i, r in enumerate(rooms)})
    house.door_index.update({d.id: i for i, d in enumerate(doors)})
    return house


_CODE = re.compile(r"^([A-Za-z0-9_]+?)([ab])([0-3]?)$")


def parse_layout(codes: dict[str, str] | tuple[str, ...]) -> tuple[Placement, ...]:
    """Placements from "TILE SIDE TURNS" codes ("1a0", "4b2"; no turns = 0), by slot name or in
    slot order."""
    items = codes.items() if isinstance(codes, dict) else zip(SLOTS, codes)
    out = []
    for slot, code in items:
        m = _CODE.match(code.strip()) if isinstance(code, str) else None
        if m is None:
            raise HouseError(f"slot {slot}: {code!r} is not TILE SIDE TURNS like '1a0' (side a or b, 0-3 quarter turns)")
        out.append(Placement(slot, m.group(1), m.group(2), int(m.group(3) or 0)))
    return tuple(out)


def connected(house: House) -> list[str]:
    """Rooms that cannot be reached through doors from the first room (locks ignored)."""
    seen = {0}
    todo = [0]
    while todo:
        r = todo.pop()
        for n in house.neighbours(r):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return [house.rooms[i].id for i in range(len(house.rooms)) if i not in seen]
