"""Reading and checking Boogeyman board files (see docs/board-files.md).

The rulebook does not print the house, so the shipped plan is a guess that players must check
against their board. `check_house` therefore reports every problem it can find, each with the
file and line to fix, rather than stopping at the first.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Sequence

from companion.core.datafile import (
    DataFileIssues,
    Issue,
    Lines,
    Wording,
    loaded,
    number,
    pair,
    parse_checked,
    quoted,
    read_checked,
)
from companion.core.graph import Graph
from companion.games.boogeyman.house import House, TokenSpec

TOKEN_KINDS: frozenset[str] = frozenset(
    {"noise", "die", "candy", "objective", "trap_door", "skeleton_key", "blank"}
)
LOCK_TOKENS = 10  # Lock tokens in the box
OBJECTIVES_NEEDED = 3  # objective tokens of one colour that start the Finale

# Bounds far above any printed board, so a hostile or mistaken file is refused, never run out of
# memory or time on: a file's size, each list's length, each number.
MAX_BOARD_BYTES = 1 << 20
MAX_ZONES = 200  # rooms, and corridors
MAX_PASSAGES = 5000
MAX_LIST = 200  # any other list of rooms or spaces
MAX_TOKEN_KINDS = 100  # [[search_tokens]] tables
MAX_TOKENS = 5000  # search tokens in all
MAX_TOKENS_PER_ROOM = 20
MAX_SPACES = 100  # ladder spaces, the stress scale's top, a noise token's value
MAX_NAME = 200  # characters in a name
MAX_ZONE_ID = 40  # characters in a room's or corridor's id
ZONE_ID_PUNCTUATION = frozenset(" _-'.")

_TABLES: dict[str, frozenset[str]] = {
    "": frozenset({"name", "zones", "rules", "ladder", "stress", "search_tokens"}),
    "zones": frozenset({"rooms", "corridors", "passages"}),
    "rules": frozenset({
        "attic", "secret_room", "double_search_rooms", "tokens_per_room",
        "children_start", "babysitter_start", "lock_rooms",
    }),
    "ladder": frozenset({"spaces", "event_spaces"}),
    "stress": frozenset({"top", "trouble"}),
    "search_tokens": frozenset({"kind", "count", "value", "colour"}),
}


BoardIssue = Issue  # the names this module has always exported
BoardFileIssues = DataFileIssues
_WORDING = Wording(
    unreadable="cannot read the board file: {error}",
    too_big="too large for a board file ({size} bytes; at most {limit})",
    too_deep="TOML nested too deeply (a board file needs two levels)",
)


def default_house_path() -> Path:
    return Path(__file__).resolve().parent / "data" / "villa_spencer.toml"


@functools.cache
def load_default_house() -> House:
    return load_house(default_house_path())


def load_house(path: str | Path) -> House:
    return loaded(_read(path))


def check_house(path: str | Path) -> list[BoardIssue]:
    return _read(path)[1]


def _read(path: str | Path) -> tuple[House | None, list[BoardIssue]]:
    return read_checked(path, _Checker, MAX_BOARD_BYTES, _WORDING)


def load_house_text(raw: bytes | str, name: str) -> House:
    """A house from a board file's content (as a journal records it); `name` is for messages."""
    return loaded(parse_checked(raw, name, _Checker, MAX_BOARD_BYTES, _WORDING))


def _short(value: Any) -> str:
    """A value for a message, cut short: a hostile file may hold a huge one."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class _Checker:
    def __init__(self, path: str, text: str, data: dict[str, Any]) -> None:
        self.path = path
        self.lines = Lines(text)
        self.data = data
        self.issues: list[BoardIssue] = []

    def add(self, line: int | None, message: str) -> None:
        # None: a table or top-level key the file lacks; read_checked names line 1 for it.
        self.issues.append(BoardIssue(self.path, line, message))

    # --- typed access: each getter reports a missing key or wrong type and returns None ---

    def table(self, name: str) -> dict[str, Any] | None:
        value = self.data.get(name)
        if value is None:
            self.add(None, f"missing table [{name}]")
            return None
        if not isinstance(value, dict):
            self.add(self.lines.where("", name), f"{name} must be a table [{name}]")
            return None
        self.unknown_keys(name, value)
        return value

    def unknown_keys(self, table: str, values: dict[str, Any], nth: int = 0) -> None:
        where = f"[{table}]" if table else "the top level"
        for key in values:
            if key not in _TABLES[table]:
                known = ", ".join(sorted(_TABLES[table]))
                self.add(self.lines.where(table, key, nth), f"unknown key {key!r} in {where} (known: {known})")

    def raw(self, table: str, values: dict[str, Any], key: str, nth: int = 0) -> Any:
        if key not in values:
            where = "the top level" if not table else f"[[{table}]]" if table == "search_tokens" else f"[{table}]"
            self.add(self.lines.header(table, nth), f"missing key {key!r} in {where}")
            return None
        return values[key]

    def string(self, table: str, values: dict[str, Any], key: str) -> str | None:
        value = self.raw(table, values, key)
        if value is None:
            return None
        if not isinstance(value, str) or not value:
            self.add(self.lines.where(table, key), f"{key} must be a non-empty string, not {_short(value)}")
            return None
        if len(value) > MAX_NAME:
            self.add(self.lines.where(table, key), f"{key} is longer than {MAX_NAME} characters")
            return None
        return value

    def integer(self, table: str, values: dict[str, Any], key: str, nth: int = 0, high: int = MAX_SPACES) -> int | None:
        value = self.raw(table, values, key, nth)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(self.lines.where(table, key, nth), f"{key} must be a whole number, not {_short(value)}")
            return None
        if value > high:
            self.add(self.lines.where(table, key, nth), f"{key} must be at most {high}, not {_short(value)}")
            return None
        return value

    def strings(self, table: str, values: dict[str, Any], key: str, most: int = MAX_LIST) -> list[str] | None:
        value = self.raw(table, values, key)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            self.add(self.lines.where(table, key), f"{key} must be a list of non-empty strings")
            return None
        if len(value) > most or any(len(v) > MAX_NAME for v in value):
            self.add(self.lines.where(table, key),
                     f"{key} must list at most {most} names of at most {MAX_NAME} characters (it has {len(value)})")
            return None
        return list(value)

    def integers(self, table: str, values: dict[str, Any], key: str) -> list[int] | None:
        value = self.raw(table, values, key)
        if value is None:
            return None
        if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            self.add(self.lines.where(table, key), f"{key} must be a list of whole numbers")
            return None
        if len(value) > MAX_LIST:
            self.add(self.lines.where(table, key), f"{key} must list at most {MAX_LIST} numbers (it has {len(value)})")
            return None
        return list(value)

    def duplicates(self, table: str, key: str, items: Sequence[str | int], what: str) -> None:
        seen: dict[str | int, int] = {}
        for item in items:
            count = seen.get(item, 0)
            if count == 1:
                token = quoted(item) if isinstance(item, str) else number(item)
                self.add(self.lines.value(table, key, token, occurrence=1), f"{what} {item!r} is listed twice")
            seen[item] = count + 1

    # --- the checks ---

    def run(self) -> House | None:
        self.unknown_keys("", self.data)
        name = self.string("", self.data, "name")
        rooms, corridors, passages = self.check_zones()
        rules = self.check_rules(rooms, corridors)
        ladder = self.check_ladder(rooms)
        stress = self.check_stress()
        tokens = self.check_tokens(rooms, rules.get("tokens_per_room"))
        if rooms is not None and corridors is not None and passages is not None:
            self.check_graph(rooms, corridors, passages, rules)
        if self.issues:
            return None
        assert name is not None and rooms is not None and corridors is not None
        assert passages is not None and ladder is not None and stress is not None
        return House(
            name=name,
            source=self.path,
            rooms=tuple(rooms),
            corridors=tuple(corridors),
            passages=tuple(passages),
            attic=rules["attic"],
            secret_room=rules["secret_room"],
            double_search_rooms=tuple(rules["double_search_rooms"]),
            children_start=rules["children_start"],
            babysitter_start=rules["babysitter_start"],
            lock_rooms=tuple(rules["lock_rooms"]),
            ladder_spaces=ladder[0],
            ladder_event_spaces=tuple(ladder[1]),
            stress_top=stress[0],
            stress_trouble=tuple(stress[1]),
            search_tokens=tuple(tokens),
            tokens_per_room=rules["tokens_per_room"],
        )

    def check_zones(self) -> tuple[list[str] | None, list[str] | None, list[tuple[str, str]] | None]:
        zones = self.table("zones")
        if zones is None:
            return None, None, None
        rooms = self.strings("zones", zones, "rooms", MAX_ZONES)
        corridors = self.strings("zones", zones, "corridors", MAX_ZONES)
        if rooms is not None:
            if not rooms:
                self.add(self.lines.where("zones", "rooms"), "rooms is empty")
            rooms = self.zone_ids("rooms", rooms, "room")
            self.duplicates("zones", "rooms", rooms, "room")
        if corridors is not None:
            corridors = self.zone_ids("corridors", corridors, "corridor")
            self.duplicates("zones", "corridors", corridors, "corridor")
            room_set = set(rooms or ())
            for c in dict.fromkeys(corridors):
                if c in room_set:
                    self.add(self.lines.value("zones", "corridors", quoted(c)), f"{c!r} is both a room and a corridor")
        if rooms is None or corridors is None:
            return rooms, corridors, None
        known = set(rooms) | set(corridors)
        raw = self.raw("zones", zones, "passages")
        if raw is None:
            return rooms, corridors, None
        if not isinstance(raw, list):
            self.add(self.lines.where("zones", "passages"), "passages must be a list of [zone, zone] pairs")
            return rooms, corridors, None
        if len(raw) > MAX_PASSAGES:
            self.add(self.lines.where("zones", "passages"), f"passages lists {len(raw)} pairs; at most {MAX_PASSAGES}")
            return rooms, corridors, None
        passages: list[tuple[str, str]] = []
        seen: dict[frozenset[str], tuple[str, str]] = {}
        written: dict[tuple[str, str], int] = {}  # how often this exact text came before
        for item in raw:
            if not (isinstance(item, list) and len(item) == 2 and all(isinstance(z, str) for z in item)):
                self.add(self.lines.where("zones", "passages"), f"passage {_short(item)} must be a pair of zone names")
                continue
            a, b = item[0], item[1]
            occurrence = written.get((a, b), 0)
            written[(a, b)] = occurrence + 1
            line = self.lines.value("zones", "passages", pair(a, b), occurrence)
            label = f"passage {a}-{b}"
            bad = False
            for z in (a, b):
                if z not in known:
                    self.add(line, f"{label}: unknown zone {z!r}")
                    bad = True
            if a == b:
                self.add(line, f"{label} joins a zone to itself")
                bad = True
            ends = frozenset((a, b))
            if not bad and ends in seen:
                first = seen[ends]
                self.add(line, f"{label} is listed twice (also as {first[0]}-{first[1]})")
                bad = True
            if not bad:
                seen[ends] = (a, b)
                passages.append((a, b))
        return rooms, corridors, passages

    def zone_ids(self, key: str, ids: list[str], what: str) -> list[str]:
        """Room and corridor ids are shown on screen, spoken and written in inputs and zone maps:
        letters, digits, and spaces, _ - ' . inside, at most MAX_ZONE_ID characters."""
        for z in dict.fromkeys(ids):
            bad = [ch for ch in z if not (ch.isalnum() or ch in ZONE_ID_PUNCTUATION)]
            if bad or z != z.strip() or len(z) > MAX_ZONE_ID:
                why = (f"not {bad[0]!r}" if bad else "no space at either end" if z != z.strip()
                       else f"at most {MAX_ZONE_ID} characters")
                self.add(self._id_line(key, z),
                         f"{what} id {_short(z)} may hold only letters, digits, and spaces, _ - ' . inside "
                         f"({why})")
        return ids

    def _id_line(self, key: str, z: str) -> int | None:
        """The line of the list item holding the id: as written, or with the escapes a file writes
        for what cannot stand in a string (\\u0000, \\n); else the key's line."""
        line = self.lines.value("zones", key, quoted(z))
        if line != self.lines.key("zones", key):
            return line
        import json

        for text in (json.dumps(z), json.dumps(z, ensure_ascii=False)):
            found = self.lines.find("zones", 0, text)
            if found != self.lines.header("zones"):
                return found
        return line

    def zone_rule(self, rules: dict[str, Any], key: str, rooms: list[str] | None,
                  corridors: list[str] | None, room_only: bool) -> str | None:
        value = self.string("rules", rules, key)
        if value is None or rooms is None or corridors is None:
            return value
        if value not in rooms and value not in corridors:
            self.add(self.lines.where("rules", key), f"{key}: unknown zone {value!r}")
            return None
        if room_only and value not in rooms:
            self.add(self.lines.where("rules", key), f"{key}: {value!r} is a corridor, not a room")
            return None
        return value

    def room_list(self, rules: dict[str, Any], key: str, rooms: list[str] | None,
                  corridors: list[str] | None) -> list[str] | None:
        values = self.strings("rules", rules, key)
        if values is None:
            return None
        self.duplicates("rules", key, values, "room")
        if rooms is None or corridors is None:
            return values
        room_set, corridor_set = set(rooms), set(corridors)
        for v in dict.fromkeys(values):
            line = self.lines.value("rules", key, quoted(v))
            if v in corridor_set:
                self.add(line, f"{key}: {v!r} is a corridor, not a room")
            elif v not in room_set:
                self.add(line, f"{key}: unknown room {v!r}")
        return values

    def check_rules(self, rooms: list[str] | None, corridors: list[str] | None) -> dict[str, Any]:
        rules = self.table("rules")
        if rules is None:
            return {}
        out: dict[str, Any] = {}
        attic = out["attic"] = self.zone_rule(rules, "attic", rooms, corridors, room_only=True)
        secret = out["secret_room"] = self.zone_rule(rules, "secret_room", rooms, corridors, room_only=True)
        if attic is not None and attic == secret:
            self.add(self.lines.where("rules", "secret_room"), "the attic and the secret room must be different rooms")
        out["double_search_rooms"] = self.room_list(rules, "double_search_rooms", rooms, corridors)
        per_room: int | None = 2
        if "tokens_per_room" in rules:
            per_room = self.integer("rules", rules, "tokens_per_room", high=MAX_TOKENS_PER_ROOM)
            if per_room is not None and per_room < 1:
                self.add(self.lines.where("rules", "tokens_per_room"), f"tokens_per_room must be at least 1, not {per_room}")
                per_room = None
        out["tokens_per_room"] = per_room
        for key, who in (("children_start", "the Children"), ("babysitter_start", "the Babysitter")):
            start = self.zone_rule(rules, key, rooms, corridors, room_only=False)
            if start is not None and start in (attic, secret):
                place = "the locked attic" if start == attic else "the secret room"
                self.add(self.lines.where("rules", key), f"{who} cannot start in {place} ({start!r})")
            out[key] = start
        locks = out["lock_rooms"] = self.room_list(rules, "lock_rooms", rooms, corridors)
        if locks is not None:
            for v in dict.fromkeys(locks):
                if v in (attic, secret):
                    self.add(self.lines.value("rules", "lock_rooms", quoted(v)),
                             f"lock_rooms: {v!r} is the {'attic' if v == attic else 'secret room'}; Locks go on ordinary rooms")
            if len(locks) > LOCK_TOKENS:
                self.add(self.lines.where("rules", "lock_rooms"),
                         f"lock_rooms names {len(locks)} rooms but the box has only {LOCK_TOKENS} Lock tokens")
        return out

    def check_ladder(self, rooms: list[str] | None) -> tuple[int, list[int]] | None:
        ladder = self.table("ladder")
        if ladder is None:
            return None
        spaces = self.integer("ladder", ladder, "spaces")
        events = self.integers("ladder", ladder, "event_spaces")
        if spaces is not None and spaces < 1:
            self.add(self.lines.where("ladder", "spaces"), f"the ladder needs at least 1 space, not {spaces}")
            spaces = None
        if spaces is not None and rooms is not None and spaces > len(rooms):
            # Room tokens are not reused until the ladder is full, so it could never fill.
            self.add(self.lines.where("ladder", "spaces"), f"the ladder has {spaces} spaces but there are only {len(rooms)} Room tokens")
        if events is not None:
            self.duplicates("ladder", "event_spaces", events, "event space")
            if spaces is not None:
                self.out_of_range("ladder", "event_spaces", events, spaces, "ladder space")
        if spaces is None or events is None:
            return None
        return spaces, events

    def check_stress(self) -> tuple[int, list[int]] | None:
        stress = self.table("stress")
        if stress is None:
            return None
        top = self.integer("stress", stress, "top")
        trouble = self.integers("stress", stress, "trouble")
        if top is not None and top < 1:
            self.add(self.lines.where("stress", "top"), f"the stress scale's top must be at least 1, not {top}")
            top = None
        if trouble is not None:
            self.duplicates("stress", "trouble", trouble, "trouble space")
            if top is not None:
                self.out_of_range("stress", "trouble", trouble, top, "stress space")
        if top is None or trouble is None:
            return None
        return top, trouble

    def out_of_range(self, table: str, key: str, values: list[int], top: int, what: str) -> None:
        for v in dict.fromkeys(values):
            if not 1 <= v <= top:
                line = self.lines.value(table, key, number(v))
                self.add(line, f"{key}: {what} {v} is outside 1..{top}")

    def check_tokens(self, rooms: list[str] | None, per_room: int | None) -> list[TokenSpec]:
        raw = self.raw("", self.data, "search_tokens")
        if raw is None:
            return []
        if not isinstance(raw, list) or not all(isinstance(t, dict) for t in raw):
            self.add(self.lines.where("", "search_tokens"), "search_tokens must be [[search_tokens]] tables")
            return []
        if len(raw) > MAX_TOKEN_KINDS:
            self.add(self.lines.header("search_tokens"), f"{len(raw)} [[search_tokens]] tables; at most {MAX_TOKEN_KINDS}")
            return []
        tokens: list[TokenSpec] = []
        lines: dict[str, int | None] = {}  # first entry of each kind, for totals
        complete = True
        for nth, entry in enumerate(raw):
            self.unknown_keys("search_tokens", entry, nth)
            kind = entry.get("kind")
            count = self.integer("search_tokens", entry, "count", nth, high=MAX_TOKENS)
            header = self.lines.header("search_tokens", nth)
            if kind is None:
                self.add(header, "missing key 'kind' in [[search_tokens]]")
            elif not isinstance(kind, str) or kind not in TOKEN_KINDS:
                known = ", ".join(sorted(TOKEN_KINDS))
                self.add(self.lines.where("search_tokens", "kind", nth), f"unknown token kind {kind!r} (known: {known})")
                kind = None
            value = entry.get("value", 0)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SPACES:
                self.add(self.lines.where("search_tokens", "value", nth),
                         f"value must be a whole number from 0 to {MAX_SPACES}, not {_short(value)}")
                value = None
            elif kind == "noise" and value < 1:
                self.add(self.lines.where("search_tokens", "value", nth) if "value" in entry else header,
                         "a noise token needs a value of at least 1 (the rooms the Babysitter moves)")
                value = None
            colour = entry.get("colour", "")
            if not isinstance(colour, str):
                self.add(self.lines.where("search_tokens", "colour", nth), f"colour must be a string, not {colour!r}")
                colour = None
            elif kind == "objective" and not colour:
                self.add(header, "an objective token needs a colour")
                colour = None
            if count is not None and count < 1:
                self.add(self.lines.where("search_tokens", "count", nth), f"count must be at least 1, not {count}")
                count = None
            if kind is None or count is None or value is None or colour is None:
                complete = False
                continue
            lines.setdefault(kind, header)
            tokens.append(TokenSpec(kind, count, value, colour))
        first = self.lines.header("search_tokens")
        if not complete:
            return tokens  # totals would only repeat the problems above
        total = sum(t.count for t in tokens)
        if total > MAX_TOKENS:
            self.add(first, f"search tokens total {total}; at most {MAX_TOKENS}")
            return tokens
        if rooms is not None and per_room is not None and total != per_room * len(rooms):
            self.add(first, f"search tokens total {total}, but {len(rooms)} rooms x {per_room} need {per_room * len(rooms)}")
        for kind in ("trap_door", "skeleton_key"):
            n = sum(t.count for t in tokens if t.kind == kind)
            if n != 1:
                self.add(lines.get(kind, first), f"there must be exactly one {kind} token, not {n}")
        colours: dict[str, int] = {}
        for t in tokens:
            if t.kind == "objective":
                colours[t.colour] = colours.get(t.colour, 0) + t.count
        if max(colours.values(), default=0) < OBJECTIVES_NEEDED:
            self.add(lines.get("objective", first),
                     f"the Finale needs {OBJECTIVES_NEEDED} objective tokens of one colour; the file has {colours or 'none'}")
        return tokens

    def check_graph(self, rooms: list[str], corridors: list[str], passages: list[tuple[str, str]],
                    rules: dict[str, Any]) -> None:
        zones = list(dict.fromkeys(rooms + corridors))
        graph = Graph.build(zones, passages)
        attic: str | None = rules.get("attic")
        secret: str | None = rules.get("secret_room")
        start: str | None = rules.get("children_start")
        if secret is not None:
            for a, b in passages:
                if secret in (a, b):
                    self.add(self.lines.value("zones", "passages", pair(a, b)),
                             f"passage {a}-{b} touches the secret room {secret!r}, which has no passages (only the Trap Door)")
        if attic is not None and not graph.neighbours(attic):
            self.add(self.lines.where("rules", "attic"), f"the attic {attic!r} has no passage (its padlocked door must be on the plan)")
        if start is None:
            return
        reach = graph.reachable(start)
        room_set = set(rooms)
        for z in zones:
            if z != secret and z not in reach:
                key = "rooms" if z in room_set else "corridors"
                self.add(self.lines.value("zones", key, quoted(z)),
                         f"{'room' if z in room_set else 'corridor'} {z!r} cannot be reached from children_start {start!r}")
        sitter: str | None = rules.get("babysitter_start")
        if sitter is not None and sitter != secret and sitter not in reach:
            self.add(self.lines.where("rules", "babysitter_start"),
                     f"babysitter_start {sitter!r} cannot be reached from children_start {start!r}")
        if attic is not None and attic in reach:
            # Until the Skeleton Key is placed the attic is closed; nothing else may hide behind it.
            locked = graph.with_edges(without=[attic]).reachable(start)
            for z in zones:
                if z in reach and z not in locked and z != attic:
                    key = "rooms" if z in room_set else "corridors"
                    self.add(self.lines.value("zones", key, quoted(z)),
                             f"{z!r} can only be reached through the locked attic {attic!r}")
