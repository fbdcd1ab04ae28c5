"""Board graphs: zones joined by passages, with shortest paths that are deterministic.

Ties between equally short paths are broken by the order zones appear in the board file, so
the Babysitter takes the same route on every replay.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Iterable, Mapping


@dataclass(frozen=True)
class Graph:
    order: tuple[str, ...]
    edges: Mapping[str, tuple[str, ...]]

    @staticmethod
    def build(zones: Iterable[str], passages: Iterable[tuple[str, str]]) -> "Graph":
        order = tuple(zones)
        rank = {z: i for i, z in enumerate(order)}
        adj: dict[str, set[str]] = {z: set() for z in order}
        for a, b in passages:
            if a not in adj or b not in adj:
                raise KeyError(f"passage {a}-{b} names a zone that is not on the board")
            adj[a].add(b)
            adj[b].add(a)
        edges = {z: tuple(sorted(n, key=rank.__getitem__)) for z, n in adj.items()}
        return Graph(order, edges)

    def with_edges(self, extra: Iterable[tuple[str, str]] = (), without: Iterable[str] = ()) -> "Graph":
        """The same board with passages added (a revealed Trap Door) or zones closed (a lock)."""
        closed = set(without)
        rank = {z: i for i, z in enumerate(self.order)}
        adj = {z: set(n) - closed for z, n in self.edges.items() if z not in closed}
        for a, b in extra:
            if a in adj and b in adj:
                adj[a].add(b)
                adj[b].add(a)
        edges = {z: tuple(sorted(n, key=rank.__getitem__)) for z, n in adj.items()}
        for z in closed:
            edges[z] = ()
        return Graph(self.order, edges)

    def neighbours(self, zone: str) -> tuple[str, ...]:
        return self.edges.get(zone, ())

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.edges.get(a, ())

    def distances(self, source: str) -> dict[str, int]:
        dist = {source: 0}
        queue = deque([source])
        while queue:
            z = queue.popleft()
            for n in self.edges.get(z, ()):
                if n not in dist:
                    dist[n] = dist[z] + 1
                    queue.append(n)
        return dist

    def path(self, source: str, target: str) -> tuple[str, ...] | None:
        """A shortest path from source to target, both included; None when unreachable."""
        if source == target:
            return (source,)
        back: dict[str, str] = {}
        seen = {source}
        queue = deque([source])
        while queue:
            z = queue.popleft()
            for n in self.edges.get(z, ()):
                if n in seen:
                    continue
                seen.add(n)
                back[n] = z
                if n == target:
                    out = [n]
                    while out[-1] != source:
                        out.append(back[out[-1]])
                    return tuple(reversed(out))
                queue.append(n)
        return None

    def reachable(self, source: str) -> frozenset[str]:
        return frozenset(self.distances(source))
