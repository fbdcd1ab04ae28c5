"""Decisions off the UI thread: one worker thread, a time budget, a callback with the result.

The callback runs on the worker thread; the UI hands it to its own loop (Kivy: wrap it with
`Clock.schedule_once`). A newer request supersedes an older one (its callback is never called),
so an Undo while the Boogeyman is thinking cannot apply a stale answer. Pure-Python search
holds the GIL in slices (sys.getswitchinterval, 5 ms), so the UI keeps drawing meanwhile.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Callable

from companion.ai.engine import InfoState, Policy

Callback = Callable[[Any, BaseException | None], None]


class AsyncPolicy:
    """A policy deciding on one worker thread, for any game and any seat."""

    def __init__(self, policy: Policy, budget_ms: float | None = None) -> None:
        self.policy = policy
        self.budget_ms = budget_ms
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="adversary")
        self._lock = threading.Lock()
        self._generation = 0

    def request(self, info: InfoState[Any], callback: Callback) -> Future[Any]:
        """Start deciding for `info`; `callback(input, None)` or `callback(None, error)` later."""
        with self._lock:
            self._generation += 1
            mine = self._generation

        def work() -> Any:
            deadline = None if self.budget_ms is None else time.perf_counter() + self.budget_ms / 1000.0
            try:
                result = self.policy.decide(info, deadline)
            except BaseException as exc:  # handed to the UI, never lost in the pool
                if self._current(mine):
                    callback(None, exc)
                raise
            if self._current(mine):
                callback(result, None)
            return result

        return self._pool.submit(work)

    def cancel(self) -> None:
        """Forget any decision in flight (its callback will not be called)."""
        with self._lock:
            self._generation += 1

    def _current(self, generation: int) -> bool:
        with self._lock:
            return generation == self._generation

    def close(self) -> None:
        self.cancel()
        self._pool.shutdown(wait=True)
