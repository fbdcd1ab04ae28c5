"""Bump in the Night's drawn cards read by the camera (the mock camera renders real QR frames of the
stickers, companion/scan/synth.py; the scan worker decodes them off the UI thread, as on the Pi):
on the player's private screen, only while they look; the same Draw a tap makes; a sticker of
another game refused with words, nothing lost; no Label names a card once the screen is covered."""

from __future__ import annotations

from typing import Any

from companion.ui.hardware import CardScanner
from tests.ui.test_bin_game import start_game


def window_text() -> list[str]:
    from kivy.core.window import Window
    from kivy.uix.label import Label

    return [str(w.text) for root in Window.children for w in root.walk(restrict=True) if isinstance(w, Label)]


def reads_whole(h: Any) -> None:
    """The camera's words fit their labels (companion/ui/fit.py), as tests/ui/test_text_fits.py checks the rest."""
    from companion.ui.fit import cut_labels

    h.app.toaster.hide()
    h.pump(frames=3)
    assert cut_labels() == []


def camera_on(h: Any) -> Any:
    app = h.app
    app.scanner = CardScanner("mock", game=app.controller.rules.code, schedule=app.later)  # as Settings does
    assert app.scanner.open()
    return app.scanner.camera


def to_the_deal(h: Any) -> None:
    """Two people (no device seat); the die shows 4; the device places the girls; the deal begins."""
    app = h.app
    start_game(h, monster="")
    h.tap("group:roll")
    h.tap("choice:3")
    h.tap("group:girls")
    while app.summary.shown:
        h.tap("summary_next")
    assert app.sm.current == "bin_hand" and app.controller.state.phase.value == "deal"


def test_a_card_dealt_is_read_by_the_camera_into_the_players_hand(harness: Any) -> None:
    """BIN-07/12, "Setup" and "Card Overview" (one deck, three cards each), with the house's rule that
    a hand reaches a screen only through its own seat's observation: Red's first card is dealt; the
    camera is off behind the cover ("Pass the device to Red"), on once Red looks; Panic's sticker
    (BIN:ACTN:04) under it becomes Draw("BIN:ACTN:04") in Red's hand, exactly that copy; the screen
    covers itself for Yellow and no Label in the window names Panic. Yellow's look: a Goosebumps
    sticker is refused with the words of the scan screen and nothing changes; then a Block card of
    Yellow's is read. A tap on a title still works beside the camera."""
    h = harness
    app = h.app
    c = app.controller
    to_the_deal(h)
    cam = camera_on(h)
    h.pump(frames=2)
    app.go("bin_hand")
    assert app.scanner.label == "Camera: ready"  # behind the cover nothing is read
    h.tap("look")
    assert app.scanner.label == "Camera: scanning"
    assert "sticker under the camera" in app.screen("bin_hand").ids.note.text
    reads_whole(h)
    before = len(c.history()[0])
    cam.show("BIN:ACTN:04")
    assert h.until(lambda: len(c.history()[0]) == before + 1, 8), app.toaster.text
    assert c.state.hands[0] == ("BIN:ACTN:04",) and c.history()[0][-1] == "Red drew a card"
    assert app.toaster.text == "Red's card is read"
    cam.clear()
    h.pump(frames=2)
    # Yellow's card next: covered again, the camera off, and nothing of Red's card on screen.
    assert app.sm.current == "bin_hand" and app.screen("bin_hand").find("look").shown
    assert app.scanner.label == "Camera: ready"
    assert not [t for t in window_text() if "Panic" in t or "ACTN" in t], window_text()

    app.toaster.hide()  # (it lies over the cover's button: a finger taps through, the walker does not look)
    h.tap("look")
    cam.show("GSB:MAYH:11")
    assert h.until(lambda: app.toaster.shown and "belongs to Goosebumps" in app.toaster.ids.msg.text, 8)
    assert "not Bump in the Night" in app.toaster.ids.msg.text and len(c.history()[0]) == before + 1
    cam.show("BIN:BLCK:03")  # A Charm Against Ghosts
    assert h.until(lambda: len(c.history()[0]) == before + 2, 8), app.toaster.text
    assert c.state.hands[1] == ("BIN:BLCK:03",)
    cam.clear()
    assert app.toaster.text == "Yellow's card is read" and app.screen("bin_hand").find("look").shown
    assert not [t for t in window_text() if "Charm" in t or "BLCK" in t], window_text()
    # Red's second card by touch: the fallback, beside the camera.
    app.toaster.hide()
    h.tap("look")
    h.tap("group:drawn:ACTN")
    h.tap("choice:0")
    assert len(c.state.hands[0]) == 2 and len(c.history()[0]) == before + 3


def test_a_card_left_under_the_camera_is_not_the_next_players_draw(harness: Any) -> None:
    """BIN-12, "Card Overview": a card lying under the camera is one draw, not one a frame. Red's
    Bonus card (one of its kind) read, Red leaves it there and passes the device: when Yellow looks
    it is refused without its name (the rules would have refused it by name: "no Den of Evil card
    is left"), nothing changes; Yellow's own card is then read."""
    h = harness
    app = h.app
    c = app.controller
    to_the_deal(h)
    cam = camera_on(h)
    app.go("bin_hand")
    h.tap("look")
    before = len(c.history()[0])
    cam.show("BIN:BONS:01")
    assert h.until(lambda: len(c.history()[0]) == before + 1, 8)
    name = app.controller.view("red")["hand"][0]["name"]
    h.pump(0.4)  # more frames with the card still there: still one draw
    assert c.state.hands == (("BIN:BONS:01",), ())
    app.toaster.hide()
    h.tap("look")  # Yellow, with Red's card still under the camera
    assert h.until(lambda: app.toaster.shown and "read into a hand already" in app.toaster.ids.msg.text, 8)
    assert name not in app.toaster.ids.msg.text and c.state.hands == (("BIN:BONS:01",), ())
    cam.show("BIN:ACTN:01")
    assert h.until(lambda: c.state.hands[1] == ("BIN:ACTN:01",), 8), app.toaster.text
    cam.clear()


def test_the_chart_card_and_the_device_holders_cards_on_the_table_screen(harness: Any) -> None:
    """BIN-09, "Setup, Note": a card drawn instead of the die, read by the camera on the table
    screen, gives the chart its corner number. BIN-12 with the device's monster player: a card dealt
    face down into its holder is read on the table screen, and the table is told only that it is
    in (no name: the device's hand is hidden from the table)."""
    h = harness
    app = h.app
    c = app.controller
    start_game(h, monster="yellow")
    cam = camera_on(h)
    app.go("bin_table")
    assert app.scanner.label == "Camera: scanning"  # the chart: a die or a card
    reads_whole(h)
    cam.show("BIN:ACTN:05")  # Panic, corner number 5 in the shipped file: roll again (BIN-G1)
    assert h.until(lambda: c.history()[0][-1:] == ("A card was drawn for the chart: 5",), 8), c.history()[0]
    cam.show("BIN:ACTN:04")  # corner number 4
    assert h.until(lambda: c.state.phase.value != "roll", 8)
    assert c.history()[0][-1] == "A card was drawn for the chart: 4"
    cam.clear()
    h.tap("group:girls")
    while app.summary.shown:
        h.tap("summary_next")
    h.tap("look")  # Red's first card, by touch
    h.tap("group:drawn:ACTN")
    h.tap("choice:0")
    assert app.sm.current == "bin_table" and c.state.pending[0].seat == 1  # Yellow, the device
    assert app.scanner.label == "Camera: scanning"
    assert "Or scan the card dealt to Yellow" in app.screen("bin_table").ids.choices_note.text
    reads_whole(h)
    cam.show("BIN:BLCK:03")
    assert h.until(lambda: c.state.hands[1] == ("BIN:BLCK:03",), 8), app.toaster.text
    h.pump(frames=2)
    assert not [t for t in window_text() if "Charm" in t or "BLCK" in t], window_text()
    cam.clear()


def test_without_a_camera_the_draw_is_tapped_and_the_camera_is_probed_once_a_look(harness: Any,
                                                                                  monkeypatch: Any) -> None:
    """No camera (the harness's `none`): the hand-over screen says nothing of one and the draw is a
    tap; the camera is asked for once when Red looks, not again at every refresh."""
    h = harness
    app = h.app
    c = app.controller
    to_the_deal(h)
    asked: list[bool] = []
    begin = app.scanner.begin
    monkeypatch.setattr(app.scanner, "begin", lambda *a: asked.append(begin(*a)) or asked[-1])
    app.go("bin_hand")
    h.tap("look")
    h.tap("group:drawn:ACTN")
    h.tap("back_group")
    h.tap("group:drawn:BLCK")
    assert asked == [False] and "camera" not in app.screen("bin_hand").ids.note.text
    h.tap("choice:0")
    assert len(c.state.hands[0]) == 1 and c.history()[0][-1] == "Red drew a card"


def test_a_camera_pulled_out_while_a_player_looks_leaves_the_draw_to_a_tap(harness: Any,
                                                                          monkeypatch: Any) -> None:
    """A pulled cable: the camera fails while Red looks; the toast says so and what to do, the
    screen stops offering the camera, nothing changes, and Red's card is tapped instead."""
    h = harness
    app = h.app
    c = app.controller
    to_the_deal(h)
    cam = camera_on(h)
    app.go("bin_hand")
    h.tap("look")
    note = app.screen("bin_hand").ids.note
    assert "camera" in note.text

    def unplugged() -> Any:
        raise OSError("the camera is gone")

    monkeypatch.setattr(cam, "read", unplugged)
    assert h.until(lambda: app.toaster.shown and "Name the card by touch" in app.toaster.ids.msg.text, 8)
    assert "the camera is gone" in app.toaster.ids.msg.text and "camera" not in note.text
    assert c.state.hands == ((), ())
    app.toaster.hide()
    h.tap("group:drawn:ACTN")
    h.tap("choice:0")
    assert len(c.state.hands[0]) == 1 and c.history()[0][-1] == "Red drew a card"
