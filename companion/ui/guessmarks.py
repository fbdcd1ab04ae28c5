"""What a game's screens show as still a guess (the owner's box, core/ownbox.py), for every pack
that declares guessed data files: a mark beside each such thing in the texts the shell
shows (the prompt, the scan screen's heading, the table's steps) and a line in Why?.

Two kinds of fact are marked: a name or title that is still the shipped guess (a space's name, a
card's title: the name itself is marked wherever it is said), and a kind of fact a pack names by
the words a line uses for it (`Guess.words`: "THE END", "Landmark", "Lock"...: the word is marked
while any fact of that kind is unchecked). What the table checked is never marked. The facts are
the game's own (its recorded options), so a game resumed after the box changed marks what it
plays on. No Kivy here."""

from __future__ import annotations

import functools
import re
from typing import Any

from companion.i18n import DEFAULT, _, language, pack_text

# At the size and colour of the text it follows (issue 28): a colour of its own split the word it
# ends, since Kivy may break a line where the markup changes ("(STEAL" / "◌)" at Large text)
MARK = "\u25cc"
_NAMES = (".name", ".title")


@functools.lru_cache(maxsize=8)
def still_guesses(code: str, settings: tuple[tuple[str, str], ...]) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """For a game of `code` whose data-file options are `settings` ((option, setting), ...): the
    names and titles the table has not checked (longest first), and (word, kind title) for each
    word a pack gave a kind of fact with unchecked facts."""
    from companion.core import ownbox

    names: set[str] = set()
    words: dict[str, list[str]] = {}
    chosen = dict(settings)
    for gf in ownbox.declared(code):
        if gf.option not in chosen:
            continue
        for at, value in ownbox.unconfirmed(gf, chosen[gf.option]).items():
            if at.endswith(_NAMES) and isinstance(value, str) and len(value) >= 3:
                names.add(value)
            guess = gf.guess_for(at)
            if guess is None:
                continue
            for word in guess.words:
                kinds = words.setdefault(word, [])
                if (guess.title or word) not in kinds:
                    kinds.append(guess.title or word)
    return (tuple(sorted(names, key=lambda n: (-len(n), n))),
            tuple(sorted(((w, ", ".join(k)) for w, k in words.items()), key=lambda w: (-len(w[0]), w[0]))))


def _guesses(code: str, state: Any) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    from companion.core import ownbox

    options = getattr(state, "options", None)
    if options is None:
        return (), ()
    try:
        files = ownbox.declared(code)
    except Exception:  # noqa: BLE001 - a game with no pack guesses marks nothing
        return (), ()
    settings = tuple((gf.option, getattr(options, gf.option)) for gf in files
                     if isinstance(getattr(options, gf.option, None), str))
    if not settings:
        return (), ()
    names, words = still_guesses(code, settings)
    if language() == DEFAULT or not words:
        return names, words
    # The table reads the pack's words in its language ("Wahrzeichen" for "Landmark"): those are marked.
    from companion.core.packs import get_pack

    rules = get_pack(code).rules
    said = tuple((pack_text(rules, w), ", ".join(pack_text(rules, k) for k in kind.split(", "))) for w, kind in words)
    return names, tuple(sorted(dict.fromkeys(said), key=lambda w: (-len(w[0]), w[0])))


@functools.lru_cache(maxsize=8)
def _pattern(terms: tuple[str, ...]) -> re.Pattern[str]:
    """Any of `terms` as a whole word (the longest first, so a name holding another is one)."""
    ordered = sorted(terms, key=lambda t: -len(t))
    return re.compile(r"(?<![\w])(" + "|".join(re.escape(t) for t in ordered) + r")(?![\w])")


def marked(text: str, code: str, state: Any) -> str:
    """`text` with the mark after every name in it that is still a guess, and after every
    word of a kind of fact that is."""
    names, words = _guesses(code, state)
    terms = names + tuple(w for w, _ in words)
    if not terms or not text:
        return text
    return _pattern(terms).sub(lambda m: m.group(1) + MARK, text)


def why_line(line: str, code: str, state: Any) -> tuple[str, str] | None:
    """Why?'s line for what in `line` is still a guess (None: nothing is)."""
    names, words = _guesses(code, state)
    said = set(_pattern(names + tuple(w for w, _ in words)).findall(line)) if names or words else set()
    found = [n for n in names if n in said]
    kinds = list(dict.fromkeys(kind for w, kind in words if w in said))
    if not found and not kinds:
        return None
    parts = []
    if found:
        parts.append(_("{names}: the name the companion guessed").format(names=", ".join(found)))
    if kinds:
        parts.append(_("{kinds}: where the companion guessed them").format(kinds=", ".join(kinds)))
    return (_("Still a guess"), _("{what}, not yet checked against your box (\u25cc). "
                                  "Check it in Settings: Check your box.").format(what="; ".join(parts)))
