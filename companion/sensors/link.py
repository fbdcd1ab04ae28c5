"""The serial link to the sensor board, on its own thread (protocol 1, shared/specs/sensor-link.md).

    link = SensorLink("/dev/ttyACM0", zone_map=load_map("villa.toml"))
    link.subscribe(lambda update: Clock.schedule_once(lambda dt: ui.apply(update)))
    link.start()

Listeners run on the link thread and must return quickly: hand the update to your own loop
(Kivy's Clock, a queue.Queue from link.updates()). The link never blocks the caller.
"""

from __future__ import annotations

import enum
import logging
import queue
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from companion.sensors import protocol
from companion.sensors.calibration import ZoneMap
from companion.sensors.errors import LinkError
from companion.sensors.protocol import DeviceError, Evt, Hello, Snap

log = logging.getLogger(__name__)


class LinkState(str, enum.Enum):
    DOWN = "down"  # no port
    SYNCING = "syncing"  # open, no snapshot yet
    OK = "ok"
    STALE = "stale"  # open, but no valid line for stale_after seconds


@dataclass(frozen=True)
class LinkUpdate:
    """One change the link reports: its state, the occupancy, or a channel it cannot map."""

    reason: str  # "link", "occupancy" or "unmapped"
    state: LinkState
    occupied: frozenset[int]  # channels
    zones: frozenset[str] | None  # mapped zone ids, None without a zone map
    at: float  # the link clock when it was made
    event: Evt | Snap | None = None  # the sentence that caused an occupancy change
    channel: int | None = None  # for "unmapped"


@dataclass
class LinkStats:
    lines: int = 0
    dropped: int = 0
    drop_reasons: Counter[str] = field(default_factory=Counter)
    ignored_before_snapshot: int = 0
    seq_gaps: int = 0
    opens: int = 0
    device_errors: int = 0
    last_device_error: DeviceError | None = None
    updates_dropped: int = 0  # oldest updates a full updates() queue let go
    board_resets: int = 0  # HELLOs nobody asked for: the board rebooted under an open link


Listener = Callable[[LinkUpdate], None]
UPDATES_KEPT = 1000  # updates an unread updates() queue holds (about a second of a flood)


def open_port(url: str, baudrate: int, timeout: float) -> Any:
    import serial

    return serial.serial_for_url(url, baudrate=baudrate, timeout=timeout, write_timeout=1.0)


class SensorLink:
    def __init__(
        self,
        port: str,
        *,
        zone_map: ZoneMap | None = None,
        stale_after: float = 3.0,
        backoff_start: float = 0.5,
        backoff_max: float = 5.0,
        resync_every: float = 1.0,
        read_timeout: float = 0.02,
        baudrate: int = 115200,
        clock: Callable[[], float] = time.monotonic,
        opener: Callable[[str, int, float], Any] = open_port,
    ) -> None:
        self.port_url = port
        self.zone_map = zone_map
        self.stale_after = stale_after
        self.backoff_start = backoff_start
        self.backoff_max = backoff_max
        self.resync_every = resync_every
        self.read_timeout = read_timeout
        self.baudrate = baudrate
        self.clock = clock
        self._opener = opener
        self.stats = LinkStats()
        self.device: Hello | None = None
        self._state = LinkState.DOWN
        self._occupied: frozenset[int] = frozenset()
        self._listeners: list[Listener] = []
        self._lock = threading.RLock()
        self._write_lock = threading.Lock()
        self._port: Any = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._reported_unmapped: set[int] = set()
        self.last_open_error: str | None = None

    # ---- what the game reads ----
    @property
    def state(self) -> LinkState:
        return self._state

    @property
    def occupied(self) -> frozenset[int]:
        return self._occupied

    @property
    def zones(self) -> frozenset[str] | None:
        return self.zone_map.zones(self._occupied) if self.zone_map else None

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(update)` on the link thread for every update; returns an unsubscribe."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def updates(self, maxsize: int = UPDATES_KEPT) -> "queue.Queue[LinkUpdate]":
        """A queue that receives the updates (for loops that poll rather than take callbacks).

        It holds at most `maxsize`: when nobody reads it (a flood of lines, a stalled reader) the
        oldest are dropped, never the newest. Each update carries the whole occupancy, so the last
        one is the truth; `stats.updates_dropped` counts the dropped ones."""
        q: queue.Queue[LinkUpdate] = queue.Queue(maxsize)

        def put(update: LinkUpdate) -> None:
            while True:
                try:
                    q.put_nowait(update)
                    return
                except queue.Full:
                    try:
                        q.get_nowait()
                        self.stats.updates_dropped += 1
                    except queue.Empty:
                        pass

        self.subscribe(put)
        return q

    # ---- life ----
    def start(self) -> "SensorLink":
        if self._thread is not None:
            raise LinkError("the sensor link is already started")
        if "://" in self.port_url:
            import serial

            try:  # an unknown URL scheme is a mistake to report now, not to retry forever
                serial.serial_for_url(self.port_url, do_not_open=True)
            except ValueError as exc:
                raise LinkError(f"cannot use sensor port {self.port_url!r}: {exc}") from exc
        self._thread = threading.Thread(target=self._run, name=f"sensor-link {self.port_url}", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        port = self._port
        if port is not None:
            try:
                port.cancel_read()  # wake a blocked read where the backend supports it
            except Exception:  # noqa: BLE001 - best effort; the read times out anyway
                pass
        if self._thread is not None:
            self._thread.join(timeout=2.0)

    def __enter__(self) -> "SensorLink":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- commands to the board ----
    def send(self, line: bytes) -> bool:
        """Write one host line; False when the link is down (LED hints are not worth queueing)."""
        with self._write_lock:
            port = self._port
            if port is None:
                return False
            try:
                port.write(line)
                return True
            except Exception as exc:  # noqa: BLE001 - the reader thread notices and reconnects
                log.debug("sensor link write failed: %s", exc)
                return False

    def set_led(self, channel: int, rgb: str) -> bool:
        if len(rgb) != 6 or any(c not in "0123456789abcdefABCDEF" for c in rgb):
            raise ValueError(f"LED colour must be rrggbb, got {rgb!r}")
        return self.send(protocol.command("LED", str(channel), rgb.upper()))

    def leds_off(self) -> bool:
        return self.send(protocol.LEDS_OFF)

    # ---- the thread ----
    def _run(self) -> None:
        delay = self.backoff_start
        self._emit("link")  # the first state, down
        while not self._stop.is_set():
            try:
                port = self._opener(self.port_url, self.baudrate, self.read_timeout)
            except ValueError as exc:  # pyserial: a URL it does not understand; retrying won't help
                self.last_open_error = str(exc)
                log.error("sensor link: cannot use %s: %s", self.port_url, exc)
                return
            except Exception as exc:  # noqa: BLE001 - SerialException/OSError: not there (yet)
                self.last_open_error = str(exc)
                self._set_state(LinkState.DOWN)
                self._stop.wait(delay)
                delay = min(delay * 2, self.backoff_max)
                continue
            delay = self.backoff_start
            self.last_open_error = None
            self.stats.opens += 1
            try:
                self._serve(port)
            except Exception as exc:  # noqa: BLE001 - cable pulled, pty gone, socket closed
                log.info("sensor link %s lost: %s", self.port_url, exc)
            finally:
                with self._write_lock:
                    self._port = None
                try:
                    port.close()
                except Exception:  # noqa: BLE001
                    pass
            if not self._stop.is_set():
                self._set_state(LinkState.DOWN)  # occupancy is kept while down
                self._stop.wait(delay)
                delay = min(delay * 2, self.backoff_max)

    def _serve(self, port: Any) -> None:
        framer = protocol.Framer()
        self._baseline = False
        self._expected_seq: int | None = None
        with self._write_lock:
            self._port = port
        self._set_state(LinkState.SYNCING)
        now = self.clock()
        self._last_valid = now
        self._last_snap_request = now
        self._hello_pending = True
        self._hello_unasked = False
        with self._write_lock:
            port.write(protocol.HELLO_Q + protocol.SNAP_Q)
        dropped_before = 0
        while not self._stop.is_set():
            data = port.read(port.in_waiting or 1)
            now = self.clock()
            if data:
                for sentence in framer.feed(data):
                    self._last_valid = now
                    self._handle(sentence, now, port)
                if framer.dropped != dropped_before:
                    self.stats.dropped += framer.dropped - dropped_before
                    self.stats.drop_reasons.update(framer.reasons)
                    framer.reasons.clear()
                    dropped_before = framer.dropped
                self.stats.lines = framer.lines
            if self._state is not LinkState.STALE and now - self._last_valid >= self.stale_after:
                self._set_state(LinkState.STALE)
            if (not self._baseline or self._state is LinkState.STALE) and now - self._last_snap_request >= self.resync_every:
                self._request_snap(port, now)

    def _request_snap(self, port: Any, now: float) -> None:
        self._last_snap_request = now
        with self._write_lock:
            port.write(protocol.SNAP_Q)

    def _handle(self, sentence: protocol.Sentence, now: float, port: Any) -> None:
        if self._state is LinkState.STALE:
            self._set_state(LinkState.OK if self._baseline else LinkState.SYNCING)
        if isinstance(sentence, Evt):
            if not self._baseline:
                self.stats.ignored_before_snapshot += 1  # no baseline to apply it to
                return
            if self.device is not None and sentence.channel >= self.device.channels:
                self.stats.dropped += 1
                self.stats.drop_reasons["channel out of range"] += 1
                return
            if sentence.seq != self._expected_seq:
                self.stats.seq_gaps += 1
                self._request_snap(port, now)  # something was lost: trust a fresh snapshot
            self._expected_seq = (sentence.seq + 1) % protocol.SEQ_MODULO
            bit = frozenset((sentence.channel,))
            occupied = self._occupied | bit if sentence.occupied else self._occupied - bit
            self._set_occupied(occupied, now, sentence)
        elif isinstance(sentence, Snap):
            if self._baseline and sentence.seq != self._expected_seq:
                if self._hello_unasked:  # the board reset: its seq starts again; the SNAP is the truth
                    self.stats.board_resets += 1
                    log.warning("sensor board reset (HELLO, then SNAP seq %d); resynchronised", sentence.seq)
                else:
                    self.stats.seq_gaps += 1
            self._hello_unasked = False
            self._expected_seq = (sentence.seq + 1) % protocol.SEQ_MODULO
            occupied = sentence.occupied
            if self.device is not None:
                occupied = frozenset(ch for ch in occupied if ch < self.device.channels)
            first = not self._baseline
            self._baseline = True
            self._set_occupied(occupied, now, sentence)
            if first or self._state is not LinkState.OK:
                self._set_state(LinkState.OK)
        elif isinstance(sentence, Hello):
            if sentence.proto != protocol.PROTO:
                log.warning("sensor board speaks protocol %s, this companion protocol %s", sentence.proto, protocol.PROTO)
            self.device = sentence
            asked, self._hello_pending = self._hello_pending, False
            # Unasked, it may be a board that rebooted under the open port (watchdog, fault, power),
            # or a boot that crossed our HELLO?: the next SNAP's seq tells.
            self._hello_unasked = self._baseline and not asked
        else:
            self.stats.device_errors += 1
            self.stats.last_device_error = sentence
            log.warning("sensor board dropped a host line: %s %s", sentence.code, sentence.text)

    # ---- reporting ----
    def _set_state(self, state: LinkState) -> None:
        if state is not self._state:
            self._state = state
            self._emit("link")

    def _set_occupied(self, occupied: frozenset[int], now: float, cause: Evt | Snap) -> None:
        if occupied == self._occupied:
            return
        self._occupied = occupied
        if self.zone_map is not None:
            for ch in sorted(occupied - self._reported_unmapped):
                if self.zone_map.zone_of(ch) is None:
                    self._reported_unmapped.add(ch)  # reported once, never guessed
                    log.warning("sensor channel %d is not in the zone map %s", ch, self.zone_map.source)
                    self._emit("unmapped", channel=ch)
        self._emit("occupancy", event=cause, at=now)

    def _emit(self, reason: str, *, event: Evt | Snap | None = None, channel: int | None = None, at: float | None = None) -> None:
        update = LinkUpdate(
            reason, self._state, self._occupied, self.zones, self.clock() if at is None else at, event, channel
        )
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener(update)
            except Exception:  # a broken listener must not stop the link
                log.exception("sensor link listener failed")
