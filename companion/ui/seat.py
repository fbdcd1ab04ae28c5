"""The device in a player's chair: asks the shared engine off the UI thread, for any game and seat.

No Kivy here: the app passes `schedule` (Clock) and `submit`. A decision is asked once per state
while it is being decided; an answer for a state the game has since left (an Undo, a tap) is
dropped. Once the answer is in (played or dropped) the state may be asked again: the Session
hands back the very same state object on Undo, and the device must decide there again (it once
remembered that object for good and the screen said "deciding" forever). The policy is handed
only the seat's observation (an InfoState), and its seed comes from that observation, so the
same position gets the same answer after an Undo or a Redo, as a die the device rolled does.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

from companion.ai.engine import InfoState, make_policy
from companion.core.game import GameRules, device_roll
from companion.i18n import N_

SHAPES = (N_("The device could not decide: {error}"),)  # the toast says it in the language shown

LEVELS = ("easy", "normal", "hard", "fair", "fair-gentle", "fair-tough")


class DeviceSeat:
    def __init__(self, schedule: Callable[[Callable[[], None]], None], current: Callable[[], Any],
                 submit: Callable[[Any], bool], on_error: Callable[[str], None],
                 rules: Callable[[], GameRules[Any, Any, Any] | None] = lambda: None) -> None:
        self.schedule = schedule
        self.current = current
        self.submit = submit
        self.on_error = on_error
        self.rules = rules
        self.level = "normal"
        self.seat = "boogeyman"  # the seat the device holds when `level` is a device level
        self.levels: dict[str, str] = {}  # more seats the device holds: seat -> level
        self._asked: Any = None
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="device-seat")
        self._closed = False  # an answer handed to the UI after the app stopped is dropped
        # A fair level's ease by (seat, when: the game's round), for the end screen's line; one
        # game's (`for_game`). The same position gives the same ease, so an Undo replays it.
        self.pushes: dict[tuple[str, int], float] = {}
        self._game: object | None = None

    def plays(self, state: Any) -> bool:
        """The device answers this state's decision: it holds the seat that acts now, or the seat
        whose die (coin, draw) is pending, which it rolls itself when the rules let it be asked to
        (`roll_for_me`)."""
        rules = self.rules()
        if rules is None:
            return False
        actor = rules.to_act(state)
        if not actor.seat or self.level_of(actor.seat) not in LEVELS:
            return False
        if actor.kind == "chance":
            return device_roll(rules, state) is not None
        return actor.kind == "seat" and self._holds(rules, state, actor.seat)

    def level_of(self, seat: str) -> str:
        """The device's level in `seat` ("person": a person holds it)."""
        if seat in self.levels:
            return self.levels[seat]
        return self.level if seat == self.seat else "person"

    def _holds(self, rules: GameRules[Any, Any, Any], state: Any, seat: str) -> bool:
        holds = getattr(rules, "device_may_hold", None)  # e.g. Boogeyman: only a player-run seat
        return bool(holds(state, seat)) if holds is not None else True

    def think(self, state: Any) -> bool:
        """Start deciding for `state` unless that decision is under way; True when the device is the
        one to answer."""
        if not self.plays(state):
            return False
        if self._asked is state:
            return True
        self._asked = state
        rules = self.rules()
        assert rules is not None
        seat = rules.to_act(state).seat
        assert seat is not None
        self._pool.submit(self._decide, state, seat, self.level_of(seat))
        return True

    def _decide(self, state: Any, seat: str, level: str) -> None:
        rules = self.rules()
        assert rules is not None
        try:
            roll = device_roll(rules, state)
            if roll is not None:  # its own die: rolled with the state's Rng by the reducer
                self.schedule(lambda: self._answer(state, roll))
                return
            info = InfoState(rules, state, seat)
            policy = make_policy(rules.code, level, seed=0)
            # No wall-clock deadline: the iterations alone bind, so the same position gets the
            # same answer after an Undo whatever the machine's load (a cap cut the search short
            # on a busy machine, and the answer changed). Hard's 12 take ~40 ms here, ~160 on a Pi 4.
            choice = policy.decide(info, None)
            for push in getattr(policy, "pushes", ())[-1:]:
                key = (seat, push.when)
                self.pushes[key] = max(self.pushes.get(key, 0.0), push.ease)
        except Exception as exc:  # shown on screen; the table can still play the choice by hand
            message = f"The device could not decide: {exc}"  # said in the toast by its shape (SHAPES)
            self.schedule(lambda: None if self._closed else self.on_error(message))
            return
        self.schedule(lambda: self._answer(state, choice))

    def _answer(self, state: Any, choice: Any) -> None:
        if self._closed:  # the app stopped (its journal closed) while this answer waited
            return
        if self.current() is state:
            self.submit(choice)
        if self._asked is state and self.current() is not state:
            # The game has left this state (the answer played, or a tap came first): should it
            # come back to it (an Undo), the device decides there again. A refused answer leaves
            # the game where it was and is not asked again and again (the toast says why).
            self._asked = None

    def for_game(self, game: object) -> None:
        """The game being played (the app's session): a new one forgets the last one's pushes."""
        if game is not self._game:
            self._game = game
            self.pushes = {}

    def pushed_line(self, seat: str, who: str) -> str:
        """How hard the device pushed in `seat` at a fair level, for the end screen: "The
        Boogeyman eased off in rounds 3-5." ("" when it held no fair level there)."""
        from companion.ai.fair import FAIR_LEVELS, Push, pushed

        if self.level_of(seat) not in FAIR_LEVELS:
            return ""
        mine = [Push(when, 0.0, ease) for (s, when), ease in sorted(self.pushes.items()) if s == seat]
        words = pushed(mine)
        return f"{who} {words}." if words else ""

    def close(self) -> None:
        self._closed = True
        self._pool.shutdown(wait=False, cancel_futures=True)
