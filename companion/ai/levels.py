"""Difficulty levels: Easy is the rule-run adversary; Normal and Hard are the planner with a
budget. Budgets are iterations (worlds sampled) with a wall-clock cap for the app; on a
Raspberry Pi 4 (about 4x slower) the cap, not the iterations, is what binds - see
docs/adversary.md."""

from __future__ import annotations

from typing import Mapping

from companion.games.boogeyman.state import Effect
from companion.ai.base import Adversary
from companion.ai.planner import Budget, PlannerAdversary
from companion.ai.rule_run import RuleRunAdversary

LEVEL_NAMES = ("rules", "easy", "normal", "hard")

BUDGETS: dict[str, Budget] = {
    # Normal: a small search, and about half the tokens drawn at random as the rulebook would.
    "normal": Budget(worlds=2, max_steps=60, time_ms=25.0, hide="deal", blunder=0.55),
    # Hard: the full search; Objectives hidden in the far locked rooms.
    "hard": Budget(worlds=12, max_steps=80, time_ms=40.0, hide="far"),
}
# On a Pi 4 the same iteration budgets take ~4x as long; the app's deadline there.
PI4_TIME_MS = {"normal": 100.0, "hard": 160.0}


def make_adversary(level: str, seed: int = 0,
                   catalogue: Mapping[str, tuple[Effect, ...]] | None = None) -> Adversary:
    if level in ("rules", "easy"):
        adv = RuleRunAdversary(seed)
        adv.name = level
        return adv
    if level in BUDGETS:
        return PlannerAdversary(level, BUDGETS[level], seed, catalogue)
    raise ValueError(f"unknown adversary level {level!r}: one of {', '.join(LEVEL_NAMES)}")


def time_budget_ms(level: str, pi4: bool = False) -> float | None:
    if level not in BUDGETS:
        return None
    return PI4_TIME_MS[level] if pi4 else BUDGETS[level].time_ms
