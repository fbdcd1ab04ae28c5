"""Boogeyman on the shared simulation harness: child bots against a level of the device's
Boogeyman, with the table's part modelled (companion/games/boogeyman/model.py: drawn cards'
effects, the Mission, the Book of Endings).

The modelled table holds every child's seat and chance (it plays the cards, dice and Finale a
real table would), and observes as "device": it stands for the physical table, which holds the
cards. The child bots it runs read only what the children may know (child_bot.py). A game still
going after ROUND_CAP rounds, or with every child Passed Out, is a Boogeyman win.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from companion.ai.engine import InfoState, make_policy
from companion.core.errors import IllegalInput
from companion.core.rng import Rng
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman import model as cards
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.protocol import BOOGEYMAN
from companion.games.boogeyman.sim.child_bot import SKILLS, ChildTeam
from companion.games.boogeyman.state import (
    CHILDREN,
    AdjustRoll,
    DrawCard,
    Effect,
    Mode,
    NeedRoll,
    Options,
    PlayFinale,
    State,
    TieRoll,
)
from companion.games.boogeyman.cards import free_code, model_top
from companion.sim.harness import Played, game_seed, play

MODES = ("solo", "coop", "semi", "competitive")
LEVELS = ("rules", "easy", "normal", "hard", "fair", "fair-gentle", "fair-tough")
DEFAULT_CHILDREN = {"solo": 2, "coop": 4, "semi": 4, "competitive": 4}


def _chance(rng: Rng, p: float) -> tuple[bool, Rng]:
    v, rng = rng.below(1_000_000)
    return v < p * 1_000_000, rng


def _pick(rng: Rng, outcomes: tuple[cards.Outcome, ...]) -> tuple[cards.Outcome, Rng]:
    v, rng = rng.below(1_000_000)
    acc = 0.0
    for o in outcomes:
        acc += o.p * 1_000_000
        if v < acc:
            return o, rng
    return outcomes[-1], rng


class Table:
    """The modelled table: cards, dice, the Mission, the Finale, and the children's bots.

    It is the policy for every child's seat and for chance, and the harness's SimModel."""

    name = "table"
    observes: str | None = "device"
    searches = False

    def __init__(self, seed: int, round_cap: int = cards.ROUND_CAP, skill: str = "good") -> None:
        # The first draw is skipped (it once seeded the team) so measured runs replay as recorded.
        _, self.rng = Rng.from_seed(seed).next_u64()
        # A wandering skill draws from its own generator, so the table's draws stay as recorded.
        self.team = ChildTeam(SKILLS[skill], rng=Rng.from_seed(seed ^ 0xC41D5))
        self.round_cap = round_cap
        self.finale_round = 0
        self.victim = ""
        self.events_applied: set[str] = set()
        self.encounters: dict[str, int] = {}
        self.queue: list[I.Input] = []

    # ---- the policy
    def decide(self, info: InfoState[Any], deadline: float | None = None) -> I.Input:
        s: State = info.known()  # observes "device": the true state
        got = self._next(s)
        out = got if isinstance(got, list) else [got] if got is not None else []
        if not out:
            raise IllegalInput(f"the modelled table has no answer to {s.pending[:1]}")
        self.queue += out[1:]
        return out[0]

    def _next(self, s: State) -> I.Input | list[I.Input] | None:
        p = s.pending[0] if s.pending else None
        if isinstance(p, DrawCard) and p.deck in cards.CHOSEN:
            return I.CardDrawn(model_top(s, p.deck))  # the table draws the top card of the real deck
        if isinstance(p, DrawCard):
            if p.encounter:
                self.victim = p.child
                zone = s.child(p.child).zone
                self.encounters[zone] = self.encounters.get(zone, 0) + 1
                cancel = self.team.cancel_card(s, p)
                if cancel is not None:
                    return cancel
            o, self.rng = _pick(self.rng, cards.DRAWN[p.deck])
            if o.hand:
                self.team.hand.setdefault(p.child, []).append(o.hand)
            return I.CardDrawn(free_code(s, p.deck), o.effects)
        if isinstance(p, TieRoll):
            return I.SpendCandy(0) if p.rolled else I.RollDie(None)
        if isinstance(p, NeedRoll):
            return I.RollDie(None)
        if isinstance(p, AdjustRoll):
            return self.team.adjust_roll(s, p)
        if isinstance(p, PlayFinale):
            lose_all = 1.0
            for name in s.finale_children:
                lose_all *= 1.0 - cards.FINALE_PASS.get(s.child(name).status, 0.0)
            won, self.rng = _chance(self.rng, 1.0 - lose_all)
            return I.FinaleOutcome(won)
        if p is not None:
            return None
        # Nothing pending: the table's own business first, then the active child.
        if s.finale_room and not self.finale_round:
            self.finale_round = s.round
        if s.finale_room and not s.mission_done and s.round >= self.finale_round + cards.MISSION_ROUNDS:
            return I.MissionComplete()
        c = s.child(s.active)
        if c.passed_out and c.nightmare and s.actions_left == 0 and f"N{s.round}:{c.name}" not in self.events_applied:
            self.events_applied.add(f"N{s.round}:{c.name}")
            eff = self._chosen_effects(s, c.nightmare, c.name)
            if eff is not None:
                return eff
        if s.active_event and f"{s.active_event}@{s.round}" not in self.events_applied:
            self.events_applied.add(f"{s.active_event}@{s.round}")
            eff = self._chosen_effects(s, s.active_event, s.active)
            if eff is not None:
                return eff
        return self.team.act(s)

    def _chosen_effects(self, s: State, code: str, who: str) -> list[I.Input] | None:
        card = cards.chosen_card(code)
        if not card.effects:
            return None
        awake = [k.name for k in s.children if k.on_board and not k.passed_out]
        if not awake:
            return None
        if card.target == "each":
            return [I.ApplyEffects(n, card.effects, code) for n in awake]
        target = who if who in awake else awake[0]
        return [I.ApplyEffects(target, card.effects, code)]

    # ---- the SimModel
    def stop(self, s: State) -> str | None:
        if s.round > self.round_cap:
            return "timeout"
        if not any(k.on_board and not k.passed_out for k in s.children):
            return "passed_out"
        return None

    def rounds(self, s: State) -> int:
        return min(s.round, self.round_cap)

    def after(self, before: State, inp: I.Input, after: State) -> list[I.Input]:
        """Queued effects of a card that hit every child, then Trouble cards the input put in
        play: they hit the child whose encounter raised Stress."""
        out, self.queue = self.queue, []
        b, a = before.deck("TRBL").discard, after.deck("TRBL").discard
        for code in a[len(b):] if len(a) > len(b) else ():
            card = cards.chosen_card(code)
            awake = [k.name for k in after.children if k.on_board and not k.passed_out]
            if not card.effects or not awake:
                continue
            if card.target == "each":
                out += [I.ApplyEffects(n, card.effects, code) for n in awake]
            else:
                out.append(I.ApplyEffects(self.victim if self.victim in awake else awake[0], card.effects, code))
        return out

    def fallback(self, s: State, inp: I.Input, error: IllegalInput) -> I.Input | None:
        return I.EndTurn() if not s.pending else None

    def metrics(self, s: State) -> dict[str, Any]:
        return {"encounters": dict(sorted(self.encounters.items()))}


# ---------------------------------------------------------------- one game, many games

@dataclass(frozen=True)
class Config:
    mode: str = "competitive"
    adversary: str = "rules"
    children: int = 0
    catalogue: bool = True
    round_cap: int = cards.ROUND_CAP
    clairvoyant: bool = False  # benchmarks: the ceiling (sees hidden tokens and future dice)
    children_level: str = "good"  # the child bots' skill (child_bot.SKILLS)

    @property
    def n_children(self) -> int:
        return self.children or DEFAULT_CHILDREN[self.mode]


def options(config: Config) -> Options:
    return Options(mode=Mode(config.mode), children=CHILDREN[:config.n_children])


def play_game(config: Config, seed: int, index: int = 0,
              on_decision: Callable[[State, I.Input], None] | None = None) -> Played:
    """One game; `on_decision(state, input)` sees every Boogeyman decision (tests)."""
    rng = Rng.from_seed(game_seed(seed, index))
    adv_seed, rng = rng.next_u64()
    table_seed, rng = rng.next_u64()
    engine_seed, rng = rng.next_u64()
    catalogue: Mapping[str, tuple[Effect, ...]] | None = cards.catalogue() if config.catalogue else None
    adversary = make_policy("BGM", config.adversary, adv_seed, catalogue=catalogue)
    table = Table(table_seed, config.round_cap, config.children_level)
    def seen(seat: str, s: State, inp: I.Input) -> None:
        if on_decision is not None and seat == BOOGEYMAN:
            on_decision(s, inp)

    played = play(RULES, options(config), {BOOGEYMAN: adversary, "*": table, "chance": table}, engine_seed,
                  index=index, model=table, clairvoyant=(BOOGEYMAN,) if config.clairvoyant else (),
                  on_decision=seen if on_decision is not None else None)
    if not played.winners:
        played.winners = (BOOGEYMAN,)  # the night did not end: the Boogeyman wins
    return played


def seat_names(config: Config) -> tuple[str, ...]:
    return RULES.seats(RULES.setup(options(config), 0))


def children_won(p: Played) -> bool:
    return BOOGEYMAN not in p.winners


# ---------------------------------------------------------------- the CLI's part

def add_arguments(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("Boogeyman (BGM)")
    g.add_argument("--mode", default="competitive", choices=MODES)
    g.add_argument("--adversary", default=None, choices=LEVELS,
                   help="the device's Boogeyman level (default rules; --seats boogeyman=LEVEL does the same)")
    g.add_argument("--children", type=int, default=0, help="children per game (0: the mode's default)")
    g.add_argument("--children-level", default="good", choices=tuple(SKILLS),
                   help="the child bots' skill (default: %(default)s, the bots every figure before it was measured with)")
    g.add_argument("--no-catalogue", action="store_true",
                   help="the AI does not know the modelled card effects (default ranking only)")


def configure(args: argparse.Namespace, seats: Mapping[str, str]) -> Config:
    from companion.sim.generic import BOTH_ORDERS

    if getattr(args, "both_orders", False):
        raise IllegalInput(f"{BOTH_ORDERS}, and in Boogeyman the children's seats play the device's Boogeyman "
                           "(its level: --adversary)")
    if getattr(args, "players", None) is not None:
        raise IllegalInput("--players: Boogeyman's table is set by --children (and --mode)")
    level = seats.get(BOOGEYMAN) or args.adversary or "rules"
    if level not in LEVELS:
        raise IllegalInput(f"the Boogeyman's level is one of {', '.join(LEVELS)}, not {level!r}")
    unknown = sorted(set(seats) - {BOOGEYMAN})
    if unknown:
        raise IllegalInput(f"in Boogeyman the children are played by the modelled table; --seats names only "
                           f"boogeyman=LEVEL, not {', '.join(unknown)}")
    if args.children and not 1 <= args.children <= len(CHILDREN):
        raise IllegalInput(f"--children is 1 to {len(CHILDREN)}, not {args.children}")
    return Config(args.mode, level, args.children, not args.no_catalogue,
                  children_level=getattr(args, "children_level", "good"))


def summarize(config: Config, played: Sequence[Played]) -> dict[str, Any]:
    """The Boogeyman keys (children_win_rate, decision p50/p95) beside the generic ones."""
    from companion.sim.harness import percentile

    n = len(played)
    times = [t for p in played for t in p.decision_ms.get(BOOGEYMAN, [])]
    return {
        "mode": config.mode,
        "adversary": config.adversary,
        "children_level": config.children_level,
        "children_win_rate": round(sum(children_won(p) for p in played) / n, 4) if n else 0.0,
        "decision_ms_p50": round(percentile(times, 0.50), 3),
        "boogeyman_decision_ms_p95": round(percentile(times, 0.95), 3),
    }


def describe(config: Config, summary: Mapping[str, Any]) -> str:
    return (f"{summary['games']} games, {config.mode} vs {config.adversary} ({config.children_level} children): children win "
            f"{summary['children_win_rate']:.1%}, mean {summary['mean_rounds']} rounds, Boogeyman "
            f"decisions p50 {summary['decision_ms_p50']} ms / p95 {summary['boogeyman_decision_ms_p95']} ms")


@dataclass(frozen=True)
class _Job:
    config: Config
    seed: int

    def __call__(self, index: int) -> Played:
        return play_game(self.config, self.seed, index)


def job(config: Config, seed: int) -> Callable[[int], Played]:
    return _Job(config, seed)


# ---------------------------------------------------------------- `companion balance`

def _layout(board: str = "") -> dict[str, tuple[float, float]]:
    """Corridors on a row, each corridor's rooms fanned around it; rooms with no corridor
    (the Secret Room) along the bottom."""
    import math

    from companion.games.boogeyman.houses import house_for

    house = house_for(board)
    g = house.graph()
    pos: dict[str, tuple[float, float]] = {}
    for i, c in enumerate(house.corridors):
        cx, cy = 110 + i * 170, 230 + (60 if i % 2 else -60)
        pos[c] = (cx, cy)
        rooms = [z for z in g.neighbours(c) if z in house.rooms and z not in pos]
        for k, r in enumerate(rooms):
            a = 2 * math.pi * (k + 0.5) / max(1, len(rooms)) + (0.4 if i % 2 else 0)
            pos[r] = (cx + 85 * math.cos(a), cy + 85 * math.sin(a))
    for k, r in enumerate(z for z in house.rooms if z not in pos):
        pos[r] = (40 + 60 * k, 440)
    return pos


def balance(sim: Any, games: int, seed: int, jobs: int, progress: Any, modes: Sequence[str] = MODES,
            levels: Sequence[str] = ("rules", "normal", "hard", "fair")) -> list[Any]:
    """Children's win rate by mode and level, rounds played, and where encounters happen."""
    from companion.games.boogeyman.houses import house_for
    from companion.sim.balance import Section, figure, table
    from companion.sim.harness import run_many

    bad = [m for m in modes if m not in MODES] + [v for v in levels if v not in LEVELS]
    if bad:
        raise IllegalInput(f"unknown Boogeyman mode or level {bad[0]!r}")
    rows = []
    rates: dict[tuple[str, str], float] = {}
    rounds: dict[str, list[int]] = {}
    encounters: dict[str, int] = {}
    for mode in modes:
        for level in levels:
            config = Config(mode, level)
            played = run_many(job(config, seed), games, jobs, progress(f"BGM {mode}/{level}") if progress else None)
            sm = sim.summarize(config, played)
            rates[(mode, level)] = sm["children_win_rate"]
            rows.append((mode, level, games, f"{sm['children_win_rate']:.1%}", sm["mean_rounds"],
                         sm["decision_ms_p50"], sm["decision_ms_p95"].get(BOOGEYMAN, 0.0)))
            if mode == "competitive" or len(modes) == 1:
                rounds[level] = [p.rounds for p in played]
            for p in played:
                for z, n in p.metrics.get("encounters", {}).items():
                    encounters[z] = encounters.get(z, 0) + n
    fig, ax = figure()
    width = 0.8 / max(1, len(levels))
    for j, level in enumerate(levels):
        xs = [i + j * width for i in range(len(modes))]
        ax.bar(xs, [100 * rates[(m, level)] for m in modes], width, label=level)
    ax.set_xticks([i + width * (len(levels) - 1) / 2 for i in range(len(modes))], list(modes))
    ax.set_ylabel("children win (%)")
    ax.set_ylim(0, 100)
    ax.legend()
    fig2, ax2 = figure()
    for level, rs in rounds.items():
        ax2.hist(rs, bins=range(0, cards.ROUND_CAP + 2, 2), histtype="step", linewidth=2, label=level)
    ax2.set_xlabel(f"rounds ({cards.ROUND_CAP} = the night never ended)")
    ax2.legend()
    house = house_for("")
    pos = _layout()
    fig3, ax3 = figure(8.0, 4.8)
    for a, b in house.passages:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        ax3.plot([x1, x2], [-y1, -y2], color="#bbb", linewidth=1, zorder=1)
    zones = list(pos)
    ax3.scatter([pos[z][0] for z in zones], [-pos[z][1] for z in zones], s=[320 if z in house.rooms else 160 for z in zones],
                c=[encounters.get(z, 0) for z in zones], cmap="Reds", edgecolors="#555", zorder=2)
    for z in zones:
        ax3.annotate(z, (pos[z][0], -pos[z][1]), ha="center", va="center", fontsize=7, zorder=3)
    ax3.set_axis_off()
    intro = ("<p>Child bots and ABSTRACT card, Mission and Finale models (docs/adversary.md). In Solo and "
             "Cooperative play the Boogeyman is game-run by the rulebook, so the level only matters in "
             "Competitive (and Semi-Cooperative after the take-over).</p>")
    return [Section("Children's win rate by mode and level", intro + table(
                ("mode", "level", "games", "children win", "mean rounds", "decision p50 ms", "p95 ms"), rows), fig),
            Section("Rounds played", "", fig2),
            Section("Where encounters happen (all games; darker = more)", "", fig3)]
