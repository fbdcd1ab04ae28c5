"""The Boogeyman game state: plain, frozen, typed data. Only the reducer makes new states."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from companion.core.rng import Rng
from companion.core.rulesver import RulesVersion

CHILDREN = ("peter", "ray", "daphne", "mike", "leila", "tommy")
STATUS_NAMES = {3: "Calm", 2: "Scared", 1: "Terrified", 0: "Passed Out"}
# "1 - Calm ... up to 3 Candy; 2 - Scared ... up to 2; 3 - Terrified ... only 1" (State of Mind).
CANDY_CAP = {3: 3, 2: 2, 1: 1, 0: 0}
ACTIONS_PER_TURN = 3
STARTING_CANDY = 3


class Mode(str, Enum):
    SOLO = "solo"
    COOP = "coop"
    SEMI = "semi"
    COMPETITIVE = "competitive"


class Difficulty(str, Enum):
    NORMAL = "normal"
    HARD = "hard"
    NIGHTMARE = "nightmare"


class Phase(str, Enum):
    PLACEMENT = "placement"  # Competitive: the Boogeyman hides Objectives, Trap Door, Key
    PLAY = "play"
    FINALE = "finale"
    OVER = "over"


class Switch(str, Enum):
    LIGHT = "light"
    DARK = "dark"


# The Boogeyman's rules versions, oldest first: what each one changed in what recorded inputs mean,
# and the option keys a journal of that version holds (a journal without `rules_version` is the
# oldest version whose keys hold all of its own: docs/journal.md, "Rules versions").
RULES_VERSIONS: tuple[RulesVersion, ...] = (
    RulesVersion(1, "to stop 7 (871ed87): the device drew the Boogeyman's Nightmare, Trouble and Event cards "
                 "and rolled the tie-breaks and the Possessed Babysitter's die; a Competitive Ladder began "
                 "with a random token",
                 frozenset({"mode", "difficulty", "children", "players", "board", "possessed_objective"})),
    RulesVersion(2, "02c41ef, stop 17 on: the table draws those cards and rolls those dice; the Boogeyman "
                 "player chooses the first Room token; the Ladder clears token by token",
                 frozenset({"mode", "difficulty", "children", "players", "board", "possessed_objective",
                            "device_boogeyman"})),
    RulesVersion(3, "issue 25 #16: a Search token the table scanned or named is the one taken from the "
                 "room's stack (versions 1 and 2 took the device's top token, whichever was scanned); issue 26: "
                 "a card the box has once is in one place at a time: a Light, Dark, Babysitter, "
                 "Boogeyman or Search card drawn again before its deck is reshuffled, or a Nightmare, Trouble "
                 "or Event card drawn while it is in play or discarded, is refused",
                 frozenset({"mode", "difficulty", "children", "players", "board", "possessed_objective",
                            "device_boogeyman"})),
    RulesVersion(4, "issue 25 #7: in Competitive with the device as the Boogeyman the device keeps every "
                 "Search token (it hid the Objectives, the Trap Door and the Skeleton Key) and answers every "
                 "search itself: a token named or scanned by the table is refused (versions 1 to 3 took "
                 "the table's token, although the table had shuffled the tokens at random)",
                 frozenset({"mode", "difficulty", "children", "players", "board", "possessed_objective",
                            "device_boogeyman"})),
)
RULES_VERSION = RULES_VERSIONS[-1].number
DEVICE_ANSWERS_SEARCH = 4  # the rules version from which the device Boogeyman keeps the Search tokens


@dataclass(frozen=True)
class Options:
    mode: Mode = Mode.COOP
    difficulty: Difficulty = Difficulty.NORMAL
    children: tuple[str, ...] = ("mike", "daphne")  # seat order, clockwise, Flashlight first
    players: int = 0            # people at the table; 0 = one per child (+1 Competitive)
    board: str = ""             # a board file; "" = the shipped Villa Spencer
    possessed_objective: bool | None = None  # None = follow the rulebook's advice
    # Competitive: the device holds the Boogeyman's seat. It cannot read the cards, so its
    # Nightmare, Trouble and Event cards are drawn at random from the real decks by the table.
    device_boogeyman: bool = False
    # The rules version the game was started under (docs/journal.md, "Rules versions"): 1 = the
    # device drew the Boogeyman's cards and rolled the tie-breaks (v1.py); 2 = the physical draws;
    # 3 = a scanned Search token is the one taken from the stack (actions.taken_index).
    rules_version: int = RULES_VERSION


@dataclass(frozen=True)
class SearchToken:
    kind: str  # noise, die, candy, objective, trap_door, skeleton_key, blank
    value: int = 0
    colour: str = ""


@dataclass(frozen=True)
class Room:
    stack: tuple[SearchToken, ...]  # face-down Search tokens, top first
    switch: Switch | None
    lock: bool


@dataclass(frozen=True)
class Child:
    name: str
    zone: str
    status: int = 3  # Status cards left: 3 Calm on top, 2 Scared, 1 Terrified, 0 Passed Out
    candy: int = STARTING_CANDY
    objectives: tuple[str, ...] = ()  # colours of Objective tokens carried
    has_key: bool = False
    nightmare: str = ""  # the Nightmare card in play on this Passed Out child
    removed: bool = False  # Semi-Cooperative: taken over by the Boogeyman

    @property
    def passed_out(self) -> bool:
        return self.status <= 0

    @property
    def on_board(self) -> bool:
        return not self.removed


@dataclass(frozen=True)
class LadderToken:
    room: str
    face_up: bool = False


@dataclass(frozen=True)
class Deck:
    """A deck the device draws from or the Boogeyman player chooses from (Nightmare, Trouble, Event)."""

    code: str
    remaining: tuple[str, ...]
    discard: tuple[str, ...] = ()


@dataclass(frozen=True)
class Effect:
    effect: str
    n: int = 1


# Pending decisions: the table (or the Boogeyman player) must answer the first one before play
# goes on. Each has a `kind` tag for the JSON export.
@dataclass(frozen=True)
class DrawCard:
    """The table draws the top card of a real deck, then scans or picks it."""

    kind = "draw_card"
    deck: str  # SITR, BOOG, LGHT, DARK, SRCH; NGHT, TRBL, EVNT when the device runs the Boogeyman
    child: str  # who draws ("" for a card the whole table draws: an Event, a Trouble card)
    encounter: bool = False  # a Babysitter/Boogeyman encounter: Stress +1
    ends_turn: bool = False  # met on the child's own turn: the turn ends once the card is resolved


@dataclass(frozen=True)
class NeedRoll:
    """A die a person rolls: the table enters what it shows, or asks the device to roll."""

    kind = "need_roll"
    child: str    # whose die (their Candy may change it); "" for the Possessed Babysitter's die
    purpose: str  # "lock" (breaking a Lock), "noise" (a die-symbol Search token), "possessed"
    on_turn: bool = True  # what it leads to happens on the active child's turn (an encounter ends it)


@dataclass(frozen=True)
class TieRoll:
    """'They each roll 1 die ... the lowest': each child's die, entered one at a time."""

    kind = "tie_roll"
    children: tuple[str, ...]  # who rolls, in turn order
    then: str                  # what the lowest roller gets: "boogeyman", "babysitter" (a card), "possessed" (her)
    rolls: tuple[int, ...] = ()  # the dice entered so far, in `children` order (Candy included)
    rolled: int = 0            # the current roller's face while they decide on Candy (0: none waiting)
    candy: str = ""            # who may spend Candy on their own roll: the active child, on their turn
    steps: int = 0             # "possessed": the rooms she moves toward the lowest roller
    noisy: str = ""            # "babysitter": the child whose noise brought her
    on_turn: bool = True

    @property
    def roller(self) -> str:
        return self.children[len(self.rolls)] if len(self.rolls) < len(self.children) else ""


@dataclass(frozen=True)
class AdjustRoll:
    kind = "adjust_roll"
    child: str
    purpose: str
    rolled: int


@dataclass(frozen=True)
class ChooseRoomTokens:
    kind = "choose_room_tokens"
    count: int


@dataclass(frozen=True)
class ChooseCard:
    kind = "choose_card"
    deck: str  # NGHT, TRBL, EVNT
    child: str = ""  # the Passed Out child for a Nightmare


@dataclass(frozen=True)
class SteerBabysitter:
    kind = "steer_babysitter"
    steps: int
    on_turn: bool = True


@dataclass(frozen=True)
class HideTokens:
    kind = "hide_tokens"
    objectives: int


@dataclass(frozen=True)
class PlayFinale:
    kind = "play_finale"


Pending = (DrawCard | NeedRoll | TieRoll | AdjustRoll | ChooseRoomTokens | ChooseCard | SteerBabysitter | HideTokens
           | PlayFinale)


DECK_WORDS = {
    "SITR": "Babysitter", "BOOG": "Boogeyman", "LGHT": "Light", "DARK": "Dark", "SRCH": "Search",
    "NGHT": "Nightmare", "TRBL": "Trouble", "EVNT": "Event",
}


def card_label(code: str) -> str:
    """A card nobody has named yet, in words: 'BGM:EVNT:07' -> 'Event card 7'."""
    parts = code.split(":")
    if len(parts) == 3 and parts[2].isdigit():
        return f"{DECK_WORDS.get(parts[1], parts[1])} card {int(parts[2])}"
    return code


@dataclass(frozen=True)
class State:
    options: Options
    rng: Rng
    phase: Phase
    round: int
    order: tuple[str, ...]       # children in turn order; order[0] holds the Flashlight
    turn: int                    # index into order of the child whose turn it is
    actions_left: int
    children: tuple[Child, ...]
    rooms: tuple[tuple[str, Room], ...]
    babysitter: str
    boogeyman: tuple[str, ...]   # rooms its miniature stands in (two in Nightmare Mode)
    ladder: tuple[LadderToken, ...]
    current: int                 # how many of the last ladder tokens are "where it is now"
    reserve: tuple[str, ...]     # Room tokens that can still be played, face down
    player_run: bool             # the Boogeyman is a player's (Competitive, Semi after take-over)
    boogeyman_seat: str          # "" game-run, else who plays it (a child's player, or "boogeyman")
    stress_boogeyman: int
    stress_babysitter: int
    decks: tuple[Deck, ...]
    active_event: str
    attic_unlocked: bool
    trap_door: str               # the room the Trap Door was found in, "" until found
    mission_done: bool
    finale_room: str
    finale_stack: tuple[str, ...]  # Objective colours stacked in the Finale room
    leader: str
    finale_number: int
    finale_children: tuple[str, ...]
    winner: str                  # "", "children" or "boogeyman"
    turn_ending: bool            # an encounter ended the turn; it passes once pending is done
    pending: tuple[Pending, ...]
    notices: tuple[str, ...] = field(default=())  # what the last input made happen, for the table
    names: tuple[tuple[str, str], ...] = ()  # card code -> the title the table gave it, this game
    trouble: str = ""  # the Trouble card played since the Boogeyman's last turn (shown while it lasts)
    # Rules version 3: the children's cards out of their decks since the last reshuffle, (code, the
    # child whose hand holds it, or "" in the discard pile); the box has one card per sticker.
    drawn: tuple[tuple[str, str], ...] = ()

    # Lookups kept here so every rule reads state the same way.
    def child(self, name: str) -> Child:
        for c in self.children:
            if c.name == name:
                return c
        raise KeyError(name)

    def room(self, zone: str) -> Room | None:
        for z, r in self.rooms:
            if z == zone:
                return r
        return None

    def deck(self, code: str) -> Deck:
        for d in self.decks:
            if d.code == code:
                return d
        raise KeyError(code)

    def card_name(self, code: str) -> str:
        """The card's title as the table named it, else its deck and number ('Event card 7')."""
        for c, name in self.names:
            if c == code:
                return name
        return card_label(code)

    @property
    def active(self) -> str:
        return self.order[self.turn] if self.order else ""

    @property
    def current_rooms(self) -> tuple[str, ...]:
        """Where the Boogeyman is hiding now: the rooms of the tokens played on its last turn."""
        if self.current == 0:
            return ()
        return tuple(t.room for t in self.ladder[-self.current:])
