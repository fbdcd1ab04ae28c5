"""The board's behaviour on the host: debounce, seq counter, heartbeat, answers to the host."""

from __future__ import annotations

import pynmea2

from firmware import protocol
from firmware.debounce import Debouncer, from_mask
from firmware.device import SensorBoard
from firmware.scan import VirtualSensors


class RecordingLeds:
    def __init__(self) -> None:
        self.colours: dict[int, tuple[int, int, int]] = {}

    def set(self, channel: int, r: int, g: int, b: int) -> None:
        self.colours[channel] = (r, g, b)

    def off(self) -> None:
        self.colours.clear()


def fields(line: bytes) -> list[str]:
    msg = pynmea2.parse(line.decode().strip(), check=True)
    assert isinstance(msg, pynmea2.ProprietarySentence)
    return [f for f in msg.data if f != ""]


def make(channels: int = 32, **kw: int) -> tuple[SensorBoard, VirtualSensors, list[bytes]]:
    out: list[bytes] = []
    sensors = VirtualSensors(channels)
    return SensorBoard(channels, sensors, out.append, **kw), sensors, out


def test_boot_sends_hello_and_snapshot() -> None:
    board, sensors, out = make()
    sensors.set(5, True)
    board.boot(0)
    assert [fields(l) for l in out] == [["HELLO", "1", "1.0.0", "32"], ["SNAP", "0", "20"]]


def scan(mask: int, channels: int = 8) -> bytearray:
    return from_mask(mask, bytearray((channels + 7) // 8))


def test_debounce_ignores_a_flicker_and_reports_a_stable_change() -> None:
    deb = Debouncer(8, 30)
    deb.start(scan(0), 0)
    assert not deb.update(scan(0b1), 10)
    assert not deb.update(scan(0b0), 20)  # a piece slid across the sensor
    assert not deb.update(scan(0b0), 100)
    assert not deb.update(scan(0b1), 110)
    assert not deb.update(scan(0b1), 139)
    assert deb.update(scan(0b1), 140) == [(0, 1)]
    assert deb.stable == 1


def test_changes_reported_in_the_order_they_happen() -> None:
    deb = Debouncer(8, 30)
    deb.start(scan(0), 0)
    deb.update(scan(0b1000_0000), 0)
    deb.update(scan(0b1000_0001), 10)
    assert deb.update(scan(0b1000_0001), 50) == [(7, 1), (0, 1)]


def test_changes_across_bytes_and_the_top_channel() -> None:
    deb = Debouncer(64, 30)
    deb.start(scan(0, 64), 0)
    deb.update(scan(1 << 63, 64), 5)
    deb.update(scan(1 << 63 | 1 << 8, 64), 6)
    assert deb.update(scan(1 << 63 | 1 << 8, 64), 36) == [(63, 1), (8, 1)]
    assert deb.stable == 1 << 63 | 1 << 8
    assert deb.stable_bytes == bytearray([0, 1, 0, 0, 0, 0, 0, 0x80])


def test_events_share_one_seq_counter_with_snapshots_and_wrap() -> None:
    board, sensors, out = make(heartbeat_ms=1000)
    board.boot(0)  # SNAP seq 0
    board.seq = 65535
    sensors.set(2, True)
    board.tick(1)
    board.tick(40)  # EVT seq 65535
    sensors.set(2, False)
    board.tick(50)
    board.tick(90)  # EVT seq 0
    board.tick(1000)  # heartbeat SNAP seq 1
    got = [fields(l) for l in out[2:]]
    assert got == [["EVT", "65535", "2", "1"], ["EVT", "0", "2", "0"], ["SNAP", "1", "0"]]


def test_heartbeat_every_second() -> None:
    board, _, out = make()
    board.boot(0)
    for t in range(0, 3001, 10):
        board.tick(t)
    snaps = [fields(l) for l in out if b"SNAP" in l]
    assert [s[1] for s in snaps] == ["0", "1", "2", "3"]


def test_answers_host_and_reports_errors() -> None:
    leds = RecordingLeds()
    out: list[bytes] = []
    sensors = VirtualSensors(8)
    board = SensorBoard(8, sensors, out.append, leds)
    board.boot(0)
    out.clear()
    board.receive(protocol.frame(["PTBC", "HELLO?"]) + b"junk" + protocol.frame(["PTBC", "SNAP?"])[:5])
    board.receive(protocol.frame(["PTBC", "SNAP?"])[5:])
    board.receive(protocol.frame(["PTBC", "LED", "3", "00ff00"]))
    assert leds.colours == {3: (0, 255, 0)}
    board.receive(protocol.frame(["PTBC", "LEDS", "OFF"]))
    assert leds.colours == {}
    board.receive(b"$PTBC,SNAP?*00\r\n" + protocol.frame(["PTBC", "LED", "8", "000000"]))
    board.receive(b"$" + b"X" * 150 + b"\r\n")
    board.receive(protocol.frame(["PTBC", "DANCE"]))
    got = [fields(l) for l in out]
    assert got[0] == ["HELLO", "1", "1.0.0", "8"]
    assert got[1] == ["SNAP", "1", "0"]
    assert [g[:2] for g in got[2:]] == [["ERR", "CS"], ["ERR", "ARG"], ["ERR", "LEN"], ["ERR", "CMD"]]
    assert board.dropped == 4


def test_every_line_in_a_busy_session_is_valid_nmea() -> None:
    board, sensors, out = make(channels=64)
    board.boot(0)
    t = 0
    for step in range(400):
        sensors.set((step * 7) % 64, step % 3 != 0)
        for _ in range(5):
            t += 10
            board.tick(t)
        if step % 50 == 0:
            board.receive(b"$garbage*ZZ\r\n" + protocol.frame(["PTBC", "SNAP?"]))
    assert len(out) > 300
    seqs = []
    for line in out:
        f = fields(line)
        assert len(line) <= protocol.MAX_LINE
        if f[0] in ("SNAP", "EVT"):
            seqs.append(int(f[1]))
    assert seqs == list(range(len(seqs)))
