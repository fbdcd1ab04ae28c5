"""Issue 25, finding 10, by touches at screen coordinates: an encounter's draw, a Search card that
cannot cancel it, the refusal and its Why?, the way back to the draw, and the board looked at
while the draw waits."""

from __future__ import annotations

from typing import Any

from tests.ui.flows import start_game, tap_zone, type_text


def to_the_encounter(h: Any) -> None:
    """Mike walks into the Babysitter's room (Room 10, two steps from C1 on the night of seed 1)."""
    app = h.app
    start_game(h)
    assert app.controller.state.babysitter == "10"
    tap_zone(h, "C2")
    tap_zone(h, "10")
    assert app.sm.current == "scan"
    assert h.prompt() == "Mike: draw the top Babysitter card"


def name_a_search_card(h: Any, title: str, effect: str) -> None:
    """"New card" on the Search card list: its title on the keyboard and what it does."""
    app = h.app
    h.tap("pick:new")
    assert app.sm.current == "card_form"
    h.tap_widget(app.screen("card_form").ids.name)
    type_text(h, title)
    h.tap("key:done")
    h.scroll_to(f"effect:{effect}")  # the effects are a list that scrolls at the body text size
    h.tap(f"effect:{effect}")
    h.tap("save")


def test_a_search_card_that_cannot_cancel_an_encounter_is_refused_in_words_and_why_says_that_rule(
        harness: Any) -> None:
    h, app = harness, harness.app
    to_the_encounter(h)
    scan = app.screen("scan")
    h.tap("instead")
    assert scan.ids.heading.text == "Mike: show the Search card you play"
    assert h.find("instead").caption == "Draw the card instead"
    name_a_search_card(h, "Old map", "extra_actions")
    # Refused: the card does not cancel an encounter. Said in the game's words, with what to do.
    assert app.toaster.shown and app.toaster.kind == "error"
    said = app.toaster.text
    assert not said.lower().startswith("first"), said
    assert "Old map" in said and "does not cancel" in said and "Babysitter card" in said, said
    assert app.controller.state.pending[0].encounter  # nothing changed
    # Its Why? is the rule that refused it (a card cancels an encounter only if it says so),
    # not the chart of who draws the Boogeyman's cards.
    h.tap("toast_why")
    assert app.why.shown
    sections = [e.section for e in reversed(app.why.ids.rules.children)]
    sayings = [e.says for e in reversed(app.why.ids.rules.children)]
    assert sections[0] == "The Cards" and "cancels an encounter" in sayings[0], sayings
    assert not any(s.startswith("Chart") for s in sections), sections
    assert "The Children's Actions: Search a Room" not in sections  # "search" read inside "a Search card"
    assert not app.toaster.shown  # the view quotes the refusal; the toast no longer lies over its rules
    h.tap("why_back")
    assert not app.why.shown
    # Still on the Search card list, and every button answers: draw the card instead.
    assert app.sm.current == "scan"
    assert scan.ids.heading.text == "Mike: show the Search card you play"
    h.tap("instead")
    assert scan.ids.heading.text == "Mike: draw the top Babysitter card"
    assert h.find("instead").caption == "Cancel it with a Search card"


def test_the_table_can_look_at_the_board_while_a_draw_waits(harness: Any) -> None:
    """'◀ Table' on the draw went straight back to the draw: the table could not look at the board.
    Now it shows the table, with the draw waiting on its Scan button, which comes back to it."""
    h, app = harness, harness.app
    to_the_encounter(h)
    h.tap("table")
    assert app.sm.current == "table"
    assert app.screen("table").ids.prompt.text == "Mike: draw the top Babysitter card"
    assert h.find("scan").kind == "primary"
    h.pump(0.5)  # a while on the table: nothing takes it back to the draw by itself
    assert app.sm.current == "table"
    # A move now is refused in words (it said "first: Mike: draw the top Babysitter card"), and
    # its Why? is the rule that waits for the draw, alone.
    tap_zone(h, "C2")
    assert app.toaster.shown
    assert app.toaster.text == "Not yet: the game waits for \u201cMike: draw the top Babysitter card\u201d"
    h.tap("toast_why")
    assert [e.section for e in app.why.ids.rules.children] == ["The Play of the Game"]
    h.tap("why_back")
    assert app.sm.current == "table" and app.controller.state.child("mike").zone == "10"
    h.tap("scan")
    assert app.sm.current == "scan" and app.screen("scan").ids.heading.text == "Mike: draw the top Babysitter card"
    # The draw itself, then play goes on.
    name_card = "pick:new"
    h.tap(name_card)
    h.tap_widget(app.screen("card_form").ids.name)
    type_text(h, "Lights out")
    h.tap("key:done")
    h.tap("effect:none")
    h.tap("save")
    assert not app.controller.state.pending
    assert app.sm.current == "table"
