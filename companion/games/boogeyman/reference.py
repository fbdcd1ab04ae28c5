"""The rules reference: the rules the device applies, by rulebook section, one sentence each
(data/rules_reference.toml), and which of them explain a line the device showed ("Why?")."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from companion.core.errors import BoardFileError

REFERENCE_FILE = Path(__file__).parent / "data" / "rules_reference.toml"


@dataclass(frozen=True)
class Rule:
    id: str
    section: str  # the rulebook's section it comes from
    says: str     # one sentence in our own words
    match: tuple[str, ...]
    when: str = ""  # "game_run" / "player_run": only then


@lru_cache(maxsize=1)
def rules(path: Path = REFERENCE_FILE) -> tuple[Rule, ...]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise BoardFileError(str(path), None, f"cannot read the rules reference: {exc}") from exc
    out = []
    for i, entry in enumerate(data.get("rule", [])):
        try:
            out.append(Rule(str(entry["id"]), str(entry["section"]), str(entry["says"]),
                            tuple(str(m).lower() for m in entry.get("match", ())), str(entry.get("when", ""))))
        except KeyError as exc:
            raise BoardFileError(str(path), None, f"rule {i + 1} has no {exc.args[0]!r}") from None
    return tuple(out)


def explain(text: str, player_run: bool | None = None, limit: int = 3) -> tuple[Rule, ...]:
    """The rules behind a notice or a refusal, most specific first (the longest matching words);
    `player_run` leaves out the rules for the other kind of Boogeyman.

    Words matched at the line's start ("^not yet: the game waits for") name the rule that refused
    it: that rule alone explains it, since the rest of such a line only quotes what the game waits
    for ("Mike: draw the top Babysitter card"), whose words belong to other rules."""
    low = text.lower()
    found = []
    for order, rule in enumerate(rules()):
        if player_run is not None and rule.when and rule.when != ("player_run" if player_run else "game_run"):
            continue
        found.append((order, rule, [m for m in rule.match
                                    if (low.startswith(m[1:]) if m.startswith("^") else m in low)]))
    # Words read inside a longer phrase another rule explains ("search" in "a Search card") are
    # that phrase's, not a second reason.
    spans = [(i, i + len(m)) for _, _, hits in found for m in hits if not m.startswith("^")
             for i in _places(low, m)]
    scored = []
    for order, rule, hits in found:
        hits = [m for m in hits if m.startswith("^") or any(
            not any(a <= i and i + len(m) <= b and b - a > len(m) for a, b in spans) for i in _places(low, m))]
        if hits:
            anchored = any(m.startswith("^") for m in hits)
            scored.append((not anchored, -max(len(m) for m in hits), order, rule))
    if any(not unanchored for unanchored, *_ in scored):
        scored = [entry for entry in scored if not entry[0]]
    return tuple(entry[3] for entry in sorted(scored)[:limit])


def _places(text: str, words: str) -> list[int]:
    """Where `words` start in `text`."""
    out, i = [], text.find(words)
    while i >= 0:
        out.append(i)
        i = text.find(words, i + 1)
    return out


def by_id(rule_id: str) -> Rule:
    for r in rules():
        if r.id == rule_id:
            return r
    raise KeyError(rule_id)
