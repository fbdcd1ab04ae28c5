"""Run the app without a blocking main loop: for `companion shots`, the UI tests and the benchmark.

The real widgets and the real journal; time advances by pumping Kivy's event loop.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.base import EventLoop, runTouchApp
from kivy.core.window import Window

from companion.ui import theme as T
from companion.ui.app import CompanionApp

_started = False


class Harness:
    def __init__(self, data_dir: Path, camera: str = "none", hardware: bool = True, resume: bool = False,
                 port: str | None = None, seed: int | None = 1) -> None:
        global _started
        Window.size = (800, 480)
        Window.clearcolor = T.BG
        self.app = CompanionApp(data_dir / "journal.sqlite", data_dir, port=port, camera=camera, resume=resume,
                                hardware=hardware)
        self.app.seed = seed
        App._running_app = self.app  # kv rules read `app`
        self.root = self.app.build()
        self.app.root = self.root
        if not _started:
            runTouchApp(self.root, embedded=True)
            _started = True
        else:
            Window.add_widget(self.root)
        self.pump(frames=3)

    def pump(self, seconds: float = 0.0, frames: int = 2) -> None:
        end = time.monotonic() + seconds
        n = 0
        while n < frames or time.monotonic() < end:
            EventLoop.idle()
            n += 1
            if seconds:
                time.sleep(0.01)

    def until(self, pred: Any, timeout: float = 5.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(frames=1)
            if pred():
                return True
            time.sleep(0.02)
        return bool(pred())

    @property
    def screen(self) -> Any:
        return self.app.screen(self.app.sm.current)

    def tap(self, action: str, screen: str | None = None) -> None:
        """Press a button by its action name, the way a finger does (press, then release)."""
        scr = self.app.screen(screen) if screen else self.screen
        btn = scr.find(action)
        if btn.disabled:
            raise AssertionError(f"{scr.name}: button {action!r} is disabled")
        btn.dispatch("on_press")
        btn.dispatch("on_release")
        self.pump()

    def prompt(self) -> str:
        return str(self.app.controller.view()["prompt"])

    def shot(self, path: Path) -> None:
        self.pump(frames=3)
        path.parent.mkdir(parents=True, exist_ok=True)
        Window.screenshot(str(path))
        # Window.screenshot numbers its files (name0001.png): put the picture where it was asked.
        made = sorted(path.parent.glob(path.stem + "[0-9][0-9][0-9][0-9].png"))
        if made:
            made[-1].replace(path)

    def close(self) -> None:
        # on_stop also clears kv's cached `app`, so the next app in this process gets the taps.
        self.app.dispatch("on_stop")
        Window.remove_widget(self.root)
        App._running_app = None
