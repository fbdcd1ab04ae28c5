"""The host link over real ptys (and loop://): states, resync, dropped lines, silence, a pulled cable."""

from __future__ import annotations

import os
import select
import threading
import time
import tty
from pathlib import Path
from typing import Any, Iterator

import pytest
import serial

from companion.sensors.calibration import ZoneMap
from companion.sensors.errors import LinkError
from companion.sensors.link import LinkState, SensorLink, open_port
from companion.sensors.sim import VirtualBoard
from firmware import protocol as fw

from .conftest import until, wait_for


class RawDevice:
    """The device end of a pty, driven byte by byte by the test."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.heard = bytearray()

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def read_host(self, want: bytes, timeout: float = 2.0) -> None:
        deadline = time.monotonic() + timeout
        while want not in self.heard and time.monotonic() < deadline:
            if select.select([self.master], [], [], 0.02)[0]:
                self.heard += os.read(self.master, 1024)
        assert want in self.heard, f"host never sent {want!r}; heard {bytes(self.heard)!r}"

    def close(self) -> None:
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def device() -> Iterator[RawDevice]:
    d = RawDevice()
    yield d
    d.close()


def started(port: str, **kw: Any) -> tuple[SensorLink, Any]:
    """A started link whose port is open (pyserial flushes input on open, as a real port does)."""
    link = SensorLink(port, **kw)
    q = link.updates()
    link.start()
    wait_for(q, lambda u: u.state is LinkState.SYNCING)
    return link, q


def test_open_asks_hello_and_snap_and_ignores_events_before_the_snapshot(device: RawDevice) -> None:
    link, q = started(device.path)
    try:
        device.read_host(b"$PTBC,HELLO?*")
        device.read_host(b"$PTBC,SNAP?*1A\r\n")
        device.send(fw.hello("1.0.0", 16) + fw.evt(5, 3, 1))  # no baseline yet
        until(lambda: link.stats.ignored_before_snapshot == 1)
        assert link.occupied == frozenset()
        device.send(fw.snap(6, 0b10001))
        u = wait_for(q, lambda u: u.state is LinkState.OK)
        assert link.occupied == frozenset({0, 4})
        assert link.device is not None and link.device.channels == 16
        device.send(fw.evt(7, 3, 1))
        u = wait_for(q, lambda u: u.reason == "occupancy" and 3 in u.occupied)
        assert u.occupied == frozenset({0, 3, 4})
        assert link.stats.seq_gaps == 0
    finally:
        link.close()


def test_garbage_split_overlong_and_bad_checksums_are_dropped_and_counted(device: RawDevice) -> None:
    link, q = started(device.path)
    try:
        device.send(fw.snap(0, 0))
        wait_for(q, lambda u: u.state is LinkState.OK)
        device.send(b"\x00\x7f garbage \xff\r\n")
        device.send(b"$PTBC,EVT,1,2,1*00\r\n")  # bad checksum
        device.send(b"$" + b"Z" * 200 + b"\r\n")  # over-long
        line = fw.evt(1, 2, 1)
        for i in range(len(line)):  # split into single bytes
            device.send(line[i : i + 1])
            time.sleep(0.001)
        u = wait_for(q, lambda u: u.reason == "occupancy")
        assert u.occupied == frozenset({2})
        until(lambda: link.stats.dropped == 2)
        assert dict(link.stats.drop_reasons) == {"bad checksum": 1, "over-long": 1}
        assert link.stats.seq_gaps == 0  # the dropped EVT had a bad checksum, never counted
    finally:
        link.close()


def test_a_seq_gap_asks_for_a_snapshot_and_trusts_it(device: RawDevice) -> None:
    link, q = started(device.path, resync_every=60.0)
    try:
        device.send(fw.snap(10, 0))
        wait_for(q, lambda u: u.state is LinkState.OK)
        device.heard.clear()
        device.send(fw.evt(13, 1, 1))  # 11 and 12 were lost
        wait_for(q, lambda u: u.reason == "occupancy")
        device.read_host(b"$PTBC,SNAP?*1A\r\n")
        assert link.stats.seq_gaps == 1
        device.send(fw.snap(14, 0b1100))  # the truth: 1 is free, 2 and 3 are occupied
        wait_for(q, lambda u: u.occupied == frozenset({2, 3}))
        device.send(fw.evt(15, 2, 0))
        wait_for(q, lambda u: u.occupied == frozenset({3}))
        assert link.stats.seq_gaps == 1
    finally:
        link.close()


def test_seq_wraps_without_a_gap(device: RawDevice) -> None:
    link, q = started(device.path)
    try:
        device.send(fw.snap(65534, 0) + fw.evt(65535, 0, 1) + fw.evt(0, 0, 0) + fw.snap(1, 1))
        wait_for(q, lambda u: u.event is not None and getattr(u.event, "seq", None) == 1)
        assert link.stats.seq_gaps == 0
    finally:
        link.close()


def test_silence_past_the_timeout_is_stale_then_recovers(device: RawDevice) -> None:
    link, q = started(device.path, stale_after=0.3, resync_every=0.1)
    try:
        device.send(fw.snap(0, 0b1))
        wait_for(q, lambda u: u.state is LinkState.OK)
        t0 = time.monotonic()
        wait_for(q, lambda u: u.state is LinkState.STALE, timeout=2.0)
        assert time.monotonic() - t0 >= 0.25
        device.read_host(b"$PTBC,SNAP?*1A\r\n")  # it keeps asking while stale
        assert link.occupied == frozenset({0})  # kept
        device.send(fw.snap(1, 0b1))
        wait_for(q, lambda u: u.state is LinkState.OK)
    finally:
        link.close()


def test_silence_is_judged_on_valid_lines_only(device: RawDevice) -> None:
    link, q = started(device.path, stale_after=0.3)
    try:
        device.send(fw.snap(0, 0))
        wait_for(q, lambda u: u.state is LinkState.OK)
        for _ in range(8):
            device.send(b"$PTBC,SNAP,1,0*00\r\n")  # noise keeps coming, but nothing valid
            time.sleep(0.05)
        assert link.state is LinkState.STALE
    finally:
        link.close()


def test_pulled_and_replugged_cable(tmp_path: Path) -> None:
    symlink = tmp_path / "ttyBOARD"
    board = VirtualBoard(8, debounce_ms=5, heartbeat_ms=200, link_path=symlink)
    board.start()
    link, q = started(str(symlink), backoff_start=0.05, backoff_max=0.2)
    try:
        board.place(2)
        wait_for(q, lambda u: u.state is LinkState.OK)
        until(lambda: link.occupied == frozenset({2}))
        board.unplug()
        assert not symlink.exists()
        wait_for(q, lambda u: u.state is LinkState.DOWN)
        assert link.occupied == frozenset({2})  # kept while down
        time.sleep(0.3)  # a few failed reopen attempts against the missing path
        assert link.state is LinkState.DOWN
        board.lift(2)
        board.place(5)
        board.replug()
        wait_for(q, lambda u: u.state is LinkState.SYNCING)
        wait_for(q, lambda u: u.state is LinkState.OK)
        until(lambda: link.occupied == frozenset({5}))
        assert link.stats.opens == 2
    finally:
        link.close()
        board.stop()


def test_reopen_backs_off_doubling_to_the_cap(tmp_path: Path) -> None:
    attempts: list[float] = []

    def opener(url: str, baud: int, timeout: float) -> Any:
        attempts.append(time.monotonic())
        return open_port(url, baud, timeout)

    class Waits(threading.Event):
        """The link's stop event, noting each pause it asks for (wall-clock gaps grow under load)."""

        def __init__(self) -> None:
            super().__init__()
            self.asked: list[float | None] = []

        def wait(self, timeout: float | None = None) -> bool:
            self.asked.append(timeout)
            return super().wait(timeout)

    link = SensorLink(str(tmp_path / "nothing-here"), backoff_start=0.04, backoff_max=0.16, opener=opener)
    waits = link._stop = Waits()
    link.start()
    until(lambda: len(attempts) >= 6, timeout=10.0)
    link.close()
    assert waits.asked[:5] == [0.04, 0.08, 0.16, 0.16, 0.16]
    gaps = [b - a for a, b in zip(attempts, attempts[1:])][:5]
    assert all(g >= w * 0.95 for g, w in zip(gaps, [0.04, 0.08, 0.16, 0.16, 0.16])), gaps  # it really waited
    assert link.state is LinkState.DOWN
    assert "nothing-here" in (link.last_open_error or "")


def test_unmapped_channel_is_reported_once(device: RawDevice) -> None:
    zmap = ZoneMap("villa", {0: "1", 1: "C1"})
    link, q = started(device.path, zone_map=zmap)
    try:
        device.send(fw.snap(0, 0b101))  # channel 2 has no zone
        u = wait_for(q, lambda u: u.reason == "unmapped")
        assert u.channel == 2
        u = wait_for(q, lambda u: u.reason == "occupancy")
        assert u.zones == frozenset({"1"})
        device.send(fw.evt(1, 2, 0) + fw.evt(2, 2, 1) + fw.evt(3, 1, 1))
        wait_for(q, lambda u: u.zones == frozenset({"1", "C1"}))
        assert sum(1 for _ in iter(lambda: q.get_nowait() if not q.empty() else None, None) if _.reason == "unmapped") == 0
    finally:
        link.close()


def test_loop_url_and_leds() -> None:
    port = serial.serial_for_url("loop://", timeout=0.02)
    link = SensorLink("loop://", opener=lambda *a: port)
    q = link.updates()
    link.start()
    try:
        # loop:// echoes the host's own HELLO?/SNAP? back: they are not device sentences.
        port.write(fw.snap(3, 0x8) + b"noise")
        wait_for(q, lambda u: u.state is LinkState.OK and u.occupied == frozenset({3}))
        until(lambda: link.stats.drop_reasons["unknown sentence"] == 2)
        assert link.set_led(3, "ff8800")
        with pytest.raises(ValueError, match="rrggbb"):
            link.set_led(3, "orange")
    finally:
        link.close()


def test_commands_reach_the_firmware_leds() -> None:
    board = VirtualBoard(8, debounce_ms=5)
    path = board.start()
    link, q = started(path)
    try:
        wait_for(q, lambda u: u.state is LinkState.OK)
        assert link.set_led(4, "00ff00") and link.leds_off()
        until(lambda: b"$PTBC,LEDS,OFF*" in board.received)
        assert b"$PTBC,LED,4,00FF00*" in board.received
        assert board.board.dropped == 0
    finally:
        link.close()
        board.stop()


def test_socket_url_against_the_virtual_board() -> None:
    board = VirtualBoard(8, debounce_ms=5)
    url = board.start_tcp()
    link, q = started(url)
    try:
        wait_for(q, lambda u: u.state is LinkState.OK)
        board.place(6)
        wait_for(q, lambda u: u.occupied == frozenset({6}))
    finally:
        link.close()
        board.stop()


def test_unknown_url_scheme_is_a_clear_error() -> None:
    with pytest.raises(LinkError, match="nonsense://x"):
        SensorLink("nonsense://x").start()


def test_an_unread_updates_queue_stays_bounded_and_keeps_the_newest() -> None:
    """A flood of EVT lines with nobody reading: the queue keeps its size, drops the oldest."""
    port = serial.serial_for_url("loop://", timeout=0.02)
    link = SensorLink("loop://", opener=lambda *a: port)
    q = link.updates(maxsize=50)
    link.start()
    try:
        port.write(fw.snap(1, 0))
        until(lambda: link.state is LinkState.OK)
        for seq in range(2, 3000):
            port.write(fw.evt(seq, seq % 8, (seq // 8) % 2))  # every line changes the occupancy
        until(lambda: link.stats.lines >= 2990, timeout=20)
        assert q.qsize() <= 50 and link.stats.updates_dropped > 2000
        newest = None
        while not q.empty():
            newest = q.get_nowait()
        assert newest is not None and newest.occupied == link.occupied
    finally:
        link.close()
