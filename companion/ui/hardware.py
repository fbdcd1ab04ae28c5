"""Adapters from the sensor mat and the card camera to the screens, without Kivy.

Both run their own threads (the sensor link's reader, the scan worker's grabber and decoder) and
hand every result to `schedule(fn)`, which the app sets to Kivy's Clock.schedule_once, so the
screens only ever change on the UI thread.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from pathlib import Path
from typing import Any, Callable

from companion.i18n import N_, _
from companion.sensors.calibration import ZoneMap
from companion.sensors.inference import Settled, SettleFilter

log = logging.getLogger(__name__)
Schedule = Callable[[Callable[[], None]], None]

# The link's states in words (msgids; English shows them as they are).
LINK_WORDS = {"down": N_("down"), "syncing": N_("syncing"), "ok": N_("ok"), "stale": N_("stale")}


PICO_USB_VENDOR = 0x2E8A  # Raspberry Pi (RP2040 boards, MicroPython's USB CDC)
PENDING_KEPT = 256  # sensor updates waiting for the UI thread at most


def find_sensor_board() -> str:
    """The sensor board's port when one is plugged in, else "" (the virtual board).

    A port chosen in Settings wins; this only looks when none is set, so a laptop with no board
    plays on the virtual one and a Pi with the Pico plugged in just works."""
    from serial.tools import list_ports

    for port in sorted(list_ports.comports(), key=lambda p: p.device):
        if port.vid == PICO_USB_VENDOR:
            return str(port.device)
    return ""


class SensorFeed:
    """The sensor mat (or, with no port, a VirtualBoard run in-process) as settled zone sets."""

    def __init__(self, zones: tuple[str, ...], port: str = "", zone_map_path: str = "",
                 schedule: Schedule = lambda fn: fn(), settle: float = 0.6) -> None:
        self.zones = zones
        self.port = port
        self.virtual = not port
        self.schedule = schedule
        self.filter = SettleFilter(settle=settle)
        self.board: Any = None
        self.link: Any = None
        self.state = "down"
        self.error = ""
        self.zone_map: ZoneMap | None = None
        self._virtual_on: set[str] = set()
        self._listeners: list[Callable[[], None]] = []
        # Updates wait here for the UI thread; a stalled UI keeps only the newest, never a backlog.
        self._pending: deque[Any] = deque(maxlen=PENDING_KEPT)
        self._pending_lock = threading.Lock()
        self._woken = False
        if self.virtual:
            self.zone_map = ZoneMap("virtual", {i: z for i, z in enumerate(zones)}, "<virtual board>")
        elif zone_map_path:
            try:
                from companion.sensors.calibration import load_map

                self.zone_map = load_map(zone_map_path, zones)
            except Exception as exc:  # noqa: BLE001 - a bad map must not stop the game
                self.error = f"zone map: {exc}"

    def start(self) -> "SensorFeed":
        from companion.sensors.link import SensorLink

        try:
            url = self.port
            if self.virtual:
                from companion.sensors.sim import VirtualBoard

                self.board = VirtualBoard(max(8, len(self.zones)), zone_map=self.zone_map,
                                          debounce_ms=10, heartbeat_ms=500)
                url = self.board.start()
            self.link = SensorLink(url, zone_map=self.zone_map)
            self.link.subscribe(self._from_link)
            self.link.start()
        except Exception as exc:  # noqa: BLE001 - no sensors is a degraded game, not a crash
            self.error = str(exc)
            self.state = "down"
            log.warning("sensors: %s", exc)
        return self

    def stop(self) -> None:
        if self.link is not None:
            self.link.close()
        if self.board is not None:
            self.board.stop()

    def subscribe(self, fn: Callable[[], None]) -> None:
        self._listeners.append(fn)

    def _from_link(self, update: Any) -> None:
        """On the link thread: keep the update (at most PENDING_KEPT wait) and wake the UI once."""
        with self._pending_lock:
            self._pending.append(update)
            if self._woken:
                return
            self._woken = True
        self.schedule(self._drain)

    def _drain(self) -> None:
        with self._pending_lock:
            updates, self._woken = list(self._pending), False
            self._pending.clear()
        for update in updates:
            self._update(update)

    def _update(self, update: Any) -> None:
        self.state = update.state.value
        if update.zones is not None:
            self.filter.observe(update.zones)
        for fn in list(self._listeners):
            fn()

    def poll(self) -> Settled | None:
        return self.filter.poll()

    @property
    def occupied(self) -> frozenset[str] | None:
        return self.filter.settled

    @property
    def label(self) -> str:
        if self.error and self.state == "down":
            return _("Sensors: off")
        where = _("virtual board") if self.virtual else self.port
        if self.zone_map is None:
            return _("Sensors: {state}, not calibrated").format(state=_(LINK_WORDS.get(self.state, self.state)))
        return _("Sensors: {state} ({where})").format(state=_(LINK_WORDS.get(self.state, self.state)), where=where)

    @property
    def brief(self) -> str:
        """The status bar's few words (Settings shows `label`, the port included)."""
        if self.error and self.state == "down":
            return _("Sensors off")
        if self.zone_map is None:
            return _("Not calibrated")
        if self.state == "ok":
            return _("Virtual board") if self.virtual else _("Sensors ok")
        return _("Sensors {state}").format(state=_(LINK_WORDS.get(self.state, self.state)))

    # ---- the virtual board follows the game (a laptop has no pieces to move) ----
    def sync_virtual(self, zones: frozenset[str]) -> None:
        if self.board is None:
            return
        for z in sorted(self._virtual_on - zones):
            self.board.lift(z)
        for z in sorted(zones - self._virtual_on):
            if z in self.zones:
                self.board.place(z)
        self._virtual_on = set(z for z in zones if z in self.zones)

    def move_virtual(self, src: str, dst: str) -> None:
        """A simulated hand on the virtual mat (tests, demos)."""
        if self.board is None:
            raise RuntimeError("not on the virtual board")
        self.board.move(src, dst)
        self._virtual_on.discard(src)
        self._virtual_on.add(dst)


class _Tee:
    """A frame source that keeps the newest frame for the preview (read on the UI thread)."""

    def __init__(self, source: Any) -> None:
        self.source = source
        self.latest: Any = None
        self._lock = threading.Lock()

    def read(self) -> Any:
        frame = self.source.read()
        if frame is not None:
            with self._lock:
                self.latest = frame
        return frame

    def take(self) -> Any:
        with self._lock:
            f, self.latest = self.latest, None
        return f

    def close(self) -> None:
        pass  # the scanner owns the camera across scans


class CardScanner:
    """The camera and the scan session: `begin(on_events)` while the Scan screen is shown."""

    def __init__(self, spec: str = "", game: str = "BGM", schedule: Schedule = lambda fn: fn()) -> None:
        self.spec = spec
        self.game = game
        self.schedule = schedule
        self.camera: Any = None
        self.error = ""
        self.session: Any = None
        self._worker: Any = None
        self._tee: _Tee | None = None
        self.checked = False
        self.on_change: Callable[[], None] = lambda: None  # reading started or stopped (the status bar)

    def open(self) -> bool:
        """Open the camera (may take a moment: call off the UI thread at start)."""
        if self.camera is not None:
            return True
        if self.spec == "none":
            self.error, self.checked = "no camera", True
            return False
        try:
            from companion.scan.camera import open_camera

            self.camera = open_camera(self.spec or None)
            self.error = ""
        except Exception as exc:  # noqa: BLE001 - no camera: the table picks cards on screen
            self.error = str(exc)
            self.camera = None
        self.checked = True
        return self.camera is not None

    @property
    def available(self) -> bool:
        return self.camera is not None

    @property
    def label(self) -> str:
        if not self.checked:
            return _("Camera: checking")
        if self.camera is None:
            return _("No camera: pick cards")
        return _("Camera: scanning") if self._worker is not None else _("Camera: ready")

    @property
    def brief(self) -> str:
        """The status bar's few words: the label without its advice (the Scan screen lists the cards)."""
        return _("No camera") if self.checked and self.camera is None else self.label

    def use_game(self, code: str) -> None:
        """Read the cards of the game being played (its decks, its catalogue) from now on."""
        if code != self.game:
            self.end()
            self.game, self.session = code, None

    def catalogue(self) -> Any:
        if self.session is None:
            from companion.scan.session import ScanSession

            self.session = ScanSession.for_game(self.game)
        return self.session.catalogue

    def begin(self, on_events: Callable[[list[Any]], None], on_error: Callable[[str], None]) -> bool:
        if self._worker is not None or not self.open():
            return self._worker is not None
        from companion.scan.camera import ScanWorker

        self.catalogue()
        session = self.session
        session.presence.reset()
        self._tee = _Tee(self.camera)

        mine: list[Any] = []  # this showing's worker: a result a stopped one still delivers is dropped

        def result(res: Any, t: float) -> None:
            self.schedule(lambda: on_events(session.feed(res, t)) if mine and self._worker is mine[0] else None)

        def error(exc: BaseException) -> None:
            self.schedule(lambda: on_error(str(exc)) if mine and self._worker is mine[0] else None)

        self._worker = ScanWorker(self._tee, session.decoder.decode, result, error, idle_s=0.03)
        mine.append(self._worker)
        self._worker.start()
        self.on_change()
        return True

    def end(self) -> None:
        worker, self._worker = self._worker, None
        if worker is not None:
            threading.Thread(target=worker.stop, name="scan-stop", daemon=True).start()
            self.on_change()

    def preview(self) -> Any:
        return self._tee.take() if self._tee is not None else None

    def close(self) -> None:
        self.end()
        if self.camera is not None:
            try:
                self.camera.close()
            except Exception:  # noqa: BLE001
                pass


def data_dir() -> Path:
    from companion.core.journal import default_journal_path

    return default_journal_path().parent
