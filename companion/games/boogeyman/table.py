"""What lies on the real Boogeyman table (issue 25; core/table.py): a pure projection of the state.

The words are the rulebook's (shared/seeds/000_2850ad6adba777bb.txt, "Components", "Game
Set-up", "The Tokens"). Only what the table uses in the game's configuration is on it:
- the miniatures where the game has them ("Place the Babysitter ... the Children"; a Passed Out
  child's "miniature down in a horizontal position"; a Semi-Cooperative child taken over is
  removed), each `sensed` by its cell of the sensor board;
- each Room's Light/Dark token with its face, its Lock token, and its stack of face-down Search
  tokens, counted, never named (except in Competitive against the device, rules version 4 on,
  where the device keeps every Search token: set-up says "leave the Search tokens in the box");
- what a search turned up that stays out: the Trap Door face up in its Room, the Skeleton Key
  with its child or on the Attic's padlock, Objective tokens with their child or stacked in the
  Finale room, the Finale token;
- each child's Candy tokens and Status cards (Calm on top, then Scared, then Terrified), the
  Flashlight token with the first player;
- the two tokens on the Stress Scale;
- the Event card in play beside the board and a Nightmare card on a Passed Out child.
The Room tokens and the Apparitions Ladder are never on the table: the device keeps them (set-up
"leave the Room tokens in the box"), or the Boogeyman player keeps them covered and the Ladder on
their private screen.
"""

from __future__ import annotations

from typing import Any

from companion.core.table import Thing
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.actions import device_answers_search
from companion.games.boogeyman.common import title, zone_name
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.state import STATUS_NAMES, State, Switch, card_label


def _card(s: State, code: str) -> str:
    named = dict(s.names).get(code)
    if named:
        return f"the {card_label(code).rsplit(' ', 1)[0]} \u201c{named}\u201d"
    return card_label(code)


def _in(s: State, zone: str) -> str:
    """A zone of the house as a place: "in Room 10", "in corridor C1"."""
    return f"in {zone_name(s, zone)}"


def table(s: State) -> dict[str, Thing]:
    """Every component on the table now, keyed by a stable id."""
    out: dict[str, Thing] = {}
    for c in s.children:
        who = title(c.name)
        pile = f"{who}'s pile"
        if c.on_board:
            face = "lying down" if c.passed_out else "standing"
            out[f"mini:{c.name}"] = Thing(who, _in(s, c.zone), face, c.zone)
            for n in range(1, c.status + 1):  # Status card n: 3 Calm (on top), 2 Scared, 1 Terrified
                out[f"status:{c.name}:{n}"] = Thing(f"{who}'s {STATUS_NAMES[n]} card", f"{who}'s Status stack")
            for k in range(c.candy):
                out[f"candy:{c.name}:{k}"] = Thing("a Candy token", pile)
        for k, colour in enumerate(c.objectives):
            out[f"objective:{c.name}:{k}"] = Thing(f"a {colour} Objective token", pile)
        if c.has_key:
            out["token:skeleton-key"] = Thing("the Skeleton Key", pile)
        if c.nightmare:
            out[f"card:nightmare:{c.name}"] = Thing(_card(s, c.nightmare), pile)
    if s.order:
        out["token:flashlight"] = Thing("the Flashlight token", f"{title(s.order[0])}'s pile")
    out["mini:babysitter"] = Thing("the Babysitter", _in(s, s.babysitter), "", s.babysitter)
    for i, zone in enumerate(s.boogeyman):
        key = "mini:boogeyman" if i == 0 else f"mini:boogeyman{i + 1}"
        out[key] = Thing("the Boogeyman", _in(s, zone), "", zone)
    kept = device_answers_search(s)
    for zone, room in s.rooms:
        where = _in(s, zone)
        if room.switch is not None:
            face = "Light" if room.switch == Switch.LIGHT else "Dark"
            out[f"token:light:{zone}"] = Thing("the Light/Dark token", where, face)
        if room.lock:
            out[f"token:lock:{zone}"] = Thing("the Lock token", where)
        if not kept:
            for k in range(len(room.stack)):  # counted from the bottom: the top one goes first
                out[f"search:{zone}:{k}"] = Thing("a Search token", where, "face down")
    if s.trap_door:
        out["token:trap-door"] = Thing("the Trap Door token", _in(s, s.trap_door), "face up")
    if s.attic_unlocked:
        attic = zone_name(s, house_for(s.options.board).attic)
        out["token:skeleton-key"] = Thing("the Skeleton Key", f"on the padlock of {attic}")
    if s.finale_room:
        where = _in(s, s.finale_room)
        out["token:finale"] = Thing("the Finale token", where)
        for k, colour in enumerate(s.finale_stack):
            out[f"objective:finale:{k}"] = Thing(f"a {colour} Objective token", where)
    out["marker:stress:boogeyman"] = Thing("the Boogeyman token", f"space {s.stress_boogeyman} of the Stress Scale")
    out["marker:stress:babysitter"] = Thing("the Babysitter token", f"space {s.stress_babysitter} of the Stress Scale")
    if s.active_event:
        out["card:event"] = Thing(_card(s, s.active_event), "beside the board")
    return out


def entered(s: State, inp: Any) -> frozenset[str]:
    """What a person's input says they already did at the table: the miniature they moved (then
    tapped where), the top Search token they took and turned over (and what it gave them), the
    Light/Dark token they took, the Candy they spent, the key they put on the padlock, the
    figure they placed, the Search tokens the Boogeyman player laid at set-up."""
    if isinstance(inp, I.Move):
        return frozenset({f"mini:{inp.child}"})
    if isinstance(inp, I.Revive):
        return frozenset({f"mini:{inp.target}"})
    if isinstance(inp, I.PlaceFigure):
        return frozenset({f"mini:{inp.figure}"})
    if isinstance(inp, I.SpendCandy):
        return frozenset(k for k in table(s) if k.startswith("candy:"))
    if isinstance(inp, I.HideTokensInput):
        return frozenset(f"search:{z}:{k}" for z in house_for(s.options.board).rooms for k in range(4))
    try:
        c = s.child(getattr(inp, "child", ""))
    except KeyError:
        return frozenset()
    if isinstance(inp, I.FlipSwitch):
        return frozenset({f"token:light:{c.zone}"})
    if isinstance(inp, I.UseKey):
        return frozenset({"token:skeleton-key"})
    if isinstance(inp, I.Search) and device_answers_search(s):
        return frozenset()  # the device said what was found: the table is told what to take from the box
    if isinstance(inp, I.Search):
        room = s.room(c.zone)
        top = len(room.stack) - 1 if room is not None else 0
        return frozenset({f"search:{c.zone}:{top}", "token:skeleton-key", "token:trap-door",
                          f"objective:{c.name}:{len(c.objectives)}", f"candy:{c.name}:{c.candy}"})
    return frozenset()
