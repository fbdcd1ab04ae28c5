"""Everything that can happen at a Boogeyman table, as typed inputs to the reducer.

Inputs come from the sensors (a child moved), the camera (a card was drawn), the buttons and
the screen. Each has a `kind` tag; the journal stores them as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.boogeyman.state import Effect, SearchToken


@dataclass(frozen=True)
class Move:
    """A child moves through one Passage (or the revealed Trap Door) to an adjacent zone: 1 Action."""

    kind = "move"
    child: str
    to: str


@dataclass(frozen=True)
class Search:
    """A child takes the top Search token of their Room: 1 Action.

    `token` is what the physical token turned out to be (scanned); None trusts the device's deal.
    """

    kind = "search"
    child: str
    token: SearchToken | None = None


@dataclass(frozen=True)
class FlipSwitch:
    """A child removes the Light/Dark token of their Room and draws the matching card: 1 Action."""

    kind = "flip_switch"
    child: str


@dataclass(frozen=True)
class BreakLock:
    """A child tries to break the Lock in their Room: 1 Action, a die roll of noise."""

    kind = "break_lock"
    child: str


@dataclass(frozen=True)
class UseKey:
    """Free Action: the child with the Skeleton Key opens the Attic's padlock from next door."""

    kind = "use_key"
    child: str


@dataclass(frozen=True)
class Revive:
    """A child wakes a Passed Out child in the same zone: 1 Action."""

    kind = "revive"
    child: str
    target: str


@dataclass(frozen=True)
class RollDie:
    """The die for the pending roll (or the next child's die of a tie-break): `value` from the
    table's die, or None for the device to roll."""

    kind = "roll_die"
    value: int | None = None


@dataclass(frozen=True)
class SpendCandy:
    """After seeing their roll, the child spends Candy: each is +1 or -1 (delta's sign)."""

    kind = "spend_candy"
    delta: int = 0


@dataclass(frozen=True)
class CardDrawn:
    """The card the pending draw produced (scanned or picked), with its known effects and the
    title the table knows it by (shown instead of the code)."""

    kind = "card_drawn"
    code: str
    effects: tuple[Effect, ...] = ()
    name: str = ""


@dataclass(frozen=True)
class PlayCard:
    """Free Action: a child plays a Search card (discarded after use)."""

    kind = "play_card"
    child: str
    code: str
    effects: tuple[Effect, ...] = ()
    name: str = ""


@dataclass(frozen=True)
class ApplyEffects:
    """The table applies effects by hand (a card the device drew, a correction)."""

    kind = "apply_effects"
    child: str
    effects: tuple[Effect, ...]
    note: str = ""


@dataclass(frozen=True)
class PlaceFigure:
    """A card puts the Babysitter or the Boogeyman in a zone."""

    kind = "place_figure"
    figure: str  # "babysitter" or "boogeyman"
    zone: str


@dataclass(frozen=True)
class EndTurn:
    kind = "end_turn"


@dataclass(frozen=True)
class PlaceRoomTokens:
    """Player-run Boogeyman: the Room token(s) it plays face down on the Ladder."""

    kind = "place_room_tokens"
    rooms: tuple[str, ...]


@dataclass(frozen=True)
class ChooseCardInput:
    """Player-run Boogeyman: the Nightmare, Trouble or Event card it inflicts."""

    kind = "choose_card"
    code: str


@dataclass(frozen=True)
class SteerBabysitterInput:
    """Player-run Boogeyman: the path of the Possessed Babysitter (at most the rolled steps)."""

    kind = "steer_babysitter"
    path: tuple[str, ...]


@dataclass(frozen=True)
class HideTokensInput:
    """Competitive set-up: the Boogeyman hides the Objectives, Trap Door and Skeleton Key."""

    kind = "hide_tokens"
    objectives: tuple[str, ...]
    trap_door: str
    skeleton_key: str


@dataclass(frozen=True)
class MissionComplete:
    kind = "mission_complete"


@dataclass(frozen=True)
class StartFinale:
    kind = "start_finale"
    child: str


@dataclass(frozen=True)
class FinaleOutcome:
    """The Book of Endings is played at the table; the table says how it ended."""

    kind = "finale_outcome"
    children_won: bool


Input = (
    Move | Search | FlipSwitch | BreakLock | UseKey | Revive | RollDie | SpendCandy | CardDrawn
    | PlayCard | ApplyEffects | PlaceFigure | EndTurn | PlaceRoomTokens | ChooseCardInput
    | SteerBabysitterInput | HideTokensInput | MissionComplete | StartFinale | FinaleOutcome
)
