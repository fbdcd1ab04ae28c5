"""The companion's Kivy app: one window, a status bar always visible, screens, a toast.

Fullscreen on the Pi (SDL2 on KMS/DRM, see docs/ui.md), a window on a laptop.
"""

from __future__ import annotations

import importlib
import logging
import threading
from pathlib import Path
from typing import Any, Callable, Sequence

from kivy.app import App
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion import i18n
from companion.i18n import _, ngettext, pack_said, pack_text
from companion.core.table import Step
from companion.ui import theme as T
from companion.ui.controller import GameController
from companion.ui.hardware import CardScanner, SensorFeed, find_sensor_board
from companion.ui.lang import Translator
from companion.ui.overlays import Confirm, Keyboard, Overlay, Summary, WhyView
from companion.ui.panel_link import PanelLink
from companion.ui.packui import GameUI, ui_for
from companion.ui.screens import SCREENS, BaseScreen
from companion.ui.seat import DeviceSeat
from companion.ui.settings import Settings, SettingsNotSaved
from companion.ui.sounds import Sounds
from companion.ui.widgets import StatusBar, Toast
from companion.ui.plain import for_people

log = logging.getLogger(__name__)
HERE = Path(__file__).parent
SHELL_AUTO = {"scan", "game"}  # shell screens a game may route itself to
SHELL_IN_GAME = {"game", "scan", "card_form", "mismatch", "journal"}  # shell screens that show the game played
SHELL_ASIDE = {"settings", "calibrate", "rules", "traycheck", "box"}  # belong to wherever they were opened from


class Shell(FloatLayout):
    pass


class CompanionApp(App):
    title = "Companion"

    def __init__(self, journal_path: Path, data_dir: Path, port: str | None = None, camera: str | None = None,
                 resume: bool = False, hardware: bool = True, pin_factory: Any = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.data_dir = data_dir
        self.settings_path = data_dir / "settings.json"
        from companion.core import ownbox

        ownbox.use_home(data_dir)  # the owner's boxes beside the settings: every new game reads them
        self.prefs = Settings.load(self.settings_path)
        if port is not None:
            self.prefs.serial_port = port
        if camera is not None:
            self.prefs.camera = camera
        self.controller = GameController(journal_path)
        self.controller.subscribe(self._game_changed)
        self.seat = DeviceSeat(self.later, self._current_state, lambda inp: self.submit(inp, person=False), self.toast,
                               lambda: self.controller.session.rules if self.controller.session else None)
        self.sounds = Sounds(data_dir / "sounds", self.prefs.sound, self.prefs.voice)
        self.auto_resume = resume
        self.text_scale = 1.0  # the scale of the text sizes the screens are built at (build)
        self.seed: int | None = None  # None: a fresh random night; tests and shots fix it
        self.use_hardware = hardware
        self.sensors: SensorFeed | None = None
        self.board_ui: GameUI | None = self._default_board()  # whose zones the sensor mat reports
        self.scanner = CardScanner(self.prefs.camera, schedule=self.later)
        self.fix_text = ""          # the one sensor fix the table is asked for, "" when it matches
        self.question: Any = None   # a sensing question (choices of inputs) for the mismatch screen
        self._last_prompt = ""
        self.pin_factory = pin_factory
        self.panel: PanelLink | None = None
        self._seen: tuple[Any, Any] = (None, None)  # (session, its last state) for summaries
        self._loaded: set[str] = set()  # games whose screens are in the screen manager
        self.came_from: dict[str, str] = {}  # screen -> the screen it was last opened from
        self._moment = ""  # the status of the moment a summary shows (the device's turn), while shown
        self.setting_up: GameUI | None = None  # the game the shell's set-up screen sets up
        self.tr = Translator()  # kv texts: `app.tr._("...")`, computed again when the language changes

    @staticmethod
    def _default_board() -> GameUI | None:
        """Before a game is chosen the mat reports in the zones of the first game that has one."""
        from companion.core.packs import iter_packs

        for pack in iter_packs():
            ui = ui_for(pack)
            if ui.zones():
                return ui
        return None

    def shelf_ui(self) -> GameUI | None:
        """The first game on the shelf: its settings show before any game is chosen."""
        from companion.core.packs import iter_packs

        first = next(iter_packs(), None)
        return ui_for(first) if first is not None else None

    @property
    def game(self) -> GameUI | None:
        """The UI of the game being played, None before one is chosen or resumed."""
        return self.controller.ui if self.controller.session is not None else None

    # ---- building ----
    def build(self) -> Any:
        T.register_fonts()
        i18n.set_language(self.prefs.language or i18n.DEFAULT)
        self.sounds.language = i18n.language()
        # The text size every screen is built at, for as long as the app runs (Settings -> Large
        # text takes effect at the next start: screens already built keep their sizes).
        T.set_scale(T.LARGE if self.prefs.large_text else 1.0)
        self.text_scale = T.SCALE
        # Unload first: a second app in one process (tests, shots) must not stack the rules twice.
        for kv in ("widgets.kv", "overlays.kv"):
            Builder.unload_file(str(HERE / kv))
            Builder.load_file(str(HERE / kv))
        self.sm = ScreenManager(transition=NoTransition())
        for name in SCREENS:
            self._add_screen(name, f"companion.ui.screens.{name}")
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
        resumed = self.auto_resume and self.controller.unfinished() is not None and self.resume()
        if not self.prefs.language:
            self.go("language")  # the first start: the table chooses its language
        elif not resumed:
            self.go("choose")
        self._update_status()
        if self.controller.notice:  # damage repaired, or why games cannot be saved right now
            Clock.schedule_once(lambda dt: self.toaster.show(pack_said(None, self.controller.notice), "error", 12.0), 0.5)
        return root

    def _add_screen(self, name: str, module_name: str) -> None:
        module = importlib.import_module(module_name)
        kv = Path(module.__file__ or "").with_suffix(".kv")
        # Unload first: a second app in one process (tests, shots) must not stack the rules twice.
        Builder.unload_file(str(kv))
        Builder.load_file(str(kv))
        self.sm.add_widget(module.SCREEN(name=name))

    def load_game(self, ui: GameUI) -> None:
        """A game's own screens, loaded the first time it is played (not at start)."""
        if ui.code in self._loaded:
            return
        for module_name in ui.widgets:
            module = importlib.import_module(module_name)
            kv = Path(module.__file__ or "").with_suffix(".kv")
            if kv.exists():
                Builder.unload_file(str(kv))
                Builder.load_file(str(kv))
        for name, module_name in ui.screens.items():
            if name not in self.sm.screen_names:
                self._add_screen(name, module_name)
        self._loaded.add(ui.code)
        if ui.zones() and (self.board_ui is None or self.board_ui.code != ui.code):
            self.board_ui = ui  # the mat now reports in this game's zones
            if self.sensors is not None:
                self.start_sensors()

    # ---- starting and resuming ----
    def choose_game(self, code: str) -> None:
        """A tile of the choose screen: the game's set-up, or straight into a new game."""
        ui = ui_for(self.controller_pack(code))
        self.load_game(ui)
        if ui.setup_screen != "game":
            self.setting_up = ui  # the shell's set-up screen asks which game it sets up
            start = getattr(self.screen(ui.setup_screen), "start", None)
            if start is not None:
                start()
            self.go(ui.setup_screen)
            return
        out = self.controller.new_game(code, ui.new_options(self), self.seed)
        if not out.ok:
            self.toast(out.message)

    @staticmethod
    def controller_pack(code: str) -> Any:
        from companion.core.packs import get_pack

        return get_pack(code)

    def new_game(self, code: str, options: Any) -> bool:
        """Start a game of `code` (a set-up screen calls this); the game then routes itself."""
        out = self.controller.new_game(code, options, self.seed)
        if not out.ok:
            self.toast(out.message)
        return out.ok

    def resume(self, game_id: int | None = None) -> bool:
        row = self.controller.unfinished() if game_id is None else None
        if row is not None:
            self.load_game(ui_for(self.controller_pack(row.code)))
        out = self.controller.resume(game_id)
        if not out.ok:
            self.toast(out.message)
            return False
        self.go_play()
        return True

    def go_play(self) -> None:
        """Where the game waits now, else its table view."""
        g = self.game
        if g is not None:
            self.load_game(g)
            self.go(self.controller.pending_screen() or g.table_screen)

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
        self.tr.clear()
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

    @property
    def scanner(self) -> CardScanner:
        return self._scanner

    @scanner.setter
    def scanner(self, scanner: CardScanner) -> None:
        """Any scanner the app reads with (Settings makes a new one) puts its reading on the status
        bar as it starts and stops, on whichever screen, not only at the next screen entry."""
        self._scanner = scanner
        scanner.on_change = self._show_camera

    def _show_camera(self) -> None:
        status = getattr(self, "status", None)  # (the scanner is made before the window)
        if status is not None:
            status.camera, status.camera_ok = self.scanner.brief, self.scanner.available

    def _probe_camera(self) -> None:
        self.scanner.open()
        self.later(self._update_status)

    def start_sensors(self) -> None:
        if self.sensors is not None:
            self.sensors.stop()
        port = self.prefs.serial_port or find_sensor_board()
        zones = tuple(self.board_ui.zones()) if self.board_ui is not None else ()
        self.sensors = SensorFeed(zones, port, self.prefs.zone_map, schedule=self.later).start()
        self.sensors.subscribe(self._update_status)
        self._sync_virtual()

    def restart_camera(self) -> None:
        game = self.scanner.game
        self.scanner.close()
        self.scanner = CardScanner(self.prefs.camera, game=game, schedule=self.later)
        threading.Thread(target=self._probe_camera, name="camera-probe", daemon=True).start()
        self._update_status()

    def _current_state(self) -> Any:
        return self.controller.state if self.controller.session is not None else None

    def save_prefs(self) -> None:
        self.sounds.enabled, self.sounds.voice = self.prefs.sound, self.prefs.voice
        try:
            self.prefs.save(self.settings_path)
        except SettingsNotSaved as exc:  # kept in memory; the table is told it will not last
            self.toast(str(exc))
        self._hold_seat()

    def set_language(self, lang: str) -> None:
        """Every text in `lang` from now on (the first start, Settings): kept with the settings,
        the kv texts computed again, the screen on show built again. A game on goes on as it was."""
        i18n.set_language(lang)
        self.prefs.language = lang
        self.sounds.language = lang
        self.save_prefs()
        self.tr.changed()
        self._entered()

    def _hold_seat(self) -> None:
        """The device's chairs in this game, as Settings say: every seat it may hold."""
        g = self.game
        self.seat.for_game(self.controller.session)
        chosen = g.device_levels(self.controller) if g is not None else None
        if chosen is not None:  # the game's options say who holds each seat
            self.seat.seat, self.seat.level, self.seat.levels = "", "person", chosen
            return
        seats = g.device_seats() if g is not None else ()
        levels = {seat: self.prefs.device_level(g.code, seat) for seat, _ in seats} if g is not None else {}
        if seats:
            self.seat.seat = seats[0][0]
            self.seat.level = levels[seats[0][0]]
        else:
            self.seat.level = "person"
        self.seat.levels = levels

    # ---- navigation and feedback ----
    def screen(self, name: str) -> BaseScreen:
        if name not in self.sm.screen_names:
            self._load_owner(name)
        s: BaseScreen = self.sm.get_screen(name)
        return s

    def _load_owner(self, name: str) -> None:
        """Load the game whose screen this is: the game being played first, then the shelf."""
        from companion.core.packs import all_packs

        candidates = ([self.game] if self.game is not None else []) + [ui_for(p) for p in all_packs()]
        for ui in candidates:
            if name in ui.screens:
                self.load_game(ui)
                return

    def go(self, name: str) -> None:
        if name not in self.sm.screen_names:
            self._load_owner(name)
        if self.keyboard.shown:
            self.keyboard.close(submit=False)
        if self.sm.current == name:
            self._entered()
        else:
            self.toaster.hide()  # a message belongs to the screen it was said on
            here = self.sm.current
            if self.came_from.get(here) != name:  # not a return from a screen opened here (Calibrate)
                self.came_from[name] = here
            self.sm.current = name

    def go_back(self, name: str) -> None:
        """Back from a screen opened aside (Settings, Rules): to where it was opened from, else to
        the game (where it waits now), else to the games."""
        back = self.came_from.get(name, "")
        if back in ("choose", "journal") or (back in SHELL_ASIDE and back != name):
            self.go(back)
        elif self.controller.session is not None:
            self.go_play()
        else:
            self.go("choose")

    def in_game(self, name: str = "") -> bool:
        """Whether the screen `name` (the one on show by default) belongs to the game being played:
        its own screens but its set-up, the shell's screens of a game, and a screen opened aside
        (Settings, Rules) from one of those. The choose screen and another game's screens do not."""
        g = self.game
        name = name or self.sm.current
        seen: set[str] = set()
        while g is not None and name in SHELL_ASIDE and name not in seen:
            seen.add(name)
            name = self.came_from.get(name, "")
        if g is None or name == "choose" or (name == g.setup_screen and name != g.table_screen):
            return False
        return name in g.screens or name in SHELL_IN_GAME or name == g.table_screen

    def _entered(self) -> None:
        self.screen(self.sm.current).refresh()
        self._update_status()

    def toast(self, text: str, kind: str = "error", why: str = "") -> None:
        """A message; a refusal (kind "error") gets a Why? button showing the rule behind it."""
        # A refusal stays long enough to read what to do (about 18 characters a second).
        # A line the rules (or the journal) wrote in English is said in the language shown: the
        # game's catalog and its sentence shapes, else the shell's (Domain.said); a translated one stays.
        self.toaster.show(pack_said(self._rules_or_none(), for_people(text)), kind, seconds=max(5.0, len(text) / 18) if kind == "error" else max(2.5, len(text) / 18),
                          why=why or (text if kind == "error" and self.rules_for(text) else ""))

    def submit(self, inp: Any, person: bool = True) -> bool:
        """Every input from a tap, a miniature moved on the sensor board (`person`), or the
        device's seat: committed to the journal before the screen shows it."""
        out = self.controller.submit(inp, person)
        if not out.ok:
            self.toast(out.message)
        return out.ok

    # ---- the rules behind what the device says ----
    def rules_for(self, line: str) -> list[tuple[str, str]]:
        g = self.game
        if g is None:
            return []
        state = self.controller.state if self.controller.session is not None else None
        guess = g.guess_line(line, state)
        return g.rules_for(line, state) + ([guess] if guess else [])

    def marked(self, text: str) -> str:
        """`text` with the small mark beside what in it is still the game's guess."""
        g = self.game
        if g is None or self.controller.session is None:
            return text
        return g.marked(text, self.controller.state)

    def show_why(self, line: str) -> None:
        self.toaster.hide()  # the view quotes the line: the toast would lie over its rules
        # the view quotes the line as the table read it: in the language shown (a refusal the
        # rules made in English is said by its shape)
        self.why.explain(pack_said(self._rules_or_none(), line), self.rules_for(line))

    def show_why_all(self, lines: list[str], steps: Sequence[str] = ()) -> None:
        """Why? over a list: the rules behind `lines`; and what is still a guess in them or in the
        table's `steps` (a step shows the guess mark too, so Why? says what it means)."""
        seen: list[tuple[str, str]] = []
        for line in lines:
            seen += [r for r in self.rules_for(line) if r not in seen]
        g = self.game
        if g is not None:
            state = self.controller.state if self.controller.session is not None else None
            for step in steps:
                guess = g.guess_line(step, state)
                if guess and guess not in seen:
                    seen.append(guess)
        self.why.explain(" ".join(pack_said(self._rules_or_none(), x) for x in lines[:1]) + (" …" if len(lines) > 1 else ""), seen)

    def _rules_or_none(self) -> Any:
        """The rules of the game in play (for `pack_said`), or None between games."""
        return self.controller.rules if self.controller.session is not None else None

    def rules_reference(self) -> list[tuple[str, str]]:
        g = self.game or self.board_ui
        if g is None:
            return []
        rules = self.controller.rules if self.controller.session is not None else None
        return [(pack_text(rules, section), pack_text(rules, says)) for section, says in g.rules_reference()]

    # ---- undo: its label first, then a confirm ----
    def ask_undo(self) -> None:
        span = self.undo_span()
        if not span:
            self.toast(_("Nothing to undo yet"), "info")
            return
        detail = (pack_text(self.controller.rules, self.game.undo_detail) if self.game is not None
                  else _("The game goes back to just before it."))
        if len(span) > 1:  # the device would give its answer straight back: it goes with it
            more = len(span) - 3
            answers = "; ".join(span[1:3]) + ("; " + ngettext("{n} more", "{n} more", more).format(n=more)
                                              if more > 0 else "")
            detail = _("The device's answer after it goes too ({answers}).").format(answers=answers) + " " + detail
        self.confirm.ask(_("Undo: {what}?").format(what=span[0]), _("Undo it"), self.undo, detail=detail,
                         cancel=_("Keep it"))

    def undo_span(self) -> list[str]:
        """What one Undo takes back, oldest first (controller.undo_span): never only the
        device's answer, which it would give straight back."""
        return self.controller.undo_span(self.seat.plays)

    def undo(self) -> None:
        out = self.controller.undo(max(1, len(self.undo_span())))
        self.toast(out.message, "info" if out.ok else "error")

    def redo(self) -> None:
        out = self.controller.redo()
        self.toast(out.message, "info" if out.ok else "error")

    # ---- the game changed ----
    def _game_changed(self) -> None:
        c = self.controller
        if c.session is None:
            return
        g = c.ui
        self.load_game(g)
        self.scanner.use_game(g.code)
        self._hold_seat()
        session, before = self._seen
        after = c.state
        self._seen = (c.session, after)
        v = c.view()
        same = session is c.session and before is not None
        turn = g.changed(c.session, before if same else None, after)
        cues = g.sounds(before, after) if same else []
        for i, cue in enumerate(cues):
            # "laugh" after a "reveal" comes a second later, as the Boogeyman shows itself.
            if cue == "laugh" and "reveal" in cues[:i]:
                Clock.schedule_once(lambda dt, c=cue: self.cue(c), 1.0)
            else:
                self.cue(cue)
        self._sync_virtual()
        self._check_mat()
        # Every change to the physical table, by any input, Undo and Redo: the steps the table does
        # (core/table.py; those the person did and entered come ticked), after the device's turn
        # told as the game tells it. Shown only when one of them is still to do.
        resumed = not same and c.table_cause == "resume"  # steps left undone when the app stopped
        table = c.table_steps if (same or resumed) and g.shows_table_steps else ()
        todo = [t for t in table if not t.done]
        first = list(turn.steps if turn is not None else ())
        last = list(turn.last if turn is not None else ())
        lines = first + [i18n.pack_said(c.rules, t.step.text) for t in table] + last
        ticked = [False] * len(first) + [t.done for t in table] + [False] * len(last)
        cells = [("", "")] * len(first) + [_cells(t.step) for t in table] + [("", "")] * len(last)
        notices = turn.notices if turn is not None else ()
        if ((turn is not None or todo) and self.sm.current not in (g.setup_screen,) and same
                and self.summary.shown):
            # The device decided again while its last steps still show: the table is told every
            # step, in order (issue 25 #5: a second decision replaced the first one's steps).
            if turn is not None and self.summary.heading == _("On the table"):
                # The device's first decision put its changes up as they came; the turn, told
                # when it ends, names the list.
                self.summary.heading = turn.title
                self._moment = turn.status or self._moment
            self.summary.extend(lines, notices, ticked, cells)
            if self.panel is not None and turn is not None and turn.reveal:
                self.panel.beep(2)
        elif (turn is not None or todo) and self.sm.current not in (g.setup_screen,):
            # The device's turn is a moment at the table: steps that wait for it.
            # While it shows, the status bar says this moment: the game's words for it, else the
            # status the game had when it began (not the one after it).
            if turn is not None:
                self._moment = turn.status or (g.status(c.rules.view(before, "table")) if same else turn.title)
                title = turn.title
            else:
                # The steps of a person's own input are that moment's: the bar keeps its status
                # (the play-test of issue 25 read "Device's turn" over "Move Player 1's monster").
                self._moment = g.status(c.rules.view(before, "table")) if same and c.table_cause == "input" else ""
                title = (_("Put the table back") if c.table_cause == "undo"
                         else _("Still to do on the table") if resumed else _("On the table"))
            self.summary.present(title, lines, notices, self._summary_done, self.sounds.say, ticked, cells)
            self._see_mat()
            if self.panel is not None and turn is not None and turn.reveal:
                self.panel.beep(2)
        elif v.get("prompt", "") != self._last_prompt:
            self.sounds.say(v.get("prompt", ""))
        if not todo and not self.summary.shown:
            c.table_laid()  # nothing left to do on the table: it is the game's now
        self._last_prompt = v.get("prompt", "")
        self.route()

    def cue(self, name: str) -> None:
        """A typed sound cue from the game: "reveal" (with the buzzer), "laugh", "steps", ..."""
        self.sounds.play(name)
        if name == "reveal" and self.panel is not None:
            self.panel.beep(2)

    def route(self) -> None:
        """Go where the game waits for the table (not while the device's turn is being shown)."""
        g = self.game
        if g is None:
            return
        target = self.controller.pending_screen()
        if target and self.seat.think(self.controller.state):
            target = ""  # the device holds the seat that decides: its choices stay hidden
        if self.summary.shown:
            self._entered()
            return
        current = self.sm.current
        auto = set(g.auto_screens) | SHELL_AUTO | {g.table_screen}
        if target and current in auto | {"choose", "mismatch"} and current != g.setup_screen:
            self.go(target)
        elif not target and (current in auto - {g.table_screen} or current in ("choose",)):
            self.go(g.table_screen)
        else:
            self._entered()

    def _summary_done(self) -> None:
        if self.controller.session is not None:
            self.controller.table_laid()  # every step shown is done
        self.sounds.say(self.controller.view().get("prompt", "") if self.controller.session else "")
        self.route()

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
            roll = self.game.roll_input(self.controller) if self.game is not None else None
            if roll is not None:
                self.submit(roll)
            elif self.panel is not None:
                self.panel.beep(1)  # nothing to roll now
        elif button == "undo" and layer is None and self.controller.session is not None:
            self.ask_undo()

    def _sensing(self) -> Any:
        """The game's sensing, when the mat reports in that game's zones."""
        g = self.game
        if g is None or self.board_ui is None or self.board_ui.code != g.code:
            return None
        return g.sensing

    def _sync_virtual(self) -> None:
        sensing = self._sensing()
        if self.sensors is not None and self.sensors.virtual and sensing is not None:
            expected = sensing.expected_positions(self.controller.state)
            self.sensors.sync_virtual(frozenset(z for z in expected.values() if z))

    def _see_mat(self) -> None:
        """A real sensor board ticks off the steps it sees done (the virtual one follows the game)."""
        occ = self.sensors.occupied if self.sensors is not None else None
        if (self.summary.shown and occ is not None and not self.sensors.virtual  # type: ignore[union-attr]
                and not self.sensors.filter.settling and self._sensing() is not None):  # type: ignore[union-attr]
            self.summary.see(frozenset(occ))

    def _check_mat(self) -> None:
        occ = self.sensors.occupied if self.sensors is not None else None
        settling = self.sensors is not None and self.sensors.filter.settling
        virtual = self.sensors is not None and self.sensors.virtual
        sensing = self._sensing()
        # The virtual board follows the game: a difference there is only its own lag, nothing a
        # person could put right. Only a real mat's differences are shown.
        if (virtual or occ is None or settling or sensing is None or self.controller.session is None
                or self.controller.session.finished):
            self.fix_text = ""
            return
        wrong = sensing.check(self.controller.state, occ)
        self.fix_text = wrong.fix.text if wrong else ""

    def _tick(self, dt: float) -> None:
        if self.sensors is None:
            return
        settled = self.sensors.poll()
        sensing = self._sensing()
        if settled is None or sensing is None:
            return
        self._see_mat()
        if self.sm.current == "calibrate" or not self.in_game():  # (the choose screen, a set-up, another game's)
            # Not played on these screens, but the fix the mat asks for stays current: a mat that
            # settles here, just before the table screen, with no change after, was never checked
            # (test_board_sim waited 30 s for "corridor C1" in one full-suite run).
            self._check_mat()
            return
        event = sensing.on_settled(self.controller.state, settled.before, settled.after)
        if isinstance(event, sensing.Ask):
            self.question = event
            self.go("mismatch")
        elif event is not None and not isinstance(event, sensing.PutRight):  # a fix is shown, not played
            self.submit(event)
        self._check_mat()
        self._entered()

    def _update_status(self) -> None:
        s = self.status
        c = self.controller
        g = self.game
        if self.summary.shown and self._moment:
            s.where = self._moment  # the device's turn on screen, not the round after it
        elif g is not None and self.in_game():
            s.where = g.status(c.view())
        else:
            s.where = i18n.kv_text(self.screen(self.sm.current).title)
        if self.sensors is not None:
            s.sensors = self.sensors.brief
            s.sensors_ok = self.sensors.state == "ok"
        else:
            s.sensors, s.sensors_ok = _("Sensors off"), False
        if self.panel is not None:
            self.panel.show_link(self.sensors.state if self.sensors is not None else "down")
        self._show_camera()


def _cells(step: Step) -> tuple[str, str]:
    """The sensor cells a step empties and fills (a miniature a sensor board sees), else ""."""
    return (step.before.sensed if step.before is not None else "",
            step.after.sensed if step.after is not None else "")


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
