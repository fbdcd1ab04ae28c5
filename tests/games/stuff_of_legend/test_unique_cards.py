"""Unique cards stay unique (issue 26): the box has one of each Location and Encounter card, so a
card already turned up, or discarded after its one-time effect, cannot be scanned for a second
space; the refusal names the card by its title and says where it is, never by its sticker code."""

from __future__ import annotations

import pytest

from companion.core import codec
from companion.core.errors import IllegalInput
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.common import push
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.state import Options, RevealLocations, State


def _set_up(version: int | None = None) -> State:
    """Three players with the real board cards; the set-up turns up Hollow Oak, Briar Path and
    Crossroads (SOL-51): Fallen Log, Mossy Stones (one-time) and Owl's Nest."""
    kw = {} if version is None else {"rules_version": version}
    s = RULES.setup(Options(players=3, rifle="max", **kw), 4)
    for space, code in (("hollow", "SOL:LOCN:02"), ("briar", "SOL:LOCN:05"), ("crossing", "SOL:LOCN:03")):
        s = RULES.apply(s, I.Reveal(space, code))
    return s


def _next_green_reveal(s: State) -> tuple[State, str]:
    """The party comes beside another face-down green Location: it is turned up (SOL-49)."""
    from companion.games.stuff_of_legend.common import world
    space = next(x for x, sc in zip(world(s).ids, s.board)
                 if sc.location is not None and not sc.location.up and sc.location.colour == "green")
    return push(s, RevealLocations((space,))), space


def test_a_discarded_one_time_location_cannot_be_scanned_for_another_space() -> None:
    """SOL-51, SOL-52 (Locations): "Each space on the game board is assigned one (and only one)
    Location card" and "some Locations have a one-time effect and are then discarded". Mossy Stones
    was turned up in Briar Path and discarded: scanning it again for another space is refused, by
    its title and where it went."""
    s, space = _next_green_reveal(_set_up())
    before = codec.dumps(s)
    with pytest.raises(IllegalInput) as e:
        RULES.apply(s, I.Reveal(space, "SOL:LOCN:05"))
    assert codec.dumps(s) == before  # refused: the state is as it was
    assert "Mossy Stones is already turned up and discarded" in str(e.value)
    assert "SOL:" not in str(e.value)
    assert I.Reveal(space, "SOL:LOCN:05") not in RULES.legal_inputs(s, "table")


def test_a_lasting_location_face_up_elsewhere_is_refused_with_its_place() -> None:
    """SOL-52: a lasting Location "remains face up in play": Fallen Log lies face up in Hollow Oak."""
    s, space = _next_green_reveal(_set_up())
    before = codec.dumps(s)
    with pytest.raises(IllegalInput) as e:
        RULES.apply(s, I.Reveal(space, "SOL:LOCN:02"))
    assert codec.dumps(s) == before  # refused: the state is as it was
    assert str(e.value).startswith("Fallen Log is already face up in ")
    assert "SOL:" not in str(e.value)


def test_a_wrong_colour_is_refused_in_words() -> None:
    """SOL-51: a space's Location has its region's colour on its back; Town Hall is yellow."""
    s, space = _next_green_reveal(_set_up())
    before = codec.dumps(s)
    with pytest.raises(IllegalInput) as e:
        RULES.apply(s, I.Reveal(space, "SOL:LOCN:09"))
    assert codec.dumps(s) == before  # refused: the state is as it was
    assert str(e.value).startswith("Town Hall is a yellow Location card; the one in ")
    assert "SOL:" not in str(e.value)


def test_a_game_recorded_under_version_1_keeps_accepting_the_second_scan() -> None:
    """docs/journal.md, "Rules versions": a game started under version 1 replays as it was played."""
    s, space = _next_green_reveal(_set_up(version=1))
    s = RULES.apply(s, I.Reveal(space, "SOL:LOCN:05"))
    assert "SOL:LOCN:05" not in s.removed and RULES.rules_versions[-1].number == 2
    assert s.options.rules_version == 1


def test_a_boogeyman_card_out_of_the_game_is_refused_by_its_title() -> None:
    """SOL-85, SOL-86: "draw and resolve a card from the Boogeyman deck"; a Fleeting Interest card is
    then removed from the game, so a second scan of it is refused by its title and where it is."""
    from audit_kit import go, quiet, to_phase2

    s = to_phase2(quiet(_set_up()), armies=("brooklyn",) * 2, wound=3)
    s = go(s, I.ActivateInput("army:brooklyn"), I.TakeWoundInput("max"), I.CoinFlip("boogeyman"),
           I.BoogeymanCardInput("SOL:BOOG:01"))
    s = go(s, I.ActivateInput("army:brooklyn"), I.TakeWoundInput("max"), I.CoinFlip("boogeyman"))
    before = codec.dumps(s)
    with pytest.raises(IllegalInput) as e:
        go(s, I.BoogeymanCardInput("SOL:BOOG:01"))
    assert codec.dumps(s) == before  # refused: the state is as it was
    assert str(e.value).startswith("A Chill Wind is already out of the game: the box has one A Chill Wind")
    assert "SOL:" not in str(e.value)
