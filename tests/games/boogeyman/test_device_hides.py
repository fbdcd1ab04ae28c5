"""Competitive with the device as the Boogeyman (issue 25 #7): the Boogeyman hides the Objectives,
the Trap Door and the Skeleton Key where only it knows (Competitive set-up: "The Boogeyman player
... places the 3 Objective tokens, the Trap Door and the Skeleton Key"), so from rules version 4
the device keeps every Search token and answers every search ("Search a Room: take the top Search
token from the Room you are in"); the table names none. Older games keep the table's token."""

import pytest

from companion.core.errors import IllegalInput
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.setup import setup_steps
from companion.games.boogeyman.state import Mode, Options, SearchToken

from bgm_helpers import competitive, play, put, room

RED = SearchToken("objective", colour="red")


def _mike_in(zone: str, version: int | None = None):  # type: ignore[no-untyped-def]
    kw = {} if version is None else {"rules_version": version}
    s = competitive(device_boogeyman=True, **kw)  # it hid Objectives in 1, 2, 3, Trap Door 4, Key 6
    return room(put(s, mike=zone), zone, switch=None, lock=False)


def test_competitive_the_device_boogeyman_answers_a_search_and_refuses_a_named_token() -> None:
    """Search a Room, with the Objectives hidden by the device: in Room 5 (none hidden there) the
    table's "Objective" is refused; searching Room 1 twice finds the Objective it hid there, and
    the screen says to take it from the box."""
    s = _mike_in("5")
    with pytest.raises(IllegalInput, match="keeps them"):
        play(s, I.Search("mike", RED))
    s = _mike_in("1")
    after = play(s, I.Search("mike"), I.Search("mike"))
    assert len(after.child("mike").objectives) == 1  # the one it hid in Room 1
    assert any("finds an Objective token" in n and "take it from the box" in n for n in after.notices)


def test_competitive_games_of_rules_version_3_keep_the_tables_token() -> None:
    """A game recorded under version 3 replays as it was: the named token is the one taken."""
    s = _mike_in("5", version=3)
    assert play(s, I.Search("mike", RED)).child("mike").objectives == ("red",)


def test_the_set_up_says_the_device_keeps_the_search_tokens() -> None:
    """Competitive set-up with the device in the Boogeyman's seat: no step tells the table to
    shuffle the Search tokens into the rooms (the device's hidden placement would not be theirs);
    version 3's set-up is what such a game was set up with."""
    now = " ".join(setup_steps(Options(mode=Mode.COMPETITIVE, device_boogeyman=True)))
    assert "leave the Search tokens in the box" in now and "Shuffle the Search tokens" not in now
    old = " ".join(setup_steps(Options(mode=Mode.COMPETITIVE, device_boogeyman=True, rules_version=3)))
    assert "shuffle the other Search tokens face down" in old
