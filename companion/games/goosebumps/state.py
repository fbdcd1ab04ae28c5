"""Options, state and the pending steps of Goosebumps (typed, frozen, JSON-able by core.codec).

A hand is a tuple of cards: "?" (cards.UNSEEN) is a card the device has not seen (a person's own
cards at a real table), "" (cards.EMPTY) an empty slot of the automated player's holder, whose
slots are numbered from 1 and keep their place. `unseen` is every card whose place the device
does not know: the draw pile plus the "?" cards in hands; `pile` is how many of them are in the
draw pile. The discard pile is face up, so it is public.

`queue` holds what must happen next, head first. A step with a `seat` waits for an input; the
others (`AUTOMATIC`) are continuations the reducer runs itself (the rest of a Monster Mayhem
card after its reaction windows). When the queue is empty, play goes on by the rules: steals
owed, then extra turns owed, then the next player (rules.go_on).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from typing import ClassVar, Union

from companion.core.rng import Rng
from companion.core.rulesver import KEY, RulesVersion
from companion.games.goosebumps.cards import Mix

HAND = 5  # "picking up enough cards to make a hand of five cards"
DEAL = 4  # "deals each player FOUR cards"
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # GSB-G3 (6 Monster Characters)


class Phase(enum.Enum):
    DEAL = "deal"
    PLAY = "play"
    OVER = "over"


RULES_VERSION = 2  # the newest of RULES_VERSIONS (below Options); a new game records it


@dataclass(frozen=True)
class Options:
    """The table's choices and every gap default of the text as a named setting (docs/games/GSB.md)."""

    players: int = 2
    names: tuple[str, ...] = ()  # seats clockwise; () = "Player 1", "Player 2", ...
    automated: tuple[str, ...] = ()  # seats the device plays, cards kept in its holder
    # Where the automated player's cards are: "holder" = dealt for real face down into its holder,
    # each named (or scanned) in private; "screen" = the device deals them from its own shuffle and
    # keeps them on the screen, nobody sees them (every pick-up for it is "*"; issue 25 #8)
    device_hand: str = "holder"
    dealer: str = ""  # "" = the last seat, so the first seat begins (GSB-04)
    board: str = ""  # a track file; "" = the shipped placeholder (GSB-G1)
    mix: Mix | None = None  # the Monster Mayhem mix; None = the track file's [mayhem] (GSB-G2)
    alternate_start: bool = False  # GSB-30: 5-6 players start on R.L. Stine's House
    shortcut: bool = True  # GSB-19: the Graveyard shortcut is in play (the player still chooses)
    extra_turn_on: str = "numbered"  # GSB-G5: "numbered" | "any" move that ends on a Landmark
    extra_turn_draw: str = "one"  # GSB-G6: "one" card | "refill" to five
    always_pick_up: bool = True  # GSB-G7: at least one card even with five or more in hand
    theft_extra_card: bool = False  # GSB-G8: True: a victim picks up one card beyond the refill
    stolen_reaction_card: str = "discard"  # GSB-G9: a stolen Gnomies/Freeze Ray! "discard" | "keep"
    steal_needs_cards: bool = True  # GSB-G10: the stealer must pick a player who holds cards
    steal_order: str = "clockwise"  # GSB-G11: "clockwise" from the card's player | "rearmost" first
    backward_onto_occupied: str = "behind"  # GSB-G12: "behind" (first free space) | "bump" (literal)
    no_landmark_behind: str = "start"  # GSB-G13: "start" | "stay"
    lead_tie: str = "choose"  # GSB-G14: the card's player "choose"s one | "all" tied go back
    car_to_end: str = "no_effect"  # GSB-G15: "no_effect" | "unplayable"
    book_near_end: str = "stop"  # GSB-G16: "stop" before THE END | "unplayable"
    no_landmark_ahead: str = "unplayable"  # GSB-G17: Pal / three of a kind "unplayable" | "no_effect"
    freeze_discards_three: bool = True  # GSB-G18: the frozen three are discarded (False: back to hand)
    gnomies_vs_freeze: bool = True  # GSB-G19: the frozen player may answer with Gnomies
    steal_on_own_mayhem: bool = True  # GSB-G20: your own Mayhem move onto STEAL: you steal
    shortcut_backward: bool = False  # GSB-G21: the shortcut also for players moved back onto the sign
    own_card_from_landmark: bool = True  # not in the checklist: Pal/Car/Book move their player off a Landmark
    rules_version: int = RULES_VERSION  # the rules version the game began under (docs/journal.md)


# Rules versions, oldest first (docs/journal.md, "Rules versions"; tests/core/test_old_journals.py).
_KEYS_1 = frozenset(f.name for f in fields(Options)) - {KEY}
RULES_VERSIONS: tuple[RulesVersion, ...] = (
    RulesVersion(1, "the first version of Goosebumps", _KEYS_1),
    RulesVersion(2, "issue 25 #14: a person stealing from the automated player's holder picks the slot "
                    "(version 1: a theft with no slot given had the device pick it); issue 26: a sticker read "
                    "into a hand stays unavailable while that card is surely still in the hand: the reshuffle "
                    "of the discards no longer lets it be read into another hand", _KEYS_1),
)


# ---------------------------------------------------------------- steps waiting for an input

@dataclass(frozen=True)
class DrawStep:
    """`seat` picks up `count` cards (chance: the table names them, or the device draws)."""

    kind: ClassVar[str] = "draw"
    seat: int
    count: int
    why: str  # "deal", "turn", "extra"


@dataclass(frozen=True)
class PlayStep:
    kind: ClassVar[str] = "play"
    seat: int


@dataclass(frozen=True)
class StealStep:
    """`seat` landed on STEAL and picks the player to steal from."""

    kind: ClassVar[str] = "steal"
    seat: int


@dataclass(frozen=True)
class TakeStep:
    """`seat` takes a card from `victim` without looking (chance)."""

    kind: ClassVar[str] = "take"
    seat: int
    victim: int


@dataclass(frozen=True)
class ShortcutStep:
    """`seat` landed exactly on the Graveyard Shortcut sign: proceed to the top tombstone?"""

    kind: ClassVar[str] = "shortcut"
    seat: int
    came_from: int  # the mover's space before the move (where a bumped player goes)
    move: str  # "number", "three", "mayhem", "back"


@dataclass(frozen=True)
class TargetStep:
    """Found Your Book!: players tie for the lead; the card's player picks who goes back."""

    kind: ClassVar[str] = "target"
    seat: int
    choices: tuple[int, ...]


@dataclass(frozen=True)
class ReactStep:
    """A reaction window: may `seat` play `card` (gnomies/freeze) against `against`'s play?"""

    kind: ClassVar[str] = "react"
    seat: int
    card: str
    against: int
    what: str  # the play it answers, in words ("three of a kind", "R.L. Stine!", ...)


# ---------------------------------------------------------------- continuations (automatic)

@dataclass(frozen=True)
class MoveThree:
    """Three of a kind, after the Freeze Ray! window: move to the Landmark."""

    kind: ClassVar[str] = "move_three"
    mover: int
    to: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Frozen:
    """After the frozen player's Gnomies window: the Freeze Ray! takes effect unless blocked."""

    kind: ClassVar[str] = "frozen"
    freezer: int
    mover: int
    to: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class BookLead:
    """Found Your Book!'s second half: find the lead player (after the card's player moved)."""

    kind: ClassVar[str] = "book_lead"
    player: int


@dataclass(frozen=True)
class SendBack:
    """Found Your Book!: `target` goes back to their previous Landmark unless Gnomies blocked it."""

    kind: ClassVar[str] = "send_back"
    player: int
    target: int


@dataclass(frozen=True)
class StineBack:
    """R.L. Stine!: every mover not protected by Gnomies moves back 5."""

    kind: ClassVar[str] = "stine_back"
    player: int
    movers: tuple[int, ...]


Step = Union[DrawStep, PlayStep, StealStep, TakeStep, ShortcutStep, TargetStep, ReactStep,
             MoveThree, Frozen, BookLead, SendBack, StineBack]
DECISIONS = (DrawStep, PlayStep, StealStep, TakeStep, ShortcutStep, TargetStep, ReactStep)
AUTOMATIC = (MoveThree, Frozen, BookLead, SendBack, StineBack)


@dataclass(frozen=True)
class State:
    options: Options
    seats: tuple[str, ...]
    automated: tuple[bool, ...]
    rng: Rng
    phase: Phase
    positions: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    unseen: tuple[str, ...]
    pile: int
    discard: tuple[str, ...]  # face up, newest last
    active: int  # whose turn it is (who plays or steals now)
    why: str  # "deal", "first", "regular", "extra", "steal", "freeze"
    because: str  # the same in words for the screen
    owner: int  # whose regular (or Freeze Ray!) turn began this run of play
    anchor: int  # play continues to the left of this seat (the last to steal, GSB-23)
    queue: tuple[Step, ...]
    stealers: tuple[tuple[int, str], ...] = ()  # (seat, why) owed a steal, in order
    extra: tuple[tuple[int, str], ...] = ()  # (seat, why) owed an extra turn, in order
    owed: tuple[int, ...] = ()  # extra cards owed by theft (GSB-G8 setting)
    blocked: frozenset[int] = frozenset()  # Gnomies played against the card being resolved
    started: tuple[bool, ...] = ()  # whether each seat has begun a turn (the first turn's one card)
    turns: int = 0  # regular turns begun
    round: int = 0
    winner: int = -1
    notices: tuple[str, ...] = ()
    # Stickers the camera read into hands since the draw pile was last made (GSB-07): a card
    # there cannot be drawn, so one shown again is a card left under the camera. In no observation.
    read: frozenset[str] = frozenset()
    # Rules version 2: (sticker, seat) of the stickers read into hands that are surely still there
    # (a card of the same kind leaving that hand makes them unsure: dropped). The reshuffle keeps
    # them in `read`: a card in a hand is not shuffled into the new draw pile. In no observation.
    held: tuple[tuple[str, int], ...] = ()

    @property
    def head(self) -> Step | None:
        return self.queue[0] if self.queue else None
