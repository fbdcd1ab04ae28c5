"""The house the Boogeyman game is played in, as typed data loaded from a board file.

The rulebook does not print the plan of Villa Spencer, the Stress Scale or the Ladder's Event
spaces: they live in data/villa_spencer.toml, which must be checked against the printed board
(`companion board check FILE`). The engine takes any valid board file.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.graph import Graph


@dataclass(frozen=True)
class TokenSpec:
    """One kind of Search token and how many of it the box holds.

    kind: noise (value = rooms the Babysitter moves), die (noise rolled on a die), candy,
    objective (colour), trap_door, skeleton_key, blank (no effect).
    """

    kind: str
    count: int
    value: int = 0
    colour: str = ""


@dataclass(frozen=True)
class House:
    name: str
    source: str                      # the file it was loaded from
    rooms: tuple[str, ...]           # numbered Rooms, "1".."25", in board order
    corridors: tuple[str, ...]       # unnumbered corridors, e.g. "C1".."C5"
    passages: tuple[tuple[str, str], ...]
    attic: str                       # locked until the Skeleton Key is placed on its lock
    secret_room: str                 # no passages: reached only through a revealed Trap Door
    double_search_rooms: tuple[str, ...]  # rooms dealt their 2 Search tokens first (6 and 20)
    children_start: str
    babysitter_start: str
    lock_rooms: tuple[str, ...]      # rooms that start with a Lock token on their stack
    ladder_spaces: int               # 10
    ladder_event_spaces: tuple[int, ...]  # 1-based spaces that show the Event symbol
    stress_top: int                  # the top space of each Stress track (start is 0)
    stress_trouble: tuple[int, ...]  # spaces with the Trouble symbol, same on both tracks
    search_tokens: tuple[TokenSpec, ...]
    tokens_per_room: int = 2

    @property
    def zones(self) -> tuple[str, ...]:
        return self.rooms + self.corridors

    def graph(self) -> Graph:
        return Graph.build(self.zones, self.passages)

    def is_room(self, zone: str) -> bool:
        return zone in self.rooms
