"""Sensor-line-to-game-input latency and link throughput, over a real pty.

Latency: from the last byte of an EVT line written to the pty master to the SensorLink listener
being called with the new occupancy (the point where the game gets its input). Baseline in the
same run: a bare pyserial read loop on the same kind of pty seeing the same last byte.
Throughput: lines/s the link parses and applies from a burst of EVT lines, against the bare
read loop's lines/s. Target: p99 latency under 5 ms. Not run by the test suite.
"""

from __future__ import annotations

import os
import statistics
import sys
import threading
import time
import tty
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import serial  # noqa: E402

from companion.sensors.link import LinkState, SensorLink  # noqa: E402
from firmware import protocol as fw  # noqa: E402

SAMPLES = 2000
BURST = 20000


def pty() -> tuple[int, int, str]:
    master, slave = os.openpty()
    tty.setraw(slave)
    return master, slave, os.ttyname(slave)


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def baseline_latency() -> list[float]:
    master, slave, path = pty()
    port = serial.Serial(path, timeout=0.02)
    got = threading.Event()
    t_seen = [0.0]
    stop = threading.Event()

    def reader() -> None:
        buf = b""
        while not stop.is_set():
            buf += port.read(port.in_waiting or 1)
            if buf.endswith(b"\n"):
                t_seen[0] = time.perf_counter()
                buf = b""
                got.set()

    th = threading.Thread(target=reader, daemon=True)
    th.start()
    out = []
    for i in range(SAMPLES):
        got.clear()
        line = fw.evt(i % 65536, i % 32, i % 2)
        t0 = time.perf_counter()  # before the write: conservative, never negative
        os.write(master, line)
        got.wait(1)
        out.append(t_seen[0] - t0)
    stop.set()
    th.join()
    port.close()
    os.close(master)
    os.close(slave)
    return out


def link_latency() -> tuple[list[float], float]:
    master, slave, path = pty()
    applied = threading.Event()
    t_seen = [0.0]
    link = SensorLink(path)

    def listener(update: object) -> None:
        if getattr(update, "reason", "") == "occupancy":
            t_seen[0] = time.perf_counter()
            applied.set()

    link.subscribe(listener)
    link.start()
    while link.state is not LinkState.SYNCING:
        time.sleep(0.01)
    os.write(master, fw.snap(0, 0))
    while link.state is not LinkState.OK:
        time.sleep(0.01)
    out = []
    for i in range(1, SAMPLES + 1):
        applied.clear()
        line = fw.evt(i, 0, i % 2)  # toggles channel 0: every line changes the occupancy
        t0 = time.perf_counter()  # before the (atomic, 20-byte) write: conservative, never negative
        os.write(master, line)
        applied.wait(1)
        out.append(t_seen[0] - t0)
    # Throughput: a burst the link must parse and apply.
    applied.clear()
    lines = b"".join(fw.evt((SAMPLES + 1 + k) % 65536, k % 32, (k // 32) % 2 ^ 1) for k in range(BURST))
    before = link.stats.lines
    t0 = time.perf_counter()
    view = memoryview(lines)
    while view:
        n = os.write(master, view[:4096])
        view = view[n:]
    while link.stats.lines - before < BURST and time.perf_counter() - t0 < 30:
        time.sleep(0.001)
    rate = (link.stats.lines - before) / (time.perf_counter() - t0)
    link.close()
    os.close(master)
    os.close(slave)
    return out, rate


def game_latency() -> list[float]:
    """Last byte of an EVT line -> the Boogeyman input inferred and applied by the reducer.

    Mike (corridor C1) steps into the Babysitter's room next door: the mat sees C1 freed and
    nothing newly filled, the sensing module infers Move(mike, "1"), the reducer applies it (an
    encounter). The settle window (0.8 s at the table, a deliberate wait for slid pieces) is left
    out: this measures the work, not the policy. The journal's fsync is the Session's, not timed here.
    """
    from dataclasses import replace

    from companion.games.boogeyman import sensing
    from companion.games.boogeyman.game import RULES
    from companion.games.boogeyman.state import Options
    from companion.sensors.calibration import ZoneMap

    base = RULES.setup(Options(children=("mike", "daphne")), 1)
    base = replace(base, babysitter="1", children=tuple(
        replace(c, zone="16") if c.name == "daphne" else c for c in base.children))
    zmap = ZoneMap("bench", {0: "C1", 1: "1", 2: "16"})
    master, slave, path = pty()
    applied = threading.Event()
    t_seen = [0.0]
    results: list[object] = []
    link = SensorLink(path, zone_map=zmap)
    last: list[frozenset[str]] = []

    def listener(update: object) -> None:
        zones = getattr(update, "zones", None)
        if getattr(update, "reason", "") != "occupancy" or zones is None:
            return
        before = last[0] if last else zones
        last[:] = [zones]
        event = sensing.on_settled(base, before, zones)
        if event is not None and not isinstance(event, sensing.PutRight):
            results.append(RULES.apply(base, event))  # type: ignore[arg-type]
            t_seen[0] = time.perf_counter()
            applied.set()
        elif zones == frozenset({"C1", "1", "16"}):
            applied.set()  # Mike's piece put back: nothing to apply

    link.subscribe(listener)
    link.start()
    while link.state is not LinkState.SYNCING:
        time.sleep(0.01)
    os.write(master, fw.snap(0, 0b111))
    while link.state is not LinkState.OK:
        time.sleep(0.01)
    time.sleep(0.05)
    out = []
    for i in range(1, SAMPLES + 1):
        applied.clear()
        lift = i % 2 == 1
        line = fw.evt(i, 0, 0 if lift else 1)
        t0 = time.perf_counter()
        os.write(master, line)
        applied.wait(1)
        if lift:
            out.append(t_seen[0] - t0)
    link.close()
    os.close(master)
    os.close(slave)
    assert results and all(s.pending for s in results), "every lift must become Mike's encounter"  # type: ignore[attr-defined]
    return out


def baseline_throughput() -> float:
    master, slave, path = pty()
    port = serial.Serial(path, timeout=0.02)
    lines = b"".join(fw.evt(k % 65536, k % 32, k % 2) for k in range(BURST))
    count = [0]

    def reader() -> None:
        while count[0] < BURST:
            count[0] += port.read(port.in_waiting or 1).count(b"\n")

    th = threading.Thread(target=reader, daemon=True)
    t0 = time.perf_counter()
    th.start()
    view = memoryview(lines)
    while view:
        n = os.write(master, view[:4096])
        view = view[n:]
    th.join(30)
    rate = count[0] / (time.perf_counter() - t0)
    port.close()
    os.close(master)
    os.close(slave)
    return rate


def main() -> int:
    base = baseline_latency()
    lat, rate = link_latency()
    game = game_latency()
    base_rate = baseline_throughput()
    ms = 1000.0
    print(f"sensor link latency, {SAMPLES} EVT lines over a pty (last byte written -> input applied)")
    print(f"  link     p50 {pct(lat, .5) * ms:.3f} ms  p99 {pct(lat, .99) * ms:.3f} ms  max {max(lat) * ms:.3f} ms")
    print(f"  baseline p50 {pct(base, .5) * ms:.3f} ms  p99 {pct(base, .99) * ms:.3f} ms  (bare pyserial read loop)")
    print(f"  ratio    p50 {statistics.median(lat) / statistics.median(base):.2f}x  p99 {pct(lat, .99) / pct(base, .99):.2f}x")
    print(f"to the game: EVT last byte -> Move inferred and applied by the reducer ({len(game)} moves)")
    print(f"  game     p50 {pct(game, .5) * ms:.3f} ms  p99 {pct(game, .99) * ms:.3f} ms  max {max(game) * ms:.3f} ms")
    print(f"  ratio    p50 {statistics.median(game) / statistics.median(base):.2f}x the bare read loop")
    print(f"throughput, burst of {BURST} EVT lines")
    print(f"  link     {rate:,.0f} lines/s")
    print(f"  baseline {base_rate:,.0f} lines/s (bare read loop, counting newlines)")
    print(f"  ratio    {rate / base_rate:.2f}x   (the board sends ~1 line/s plus one per move)")
    ok = pct(lat, 0.99) < 0.005 and pct(game, 0.99) < 0.005
    print(f"target p99 < 5 ms: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
