"""The Pig pack: its rules and the device's play; the shell gives it the set-up, the dice and the screen."""

from companion.core.packs import Pack
from companion.games.pig.rules import RULES

PACK = Pack(rules=RULES, short="Pig", policies="companion.games.pig.policies")
