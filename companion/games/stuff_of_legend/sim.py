"""The Stuff of Legend on the shared simulation harness: hero bots (policies.py) at every seat,
the table bot for the group's decisions, chance from the game's own outcomes (the coin; the
device's deals). Everything the device can hold is held digitally, so the bots have real hands,
cards and tokens to play with.

`companion simulate --game SOL --players 3..6 --games 1000 --json` reports, beside the generic
keys, how often the Boy's side wins, how often BOY LOST ends the game, how often nobody is loyal
to the Boogeyman, and the mean number of turns."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping, Sequence

from companion.ai.engine import level_names, make_policy
from companion.core.errors import IllegalInput
from companion.core.rng import Rng
from companion.games.stuff_of_legend.common import side
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.policies import TableBot
from companion.games.stuff_of_legend.state import STANDARD_HEROES, Options, State
from companion.sim.harness import Played, game_seed, play

TURN_CAP = 200  # a game still going after this many turns is stopped (never seen: the Boy is lost first)
DEFAULT_PLAYERS = (3, 4, 5, 6)


def sim_options(players: int, completion: str = "coin") -> Options:
    return Options(players=players, action_deck="digital", board_cards="digital", boogeyman_deck="digital",
                   exits="digital", loyalty="digital", loyalty_completion=completion,  # type: ignore[arg-type]
                   rifle=STANDARD_HEROES[0])


@dataclass(frozen=True)
class Config:
    players: tuple[int, ...] = DEFAULT_PLAYERS
    level: str = "normal"
    seat_levels: Mapping[str, str] = field(default_factory=dict)
    completion: str = "coin"

    def options_for(self, index: int) -> Options:
        return sim_options(self.players[index % len(self.players)], self.completion)

    def level_of(self, seat: str) -> str:
        return self.seat_levels.get(seat, self.level)


class Model:
    """The harness's SimModel: a turn cap and the game's own numbers."""

    def stop(self, state: State) -> str | None:
        return "timeout" if state.turn > TURN_CAP else None

    def rounds(self, state: State) -> int:
        return state.turn

    def after(self, before: Any, inp: Any, after: Any) -> list[Any]:
        return []

    def fallback(self, state: Any, inp: Any, error: IllegalInput) -> Any | None:
        return None

    def metrics(self, state: State) -> dict[str, Any]:
        sides = [side(state, c) for c in state.dealt if c]
        return {"players": len(state.seats), "side": state.winner, "end": state.end, "turns": state.turn,
                "traitors": sides.count("boogeyman"), "nobody_loyal_to_boogeyman": "boogeyman" not in sides,
                "peeks": len(state.peeks), "bridge": state.bridge is not None, "boy": state.boy}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("The Stuff of Legend (SOL)")
    g.add_argument("--sol-level", default="normal",
                   help="the hero bots' level at every seat: easy, normal, hard, random, greedy (default normal)")
    g.add_argument("--sol-completion", default="coin", choices=("coin", "boy", "boogeyman"),
                   help="the Loyalty deck's completion rule (SOL-G2; default coin)")


def configure(args: argparse.Namespace, seats: Mapping[str, str]) -> Config:
    from companion.sim.generic import BOTH_ORDERS, parse_players

    if getattr(args, "both_orders", False):
        raise IllegalInput(f"{BOTH_ORDERS}, and The Stuff of Legend has 3 to 6 seats (every hero plays "
                           "--sol-level, or its own level by --seats hero=level)")
    players = parse_players(getattr(args, "players", None)) or DEFAULT_PLAYERS
    bad = [p for p in players if not 3 <= p <= 6]
    if bad:
        raise IllegalInput(f"The Stuff of Legend is for 3-6 players, not {bad[0]}")
    names = level_names("SOL")
    level = getattr(args, "sol_level", "normal") or "normal"
    for lv in [level, *seats.values()]:
        if lv not in names:
            raise IllegalInput(f"unknown level {lv!r} for SOL: one of {', '.join(names)}")
    unknown = sorted(set(seats) - set(STANDARD_HEROES))
    if unknown:
        raise IllegalInput(f"SOL has no seat {unknown[0]!r}: the heroes are {', '.join(STANDARD_HEROES)}")
    return Config(tuple(players), level, dict(seats), getattr(args, "sol_completion", "coin") or "coin")


def seat_names(config: Config) -> tuple[str, ...]:
    return STANDARD_HEROES[: max(config.players)]


def play_one(config: Config, seed: int, index: int) -> Played:
    rng = Rng.from_seed(game_seed(seed, index))
    options = config.options_for(index)
    policies: dict[str, Any] = {}
    for seat in STANDARD_HEROES[: options.players]:
        s, rng = rng.next_u64()
        policies[seat] = make_policy("SOL", config.level_of(seat), s)
    t, rng = rng.next_u64()
    policies["*"] = TableBot(t)
    engine_seed, rng = rng.next_u64()
    return play(RULES, options, policies, engine_seed, index=index, model=Model())


@dataclass(frozen=True)
class _Job:
    config: Config
    seed: int

    def __call__(self, index: int) -> Played:
        return play_one(self.config, self.seed, index)


def job(config: Config, seed: int) -> Callable[[int], Played]:
    return _Job(config, seed)


def _rate(xs: Sequence[bool]) -> float:
    return round(sum(xs) / len(xs), 4) if xs else 0.0


def summarize(config: Config, played: Sequence[Played]) -> dict[str, Any]:
    """The game's own keys: boy_side_wins, boy_lost, nobody_loyal_to_boogeyman, mean_turns, and
    the same per player count."""
    def keys(ps: Sequence[Played]) -> dict[str, Any]:
        m = [p.metrics for p in ps]
        return {
            "games": len(ps),
            "boy_side_wins": _rate([x.get("side") == "boy" for x in m]),
            "boy_lost": _rate([x.get("end") == "boy_lost" for x in m]),
            "wrong_exit": _rate([x.get("end") == "wrong_exit" for x in m]),
            "nobody_loyal_to_boogeyman": _rate([bool(x.get("nobody_loyal_to_boogeyman")) for x in m]),
            "mean_turns": round(sum(x.get("turns", 0) for x in m) / len(m), 2) if m else 0.0,
        }

    out = keys(played)
    out.pop("games")
    out["level"] = config.level
    out["completion"] = config.completion
    out["by_players"] = {str(n): keys([p for p in played if p.metrics.get("players") == n]) for n in config.players}
    return out


def describe(config: Config, summary: Mapping[str, Any]) -> str:
    return (f"{summary['games']} games of The Stuff of Legend ({config.level} bots, "
            f"{'/'.join(map(str, config.players))} players): the Boy's side won {summary['boy_side_wins']:.1%}, "
            f"BOY LOST ended {summary['boy_lost']:.1%}, nobody loyal to the Boogeyman in "
            f"{summary['nobody_loyal_to_boogeyman']:.1%}; mean {summary['mean_turns']} turns")


def balance(sim: Any, games: int, seed: int, jobs: int, progress: Any, **_: Any) -> list[Any]:
    """The Boy's side's win rate and how games end, by player count and completion rule."""
    from companion.sim.balance import Section, figure, table
    from companion.sim.harness import run_many

    rows = []
    rates: dict[str, list[float]] = {}
    for completion in ("coin", "boy", "boogeyman"):
        config = Config(DEFAULT_PLAYERS, "normal", {}, completion)
        played = run_many(job(config, seed), games, jobs, progress(f"SOL {completion}") if progress else None)
        sm = summarize(config, played)
        rates[completion] = [sm["by_players"][str(n)]["boy_side_wins"] for n in DEFAULT_PLAYERS]
        for n in DEFAULT_PLAYERS:
            b = sm["by_players"][str(n)]
            rows.append((completion, n, b["games"], f"{b['boy_side_wins']:.1%}", f"{b['boy_lost']:.1%}",
                         f"{b['wrong_exit']:.1%}", f"{b['nobody_loyal_to_boogeyman']:.1%}", b["mean_turns"]))
    fig, ax = figure()
    for completion, ys in rates.items():
        ax.plot(list(DEFAULT_PLAYERS), [100 * y for y in ys], marker="o", label=f"completion: {completion}")
    ax.set_xlabel("players")
    ax.set_ylabel("Boy's side wins (%)")
    ax.set_ylim(0, 100)
    ax.legend()
    header = ("completion", "players", "games", "Boy's side wins", "BOY LOST", "wrong exit",
              "nobody loyal to the Boogeyman", "mean turns")
    return [Section("Hero bots by player count and Loyalty completion rule", table(header, rows), fig)]


__all__ = ["Config", "Model", "add_arguments", "balance", "configure", "describe", "job", "replace", "seat_names",
           "summarize"]
