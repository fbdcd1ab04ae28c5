"""Goosebumps' cards read by the camera (the mock camera renders real QR frames of the stickers,
companion/scan/synth.py, decoded by the scan worker off the UI thread as on the Pi): a pick-up and
the holder's deal on the private screen, only once the cover is lifted, each sticker as a tap on
its card; a sticker of another game or one read twice refused with words, nothing named lost; the
shared screen names no card afterwards. A card taken on STEAL, played face up, read on the table.
Stickers follow the default layout (companion/games/goosebumps/cards.py, card_for_code): GSB:NUMB
01-09 are the 1s, 10-18 the 2s, ...; GSB:MAYH 01-03 Pal, 04-05 Car, 06-07 Book, 08-09 Stine,
10 Gnomies, 11 Freeze Ray! in the shipped mix."""

from __future__ import annotations

from typing import Any

from companion.ui.hardware import CardScanner
from tests.ui.test_bin_scan import reads_whole
from tests.ui.test_gsb_game import labels, shown_actions, to_the_devices_deal, two_people, window_text

STICKER = {"3": "GSB:NUMB:20", "pal": "GSB:MAYH:01", "car": "GSB:MAYH:04", "freeze": "GSB:MAYH:11",
           "stine": "GSB:MAYH:08", "book": "GSB:MAYH:06", "4": "GSB:NUMB:28", "6": "GSB:NUMB:46"}


def camera_on(h: Any) -> Any:
    app = h.app
    app.scanner = CardScanner("mock", game="GSB", schedule=app.later)  # as Settings makes a new one
    assert app.scanner.open()
    return app.scanner.camera


def show(h: Any, cam: Any, code: str, until: Any, gone: bool = False) -> None:
    """One showing of a sticker, then the tray cleared; `gone`: long enough for the scanner to count
    the card as having left the view (companion/scan/presence.py), so showing it again is new."""
    cam.show(code)
    assert h.until(until, 8), (code, h.app.toaster.text)
    cam.clear()
    if gone:  # (a busy machine decodes fewer frames a second: waited for, not timed)
        assert h.until(lambda: not h.app.scanner.session.presence.in_view, 8)
    else:
        h.pump(0.1)


def no_card_named(words: set[str]) -> list[str]:
    return [t for t in window_text() if any(w in t for w in words)]


def test_a_pick_up_is_scanned_on_the_private_screen_and_the_table_shows_none_of_it(harness: Any) -> None:
    """GSB-03, "To Begin" (each player is dealt FOUR cards), with the house's rule that a hand
    reaches a screen only through its own seat's observation: behind the cover the camera reads
    nothing; once Player 1 looks, a 3's sticker names a 3; a Bump in the Night sticker is refused
    with the scan screen's words and the 3 stays named; the 3's sticker shown again is refused (one
    card, one pick-up); Pal by sticker, the Haunted Car by touch, the Freeze Ray! by sticker send
    the pick-up. The table then says only that four were named, no Label names one, the camera is
    off. Player 2 looks with Player 1's last card still under the camera: it is refused without its
    name (one card cannot be in two hands); Player 2's own card is read."""
    from companion.games.goosebumps.cards import title
    from companion.games.goosebumps.ui.screens.gsb_table import caption

    h = harness
    app = h.app
    c = two_people(h)
    cam = camera_on(h)
    h.tap("draw_name")
    assert app.sm.current == "gsb_pickup" and app.scanner.label == "Camera: ready"
    cam.show(STICKER["3"])
    h.pump(0.5)  # frames under the camera while covered: nothing named
    assert app.screen("gsb_pickup").picked == []
    cam.clear()
    h.tap("look")
    assert app.scanner.label == "Camera: scanning"
    assert any("hold its sticker under the camera" in t for t in window_text())
    reads_whole(h)
    note = app.screen("gsb_pickup").ids.look  # the cards named: the cover's secret, no Label's
    show(h, cam, STICKER["3"], lambda: "(3 more): 3" in note.secret, gone=True)
    show(h, cam, "BIN:ACTN:01", lambda: app.toaster.shown and "belongs to Bump in the Night" in app.toaster.ids.msg.text)
    assert "not Goosebumps" in app.toaster.ids.msg.text and "(3 more): 3" in note.secret
    show(h, cam, STICKER["3"], lambda: "named already in this pick-up" in app.toaster.ids.msg.text)
    assert "(3 more): 3" in note.secret
    show(h, cam, STICKER["pal"], lambda: "(2 more): 3, Pal" in note.secret)
    h.tap("card:car")
    cam.show(STICKER["freeze"])  # and left lying under the camera
    assert h.until(lambda: c.state.hands[0] == ("3", "pal", "car", "freeze"), 8), app.toaster.text
    assert labels(app)[-1] == "Player 1 picked up 4 cards" and app.sm.current == "gsb_table"
    assert app.scanner.label == "Camera: ready"
    h.pump(frames=2)
    words = {caption(k) for k in ("pal", "car", "freeze")} | {title(k) for k in ("pal", "car", "freeze")}
    assert no_card_named(words) == [] and "Player 1 named the 4 cards in private" in " ".join(window_text())
    private = app.screen("gsb_pickup")
    assert not [w.text for w in private.walk(restrict=True) if any(x in str(getattr(w, "text", "")) for x in words)]

    # Player 2 looks with Player 1's Freeze Ray! still under the camera: refused, by where it is, not by
    # its name (Player 1's hand is hidden) nor its sticker code (issue 26).
    h.tap("draw_name")
    h.tap("look")
    assert h.until(lambda: app.toaster.shown and "read into a hand already" in app.toaster.ids.msg.text, 8)
    said = (app.toaster.ids.msg.text, note.secret, private.ids.heading.text)  # (its buttons name every kind)
    assert private.picked == [] and "in another player's hand" in said[0] and "GSB:" not in said[0], said
    assert not any("Freeze" in t for t in said), said
    cam.clear()
    assert h.until(lambda: not app.scanner.session.presence.in_view, 8)
    show(h, cam, STICKER["4"], lambda: "(3 more): 4" in note.secret)


def test_the_holders_cards_are_scanned_in_private(harness: Any) -> None:
    """GSB-03, "To Begin", at three players with the automated player in seat 2: whoever deals its
    four cards face down into the holder scans them on the private screen (a Not that one taken back
    with its sticker, which may then be read again); the table says only that they are named."""
    from companion.games.goosebumps.cards import title
    from companion.games.goosebumps.ui.screens.gsb_table import caption

    h = harness
    app = h.app
    c = to_the_devices_deal(h)
    cam = camera_on(h)
    h.tap("draw_device")
    h.tap("look")
    note = app.screen("gsb_pickup").ids.look  # the cards named: the cover's secret, no Label's
    reads_whole(h)
    show(h, cam, STICKER["stine"], lambda: "(3 more): R.L. Stine!" in note.secret)
    show(h, cam, STICKER["4"], lambda: "(2 more): R.L. Stine!, 4" in note.secret, gone=True)
    h.tap("card_back")  # not that one: the 4 goes back, its sticker with it
    show(h, cam, STICKER["4"], lambda: "(2 more): R.L. Stine!, 4" in note.secret)
    show(h, cam, STICKER["book"], lambda: "(1 more)" in note.secret)
    show(h, cam, STICKER["6"], lambda: c.state.hands[1] == ("stine", "4", "book", "6"))
    assert labels(app)[-1] == "Device picked up 4 cards" and app.sm.current == "gsb_table"
    h.pump(frames=2)
    words = {caption(k) for k in ("stine", "book")} | {title(k) for k in ("stine", "book")}
    assert no_card_named(words) == [] and "Device's 4 cards are named" in " ".join(window_text())
    assert "draw_device" not in shown_actions(h)


def test_a_card_taken_on_steal_is_read_on_the_table(harness: Any) -> None:
    """GSB-20, "Steal": take a card from another player without looking and play it at once.
    Two people; the table plays until Player X lands on STEAL and takes from the other's hidden
    hand; the card taken, face up, is read by the camera on the table screen: the same Take as
    its "It was ..." button."""
    from companion.games.goosebumps import inputs as I
    from companion.games.goosebumps.cards import title
    from companion.games.goosebumps.state import TakeStep
    from companion.games.goosebumps.ui.shots import Player
    from companion.games.goosebumps.ui.screens.gsb_table import offered

    h = harness
    app = h.app
    c = two_people(h)
    Player(h, seed=3).play(lambda: isinstance(c.state.head, TakeStep), limit=1500)
    assert app.sm.current == "gsb_table"
    cam = camera_on(h)
    app.go("gsb_table")
    assert app.scanner.label == "Camera: scanning"
    assert "hold its sticker under the camera" in app.screen("gsb_table").ids.note.text
    reads_whole(h)
    card = next(i.card for i in offered(c) if isinstance(i, I.Take) and i.card in STICKER)
    before = len(labels(app))
    thief, victim = c.state.seats[c.state.head.seat], c.state.seats[c.state.head.victim]
    show(h, cam, STICKER[card], lambda: len(labels(app)) == before + 1)
    assert labels(app)[-1] == f"{thief} stole {title(card)}"
    assert f"{thief} steals {title(card)} from {victim}" in " ".join(c.view()["notices"])
    assert not isinstance(c.state.head, TakeStep)


def status_camera(h: Any) -> str:
    """The camera's words on the status bar, as drawn there."""
    h.pump(frames=2)
    return " ".join(str(w.text) for w in h.app.status.walk(restrict=True) if "amera" in str(getattr(w, "text", "")))


def test_the_status_bar_says_the_camera_reads_while_the_private_screen_does(harness: Any) -> None:
    """docs/ui.md, cards read on a game's own screens: the status bar follows the camera on the
    private screen, not only the screen entered: "ready" behind the cover, "scanning" once the
    pick-up is named with the camera, "ready" again when the cover comes back."""
    h = harness
    two_people(h)
    camera_on(h)
    h.tap("draw_name")
    assert "Camera: ready" in status_camera(h)
    h.tap("look")
    assert "Camera: scanning" in status_camera(h)
    h.tap("pickup_cancel")  # hide, name none: the cover on the table's screen again
    assert h.app.sm.current == "gsb_table" and "Camera: ready" in status_camera(h)
    h.tap("draw_name")
    h.tap("look")
    assert "Camera: scanning" in status_camera(h)
    for _ in range(4):  # the pick-up named by touch: covered, back at the table
        h.tap("card:1")
    assert h.app.sm.current == "gsb_table" and "Camera: ready" in status_camera(h)
