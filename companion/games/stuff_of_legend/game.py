"""The Stuff of Legend's rules object: what the journal, replay, the AI and the simulation use."""

from __future__ import annotations

from typing import Any

from companion.core.game import Actor, GameRules, Observation, Result
from companion.core.rng import Rng
from companion.core.table import Table
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend import protocol
from companion.games.stuff_of_legend.common import said_words, title, where, who
from companion.games.stuff_of_legend.reducer import apply as _apply
from companion.games.stuff_of_legend.setup import setup as _setup
from companion.games.stuff_of_legend.state import RULES_VERSIONS, Options, State
from companion.i18n import pack_domain

_ = pack_domain(__file__).gettext


def label(s: State, inp: I.Input) -> str:
    """A public line for the journal and the undo button: never a hand, a loyalty or a peek (in the
    device's language of the moment, as the journal keeps it)."""
    def n(x: str) -> str:
        return who(s, x)

    def choice(x: str) -> str:
        return _(x) if x in ("for", "against") else n(x)

    if isinstance(inp, I.Rifle):
        return _("{who} holds the Colonel's Rifle").format(who=n(inp.seat))
    if isinstance(inp, I.ChooseActorInput):
        return _("{who} acts").format(who=n(inp.seat))
    if isinstance(inp, I.CallVote):
        return _("A vote was called")
    if isinstance(inp, I.EndActions):
        return _("Phase 1 ended early")
    if isinstance(inp, I.Cast):
        return _("{who} voted {choice}").format(who=n(inp.seat), choice=choice(inp.choice))
    if isinstance(inp, I.BreakTie):
        return _("{who} broke the tie: {choice}").format(who=n(inp.seat), choice=choice(inp.choice))
    if isinstance(inp, I.Move):
        return _("{who} proposed to Move to {space}").format(who=n(inp.seat), space=where(s, inp.to))
    if isinstance(inp, I.Hide):
        return _("{who} hid").format(who=n(inp.seat))
    if isinstance(inp, I.Skip):
        return _("{who} skipped").format(who=n(inp.seat))
    if isinstance(inp, I.Play):
        if inp.target:
            return _("{who} played {card} against {target}").format(who=n(inp.seat), card=title(s, inp.card),
                                                                    target=title(s, inp.target))
        return _("{who} played {card}").format(who=n(inp.seat), card=title(s, inp.card))
    if isinstance(inp, I.AttemptQuest):
        return _("{who} attempted {quest}").format(who=n(inp.seat), quest=title(s, inp.quest))
    if isinstance(inp, I.Boost):
        return _("{who} boosted with {card}").format(who=n(inp.seat), card=title(s, inp.card))
    if isinstance(inp, I.Assist):
        return _("{who} assisted with {card}").format(who=n(inp.seat), card=title(s, inp.card))
    if isinstance(inp, I.AskHelp):
        return _("{who} asked for help").format(who=n(inp.seat))
    if isinstance(inp, I.Volunteer):
        return (_("{who} volunteered") if inp.yes else _("{who} did not volunteer")).format(who=n(inp.seat))
    if isinstance(inp, I.Permit):
        return (_("{who} accepted {helper}'s help") if inp.yes else _("{who} refused {helper}'s help")).format(
            who=n(inp.seat), helper=n(inp.helper))
    if isinstance(inp, I.AssistDone):
        return _("{who} finished assisting").format(who=n(inp.seat))
    if isinstance(inp, I.ResolveAction):
        return _("{who} resolved the action").format(who=n(inp.seat))
    if isinstance(inp, I.UseAlly):
        return _("{who} asked to use {ally}").format(who=n(inp.seat), ally=title(s, inp.ally))
    if isinstance(inp, I.ThrowAway):
        return _("{who} asked to throw away their hand").format(who=n(inp.seat))
    if isinstance(inp, I.DesignateInput):
        return _("{who} designated {space}").format(who=n(inp.seat), space=where(s, inp.space))
    if isinstance(inp, I.Target):
        return _("{who} chose {other}").format(who=n(inp.seat), other=n(inp.other))
    if isinstance(inp, I.PeekExit):
        return _("{who} peeked at {space}").format(who=n(inp.seat), space=where(s, inp.exit))
    if isinstance(inp, I.ExitScanned):
        return _("An Exit token was scanned")
    if isinstance(inp, I.StateNumberInput):
        return _("{who} said {number}").format(who=n(inp.seat), number=inp.number)
    if isinstance(inp, I.ScoutLook):
        return _("{who} looked at a face-down card").format(who=n(inp.seat))
    if isinstance(inp, I.ScoutDone):
        return _("{who} stopped looking").format(who=n(inp.seat))
    if isinstance(inp, I.ScoutSwapInput):
        return (_("{who} swapped two Encounter cards") if inp.a else _("{who} swapped nothing")).format(who=n(inp.seat))
    if isinstance(inp, I.Bridge):
        return _("The Rope Bridge joins {space} and {space2}").format(space=where(s, inp.a), space2=where(s, inp.b))
    if isinstance(inp, I.Reveal):
        return _("The Location in {space} was turned up").format(space=where(s, inp.space))
    if isinstance(inp, I.EncounterShown):
        return _("Encounter {card} was turned up").format(card=title(s, inp.code))
    if isinstance(inp, I.ResolveEncounter):
        return _("{card} was resolved").format(card=title(s, inp.code))
    if isinstance(inp, I.CoinFlip):
        if inp.face is None:
            return _("The device flipped the coin")
        if inp.face == "boy":
            return _("The coin showed the boy face")
        if inp.face == "boogeyman":
            return _("The coin showed the boogeyman face")
        return f"The coin showed the {inp.face} face"
    if isinstance(inp, I.BoogeymanCardInput):
        if inp.code is None:
            return _("The device drew a Boogeyman card")
        return _("Boogeyman card {card}").format(card=title(s, inp.code))
    if isinstance(inp, I.Gift):
        return _("{who} gave the Dark Gift to {other}").format(who=n(inp.seat), other=n(inp.to))
    if isinstance(inp, I.DiscardInput):
        return _("{who} discarded a card").format(who=n(inp.seat))
    if isinstance(inp, I.TakeWoundInput):
        return _("{who} took the wound").format(who=n(inp.seat))
    if isinstance(inp, I.ActivateInput):
        from companion.games.stuff_of_legend.enemies import describe

        enemy = said_words(describe(s, inp.enemy))
        if inp.to:
            return _("Activated {enemy} toward {space}").format(enemy=enemy, space=where(s, inp.to))
        return _("Activated {enemy}").format(enemy=enemy)
    if isinstance(inp, I.LoyaltyShown):
        return _("{who} showed their Loyalty card").format(who=n(inp.seat))
    return _("The Exit token of {space} was revealed by accident").format(space=where(s, inp.exit))


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
