"""Sensor updates wait for the UI thread in a bounded buffer: a stalled or busy UI keeps only the
newest ones and is woken once, however many lines flood in."""

from __future__ import annotations

from typing import Callable

from companion.sensors.link import LinkState, LinkUpdate
from companion.ui.hardware import PENDING_KEPT, SensorFeed


def test_a_flood_waits_bounded_and_wakes_the_ui_once() -> None:
    woken: list[Callable[[], None]] = []
    feed = SensorFeed(("1", "2", "3"), port="/dev/null-not-opened", schedule=woken.append)
    for k in range(20000):  # the link thread, while the UI thread is busy
        zones = frozenset({"1"}) if k % 2 else frozenset({"2"})
        feed._from_link(LinkUpdate("occupancy", LinkState.OK, frozenset(), zones, float(k)))
    assert len(woken) == 1 and len(feed._pending) == PENDING_KEPT
    woken[0]()  # the UI thread runs
    assert feed.state == "ok" and len(feed._pending) == 0
    feed._from_link(LinkUpdate("link", LinkState.STALE, frozenset(), None, 1.0))
    assert len(woken) == 2
