"""Bump in the Night's typed state and options (docs/journal.md, "Bump in the Night").

Rooms, monsters and seats are indices in the state (the house's room order, KINDS, `seats`);
inputs name them by id. The 14 girls are identical pieces, so each room holds two counts: girls
who have never moved (Scare symbols count for them, BIN-37) and girls who have. Terror exists
only while people run (BIN-52: it restarts at every scare), in the running scare's `runners`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from typing import ClassVar, Union

from companion.core.deck import Deck
from companion.core.rng import Rng
from companion.core.rulesver import KEY, RulesVersion

COLOURS = ("red", "yellow", "mustard", "green", "blue", "black")  # BIN-01, box order
KINDS = ("cat", "bat", "goblin", "poltergeist", "ghost", "specter")  # Figure 3
CAT, BAT, GOBLIN, POLTERGEIST, GHOST, SPECTER = range(6)
SCARE_VALUES = (0, 0, 1, 1, 2, 3)  # BIN-13
MONSTER_NAMES = ("Black Cat", "Scary Bat", "Goblin", "Poltergeist", "Ghost", "Specter of Death")
SUPPLY = -1  # a monster not on the board
GIRLS = 14  # BIN-02
LOCK_MARKERS = 12  # BIN-03
START_HAND = 3  # BIN-12
TO_WIN = 5  # BIN-63
CLAIM_TERROR = 5  # BIN-55


class Phase(enum.Enum):
    ROLL = "roll"  # the die (or a card's number) for the Group Creation Chart
    PLACE = "place"  # the girls go into the house
    DEAL = "deal"  # three cards each
    PLAY = "play"
    OVER = "over"


RULES_VERSION = 2  # the newest of RULES_VERSIONS (below Options); a new game records it


@dataclass(frozen=True)
class Options:
    """The table's choices and every gap default of docs/games/BIN.md, by name."""

    players: int = 2  # BIN-G6: 2 to 6
    colours: tuple[str, ...] = ()  # seats clockwise; () = the first `players` colours of COLOURS
    first: str = ""  # BIN-G6: who starts; "" = the first colour
    monster_player: str = ""  # the colour the device's monster player holds; "" = people hold every seat
    house: str = ""  # BIN-G5: the house file; "" = the shipped data/house.toml
    layout: tuple[str, ...] = ()  # BIN-G5: six "TILE SIDE TURNS" codes NW N NE SW S SE; () = the file's
    cards: str = ""  # BIN-G3/G4: the card catalogue; "" = the shipped data/cards.toml
    chart_five: int = 0  # BIN-G1: the chart row a 5 uses; 0 = roll again
    chart_six: int = 0  # BIN-G1: the same for a 6
    table_places_girls: bool = False  # BIN-G2: False = the device places the six groups
    group_modifiers: tuple[int, int, int, int, int] = (1, 0, -1, -1, -2)  # BIN-G7: 1, 2, 3, 4, 5+ people
    negative_scare_is_zero: bool = True  # BIN-G8: free moves = max(0, initial scare value)
    symbols_if_any_unmoved: bool = False  # BIN-G9: False = Scare symbols only if everyone there is unmoved
    step4_marks_moved: bool = True  # BIN-G10: a person moved in Step 4 or by a card has moved
    bat_flies_in_step4: bool = True  # BIN-G11: the Bat moves two in Step 4 as well
    poltergeist_any_door: bool = False  # BIN-G12: False = the extra lock change is on a door of its room
    scare_optional: bool = True  # BIN-G14
    met_monsters_used: bool = True  # BIN-G15: monsters met while running count as used (draws, Bonus)
    five_off_turn_wins_at_once: bool = False  # BIN-G16: False = at the start of that player's turn
    no_girls_most_claimed_wins: bool = True  # BIN-G17: else nobody wins
    stall_rounds: int = 10  # BIN-G17: rounds without a claim or Bonus that end the game; 0 = never
    reshuffle_discards: bool = True  # BIN-G18
    hand_limit: int = 0  # BIN-G18: 0 = no limit
    replace_from_supply: bool = True  # BIN-G19
    front_door_lockable: bool = True  # BIN-G20
    met_specter_adds_one: bool = False  # BIN-G21: True = the first Specter met adds one more
    initiator_colour_met: bool = True  # BIN-G22: the initiating monster's colour counts as met
    # Settings for gaps this project found beyond the checklist (docs/games/BIN.md, "More gaps").
    move_any_monster: bool = False  # Step 2 "moves a monster already on the board": False = your own
    bat_exactly_two: bool = True  # "Moves two spaces instead of one": False = one or two
    step4_people_obey_figure5: bool = True  # Step 4 "observing the movement rules discussed earlier"
    scares_per_turn: int = 1  # Step 3 "chooses any monster ... and activates it"
    blocks_per_turn: int = 1  # Step 5 "may play a Yellow Block card"
    rules_version: int = RULES_VERSION  # the rules version the game began under (docs/journal.md)


# Rules versions, oldest first (docs/journal.md, "Rules versions"; tests/core/test_old_journals.py).
_KEYS_1 = frozenset(f.name for f in fields(Options)) - {KEY}
RULES_VERSIONS: tuple[RulesVersion, ...] = (
    RulesVersion(1, "the first version of Bump in the Night", _KEYS_1),
    RulesVersion(2, "a scanned card is that one physical card: a sticker the camera read into a hand before, "
                    "scanned again while it is in a hand, played as a Bonus or discarded (its deck not yet "
                    "reshuffled), is refused instead of standing for another copy of its title", _KEYS_1),
)


@dataclass(frozen=True, order=True)
class Runner:
    """A scared person while she runs (BIN-39..59)."""

    room: int
    terror: int
    met: int  # bit per seat: colours that have terrified her on this move (BIN-54)
    visited: int  # bit per room: rooms she has been in during this movement (BIN-48)
    moved: bool  # she has left her starting room, in this scare or before (BIN-37)
    held: bool = False  # a Bonus card stopped her (BIN-23)
    specter: bool = False  # a Specter has terrified her on this move (BIN-G21 setting)


@dataclass(frozen=True)
class Running:
    """A scare being resolved: the runners sorted, so equal situations are equal states."""

    room: int
    seat: int  # owner of the initiating monster
    kind: int
    free: int  # free moves left (BIN-39/40)
    runners: tuple[Runner, ...]
    claimed: int = 0
    used: frozenset[tuple[int, int]] = frozenset()  # (seat, kind) of monsters that terrified someone


@dataclass(frozen=True)
class Turn:
    """The active player's turn: which of the six steps, and what is used up."""

    step: int = 1
    lock_used: bool = False
    poltergeist_used: bool = False
    step2_left: int = 1
    scares_left: int = 1
    step4_used: bool = False
    blocks_left: int = 1
    scared: bool = False  # scared anyone this turn (BIN-62)
    hidden: frozenset[int] = frozenset()  # seats whose Goblin hides for the rest of the turn (BIN-35)
    drawn: frozenset[tuple[int, int]] = frozenset()  # monsters whose owner drew this turn (BIN-24)
    gates_open: bool = False  # a card opened the Garage Door and Cemetery Gate (BIN-58)
    through_locks: bool = False  # a card lets scared people through locked doors (BIN-47)
    scare_plus: int = 0
    terror_plus: int = 0


@dataclass(frozen=True)
class DrawFor:
    kind: ClassVar[str] = "draw"
    seat: int
    why: str  # "deal", "used", "turn"


@dataclass(frozen=True)
class HideGoblin:
    kind: ClassVar[str] = "hide"
    seat: int  # the Goblin's owner decides (BIN-35)


@dataclass(frozen=True)
class BonusChance:
    """Another player's monster of `seat` terrified someone in `room`: a Bonus card may apply."""

    kind: ClassVar[str] = "bonus"
    seat: int
    room: int
    monster: int
    runner: Runner  # the person it terrified; she stops if the card is played
    initial: bool  # the people of the scare's own room (none of them has moved yet)


Pending = Union[DrawFor, HideGoblin, BonusChance]


@dataclass(frozen=True)
class State:
    options: Options
    phase: Phase
    seats: tuple[str, ...]  # colours, clockwise
    active: int
    round: int
    groups: tuple[int, ...]  # the chart's groups still to place
    unmoved: tuple[int, ...]  # per room: girls who never moved
    moved: tuple[int, ...]  # per room: girls who have moved
    monsters: tuple[tuple[int, ...], ...]  # per seat, per kind: room or SUPPLY
    locks: frozenset[str]  # doors with a lock marker
    claimed: tuple[int, ...]  # per seat: people claimed
    bonuses: tuple[tuple[str, ...], ...]  # per seat: Bonus cards played (a point each)
    hands: tuple[tuple[str, ...], ...]  # per seat, sorted: hidden from the other seats
    deck: Deck
    turn: Turn
    running: Running | None
    pending: tuple[Pending, ...]
    quiet: int  # turns since the last claim or Bonus
    winners: tuple[str, ...]
    reason: str
    rng: Rng
    notices: tuple[str, ...]
    read: frozenset[str] = frozenset()  # stickers the camera read into hands (in no observation)

    def score(self, seat: int) -> int:
        return self.claimed[seat] + len(self.bonuses[seat])

    def people(self, room: int) -> int:
        return self.unmoved[room] + self.moved[room]

    @property
    def on_board(self) -> int:
        return sum(self.unmoved) + sum(self.moved)
