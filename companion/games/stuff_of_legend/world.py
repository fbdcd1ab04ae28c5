"""The world map, the Time track and the Attention Level track: data/world.toml and its checker.

The rulebook prints none of this geometry (docs/games/SOL.md, "Data files"), so the shipped map
is a guess the table checks against its board: `check_world` reports every problem with its file
and line (`companion sol board check`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from companion.core.graph import Graph
from companion.core.datafile import Issue, Lines, loaded, parse_checked, read_checked, record_file, recorded, recorded_name

TRAIL_COLOURS = ("red", "green", "plain")  # noisy +1, quiet -1, plain 0
TIME_MARKS = ("", "hand-1", "hand-2", "boy_lost")
PLAYER_COUNTS = (3, 4, 5, 6)
LOCATION_CARDS = 19  # "19 Location cards", one per space
EXITS = 4  # "There are four possible exits"
JUNGLE_EXITS = 2  # "the exits (two of them in the Jungle)" (issue 11)
MAX_SPACES = 200
MAX_TRAILS = 1000
_ID = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True)
class Space:
    id: str
    name: str
    colour: str
    jungle: bool = False
    start: bool = False
    plus: bool = False
    soldier: bool = False
    exit: bool = False

    @property
    def takes_cards(self) -> bool:
        """Exit spaces hold an Exit token instead of a Location and Encounters."""
        return not self.exit

    @property
    def encounters(self) -> int:
        return 0 if self.exit else 2 if self.plus else 1


@dataclass(frozen=True)
class Trail:
    a: str
    b: str
    colour: str

    @property
    def attention(self) -> int:
        return {"red": 1, "green": -1}.get(self.colour, 0)


@dataclass(frozen=True)
class TimeTrack:
    marks: tuple[str, ...]  # per division, top first; the last is "boy_lost"
    start: Mapping[int, int]  # players -> division index (0-based)

    @property
    def lost(self) -> int:
        return self.marks.index("boy_lost")

    def reduction(self, boy: int, cumulative: bool = False) -> int:
        """Cards fewer in a new hand once the Boy has entered the marked divisions (SOL-84):
        the furthest mark entered (SOL-G4), or their sum when `cumulative`."""
        entered = [int(m[-1]) for m in self.marks[: boy + 1] if m.startswith("hand-")]
        if not entered:
            return 0
        return sum(entered) if cumulative else entered[-1]


@dataclass(frozen=True)
class AttentionTrack:
    values: tuple[int, ...]  # the printed number per division, left first: the range in trail steps
    colours: tuple[str, ...]
    strengths: tuple[int, ...]  # an Army's strength there
    start: int  # division index of "the yellow number 2"

    @property
    def last(self) -> int:
        return len(self.values) - 1


@dataclass(frozen=True)
class World:
    name: str
    regions: tuple[tuple[str, str, bool], ...]  # (colour, name, is the Jungle)
    spaces: tuple[Space, ...]
    trails: tuple[Trail, ...]
    bridges: tuple[tuple[str, str], ...]  # (this side, the Jungle side)
    time: TimeTrack
    attention: AttentionTrack
    path: str = ""
    _by_id: dict[str, Space] = field(default_factory=dict, compare=False, repr=False)
    _trail: dict[frozenset[str], Trail] = field(default_factory=dict, compare=False, repr=False)
    _dist: dict[tuple[str, str] | None, dict[str, dict[str, int]]] = field(
        default_factory=dict, compare=False, repr=False)
    _graphs: dict[tuple[str, str] | None, Graph] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._by_id.update({s.id: s for s in self.spaces})
        self._trail.update({frozenset((t.a, t.b)): t for t in self.trails})

    def space(self, sid: str) -> Space:
        return self._by_id[sid]

    def has(self, sid: str) -> bool:
        return sid in self._by_id

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces)

    @property
    def start(self) -> str:
        return next(s.id for s in self.spaces if s.start)

    @property
    def exits(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces if s.exit)

    @property
    def card_spaces(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces if s.takes_cards)

    def region_name(self, colour: str) -> str:
        return next((n for c, n, _ in self.regions if c == colour), colour)

    def trail(self, a: str, b: str) -> Trail | None:
        return self._trail.get(frozenset((a, b)))

    def graph(self, bridge: tuple[str, str] | None = None) -> Graph:
        """The trails, with the Rope Bridge once it is placed (SOL-115)."""
        got = self._graphs.get(bridge)
        if got is None:
            passages = [(t.a, t.b) for t in self.trails] + ([bridge] if bridge else [])
            got = self._graphs[bridge] = Graph.build(self.ids, passages)
        return got

    def distances(self, source: str, bridge: tuple[str, str] | None = None) -> dict[str, int]:
        """Trail steps from `source` (SOL-93); a space missing is out of reach."""
        table = self._dist.setdefault(bridge, {})
        got = table.get(source)
        if got is None:
            got = table[source] = self.graph(bridge).distances(source)
        return got

    def distance(self, a: str, b: str, bridge: tuple[str, str] | None = None) -> int | None:
        return self.distances(a, bridge).get(b)

    def neighbours(self, sid: str, bridge: tuple[str, str] | None = None) -> tuple[str, ...]:
        return self.graph(bridge).neighbours(sid)


def default_world_path() -> Path:
    return Path(__file__).resolve().parent / "data" / "world.toml"


@functools.cache
def default_world() -> World:
    return load_world(default_world_path())


@functools.lru_cache(maxsize=8)
def _load_cached(path: str, mtime: float) -> World:
    return load_world(path)


def world_for(path: str) -> World:
    """The map of a game's options: "" = the shipped one, a file's path (read again, as
    journals from before recording hold it), or as a game records it (`record_world`)."""
    if "\n" in path:
        return _recorded_world(path)
    if not path:
        return default_world()
    try:
        mtime = Path(path).stat().st_mtime
    except OSError:
        mtime = 0.0
    return _load_cached(path, mtime)


@functools.lru_cache(maxsize=8)
def _recorded_world(setting: str) -> World:
    name, text = recorded(setting)
    return world_text(text or "", recorded_name(name, default_world_path()))


def world_text(raw: bytes | str, name: str) -> World:
    """The map of a file's content (as a game records it); `name` is for messages."""
    return loaded(parse_checked(raw, name, _Checker), most=3)


def record_world(setting: str) -> str:
    """The option as a new game records it: the file's name, a newline and its content
    (a bad file is refused with its lines, before the game begins)."""
    return record_file(setting, default_world_path(), world_text, game="SOL")


def load_world(path: str | Path) -> World:
    return loaded(_read(path), most=3)


def check_world(path: str | Path) -> list[Issue]:
    return _read(path)[1]


def _read(path: str | Path) -> tuple[World | None, list[Issue]]:
    return read_checked(path, _Checker)


_SPACE_KEYS = {"id", "name", "colour", "start", "plus", "soldier", "exit"}


class _Checker:
    def __init__(self, path: str, text: str, data: dict[str, Any]) -> None:
        self.path = path
        self.lines = Lines(text)
        self.data = data
        self.issues: list[Issue] = []

    def bad(self, line: int | None, message: str) -> None:
        self.issues.append(Issue(self.path, line, message))

    def items(self, table: str, key: str, what: str, limit: int) -> list[tuple[int | None, dict[str, Any]]]:
        src = self.data.get(table, {}) if table else self.data
        raw = src.get(key) if isinstance(src, dict) else None
        if not isinstance(raw, list) or not raw:
            self.bad(self.lines.key(table, key), f"`{key}` must be a non-empty list of {what}")
            return []
        if len(raw) > limit:
            self.bad(self.lines.key(table, key), f"`{key}` has {len(raw)} entries; at most {limit}")
            return []
        out = []
        for i, item in enumerate(raw):
            line = self.lines.item(table, key, i)
            if not isinstance(item, dict):
                self.bad(line, f"each of `{key}` must be a table like {{ ... }}, not {item!r}")
                continue
            out.append((line, item))
        return out

    def run(self) -> World | None:
        known = {"name", "regions", "spaces", "trails", "bridges", "time", "attention"}
        for key in sorted(set(self.data) - known):
            self.bad(self.lines.key("", key), f"unknown key `{key}` (known: {', '.join(sorted(known))})")
        name = self.data.get("name", "")
        if not isinstance(name, str) or not name:
            self.bad(self.lines.key("", "name"), "`name` must be a non-empty string")
        regions = self._regions()
        spaces = self._spaces(regions)
        trails = self._trails(spaces)
        bridges = self._bridges(spaces, trails)
        time = self._time()
        attention = self._attention()
        if self.issues or time is None or attention is None:
            return None
        world = World(str(name), tuple(regions.items_list), tuple(spaces.values()), tuple(trails), tuple(bridges),
                      time, attention, self.path)
        self._reachability(world)
        return world if not self.issues else None

    def _regions(self) -> "_Regions":
        out = _Regions()
        for line, r in self.items("", "regions", "regions", 20):
            colour, rname, jungle = r.get("colour"), r.get("name"), r.get("jungle", False)
            extra = set(r) - {"colour", "name", "jungle"}
            if extra:
                self.bad(line, f"unknown region key(s) {', '.join(sorted(extra))}")
            if not isinstance(colour, str) or not _ID.fullmatch(colour):
                self.bad(line, f"a region needs a colour in lower case, not {colour!r}")
                continue
            if colour in out.colours:
                self.bad(line, f"region colour {colour!r} is listed twice")
                continue
            if not isinstance(rname, str) or not rname or not isinstance(jungle, bool):
                self.bad(line, "a region needs a `name` and `jungle` true/false")
                continue
            out.add(colour, rname, jungle)
        if out.colours and sum(j for _, _, j in out.items_list) != 1:
            self.bad(self.lines.key("", "regions"), "exactly one region must be the Jungle (`jungle = true`)")
        return out

    def _spaces(self, regions: "_Regions") -> dict[str, Space]:
        out: dict[str, Space] = {}
        for line, s in self.items("", "spaces", "spaces", MAX_SPACES):
            extra = set(s) - _SPACE_KEYS
            if extra:
                self.bad(line, f"unknown space key(s) {', '.join(sorted(extra))}")
            sid, sname, colour = s.get("id"), s.get("name"), s.get("colour")
            if not isinstance(sid, str) or not _ID.fullmatch(sid):
                self.bad(line, f"a space id is lower-case letters, digits and _, not {sid!r}")
                continue
            if sid in out:
                self.bad(line, f"space {sid!r} is listed twice")
                continue
            if not isinstance(sname, str) or not sname:
                self.bad(line, f"space {sid!r} needs a name")
                continue
            if colour not in regions.colours:
                self.bad(line, f"space {sid!r}: colour {colour!r} is not a region's colour")
                continue
            flags = {k: s.get(k, False) for k in ("start", "plus", "soldier", "exit")}
            wrong = [k for k, v in flags.items() if not isinstance(v, bool)]
            if wrong:
                self.bad(line, f"space {sid!r}: {', '.join(wrong)} must be true or false")
                continue
            if flags["exit"] and (flags["start"] or flags["plus"] or flags["soldier"]):
                self.bad(line, f"space {sid!r}: an Exit space cannot be the start, a \"+\" or a toy-soldier space")
                continue
            out[sid] = Space(sid, sname, str(colour), regions.jungle(str(colour)), **flags)
        if not out:
            return out
        where = self.lines.key("", "spaces")
        starts = [s for s in out.values() if s.start]
        if len(starts) != 1:
            self.bad(where, f"exactly one space must be the start (Brooklyn), not {len(starts)}")
        elif starts[0].jungle:
            self.bad(where, "the party cannot start in the Jungle: it is cut off until the bridge")
        exits = [s for s in out.values() if s.exit]
        if len(exits) != EXITS:
            self.bad(where, f"there are {EXITS} Exit spaces (\"four possible exits\"), not {len(exits)}")
        if sum(s.jungle for s in exits) != JUNGLE_EXITS:
            self.bad(where, f"{JUNGLE_EXITS} of the exits are in the Jungle, not {sum(s.jungle for s in exits)}")
        cards = [s for s in out.values() if s.takes_cards]
        if len(cards) != LOCATION_CARDS:
            self.bad(where, f"{len(cards)} spaces take cards; the {LOCATION_CARDS} Location cards need exactly "
                            f"{LOCATION_CARDS} (\"There should be no additional Location cards\")")
        return out

    def _trails(self, spaces: dict[str, Space]) -> list[Trail]:
        out: list[Trail] = []
        seen: set[frozenset[str]] = set()
        for line, t in self.items("", "trails", "trails", MAX_TRAILS):
            a, b, colour = t.get("a"), t.get("b"), t.get("colour", "plain")
            if set(t) - {"a", "b", "colour"}:
                self.bad(line, f"unknown trail key(s) {', '.join(sorted(set(t) - {'a', 'b', 'colour'}))}")
            missing = [x for x in (a, b) if x not in spaces]
            if missing:
                self.bad(line, f"trail {a}-{b}: no space {missing[0]!r}")
                continue
            assert isinstance(a, str) and isinstance(b, str)
            if a == b:
                self.bad(line, f"trail {a}-{b} joins a space to itself")
                continue
            if colour not in TRAIL_COLOURS:
                self.bad(line, f"trail {a}-{b}: colour is one of {', '.join(TRAIL_COLOURS)}, not {colour!r}")
                continue
            key = frozenset((a, b))
            if key in seen:
                self.bad(line, f"trail {a}-{b} is listed twice")
                continue
            if spaces[a].jungle != spaces[b].jungle:
                self.bad(line, f"trail {a}-{b} crosses the canyon: only the Rope Bridge reaches the Jungle")
                continue
            seen.add(key)
            out.append(Trail(a, b, str(colour)))
        if spaces and out:
            start = [s for s in spaces.values() if s.start]
            if len(start) == 1:
                n = sum(start[0].id in (t.a, t.b) for t in out)
                if n != 3:
                    self.bad(self.lines.key("", "trails"),
                             f"{start[0].name} has {n} adjacent spaces; set-up 10 turns up \"the three spaces adjacent\"")
        return out

    def _bridges(self, spaces: dict[str, Space], trails: list[Trail]) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        joined = {frozenset((t.a, t.b)) for t in trails}
        for line, br in self.items("", "bridges", "rope-bridge places", 100):
            a, b = br.get("a"), br.get("b")
            if set(br) - {"a", "b"} or a not in spaces or b not in spaces:
                self.bad(line, f"a bridge is {{ a = SPACE, b = SPACE }} with known spaces, not {br!r}")
                continue
            assert isinstance(a, str) and isinstance(b, str)
            if spaces[a].jungle == spaces[b].jungle:
                self.bad(line, f"bridge {a}-{b} must cross the canyon: one end in the Jungle, one outside")
                continue
            pair = (a, b) if not spaces[a].jungle else (b, a)
            if pair in out:
                self.bad(line, f"bridge {a}-{b} is listed twice")
                continue
            if spaces[a].exit or spaces[b].exit or frozenset(pair) in joined:
                self.bad(line, f"bridge {a}-{b} cannot touch an Exit space or repeat a trail")
                continue
            out.append(pair)
        return out

    def _time(self) -> TimeTrack | None:
        t = self.data.get("time")
        if not isinstance(t, dict):
            self.bad(None, "missing [time]: the Time track's divisions and the Boy's start")
            return None
        for key in sorted(set(t) - {"divisions", "start"}):
            self.bad(self.lines.key("time", key), f"unknown key `{key}` in [time]")
        marks: list[str] = []
        for i, (line, d) in enumerate(self.items("time", "divisions", "divisions", 100)):
            mark = d.get("mark", "")
            if d.get("n") != i + 1 or set(d) - {"n", "mark"}:
                self.bad(line, f"division {i + 1} must be {{ n = {i + 1} }} with an optional mark")
            if mark not in TIME_MARKS:
                self.bad(line, f"mark is one of {', '.join(m for m in TIME_MARKS if m)}, not {mark!r}")
                mark = ""
            marks.append(str(mark))
        where = self.lines.key("time", "divisions")
        if not marks:
            return None
        if marks.count("boy_lost") != 1 or marks[-1] != "boy_lost":
            self.bad(where, "the last division, and only the last, is BOY LOST (mark = \"boy_lost\")")
        for m in ("hand-1", "hand-2"):
            if marks.count(m) > 1:
                self.bad(where, f"\"Hand size {m[-2:]}\" is marked on more than one division")
        if "hand-1" in marks and "hand-2" in marks and marks.index("hand-2") < marks.index("hand-1"):
            self.bad(where, "\"Hand size -2\" comes before \"-1\" on the track")
        start = t.get("start")
        line = self.lines.key("time", "start")
        starts: dict[int, int] = {}
        if not isinstance(start, dict):
            self.bad(line, "`start` gives the Boy's division by players: { 3 = N, 4 = N, 5 = N, 6 = N }")
            return None
        for players in PLAYER_COUNTS:
            v = start.get(str(players))
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v < len(marks):
                self.bad(line, f"start for {players} players must be a division 1 to {len(marks) - 1}, not {v!r}")
                continue
            starts[players] = v - 1
        extra = set(start) - {str(p) for p in PLAYER_COUNTS}
        if extra:
            self.bad(line, f"start names player counts {', '.join(sorted(extra))}: the game is for 3-6")
        if self.issues:
            return None
        return TimeTrack(tuple(marks), starts)

    def _attention(self) -> AttentionTrack | None:
        a = self.data.get("attention")
        if not isinstance(a, dict):
            self.bad(None, "missing [attention]: the Attention Level track")
            return None
        values: list[int] = []
        colours: list[str] = []
        strengths: list[int] = []
        for i, (line, d) in enumerate(self.items("attention", "divisions", "divisions", 50)):
            v, c, s = d.get("value"), d.get("colour"), d.get("strength")
            ok = (d.get("n") == i + 1 and not set(d) - {"n", "value", "colour", "strength"}
                  and isinstance(v, int) and not isinstance(v, bool) and v >= 0
                  and isinstance(s, int) and not isinstance(s, bool) and s >= 1 and isinstance(c, str) and c)
            if not ok:
                self.bad(line, f"division {i + 1} must be {{ n = {i + 1}, value = RANGE, colour = NAME, strength = N }}")
                continue
            assert isinstance(v, int) and isinstance(s, int) and isinstance(c, str)
            if values and (v < values[-1] or s < strengths[-1]):
                self.bad(line, "the Attention Level rises to the right: values and strengths may not fall")
            values.append(v)
            colours.append(c)
            strengths.append(s)
        start = a.get("start")
        line = self.lines.key("attention", "start")
        if not values:
            return None
        if isinstance(start, bool) or not isinstance(start, int) or not 1 <= start <= len(values):
            self.bad(line, f"start is the division (1 to {len(values)}) of \"the yellow number 2\", not {start!r}")
            return None
        if (values[start - 1], colours[start - 1]) != (2, "yellow"):
            self.bad(line, f"set-up 1a puts the Boogeyman marker on \"the yellow number 2\"; division {start} is "
                           f"{colours[start - 1]} {values[start - 1]}")
        if self.issues:
            return None
        return AttentionTrack(tuple(values), tuple(colours), tuple(strengths), start - 1)

    def _reachability(self, world: World) -> None:
        where = self.lines.key("", "spaces")
        plain = world.distances(world.start)
        for s in world.spaces:
            if not s.jungle and s.id not in plain:
                self.bad(where, f"{s.name} cannot be reached from {world.space(world.start).name} by any trail")
        for s in world.spaces:
            if s.jungle and not any(s.id in world.distances(world.start, b) for b in world.bridges):
                self.bad(where, f"{s.name} (Jungle) cannot be reached even over the Rope Bridge")


class _Regions:
    def __init__(self) -> None:
        self.items_list: list[tuple[str, str, bool]] = []
        self.colours: set[str] = set()

    def add(self, colour: str, name: str, jungle: bool) -> None:
        self.items_list.append((colour, name, jungle))
        self.colours.add(colour)

    def jungle(self, colour: str) -> bool:
        return any(c == colour and j for c, _, j in self.items_list)
