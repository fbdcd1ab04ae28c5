"""The Stuff of Legend's typed state: options, the board, hands, decks, tracks and the decisions
waiting (docs/journal.md, "The Stuff of Legend (SOL)", lists every key).

Cards are their sticker codes (cards_qr/decks.toml). "" is a card the device has not seen: a
physical card in a hand, in a deck or face down on the board. Every field is frozen data that
survives the JSON round trip, so the journal, undo and replay hold as for every game.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal, Union

from companion.core.rng import Rng
from companion.core.rulesver import KEY, RulesVersion

Mode = Literal["physical", "digital"]
Side = Literal["boy", "boogeyman"]
Completion = Literal["coin", "boy", "boogeyman"]
ScoutSwap = Literal["near_party", "anywhere"]
EmptyDeck = Literal["nothing", "boy"]
Phase = Literal["setup", "actions", "enemies", "end", "over"]

STANDARD_HEROES = ("max", "percy", "harmony", "princess", "jester", "quackers")
TABLE_SEAT = "table"  # observation of what every player may know
DEVICE_SEAT = "device"  # observation of everything the device holds (tests, the modelled table)


RULES_VERSION = 2  # the newest of RULES_VERSIONS (below Options); a new game records it


@dataclass(frozen=True)
class Options:
    """A game's set-up choices; every gap default of the rulebook is one of these (docs/games/SOL.md)."""

    players: int = 4
    heroes: tuple[str, ...] = ()  # seat order, clockwise; () = the first `players` of STANDARD_HEROES
    rifle: str = ""  # who holds the Colonel's Rifle; "" = asked first (SOL-G6)
    world: str = ""  # map file; "" = the shipped data/world.toml
    cards: str = ""  # card catalogue; "" = the shipped data/cards.toml
    action_deck: Mode = "physical"  # physical: real hands, a card is scanned when played
    board_cards: Mode = "physical"  # Location/Encounter cards: scanned when revealed
    boogeyman_deck: Mode = "physical"  # scanned when drawn
    exits: Mode = "digital"  # the seven Exit tokens held by the device, or physical and scanned unseen
    loyalty: Mode = "digital"  # dealt by the device (private screens), or real cards shown at the end
    loyalty_completion: Completion = "coin"  # SOL-G2
    successor_side: Side = "boy"  # SOL-G3
    friend_side: Side = "boy"  # SOL-G3
    hand_size: int = 7  # SOL-77
    cumulative_hand_marks: bool = False  # SOL-G4
    end_turn_early: bool = False  # SOL-G8
    scout_swap: ScoutSwap = "anywhere"  # SOL-G14
    empty_boogeyman_deck: EmptyDeck = "nothing"  # SOL-G12
    bridge_at_pass: bool = True  # SOL-G17: the bridge touches Golem's Pass's space when it can
    army_supply: int = 20  # SOL-G11: "20 Army markers"
    rules_version: int = RULES_VERSION  # the rules version the game began under (docs/journal.md)


# Rules versions, oldest first (docs/journal.md, "Rules versions"; tests/core/test_old_journals.py).
_KEYS_1 = frozenset(f.name for f in fields(Options)) - {KEY}
RULES_VERSIONS: tuple[RulesVersion, ...] = (
    RulesVersion(1, "the first version of The Stuff of Legend", _KEYS_1),
    RulesVersion(2, "a one-time Location turned up is discarded for good: the box has one of each, so a "
                    "second scan of it is refused", _KEYS_1),
)


@dataclass(frozen=True)
class Slot:
    """A card on the board: its code ("" unseen by the device), its deck colour (its back) and
    whether it is face up."""

    code: str
    colour: str
    up: bool = False


@dataclass(frozen=True)
class SpaceCards:
    location: Slot | None  # None once a one-time Location was discarded
    encounters: tuple[Slot, ...] = ()


@dataclass(frozen=True)
class Peek:
    """A private look at an Exit token: only `seat` sees `value` (SOL-64)."""

    seat: str
    exit: str
    value: int
    epoch: int  # the exit's token generation (an accidental reveal replaces the token)


@dataclass(frozen=True)
class Stated:
    """What a peeker told the table (public; may be a lie)."""

    seat: str
    exit: str
    number: int
    epoch: int


@dataclass(frozen=True)
class Action:
    """The action being performed: the card or Quest, the icons gathered, who helped."""

    actor: str
    kind: Literal["card", "quest"]
    source: str  # the Action card or the Quest card
    skill: str
    needs: int
    target: str = ""  # the Leader of a Grand Duel
    cards: tuple[tuple[str, str], ...] = ()  # (seat, code) played into the action, face up
    extra: int = 0  # icons added by Allies
    helpers: tuple[str, ...] = ()
    asked: bool = False


# ---------------------------------------------------------------- decisions and steps
# A decision waits for an input; a step (marked `auto`) is done by the reducer itself.

@dataclass(frozen=True)
class AskRifle:
    kind = "ask_rifle"


@dataclass(frozen=True)
class ChooseActor:
    kind = "choose_actor"


@dataclass(frozen=True)
class ActorTurn:
    kind = "actor_turn"
    seat: str


@dataclass(frozen=True)
class Contribute:
    kind = "contribute"
    seat: str


@dataclass(frozen=True)
class HelpOffer:
    kind = "help_offer"
    seat: str
    later: tuple[str, ...] = ()  # who is asked after


@dataclass(frozen=True)
class Permission:
    kind = "permission"
    seat: str  # the actor
    helper: str


@dataclass(frozen=True)
class Assisting:
    kind = "assisting"
    seat: str


@dataclass(frozen=True)
class Vote:
    """A vote: "for_against" or "player" (among `candidates`), cast in `order` (SOL-31/32)."""

    kind = "vote"
    topic: Literal["move", "card_move", "card", "actor", "wound", "throw_away", "ally"]
    ballot: Literal["for_against", "player"]
    order: tuple[str, ...]
    candidates: tuple[str, ...] = ()
    cast: tuple[tuple[str, str], ...] = ()
    subject: str = ""  # the space, the seat, the Ally
    by: str = ""  # who asked
    detail: int = 0  # the Ally's ability (1 or 2)

    @property
    def voter(self) -> str:
        return self.order[len(self.cast)]


@dataclass(frozen=True)
class TieBreak:
    kind = "tie_break"
    seat: str  # the Rifle holder
    vote: Vote
    tied: tuple[str, ...]


@dataclass(frozen=True)
class Designate:
    """The actor names where the party goes: an adjacent space ("move") or a space within
    `reach` ("transport")."""

    kind = "designate"
    seat: str
    how: Literal["move", "transport"]
    reach: int = 1
    then: tuple[tuple[str, int, str], ...] = ()  # the card's effects after the move


@dataclass(frozen=True)
class ChooseTarget:
    kind = "choose_target"
    seat: str


@dataclass(frozen=True)
class ChooseExit:
    kind = "choose_exit"
    seat: str
    choices: tuple[str, ...]


@dataclass(frozen=True)
class ScanExit:
    """A physical Exit token scanned unseen: for a peek ("peek"), a re-peek, or the end."""

    kind = "scan_exit"
    seat: str
    exit: str
    why: Literal["peek", "repeek", "end"]


@dataclass(frozen=True)
class StateNumber:
    kind = "state_number"
    seat: str
    exit: str


@dataclass(frozen=True)
class ScoutPeek:
    kind = "scout_peek"
    seat: str
    left: int
    seen: tuple[str, ...] = ()  # slots looked at so far


@dataclass(frozen=True)
class ScoutSwapping:
    kind = "scout_swapping"
    seat: str


@dataclass(frozen=True)
class PlaceBridge:
    kind = "place_bridge"
    choices: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class RevealLocations:
    kind = "reveal_locations"
    spaces: tuple[str, ...]  # face-down Locations still to turn up, in the offered order
    actor: str = ""  # whose action it was ("" at set-up)


@dataclass(frozen=True)
class RevealEncounters:
    kind = "reveal_encounters"
    space: str
    actor: str = ""


@dataclass(frozen=True)
class ResolveEncounters:
    kind = "resolve_encounters"
    space: str
    codes: tuple[str, ...]
    actor: str = ""


@dataclass(frozen=True)
class Coin:
    kind = "coin"
    seat: str  # who flips
    why: Literal["hand", "wound", "effect"]


@dataclass(frozen=True)
class BoogeymanDraw:
    kind = "boogeyman_draw"
    seat: str


@dataclass(frozen=True)
class GiftTo:
    kind = "gift_to"
    seat: str
    card: str


DiscardWhy = Literal["wound", "weakness", "effect", "owed"]


@dataclass(frozen=True)
class Discard:
    kind = "discard"
    seat: str
    n: int
    why: DiscardWhy


@dataclass(frozen=True)
class WoundTaker:
    kind = "wound_taker"


@dataclass(frozen=True)
class Activate:
    kind = "activate"


@dataclass(frozen=True)
class ScanLoyalty:
    kind = "scan_loyalty"
    seat: str


# Steps (done by the reducer; never shown as a question).

@dataclass(frozen=True)
class NewHand:
    kind = "new_hand"
    seat: str
    auto = True


@dataclass(frozen=True)
class TakeWound:
    kind = "take_wound_step"
    seat: str
    auto = True


@dataclass(frozen=True)
class WrapWound:
    kind = "wrap_wound"
    auto = True


@dataclass(frozen=True)
class RunEffects:
    """Effects of a card, in order: `seat` is whom they concern, `here` the card's space, `route`
    a Leader's chosen step."""

    kind = "run_effects"
    source: str
    seat: str
    effects: tuple[tuple[str, int, str], ...]
    here: str = ""
    route: str = ""
    auto = True


@dataclass(frozen=True)
class Enter:
    """The party has entered `space` (SOL-48/49/50); `transported`: not along a trail (SOL-G15)."""

    kind = "enter"
    space: str
    actor: str = ""
    transported: bool = False
    auto = True


@dataclass(frozen=True)
class Tainted:
    kind = "tainted"
    auto = True


@dataclass(frozen=True)
class Cleanup:
    kind = "cleanup"
    auto = True


@dataclass(frozen=True)
class ActionDone:
    kind = "action_done"
    auto = True


@dataclass(frozen=True)
class StartEnemies:
    kind = "start_enemies"
    auto = True


@dataclass(frozen=True)
class Finish:
    kind = "finish"
    auto = True


Pending = Union[
    AskRifle, ChooseActor, ActorTurn, Contribute, HelpOffer, Permission, Assisting, Vote, TieBreak, Designate,
    ChooseTarget, ChooseExit, ScanExit, StateNumber, ScoutPeek, ScoutSwapping, PlaceBridge, RevealLocations,
    RevealEncounters, ResolveEncounters, Coin, BoogeymanDraw, GiftTo, Discard, WoundTaker, Activate, ScanLoyalty,
    NewHand, TakeWound, WrapWound, RunEffects, Enter, Tainted, Cleanup, ActionDone, StartEnemies, Finish,
]


@dataclass(frozen=True)
class State:
    options: Options
    rng: Rng
    seats: tuple[str, ...]  # the heroes, clockwise
    phase: Phase
    turn: int
    actions: int  # actions performed this turn (SOL-27)
    on_board: tuple[str, ...]  # Hero markers on the Hero Action board's spots (SOL-36)
    exhausted: tuple[str, ...]  # Hero markers in the Exhausted Heroes space (SOL-46/47)
    rifle: str
    attention: int  # division index on the Attention Level track
    boy: int  # division index on the Time track
    wound: int  # 0 = left of A, 1..6 = A..F
    party: str
    armies: tuple[str, ...]  # one space per Army marker on the board, sorted
    leaders: tuple[tuple[str, str], ...]  # (Leader card, space)
    bridge: tuple[str, str] | None
    board: tuple[SpaceCards, ...]  # per space of the map, in map order
    extras: tuple[Slot, ...]  # the Encounter cards laid out above the board
    allies: tuple[str, ...]  # Allies face up beside the board
    exits: tuple[int, ...]  # per Exit space: the token's number (0: unknown to the device)
    box: tuple[int, ...]  # the unused tokens' numbers (digital)
    exit_epochs: tuple[int, ...]
    peeks: tuple[Peek, ...]
    stated: tuple[Stated, ...]
    exposed: tuple[tuple[str, int], ...]  # accidental reveals: (exit, number seen by all)
    loyalty: tuple[str, ...]  # per seat: the Loyalty card ("" physical, until shown)
    loyalty_unused: str  # the completion card left out, seen by nobody
    dealt: tuple[str, ...]  # the Loyalty cards as dealt (for the end report; never observed)
    loyalty_known: tuple[tuple[str, str, str], ...]  # (who, holder, card) learnt by a swap
    hands: tuple[tuple[str, ...], ...]
    draw_pile: tuple[str, ...]  # the Action deck, top first
    discard_pile: tuple[str, ...]  # face down, never shown (SOL-34)
    owed: tuple[int, ...]  # discards owed per seat until the next hand (SOL-105)
    boogeyman_pile: tuple[str, ...]
    sinister: str
    held: tuple[tuple[str, ...], ...]  # Personal Attention and Dark Gift cards per seat
    removed: tuple[str, ...]  # Boogeyman cards out of the game
    board_seen: tuple[tuple[str, str], ...]  # (seat, card) face-down cards a seat peeked at
    refused: tuple[str, ...]  # lost a vote to throw their hand away this turn (SOL-80)
    ally_barred: tuple[tuple[str, str], ...]  # (Ally, seat): refused this turn (SOL-61)
    action: Action | None
    activations: tuple[str, ...]  # Phase 2: enemies still to activate
    pending: tuple[Pending, ...]
    notices: tuple[str, ...]
    winner: Literal["", "boy", "boogeyman"] = ""  # the side that won
    end: Literal["", "correct_exit", "wrong_exit", "boy_lost"] = ""
    end_exit: str = ""
    correct_exit: str = ""
    boy_reached: int = 0  # the furthest Time track division entered: its hand-size mark holds for good

    def index(self, seat: str) -> int:
        return self.seats.index(seat)

    def hand(self, seat: str) -> tuple[str, ...]:
        return self.hands[self.seats.index(seat)]

    @property
    def head(self) -> Pending | None:
        return self.pending[0] if self.pending else None
