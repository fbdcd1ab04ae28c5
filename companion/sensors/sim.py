"""The virtual sensor board: the firmware's own logic (firmware.device) behind a pty or a TCP port.

    board = VirtualBoard(channels=32)
    port = board.start()          # "/dev/pts/5" (or the symlink you asked for)
    board.place(14); board.lift(14)
    board.stop()

Pieces are placed on channels (ints) or, with a zone map, on zones (strings).
"""

from __future__ import annotations

import errno
import os
import select
import socket
import threading
import time
import tty
from pathlib import Path

from firmware import pinmap
from firmware.device import SensorBoard
from firmware.scan import VirtualSensors

from companion.sensors.calibration import ZoneMap
from companion.sensors.errors import LinkError, UnknownZone

PINS_FILE = Path(__file__).resolve().parents[2] / "hardware" / "pins.toml"


def board_config(pins_file: str | Path | None = None) -> dict[str, object]:
    """The [sensor_board] settings from the shared pin map, read by the firmware's own reader."""
    path = Path(os.environ.get("COMPANION_PINS", PINS_FILE) if pins_file is None else pins_file)
    try:
        return pinmap.sensor_config(pinmap.load(str(path)))
    except OSError as exc:
        raise LinkError(f"cannot read the pin map {path}: {exc.strerror}") from exc


class VirtualBoard:
    def __init__(
        self,
        channels: int | None = None,
        *,
        zone_map: ZoneMap | None = None,
        debounce_ms: int | None = None,
        heartbeat_ms: int | None = None,
        link_path: str | Path | None = None,
        tick_ms: float = 1.0,
        pins_file: str | Path | None = None,
    ) -> None:
        cfg = board_config(pins_file) if channels is None or debounce_ms is None or heartbeat_ms is None else {}
        self.channels = int(channels if channels is not None else cfg["channels"])  # type: ignore[call-overload]
        self.zone_map = zone_map
        self.sensors = VirtualSensors(self.channels)
        self.board = SensorBoard(
            self.channels,
            self.sensors,
            self._write,
            fw_version=str(cfg.get("firmware_version", "1.0.0")),
            debounce_ms=int(debounce_ms if debounce_ms is not None else cfg["debounce_ms"]),  # type: ignore[call-overload]
            heartbeat_ms=int(heartbeat_ms if heartbeat_ms is not None else cfg["heartbeat_ms"]),  # type: ignore[call-overload]
        )
        self.link_path = Path(link_path) if link_path is not None else None
        self.tick_ms = tick_ms
        self.silent = False  # True: the board stops talking (to test a stale link)
        self.received = bytearray()  # everything the host sent
        self.path: str | None = None
        self._lock = threading.RLock()
        self._master: int | None = None
        self._slave: int | None = None
        self._server: socket.socket | None = None
        self._client: socket.socket | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._booted = False

    # ---- starting ----
    def start(self) -> str:
        """Open a pty and run the board; returns the path to open (the symlink if one was asked)."""
        self._open_pty()
        self._run_thread()
        return self.path  # type: ignore[return-value]

    def start_tcp(self, host: str = "127.0.0.1", port: int = 0) -> str:
        """Serve the board on TCP instead; returns the socket:// URL to open."""
        server = socket.create_server((host, port))
        self._server = server
        self.path = f"socket://{host}:{server.getsockname()[1]}"
        self._run_thread()
        return self.path

    def _open_pty(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no newline translation: bytes pass as sent
        os.set_blocking(master, False)
        # Holding the slave open keeps the pty alive while no host has it open.
        with self._lock:
            self._master, self._slave = master, slave
        real = os.ttyname(slave)
        if self.link_path is not None:
            tmp = self.link_path.with_name(self.link_path.name + ".new")
            tmp.unlink(missing_ok=True)
            tmp.symlink_to(real)
            tmp.replace(self.link_path)
            self.path = str(self.link_path)
        else:
            self.path = real

    def _run_thread(self) -> None:
        if not self._booted:
            self.board.boot(self._now())
            self._booted = True
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="virtual-board", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
        self._close_transport()
        if self._server is not None:
            self._server.close()
        if self.link_path is not None and self.link_path.is_symlink():
            self.link_path.unlink()

    def __enter__(self) -> "VirtualBoard":
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ---- the cable ----
    def unplug(self) -> None:
        """Pull the cable: the pty goes away (the host's reads fail) and the symlink with it."""
        with self._lock:
            self._close_transport()
            if self.link_path is not None:
                self.link_path.unlink(missing_ok=True)

    def replug(self) -> str:
        """Plug it back in: a fresh pty (and the symlink pointing at it); the board reboots."""
        with self._lock:
            self._open_pty()
            self.board.boot(self._now())
        return self.path  # type: ignore[return-value]

    def _close_transport(self) -> None:
        with self._lock:
            for fd in (self._master, self._slave):
                if fd is not None:
                    os.close(fd)
            self._master = self._slave = None
            if self._client is not None:
                self._client.close()
                self._client = None

    # ---- pieces ----
    def channel(self, where: int | str) -> int:
        """A channel from a channel number or (with a zone map) a zone id."""
        if isinstance(where, int):
            if not 0 <= where < self.channels:
                raise UnknownZone(f"channel {where} is not in 0..{self.channels - 1}")
            return where
        if self.zone_map is None:
            raise UnknownZone(f"zone {where!r} needs a zone map (--map); without one, use channel numbers")
        return self.zone_map.channels_of(where)[0]

    def place(self, where: int | str) -> None:
        with self._lock:
            self.sensors.set(self.channel(where), True)

    def lift(self, where: int | str) -> None:
        with self._lock:
            self.sensors.set(self.channel(where), False)

    def move(self, src: int | str, dst: int | str) -> None:
        with self._lock:
            self.sensors.set(self.channel(src), False)
            self.sensors.set(self.channel(dst), True)

    def occupied(self) -> frozenset[int]:
        """What the board has debounced and reported."""
        mask = self.board.debouncer.stable
        return frozenset(ch for ch in range(self.channels) if mask >> ch & 1)

    def inject(self, data: bytes) -> None:
        """Put raw bytes on the line (garbage, cut lines, bad checksums) for tests."""
        self._write(data, force=True)

    # ---- the loop ----
    def _now(self) -> int:
        return int(time.monotonic() * 1000)

    def _write(self, data: bytes, force: bool = False) -> None:
        if self.silent and not force:
            return
        with self._lock:
            if self._master is not None:
                view = memoryview(data)
                while view:
                    try:
                        n = os.write(self._master, view)
                    except BlockingIOError:
                        return  # nobody is reading: drop, like a USB serial with no host
                    except OSError as exc:
                        if exc.errno == errno.EIO:
                            return
                        raise
                    view = view[n:]
            elif self._client is not None:
                try:
                    self._client.sendall(data)
                except OSError:
                    self._client.close()
                    self._client = None

    def _run(self) -> None:
        timeout = self.tick_ms / 1000
        while not self._stop.is_set():
            fds: list[object] = []
            with self._lock:
                if self._master is not None:
                    fds.append(self._master)
                if self._client is not None:
                    fds.append(self._client)
                elif self._server is not None:
                    fds.append(self._server)
            try:
                ready = select.select(fds, [], [], timeout)[0] if fds else []
            except (OSError, ValueError):
                ready = []  # a descriptor was closed under us by unplug()
            for r in ready:
                self._read(r)
            with self._lock:
                self.board.tick(self._now())

    def _read(self, source: object) -> None:
        with self._lock:
            if source is self._server and self._server is not None:
                client, _ = self._server.accept()
                client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                self._client = client
                self.board.boot(self._now())  # a fresh connection is a fresh plug-in
                return
            try:
                if source is self._client and self._client is not None:
                    data = self._client.recv(4096)
                    if not data:
                        self._client.close()
                        self._client = None
                        return
                elif source == self._master and self._master is not None:
                    data = os.read(self._master, 4096)
                else:
                    return
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return  # EIO: no host has the pty open right now
            self.received += data
            self.board.receive(data)
