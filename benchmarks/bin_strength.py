"""Bump in the Night: the monster player's strength and decision time, and the reducer's speed
(not part of the suite).

1. Strength: the games `companion simulate --game BIN --seats hard,OTHER --both-orders` plays
   (the same harness, seeds and policies, so the counts agree): hard against random and against
   greedy, two players, half the games in each seat order.
2. Decision time: every decision of hard in those games, wall clock (what the harness reports)
   and CPU time of this process; baseline in the same run: greedy's decisions in the same games
   (one ply with the same evaluation), as a ratio. The Pi 4 budget is the p95 times PI_FACTOR.
3. The reducer: inputs applied per second over recorded random games, legal_inputs and
   resample per second; baseline in the same run: the same inputs applied with the checked
   core.evolve in place of the pack's unchecked copy.

    .venv/bin/python benchmarks/bin_strength.py [--games 1000] [--jobs 2] [--seed 0] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.ai.engine import InfoState, make_policy  # noqa: E402
from companion.core import evolve as core_evolve  # noqa: E402
from companion.core.game import sample_chance  # noqa: E402
from companion.core.rng import Rng  # noqa: E402
from companion.games.bump_in_the_night import fast, flow, protocol, rules, scare  # noqa: E402
from companion.games.bump_in_the_night.game import RULES  # noqa: E402
from companion.games.bump_in_the_night.state import Options  # noqa: E402
from companion.sim.harness import game_seed, percentile, play, run_many  # noqa: E402

PI_FACTOR = 4.0  # a Raspberry Pi 4 runs this code about 4x slower (docs/adversary.md, docs/games/BIN.md)
SEATS = ("red", "yellow")
COPYING = (rules, scare, flow, protocol)


class Timed:
    """A policy with its decisions timed (wall and CPU); it does not count as searching, so the
    harness does not time it a second time."""

    searches = False

    def __init__(self, policy: Any) -> None:
        self.policy = policy
        self.name = policy.name
        self.observes = policy.observes
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def decide(self, info: InfoState[Any], deadline: float | None = None) -> Any:
        w, c = time.perf_counter(), time.process_time()
        out = self.policy.decide(info)
        self.cpu.append((time.process_time() - c) * 1000)
        self.wall.append((time.perf_counter() - w) * 1000)
        return out


@dataclass
class Game:
    winners: tuple[str, ...]
    levels: tuple[str, ...]
    rounds: int
    wall: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)


@dataclass(frozen=True)
class Job:
    other: str
    seed: int

    def __call__(self, index: int) -> Game:
        """Game `index` exactly as companion/sim/generic.py plays it (same seeds)."""
        levels = ("hard", self.other) if index % 2 == 0 else (self.other, "hard")
        rng = Rng.from_seed(game_seed(self.seed, index))
        policies = {}
        for seat, level in zip(SEATS, levels):
            s, rng = rng.next_u64()
            policies[seat] = Timed(make_policy("BIN", level, s))
        engine_seed, rng = rng.next_u64()
        played = play(RULES, Options(), policies, engine_seed, index=index)
        game = Game(played.winners, levels, played.rounds)
        for seat, level in zip(SEATS, levels):
            game.wall.setdefault(level, []).extend(policies[seat].wall)
            game.cpu.setdefault(level, []).extend(policies[seat].cpu)
        return game


def strength(other: str, games: int, seed: int, jobs: int) -> dict[str, Any]:
    played: list[Game] = run_many(Job(other, seed), games, jobs)
    wins = {lv: sum(1 for g in played for s, l in zip(SEATS, g.levels) if l == lv and s in g.winners)
            for lv in ("hard", other)}
    wall = [x for g in played for x in g.wall.get("hard", [])]
    cpu = [x for g in played for x in g.cpu.get("hard", [])]
    base = [x for g in played for x in g.cpu.get(other, [])]
    return {
        "against": other, "games": games, "hard_wins": wins["hard"], "other_wins": wins[other],
        "no_winner": sum(1 for g in played if not g.winners), "hard_win_rate": round(wins["hard"] / games, 3),
        "mean_rounds": round(statistics.mean(g.rounds for g in played), 2),
        "hard_decisions": len(wall),
        "hard_wall_ms": {"p50": round(percentile(wall, 0.5), 2), "p95": round(percentile(wall, 0.95), 2),
                         "max": round(max(wall), 1)},
        "hard_cpu_ms": {"p50": round(percentile(cpu, 0.5), 2), "p95": round(percentile(cpu, 0.95), 2)},
        "baseline_cpu_ms": {"level": other, "p50": round(percentile(base, 0.5), 3),
                            "p95": round(percentile(base, 0.95), 3)},
        "pi4_p95_ms": round(percentile(cpu, 0.95) * PI_FACTOR, 1),
    }


def record(n_games: int) -> list[list[Any]]:
    """Random legal games (the reducer's workload without any AI)."""
    out = []
    for seed in range(n_games):
        rnd = random.Random(seed)
        s = RULES.setup(Options(), seed)
        seq: list[Any] = []
        while not RULES.is_over(s) and len(seq) < 400:
            actor = RULES.to_act(s)
            if actor.kind == "chance":
                inp, _ = sample_chance(RULES.chance_outcomes(s), Rng(rnd.getrandbits(63)))
            else:
                inp = rnd.choice(RULES.legal_inputs(s, actor.seat))
            s = RULES.apply(s, inp)
            seq.append(inp)
        out.append(seq)
    return out


def replay_rate(games: list[list[Any]]) -> tuple[float, list[str]]:
    t = time.perf_counter()
    finals = []
    for seed, seq in enumerate(games):
        s = RULES.setup(Options(), seed)
        for inp in seq:
            s = RULES.apply(s, inp)
        finals.append(repr(s))
    return sum(map(len, games)) / (time.perf_counter() - t), finals


def with_copier(copier: Any) -> None:
    for m in COPYING:
        m.evolve = copier  # type: ignore[attr-defined]


def reducer(n_games: int, repeat: int) -> dict[str, Any]:
    games = record(n_games)
    ours, checked = [], []
    for _ in range(repeat):
        with_copier(fast.evolve)
        rate, a = replay_rate(games)
        ours.append(rate)
        with_copier(core_evolve.evolve)
        rate, b = replay_rate(games)
        checked.append(rate)
        assert a == b, "both copies must give the same games"
    with_copier(fast.evolve)
    states = []
    for seed, seq in enumerate(games[:10]):
        s = RULES.setup(Options(), seed)
        for inp in seq:
            states.append(s)
            s = RULES.apply(s, inp)
    t = time.perf_counter()
    for s in states:
        RULES.legal_inputs(s, RULES.to_act(s).seat or "chance")
    legal = len(states) / (time.perf_counter() - t)
    t = time.perf_counter()
    rng = Rng(1)
    for s in states:
        _, rng = RULES.resample(s, "red", rng)
    resample = len(states) / (time.perf_counter() - t)
    f, b = statistics.median(ours), statistics.median(checked)
    return {"inputs": sum(map(len, games)), "apply_per_s": round(f), "baseline_apply_per_s": round(b),
            "ratio": round(f / b, 2), "legal_inputs_per_s": round(legal), "resample_per_s": round(resample)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games against each opponent (both orders)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--reducer-games", type=int, default=30)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    out = {"load_average": round(load, 2), "cpus": os.cpu_count(),
           "reducer": reducer(args.reducer_games, 3),
           "strength": [strength(o, args.games, args.seed, args.jobs) for o in ("random", "greedy")]}
    if args.json:
        print(json.dumps(out))
        return 0
    r = out["reducer"]
    print(f"load average {out['load_average']} on {out['cpus']} CPUs")
    print(f"reducer: {r['apply_per_s']:,} inputs/s (checked evolve, same run: {r['baseline_apply_per_s']:,}/s; "
          f"{r['ratio']}x), legal_inputs {r['legal_inputs_per_s']:,}/s, resample {r['resample_per_s']:,}/s")
    for s in out["strength"]:
        print(f"hard vs {s['against']}: {s['hard_wins']}/{s['games']} ({s['hard_win_rate']:.0%}), "
              f"{s['other_wins']} lost, {s['no_winner']} without a winner, {s['mean_rounds']} rounds; "
              f"decisions p95 {s['hard_wall_ms']['p95']} ms wall, {s['hard_cpu_ms']['p95']} ms CPU "
              f"(baseline {s['against']}: {s['baseline_cpu_ms']['p95']} ms); Pi 4 about {s['pi4_p95_ms']} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
