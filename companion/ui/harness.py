"""Run the app without a blocking main loop: for `companion shots`, the UI tests and the benchmark.

The real widgets and the real journal; time advances by pumping Kivy's event loop.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.base import EventLoop, runTouchApp
from kivy.clock import Clock
from kivy.core.window import Window

from companion.ui import theme as T
from companion.ui import touch
from companion.ui.app import CompanionApp

_started = False
STILL_S = 0.2  # more than the 1/6 s over which Kivy's KineticEffect measures a release's speed


class Harness:
    def __init__(self, data_dir: Path, camera: str = "none", hardware: bool = True, resume: bool = False,
                 port: str | None = None, seed: int | None = 1, pin_factory: Any = None,
                 draw: bool = True, zone_map: str | None = None, language: str | None = "en") -> None:
        """`draw=False` (tests, `shots`): every widget, layout and touch is real, but no frame is
        rasterised (software GL makes a frame cost ~60 ms) except the frames `shot` draws.
        `language`: the one the table chose before, when the settings name none yet ("de": German;
        None: a first start, which asks)."""
        global _started
        # The harness steps frames itself and moves the clock itself (touch.let_pass, shots): the
        # frame-rate limiter, which waits on that clock, would wait for ever while it stands still
        Clock._max_fps = 0.0
        Window.size = (800, 480)
        Window.clearcolor = T.BG
        self.app = CompanionApp(data_dir / "journal.sqlite", data_dir, port=port, camera=camera, resume=resume,
                                hardware=hardware, pin_factory=pin_factory)
        self.app.seed = seed
        if language and not self.app.prefs.language:
            self.app.prefs.language = language
        if zone_map is not None:
            self.app.prefs.zone_map = zone_map
        App._running_app = self.app  # kv rules read `app`
        self.root = self.app.build()
        self.app.root = self.root
        if not _started:
            runTouchApp(self.root, embedded=True)
            _started = True
        else:
            Window.add_widget(self.root)
        self.finger = touch.Finger()
        self._no_draw: list[tuple[str, int]] = []
        if not draw:
            self._drawing(False)
        self.pump(frames=3)

    def _drawing(self, on: bool) -> None:
        if on:
            for event, uid in self._no_draw:
                Window.unbind_uid(event, uid)
            self._no_draw = []
            Window.canvas.ask_update()  # the whole window again, not only what changed
        elif not self._no_draw:
            for event in ("on_draw", "on_flip"):
                self._no_draw.append((event, Window.fbind(event, lambda *_: True)))

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

    def find(self, action: str) -> Any:
        """The shown control with this `action` name, wherever it is on screen (overlays too)."""
        found = [w for w in touch.controls(enabled_only=False) if getattr(w, "action", None) == action]
        if not found:
            raise LookupError(f"{self.app.sm.current}: no button {action!r} on screen")
        return found[-1]

    def tap(self, action: str, hold: float = 0.0) -> None:
        """A finger on the control with this action name: down and up at its centre, through the
        window's touch dispatch. Fails when the touch does not get to that control."""
        self.pump(frames=1)  # layouts settle on the next frame: aim where the button really is
        btn = self.find(action)
        if btn.disabled:
            raise AssertionError(f"{self.app.sm.current}: button {action!r} is disabled")
        self.tap_widget(btn, hold)

    def visible(self, action: str) -> bool:
        """A control with this action name shows where a finger can reach it (not scrolled away)."""
        self.pump(frames=1)  # as tap: a screen just built lays itself out on the next frame
        return any(getattr(w, "action", None) == action for w in touch.controls())

    def scroll_to(self, action: str, scroller: Any = None, tries: int = 6) -> Any:
        """Slide a list up with a finger until the control with this action shows; returns it.
        `scroller`: the list (default: the first list on the screen that can still go down).
        The finger stops before it lifts, so the list does not fling on: it moves by what the
        finger moved, the same on every machine (a fling's length depends on how fast the frames
        came). For a pack's `shots` and the tests alike."""
        for _ in range(tries):
            self.pump(frames=2)
            if self.visible(action):
                return self.find(action)
            view = scroller if scroller is not None else self._scrollable()
            if view is None:
                break
            (x0, y0), margin = view.to_window(view.x, view.y), min(30.0, view.height * 0.15)
            x, low, high = x0 + view.width / 2, y0 + margin, y0 + view.height - margin
            self.finger.down(x, low)
            y = low
            while y < high:
                y = min(high, y + 12)
                self.finger.move(x, y)
                touch.let_pass(touch.FRAME_S)
            time.sleep(STILL_S)  # the list's fling speed is taken from real times (KineticEffect)
            self.finger.up()
            touch.let_pass(0.4)
        raise AssertionError(f"{self.app.sm.current}: {action!r} did not come into view")

    def _scrollable(self) -> Any:
        from kivy.uix.scrollview import ScrollView

        lists = [w for w in self.screen.walk(restrict=True)
                 if isinstance(w, ScrollView) and w.do_scroll_y and w.scroll_y > 0.001
                 and w.children and w.children[0].height > w.height]
        return lists[0] if lists else None

    def choose_game(self, action: str) -> None:
        """On the choose screen, the game's tile (its `tile_action`) by touch: "More games" turns
        the page until the tile shows (with more than four games), then a tap on it."""
        from companion.core.packs import codes

        self.pump(frames=1)
        for _ in codes(include_unavailable=True):  # never more pages than games
            if self.visible(action):
                break
            self.tap("more_games")
        self.tap(action)

    def tap_widget(self, w: Any, hold: float = 0.0) -> None:
        got: list[bool] = []

        def seen(widget: Any, t: Any) -> None:
            if widget.collide_point(*t.pos):
                got.append(True)

        uid = w.fbind("on_touch_down", seen)
        try:
            x, y = touch.centre(w)
            # A list waits to see whether a touch is a drag before it hands it on (~0.2 s).
            self.finger.tap(x, y, hold=hold, settle=0.25 if touch.in_scroller(w) else 0.0)
        finally:
            w.unbind_uid("on_touch_down", uid)
        if not got:
            raise AssertionError(f"a touch at {touch.describe(w)}'s centre did not reach it")
        self.pump(frames=1)

    def tap_at(self, x: float, y: float) -> None:
        self.finger.tap(x, y)
        self.pump()

    def drag(self, points: Any) -> None:
        self.finger.drag(points)
        self.pump()

    def home(self) -> None:
        """Back to the first screen with every layer closed (between tests sharing one app)."""
        app = self.app
        for layer in (app.summary, app.confirm, app.why, app.keyboard):
            layer.shown = False
        app.toaster.hide()
        app.question, app.fix_text = None, ""
        from companion.ui.hardware import CardScanner
        from companion.ui.settings import Settings

        from companion.i18n import language

        app.prefs = Settings(language=language())
        app.save_prefs()
        if app.scanner.spec != "none":
            app.scanner.close()
            app.scanner = CardScanner("none", schedule=app.later)
            app.scanner.open()
        app.go("choose")
        self.pump()

    def prompt(self) -> str:
        return str(self.app.controller.view()["prompt"])

    def shot(self, path: Path) -> None:
        """The screen as it is now, as a PNG: drawn for this shot when the harness does not draw."""
        drawn = not self._no_draw
        self._drawing(True)
        try:
            self.pump(frames=3)
            path.parent.mkdir(parents=True, exist_ok=True)
            Window.screenshot(str(path))
        finally:
            if not drawn:
                self._drawing(False)
        # Window.screenshot numbers its files (name0001.png): put the picture where it was asked.
        made = sorted(path.parent.glob(path.stem + "[0-9][0-9][0-9][0-9].png"))
        if made:
            made[-1].replace(path)

    def close(self) -> None:
        self._drawing(True)
        # on_stop also clears kv's cached `app`, so the next app in this process gets the taps.
        self.app.dispatch("on_stop")
        Window.remove_widget(self.root)
        App._running_app = None
        from companion import i18n

        i18n.set_language(i18n.DEFAULT)  # the language is the process's: the next test starts in English
        T.set_scale(1.0)  # the app's text size (Settings -> Large text) ends with it
