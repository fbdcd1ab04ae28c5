"""One scan per showing: turns a stream of per-frame card sets into "card presented" events.

Pure logic with an injectable clock. A card held under the camera for two seconds is in ~60
frames but is one scan. It counts again only after it has left the view: missing from at least
`absent_frames` consecutive decoded frames AND for at least `absent_s` seconds. Both, because one
unread frame (blur, a hand) is not leaving, and at a low frame rate a few frames can be long.
Two cards in view at once are tracked separately: two scans.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Hashable, Iterable, TypeVar

K = TypeVar("K", bound=Hashable)


@dataclass
class _Track:
    last_seen: float
    missed_frames: int = 0


@dataclass
class Presence:
    absent_s: float = 0.8
    absent_frames: int = 3
    clock: Callable[[], float] = time.monotonic
    _tracks: dict[Hashable, _Track] = field(default_factory=dict)

    def update(self, seen: Iterable[K], now: float | None = None) -> list[K]:
        """Feed one decoded frame's cards; returns the cards newly presented, in sorted order."""
        now = self.clock() if now is None else now
        seen_set = set(seen)
        new: list[K] = []
        for key in list(self._tracks):
            track = self._tracks[key]
            if key in seen_set:
                continue
            track.missed_frames += 1
            if track.missed_frames >= self.absent_frames and now - track.last_seen >= self.absent_s:
                del self._tracks[key]  # it left the view: showing it again is a new scan
        for key in seen_set:
            known = self._tracks.get(key)
            if known is None:
                self._tracks[key] = _Track(now)
                new.append(key)
            else:
                known.last_seen = now
                known.missed_frames = 0
        return sorted(new)  # type: ignore[type-var]

    @property
    def in_view(self) -> frozenset[Hashable]:
        return frozenset(self._tracks)

    def reset(self) -> None:
        self._tracks.clear()
