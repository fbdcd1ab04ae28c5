"""Small pure helpers every Boogeyman rule module shares: names, lookups, graphs, pending decisions."""

from __future__ import annotations

from companion.core.errors import IllegalInput, NotYourTurn
from companion.core.evolve import evolve
from companion.core.graph import Graph
from companion.games.boogeyman.houses import house_for, walk_graph
from companion.games.boogeyman.state import (
    AdjustRoll,
    Child,
    ChooseCard,
    ChooseRoomTokens,
    Deck,
    DrawCard,
    HideTokens,
    NeedRoll,
    Pending,
    Phase,
    Room,
    DECK_WORDS,
    State,
    SteerBabysitter,
    TieRoll,
)

TOKEN_KINDS = ("noise", "die", "candy", "objective", "trap_door", "skeleton_key", "blank")
# Tokens a Competitive Boogeyman placed itself ('personally selects the Objectives, Trap Door
# Token and Skeleton Key Token ... and places them in numbered Rooms of its choice'); the rest
# of a room's stack is 'random Search tokens' nobody knows.
PLACED_KINDS = frozenset({"objective", "trap_door", "skeleton_key"})
DECK_NAMES = DECK_WORDS
FACES = {"boogeyman": "faces the Boogeyman", "babysitter": "faces the Babysitter",
         "possessed": "is the one the Possessed Babysitter goes for"}


# ---------------------------------------------------------------- small pure helpers

def note(s: State, text: str) -> State:
    return evolve(s, notices=s.notices + (text,))


def set_child(s: State, child: Child) -> State:
    return evolve(s, children=tuple(child if c.name == child.name else c for c in s.children))


def set_room(s: State, zone: str, room: Room) -> State:
    return evolve(s, rooms=tuple((z, room if z == zone else r) for z, r in s.rooms))


def set_deck(s: State, deck: Deck) -> State:
    return evolve(s, decks=tuple(deck if d.code == deck.code else d for d in s.decks))


def roll(s: State) -> tuple[int, State]:
    value, rng = s.rng.die()
    return value, evolve(s, rng=rng)


def zone_name(s: State, zone: str) -> str:
    return f"Room {zone}" if house_for(s.options.board).is_room(zone) else f"corridor {zone}"


def title(name: str) -> str:
    return name.capitalize()


def conscious_children_in(s: State, zone: str) -> list[Child]:
    return [c for c in s.children if c.on_board and not c.passed_out and c.zone == zone]


def adults_in(s: State, zone: str) -> bool:
    return s.babysitter == zone or zone in s.boogeyman


def child_graph(s: State) -> Graph:
    return walk_graph(s.options.board, s.attic_unlocked, s.trap_door, False)


def babysitter_graph(s: State) -> Graph:
    return walk_graph(s.options.board, s.attic_unlocked, s.trap_door, True)


def in_turn_order(s: State, names: list[str]) -> tuple[str, ...]:
    return tuple(sorted(names, key=s.order.index) if all(n in s.order for n in names) else sorted(names))


def tie_roll(s: State, names: list[str], then: str, on_turn: bool, steps: int = 0, noisy: str = "") -> State:
    """'They each roll 1 die: whoever rolls the lowest number': the children's own dice, entered
    at the table. The active child may spend Candy on their die if it is their turn."""
    kids = in_turn_order(s, names)
    candy = s.active if on_turn and s.active in kids and s.child(s.active).candy > 0 else ""
    s = note(s, f"{' and '.join(title(n) for n in kids)}: each roll a die; the lowest {FACES[then]}")
    return evolve(s, pending=s.pending + (TieRoll(kids, then, candy=candy, steps=steps, noisy=noisy,
                                                  on_turn=on_turn),))


def card_words(deck: str, child: str) -> str:
    if deck == "EVNT":
        # Drawn once the next round has begun (the status bar says its number): "lasts the whole
        # next round" read as the round after it (play-test, 5 Dec 2026).
        return "draw the top Event card (it lasts this round, until the Boogeyman's next turn)"
    if deck == "TRBL":
        return "draw the top Trouble card and play it now"
    if deck == "NGHT":
        return f"draw the top Nightmare card for {title(child)} and read it to everyone"
    return f"draw the top {DECK_NAMES[deck]} card"


def describe_pending(s: State, p: Pending) -> str:
    if isinstance(p, DrawCard):
        if p.deck in ("EVNT", "TRBL") or not p.child:
            return card_words(p.deck, p.child)
        if p.deck == "NGHT":
            return f"{title(p.child)} has Passed Out: {card_words(p.deck, p.child)}"
        return f"{title(p.child)}: {card_words(p.deck, p.child)}"
    if isinstance(p, NeedRoll):
        if p.purpose == "possessed":
            return "Roll the die for the Possessed Babysitter"
        return f"{title(p.child)}: roll the die " + ("to break the Lock" if p.purpose == "lock" else "for the noise")
    if isinstance(p, TieRoll):
        who = " and ".join(title(n) for n in p.children)
        if p.rolled:
            return f"{title(p.roller)} rolled {p.rolled}: spend Candy (+1/-1 each) or keep it"
        return f"{title(p.roller)}'s die: the lowest of {who} {FACES[p.then]}"
    if isinstance(p, AdjustRoll):
        return f"{title(p.child)} rolled {p.rolled}: spend Candy (+1/-1 each) or keep it"
    if isinstance(p, ChooseRoomTokens):
        return f"Boogeyman: play {p.count} Room token{'s' if p.count > 1 else ''} face down"
    if isinstance(p, ChooseCard):
        return f"Boogeyman: choose a {DECK_NAMES[p.deck]} card"
    if isinstance(p, SteerBabysitter):
        return f"Boogeyman: move the Possessed Babysitter up to {p.steps} rooms"
    if isinstance(p, HideTokens):
        return f"Boogeyman: hide the {p.objectives} Objectives, the Trap Door and the Skeleton Key"
    return "play the Finale from the Book of Endings, then say how it ended"


def waits_first(s: State) -> str:
    """The refusal of anything else while the game waits: what it waits for, as the prompt says it."""
    return f"Not yet: the game waits for \u201c{describe_pending(s, s.pending[0])}\u201d"


def pending_of(s: State, tp: type) -> Pending:
    if s.phase == Phase.OVER:
        raise IllegalInput("the game is over")
    if not s.pending or not isinstance(s.pending[0], tp):
        if s.pending:
            raise IllegalInput(waits_first(s))
        raise IllegalInput("nothing is waiting for that")
    return s.pending[0]


def pop(s: State) -> State:
    return evolve(s, pending=s.pending[1:])


# ---------------------------------------------------------------- validation helpers

def need_turn(s: State, name: str) -> Child:
    if s.phase != Phase.PLAY:
        raise IllegalInput(f"the game is in its {s.phase.value} phase, not in play")
    try:
        c = s.child(name)
    except KeyError:
        raise IllegalInput(f"there is no child called {name!r} in this game") from None
    if s.pending:
        raise IllegalInput(waits_first(s))
    if c.removed:
        raise IllegalInput(f"{title(name)} is no longer in the game")
    if s.active != name:
        raise NotYourTurn(f"it is {title(s.active)}'s turn, not {title(name)}'s")
    if c.passed_out:
        raise IllegalInput(f"{title(name)} has Passed Out and cannot act")
    return c


def need_action(s: State, c: Child) -> None:
    if s.actions_left <= 0:
        raise IllegalInput(f"{title(c.name)} has no Actions left this turn")


def need_free_room(s: State, c: Child, what: str) -> Room:
    """'No Child can take any Actions in a Room that the Babysitter is in' (nor the Boogeyman)."""
    if adults_in(s, c.zone):
        raise IllegalInput(f"{title(c.name)} cannot {what} with the Babysitter or the Boogeyman in the room")
    room = s.room(c.zone)
    if room is None:
        raise IllegalInput(f"{title(c.name)} is in a corridor: nothing to {what} there")
    return room
