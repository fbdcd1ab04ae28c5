"""The Bump in the Night rules object: the game protocol over the reducer (companion/core/game.py)."""

from __future__ import annotations

from typing import Any

from companion.core.game import Actor, GameRules, Observation, Result
from companion.core.rng import Rng
from companion.core.table import Table
from companion.games.bump_in_the_night import moves, protocol, rules
from companion.games.bump_in_the_night.context import ctx_for
from companion.games.bump_in_the_night.inputs import Input
from companion.games.bump_in_the_night.state import RULES_VERSIONS, Options, State


class BumpInTheNight(GameRules[State, Input, Options]):
    code = "BIN"
    title = "Bump in the Night"
    options_type = Options
    rules_versions = RULES_VERSIONS
    state_type = State
    input_type: Any = Input

    def setup(self, options: Options, seed: int) -> State:
        return rules.setup(options, seed)

    def recorded_options(self, options: Options) -> Options:
        """The options as the journal keeps them: the house file's and the card file's content,
        not just their paths, so editing or deleting a file later never changes the game."""
        from dataclasses import replace

        from companion.games.bump_in_the_night.cards import record_cards
        from companion.games.bump_in_the_night.house_file import record_house

        return replace(options, house=record_house(options.house), cards=record_cards(options.cards))

    def apply(self, state: State, inp: Input) -> State:
        return rules.apply(state, inp)

    def label(self, state: State, inp: Input) -> str:
        return protocol.label(state, inp)

    def seats(self, state: State) -> tuple[str, ...]:
        return state.seats

    def to_act(self, state: State) -> Actor:
        return protocol.to_act(state)

    def legal_inputs(self, state: State, seat: str) -> list[Input]:
        """The inputs of whoever acts, for that seat ("chance" for a chance event, "table" for the
        table's own inputs, "device" for the referee); nothing for any other seat."""
        actor = protocol.to_act(state)
        if actor.kind == "nobody":
            return []
        allowed = {actor.seat, protocol.DEVICE}
        if actor.kind == "chance":
            allowed.add("chance")
        if actor.kind == "table":
            allowed.add(protocol.PUBLIC)
        if seat not in allowed:
            return []
        return moves.legal(state, ctx_for(state.options))

    def observe(self, state: State, seat: str) -> Observation:
        return protocol.observe(state, seat)

    def resample(self, state: State, seat: str, rng: Rng) -> tuple[State, Rng]:
        return protocol.resample(state, seat, rng)

    def chance_outcomes(self, state: State) -> list[tuple[Input, float]]:
        return protocol.chance_outcomes(state)

    def result(self, state: State) -> Result | None:
        return protocol.result(state)

    def printed_names(self) -> frozenset[str]:
        """The house's room and door names, the cards' titles, the monsters' names (and their
        letters on the house's chips), as printed on the shipped components: shown as printed in
        every language."""
        from companion.games.bump_in_the_night.context import ctx_for
        from companion.games.bump_in_the_night.state import KINDS, MONSTER_NAMES

        c = ctx_for(Options())
        names = {r.name for r in c.house.rooms} | {d.name for d in c.house.doors}
        # (a card the box's list does not name yet is "Unknown Action card": words, not a title)
        names |= {card.name for card in c.cards.cards if not card.name.startswith("Unknown ")} | set(MONSTER_NAMES)
        names |= {k[:2].capitalize() for k in KINDS}  # the chips' letters on the house (ui/widgets.KIND_LETTERS)
        return frozenset(names | {"Cat", "Bat"})

    def table(self, state: State) -> Table:
        """What lies on the physical table (issue 25): companion/games/bump_in_the_night/table.py."""
        from companion.games.bump_in_the_night.table import table

        return table(state)

    def table_entered(self, state: State, inp: Input) -> frozenset[str]:
        """What a person's input says they already did at the table (the steps list shows it
        ticked): a lock marker they put or took (BIN-26), their monster placed, moved or swapped in
        (BIN-30..32), a girl they moved (BIN-39..59), a group they put in a room at set-up; a
        scared girl they ran (one `Run`, tapped on the house), unless the moves the rules force
        after hers change the table too (then the table follows every step)."""
        from companion.games.bump_in_the_night import inputs as I
        from companion.games.bump_in_the_night.table import table

        if isinstance(inp, I.Run) and state.running is not None:
            from companion.games.bump_in_the_night import scare

            c = ctx_for(state.options)
            mid = scare.move(state, c, scare.pick(state, c, inp))
            was, her, now = table(state), table(mid), table(self.apply(state, inp))
            if her != now:
                return frozenset()
            return frozenset(k for k in was.keys() | her.keys() if k not in was or k not in her or was[k] != her[k])
        if not isinstance(inp, (I.Lock, I.Place, I.Move, I.Replace, I.MovePerson, I.PlaceGroup)):
            return frozenset()
        was, now = table(state), table(self.apply(state, inp))
        return frozenset(k for k in was.keys() | now.keys() if k not in was or k not in now or was[k] != now[k])


RULES = BumpInTheNight()
