"""The pack registry: codes, lazy parts, run-time registration, clear errors."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from companion.core import packs
from companion.core.errors import IllegalInput
from companion.core.game import get_rules

sys.path.insert(0, str(Path(__file__).parent))


def test_boogeyman_is_on_the_shelf_and_its_parts_load_when_asked() -> None:
    assert "BGM" in packs.codes()
    pack = packs.get_pack("BGM")
    assert pack.rules is get_rules("BGM") and pack.short == "Boogeyman"
    assert pack.has("policies") and pack.part("policies").POLICIES.levels
    assert not pack.has("nonsense")
    with pytest.raises(IllegalInput, match="has no nonsense part"):
        pack.part("nonsense")


def test_a_pack_registered_at_run_time_is_found_and_forgotten() -> None:
    packs.register("DICE", "fixture_game")
    try:
        assert "DICE" in packs.codes()
        assert get_rules("DICE").code == "DICE"
    finally:
        packs.unregister("DICE")
    assert "DICE" not in packs.codes()
    with pytest.raises(IllegalInput, match="unknown game 'DICE'"):
        packs.get_pack("DICE")


def test_a_missing_module_is_not_installed_and_a_wrong_pack_is_refused() -> None:
    packs.register("ZZZ", "companion.games.no_such_game.pack")
    packs.register("XXX", "fixture_game")  # the module's PACK is DICE's
    try:
        assert "ZZZ" not in packs.codes(include_unavailable=True)
        with pytest.raises(packs.PackNotInstalled, match="not installed"):
            packs.get_pack("ZZZ")
        with pytest.raises(IllegalInput, match="not the pack of XXX"):
            packs.get_pack("XXX")
    finally:
        packs.unregister("ZZZ")
        packs.unregister("XXX")
