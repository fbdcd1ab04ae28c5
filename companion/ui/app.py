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

from companion.games.boogeyman import inputs as I
from companion.games.boogeyman import reference, sensing
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.state import AdjustRoll, NeedRoll, State, TieRoll
from companion.games.boogeyman.summary import summary as boogeyman_summary, turn_started
from companion.ui import theme as T
from companion.ui.controller import GameController
from companion.ui.hardware import CardScanner, SensorFeed, find_sensor_board
from companion.ui.layout import plan
from companion.ui.overlays import Confirm, Keyboard, Overlay, Summary, WhyView
from companion.ui.panel_link import PanelLink
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
                 resume: bool = False, hardware: bool = True, pin_factory: Any = None, **kw: Any) -> None:
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
        self.pin_factory = pin_factory
        self.panel: PanelLink | None = None
        self._seen: tuple[Any, State | None] = (None, None)  # (session, its last state) for summaries
        self._turn: tuple[State, list[str]] | None = None  # a player-run Boogeyman's turn so far
        self._route_later = False

    # ---- building ----
    def build(self) -> Any:
        T.register_fonts()
        # Unload first: a second app in one process (tests, shots) must not stack the rules twice.
        for kv in ("widgets.kv", "overlays.kv"):
            Builder.unload_file(str(HERE / kv))
            Builder.load_file(str(HERE / kv))
        self.sm = ScreenManager(transition=NoTransition())
        for name in SCREENS:
            module = importlib.import_module(f"companion.ui.screens.{name}")
            Builder.unload_file(str(HERE / "screens" / f"{name}.kv"))
            Builder.load_file(str(HERE / "screens" / f"{name}.kv"))
            self.sm.add_widget(module.SCREEN(name=name))
        self.status = StatusBar()
        self.summary, self.confirm, self.why = Summary(), Confirm(), WhyView()
        self.keyboard, self.toaster = Keyboard(), Toast()
        box = BoxLayout(orientation="vertical")
        box.add_widget(self.status)
        box.add_widget(self.sm)
        root = Shell()
        root.add_widget(box)
        self._root_shell = root
        self._layers = (self.summary, self.confirm, self.why, self.keyboard, self.toaster)  # last on top
        for layer in self._layers:
            layer.bind(shown=lambda *_: self._restack())
        # A message must not sit on the keys: the keyboard coming up clears it.
        self.keyboard.bind(shown=lambda _k, up: self.toaster.hide() if up else None)
        self.sm.bind(current=lambda *_: self._entered())
        if self.use_hardware:
            self.panel = PanelLink.open(self.later, self.pressed, self.pin_factory)
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
        if self.panel is not None:
            self.panel.close()
        self.controller.close()

    def _restack(self) -> None:
        """Only the shown layers are in the window, in their order: a hidden one takes no touch
        and costs no drawing."""
        root = self._root_shell
        for layer in self._layers:
            if layer.parent is not None:
                root.remove_widget(layer)
        for layer in self._layers:
            if layer.shown:
                root.add_widget(layer)

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
        if self.keyboard.shown:
            self.keyboard.close(submit=False)
        if self.sm.current == name:
            self._entered()
        else:
            self.toaster.hide()  # a message belongs to the screen it was said on
            self.sm.current = name

    def _entered(self) -> None:
        self.screen(self.sm.current).refresh()
        self._update_status()

    def toast(self, text: str, kind: str = "error", why: str = "") -> None:
        """A message; a refusal (kind "error") gets a Why? button showing the rule behind it."""
        self.toaster.show(text, kind, seconds=5.0 if kind == "error" else 2.5,
                          why=why or (text if kind == "error" and self.rules_for(text) else ""))

    def submit(self, inp: Any) -> bool:
        """Every input from a tap: committed to the journal before the screen shows it."""
        out = self.controller.submit(inp)
        if not out.ok:
            self.toast(out.message)
        return out.ok

    # ---- the rules behind what the device says ----
    def rules_for(self, line: str) -> list[tuple[str, str]]:
        run = self.controller.state.player_run if self.controller.session is not None else None
        return [(r.section, r.says) for r in reference.explain(line, run)]

    def show_why(self, line: str) -> None:
        self.why.explain(line, self.rules_for(line))

    def show_why_all(self, lines: list[str]) -> None:
        seen: list[tuple[str, str]] = []
        for line in lines:
            seen += [r for r in self.rules_for(line) if r not in seen]
        self.why.explain(" ".join(lines[:1]) + (" …" if len(lines) > 1 else ""), seen)

    def rules_reference(self) -> list[tuple[str, str]]:
        return [(r.section, r.says) for r in reference.rules()]

    # ---- undo: its label first, then a confirm ----
    def ask_undo(self) -> None:
        label = self.controller.undo_label()
        if not label:
            self.toast("Nothing to undo yet", "info")
            return
        self.confirm.ask(f"Undo: {label}?", "Undo it", self.undo,
                         detail="The game goes back to just before it, dice and cards included.",
                         cancel="Keep it")

    def undo(self) -> None:
        out = self.controller.undo()
        self.toast(out.message, "info" if out.ok else "error")

    def redo(self) -> None:
        out = self.controller.redo()
        self.toast(out.message, "info" if out.ok else "error")

    # ---- the game changed ----
    def _game_changed(self) -> None:
        c = self.controller
        if c.session is None:
            return
        session, before = self._seen
        after = c.state
        self._seen = (c.session, after)
        v = c.view()
        turn = None
        if session is c.session and before is not None and after.round >= before.round:
            if self._turn is None and turn_started(before, after):
                self._turn = (before, [])  # its turn runs over several inputs: show it once it ends
            if self._turn is not None:
                self._turn[1].extend(after.notices)
            start, lines = self._turn if self._turn is not None else (before, list(after.notices))
            turn = boogeyman_summary(start, after, tuple(lines))
            if turn is not None:
                self._turn = None
        else:
            self._turn = None  # an undo, a new game: whatever was being gathered is gone
        self._play_notices(v["notices"])
        self._sync_virtual()
        self._check_mat()
        if turn is not None and self.sm.current != "setup":
            # The Boogeyman's turn is a moment at the table: steps that wait for it.
            self.summary.present(turn.title, turn.steps, turn.notices, self._summary_done, self.sounds.say)
            if self.panel is not None and turn.reveal:
                self.panel.beep(2)
        elif v["prompt"] != self._last_prompt:
            self.sounds.say(v["prompt"])
        self._last_prompt = v["prompt"]
        self.route()

    def route(self) -> None:
        """Go where the game waits for the table (not while the Boogeyman's turn is being shown)."""
        target = self.controller.pending_screen()
        if target == "boogeyman" and self.seat.think(self.controller.state):
            target = ""  # the device holds the Boogeyman's seat: its choices stay hidden
        if self.summary.shown:
            self._entered()
            return
        current = self.sm.current
        if target and current in AUTO_SCREENS | {"setup", "choose", "mismatch"} and current != "setup":
            self.go(target)
        elif not target and current in AUTO_SCREENS - {"table"}:
            self.go("table")
        else:
            self._entered()

    def _summary_done(self) -> None:
        self.sounds.say(self.controller.view()["prompt"] if self.controller.session else "")
        self.route()

    def _play_notices(self, notices: list[str]) -> None:
        text = " ".join(notices)
        if "appears" in text or "Possessed" in text:
            self.sounds.play("reveal")
            Clock.schedule_once(lambda dt: self.sounds.play("laugh"), 1.0)
            if self.panel is not None:
                self.panel.beep(2)
        elif "Babysitter" in text and ("moves" in text or "stops" in text):
            self.sounds.play("steps")

    # ---- the GPIO panel: Confirm, Roll, Undo ----
    def top_layer(self) -> Overlay | None:
        for layer in (self.keyboard, self.why, self.confirm, self.summary):
            if layer.shown:
                return layer
        return None

    def pressed(self, button: str) -> None:
        layer = self.top_layer()
        if button == "confirm":
            if layer is not None:
                layer.primary()
            else:
                self.screen(self.sm.current).primary()
        elif button == "roll":
            p = self.controller.pending() if self.controller.session is not None else None
            if isinstance(p, NeedRoll) or (isinstance(p, TieRoll) and not p.rolled):
                self.submit(I.RollDie(None))
            elif isinstance(p, (AdjustRoll, TieRoll)):
                self.submit(I.SpendCandy(0))  # the roll stands: no Candy
            elif self.panel is not None:
                self.panel.beep(1)  # nothing to roll now
        elif button == "undo" and layer is None and self.controller.session is not None:
            self.ask_undo()

    def _sync_virtual(self) -> None:
        if self.sensors is not None and self.sensors.virtual and self.controller.session is not None:
            expected = sensing.expected_positions(self.controller.state)
            self.sensors.sync_virtual(frozenset(z for z in expected.values() if z))

    def _check_mat(self) -> None:
        occ = self.sensors.occupied if self.sensors is not None else None
        settling = self.sensors is not None and self.sensors.filter.settling
        virtual = self.sensors is not None and self.sensors.virtual
        # The virtual board follows the game: a difference there is only its own lag, nothing a
        # person could put right. Only a real mat's differences are shown.
        if virtual or occ is None or settling or self.controller.session is None or self.controller.session.finished:
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
        if c.session is not None and self.sm.current not in ("choose", "setup"):
            v = c.view()
            who = (v["active"] or "").capitalize()
            phase = {"placement": "Set-up", "finale": "The Finale", "over": "Game over"}
            s.where = f"Round {v['round']} \u00b7 {who}'s turn" if v["phase"] == "play" else phase.get(v["phase"], "")
        else:
            s.where = self.screen(self.sm.current).title
        if self.sensors is not None:
            s.sensors = self.sensors.label
            s.sensors_ok = self.sensors.state == "ok"
        else:
            s.sensors, s.sensors_ok = "Sensors: off", False
        if self.panel is not None:
            self.panel.show_link(self.sensors.state if self.sensors is not None else "down")
        s.camera = self.scanner.label
        s.camera_ok = self.scanner.available


def run(journal_path: Path, data_dir: Path, port: str | None, camera: str | None, windowed: bool,
        resume: bool, zone_map: str | None = None) -> int:
    """The app on the table: sensors, camera and the GPIO panel where they are there."""
    from kivy.core.window import Window

    if windowed:
        Window.size = (800, 480)
    Window.clearcolor = T.BG
    app = CompanionApp(journal_path, data_dir, port, camera, resume)
    if zone_map is not None:
        app.prefs.zone_map = str(Path(zone_map).expanduser())
    app.run()
    return 0
