"""The device's play of Pig: rules of thumb on the seat's observation, no search needed (the
game has no hidden part but the dice to come).

- easy: hold at 12 this turn;
- normal: hold at 20 (the classic rule: it maximises the points a turn brings on average);
- hard: "keep pace, end the race": hold at 21 plus an eighth of what it trails the leader by,
  and once anyone is within 29 of a target of 100 (scaled to the target), roll on until the
  turn wins. It beats hold-at-20 (docs/architecture.md has the measured numbers).

Every level holds when holding wins.
"""

from __future__ import annotations

from typing import Any

from companion.ai.engine import Budget, InfoState
from companion.core.errors import IllegalInput
from companion.core.rng import Rng
from companion.games.pig.rules import Hold, Roll, State


def hold_at(level: str, me: int, pot: int, best_other: int, target: int) -> bool:
    """Whether `level` holds with `pot` this turn, `me` banked, the best other score and the target."""
    if me + pot >= target:
        return True
    if level == "easy":
        return pot >= round(12 * target / 100)
    if level != "hard":
        return pot >= round(20 * target / 100)
    if max(me, best_other) >= target - round(29 * target / 100):
        return False  # the race ends soon: roll on until this turn wins
    return pot >= round((21 + (best_other - me) / 8) * target / 100)


class RulePolicy:
    """A level of the rules of thumb above, deciding from the observation alone."""

    observes: str | None = None
    searches = False

    def __init__(self, level: str) -> None:
        self.name = level

    def decide(self, info: InfoState[Any], deadline: float | None = None) -> Any:
        legal = info.legal()
        if not legal:
            raise IllegalInput(f"{info.seat} has nothing to decide")
        if Hold() not in legal:
            return legal[0]
        seen = info.observation
        scores = dict(seen["scores"])
        me = scores.pop(info.seat)
        return Hold() if hold_at(self.name, me, seen["pot"], max(scores.values()), seen["target"]) else Roll()


class Policies:
    """The engine's part (companion/ai/engine.py GamePolicies) and the levels above."""

    levels = {"easy": Budget(iterations=1), "normal": Budget(iterations=1), "hard": Budget(iterations=1)}

    def make_policy(self, level: str, seed: int, **options: Any) -> RulePolicy | None:
        return RulePolicy(level) if level in self.levels else None

    def rollout(self, state: State, rng: Rng) -> tuple[Any, Rng]:
        """Hold at 20, for the generic search and the greedy level."""
        return (Hold() if state.pot >= 20 or state.scores[state.turn] + state.pot >= state.options.target
                else Roll()), rng

    def evaluate(self, state: State, seat: str) -> float:
        """How near the target the seat is, against the best other (banked and this turn's sum)."""
        i = state.seats.index(seat)
        mine = state.scores[i] + (state.pot if i == state.turn else 0)
        best = max(s for j, s in enumerate(state.scores) if j != i)
        return max(0.0, min(1.0, 0.5 + (mine - best) / (2 * state.options.target)))


POLICIES = Policies()
