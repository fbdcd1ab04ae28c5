"""The track file: spaces, Landmarks, STEAL spaces, the Graveyard shortcut, THE END and the
Monster Mayhem mix (data/madison.toml; none of it is printed in the rulebook).

`check_track` reports every problem it finds, each with the file and line to fix; `load_track`
raises them all at once. The checker is linear in the file's size, and refuses files over
MAX_BYTES before parsing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from companion.core.datafile import (Issue, Lines, Token, Wording, loaded, number, parse_checked, quoted, read_checked,
                                     record_file, recorded, recorded_name)
from companion.games.goosebumps.cards import MAYHEM, MAYHEM_CARDS, Mix

MAX_BYTES = 64 * 1024
_WORDING = Wording(unreadable="cannot read the track file: {error}",
                   too_big="{size} bytes: a track file is at most {limit}")
MAX_END = 400
FORMAT = 1
LANDMARKS: tuple[str, ...] = (  # GSB-16, in the order the rulebook names them
    "R.L. Stine's House",
    "Madison Police Station",
    "the Graveyard",
    "the Highschool",
    "the Amusement Park",
)
_TOP_KEYS = frozenset({"format", "name", "end", "landmarks", "steal", "shortcut", "mayhem"})


def _canon(name: str) -> str:
    """'RL Stine's House' and "R.L. Stine's House" are one name; so are 'Graveyard' and 'the Graveyard'."""
    s = re.sub(r"[^a-z0-9]", "", name.lower())
    return s[3:] if s.startswith("the") else s


@dataclass(frozen=True)
class Track:
    """The printed trail as the game reads it: spaces 0 (START) .. end (THE END)."""

    name: str
    end: int
    landmarks: tuple[int, ...]
    landmark_names: tuple[str, ...]
    steal: frozenset[int]
    sign: int = -1  # -1: no shortcut
    tombstone: int = -1
    mix: Mix = Mix()
    path: str = ""
    # derived tables, one entry per space (filled in __post_init__)
    next_landmark: tuple[int, ...] = field(default=(), compare=False, repr=False)
    prev_landmark: tuple[int, ...] = field(default=(), compare=False, repr=False)
    shared: tuple[bool, ...] = field(default=(), compare=False, repr=False)
    is_steal: tuple[bool, ...] = field(default=(), compare=False, repr=False)
    is_landmark: tuple[bool, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        n = self.end + 1
        lms = set(self.landmarks)
        nxt, prv = [-1] * n, [0] * n
        ahead, behind = -1, 0
        for i in range(n - 1, -1, -1):
            nxt[i] = ahead
            if i in lms:
                ahead = i
        for i in range(n):
            prv[i] = behind
            if i in lms:
                behind = i
        object.__setattr__(self, "next_landmark", tuple(nxt))
        object.__setattr__(self, "prev_landmark", tuple(prv))
        object.__setattr__(self, "is_landmark", tuple(i in lms for i in range(n)))
        object.__setattr__(self, "shared", tuple(i == 0 or i in lms for i in range(n)))
        object.__setattr__(self, "is_steal", tuple(i in self.steal for i in range(n)))

    def space_name(self, space: int) -> str:
        if space <= 0:
            return "START"
        if space >= self.end:
            return "THE END"
        if self.is_landmark[space]:
            return self.landmark_names[self.landmarks.index(space)]
        if space == self.sign:
            return f"space {space} (the Graveyard Shortcut sign)"
        if self.is_steal[space]:
            return f"space {space} (STEAL)"
        return f"space {space}"


def default_track_path() -> Path:
    return Path(__file__).resolve().parent / "data" / "madison.toml"


_TRACKS: dict[str, Track] = {}


def track_for(board: str) -> Track:
    """The track of a game's `board` option ("" = the shipped placeholder, a file's path as
    journals from before recording hold it, or as a game records it: `record_track`), read once
    per run (the reducer asks on every input)."""
    track = _TRACKS.get(board)
    if track is None:
        name, text = recorded(board)
        if text is not None:
            track = track_text(text, recorded_name(name, default_track_path()))
        else:
            track = load_track(board or default_track_path())
        if len(_TRACKS) > 16:
            _TRACKS.clear()
        _TRACKS[board] = track
    return track


def track_text(raw: bytes | str, name: str) -> Track:
    """The track of a file's content (as a game records it); `name` is for messages."""
    return loaded(parse_checked(raw, name, _Checker, MAX_BYTES, _WORDING))


def record_track(board: str) -> str:
    """The `board` option as a new game records it: the file's name, a newline and its content
    (a bad file is refused with its lines, before the game begins)."""
    return record_file(board, default_track_path(), track_text, MAX_BYTES, _WORDING, game="GSB")


def load_track(path: str | Path) -> Track:
    return loaded(_read(path))


def check_track(path: str | Path) -> list[Issue]:
    return _read(path)[1]


def _read(path: str | Path) -> tuple[Track | None, list[Issue]]:
    return read_checked(path, _Checker, MAX_BYTES, _WORDING)


def _token(value: Any) -> Token | None:
    """A list item as `Lines.value` finds it, if it is a number or a string."""
    return number(value) if _is_int(value) else quoted(value) if isinstance(value, str) else None


def _is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


class _Checker:
    def __init__(self, path: str, text: str, data: dict[str, Any]) -> None:
        self.path = path
        self.data = data
        self.at = Lines(text)
        self.issues: list[Issue] = []

    def bad(self, line: int | None, message: str) -> None:
        self.issues.append(Issue(self.path, line, message))

    def run(self) -> Track | None:
        d = self.data
        for key in sorted(set(d) - _TOP_KEYS):
            self.bad(self.at.where("", key), f"unknown key {key!r} (known: {', '.join(sorted(_TOP_KEYS))})")
        if d.get("format", FORMAT) != FORMAT:
            self.bad(self.at.where("", "format"), f"format {d.get('format')!r}: this companion reads format {FORMAT}")
        name = d.get("name", "Madison")
        if not isinstance(name, str) or not name.strip():
            self.bad(self.at.where("", "name"), "name must be a non-empty string")
            name = "Madison"
        end = d.get("end")
        if not _is_int(end) or not 10 <= end <= MAX_END:
            self.bad(self.at.where("", "end"), f"end (THE END's space) must be a whole number from 10 to {MAX_END}, "
                                        f"not {end!r}")
            end = None
        landmarks, names = self._landmarks(end)
        steal = self._steal(end, landmarks)
        sign, tomb = self._shortcut(end, landmarks, steal)
        mix = self._mix()
        if self.issues or end is None:
            return None
        return Track(name, end, tuple(landmarks), tuple(names), frozenset(steal), sign, tomb, mix, self.path)

    def _landmarks(self, end: int | None) -> tuple[list[int], list[str]]:
        raw = self.data.get("landmarks")
        line = self.at.where("", "landmarks")
        if not isinstance(raw, list) or len(raw) != len(LANDMARKS):
            self.bad(line, f"landmarks must list the {len(LANDMARKS)} Landmarks of the rulebook, "
                           f"in path order: {', '.join(LANDMARKS)}")
            return [], []
        spaces: list[int] = []
        names: list[str] = []
        for i, (item, want) in enumerate(zip(raw, LANDMARKS)):
            token = _token(item.get("space")) if isinstance(item, dict) else None
            where = self.at.value("", "landmarks", token) if token else line
            if not isinstance(item, dict) or set(item) - {"space", "name"}:
                self.bad(where or line, f"landmark {i + 1}: write {{ space = N, name = \"{want}\" }}")
                continue
            nm, sp = item.get("name", want), item.get("space")
            if not isinstance(nm, str) or _canon(nm) != _canon(want):
                self.bad(where or line, f"landmark {i + 1} must be {want!r} (the rulebook's order), not {nm!r}")
            if not _is_int(sp) or (end is not None and not 0 < sp < end):
                self.bad(where or line, f"{want}: space must be a whole number between START (0) and "
                                        f"THE END ({end}), not {sp!r}")
                continue
            if spaces and sp <= spaces[-1]:
                self.bad(where or line, f"{want} (space {sp}) must come after {names[-1]} (space {spaces[-1]})")
            spaces.append(sp)
            names.append(nm if isinstance(nm, str) else want)
        return spaces, names

    def _steal(self, end: int | None, landmarks: list[int]) -> list[int]:
        raw = self.data.get("steal", [])
        if not isinstance(raw, list):
            self.bad(self.at.where("", "steal"), "steal must be a list of space numbers")
            return []
        out: list[int] = []
        for sp in raw:
            token = _token(sp)
            where = self.at.value("", "steal", token) if token else self.at.where("", "steal")
            if not _is_int(sp) or (end is not None and not 0 < sp < end):
                self.bad(where, f"STEAL space {sp!r} must be a whole number between START (0) and THE END ({end})")
            elif sp in landmarks:
                self.bad(where, f"space {sp} cannot be both a Landmark and a STEAL space")
            elif sp in out:
                self.bad(where, f"STEAL space {sp} is listed twice")
            else:
                out.append(sp)
        return out

    def _shortcut(self, end: int | None, landmarks: list[int], steal: list[int]) -> tuple[int, int]:
        raw = self.data.get("shortcut")
        if raw is None:
            return -1, -1
        if not isinstance(raw, dict) or set(raw) != {"sign", "tombstone"}:
            self.bad(self.at.where("shortcut"), "[shortcut] needs exactly sign = N and tombstone = N")
            return -1, -1
        sign, tomb = raw["sign"], raw["tombstone"]
        ok = True
        for key, v in (("sign", sign), ("tombstone", tomb)):
            if not _is_int(v) or (end is not None and not 0 < v < end):
                self.bad(self.at.where("shortcut", key), f"{key} must be a space between START and THE END, not {v!r}")
                ok = False
        if not ok:
            return -1, -1
        if sign in landmarks or sign in steal:
            self.bad(self.at.where("shortcut", "sign"), f"the sign (space {sign}) must be a plain space, "
                                                     "not a Landmark or a STEAL space")
        if tomb <= sign:
            self.bad(self.at.where("shortcut", "tombstone"), f"the top tombstone (space {tomb}) must lie ahead "
                                                          f"of the sign (space {sign})")
        return sign, tomb

    def _mix(self) -> Mix:
        raw = self.data.get("mayhem")
        if raw is None:
            return Mix()
        if not isinstance(raw, dict):
            self.bad(self.at.where("", "mayhem"), "[mayhem] must give a count per Monster Mayhem kind")
            return Mix()
        counts: dict[str, int] = {}
        for key, v in raw.items():
            if key not in MAYHEM:
                self.bad(self.at.where("mayhem", key), f"unknown Monster Mayhem kind {key!r} "
                                                    f"(known: {', '.join(MAYHEM)})")
            elif not _is_int(v) or v < 0:
                self.bad(self.at.where("mayhem", key), f"{key} must be a count, not {v!r}")
            else:
                counts[key] = v
        missing = [k for k in MAYHEM if k not in raw]
        if missing:
            self.bad(self.at.where("mayhem"), f"[mayhem] is missing {', '.join(missing)} (write 0 for none)")
        mix = Mix(**counts) if not missing else Mix()
        if not missing and len(counts) == len(MAYHEM) and mix.total() != MAYHEM_CARDS:
            self.bad(self.at.where("mayhem"), f"the box has {MAYHEM_CARDS} Monster Mayhem cards; "
                                               f"[mayhem] counts {mix.total()}")
        return mix
