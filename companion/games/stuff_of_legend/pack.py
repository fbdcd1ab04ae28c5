"""The Stuff of Legend pack: what this game brings to the shell (see companion/core/packs.py)."""

from companion.core.packs import Pack
from companion.games.stuff_of_legend.game import RULES

PACK = Pack(
    short="Stuff of Legend",
    rules=RULES,
    policies="companion.games.stuff_of_legend.policies",
    sim="companion.games.stuff_of_legend.sim",
    commands="companion.games.stuff_of_legend.commands",
    ui="companion.games.stuff_of_legend.ui",
    extra={"guesses": "companion.games.stuff_of_legend.guesses"},
)
