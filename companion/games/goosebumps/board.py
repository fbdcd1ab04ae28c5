"""The track file: spaces, Landmarks, STEAL spaces, the Graveyard shortcut, THE END and the
Monster Mayhem mix (data/madison.toml; none of it is printed in the rulebook).

`check_track` reports every problem it finds, each with the file and line to fix; `load_track`
raises them all at once. The checker is linear in the file's size, and refuses files over
MAX_BYTES before parsing.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence, TypeGuard

from companion.core.errors import BoardFileError
from companion.games.goosebumps.cards import MAYHEM, MAYHEM_CARDS, Mix

MAX_BYTES = 64 * 1024
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


@dataclass(frozen=True)
class TrackIssue:
    path: str
    line: int | None
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}" if self.line is not None else f"{self.path}: {self.message}"


class TrackFileIssues(BoardFileError):
    """A track file with one or more problems; `issues` holds them all."""

    def __init__(self, issues: Sequence[TrackIssue]) -> None:
        first = issues[0]
        more = "".join(f"\n  {i}" for i in issues[1:])
        super().__init__(first.path, first.line,
                         first.message + (f" (and {len(issues) - 1} more:{more})" if more else ""))
        self.issues = tuple(issues)


def default_track_path() -> Path:
    return Path(__file__).resolve().parent / "data" / "madison.toml"


_TRACKS: dict[str, Track] = {}


def track_for(board: str) -> Track:
    """The track of a game's `board` option ("" = the shipped placeholder), read once per run
    (the reducer asks on every input)."""
    track = _TRACKS.get(board)
    if track is None:
        track = load_track(board or default_track_path())
        if len(_TRACKS) > 16:
            _TRACKS.clear()
        _TRACKS[board] = track
    return track


def load_track(path: str | Path) -> Track:
    track, issues = _read(path)
    if issues:
        raise TrackFileIssues(issues)
    assert track is not None
    return track


def check_track(path: str | Path) -> list[TrackIssue]:
    return _read(path)[1]


class _Lines:
    """Finds the line of a key, or of a value after it, in the raw text (tomllib gives no
    positions)."""

    def __init__(self, text: str) -> None:
        self.rows: list[tuple[str, int, str]] = []
        self.headers: dict[str, int] = {}
        section = ""
        for i, line in enumerate(text.splitlines(), 1):
            line = _strip_comment(line)
            m = re.match(r"\s*\[([A-Za-z_]+)\]\s*$", line)
            if m:
                section = m.group(1)
                self.headers[section] = i
            self.rows.append((section, i, line))

    def of(self, key: str, section: str = "", pattern: str | None = None) -> int | None:
        """The line of `key = ` in `section`, or of the first line from there that matches
        `pattern`; the section's header line for an empty key."""
        start = None
        for sec, i, line in self.rows:
            if sec != section:
                continue
            if start is None:
                if not key or not re.search(rf"(^|[\s{{,]){re.escape(key)}\s*=", line):
                    continue
                start = i
                if pattern is None:
                    return i
            if pattern is not None and re.search(pattern, line):
                return i
        return start or self.headers.get(section)


def _strip_comment(line: str) -> str:
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[:i]
    return line


def _read(path: str | Path) -> tuple[Track | None, list[TrackIssue]]:
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        return None, [TrackIssue(name, None, f"cannot read the track file: {exc.strerror or exc}")]
    if len(raw) > MAX_BYTES:
        return None, [TrackIssue(name, None, f"{len(raw)} bytes: a track file is at most {MAX_BYTES}")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, [TrackIssue(name, None, f"not UTF-8 text: {exc.reason}")]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"at line (\d+)", str(exc))
        line = int(m.group(1)) if m else (max(1, len(text.splitlines())) if "end of document" in str(exc) else None)
        return None, [TrackIssue(name, line, f"TOML syntax error: {exc}")]
    return _Checker(name, text, data).run()


def _is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


class _Checker:
    def __init__(self, path: str, text: str, data: dict[str, Any]) -> None:
        self.path = path
        self.data = data
        self.at = _Lines(text)
        self.issues: list[TrackIssue] = []

    def bad(self, line: int | None, message: str) -> None:
        self.issues.append(TrackIssue(self.path, line, message))

    def run(self) -> tuple[Track | None, list[TrackIssue]]:
        d = self.data
        for key in sorted(set(d) - _TOP_KEYS):
            self.bad(self.at.of(key), f"unknown key {key!r} (known: {', '.join(sorted(_TOP_KEYS))})")
        if d.get("format", FORMAT) != FORMAT:
            self.bad(self.at.of("format"), f"format {d.get('format')!r}: this companion reads format {FORMAT}")
        name = d.get("name", "Madison")
        if not isinstance(name, str) or not name.strip():
            self.bad(self.at.of("name"), "name must be a non-empty string")
            name = "Madison"
        end = d.get("end")
        if not _is_int(end) or not 10 <= end <= MAX_END:
            self.bad(self.at.of("end"), f"end (THE END's space) must be a whole number from 10 to {MAX_END}, "
                                        f"not {end!r}")
            end = None
        landmarks, names = self._landmarks(end)
        steal = self._steal(end, landmarks)
        sign, tomb = self._shortcut(end, landmarks, steal)
        mix = self._mix()
        if self.issues or end is None:
            return None, self.issues
        return Track(name, end, tuple(landmarks), tuple(names), frozenset(steal), sign, tomb, mix, self.path), []

    def _landmarks(self, end: int | None) -> tuple[list[int], list[str]]:
        raw = self.data.get("landmarks")
        line = self.at.of("landmarks")
        if not isinstance(raw, list) or len(raw) != len(LANDMARKS):
            self.bad(line, f"landmarks must list the {len(LANDMARKS)} Landmarks of the rulebook, "
                           f"in path order: {', '.join(LANDMARKS)}")
            return [], []
        spaces: list[int] = []
        names: list[str] = []
        for i, (item, want) in enumerate(zip(raw, LANDMARKS)):
            sp_text = str(item.get("space")) if isinstance(item, dict) else ""
            where = self.at.of("landmarks", pattern=rf"space\s*=\s*{re.escape(sp_text)}(?![\w.])") if sp_text else line
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
            self.bad(self.at.of("steal"), "steal must be a list of space numbers")
            return []
        out: list[int] = []
        for sp in raw:
            where = self.at.of("steal", pattern=rf"(?<![\w.]){re.escape(str(sp))}(?![\w.])")
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
            self.bad(self.at.of("", "shortcut"), "[shortcut] needs exactly sign = N and tombstone = N")
            return -1, -1
        sign, tomb = raw["sign"], raw["tombstone"]
        ok = True
        for key, v in (("sign", sign), ("tombstone", tomb)):
            if not _is_int(v) or (end is not None and not 0 < v < end):
                self.bad(self.at.of(key, "shortcut"), f"{key} must be a space between START and THE END, not {v!r}")
                ok = False
        if not ok:
            return -1, -1
        if sign in landmarks or sign in steal:
            self.bad(self.at.of("sign", "shortcut"), f"the sign (space {sign}) must be a plain space, "
                                                     "not a Landmark or a STEAL space")
        if tomb <= sign:
            self.bad(self.at.of("tombstone", "shortcut"), f"the top tombstone (space {tomb}) must lie ahead "
                                                          f"of the sign (space {sign})")
        return sign, tomb

    def _mix(self) -> Mix:
        raw = self.data.get("mayhem")
        if raw is None:
            return Mix()
        if not isinstance(raw, dict):
            self.bad(self.at.of("mayhem"), "[mayhem] must give a count per Monster Mayhem kind")
            return Mix()
        counts: dict[str, int] = {}
        for key, v in raw.items():
            if key not in MAYHEM:
                self.bad(self.at.of(key, "mayhem"), f"unknown Monster Mayhem kind {key!r} "
                                                    f"(known: {', '.join(MAYHEM)})")
            elif not _is_int(v) or v < 0:
                self.bad(self.at.of(key, "mayhem"), f"{key} must be a count, not {v!r}")
            else:
                counts[key] = v
        missing = [k for k in MAYHEM if k not in raw]
        if missing:
            self.bad(self.at.of("", "mayhem"), f"[mayhem] is missing {', '.join(missing)} (write 0 for none)")
        mix = Mix(**counts) if not missing else Mix()
        if not missing and len(counts) == len(MAYHEM) and mix.total() != MAYHEM_CARDS:
            self.bad(self.at.of("", "mayhem"), f"the box has {MAYHEM_CARDS} Monster Mayhem cards; "
                                               f"[mayhem] counts {mix.total()}")
        return mix
