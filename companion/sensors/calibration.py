"""Channel-to-zone maps (one file per board) and the calibration wizard that writes them.

Map file, TOML (or the same shape in JSON):

    board = "villa-spencer"      # which board this mat was calibrated for
    [channels]                   # sensor channel = zone id (strings from the board file)
    0 = "1"
    1 = "2"
    24 = "C1"

Several channels may name one zone (a big room with two sensors); a channel names one zone.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from companion.i18n import N_
from typing import Iterable, Mapping, Sequence

from companion.sensors.errors import UnknownZone, ZoneMapError

MAX_CHANNELS = 64


@dataclass(frozen=True)
class ZoneMap:
    board: str
    channels: Mapping[int, str]
    source: str = "<memory>"

    def zone_of(self, channel: int) -> str | None:
        return self.channels.get(channel)

    def channels_of(self, zone: str) -> list[int]:
        found = sorted(ch for ch, z in self.channels.items() if z == zone)
        if not found:
            raise UnknownZone(f"zone {zone!r} has no sensor channel in {self.source}")
        return found

    def zones(self, occupied: Iterable[int]) -> frozenset[str]:
        """Occupied zones from occupied channels; unmapped channels are left out."""
        return frozenset(z for ch in occupied if (z := self.channels.get(ch)) is not None)

    def to_toml(self) -> str:
        lines = [
            "# Sensor channel -> zone map, written by `companion sensors calibrate`.",
            f"board = {json.dumps(self.board)}",
            "",
            "[channels]",
        ]
        lines += [f"{ch} = {json.dumps(zone)}" for ch, zone in sorted(self.channels.items())]
        return "\n".join(lines) + "\n"

    def save(self, path: str | Path) -> None:
        path = Path(path)
        if path.suffix == ".json":
            text = json.dumps({"board": self.board, "channels": {str(k): v for k, v in sorted(self.channels.items())}}, indent=2) + "\n"
        else:
            text = self.to_toml()
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(text)
        tmp.replace(path)  # never leave a half-written map behind


def _line_of(text: str, key: str) -> int | None:
    pattern = re.compile(rf'^[ \t]*"?{re.escape(key)}"?[ \t]*[=:]', re.MULTILINE)
    m = pattern.search(text)
    return text.count("\n", 0, m.start()) + 1 if m else None


def load_map(path: str | Path, zones: Iterable[str] | None = None) -> ZoneMap:
    """Read a map file; `zones`, when given, are the board's zone ids every entry must be one of."""
    path = Path(path)
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ZoneMapError(name, None, f"cannot read the zone map: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise ZoneMapError(name, None, f"not UTF-8 text: {exc}") from exc
    if path.suffix == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ZoneMapError(name, exc.lineno, f"not valid JSON: {exc.msg}") from exc
    else:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            m = re.search(r"line (\d+)", str(exc))
            raise ZoneMapError(name, int(m.group(1)) if m else None, f"not valid TOML: {exc}") from exc
    if not isinstance(data, dict):
        raise ZoneMapError(name, 1, "expected a table with board and channels")
    board = data.get("board")
    if not isinstance(board, str) or not board:
        raise ZoneMapError(name, _line_of(text, "board"), 'needs board = "<board name>"')
    raw = data.get("channels")
    if not isinstance(raw, dict) or not raw:
        raise ZoneMapError(name, _line_of(text, "channels"), "needs a non-empty [channels] table")
    known = frozenset(zones) if zones is not None else None
    channels: dict[int, str] = {}
    for key, zone in raw.items():
        line = _line_of(text, key)
        if not key.isdigit() or int(key) >= MAX_CHANNELS:
            raise ZoneMapError(name, line, f"channel {key!r} is not a number 0..{MAX_CHANNELS - 1}")
        if not isinstance(zone, str) or not zone.strip():
            raise ZoneMapError(name, line, f"channel {key}: zone must be a non-empty string, got {zone!r}")
        if known is not None and zone not in known:
            raise ZoneMapError(name, line, f"channel {key}: board {board!r} has no zone {zone!r}")
        if int(key) in channels:
            raise ZoneMapError(name, line, f"channel {int(key)} is listed twice")
        channels[int(key)] = zone
    return ZoneMap(board, channels, name)


# ---- the wizard -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Prompt:
    """What the wizard asks the person to do now."""

    kind: str  # "clear" (empty the board), "place", "lift", "done"
    zone: str | None
    text: str


@dataclass
class CalibrationWizard:
    """Place a piece on each zone in turn; the channel that lights up is that zone's sensor.

    Feed it every stable occupancy (channel numbers) with observe(); read `prompt` for what to
    say. It only assigns when exactly one new channel is occupied, so a second piece or a
    knocked sensor makes it ask again instead of guessing.
    """

    board: str
    zones: Sequence[str]
    assigned: dict[int, str] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)
    _index: int = 0
    _phase: str = "clear"
    _problem: str = ""

    def __post_init__(self) -> None:
        if len(set(self.zones)) != len(self.zones):
            raise ValueError("zone ids must be unique")

    @property
    def zone(self) -> str | None:
        return self.zones[self._index] if self._index < len(self.zones) else None

    @property
    def done(self) -> bool:
        return self.zone is None

    # The shapes of the prompts below, as the catalog says them in another language (Domain.said:
    # the calibration screen shows them through it; the English prompts are made as they are).
    SHAPES = (N_("Calibrated {n} channels for {board}."), N_("Take every piece off the board."),
              N_("Take every piece off the board.{problem}"), N_("Put one piece on zone {zone}."),
              N_("Put one piece on zone {zone}.{problem}"), N_("Zone {zone} is channel {channel}. Lift the piece."),
              N_(" (the mat sees {count} pieces; leave just one)"), N_(" (channel {channel} is already zone {zone})"))

    @property
    def prompt(self) -> Prompt:
        zone = self.zone
        if zone is None:
            return Prompt("done", None, f"Calibrated {len(self.assigned)} channels for {self.board}.")
        if self._phase == "clear":
            return Prompt("clear", zone, "Take every piece off the board." + self._problem)
        if self._phase == "place":
            return Prompt("place", zone, f"Put one piece on zone {zone}." + self._problem)
        return Prompt("lift", zone, f"Zone {zone} is channel {self._last_channel()}. Lift the piece.")

    def _last_channel(self) -> int:
        return next(ch for ch, z in self.assigned.items() if z == self.zone)

    def observe(self, occupied: frozenset[int]) -> Prompt:
        self._problem = ""
        if self._phase == "clear":
            if not occupied:
                self._phase = "place"
        elif self._phase == "place":
            new = occupied - frozenset(self.assigned)
            if len(occupied) > 1 or len(new) > 1:
                self._problem = f" (the mat sees {len(occupied)} pieces; leave just one)"
            elif len(new) == 1:
                self.assigned[next(iter(new))] = self.zones[self._index]
                self._phase = "lift"
            elif occupied:
                ch = next(iter(occupied))
                self._problem = f" (channel {ch} is already zone {self.assigned[ch]})"
        elif self._phase == "lift" and not occupied:
            self._index += 1
            self._phase = "place"
        return self.prompt

    def skip(self) -> Prompt:
        """This zone has no sensor; move on."""
        if self.zone is not None:
            self.skipped.append(self.zone)
            self._index += 1
            self._phase = "place" if self._phase != "clear" else "clear"
        return self.prompt

    def result(self) -> ZoneMap:
        return ZoneMap(self.board, dict(self.assigned))
