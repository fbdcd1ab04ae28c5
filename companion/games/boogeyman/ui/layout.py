"""A deterministic plan of the house for the screen, computed from the board file's graph.

This is NOT the printed board (the rulebook does not print the plan): each corridor becomes a
column headed by the corridor, with the rooms it opens onto below it; rooms reached only from
other rooms join their neighbour's column; rooms with no passage at all (the Secret Room) go
under the shortest column when they fit there (no line joins them: no passage), else in a column
of their own. One column fewer keeps the rooms wide enough for their labels at the body size
(issue 28). Check it against the printed board before trusting positions at the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.boogeyman.house import House


@dataclass(frozen=True)
class Cell:
    zone: str
    col: int
    row: int
    corridor: bool


@dataclass(frozen=True)
class Plan:
    cells: dict[str, Cell]
    cols: int
    rows: int
    edges: tuple[tuple[str, str], ...]


def _num(z: str) -> tuple[int, str]:
    return (int(z), z) if z.isdigit() else (10_000, z)


def plan(house: House) -> Plan:
    graph = house.graph()
    columns: list[list[str]] = [[c] for c in house.corridors]
    placed: dict[str, int] = {c: i for i, c in enumerate(house.corridors)}
    # Rooms off a corridor: the first corridor (in board order) they open onto.
    for room in sorted(house.rooms, key=_num):
        for i, corridor in enumerate(house.corridors):
            if graph.adjacent(room, corridor):
                columns[i].append(room)
                placed[room] = i
                break
    # Rooms reached only through other rooms, repeatedly (chains of rooms).
    changed = True
    while changed:
        changed = False
        for room in sorted(house.rooms, key=_num):
            if room in placed:
                continue
            near = [placed[n] for n in graph.neighbours(room) if n in placed]
            if near:
                col = min(near)
                columns[col].append(room)
                placed[room] = col
                changed = True
    islands = [r for r in sorted(house.rooms, key=_num) if r not in placed]
    if islands:
        rows = max(len(c) for c in columns)
        short = min(range(len(columns)), key=lambda i: (len(columns[i]), -i))  # the rightmost of the shortest
        if len(columns[short]) + len(islands) <= rows:
            columns[short].extend(islands)  # in the room left under a short column: no new column
        else:
            columns.append(["", *islands])  # no header: a room without passages
    cells: dict[str, Cell] = {}
    for ci, col in enumerate(columns):
        for ri, zone in enumerate(col):
            if zone:
                cells[zone] = Cell(zone, ci, ri, zone in house.corridors)
    rows = max(len(c) for c in columns)
    return Plan(cells, len(columns), rows, tuple(house.passages))
