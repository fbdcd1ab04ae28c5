"""The companion's Kivy app: one window, a status bar always visible, screens, a toast.

Fullscreen on the Pi (SDL2 on KMS/DRM, see docs/ui.md), a window on a laptop.
"""

from __future__ import annotations

import importlib
import logging
import threading
from pathlib import Path
from typing import Any, Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.games.boogeyman.houses import house_for
from companion.ui import theme as T
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman import sensing
from companion.ui.controller import GameController
from companion.ui.hardware import CardScanner, SensorFeed, find_sensor_board
from companion.ui.layout import plan
from companion.ui.screens import SCREENS, BaseScreen
from companion.ui.seat import DeviceSeat
from companion.ui.settings import Settings
from companion.ui.sounds import Sounds
from companion.ui.widgets import StatusBar, Toast

log = logging.getLogger(__name__)
HERE = Path(__file__).parent
AUTO_SCREENS = {"table", "roll", "scan", "boogeyman", "finale"}  # where the game may route itself


class Shell(FloatLayout):
    pass


class CompanionApp(App):
    title = "Companion"

    def __init__(self, journal_path: Path, data_dir: Path, port: str | None = None, camera: str | None = None,
                 resume: bool = False, hardware: bool = True, **kw: Any) -> None:
        super().__init__(**kw)
        self.data_dir = data_dir
        self.settings_path = data_dir / "settings.json"
        self.prefs = Settings.load(self.settings_path)
        if port is not None:
            self.prefs.serial_port = port
        if camera is not None:
            self.prefs.camera = camera
        self.controller = GameController(journal_path)
        self.controller.subscribe(self._game_changed)
        self.seat = DeviceSeat(self.later, self._current_state, self.submit, self.toast,
                               lambda: self.controller.session.rules if self.controller.session else None)
        self.seat.level = self.prefs.boogeyman
        self.sounds = Sounds(data_dir / "sounds", self.prefs.sound, self.prefs.voice)
        self.auto_resume = resume
        self.seed: int | None = None  # None: a fresh random night; tests and shots fix it
        self.use_hardware = hardware
        self.house = house_for("")
        self.plan = plan(self.house)
        self.sensors: SensorFeed | None = None
        self.scanner = CardScanner(self.prefs.camera, schedule=self.later)
        self.fix_text = ""          # the one sensor fix the table is asked for, "" when it matches
        self.question: Any = None   # a sensing.Ask for the mismatch screen
        self._last_prompt = ""

    # ---- building ----
    def build(self) -> Any:
        T.register_fonts()
        # Unload first: a second app in one process (tests, shots) must not stack the rules twice.
        Builder.unload_file(str(HERE / "widgets.kv"))
        Builder.load_file(str(HERE / "widgets.kv"))
        self.sm = ScreenManager(transition=NoTransition())
        for name in SCREENS:
            module = importlib.import_module(f"companion.ui.screens.{name}")
            Builder.unload_file(str(HERE / "screens" / f"{name}.kv"))
            Builder.load_file(str(HERE / "screens" / f"{name}.kv"))
            self.sm.add_widget(module.SCREEN(name=name))
        self.status = StatusBar()
        self.toaster = Toast()
        box = BoxLayout(orientation="vertical")
        box.add_widget(self.status)
        box.add_widget(self.sm)
        root = Shell()
        root.add_widget(box)
        root.add_widget(self.toaster)
        self.sm.bind(current=lambda *_: self._entered())
        if self.use_hardware:
            self.start_sensors()
            threading.Thread(target=self._probe_camera, name="camera-probe", daemon=True).start()
        else:
            self.scanner.checked = True
        Clock.schedule_interval(self._tick, 0.2)
        resumed = self.auto_resume and self.controller.unfinished() is not None and self.controller.resume().ok
        self.go((self.controller.pending_screen() or "table") if resumed else "choose")
        self._update_status()
        if self.controller.notice:  # damage repaired, or why games cannot be saved right now
            Clock.schedule_once(lambda dt: self.toaster.show(self.controller.notice, "error", 12.0), 0.5)
        return root

    def on_stop(self) -> None:
        self.shutdown()

    def shutdown(self) -> None:
        if getattr(self, "_shut", False):
            return
        self._shut = True
        if self.sensors is not None:
            self.sensors.stop()
            self.sensors = None
        self.scanner.close()
        self.seat.close()
        self.controller.close()

    def later(self, fn: Callable[[], None]) -> None:
        """Hand work from a thread to the UI thread."""
        Clock.schedule_once(lambda dt: fn(), 0)

    def _probe_camera(self) -> None:
        self.scanner.open()
        self.later(self._update_status)

    def start_sensors(self) -> None:
        if self.sensors is not None:
            self.sensors.stop()
        port = self.prefs.serial_port or find_sensor_board()
        self.sensors = SensorFeed(self.house.zones, port, self.prefs.zone_map, schedule=self.later).start()
        self.sensors.subscribe(self._update_status)
        self._sync_virtual()

    def restart_camera(self) -> None:
        self.scanner.close()
        self.scanner = CardScanner(self.prefs.camera, schedule=self.later)
        threading.Thread(target=self._probe_camera, name="camera-probe", daemon=True).start()
        self._update_status()

    def _current_state(self) -> Any:
        return self.controller.state if self.controller.session is not None else None

    def save_prefs(self) -> None:
        self.sounds.enabled, self.sounds.voice = self.prefs.sound, self.prefs.voice
        self.seat.level = self.prefs.boogeyman
        self.prefs.save(self.settings_path)

    # ---- navigation and feedback ----
    def screen(self, name: str) -> BaseScreen:
        s: BaseScreen = self.sm.get_screen(name)
        return s

    def go(self, name: str) -> None:
        if self.sm.current == name:
            self._entered()
        else:
            self.sm.current = name

    def _entered(self) -> None:
        self.screen(self.sm.current).refresh()
        self._update_status()

    def toast(self, text: str, kind: str = "error") -> None:
        self.toaster.show(text, kind)

    def submit(self, inp: Any) -> bool:
        """Every input from a tap: committed to the journal before the screen shows it."""
        out = self.controller.submit(inp)
        if not out.ok:
            self.toast(out.message)
        return out.ok

    def undo(self) -> None:
        out = self.controller.undo()
        self.toast(out.message, "info" if out.ok else "error")

    def redo(self) -> None:
        out = self.controller.redo()
        self.toast(out.message, "info" if out.ok else "error")

    # ---- the game changed ----
    def _game_changed(self) -> None:
        if self.controller.session is None:
            return
        v = self.controller.view()
        self._play_notices(v["notices"])
        if v["prompt"] != self._last_prompt:
            self._last_prompt = v["prompt"]
            self.sounds.say(v["prompt"])
        self._sync_virtual()
        self._check_mat()
        target = self.controller.pending_screen()
        if target == "boogeyman" and self.seat.think(self.controller.state):
            target = ""  # the device holds the Boogeyman's seat: its choices stay hidden
        current = self.sm.current
        if target and current in AUTO_SCREENS | {"setup", "choose", "mismatch"}:
            self.go(target)
        elif not target and current in AUTO_SCREENS - {"table"}:
            self.go("table")
        else:
            self._entered()

    def _play_notices(self, notices: list[str]) -> None:
        text = " ".join(notices)
        if "appears" in text or "Possessed" in text:
            self.sounds.play("reveal")
            Clock.schedule_once(lambda dt: self.sounds.play("laugh"), 1.0)
        elif "Babysitter" in text and ("moves" in text or "stops" in text):
            self.sounds.play("steps")

    def _sync_virtual(self) -> None:
        if self.sensors is not None and self.sensors.virtual and self.controller.session is not None:
            expected = sensing.expected_positions(self.controller.state)
            self.sensors.sync_virtual(frozenset(z for z in expected.values() if z))

    def _check_mat(self) -> None:
        occ = self.sensors.occupied if self.sensors is not None else None
        settling = self.sensors is not None and self.sensors.filter.settling
        if occ is None or settling or self.controller.session is None or self.controller.session.finished:
            self.fix_text = ""
            return
        wrong = sensing.check(self.controller.state, occ)
        self.fix_text = wrong.fix.text if wrong else ""

    def _tick(self, dt: float) -> None:
        if self.sensors is None:
            return
        settled = self.sensors.poll()
        if settled is None or self.controller.session is None:
            return
        if self.sm.current in ("calibrate", "setup", "choose"):
            return
        event = sensing.on_settled(self.controller.state, settled.before, settled.after)
        if isinstance(event, I.Move):
            self.submit(event)
        elif isinstance(event, sensing.Ask):
            self.question = event
            self.go("mismatch")
        self._check_mat()
        self._entered()

    def _update_status(self) -> None:
        s = self.status
        c = self.controller
        if c.session is not None and self.sm.current not in ("choose",):
            v = c.view()
            who = (v["active"] or "").capitalize()
            s.where = f"Round {v['round']} \u00b7 {who}'s turn" if v["phase"] == "play" else v["phase"].capitalize()
        else:
            s.where = self.screen(self.sm.current).title
        if self.sensors is not None:
            s.sensors = self.sensors.label
            s.sensors_ok = self.sensors.state == "ok"
        else:
            s.sensors, s.sensors_ok = "Sensors: off", False
        s.camera = self.scanner.label
        s.camera_ok = self.scanner.available


def run(journal_path: Path, data_dir: Path, port: str | None, camera: str | None, windowed: bool,
        resume: bool) -> int:
    from kivy.core.window import Window

    if windowed:
        Window.size = (800, 480)
    Window.clearcolor = T.BG
    app = CompanionApp(journal_path, data_dir, port, camera, resume)
    app.run()
    return 0
