"""Building table situations for rule tests: a real set-up, then pieces put where the example says."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.rules import apply
from companion.games.boogeyman.state import (
    Child,
    Difficulty,
    LadderToken,
    Mode,
    Options,
    Room,
    SearchToken,
    State,
    Switch,
)


def new_game(children: tuple[str, ...] = ("mike", "daphne"), mode: Mode = Mode.COOP,
             difficulty: Difficulty = Difficulty.NORMAL, seed: int = 7, **kw: Any) -> State:
    return RULES.setup(Options(mode=mode, difficulty=difficulty, children=children, **kw), seed)


def put(s: State, **where: str) -> State:
    """put(s, mike="C1", babysitter="10", boogeyman="7") — move figures without any rule firing."""
    for name, zone in where.items():
        if name == "babysitter":
            s = replace(s, babysitter=zone)
        elif name == "boogeyman":
            s = replace(s, boogeyman=(zone,) if zone else ())
        else:
            s = replace(s, children=tuple(replace(c, zone=zone) if c.name == name else c for c in s.children))
    return s


def child(s: State, name: str, **changes: Any) -> State:
    return replace(s, children=tuple(replace(c, **changes) if c.name == name else c for c in s.children))


def room(s: State, zone: str, stack: tuple[SearchToken, ...] | None = None,
         switch: Switch | None | str = "keep", lock: bool | None = None) -> State:
    old = s.room(zone)
    assert old is not None
    new = Room(
        stack if stack is not None else old.stack,
        old.switch if switch == "keep" else switch,  # type: ignore[arg-type]
        old.lock if lock is None else lock,
    )
    return replace(s, rooms=tuple((z, new if z == zone else r) for z, r in s.rooms))


def clear_room(s: State, zone: str, *tokens: SearchToken) -> State:
    """A room with its switch and lock taken away and these tokens on top."""
    return room(s, zone, stack=tuple(tokens), switch=None, lock=False)


def ladder(s: State, *rooms: str, face_up: bool = False, current: int = 1) -> State:
    toks = tuple(LadderToken(r, face_up) for r in rooms)
    used = set(rooms)
    reserve = tuple(r for r in s.reserve + tuple(t.room for t in s.ladder) if r not in used)
    return replace(s, ladder=toks, reserve=tuple(dict.fromkeys(reserve)), current=current)


def noise(v: int) -> SearchToken:
    return SearchToken("noise", v)


def play(s: State, *inputs: I.Input) -> State:
    for i in inputs:
        s = apply(s, i)
    return s


def child_of(s: State, name: str) -> Child:
    return s.child(name)


def competitive(children: tuple[str, ...] = ("mike", "daphne"), first_token: str = "24", **kw: Any) -> State:
    """A Competitive game past its set-up: the Boogeyman player hid the Objectives, Trap Door and
    Key, and chose the first Room token."""
    s = new_game(children=children, mode=Mode.COMPETITIVE, **kw)
    return play(s, I.HideTokensInput(("1", "2", "3"), "4", "6"), I.PlaceRoomTokens((first_token,)))
