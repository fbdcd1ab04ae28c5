"""Helpers for the link tests: wait for a condition on the link's updates without long sleeps."""

from __future__ import annotations

import queue
import time
from typing import Callable

from companion.sensors.link import LinkUpdate


def wait_for(q: "queue.Queue[LinkUpdate]", cond: Callable[[LinkUpdate], bool], timeout: float = 3.0) -> LinkUpdate:
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        try:
            u = q.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            break
        seen.append((u.reason, u.state.value, sorted(u.occupied)))
        if cond(u):
            return u
    raise AssertionError(f"condition not met within {timeout}s; updates seen: {seen}")


def until(cond: Callable[[], bool], timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return
        time.sleep(0.005)
    raise AssertionError("condition not met in time")
