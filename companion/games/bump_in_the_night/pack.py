"""The Bump in the Night pack: what this game brings to the shell (see companion/core/packs.py)."""

from companion.core.packs import Pack
from companion.games.bump_in_the_night.game import RULES

PACK = Pack(
    short="Bump in the Night",
    rules=RULES,
    policies="companion.games.bump_in_the_night.policies",
    commands="companion.games.bump_in_the_night.commands",
    ui="companion.games.bump_in_the_night.ui",
    available=True,
    extra={"guesses": "companion.games.bump_in_the_night.guesses"},
)
