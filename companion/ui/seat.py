"""The device in the Boogeyman player's chair (Competitive): asks the adversary off the UI thread.

No Kivy here: the app passes `schedule` (Clock) and `submit`. A decision is asked once per state;
an answer for a state the game has since left (an Undo, a tap) is dropped. The adversary's seed
comes from what the table can see, so the same position gets the same answer after an Undo, as a
die the device rolled does.
"""

from __future__ import annotations

import hashlib
import json
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

from companion.ai.base import boogeyman_decision
from companion.ai.levels import make_adversary, time_budget_ms
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.state import State

LEVELS = ("easy", "normal", "hard")


def public_seed(state: State) -> int:
    """A seed from the public view and the Boogeyman's own Ladder: nothing it may not know."""
    seen = {"view": RULES.view(state, "table"), "ladder": [t.room for t in state.ladder]}
    digest = hashlib.sha256(json.dumps(seen, sort_keys=True).encode()).digest()
    return int.from_bytes(digest[:8], "big")


class DeviceSeat:
    def __init__(self, schedule: Callable[[Callable[[], None]], None], current: Callable[[], State | None],
                 submit: Callable[[Any], bool], on_error: Callable[[str], None]) -> None:
        self.schedule = schedule
        self.current = current
        self.submit = submit
        self.on_error = on_error
        self.level = "normal"
        self._asked: State | None = None
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="boogeyman-seat")

    def plays(self, state: State) -> bool:
        """The device answers this state's decision: a Competitive Boogeyman seat it holds (the
        game's options say so; the level is the one chosen in Settings, Normal if none)."""
        return (state.options.device_boogeyman and state.player_run and state.boogeyman_seat == "boogeyman"
                and boogeyman_decision(state) is not None)

    def think(self, state: State) -> bool:
        """Start deciding for `state` (once); True when the device is the one to answer."""
        if not self.plays(state):
            return False
        if self._asked is state:
            return True
        self._asked = state
        level = self.level if self.level in LEVELS else "normal"
        self._pool.submit(self._decide, state, level)
        return True

    def _decide(self, state: State, level: str) -> None:
        try:
            budget = time_budget_ms(level)
            deadline = None if budget is None else time.perf_counter() + budget / 1000.0
            choice = make_adversary(level, seed=public_seed(state)).decide(state, deadline)
        except Exception as exc:  # shown on screen; the table can still play the choice by hand
            message = f"The Boogeyman could not decide: {exc}"
            self.schedule(lambda: self.on_error(message))
            return
        self.schedule(lambda: self._answer(state, choice))

    def _answer(self, state: State, choice: Any) -> None:
        if self.current() is state:
            self.submit(choice)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
