"""Driving the Bump in the Night screens by touch, for `companion shots` and the UI tests: every move
is a tap on a shown, enabled control (companion/ui/harness.py), never a handler."""

from __future__ import annotations

from typing import Any

from companion.ui import touch


_stuck = 0
_last = [0]
_taps = 0  # a refused pick (a card with no copy left) is not tried again next time


def reset() -> None:
    """The driver's picks as in a fresh process (`companion shots` and the readability survey play
    the same game whichever tests ran before them)."""
    global _stuck, _taps
    _stuck, _taps = 0, 0
    _last[0] = 0


def shown(h: Any, action: str) -> bool:
    try:
        w = h.find(action)
    except LookupError:
        return False
    return bool(getattr(w, "shown", True)) and not w.disabled


def actions(h: Any, prefix: str) -> list[str]:
    return [w.action for w in touch.controls() if str(getattr(w, "action", "")).startswith(prefix)]


def board_rooms(h: Any, mark: str) -> list[str]:
    """The rooms of the house that take a tap now, by how they are marked: "from" (a piece in it
    may move), "to" (a lit destination)."""
    return [w.action for w in touch.controls() if getattr(w, "room_id", "") and getattr(w, "mark", "") == mark]


def step(h: Any, prefer: tuple[str, ...] = ()) -> str:
    """One tap that moves the game on, whatever is on screen; returns what was tapped ("" = waited
    for the device). `prefer`: group keys to open first when offered; a move made on the house
    ("run", "person", "move", "place") is preferred by its kind: a tap on a room it starts from."""
    app = h.app
    if app.seat.plays(app.controller.state):
        # The device decides on its own thread: a table waits for it, and so does the driver, so
        # its picks (and the game played) do not depend on how fast the machine is.
        h.pump(0.05)
        return ""
    if app.summary.shown:
        h.tap("summary_next")
        return "summary_next"
    if app.confirm.shown:
        h.tap("confirm_ok")
        return "confirm_ok"
    screen = app.sm.current
    if screen == "bin_hand":
        if shown(h, "look"):
            h.tap("look")
            return "look"
    global _stuck
    done = len(app.controller.history()[0])
    _stuck = _stuck + 1 if done == _last[0] else 0
    _last[0] = done
    if _stuck > 5 and shown(h, "back_group"):  # every pick refused (no copy of those cards left)
        h.tap("back_group")
        prefer = ("deal",) + prefer
        _stuck = -20
    if screen in ("bin_table", "bin_hand"):
        choice = actions(h, "choice:") + board_rooms(h, "to") + [a for a in actions(h, "room:outside")]
        if choice:  # vary the picks with the game's length: different cards, rooms and doors
            global _taps
            _taps += 1
            pick = choice[(len(app.controller.history()[0]) * 7 + _taps) % len(choice)]
            h.tap(pick)
            return pick
        groups = actions(h, "group:")
        starts = board_rooms(h, "from") if screen == "bin_table" else []
        kinds = _kinds(h) if starts else {}
        for key in prefer:
            if f"group:{key}" in groups:
                h.tap(f"group:{key}")
                return f"group:{key}"
            for room in starts:
                if key in kinds.get(room, ()):
                    h.tap(room)
                    return room
        if groups:
            h.tap(groups[0])
            return groups[0]
        if starts:
            h.tap(starts[0])
            return starts[0]
    h.pump(0.05)
    return ""


def _kinds(h: Any) -> dict[str, set[str]]:
    """Each start room's kinds of move ("room:den": {"run"}), as the table screen offers them."""
    from companion.games.bump_in_the_night import board

    pieces = getattr(h.app.screen("bin_table"), "_pieces", [])
    return {f"room:{room}": {board.family(p.key) for p in ps} for room, ps in board.sources(pieces).items()}
