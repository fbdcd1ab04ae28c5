"""Goosebumps' private screen (gsb_pickup) and the control panel's Undo: pressed while a person
names their cards or reads their hand, the confirm covers the screen, and once the Undo is done
the private screen has covered itself and gone back to the table with nothing of what it showed
left in any widget (the moment it was about has passed); "Keep it" leaves it where it was. By
touches and gpiozero's mock pins, as tests/ui/test_panel_in_app.py presses the panel."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.ui import flows
from tests.ui.test_gsb_game import held

# The pack's screens import Kivy's widgets: imported inside the tests, never at collection.


@pytest.fixture(scope="module")
def panel_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with flows.panel_app(tmp_path_factory.mktemp("gsb-panel")) as h:
        yield h


@pytest.fixture
def h(panel_app: Any) -> Any:
    panel_app.home()
    return panel_app


press = flows.press


def two_people(h: Any) -> Any:
    h.app.go("choose")
    h.choose_game("goosebumps")
    h.tap("players:2")
    h.tap("device_at:-1")
    h.tap("start")
    return h.app.controller


def private_words(h: Any, words: set[str]) -> list[str]:
    """The texts anywhere in the window, or left in the private screen's widgets, naming a card."""
    from kivy.core.window import Window

    h.pump(frames=2)
    roots = [*Window.children, h.app.screen("gsb_pickup")]
    return [str(w.text) for r in roots for w in r.walk(restrict=True)
            if any(x in str(getattr(w, "text", "")) for x in words)]


def undo_from_the_panel(h: Any, expect: str) -> None:
    app = h.app
    press(h, "undo")
    assert app.confirm.shown and app.confirm.message == f"Undo: {expect}?"
    assert app.confirm.full  # the confirm hides the private screen while it asks
    press(h, "confirm")
    assert not app.confirm.shown


def test_the_panels_undo_covers_a_pick_up_being_named(h: Any) -> None:
    from companion.games.goosebumps.cards import title
    from companion.games.goosebumps.ui.screens.gsb_table import caption

    app = h.app
    c = two_people(h)
    h.tap("draw_unseen")  # Player 1's four, kept secret
    before = c.state
    h.tap("draw_name")  # Player 2's four, named in private
    h.tap("look")
    for card in ("pal", "car"):
        h.tap(f"card:{card}")
    words = {caption(k) for k in ("pal", "car")} | {title(k) for k in ("pal", "car")}
    named = "Pal, Haunted Car"  # (the buttons name every kind: what was named is the secret)
    assert app.sm.current == "gsb_pickup" and private_words(h, {named}) == []  # under the cover
    with held(h):
        assert private_words(h, {named})  # on show, to Player 2 alone, under their finger

    # "Keep it": nothing undone, and Player 2's naming goes on where it was.
    press(h, "undo")
    assert app.confirm.shown
    h.tap("confirm_cancel")
    assert app.sm.current == "gsb_pickup" and c.state is app.screen("gsb_pickup").moment
    with held(h):
        assert "Name each card as it shows (2 more): Pal, Haunted Car" in texts(h)
        # The panel's Undo with the finger still down: the confirm covers it before it asks.
        press(h, "undo")
        assert app.confirm.shown and private_words(h, {named}) == []
        h.tap("confirm_cancel")
        assert private_words(h, {named}) == []  # the same finger shows nothing again

    with held(h):
        undo_from_the_panel(h, "Player 1 picked up 4 cards")
    assert c.view()["waiting"]["seat"] == "Player 1" and c.state != before
    assert app.sm.current == "gsb_table" and private_words(h, words) == []
    pickup = app.screen("gsb_pickup")
    assert pickup.picked == [] and pickup.ids.cover.shown and not pickup.ids.secret.shown
    # The next private step starts at its cover, with nothing named from before.
    h.tap("draw_name")
    assert app.sm.current == "gsb_pickup" and {"look", "pickup_back"} <= {a for a in shown(h)}
    h.tap("look")
    assert "Name each card as it shows (4 more)" in [str(t) for t in texts(h)]


def test_the_panels_undo_covers_a_hand_being_read(h: Any) -> None:
    app = h.app
    c = two_people(h)
    h.tap("draw_name")  # Player 1 names the four dealt
    h.tap("look")
    for card in ("1", "1", "2", "2"):
        h.tap(f"card:{card}")
    h.tap("draw_unseen")  # Player 2's four, secret
    h.tap("draw_unseen")  # Player 1's turn: one card to make five, unseen
    assert c.view()["waiting"]["kind"] == "play" and c.view()["waiting"]["seat"] == "Player 1"
    h.tap("hand")
    h.tap("look")
    mine = "Player 1's cards: 1, 1, 2, 2, and 1 the device has not seen"
    assert mine not in texts(h)  # past the hand-over, covered until a finger is on it
    with held(h):
        assert mine in texts(h)
        undo_from_the_panel(h, "Player 1 picked up 1 card")  # the finger still down
    assert c.view()["waiting"] == {"kind": "draw", "seat": "Player 1", "count": 1, "why": "turn", "reshuffle": False}
    assert app.sm.current == "gsb_table"
    assert not [t for t in texts(h) if "cards:" in t]
    assert not [w.text for w in app.screen("gsb_pickup").walk(restrict=True) if "cards:" in str(getattr(w, "text", ""))]


def texts(h: Any) -> list[str]:
    from kivy.core.window import Window
    from kivy.uix.label import Label

    h.pump(frames=2)
    return [str(w.text) for root in Window.children for w in root.walk(restrict=True) if isinstance(w, Label)]


def shown(h: Any) -> set[str]:
    from companion.ui import touch

    h.pump(frames=2)
    return {str(w.action) for w in touch.controls()}
