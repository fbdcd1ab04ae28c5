"""The Boogeyman's turn as steps for the table: what was revealed, which token to flip where, who
draws what, who moves where. Pure: compares the state before an input with the state after it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.games.boogeyman.common import describe_pending, zone_name
from companion.games.boogeyman.protocol import BOOGEYMAN
from companion.games.boogeyman.state import ChooseRoomTokens, DrawCard, State, Switch


@dataclass(frozen=True)
class Summary:
    title: str
    steps: tuple[str, ...]
    notices: tuple[str, ...]  # the device's own lines, for "Why?"
    reveal: bool              # it appeared: the reveal sound


def turn_started(before: State, after: State) -> bool:
    """A player-run Boogeyman's turn began: it will choose its Room token after what it revealed."""
    return (after.round == before.round and any(isinstance(p, ChooseRoomTokens) for p in after.pending)
            and not any(isinstance(p, ChooseRoomTokens) for p in before.pending))


def device_keeps_ladder(s: State) -> bool:
    """The device keeps the Room tokens and the Ladder: it runs the Boogeyman (Cooperative, Solo,
    Semi-cooperative before a take-over), or holds the Competitive Boogeyman's seat. Only a person
    in that seat has them at the table."""
    return not s.player_run or (s.options.device_boogeyman and s.boogeyman_seat == BOOGEYMAN)


def boogeyman_played(before: State, after: State) -> bool:
    """Between these states the Boogeyman's turn was played to its end (a new round began)."""
    return after.round > before.round


_APPEARS = re.compile(r"The Boogeyman appears in (.+)!")
_ROUND = re.compile(r"Round \d+: ")


def summary(before: State, after: State, notices: tuple[str, ...] | None = None) -> Summary | None:
    """`before`: the state before its turn began; `notices`: the device's lines since then
    (default: those of the last input)."""
    if not boogeyman_played(before, after):
        return None
    lines = after.notices if notices is None else notices
    steps: list[str] = []
    reveal = False
    if before.active_event and before.active_event != after.active_event:
        steps.append(f"The round's Event is over: discard {_quoted(before, before.active_event)}.")
    for t in before.ladder[len(before.ladder) - before.current:] if before.current else ():
        if t.face_up:
            steps.append(f"It already showed itself in {zone_name(before, t.room)} this round: it does not "
                         "appear again.")
    flipped = {z for (z, a), (_, b) in zip(before.rooms, after.rooms)
               if a.switch == Switch.LIGHT and b.switch == Switch.DARK}
    token_line = _token_line(before, after)
    # The device holds the Room tokens and the Ladder (set-up: "leave the Room tokens in the box"),
    # game-run or in the Competitive Boogeyman's seat: no step names a token the table does not
    # have (issue 25 #3).
    kept = device_keeps_ladder(before)
    last = ""
    for n in lines:
        m = _APPEARS.match(n)
        if m:
            reveal = True
            where = m.group(1)
            zone = where.split()[-1]
            if kept:
                steps.append(f"The Boogeyman appears in {where}: put its miniature in {where}.")
            else:
                steps.append(f"The Boogeyman appears in {where}: turn its Room token face up and put its "
                             f"miniature in {where}.")
            if zone in flipped:
                steps.append(f"Flip the Light token in {where} to its Dark side.")
                flipped.discard(zone)
            continue
        if token_line and (n.startswith(("Ladder space", "The Ladder is full")) or _ROUND.match(n)):
            steps.append(token_line)
            token_line = ""
        if _ROUND.match(n):
            last = n + "."
        elif n.startswith("Ladder space"):
            steps.append(n + ": draw the top Event card (it lasts the whole next round).")
        elif n.startswith("The Babysitter moves from"):
            steps.append(n.replace("The Babysitter moves", "Move the Babysitter") + ".")
        elif n.startswith(("The device rolls", "The die shows")):
            continue
        elif kept and n.startswith("The Ladder is full"):
            steps.append("The Ladder on the screen is full: the device starts it again (nothing to do on the table).")
        else:
            steps.append(n if n.endswith((".", "!")) else n + ".")
    for zone in sorted(flipped):
        steps.append(f"Flip the Light token in {zone_name(after, zone)} to its Dark side.")
    if token_line:
        steps.append(token_line)
    for p in after.pending:
        # Encounters, ties, the Possessed die and Events are announced by their notices; a
        # Nightmare or a Trouble card drawn for its turn is not.
        if isinstance(p, DrawCard) and p.deck in ("NGHT", "TRBL"):
            text = describe_pending(after, p)
            steps.append((text[:1].upper() + text[1:]).rstrip(".") + ".")
    if last:
        steps.append(last)
    if not steps:
        steps.append("It stays hidden: nobody is in its room.")
    return Summary(f"The Boogeyman's turn, end of round {before.round}", tuple(steps), tuple(lines), reveal)


def _quoted(s: State, code: str) -> str:
    named = dict(s.names).get(code)
    return f"\u201c{named}\u201d" if named else s.card_name(code)


def _token_line(before: State, after: State) -> str:
    added = after.current if after.round > before.round else 0
    if not added:
        return ""
    first = len(after.ladder) - added + 1
    where = f"space {first}" if added == 1 else f"spaces {first} and {first + 1}"
    token = "a new Room token" if added == 1 else f"{added} new Room tokens"
    if not device_keeps_ladder(after):
        return f"The Boogeyman played {token} face down on {where} of the Ladder."
    again = "again" if added == 1 else f"again, in {added} rooms"
    return f"The Boogeyman hides {again}: the device keeps where, on its screen (nothing to put on the table)."
