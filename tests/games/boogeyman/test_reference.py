"""The rules reference explains every automated decision and every refusal ("Why?")."""

import random
from pathlib import Path

import pytest

from companion.core.errors import BoardFileError, IllegalInput
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.moves import candidates
from companion.games.boogeyman.reference import explain, rules
from companion.games.boogeyman.state import Difficulty, Mode, Options

SEEDS = (1, 2, 3)


def lines_of_random_games() -> tuple[set[str], set[str]]:
    """Notices the reducer made and refusals it gave, over random games in every mode."""
    notices: set[str] = set()
    refusals: set[str] = set()
    for mode in Mode:
        for seed in SEEDS:
            r = random.Random(seed)
            kids = ("mike", "daphne", "ray")[: 1 if mode == Mode.SOLO else 3]
            diff = list(Difficulty)[seed % 3]
            s = RULES.setup(Options(mode=mode, difficulty=diff, children=kids), seed)
            for _ in range(250):
                legal = []
                for inp in candidates(s) + [I.Move(s.active or "mike", "25"), I.RollDie(9), I.EndTurn()]:
                    try:
                        RULES.apply(s, inp)
                        legal.append(inp)
                    except IllegalInput as exc:
                        refusals.add(str(exc))
                if not legal:
                    break
                s = RULES.apply(s, r.choice(legal))
                notices.update(s.notices)
    return notices, refusals


def test_every_notice_and_refusal_has_a_rule_behind_it() -> None:
    notices, refusals = lines_of_random_games()
    assert len(notices) > 40 and len(refusals) > 15  # the games reached a good variety
    missing = sorted(t for t in notices | refusals if not explain(t))
    assert missing == []


def test_each_rule_names_a_section_and_says_it_in_one_sentence() -> None:
    rs = rules()
    assert len(rs) >= 30 and len({r.id for r in rs}) == len(rs)
    for r in rs:
        assert r.section and r.says.endswith(".") and r.says.count(". ") == 0, r.id
        assert r.match, r.id


def test_a_rule_for_the_kind_of_boogeyman_in_play() -> None:
    game = [r.id for r in explain("The Boogeyman appears in Room 12!", player_run=False)]
    player = [r.id for r in explain("The Boogeyman appears in Room 12!", player_run=True)]
    assert "reveal_game" in game and "reveal_player" not in game
    assert "reveal_player" in player and "reveal_game" not in player


def test_a_broken_reference_file_says_where(tmp_path: Path) -> None:
    bad = tmp_path / "ref.toml"
    bad.write_text("[[rule]]\nid = 'x'\n")
    rules.cache_clear()
    try:
        with pytest.raises(BoardFileError, match="no 'section'"):
            rules(bad)
    finally:
        rules.cache_clear()


def test_a_refusal_named_at_its_start_is_explained_by_that_rule_alone() -> None:
    """Issue 25, finding 10: "first: Mike: draw the top Babysitter card" (now "Not yet: the game
    waits for ...") was explained by the chart of who draws the Boogeyman's cards ("draw the top"
    is longer than "first: "); the rule that refused it is the one that waits for the draw."""
    said = "Not yet: the game waits for \u201cMike: draw the top Babysitter card\u201d"
    assert [r.id for r in explain(said)] == ["pending"]
    said = "Old map does not cancel an encounter: Mike draws the top Babysitter card, or plays a Search card that cancels it"
    assert [r.id for r in explain(said)][0] == "cancel"
