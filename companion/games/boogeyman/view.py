"""What each seat may see: hidden information reaches a screen only through `view(state, seat)`.

Seats: "table" (everything the children may know), a child's name (the same, for that child),
"boogeyman" (a player-run Boogeyman: also its Ladder and reserve, its decks, and in Competitive
the Search tokens it placed itself - the room, never the slot),
and "device" (everything, for the game-run Boogeyman and tests).
"""

from __future__ import annotations

from typing import Any

from companion.core.codec import to_jsonable
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.protocol import _token_key, knows_token
from companion.games.boogeyman.rules import describe_pending, title, zone_name
from companion.games.boogeyman.rounds import room_token_pools
from companion.games.boogeyman.state import CANDY_CAP, STATUS_NAMES, ChooseRoomTokens, Phase, State


def _room_key(room: str) -> tuple[int, str]:
    return (int(room), room) if room.isdigit() else (10_000, room)


def sees_hidden(state: State, seat: str) -> bool:
    return seat == "device" or (seat == "boogeyman" and state.player_run)


def prompt(state: State) -> str:
    """The one big sentence saying what the device wants from the table now."""
    if state.phase == Phase.OVER:
        return "The Children survive the night!" if state.winner == "children" else "The Boogeyman wins."
    if state.pending:
        text = describe_pending(state, state.pending[0])
        return text[:1].upper() + text[1:]
    if not state.order:
        return "No child is left to play."
    who = title(state.active)
    c = state.child(state.active)
    if c.passed_out:
        return f"{who} has Passed Out: press End turn"
    if state.actions_left == 0:
        return f"{who}: no Actions left — press End turn"
    left = f"{who}: {state.actions_left} Action{'s' if state.actions_left != 1 else ''} left"
    # "If you begin your turn in the same Room as the Babysitter and/or the Boogeyman, you cannot
    # take any Actions in that Room ... you may use an Action to leave": the play-test of 5 Dec 2026
    # saw "Mike: 3 Actions left" beside both of them, and only dim buttons to say why.
    # One line at the prompt's size: the house shows who is there, Why? the rule.
    if state.babysitter == c.zone or c.zone in state.boogeyman:
        return f"{left}, only to leave {zone_name(state, c.zone)}"
    return left


def view(state: State, seat: str) -> dict[str, Any]:
    house = house_for(state.options.board)
    hidden = sees_hidden(state, seat)
    ladder = [
        {"room": t.room if (t.face_up or hidden) else None, "face_up": t.face_up,
         "event": (i + 1) in house.ladder_event_spaces}
        for i, t in enumerate(state.ladder)
    ]
    rooms = {}
    for zone, room in state.rooms:
        entry: dict[str, Any] = {
            "switch": room.switch.value if room.switch else None,
            "lock": room.lock,
            "tokens": len(room.stack),
        }
        known = [t for t in room.stack if knows_token(state, t, seat)]
        if known:  # what it placed, not the slot: sorted, so the stack's order stays hidden
            entry["stack"] = to_jsonable(room.stack if seat == "device" else sorted(known, key=_token_key))
        rooms[zone] = entry
    children = []
    for c in state.children:
        children.append({
            "name": c.name, "zone": c.zone, "status": STATUS_NAMES[c.status], "status_cards": c.status,
            "candy": c.candy, "candy_cap": CANDY_CAP[c.status], "objectives": list(c.objectives),
            "has_key": c.has_key, "nightmare": c.nightmare, "passed_out": c.passed_out, "removed": c.removed,
            "nightmare_name": state.card_name(c.nightmare) if c.nightmare else "",
        })
    out: dict[str, Any] = {
        "seat": seat,
        "phase": state.phase.value,
        "round": state.round,
        "mode": state.options.mode.value,
        "difficulty": state.options.difficulty.value,
        "prompt": prompt(state),
        "notices": list(state.notices),
        "active": state.active,
        "actions_left": state.actions_left,
        "order": list(state.order),
        "flashlight": state.order[0] if state.order else "",
        "children": children,
        "babysitter": state.babysitter,
        "boogeyman": list(state.boogeyman),
        "ladder": ladder,
        "ladder_spaces": house.ladder_spaces,
        "rooms": rooms,
        "stress": {"boogeyman": state.stress_boogeyman, "babysitter": state.stress_babysitter,
                   "top": house.stress_top, "trouble": list(house.stress_trouble)},
        "attic": {"room": house.attic, "unlocked": state.attic_unlocked},
        "trap_door": state.trap_door,
        "secret_room": house.secret_room if state.trap_door else "",
        "active_event": state.active_event,
        "active_event_name": state.card_name(state.active_event) if state.active_event else "",
        "trouble": state.trouble,
        "trouble_name": state.card_name(state.trouble) if state.trouble else "",
        "mission_done": state.mission_done,
        "finale": {"room": state.finale_room, "stack": list(state.finale_stack), "leader": state.leader,
                   "number": state.finale_number, "children": list(state.finale_children)},
        "winner": state.winner,
        "player_run": state.player_run,
        "pending": [to_jsonable(p) for p in state.pending],
    }
    if hidden:
        out["reserve"] = sorted(state.reserve, key=int) if all(r.isdigit() for r in state.reserve) else list(state.reserve)
        out["current_rooms"] = list(state.current_rooms)
        # A hand: which cards, never the order they lie in (only the device's deal has one).
        out["decks"] = {d.code: list(d.remaining) if seat == "device" else sorted(d.remaining) for d in state.decks}
        head = state.pending[0] if state.pending else None
        if isinstance(head, ChooseRoomTokens):
            # For each of the turn's tokens in order, the tokens it may be.
            out["token_pools"] = [sorted(pool, key=_room_key) for pool in room_token_pools(state, head.count)]
    out["where"] = {c.name: zone_name(state, c.zone) for c in state.children}
    return out
