"""The rules reference's words are in the catalog's list (companion/games/boogeyman/reference_words.py),
so Why? and the Rules screen read in German too (issue 28)."""

from companion.games.boogeyman.reference import rules
from companion.games.boogeyman.reference_words import WORDS


def test_every_section_and_sentence_is_marked() -> None:
    missing = [t for r in rules() for t in (r.section, r.says) if t not in WORDS]
    assert missing == []
