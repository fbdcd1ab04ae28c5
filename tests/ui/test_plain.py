"""Words for the table (issue 28): rule IDs and doc paths the rules write for the journal are left
out of what a screen shows, the checklist's lettered IDs too (the BIN play-test of 5 Dec 2026 read
"roll again (BIN-G1)" on the table's screen after a 6 on the chart)."""

from __future__ import annotations

from companion.ui.plain import for_people


def test_rule_ids_numbered_and_lettered_and_doc_paths_are_left_out() -> None:
    assert for_people("the die shows 6: 6 is not in the printed Group Creation Chart, roll again (BIN-G1).") == \
        "the die shows 6: 6 is not in the printed Group Creation Chart, roll again."
    assert for_people("Yellow takes the first turn (BIN-G6)") == "Yellow takes the first turn"
    assert for_people("Attention Level rises (SOL-97)") == "Attention Level rises"
    assert for_people("a rule (see docs/games/BIN.md) here") == "a rule here"
    assert for_people("3 Fight icon(s)") == "3 Fight icons"
    assert for_people("Room 10 (two doors)") == "Room 10 (two doors)"  # words in brackets stay
