"""Rules versions: what a recorded input means is fixed by the version a game was started under.

The journal keeps a game's options, seed and inputs, never its states, so a reducer change that
changes what an input means would change (or refuse) every recorded game. Each pack therefore
declares its rules versions, oldest first, and its `Options` carry `rules_version`: a new game
records the newest, an old game keeps its own, and the pack's reducer keeps every version's
behaviour reachable through it. docs/journal.md, "Rules versions", is the policy.

A journal written before a pack recorded `rules_version` is read as the oldest version whose
option keys hold all of the journal's own keys: each version lists the option keys its code
wrote, so the keys a journal holds say which code could have written it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from companion.core.errors import IllegalInput

KEY = "rules_version"


@dataclass(frozen=True)
class RulesVersion:
    number: int  # 1, 2, ... in order
    what: str  # what this version changed, in words (docs/journal.md lists them too)
    option_keys: frozenset[str]  # the option keys a journal written by this version holds (without KEY)


def check_versions(versions: Sequence[RulesVersion]) -> None:
    """A pack's list: numbered 1, 2, ... in order (a test calls this for every pack)."""
    numbers = [v.number for v in versions]
    if numbers != list(range(1, len(versions) + 1)):
        raise ValueError(f"rules versions must be numbered 1, 2, ... in order, not {numbers}")


def version_of(versions: Sequence[RulesVersion], options: Mapping[str, Any]) -> int:
    """The version recorded in options as JSON, or for a journal that recorded none, the oldest
    version that could have written its keys (the newest if none could: decoding then says why)."""
    if KEY in options:
        got = options[KEY]
        return got if isinstance(got, int) and not isinstance(got, bool) else -1
    keys = set(options)
    for v in versions:
        if keys <= v.option_keys:
            return v.number
    return versions[-1].number


def with_version(versions: Sequence[RulesVersion], options: Any) -> Any:
    """Options as JSON with `rules_version` filled in (anything not a JSON object is left as it is)."""
    if not isinstance(options, Mapping) or KEY in options or not versions:
        return options
    return {**options, KEY: version_of(versions, options)}


def need_known(versions: Sequence[RulesVersion], number: int, game: str) -> None:
    """Refuse a version this code does not have (a journal from a newer companion, or a typo)."""
    known = [v.number for v in versions]
    if number not in known:
        raise IllegalInput(f"{game}: rules_version {number!r} is not one this companion knows "
                           f"({', '.join(map(str, known))}); a newer companion recorded it, or the file is wrong")
