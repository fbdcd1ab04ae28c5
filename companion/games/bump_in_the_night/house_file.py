"""Reading and checking the house file (data/house.toml; docs/games/BIN.md).

The rulebook prints no tile, so the shipped tiles are a guess the table must check against its
print. `check_house` reports every problem it finds, each with the file and line to fix, and
then assembles the house: the file's layout, and every way of turning the six tiles over in it
(64 houses), must each be one connected house.
"""

from __future__ import annotations

import functools
import itertools
import re
from pathlib import Path
from typing import Any

from companion.core.datafile import (WHOLE_FILE, Issue, Lines, loaded, parse_toml, read_toml, record_file, recorded,
                                     recorded_name)
from companion.games.bump_in_the_night.cards import MAX_BYTES, WORDING
from companion.games.bump_in_the_night.house import (
    DIRS,
    OUTSIDE_DOORS,
    SLOTS,
    Cell,
    House,
    HouseError,
    Placement,
    RoomSpec,
    SideSpec,
    TileSpec,
    assemble,
    connected,
    parse_layout,
)

TOP_KEYS = frozenset({"name", "layout", "tile"})
TILE_KEYS = frozenset({"id", "green", "outside", "a", "b"})
SIDE_KEYS = frozenset({"rooms", "doors", "edges"})
ROOM_KEYS = frozenset({"id", "name", "cells", "scare"})
_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_CELL = re.compile(r"^[01][01]$")
_EDGE = re.compile(r"^([NESW])([01])$")
MAX_SCARE = 3


def default_house_path() -> Path:
    return Path(__file__).resolve().parent / "data" / "house.toml"


def house_path(setting: str) -> Path:
    return Path(setting) if setting else default_house_path()


class _Check:
    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.lines = Lines(text)
        self.issues: list[Issue] = []

    def add(self, line: int | None, message: str) -> None:
        # No line of its own (a table the file lacks): a problem of the file as a whole, line 1.
        self.issues.append(Issue(self.path, line if line is not None else WHOLE_FILE, message))

    def at(self, nth: int | None, *needles: str) -> int | None:
        return self.lines.find("" if nth is None else "tile", nth or 0, *needles)


def _cell(text: str) -> Cell:
    return int(text[0]), int(text[1])


def _side(chk: _Check, k: int, tile_id: str, name: str, raw: Any, green: frozenset[str]) -> SideSpec | None:
    where = f"tile {tile_id} side {name}"
    if not isinstance(raw, dict):
        chk.add(chk.at(k, f"{name}.rooms", "id ="), f"{where} is missing: give {name}.rooms, {name}.doors, {name}.edges")
        return None
    for key in sorted(set(raw) - SIDE_KEYS):
        chk.add(chk.at(k, f"{name}.{key}"), f"unknown key {name}.{key} in {where} (known: rooms, doors, edges)")
    ok = True
    rooms: list[RoomSpec] = []
    owner: dict[Cell, str] = {}
    raw_rooms = raw.get("rooms")
    if not isinstance(raw_rooms, list) or not raw_rooms:
        chk.add(chk.at(k, f"{name}.rooms"), f"{where}: rooms must be a list of {{ id, name, cells, scare }}")
        return None
    for r in raw_rooms:
        if not isinstance(r, dict):
            chk.add(chk.at(k, f"{name}.rooms"), f"{where}: each room is {{ id = ..., name = ..., cells = ... }}")
            ok = False
            continue
        rid = r.get("id")
        line = chk.at(k, f'"{rid}"', f"{name}.rooms") if isinstance(rid, str) else chk.at(k, f"{name}.rooms")
        for key in sorted(set(r) - ROOM_KEYS):
            chk.add(line, f"{where}: unknown key {key!r} in a room (known: cells, id, name, scare)")
        if not isinstance(rid, str) or not _ID.match(rid):
            chk.add(line, f"{where}: room id {rid!r} must be lower case letters, digits and _")
            ok = False
            continue
        rname = r.get("name")
        if not isinstance(rname, str) or not rname.strip():
            chk.add(line, f"{where}: room {rid} needs a name")
            ok = False
        scare = r.get("scare", 0)
        if isinstance(scare, bool) or not isinstance(scare, int) or not 0 <= scare <= MAX_SCARE:
            chk.add(line, f"{where}: room {rid}: scare is the number of Scare symbols, 0 to {MAX_SCARE}, not {scare!r}")
            ok = False
            scare = 0
        cells_text = r.get("cells")
        cells: list[Cell] = []
        if not isinstance(cells_text, str) or not cells_text.split():
            chk.add(line, f"{where}: room {rid}: cells is a string of cells like \"00 10\"")
            ok = False
        else:
            for c in cells_text.split():
                if not _CELL.match(c):
                    chk.add(line, f"{where}: room {rid}: {c!r} is not a cell (00, 01, 10 or 11)")
                    ok = False
                    continue
                cell = _cell(c)
                if cell in owner:
                    chk.add(line, f"{where}: cell {c} is in both {owner[cell]} and {rid}")
                    ok = False
                owner[cell] = rid
                cells.append(cell)
        if len(cells) > 1 and not _contiguous(cells):
            chk.add(line, f"{where}: room {rid}: its cells {cells_text} do not touch edge to edge")
            ok = False
        if any(x.id == rid for x in rooms):
            chk.add(line, f"{where}: two rooms are called {rid}")
            ok = False
        rooms.append(RoomSpec(rid, rname if isinstance(rname, str) else rid, tuple(cells), scare))
    missing = [f"{r}{c}" for r in (0, 1) for c in (0, 1) if (r, c) not in owner]
    if missing:
        chk.add(chk.at(k, f"{name}.rooms"), f"{where}: cell(s) {', '.join(missing)} belong to no room")
        ok = False
    doors: list[tuple[Cell, Cell]] = []
    raw_doors = raw.get("doors", [])
    if not isinstance(raw_doors, list):
        chk.add(chk.at(k, f"{name}.doors"), f"{where}: doors is a list like [\"00-01\"]")
        raw_doors, ok = [], False
    for d in raw_doors:
        line = chk.at(k, f'"{d}"', f"{name}.doors")
        parts = d.split("-") if isinstance(d, str) else []
        if len(parts) != 2 or not all(_CELL.match(p) for p in parts):
            chk.add(line, f"{where}: door {d!r} must join two cells, like \"00-01\"")
            ok = False
            continue
        c1, c2 = _cell(parts[0]), _cell(parts[1])
        if abs(c1[0] - c2[0]) + abs(c1[1] - c2[1]) != 1:
            chk.add(line, f"{where}: door {d}: cells {parts[0]} and {parts[1]} do not share a wall")
            ok = False
        elif owner.get(c1) is not None and owner.get(c1) == owner.get(c2):
            chk.add(line, f"{where}: door {d} is inside the room {owner[c1]}")
            ok = False
        doors.append((c1, c2))
    edges: list[tuple[Cell, str]] = []
    raw_edges = raw.get("edges", [])
    if not isinstance(raw_edges, list):
        chk.add(chk.at(k, f"{name}.edges"), f"{where}: edges is a list like [\"E0\", \"S1\"]")
        raw_edges, ok = [], False
    for e in raw_edges:
        line = chk.at(k, f'"{e}"', f"{name}.edges")
        m = _EDGE.match(e) if isinstance(e, str) else None
        if m is None:
            chk.add(line, f"{where}: edge doorway {e!r} must be a side N/E/S/W and 0 or 1, like \"E0\"")
            ok = False
            continue
        d, pos = m.group(1), int(m.group(2))
        if d in green:
            chk.add(line, f"{where}: edge doorway {e} is on a green (outside) edge: list outside doors under outside")
            ok = False
            continue
        edges.append((_edge_cell(d, pos), d))
    return SideSpec(tuple(rooms), tuple(doors), tuple(edges)) if ok else None


def _edge_cell(d: str, pos: int) -> Cell:
    return {"N": (0, pos), "S": (1, pos), "W": (pos, 0), "E": (pos, 1)}[d]


def _contiguous(cells: list[Cell]) -> bool:
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def _tile(chk: _Check, k: int, raw: Any) -> TileSpec | None:
    if not isinstance(raw, dict):
        chk.add(chk.at(k), "each [[tile]] is a table")
        return None
    for key in sorted(set(raw) - TILE_KEYS):
        chk.add(chk.at(k, f"{key} =", f"{key}."), f"unknown key {key!r} in a [[tile]] (known: {', '.join(sorted(TILE_KEYS))})")
    tid = raw.get("id")
    if not isinstance(tid, str) or not tid or not tid.isalnum():
        chk.add(chk.at(k, "id ="), f"a tile's id must be letters or digits, not {tid!r}")
        return None
    green_text = raw.get("green")
    if not isinstance(green_text, str) or not green_text or any(ch not in DIRS for ch in green_text) \
            or len(set(green_text)) != len(green_text) or len(green_text) > 2:
        chk.add(chk.at(k, "green ="), f"tile {tid}: green names its green (outside) edges, like \"NW\" or \"S\", "
                                      f"not {green_text!r}")
        return None
    green = frozenset(green_text)
    outside: list[tuple[str, Cell, str]] = []
    raw_out = raw.get("outside", [])
    if not isinstance(raw_out, list):
        chk.add(chk.at(k, "outside ="), f"tile {tid}: outside is a list of {{ door = ..., at = ... }}")
        raw_out = []
    for o in raw_out:
        line = chk.at(k, "outside =")
        if not isinstance(o, dict) or set(o) != {"door", "at"}:
            chk.add(line, f"tile {tid}: each outside door is {{ door = \"Front Door\", at = \"S0\" }}")
            continue
        door, at = o["door"], o["at"]
        if door not in OUTSIDE_DOORS:
            chk.add(line, f"tile {tid}: {door!r} is not an outside door (the rulebook names {', '.join(OUTSIDE_DOORS)})")
            continue
        m = _EDGE.match(at) if isinstance(at, str) else None
        if m is None or m.group(1) not in green:
            chk.add(line, f"tile {tid}: the {door} must be on a green edge ({green_text}0 ...), not {at!r}")
            continue
        outside.append((door, _edge_cell(m.group(1), int(m.group(2))), m.group(1)))
    sides = []
    for name in ("a", "b"):
        side = _side(chk, k, tid, name, raw.get(name), green)
        if side is not None:
            sides.append((name, side))
    if len(sides) != 2:
        return None
    return TileSpec(tid, green, tuple(outside), tuple(sides))


def read_tiles(path: str | Path, raw: bytes | str | None = None
               ) -> tuple[dict[str, TileSpec], tuple[Placement, ...], str, list[Issue]]:
    """The tiles, the file's layout and the house name, with every issue found; `raw`: the
    file's content already in hand (as a game records it), `path` then only names it."""
    name = str(path)
    data, text, issues = (read_toml(path, MAX_BYTES, WORDING) if raw is None
                          else parse_toml(raw, name, MAX_BYTES, WORDING))
    if data is None:
        return {}, (), "", issues
    chk = _Check(name, text)
    for key in sorted(set(data) - TOP_KEYS):
        chk.add(chk.at(None, f"{key}"), f"unknown key {key!r} at the top level (known: layout, name, tile)")
    title = data.get("name", "")
    if not isinstance(title, str):
        chk.add(chk.at(None, "name ="), "name must be a string")
        title = ""
    raw_tiles = data.get("tile")
    tiles: dict[str, TileSpec] = {}
    if not isinstance(raw_tiles, list) or len(raw_tiles) != 6:
        n = len(raw_tiles) if isinstance(raw_tiles, list) else 0
        chk.add(chk.lines.header("tile"),
                f"the house has 6 tiles (BIN-03: \"6 double-sided room tiles\"), this file has {n} [[tile]]")
    for k, raw in enumerate(raw_tiles if isinstance(raw_tiles, list) else []):
        tile = _tile(chk, k, raw)
        if tile is None:
            continue
        if tile.id in tiles:
            chk.add(chk.at(k, "id ="), f"two tiles are called {tile.id}")
            continue
        tiles[tile.id] = tile
    # Room ids: unique across tiles (both sides of one tile may share one, only one side is up).
    seen: dict[str, str] = {}
    for k, tile in enumerate(tiles.values()):
        for rid in sorted({r.id for _, s in tile.sides for r in s.rooms}):
            if rid in seen and seen[rid] != tile.id:
                chk.add(chk.at(list(tiles).index(tile.id), f'"{rid}"'),
                        f"room id {rid} is on tiles {seen[rid]} and {tile.id}: ids must differ between tiles")
            seen.setdefault(rid, tile.id)
    doors = [d for t in tiles.values() for d, _, _ in t.outside]
    for d in OUTSIDE_DOORS:
        if len(tiles) == 6 and doors.count(d) != 1:
            chk.add(chk.lines.header("tile"),
                    f"the {d} must be on exactly one tile (BIN-56), it is on {doors.count(d)}")
    layout: tuple[Placement, ...] = ()
    raw_layout = data.get("layout")
    if not isinstance(raw_layout, dict) or sorted(raw_layout) != sorted(SLOTS):
        chk.add(chk.lines.header("layout"), f"[layout] names the tile in each slot: {', '.join(SLOTS)}")
    else:
        try:
            layout = parse_layout({s: raw_layout[s] for s in SLOTS})
        except HouseError as exc:
            chk.add(chk.lines.header("layout"), str(exc))
    return tiles, layout, title, chk.issues


def check_house(path: str | Path, layout: tuple[str, ...] = ()) -> list[Issue]:
    return _read(str(path), tuple(layout))[1]


def _assembly_issues(path: str, tiles: dict[str, TileSpec], layout: tuple[Placement, ...],
                     line: int | None) -> list[Issue]:
    try:
        house = assemble(tiles, layout)
    except HouseError as exc:
        return [Issue(path, line, f"layout {' '.join(p.code for p in layout)}: {exc}")]
    lost = connected(house)
    if lost:
        return [Issue(path, line, f"layout {' '.join(p.code for p in layout)}: no door leads to "
                                  f"{', '.join(lost)}")]
    return []


def _stamp(path: str) -> tuple[int, int]:
    try:
        st = Path(path).stat()
    except OSError:
        return (0, 0)
    return (st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=32)
def _cached(path: str, layout_codes: tuple[str, ...], stamp: tuple[int, int]) -> tuple[House | None, list[Issue]]:
    return _read(path, layout_codes)


def _read(path: str, layout_codes: tuple[str, ...], raw: bytes | str | None = None) -> tuple[House | None, list[Issue]]:
    tiles, layout, title, issues = read_tiles(path, raw)
    if issues or len(tiles) != 6 or not layout:
        return None, issues
    text = Path(path).read_text(encoding="utf-8") if raw is None else raw
    where = Lines(text if isinstance(text, str) else text.decode("utf-8")).header("layout")
    problems = _assembly_issues(path, tiles, layout, where)
    if not problems:  # every way of turning the tiles over, in the file's slots and turns
        for flips in itertools.product("ab", repeat=6):
            flipped = tuple(Placement(p.slot, p.tile, s, p.turns) for p, s in zip(layout, flips))
            problems = _assembly_issues(path, tiles, flipped, where)
            if problems:
                break
    chosen = layout
    if layout_codes:
        try:
            chosen = parse_layout(layout_codes)
        except HouseError as exc:
            return None, problems + [Issue(path, None, f"the layout setting: {exc}")]
        problems += [Issue(path, None, f"the layout setting: {i.message}")
                     for i in _assembly_issues(path, tiles, chosen, None)]
    if problems:
        return None, problems
    return assemble(tiles, chosen, title, path), []


@functools.lru_cache(maxsize=16)
def _recorded(setting: str, layout_codes: tuple[str, ...]) -> House:
    name, text = recorded(setting)
    return house_text(text or "", recorded_name(name, default_house_path()), layout_codes)


def house_text(raw: bytes | str, name: str, layout: tuple[str, ...] = ()) -> House:
    """The house of a file's content (as a game records it); `name` is for messages."""
    return loaded(_read(name, tuple(layout), raw))


def record_house(setting: str) -> str:
    """The `house` option as a new game records it: the file's name, a newline and its content
    (a bad file is refused with its lines, before the game begins)."""
    return record_file(setting, default_house_path(), house_text, MAX_BYTES, WORDING, game="BIN")


def load_house(path: str | Path = "", layout: tuple[str, ...] = ()) -> House:
    """The house of a file (the shipped one for ""; or the content a game recorded: the name, a
    newline and the content), in its layout or the given one."""
    if "\n" in str(path):
        return _recorded(str(path), tuple(layout))
    name = str(house_path(str(path)))
    return loaded(_cached(name, tuple(layout), _stamp(name)))
