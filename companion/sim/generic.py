"""Simulation of any registered game by its protocol alone: a policy per seat (`--seats`), no
model of the table. A pack's `sim` module may replace any of these functions (see
companion/games/boogeyman/sim/model.py): add_arguments, configure, job, seat_names, summarize,
describe."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from companion.ai.engine import level_names, make_policy
from companion.core.errors import IllegalInput
from companion.core.game import get_rules
from companion.core.rng import Rng
from companion.sim.harness import Played, game_seed, play


@dataclass(frozen=True)
class Config:
    code: str
    options: Any
    seats: tuple[str, ...]
    levels: tuple[str, ...]  # one per seat, in seat order
    both_orders: bool = False  # two seats: odd games swap the levels
    players: tuple[int, ...] = ()  # --players 3..6: game i is played with players[i % len]

    def levels_for(self, index: int) -> tuple[str, ...]:
        if self.both_orders and index % 2 == 1:
            return tuple(reversed(self.levels))
        return self.levels

    def options_for(self, index: int) -> Any:
        if not self.players or not has_player_count(self.options):
            return self.options
        from dataclasses import replace

        return replace(self.options, players=self.players[index % len(self.players)])


def has_player_count(options: Any) -> bool:
    """Whether a game's options hold a number of players (`--players` sets it)."""
    count = getattr(options, "players", None)
    return isinstance(count, int) and not isinstance(count, bool)


def parse_players(text: str | None) -> tuple[int, ...]:
    """"4" -> (4,); "3..6" -> (3, 4, 5, 6); None (not given) -> () (the game's default)."""
    if text is None:
        return ()
    t = str(text).strip()
    try:
        if ".." in t:
            lo, hi = (int(x) for x in t.split("..", 1))
        else:
            lo = hi = int(t)
    except ValueError:
        raise IllegalInput(f"--players is a number or a range like 3..6, not {t!r}") from None
    if not 1 <= lo <= hi <= 99:
        raise IllegalInput(f"--players must be between 1 and 99, low to high, not {t!r}")
    return tuple(range(lo, hi + 1))


def parse_seats(text: str | None, seats: Sequence[str]) -> dict[str, str]:
    """"hard,random" (one level per seat, in seat order) or "seat=level,..." -> {seat: level};
    None (not given) -> {} (every seat plays random)."""
    if text is None:
        return {}
    raw = [p.strip() for p in text.split(",")]
    parts = [p for p in raw if p]
    if not parts:
        raise IllegalInput(f"--seats names no level: give one per seat (hard,random) or seat=level pairs, not {text!r}")
    if len(parts) != len(raw):
        raise IllegalInput(f"--seats {text!r} has an empty entry: one level per seat, separated by commas")
    if all("=" in p for p in parts):
        out = dict(p.split("=", 1) for p in parts)
        return {k.strip(): v.strip() for k, v in out.items()}
    if any("=" in p for p in parts):
        raise IllegalInput(f"--seats: either one level per seat or seat=level pairs, not both: {text!r}")
    if not seats:
        raise IllegalInput(f"--seats {text!r}: this game's seats change with its options; name each one (seat=level)")
    if len(parts) != len(seats):
        raise IllegalInput(f"--seats names {len(parts)} levels for {len(seats)} seats ({', '.join(seats)})")
    return dict(zip(seats, parts))


BOTH_ORDERS = ("--both-orders is for two-seat games: every other game swaps the two seats' levels, so each "
               "level plays both seats")


def check_both_orders(code: str, tables: Mapping[int, int]) -> None:
    """--both-orders: every table of the run ({players: seats}) must have exactly two seats."""
    for players, seats in tables.items():
        if seats != 2:
            table = f"{code} with {players} players has" if players else f"{code} has"
            raise IllegalInput(f"{BOTH_ORDERS}, and {table} {seats} seats")


def configure(code: str, args: argparse.Namespace) -> Config:
    """The run, checked whole before a game is played: every player count of --players is set up
    once, --seats and --both-orders against every table it makes."""
    rules = get_rules(code)
    players = parse_players(getattr(args, "players", None))
    base = Config(code, rules.options_type(), (), (), False, players)
    if players and not has_player_count(base.options):
        raise IllegalInput(f"--players: {code} has no player count to set")
    tables: dict[int, tuple[str, ...]] = {}
    for i in range(len(players) or 1):
        options = base.options_for(i)
        try:
            count = options.players if has_player_count(options) else 0
            tables[count] = tuple(rules.seats(rules.setup(options, 0)))
        except IllegalInput as exc:
            raise IllegalInput(f"--players {players[i]}: {exc}" if players else str(exc)) from exc
    seats = next(iter(tables.values()))
    chosen = parse_seats(args.seats, seats)
    unknown = sorted(set(chosen) - set(seats))
    if unknown:
        raise IllegalInput(f"{code} has no seat {unknown[0]!r}: its seats are {', '.join(seats)}")
    names = level_names(code)
    levels = tuple(chosen.get(s, "random") for s in seats)
    bad = [v for v in levels if v not in names]
    if bad:
        raise IllegalInput(f"unknown level {bad[0]!r} for {code}: one of {', '.join(names)}")
    if args.both_orders:
        check_both_orders(code, {n: len(t) for n, t in tables.items()})
    return Config(code, rules.options_type(), seats, levels, args.both_orders, players)


@dataclass(frozen=True)
class _Job:
    config: Config
    seed: int

    def __call__(self, index: int) -> Played:
        return play_one(self.config, self.seed, index)


def play_one(config: Config, seed: int, index: int) -> Played:
    rules = get_rules(config.code)
    rng = Rng.from_seed(game_seed(seed, index))
    options = config.options_for(index)
    # With --players the seats are this game's (more than the first table's): a seat --seats
    # does not name plays random, as every unnamed seat does.
    seats = tuple(rules.seats(rules.setup(options, 0))) if config.players else config.seats
    chosen = dict(zip(config.seats, config.levels_for(index)))
    policies = {}
    for seat in seats:
        s, rng = rng.next_u64()
        policies[seat] = make_policy(config.code, chosen.get(seat, "random"), s)
    engine_seed, rng = rng.next_u64()
    played = play(rules, options, policies, engine_seed, index=index)
    played.metrics["levels"] = list(config.levels_for(index))
    return played


def job(config: Config, seed: int) -> Callable[[int], Played]:
    return _Job(config, seed)


def summarize(config: Config, played: Sequence[Played]) -> dict[str, Any]:
    """Wins by level as well as by seat: with --both-orders a level plays both seats."""
    by_level: dict[str, int] = {}
    for p in played:
        levels = p.metrics.get("levels", list(config.levels))
        for seat, level in zip(config.seats, levels):
            if seat in p.winners:
                by_level[level] = by_level.get(level, 0) + 1
    return {"levels": list(config.levels), "both_orders": config.both_orders,
            "wins_by_level": dict(sorted(by_level.items()))}


def describe(config: Config, summary: Mapping[str, Any]) -> str:
    seats = ", ".join(f"{s} ({lv}) {w}" for s, lv, w in zip(config.seats, config.levels, summary["wins"]))
    return (f"{summary['games']} games of {config.code}: wins {seats}; {summary['draws']} without a winner; "
            f"mean {summary['mean_rounds']} rounds")
