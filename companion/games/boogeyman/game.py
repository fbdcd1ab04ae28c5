"""The Boogeyman game module: what the journal, replay, UI and AI use (see core/game.py)."""

from __future__ import annotations

from typing import Any

from companion.core.game import Actor, GameRules, Observation, Result
from companion.core.rng import Rng
from companion.core.table import Thing
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman import protocol
from companion.games.boogeyman import table as _table
from companion.games.boogeyman.rules import DECK_NAMES, title, zone_name
from companion.games.boogeyman.rules import apply as _apply
from companion.games.boogeyman.setup import setup as _setup
from companion.games.boogeyman.state import RULES_VERSIONS, DrawCard, NeedRoll, Options, State, TieRoll, card_label
from companion.games.boogeyman.view import view as _view


def _card(state: State, code: str, name: str) -> str:
    """A card by the title the table gave it ('the Babysitter card “Creaking floor”'), never its code."""
    known = name or dict(state.names).get(code, "")
    if known:
        deck = code.split(":")[1] if code.count(":") == 2 else ""
        return f"the {DECK_NAMES.get(deck, '')} card \u201c{known}\u201d".replace("the  card", "the card")
    return card_label(code)


def label(state: State, inp: I.Input) -> str:
    """A readable line for the journal and the undo button, e.g. 'Mike searched Room 12'."""
    if isinstance(inp, I.Move):
        return f"{title(inp.child)} moved to {zone_name(state, inp.to)}"
    if isinstance(inp, I.Search):
        return f"{title(inp.child)} searched {zone_name(state, state.child(inp.child).zone)}"
    if isinstance(inp, I.FlipSwitch):
        return f"{title(inp.child)} flipped the switch in {zone_name(state, state.child(inp.child).zone)}"
    if isinstance(inp, I.BreakLock):
        return f"{title(inp.child)} tried to break the Lock in {zone_name(state, state.child(inp.child).zone)}"
    if isinstance(inp, I.UseKey):
        return f"{title(inp.child)} opened the Attic"
    if isinstance(inp, I.Revive):
        return f"{title(inp.child)} revived {title(inp.target)}"
    if isinstance(inp, I.RollDie):
        head = state.pending[0] if state.pending else None
        whose = "The Possessed Babysitter's die" if isinstance(head, NeedRoll) and head.purpose == "possessed" else (
            f"{title(head.roller)}'s die" if isinstance(head, TieRoll) else
            f"{title(head.child)}'s die" if isinstance(head, NeedRoll) else "The die")
        # never the number the device's die will show: that is the state's hidden generator (the
        # spoiler property); the roll's own notice, shown after it, says the number
        return f"{whose}: rolled by the device" if inp.value is None else f"{whose} showed {inp.value}"
    if isinstance(inp, I.SpendCandy):
        return f"Spent {abs(inp.delta)} Candy ({inp.delta:+d})" if inp.delta else "Kept the roll"
    if isinstance(inp, I.CardDrawn):
        head = state.pending[0] if state.pending else None
        who = title(head.child) if isinstance(head, DrawCard) and head.child else "The table"
        return f"{who} drew {_card(state, inp.code, inp.name)}"
    if isinstance(inp, I.PlayCard):
        return f"{title(inp.child)} played {_card(state, inp.code, inp.name)}"
    if isinstance(inp, I.ApplyEffects):
        what = ", ".join(f"{e.effect} {e.n}" for e in inp.effects)
        return f"{title(inp.child)}: {inp.note or what}"
    if isinstance(inp, I.PlaceFigure):
        return f"The {inp.figure.capitalize()} was put in {zone_name(state, inp.zone)}"
    if isinstance(inp, I.EndTurn):
        return f"{title(state.active)} ended the turn"
    if isinstance(inp, I.PlaceRoomTokens):
        return "The Boogeyman played a Room token"  # never which: the label is public
    if isinstance(inp, I.ChooseCardInput):
        return f"The Boogeyman chose {_card(state, inp.code, '')}"
    if isinstance(inp, I.SteerBabysitterInput):
        return "The Boogeyman steered the Babysitter"
    if isinstance(inp, I.HideTokensInput):
        return "The Boogeyman hid the Objectives"
    if isinstance(inp, I.MissionComplete):
        return "The Mission was completed"
    if isinstance(inp, I.StartFinale):
        return f"{title(inp.child)} started the Finale"
    return "The Finale ended: " + ("the Children won" if inp.children_won else "the Boogeyman won")


class _Rules(GameRules[State, I.Input, Options]):
    code = "BGM"
    title = "Boogeyman: The Board Game"
    options_type = Options
    rules_versions = RULES_VERSIONS
    state_type = State
    input_type: Any = I.Input

    def setup(self, options: Options, seed: int) -> State:
        return _setup(options, seed)

    def apply(self, state: State, inp: I.Input) -> State:
        return _apply(state, inp)

    def label(self, state: State, inp: I.Input) -> str:
        return label(state, inp)

    def observe(self, state: State, seat: str) -> Observation:
        return _view(state, seat)

    def printed_names(self) -> frozenset[str]:
        """What the box prints, shown as printed in every language: the children's names (and the
        initial each is marked by on the house), the Boogeyman, the Babysitter, the house's name
        and its corridors (C1..C5: the shipped plan's labels), and the card titles the owner taught
        the device from the cards themselves (the scan catalogue; a Search token's caption is the
        device's own words, not a title, so it is left out)."""
        from companion.games.boogeyman.houses import house_for
        from companion.games.boogeyman.state import CHILDREN
        from companion.scan.catalogue import Catalogue

        names = {"Boogeyman", "Babysitter", "Villa Spencer"}
        names.update(k.capitalize() for k in CHILDREN)
        names.update(k[:1].upper() for k in CHILDREN)
        names.update(house_for("").corridors)
        try:
            cards = Catalogue.load("BGM").cards
        except Exception:  # noqa: BLE001 - a broken catalogue: the shipped names still hold
            cards = {}
        names.update(i.title for i in cards.values() if i.title and i.type != "Search token")
        return frozenset(names)

    def recorded_options(self, options: Options) -> Options:
        """The options as the journal keeps them: a board file's content, not just its path."""
        from dataclasses import replace

        from companion.games.boogeyman.houses import record_board

        return replace(options, board=record_board(options.board))

    def seats(self, state: State) -> tuple[str, ...]:
        return protocol.seats(state)

    def to_act(self, state: State) -> Actor:
        return protocol.to_act(state)

    def legal_inputs(self, state: State, seat: str) -> list[I.Input]:
        return protocol.legal_inputs(state, seat)

    def resample(self, state: State, seat: str, rng: Rng) -> tuple[State, Rng]:
        return protocol.resample(state, seat, rng)

    def chance_outcomes(self, state: State) -> list[tuple[I.Input, float]]:
        return protocol.chance_outcomes(state)

    def result(self, state: State) -> Result | None:
        return protocol.result(state)

    def table(self, state: State) -> dict[str, Thing]:
        """What lies on the real table (core/table.py, games/boogeyman/table.py)."""
        return _table.table(state)

    def table_entered(self, state: State, inp: I.Input) -> frozenset[str]:
        """What a person's input says they already did at the table (shown ticked)."""
        return _table.entered(state, inp)

    def device_may_hold(self, state: State, seat: str) -> bool:
        """The device can take only the hidden Competitive Boogeyman's chair, and only in a game
        set up with the device in it (its cards are then drawn, not chosen): in Semi-Cooperative
        the Boogeyman is the child's player who took it over, and otherwise it is game-run."""
        return (seat == protocol.BOOGEYMAN and state.player_run and state.boogeyman_seat == protocol.BOOGEYMAN
                and state.options.device_boogeyman)


RULES = _Rules()
