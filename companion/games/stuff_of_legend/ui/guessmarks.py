"""The names on The Stuff of Legend's screens that are still the shipped guess (the owner's box,
core/ownbox.py): a small mark beside each in the scan heading, and a line in Why?."""

from __future__ import annotations

import functools
import re
from typing import Any

MARK = "[size=16][color=a89cb0]\u25cc[/color][/size]"


@functools.lru_cache(maxsize=4)
def still_guesses(world: str, cards: str) -> tuple[str, ...]:
    """The space names and Location titles of a game (its recorded options) the table has not
    checked, longest first."""
    from companion.core import ownbox

    files = {gf.option: gf for gf in ownbox.declared("SOL")}
    names: set[str] = set()
    for option, setting, wanted in (("world", world, ".name"), ("cards", cards, ".title")):
        for at, value in ownbox.unconfirmed(files[option], setting).items():
            if at.endswith(wanted) and isinstance(value, str) and len(value) >= 3:
                names.add(value)
    return tuple(sorted(names, key=lambda n: (-len(n), n)))


def _guesses(state: Any) -> tuple[str, ...]:
    options = getattr(state, "options", None)
    if options is None:
        return ()
    return still_guesses(options.world, options.cards)


def marked(text: str, state: Any) -> str:
    """`text` with the small mark after every name in it that is still a guess."""
    names = _guesses(state)
    if not names:
        return text
    pattern = re.compile(r"(?<![\w])(" + "|".join(re.escape(n) for n in names) + r")(?![\w])")
    return pattern.sub(lambda m: m.group(1) + MARK, text)


def why_line(line: str, state: Any) -> tuple[str, str] | None:
    """Why?'s line for the names in `line` that are still guesses."""
    found = [n for n in _guesses(state) if re.search(r"(?<![\w])" + re.escape(n) + r"(?![\w])", line)]
    if not found:
        return None
    return ("Still a guess", f"{', '.join(found)}: the name the companion guessed, not yet checked against your "
                             "box (\u25cc). Check it in Settings: Check your box.")
