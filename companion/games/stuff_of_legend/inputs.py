"""Every input of The Stuff of Legend: what a player, the table, a coin, a scan or a vote tells the
device. Chance results travel inside the inputs (`face=None`, `code=None`: the device flips or
draws), so the table's real coin and cards always win. docs/journal.md lists them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal, Union


@dataclass(frozen=True)
class Rifle:
    """The Colonel's Rifle is held by `seat` (at set-up, or handed over later: SOL-G6)."""

    kind: ClassVar[str] = "rifle"
    seat: str


@dataclass(frozen=True)
class ChooseActorInput:
    """The table agreed who performs the next action (SOL-29)."""

    kind: ClassVar[str] = "choose_actor"
    seat: str


@dataclass(frozen=True)
class CallVote:
    """The table cannot agree: a "choose a player" vote (who acts, who takes the wound)."""

    kind: ClassVar[str] = "call_vote"


@dataclass(frozen=True)
class EndActions:
    """End Phase 1 before three actions (only with the option end_turn_early, SOL-G8)."""

    kind: ClassVar[str] = "end_actions"


@dataclass(frozen=True)
class Cast:
    """One vote: "for", "against", or a player's name (SOL-31/32)."""

    kind: ClassVar[str] = "cast"
    seat: str
    choice: str


@dataclass(frozen=True)
class BreakTie:
    """The Rifle holder resolves a tied vote (SOL-33)."""

    kind: ClassVar[str] = "break_tie"
    seat: str
    choice: str


@dataclass(frozen=True)
class Move:
    """Basic action Move: discard a card, designate an adjacent space, then the vote (SOL-39/40)."""

    kind: ClassVar[str] = "move"
    seat: str
    to: str
    discard: str  # the card paid ("" = a physical card not scanned)


@dataclass(frozen=True)
class Hide:
    kind: ClassVar[str] = "hide"
    seat: str
    discard: str


@dataclass(frozen=True)
class Skip:
    kind: ClassVar[str] = "skip"
    seat: str
    discard: str


@dataclass(frozen=True)
class Play:
    """Play an Action card that describes an action (SOL-43); `target`: the Leader of a Grand Duel."""

    kind: ClassVar[str] = "play"
    seat: str
    card: str
    target: str = ""


@dataclass(frozen=True)
class AttemptQuest:
    kind: ClassVar[str] = "quest"
    seat: str
    quest: str


@dataclass(frozen=True)
class Boost:
    """The actor adds a card with matching or Wild icons (SOL-70)."""

    kind: ClassVar[str] = "boost"
    seat: str
    card: str


@dataclass(frozen=True)
class AskHelp:
    kind: ClassVar[str] = "ask_help"
    seat: str


@dataclass(frozen=True)
class Volunteer:
    kind: ClassVar[str] = "volunteer"
    seat: str
    yes: bool


@dataclass(frozen=True)
class Permit:
    """The actor accepts or refuses a volunteer's help (SOL-71)."""

    kind: ClassVar[str] = "permit"
    seat: str
    helper: str
    yes: bool


@dataclass(frozen=True)
class Assist:
    kind: ClassVar[str] = "assist"
    seat: str
    card: str


@dataclass(frozen=True)
class AssistDone:
    kind: ClassVar[str] = "assist_done"
    seat: str


@dataclass(frozen=True)
class ResolveAction:
    kind: ClassVar[str] = "resolve"
    seat: str


@dataclass(frozen=True)
class UseAlly:
    """The active player asks to use an Ally's ability 1 or 2: a vote (SOL-60/61)."""

    kind: ClassVar[str] = "ally"
    seat: str
    ally: str
    ability: int


@dataclass(frozen=True)
class ThrowAway:
    """Ask to throw the rest of the hand away and draw a new one: a vote (SOL-80)."""

    kind: ClassVar[str] = "throw_away"
    seat: str


@dataclass(frozen=True)
class DesignateInput:
    kind: ClassVar[str] = "designate"
    seat: str
    space: str


@dataclass(frozen=True)
class Target:
    """The other player of Muddy the Waters (SOL-112) or of a loyalty swap."""

    kind: ClassVar[str] = "target"
    seat: str
    other: str


@dataclass(frozen=True)
class PeekExit:
    kind: ClassVar[str] = "peek_exit"
    seat: str
    exit: str


@dataclass(frozen=True)
class ExitScanned:
    """A physical Exit token's sticker read unseen by the camera (SOL:EXIT:NN, the number NN)."""

    kind: ClassVar[str] = "exit_scanned"
    code: str


@dataclass(frozen=True)
class StateNumberInput:
    """The peeker tells the table a number, true or not (SOL-64)."""

    kind: ClassVar[str] = "state_number"
    seat: str
    number: int


@dataclass(frozen=True)
class ScoutLook:
    """Scout Ahead: look at one face-down card ("space:L" its Location, "space:E0" an Encounter)."""

    kind: ClassVar[str] = "scout_peek"
    seat: str
    slot: str


@dataclass(frozen=True)
class ScoutDone:
    kind: ClassVar[str] = "scout_done"
    seat: str


@dataclass(frozen=True)
class ScoutSwapInput:
    """Swap two face-down Encounter cards (SOL-114), or none ("" and "")."""

    kind: ClassVar[str] = "scout_swap"
    seat: str
    a: str
    b: str


@dataclass(frozen=True)
class Bridge:
    kind: ClassVar[str] = "bridge"
    a: str
    b: str


@dataclass(frozen=True)
class Reveal:
    """A face-down Location turned up: `code` as scanned (physical) or None (the device's card)."""

    kind: ClassVar[str] = "reveal"
    space: str
    code: str | None = None


@dataclass(frozen=True)
class EncounterShown:
    """The next face-down Encounter card of the party's space, as scanned (physical cards)."""

    kind: ClassVar[str] = "encounter"
    code: str


@dataclass(frozen=True)
class ResolveEncounter:
    kind: ClassVar[str] = "resolve_encounter"
    code: str


@dataclass(frozen=True)
class CoinFlip:
    """The Boogeyman coin: the real coin's face, or None for the device to flip (SOL-81)."""

    kind: ClassVar[str] = "coin"
    face: Literal["boy", "boogeyman"] | None = None


@dataclass(frozen=True)
class BoogeymanCardInput:
    """The Boogeyman card drawn: as scanned (physical deck), or None for the device's draw."""

    kind: ClassVar[str] = "boogeyman_card"
    code: str | None = None


@dataclass(frozen=True)
class Gift:
    """A Dark Gift goes to another player (SOL-88)."""

    kind: ClassVar[str] = "gift"
    seat: str
    to: str


@dataclass(frozen=True)
class DiscardInput:
    kind: ClassVar[str] = "discard"
    seat: str
    card: str  # "" = a physical card, not scanned


@dataclass(frozen=True)
class TakeWoundInput:
    """A volunteer takes the next wound (SOL-101, SOL-G7)."""

    kind: ClassVar[str] = "take_wound"
    seat: str


@dataclass(frozen=True)
class ActivateInput:
    """Phase 2: activate an enemy ("army:SPACE", "leader:CODE", "location:CODE"); `to` its step
    toward the party ("" = the device's proposal)."""

    kind: ClassVar[str] = "activate"
    enemy: str
    to: str = ""


@dataclass(frozen=True)
class LoyaltyShown:
    """At the end, a physical Loyalty card turned face up (its sticker code)."""

    kind: ClassVar[str] = "loyalty_shown"
    seat: str
    code: str


@dataclass(frozen=True)
class AccidentalReveal:
    """An Exit token was seen by everyone by accident: the number it showed (SOL-65)."""

    kind: ClassVar[str] = "accidental_reveal"
    exit: str
    number: int


Input = Union[
    Rifle, ChooseActorInput, CallVote, EndActions, Cast, BreakTie, Move, Hide, Skip, Play, AttemptQuest, Boost,
    AskHelp, Volunteer, Permit, Assist, AssistDone, ResolveAction, UseAlly, ThrowAway, DesignateInput, Target,
    PeekExit, ExitScanned, StateNumberInput, ScoutLook, ScoutDone, ScoutSwapInput, Bridge, Reveal, EncounterShown,
    ResolveEncounter, CoinFlip, BoogeymanCardInput, Gift, DiscardInput, TakeWoundInput, ActivateInput,
    LoyaltyShown, AccidentalReveal,
]
