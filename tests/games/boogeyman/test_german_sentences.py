"""Every sentence Boogeyman's rules write in English (the prompt, notices, journal labels, the
Boogeyman's turn as steps) reads in German through the pack's sentence shapes
(companion/games/boogeyman/sentences.py, `Domain.said`): random nights in every mode (issue 28)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from companion import i18n
from companion.core.packs import get_pack
from companion.games.boogeyman import game
from companion.games.boogeyman.state import Difficulty, Mode, Options
from companion.games.boogeyman.summary import summary
from companion.games.boogeyman.view import prompt
from companion.ui.plain import for_people
from companion.ui.readability import ENGLISH_ONLY

DOMAIN = i18n.pack_domain(game.__file__)


@pytest.fixture
def german() -> Iterator[None]:
    before = i18n.language()
    i18n.set_language("de")
    yield
    i18n.set_language(before)


def sentences(seed: int) -> Iterator[str]:
    rules = get_pack("BGM").rules
    rnd = random.Random(seed)
    kids = tuple(rnd.sample(["mike", "daphne", "ray", "peter", "tommy", "leila"], rnd.randint(2, 4)))
    mode = (Mode.COOP, Mode.SOLO, Mode.SEMI, Mode.COMPETITIVE)[seed % 4]
    if mode == Mode.SOLO:
        kids = kids[:2]
    s = rules.setup(Options(mode=mode, difficulty=tuple(Difficulty)[seed % 3], children=kids,
                            players=1 if mode == Mode.SOLO else 0, device_boogeyman=seed % 2 == 0), seed)
    start = s
    for _ in range(250):
        legal = [i for seat in rules.seats(s) for i in rules.legal_inputs(s, seat)]
        if not legal:
            return
        yield prompt(s)
        inp = rnd.choice(legal)
        yield rules.label(s, inp)
        before, s = s, rules.apply(s, inp)
        yield from s.notices
        if s.round > before.round:
            got = summary(start, s, tuple(s.notices))
            if got is not None:
                yield got.title
                yield from got.steps
            start = s


@pytest.mark.parametrize("seed", range(8))
def test_a_night_reads_in_german(german: None, seed: int) -> None:
    english = []
    for text in sentences(seed):
        text = for_people(text)
        said = DOMAIN.said(text)
        if said == text or set(re.findall(r"[a-z]+", said.lower())) & ENGLISH_ONLY:
            english.append(text)
    assert english == []
