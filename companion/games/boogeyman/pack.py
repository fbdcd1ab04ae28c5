"""The Boogeyman pack: what this game brings to the shell (see companion/core/packs.py)."""

from companion.core.packs import Pack
from companion.games.boogeyman.game import RULES

PACK = Pack(
    short="Boogeyman",
    rules=RULES,
    policies="companion.games.boogeyman.ai.policies",
    sim="companion.games.boogeyman.sim.model",
    ui="companion.games.boogeyman.ui",
    sensing="companion.games.boogeyman.sensing",
    cards="companion.games.boogeyman.effects",
    commands="companion.games.boogeyman.commands",
    extra={"guesses": "companion.games.boogeyman.guesses"},
)
