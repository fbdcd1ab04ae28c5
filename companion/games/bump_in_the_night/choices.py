"""The acting seat's inputs as a table sees them on the screen: grouped (what, then where), each
with a caption in the game's words, and split into what the whole table may see and what only
the player who holds the cards may (anything that names a card in their hand).

No Kivy here: the screens (ui/) lay these out; tests check them without a window.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.errors import IllegalInput
from companion.games.bump_in_the_night import protocol, rules
from companion.games.bump_in_the_night.cards import ACTION, ACTION_EFFECTS, BLOCK_EFFECTS, NEEDS_N, Card
from companion.games.bump_in_the_night.context import Ctx, ctx_for
from companion.games.bump_in_the_night.inputs import (
    Bonus,
    Done,
    Draw,
    GroupRoll,
    Hide,
    Input,
    Lock,
    Move,
    MovePerson,
    Place,
    PlaceGirls,
    PlaceGroup,
    PlayCard,
    Replace,
    Run,
    RunPlan,
    Scare,
)
from companion.games.bump_in_the_night.state import KINDS, MONSTER_NAMES, DrawFor, State

OUTSIDE_WORDS = "outside (she flees)"


@dataclass(frozen=True)
class Choice:
    caption: str
    inp: Input


@dataclass(frozen=True)
class Group:
    key: str  # stable: "lock", "place:cat", "scare", "card:<code>", ...
    caption: str
    choices: tuple[Choice, ...]
    private: bool = False  # names a card in the acting player's hand: only behind the hand-over


def monster_words(kind: str) -> str:
    return MONSTER_NAMES[KINDS.index(kind)]


def room_words(c: Ctx, room: str) -> str:
    if room == "outside":
        return OUTSIDE_WORDS
    return c.house.rooms[c.house.index[room]].name if room in c.house.index else room


def door_words(c: Ctx, door: str) -> str:
    for d in c.house.doors:
        if d.id == door:
            return d.name
    return door


def whose(state: State, colour: str) -> str:
    mine = colour == state.seats[state.active]
    return "your" if mine else f"{colour.capitalize()}'s"


def caption(state: State, inp: Input, c: Ctx | None = None) -> str:
    """What a button says: the input as something to do now."""
    c = c or ctx_for(state.options)
    if isinstance(inp, GroupRoll):
        if inp.card:
            return f"A card's corner number: {c.card(inp.card).number}"
        return "Roll for us (the device's die)" if inp.value is None else f"The die shows {inp.value}"
    if isinstance(inp, PlaceGirls):
        return "The device places the girls"
    if isinstance(inp, PlaceGroup):
        return f"Into the {room_words(c, inp.room)}"
    if isinstance(inp, Draw):
        return "Let the device deal it (nobody sees it)" if inp.card is None else c.card(inp.card).name
    if isinstance(inp, Lock):
        marker = "Unlock" if inp.door in state.locks else "Lock"
        return f"{marker} {door_words(c, inp.door)}" + (" (Poltergeist)" if inp.poltergeist else "")
    if isinstance(inp, Place):
        where = room_words(c, inp.room)
        if inp.partner_room:
            return f"Cat: {where}, Bat: {room_words(c, inp.partner_room)}"
        return f"In the {where}"
    if isinstance(inp, Move):
        return f"To the {room_words(c, inp.to)}"
    if isinstance(inp, Replace):
        return f"{inp.colour.capitalize()}'s {monster_words(inp.monster)} (discard {c.card(inp.card).name})"
    if isinstance(inp, Scare):
        room = state.monsters[state.seats.index(inp.colour)][KINDS.index(inp.monster)]
        return f"{whose(state, inp.colour).capitalize()} {monster_words(inp.monster)} in the {c.house.rooms[room].name}"
    if isinstance(inp, Hide):
        return "The Goblin hides" if inp.hide else "It does not hide"
    if isinstance(inp, Run):
        return f"A girl runs to the {room_words(c, inp.to)}"
    if isinstance(inp, RunPlan):
        return protocol.describe_outcome(state, rules.apply(state, inp)).capitalize()
    if isinstance(inp, Bonus):
        return f"Play {c.card(inp.card).name}" if inp.card else "No Bonus card"
    if isinstance(inp, MovePerson):
        who = "a girl who never moved" if inp.unmoved else "a girl who has moved"
        return f"{who.capitalize()}: {room_words(c, inp.room)} to {room_words(c, inp.to)}"
    if isinstance(inp, PlayCard):
        return _card_target(state, c, inp)
    if isinstance(inp, Done):
        return "Do not scare: end Step 3" if state.turn.step == 3 else f"End step {state.turn.step}"
    return protocol.label(state, inp)


def _card_target(state: State, c: Ctx, inp: PlayCard) -> str:
    if inp.door:
        return ("Unlock " if inp.door in state.locks else "Lock ") + door_words(c, inp.door)
    if inp.colour and inp.monster:
        return f"Send {whose(state, inp.colour)} {monster_words(inp.monster)} home"
    if inp.monster and inp.room:
        return f"Your {monster_words(inp.monster)} into the {room_words(c, inp.room)}"
    if inp.room and inp.to:
        return f"A girl: {room_words(c, inp.room)} to {room_words(c, inp.to)}"
    if inp.room:
        return f"Clear the {room_words(c, inp.room)}"
    return f"Play {c.card(inp.card).name}"


def _key(state: State, c: Ctx, inp: Input) -> tuple[str, str, bool]:
    """(group key, group caption, private)."""
    if isinstance(inp, GroupRoll):
        return "roll", "Roll for the chart", False
    if isinstance(inp, (PlaceGirls, PlaceGroup)):
        head = f"Where does the group of {state.groups[0]} go?" if isinstance(inp, PlaceGroup) else "The girls"
        return "girls", head, False
    if isinstance(inp, Draw):
        p = state.pending[0] if state.pending else None
        who = state.seats[p.seat].capitalize() if isinstance(p, DrawFor) else "A player"
        return "draw", f"{who} draws a card", True
    if isinstance(inp, Lock):
        return ("poltergeist", "The Poltergeist's door", False) if inp.poltergeist else ("lock", "Lock or unlock a door",
                                                                                          False)
    if isinstance(inp, Place):
        if inp.partner_room:
            return "place:pair", "Place the Cat and the Bat", False
        return f"place:{inp.monster}", f"Place your {monster_words(inp.monster)}", False
    if isinstance(inp, Move):
        owner = f"{inp.colour.capitalize()}'s" if inp.colour else "your"
        return f"move:{inp.colour}/{inp.monster}", f"Move {owner} {monster_words(inp.monster)}", False
    if isinstance(inp, Replace):
        return "replace", "Replace a monster (discard a card)", True
    if isinstance(inp, Scare):
        return "scare", "Scare with a monster", False
    if isinstance(inp, Hide):
        return "hide", "Does the Goblin hide?", False
    if isinstance(inp, (Run, RunPlan)):
        return "run", "Where do the scared girls run?", False
    if isinstance(inp, Bonus):
        return "bonus", "A Bonus card?", True
    if isinstance(inp, MovePerson):
        return "person", "Move a girl", False
    if isinstance(inp, PlayCard):
        return f"card:{c.card(inp.card).name}", f"Play {c.card(inp.card).name}", True
    if isinstance(inp, Done):
        return "done", caption(state, inp, c), False
    return "other", "Other", False


def menu(state: State, legal: list[Input]) -> list[Group]:
    """The inputs grouped, in the order the rules list them (the order of `legal`)."""
    c = ctx_for(state.options)
    order: list[str] = []
    heads: dict[str, tuple[str, bool]] = {}
    items: dict[str, list[Choice]] = {}
    for inp in legal:
        key, head, private = _key(state, c, inp)
        if key not in items:
            order.append(key)
            heads[key] = (head, private)
            items[key] = []
        items[key].append(Choice(caption(state, inp, c), inp))
    if "roll" in items:  # the device rolls only when asked
        items["roll"].append(Choice(caption(state, GroupRoll(None), c), GroupRoll(None)))
    return [Group(k, heads[k][0], tuple(items[k]), heads[k][1]) for k in order]


DECK_WORDS = {"ACTN": "An Action card (red)", "BLCK": "A Block card (yellow)", "BONS": "A Bonus card (purple)"}


def draw_groups(state: State) -> list[Group]:
    """A person drew a card: which is it? Every title of the catalogue, by deck (the table names
    the real card), then the device's own deal."""
    c = ctx_for(state.options)
    first: dict[str, str] = {}
    for code in c.cards.codes:
        first.setdefault(c.card(code).name, code)
    out = []
    for deck, words in DECK_WORDS.items():
        names = sorted(n for n, code in first.items() if c.card(code).deck == deck)
        out.append(Group(f"drawn:{deck}", words, tuple(Choice(n, Draw(first[n])) for n in names), True))
    out.append(Group("deal", caption(state, Draw(None), c), (Choice(caption(state, Draw(None), c), Draw(None)),), True))
    return out


__all__ = ["Choice", "Group", "caption", "menu", "draw_groups", "room_words", "monster_words"]


ON_THE_LIST = "each girl's move is a step in this list"


def instruction(before: State, inp: Input, after: State, moves_too: bool = True) -> str:
    """What the table does on the real board for the device's input `inp` (before -> after), in
    words: "" for an input that changes nothing on the board (ending a step, its own draw).
    `moves_too=False`: where the girls go is listed as the table's own steps (core/table.py), so a
    scare, a run or a card says that they moved, not each move again (a table following both
    would move every girl twice)."""
    c = ctx_for(before.options)
    me = before.seats[before.active].capitalize()
    if isinstance(inp, Lock):
        door = door_words(c, inp.door)
        return f"Take the lock marker off {door}" if inp.door in before.locks else f"Put a lock marker on {door}"
    if isinstance(inp, Place):
        extra = f", and its Scary Bat in the {room_words(c, inp.partner_room)}" if inp.partner_room else ""
        return f"Put {me}'s {monster_words(inp.monster)} in the {room_words(c, inp.room)}{extra}"
    if isinstance(inp, Move):
        owner = inp.colour.capitalize() if inp.colour else me
        return f"Move {owner}'s {monster_words(inp.monster)} to the {room_words(c, inp.to)}"
    if isinstance(inp, Replace):
        return (f"{me} discards {c.card(inp.card).name}: send {inp.colour.capitalize()}'s "
                f"{monster_words(inp.monster)} home and put {me}'s there")
    if isinstance(inp, Scare):
        line = f"{me} scares with {inp.colour.capitalize()}'s {monster_words(inp.monster)}"
        moves = girl_moves(before, after)
        listed = [ON_THE_LIST] if moves and not moves_too else moves
        if after.running is not None and before.running is None:
            return line + ": the girls there start to run" + (f"; {'; '.join(listed)}" if listed else "")
        return f"{line}: " + ("; ".join(listed) if listed else protocol.describe_outcome(before, after))
    if isinstance(inp, (Run, RunPlan)):
        moves = girl_moves(before, after)
        listed = [ON_THE_LIST] if moves and not moves_too else moves
        ways = run_ways(before, inp) if isinstance(inp, RunPlan) else []
        return "The scared girls run: " + ("; ".join(listed + ways) if listed else "nobody moves on the board")
    p = before.pending[0] if before.pending else None
    who = before.seats[p.seat].capitalize() if p is not None else me
    if isinstance(inp, Hide):
        return (f"{who}'s Goblin hides: lay it down until the end of the turn" if inp.hide
                else f"{who}'s Goblin does not hide")
    if isinstance(inp, Bonus):
        return f"{who} plays the Bonus card {c.card(inp.card).name}: that girl stops there" if inp.card else ""
    if isinstance(inp, MovePerson):
        return f"Move a girl from the {room_words(c, inp.room)} to the {room_words(c, inp.to)}"
    if isinstance(inp, PlayCard):
        target = _card_target(before, c, inp).replace("your", f"{me}'s").replace("Your", f"{me}'s")
        card = c.card(inp.card)
        does = effect_words(card)
        line = f"{me} plays {card.name}" + (f" ({does})" if does else "")
        moves = girl_moves(before, after)
        moves = [ON_THE_LIST] if moves and not moves_too else moves
        return line + ("" if target == f"Play {card.name}" else f": {target}") + (f"; {'; '.join(moves)}" if moves else "")
    return ""


def effect_words(card: Card) -> str:
    """What a card does, in the words of the card list ("people scared next this turn start 1
    terror level higher"); "" for a card with no known effect."""
    text = ACTION_EFFECTS.get(card.effect) if card.deck == ACTION else BLOCK_EFFECTS.get(card.effect)
    if not text or card.effect == "none":
        return ""
    if card.effect == "remove_monster":  # the card list's `kind` said as the card names it
        kind = card.kind if card.kind and card.kind != "any" else "monster"
        return f"return one {kind} on the board to its owner"
    if card.effect in NEEDS_N:
        n = card.n
        text = text.replace(" n more free moves", f" {n} more free move{'s' if n != 1 else ''}")
        text = text.replace(" n terror levels", f" {n} terror level{'s' if n != 1 else ''}")
    return text


def on_board(state: State) -> list[int]:
    """The girls standing in each room of the real board: those at rest and those running."""
    here = [u + m for u, m in zip(state.unmoved, state.moved)]
    if state.running is not None:
        for r in state.running.runners:
            here[r.room] += 1
    return here


def _lost_and_gained(before: State, after: State) -> tuple[list[int], list[int]]:
    """The rooms that lost a girl and those that gained one between two states, a room once per
    girl, in the house's room order."""
    was, now = on_board(before), on_board(after)
    lost = [i for i in range(len(was)) for _ in range(max(0, was[i] - now[i]))]
    gained = [i for i in range(len(was)) for _ in range(max(0, now[i] - was[i]))]
    return lost, gained


def run_ways(before: State, inp: RunPlan) -> list[str]:
    """The rooms a girl ran through when the device resolved a scare at once (a `RunPlan`): the
    table's steps say only where each girl ends, and a run that passed a monster (more terror, a
    Bonus card asked for) is otherwise not to be seen. "a girl runs from the Den through the Study
    to the Library"; nothing for a girl who moved one room or none. Each move of the plan is
    followed on the board (any pairing of the identical girls gives the same rooms)."""
    c = ctx_for(before.options)
    ways: list[list[int]] = []
    state = before
    for move in inp.steps:
        try:
            nxt = rules.apply(state, move)
        except IllegalInput:  # the plan was applied whole before: only a plan for another state
            return []
        lost, gained = _lost_and_gained(state, nxt)
        for a, b in zip(lost, gained):
            way = next((w for w in ways if w[-1] == a), None)
            if way is None:
                ways.append([a, b])
            else:
                way.append(b)
        state = nxt
    out = []
    for way in ways:
        if len(way) < 3:
            continue
        between = [f"the {c.house.room_name(r)}" for r in way[1:-1]]
        rooms = between[0] if len(between) == 1 else ", ".join(between[:-1]) + " and " + between[-1]
        out.append(f"a girl runs from the {c.house.room_name(way[0])} through {rooms} to the "
                   f"{c.house.room_name(way[-1])}")
    return out


def girl_moves(before: State, after: State) -> list[str]:
    """What the table does with the girls between two states, room to room, in the house's room
    order: "Move 1 girl from the Kitchen to the Hall", "Take 1 girl from the Attic off the board:
    Yellow claims her". The girls are alike, so any pairing of rooms that lost girls with rooms
    that gained them leaves the same board."""
    c = ctx_for(before.options)
    lost, gained = _lost_and_gained(before, after)
    pairs: dict[tuple[int, int], int] = {}
    for a, b in zip(lost, gained):
        pairs[(a, b)] = pairs.get((a, b), 0) + 1
    out = [f"Move {n} girl{'s' if n > 1 else ''} from the {c.house.room_name(a)} to the {c.house.room_name(b)}"
           for (a, b), n in pairs.items()]
    gone: dict[int, int] = {}
    for a in lost[len(gained):]:
        gone[a] = gone.get(a, 0) + 1
    if gone:
        claims = [after.claimed[i] - before.claimed[i] for i in range(len(before.seats))]
        run_was = before.running.claimed if before.running is not None else 0
        run_now = after.running.claimed if after.running is not None else 0
        claims[before.active] += run_now - run_was
        who = [before.seats[i].capitalize() for i, n in enumerate(claims) if n > 0]
        for a, n in gone.items():
            her = "her" if n == 1 else "them"
            by = f": {' and '.join(who)} claim{'s' if len(who) == 1 else ''} {her}" if who else ": claimed"
            out.append(f"Take {n} girl{'s' if n > 1 else ''} from the {c.house.room_name(a)} off the board{by}")
    return out


def placed(before: State, after: State) -> list[str]:
    """The girls the device put into the house, room by room."""
    c = ctx_for(before.options)
    return [f"Put {n} girl{'s' if n > 1 else ''} in the {r.name}" for i, r in enumerate(c.house.rooms)
            if (n := after.unmoved[i] - before.unmoved[i]) > 0]
