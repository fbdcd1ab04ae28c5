"""The app's settings, changed on the Settings screen and kept as JSON next to the journal."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError
from companion.core.files import write_text_atomic


class SettingsNotSaved(CompanionError, OSError):
    """The settings file could not be written; the settings in memory are unchanged."""


@dataclass
class Settings:
    mode: str = "coop"
    difficulty: str = "normal"
    sound: bool = True
    voice: bool = False
    camera: str = ""          # "" = auto, "none", "mock", "opencv:0", "picamera2", "file:PATH"
    serial_port: str = ""     # "" = the virtual board
    zone_map: str = ""        # the calibrated channel -> zone map for a real mat
    boogeyman: str = "normal" # Competitive: "person" plays it, or the device at easy/normal/hard
    devices: dict[str, str] = field(default_factory=dict)  # "CODE:seat" -> "person" or a device level
    look_seconds: int = 0     # private cards (companion/ui/hold.py): 0 = hold to see, N = a tap shows N s
    language: str = ""        # "en", "de" (companion/i18n.py); "" = not chosen yet: the first start asks
    large_text: bool = False  # every text 25 % larger (theme.LARGE), from the app's next start

    def device_level(self, code: str, seat: str) -> str:
        """Who holds a seat the device may take: "person", or the device's level."""
        if code == "BGM" and seat == "boogeyman":
            return self.boogeyman  # the setting from before the other games
        return self.devices.get(f"{code}:{seat}", "person")

    def set_device_level(self, code: str, seat: str, level: str) -> None:
        if code == "BGM" and seat == "boogeyman":
            self.boogeyman = level
        else:
            self.devices = {**self.devices, f"{code}:{seat}": level}

    @classmethod
    def load(cls, path: Path) -> "Settings":
        try:
            raw: Any = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()  # missing or damaged: defaults, never a crash at boot
        known = {f.name for f in fields(cls)}
        s = cls()
        if isinstance(raw, dict):
            for k, v in raw.items():
                if k in known and isinstance(v, type(getattr(s, k))):
                    if isinstance(v, dict):
                        v = {str(a): b for a, b in v.items() if isinstance(b, str)}
                    setattr(s, k, v)
        return s

    def save(self, path: Path) -> None:
        """Written whole or not at all (a temporary file, then a rename). A folder that cannot be
        written (read-only, full, not a folder) raises SettingsNotSaved, saying what and where;
        no temporary file is left behind."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomic(path, json.dumps(asdict(self), indent=2), prefix=".settings.")
        except OSError as exc:
            why = (exc.strerror or str(exc)).lower()
            raise SettingsNotSaved(f"Settings not saved: {path} cannot be written ({why}). The new setting "
                                   f"holds until the companion restarts.") from exc
