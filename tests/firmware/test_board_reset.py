"""A board that resets under an open link says HELLO, and the host resynchronises (docs/sensors.md).

The real firmware on MicroPython behind a pty and the real SensorLink: the board is reset by
MAINT (into maintenance mode) and rebooted by a Ctrl-D, as the deploy command does it."""

from __future__ import annotations

import queue
import time
from typing import Any

from companion.sensors import protocol
from companion.sensors.link import LinkState, LinkUpdate, SensorLink


def states_until(q: "queue.Queue[LinkUpdate]", want: LinkState, timeout: float = 10.0) -> list[str]:
    seen: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            u = q.get(timeout=0.1)
        except queue.Empty:
            continue
        if u.reason == "link":
            seen.append(u.state.value)
            if u.state is want:
                return seen
    raise AssertionError(f"no {want.value} within {timeout}s; link states seen: {seen}")


def test_host_resynchronises_after_the_board_resets(pty_board: Any) -> None:
    board = pty_board()
    link = SensorLink(board.path, stale_after=30.0)
    q = link.updates()
    link.start()
    try:
        states_until(q, LinkState.OK)
        assert link.device is not None and link.device.channels == 32
        assert link.stats.board_resets == 0  # the HELLO it asked for is not a reset
        time.sleep(1.2)  # a heartbeat or two: seq moves on
        link.send(protocol.command("MAINT"))  # the board resets (into maintenance mode)
        time.sleep(0.5)
        assert link.stats.board_resets == 0
        before = link.stats.lines
        link.send(b"\x04")  # and reboots: HELLO, then SNAP with seq 0
        deadline = time.monotonic() + 10
        while link.stats.board_resets == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert link.stats.board_resets == 1 and link.stats.lines > before
        assert link.stats.seq_gaps == 0  # the restarted seq is not a loss
        time.sleep(1.2)
        assert link.stats.seq_gaps == 0 and link.state is LinkState.OK  # heartbeats follow on from 0
        assert link.stats.board_resets == 1
    finally:
        link.close()
