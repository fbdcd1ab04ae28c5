"""The Goosebumps rules object: what the journal, replay, simulation and AI use (core/game.py)."""

from __future__ import annotations

from typing import Any

from companion.core.game import Actor, GameRules, Observation, Result
from companion.core.rng import Rng
from companion.core.table import Table
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps import protocol
from companion.games.goosebumps.rules import apply as _apply
from companion.games.goosebumps.rules import setup as _setup
from companion.games.goosebumps.state import RULES_VERSIONS, Options, State


class GoosebumpsRules(GameRules[State, I.Input, Options]):
    code = "GSB"
    title = "Goosebumps: The Board Game"
    options_type = Options
    rules_versions = RULES_VERSIONS
    state_type = State
    input_type: Any = I.Input
    hidden_hands = True  # a seat's own list names its cards: the shared screens offer the table's

    def setup(self, options: Options, seed: int) -> State:
        return _setup(options, seed)

    def recorded_options(self, options: Options) -> Options:
        """The options as the journal keeps them: the track file's content, not just its path,
        so editing or deleting the file later never changes the game."""
        from dataclasses import replace

        from companion.games.goosebumps.board import record_track

        return replace(options, board=record_track(options.board))

    def apply(self, state: State, inp: I.Input) -> State:
        return _apply(state, inp)

    def label(self, state: State, inp: I.Input) -> str:
        return protocol.label(state, inp)

    def seats(self, state: State) -> tuple[str, ...]:
        return state.seats

    def to_act(self, state: State) -> Actor:
        return protocol.to_act(state)

    def legal_inputs(self, state: State, seat: str) -> list[I.Input]:
        return protocol.legal_inputs(state, seat)

    def observe(self, state: State, seat: str) -> Observation:
        return protocol.observe(state, seat)

    def resample(self, state: State, seat: str, rng: Rng) -> tuple[State, Rng]:
        return protocol.resample(state, seat, rng)

    def chance_outcomes(self, state: State) -> list[tuple[I.Input, float]]:
        return protocol.chance_outcomes(state)

    def result(self, state: State) -> Result | None:
        return protocol.result(state)

    def printed_names(self) -> frozenset[str]:
        """The card titles, the track's printed words and its Landmarks (the shipped track; a
        Landmark's "the" is the sentence's, not the board's): shown as printed in every language."""
        from companion.games.goosebumps.board import track_for
        from companion.games.goosebumps.cards import TITLES

        names = {*TITLES.values(), "Pal", "Haunted Car", "Gnomies", "START", "THE END", "END", "STEAL", "ST"}
        names.update(n.removeprefix("the ") for n in track_for("").landmark_names)
        return frozenset(names)

    def table(self, state: State) -> Table:
        """What lies on the physical table (issue 25): companion/games/goosebumps/table.py."""
        from companion.games.goosebumps.table import table

        return table(state)

    def table_entered(self, state: State, inp: I.Input) -> frozenset[str]:
        """What a person's input says they already did at the table (the steps list shows it
        ticked): a monster put right by a tap on the track stands where the table put it; cards
        picked up (GSB-03, GSB-05) are in the holder of the one who drew them, the discard pile
        shuffled back first if it was."""
        if isinstance(inp, I.Place) and inp.seat in state.seats:
            return frozenset({f"monster:{state.seats.index(inp.seat)}"})
        if isinstance(inp, I.Draw):
            from companion.games.goosebumps.table import table

            was, now = table(state), table(self.apply(state, inp))
            return frozenset(k for k in was.keys() | now.keys()
                             if k not in was or k not in now or was[k] != now[k])
        return frozenset()

    def device_may_hold(self, state: State, seat: str) -> bool:
        """The device can take any player's seat; its cards then go into the holder."""
        return seat in state.seats


RULES = GoosebumpsRules()
