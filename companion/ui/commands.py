"""`companion run` (the touchscreen app) and `companion shots OUTDIR` (every screen as a PNG).

Import-light: Kivy is imported only inside the handlers.
"""

from __future__ import annotations

import argparse
import logging
import os
from pathlib import Path
from typing import Any

# Kivy's probes for optional helpers that are simply not installed: not errors, so not shown.
# Everything else Kivy or the companion logs at warning or above still is.
KNOWN_NOISE = (
    "Cutbuffer: Unable to find any valuable Cutbuffer provider",  # xclip/xsel for the X cut buffer
    "Config: Older configuration version detected",  # a new KIVY_HOME: Kivy writes its config
    "Config: Upgrading configuration in progress",
)


class _QuietProbes(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        return not text.startswith(KNOWN_NOISE)


def quiet_logging() -> None:
    """Warnings and errors, one line each, without the noise of a normal start."""
    root = logging.getLogger()
    if not root.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(levelname)s: %(name)s: %(message)s"))
        handler.setLevel(logging.WARNING)  # Kivy sets its own logger to INFO: its chatter stays out
        root.addHandler(handler)
        root.setLevel(logging.WARNING)
    kivy_logger = logging.getLogger("kivy")
    for f in (kivy_logger, *logging.getLogger().handlers):
        if not any(isinstance(x, _QuietProbes) for x in f.filters):
            f.addFilter(_QuietProbes())


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("run", help="start the touchscreen app (fullscreen on the Pi)")
    p.add_argument("--windowed", action="store_true", help="an 800x480 window instead of full screen")
    p.add_argument("--journal", help="the SQLite journal (default: the user's data dir)")
    p.add_argument("--port", help="the sensor board's serial port or URL (default: the virtual board)")
    p.add_argument("--camera", help="picamera2, opencv:N, file:PATH, mock or none (default: auto)")
    p.add_argument("--resume", action="store_true", help="go straight back into the latest unfinished game")
    p.add_argument("--zone-map", help="the sensor board's channel->zone map (e.g. the one for board-sim, see docs/ui.md)")
    p.set_defaults(func=cmd_run)
    s = subparsers.add_parser("shots", help="render every screen with a representative game to 800x480 PNGs")
    s.add_argument("outdir", help="folder for the PNGs")
    s.add_argument("--game", default="BGM", help="the game's code (BGM, SOL, BIN, GSB, PIG) or all")
    s.add_argument("--lang", default="en", choices=("en", "de"), help="the screens' language (default: en)")
    s.add_argument("--large", action="store_true", help="at the Large text size (Settings -> Large text: +25 %%)")
    s.set_defaults(func=cmd_shots)
    r = subparsers.add_parser("readability", help="font sizes, clipping and contrast on every screen `shots` renders")
    r.add_argument("--game", default="all", help="the game's code (BGM, SOL, BIN, GSB) or all")
    r.add_argument("--list", action="store_true", help="also list every text under 20 px, clipped or low in contrast")
    r.add_argument("--lang", default="en", choices=("en", "de"),
                   help="the screens' language; de also counts the texts not from the catalogs (untranslated)")
    r.add_argument("--large", action="store_true", help="at the Large text size (Settings -> Large text: +25 %%)")
    r.set_defaults(func=cmd_readability)


def configure_kivy(fullscreen: bool) -> None:
    """Kivy reads its config at import: set it first, and keep it away from the user's ~/.kivy."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
    quiet_logging()
    # SDL2's own clipboard: Kivy would otherwise probe xclip/xsel and print tracebacks when absent.
    os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")
    # Probing for a camera that is not there is normal; the status bar says "No camera".
    os.environ.setdefault("OPENCV_LOG_LEVEL", "OFF")
    from kivy.config import Config

    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    Config.set("graphics", "resizable", "0" if fullscreen else "1")
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("graphics", "show_cursor", "0" if fullscreen else "1")
    Config.set("kivy", "exit_on_escape", "0" if fullscreen else "1")
    Config.set("input", "mouse", "mouse,disable_multitouch")


def _journal_path(arg: str | None) -> Path:
    from companion.core.journal import default_journal_path

    return Path(arg).expanduser() if arg else default_journal_path()


def cmd_run(args: argparse.Namespace) -> int:
    # Full screen unless asked for a window, or when a desktop session is there (a laptop).
    fullscreen = not args.windowed and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")
    configure_kivy(fullscreen)
    from companion.ui.app import run

    journal = _journal_path(args.journal)
    return run(journal, journal.parent, args.port, args.camera, not fullscreen, args.resume, args.zone_map)


def cmd_shots(args: argparse.Namespace) -> int:
    configure_kivy(False)
    from companion.ui.shots import shots

    return shots(Path(args.outdir), args.game, args.lang, args.large)


def cmd_readability(args: argparse.Namespace) -> int:
    configure_kivy(False)
    from companion.ui.readability import report

    return report(args.game, args.list, args.lang, large=args.large)
