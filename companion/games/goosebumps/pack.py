"""The Goosebumps pack: what this game brings to the shell (see companion/core/packs.py)."""

from companion.core.packs import Pack
from companion.games.goosebumps.game import RULES

PACK = Pack(
    short="Goosebumps",
    rules=RULES,
    policies="companion.games.goosebumps.policies",
    sim="companion.games.goosebumps.sim",
    commands="companion.games.goosebumps.commands",
    ui="companion.games.goosebumps.ui",
    available=True,
    extra={"guesses": "companion.games.goosebumps.guesses"},
)
