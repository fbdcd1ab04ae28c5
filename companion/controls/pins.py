"""The [controls] table of hardware/pins.toml, the one pin map shared with the firmware."""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from companion.core.errors import BoardFileError, CompanionError

PINS_FILE = Path(__file__).resolve().parents[2] / "hardware" / "pins.toml"


class PinMapError(BoardFileError):
    """hardware/pins.toml is missing or wrong; says file and line where it can."""


class ControlsError(CompanionError, RuntimeError):
    """The GPIO controls cannot be set up."""


@dataclass(frozen=True)
class ControlPins:
    confirm: int
    roll: int
    undo: int
    status_led: int
    buzzer: int
    bounce_s: float


def pins_path() -> Path:
    return Path(os.environ.get("COMPANION_PINS", PINS_FILE))


def load_control_pins(path: str | Path | None = None) -> ControlPins:
    path = Path(path) if path is not None else pins_path()
    try:
        data = tomllib.loads(path.read_text())
    except OSError as exc:
        raise PinMapError(str(path), None, f"cannot read the pin map: {exc.strerror}") from exc
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise PinMapError(str(path), int(m.group(1)) if m else None, str(exc)) from exc
    table = data.get("controls")
    if not isinstance(table, dict):
        raise PinMapError(str(path), None, "no [controls] table")
    values: dict[str, int] = {}
    for key in ("confirm_pin", "roll_pin", "undo_pin", "status_led_pin", "buzzer_pin"):
        v = table.get(key)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 27:
            raise PinMapError(str(path), None, f"controls.{key} must be a BCM GPIO number 0..27, got {v!r}")
        values[key] = v
    if len(set(values.values())) != len(values):
        raise PinMapError(str(path), None, f"controls pins must all differ: {values}")
    return ControlPins(
        values["confirm_pin"], values["roll_pin"], values["undo_pin"], values["status_led_pin"],
        values["buzzer_pin"], int(table.get("bounce_ms", 50)) / 1000,
    )
