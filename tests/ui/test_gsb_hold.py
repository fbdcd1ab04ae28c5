"""Goosebumps' private screen (gsb_pickup) behind the shell's hold-to-reveal cover (companion/ui/hold.py),
with the Settings -> "Private cards" every game shares: a hand, and the cards named so far in a
pick-up, are in a Label only while a finger is on the cover (or for a tap's seconds); and a card
held under the camera by one hand is read while the other holds the cover. Touches go in through
the window's dispatch at screen positions."""

from __future__ import annotations

from typing import Any

from companion.ui import touch
from tests.ui.test_gsb_game import dealt_with_a_secret, held, two_people, window_text
from tests.ui.test_gsb_scan import STICKER, camera_on, show
from tests.ui.test_bin_scan import reads_whole


def holds(text: str) -> bool:
    return any(text in t for t in window_text())


def at_hand(h: Any) -> str:
    """Two people; Player 1 names the four dealt; on their turn "Show my hand", "I am Player 1"."""
    dealt_with_a_secret(h)
    h.tap("hand")
    h.tap("look")
    mine = "Pal, Haunted Car, R.L. Stine!, Found Your Book!"
    assert not holds(mine), "Player 1's hand is on screen before any finger is on the cover"
    return mine


def test_the_hand_shows_only_while_a_finger_is_on_the_cover(harness: Any) -> None:
    h = harness
    mine = at_hand(h)
    cover = h.find("hold")
    with held(h):
        assert holds(mine) and cover.revealed
        h.pump(0.2)
        assert holds(mine)
    assert not holds(mine) and not cover.revealed
    # A finger that slides off covers it; a second finger (the Done button) covers it first.
    finger, other = touch.Finger(), touch.Finger()
    x, y = touch.centre(cover)
    finger.down(x, y)
    assert holds(mine)
    finger.move(x, cover.to_window(cover.x, cover.y)[1] - 30)
    h.pump()
    assert not holds(mine)
    finger.up()
    with held(h):
        assert holds(mine)
        other.tap(*touch.centre(h.find("hand_done")))
        assert not holds(mine) and h.app.sm.current == "gsb_table"


def test_a_tap_shows_the_hand_for_the_settings_seconds(harness: Any) -> None:
    h = harness
    app = h.app
    app.prefs.look_seconds = 30  # Settings -> Private cards: "Tap: 30 s"
    try:
        mine = at_hand(h)
        cover = h.find("hold")
        assert "tap here" in cover.hint and "30 s" in cover.hint
        h.tap("hold")
        assert holds(mine) and "30 s" in cover.ids.footer.text
        touch.let_pass(28.0)
        assert holds(mine)
        touch.let_pass(2.5)
        assert not holds(mine)  # covered by itself
        h.tap("hold")
        h.tap("hold")  # touched again: covered at once
        assert not holds(mine)
    finally:
        app.prefs.look_seconds = 0
        app.save_prefs()


def test_a_card_under_the_camera_is_read_while_the_other_hand_holds_the_cover(harness: Any) -> None:
    """One hand on the cover, the other holding a card's sticker under the camera: the card is named
    and the cover stays shown, now listing it; lifted, no Label names it; the next card is read with
    no finger on the cover at all."""
    h = harness
    app = h.app
    two_people(h)
    cam = camera_on(h)
    h.tap("draw_name")
    h.tap("look")
    reads_whole(h)
    private = app.screen("gsb_pickup")
    with held(h):
        show(h, cam, STICKER["pal"], lambda: private.picked == ["pal"], gone=True)
        assert private.ids.look.revealed and holds("(3 more): Pal")
    assert not holds("(3 more): Pal") and holds("Name each card as it shows (3 more)")  # (a button says "Pal")
    show(h, cam, STICKER["car"], lambda: private.picked == ["pal", "car"])  # no finger on the cover
    assert not holds("Pal, Haunted Car")
    with held(h):
        assert holds("(2 more): Pal, Haunted Car")


def test_the_private_cards_setting_is_offered_for_goosebumps(harness: Any) -> None:
    from companion.games.goosebumps.ui import UI

    rows = [r for r in UI.settings(harness.app) if r.key == "look"]
    assert len(rows) == 1 and rows[0].label == "Private cards"
