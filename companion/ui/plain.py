"""Words for the table (issue 28): the notices and refusals the rules write for the journal and
the docs cite rule IDs ("(SOL-97)"), doc paths ("(docs/games/BIN.md)") and count with "(s)". A
screen shows them through `for_people`: the IDs and paths left out, each "(s)" settled by the count
it belongs to ("1 Army marker", "3 Fight icons", "slots 1, 2"). The journal keeps the lines as the
rules wrote them. Nothing here knows a game."""

from __future__ import annotations

import re

_RULE_ID = re.compile(r"\s*\((?:see )?[A-Z]{3}-[A-Z]?\d+[a-z]?(?:\s*[/,;]\s*(?:[A-Z]{3}-)?\d+[a-z]?)*\)")
_BARE_ID = re.compile(r"\s*\b(?:BGM|SOL|BIN|GSB)-[A-Z]?\d+[a-z]?\b")
_DOC = re.compile(r"\s*\((?:see )?(?:docs|companion)/[^)\s]*\)")
_PLURAL = re.compile(r"([A-Za-z]+)\(s\)")
_LIST = re.compile(r"\s*(\d+(?:\s*,\s*\d+)*(?:\s*(?:,\s*)?(?:and|or)\s+\d+)?)")


def _settled(text: str) -> str:
    out, pos = [], 0
    for m in _PLURAL.finditer(text):
        before = text[:m.start()].split()[-4:]
        counts = [w.strip("(,:") for w in before if w.strip("(,:").isdigit()]
        if counts:
            one = counts[-1] == "1"
        else:  # the numbers may follow: "slot(s) 1, 2, 3"
            after = _LIST.match(text, m.end())
            one = after is not None and len(re.findall(r"\d+", after.group(1))) == 1
        out.append(text[pos:m.start()] + m.group(1) + ("" if one else "s"))
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)


def for_people(text: str) -> str:
    """The line as the table reads it."""
    text = _DOC.sub("", _RULE_ID.sub("", text))
    text = _BARE_ID.sub("", text)
    return _settled(text)
