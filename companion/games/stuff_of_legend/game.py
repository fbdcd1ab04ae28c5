"""The Stuff of Legend's rules object: what the journal, replay, the AI and the simulation use."""

from __future__ import annotations

from typing import Any

from companion.core.game import Actor, GameRules, Observation, Result
from companion.core.rng import Rng
from companion.core.table import Table
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend import protocol
from companion.games.stuff_of_legend.common import title, where, who
from companion.games.stuff_of_legend.reducer import apply as _apply
from companion.games.stuff_of_legend.setup import setup as _setup
from companion.games.stuff_of_legend.state import RULES_VERSIONS, Options, State


def label(s: State, inp: I.Input) -> str:
    """A public line for the journal and the undo button: never a hand, a loyalty or a peek."""
    def n(x: str) -> str:
        return who(s, x)

    if isinstance(inp, I.Rifle):
        return f"{n(inp.seat)} holds the Colonel's Rifle"
    if isinstance(inp, I.ChooseActorInput):
        return f"{n(inp.seat)} acts"
    if isinstance(inp, I.CallVote):
        return "A vote was called"
    if isinstance(inp, I.EndActions):
        return "Phase 1 ended early"
    if isinstance(inp, I.Cast):
        return f"{n(inp.seat)} voted {inp.choice if inp.choice in ('for', 'against') else n(inp.choice)}"
    if isinstance(inp, I.BreakTie):
        return f"{n(inp.seat)} broke the tie: {inp.choice if inp.choice in ('for', 'against') else n(inp.choice)}"
    if isinstance(inp, I.Move):
        return f"{n(inp.seat)} proposed to Move to {where(s, inp.to)}"
    if isinstance(inp, I.Hide):
        return f"{n(inp.seat)} hid"
    if isinstance(inp, I.Skip):
        return f"{n(inp.seat)} skipped"
    if isinstance(inp, I.Play):
        return f"{n(inp.seat)} played {title(s, inp.card)}" + (f" against {title(s, inp.target)}" if inp.target else "")
    if isinstance(inp, I.AttemptQuest):
        return f"{n(inp.seat)} attempted {title(s, inp.quest)}"
    if isinstance(inp, (I.Boost, I.Assist)):
        verb = "boosted" if isinstance(inp, I.Boost) else "assisted"
        return f"{n(inp.seat)} {verb} with {title(s, inp.card)}"
    if isinstance(inp, I.AskHelp):
        return f"{n(inp.seat)} asked for help"
    if isinstance(inp, I.Volunteer):
        return f"{n(inp.seat)} {'volunteered' if inp.yes else 'did not volunteer'}"
    if isinstance(inp, I.Permit):
        return f"{n(inp.seat)} {'accepted' if inp.yes else 'refused'} {n(inp.helper)}'s help"
    if isinstance(inp, I.AssistDone):
        return f"{n(inp.seat)} finished assisting"
    if isinstance(inp, I.ResolveAction):
        return f"{n(inp.seat)} resolved the action"
    if isinstance(inp, I.UseAlly):
        return f"{n(inp.seat)} asked to use {title(s, inp.ally)}"
    if isinstance(inp, I.ThrowAway):
        return f"{n(inp.seat)} asked to throw away their hand"
    if isinstance(inp, I.DesignateInput):
        return f"{n(inp.seat)} designated {where(s, inp.space)}"
    if isinstance(inp, I.Target):
        return f"{n(inp.seat)} chose {n(inp.other)}"
    if isinstance(inp, I.PeekExit):
        return f"{n(inp.seat)} peeked at {where(s, inp.exit)}"
    if isinstance(inp, I.ExitScanned):
        return "An Exit token was scanned"
    if isinstance(inp, I.StateNumberInput):
        return f"{n(inp.seat)} said {inp.number}"
    if isinstance(inp, I.ScoutLook):
        return f"{n(inp.seat)} looked at a face-down card"
    if isinstance(inp, I.ScoutDone):
        return f"{n(inp.seat)} stopped looking"
    if isinstance(inp, I.ScoutSwapInput):
        return f"{n(inp.seat)} swapped two Encounter cards" if inp.a else f"{n(inp.seat)} swapped nothing"
    if isinstance(inp, I.Bridge):
        return f"The Rope Bridge joins {where(s, inp.a)} and {where(s, inp.b)}"
    if isinstance(inp, I.Reveal):
        return f"The Location in {where(s, inp.space)} was turned up"
    if isinstance(inp, I.EncounterShown):
        return f"Encounter {title(s, inp.code)} was turned up"
    if isinstance(inp, I.ResolveEncounter):
        return f"{title(s, inp.code)} was resolved"
    if isinstance(inp, I.CoinFlip):
        return "The device flipped the coin" if inp.face is None else f"The coin showed the {inp.face} face"
    if isinstance(inp, I.BoogeymanCardInput):
        return "The device drew a Boogeyman card" if inp.code is None else f"Boogeyman card {title(s, inp.code)}"
    if isinstance(inp, I.Gift):
        return f"{n(inp.seat)} gave the Dark Gift to {n(inp.to)}"
    if isinstance(inp, I.DiscardInput):
        return f"{n(inp.seat)} discarded a card"
    if isinstance(inp, I.TakeWoundInput):
        return f"{n(inp.seat)} took the wound"
    if isinstance(inp, I.ActivateInput):
        from companion.games.stuff_of_legend.enemies import describe

        return f"Activated {describe(s, inp.enemy)}" + (f" toward {where(s, inp.to)}" if inp.to else "")
    if isinstance(inp, I.LoyaltyShown):
        return f"{n(inp.seat)} showed their Loyalty card"
    return f"The Exit token of {where(s, inp.exit)} was revealed by accident"


class _Rules(GameRules[State, I.Input, Options]):
    code = "SOL"
    title = "The Stuff of Legend"
    options_type = Options
    rules_versions = RULES_VERSIONS
    state_type = State
    input_type: Any = I.Input

    def setup(self, options: Options, seed: int) -> State:
        from companion.games.stuff_of_legend.flow import settle

        return settle(_setup(options, seed))

    def recorded_options(self, options: Options) -> Options:
        """The options as the journal keeps them: the map's and the catalogue's content, not
        just their paths, so editing or deleting a file later never changes the game."""
        from dataclasses import replace

        from companion.games.stuff_of_legend.catalogue import record_catalogue
        from companion.games.stuff_of_legend.world import record_world

        return replace(options, world=record_world(options.world), cards=record_catalogue(options.cards))

    def printed_names(self) -> frozenset[str]:
        """The names the box prints, shown as printed in every language (docs/i18n.md): the Hero
        sheets, every card's title, the board's spaces and regions and the Time track's BOY LOST,
        from the shipped card list and map and, over them, the owner's box (what a new game
        records)."""
        from companion.games.stuff_of_legend.catalogue import catalogue_for, default_catalogue, record_catalogue
        from companion.games.stuff_of_legend.world import default_world, record_world, world_for

        cats = [default_catalogue()]
        worlds = [default_world()]
        try:
            cats.append(catalogue_for(record_catalogue("")))
            worlds.append(world_for(record_world("")))
        except Exception:  # noqa: BLE001 - a box that cannot be read: the shipped names
            pass
        names = {"BOY LOST"}
        for c in cats:
            names.update(h.name for h in c.heroes)
            names.update(card.name for card in c.actions)
            for group in (c.boogeyman, c.loyalty, c.locations, c.encounters):
                names.update(card.title for card in group)
        for w in worlds:
            names.add(w.name)
            names.update(sp.name for sp in w.spaces)
            names.update(name for _colour, name, _jungle in w.regions)
        return frozenset(n for n in names if n)

    def apply(self, state: State, inp: I.Input) -> State:
        return _apply(state, inp)

    def label(self, state: State, inp: I.Input) -> str:
        return label(state, inp)

    def observe(self, state: State, seat: str) -> Observation:
        return protocol.observe(state, seat)

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

    def table(self, state: State) -> Table:
        """What lies on the physical table (issue 25): companion/games/stuff_of_legend/table.py."""
        from companion.games.stuff_of_legend.table import table

        return table(state)

    def table_entered(self, state: State, inp: I.Input) -> frozenset[str]:
        """What a person's input says they already did on the real table, shown ticked:
        companion/games/stuff_of_legend/table.py `entered`."""
        from companion.games.stuff_of_legend.table import entered

        return entered(state, inp, self.apply(state, inp))

    def spoiler_test_options(self) -> list[Options]:
        """Set-ups for the house's no-spoilers test: the table's default (physical cards, digital exits
        and loyalty), everything held by the device, everything physical."""
        digital = dict(action_deck="digital", board_cards="digital", boogeyman_deck="digital")
        return [Options(), Options(players=5, **digital),  # type: ignore[arg-type]
                Options(players=3, exits="physical", loyalty="physical")]


RULES = _Rules()
