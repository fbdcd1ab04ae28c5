"""A short Boogeyman game through the real widgets, by touches at screen coordinates: the map, the
virtual sensor mat, a scan through the mock camera into the card form (its title typed on the
on-screen keyboard), the die, undo and redo from the journal, the Search screen."""

from __future__ import annotations

import random
from typing import Any

from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.common import zone_name
from companion.games.boogeyman.state import DrawCard, NeedRoll
from companion.ui.hardware import CardScanner
from tests.ui.flows import start_game, tap_zone, through_summary, type_text


def drive_to(h: Any, pred: Any, seed: int = 1, limit: int = 400) -> None:
    """Other players' turns, played by legal inputs (the part of the game a test is not about);
    the Boogeyman's turns in between are waved through."""
    app = h.app
    c = app.controller
    rnd = random.Random(seed)
    for _ in range(limit):
        if app.summary.shown:
            app.summary.shown = False
            app.route()
        if pred(c.state):
            h.pump()
            return
        legal = [i for i in c.legal() if not isinstance(i, (I.StartFinale, I.MissionComplete, I.FinaleOutcome,
                                                           I.CardDrawn, I.PlayCard))]
        if not legal:
            legal = [i for i in c.legal() if isinstance(i, I.CardDrawn)]
        moves = [i for i in legal if not isinstance(i, I.EndTurn)]
        c.submit(rnd.choice(moves) if moves and rnd.random() < 0.85 else rnd.choice(legal))
    raise AssertionError("state not reached")


def test_short_game_through_the_widgets(harness: Any) -> None:
    h = harness
    app = h.app
    start_game(h)
    assert app.sm.current == "table"
    assert h.prompt() == "Mike: 3 Actions left"
    assert "Mike: 3 Actions left" in app.screen("table").ids.prompt.text
    # The status bar says the game is on only once the set-up is done.
    assert app.status.where == "Round 1 \u00b7 Mike's turn"

    # A touch on a zone the active child can reach moves him there.
    state = app.controller.state
    dst = next(i.to for i in app.controller.legal() if isinstance(i, I.Move) and i.to != state.babysitter)
    tap_zone(h, dst)
    assert h.prompt() == "Mike: 2 Actions left"

    # A zone he cannot reach: a clear toast with the rule behind it, nothing changes.
    far = "25" if dst != "25" else "24"
    tap_zone(h, far)
    assert app.toaster.shown and "is not next to" in app.toaster.text
    assert h.prompt() == "Mike: 2 Actions left"
    h.tap("toast_why")
    assert app.why.shown and "Moving" in app.why.ids.rules.children[-1].section
    h.tap("why_back")
    assert not app.why.shown
    app.toaster.hide()

    # The virtual mat never asks the table to fix anything: it follows the game.
    assert app.fix_text == "" and not app.screen("table").ids.fix.shown

    # The virtual mat: wait for the link, then move Mike's piece by hand into a room next door.
    assert h.until(lambda: app.sensors is not None and app.sensors.state == "ok", 5)
    assert h.until(lambda: app.sensors.occupied is not None and not app.sensors.filter.settling, 5)
    s = app.controller.state
    here = s.child("mike").zone
    occupied = {c.zone for c in s.children} | {s.babysitter, *s.boogeyman}
    room = next(i.to for i in app.controller.legal()
                if isinstance(i, I.Move) and i.to.isdigit() and i.to not in occupied)
    app.sensors.move_virtual(here, room)
    assert h.until(lambda: h.prompt() == "Mike: 1 Action left", 6), h.prompt()
    assert app.controller.state.child("mike").zone == room
    assert app.controller.history()[0][-1] == f"Mike moved to Room {room}"

    # Undo with its label, from the journal screen; then redo.
    h.tap("menu")
    assert app.sm.current == "journal"
    assert app.screen("journal").find("undo").caption == f"Undo: Mike moved to Room {room}"
    h.tap("undo")
    assert h.prompt() == "Mike: 2 Actions left"
    # The table puts Mike back (issue 25: Undo lists what to put back), then Redo moves him again.
    there = app.controller.state.child("mike").zone
    assert through_summary(h) == [f"Move Mike from Room {room} to {zone_name(app.controller.state, there)}"]
    h.tap("redo")
    assert h.prompt() == "Mike: 1 Action left", app.controller.history()
    assert through_summary(h) == [f"Move Mike from {zone_name(app.controller.state, there)} to Room {room}"]
    h.tap("table")
    assert app.sm.current == "table"

    # End the turn with the button.
    h.tap("end")
    assert h.prompt() == "Daphne: 3 Actions left"

    # A roll: the app goes to the die screen by itself; tap the face, keep it.
    drive_to(h, lambda st: bool(st.pending) and isinstance(st.pending[0], NeedRoll) and st.pending[0].child,
             seed=3)
    assert app.sm.current == "roll"
    assert "roll" in h.prompt().lower()
    h.tap("face3")
    if h.visible("keep"):
        h.tap("keep")
    assert not (app.controller.state.pending and isinstance(app.controller.state.pending[0], NeedRoll))

    # A card to draw, scanned by the (mock) camera: unknown the first time, so the table names it.
    if app.sm.current == "scan":
        h.tap("table")
    app.scanner = CardScanner("mock", schedule=app.later)
    assert app.scanner.open()
    app.go("table")
    drive_to(h, lambda st: bool(st.pending) and isinstance(st.pending[0], DrawCard)
             and st.pending[0].deck in ("SITR", "BOOG", "LGHT", "DARK", "SRCH"), seed=5)
    if app.sm.current != "scan":
        h.tap("scan")  # the card was already waiting: the Scan button opens the camera
    assert app.sm.current == "scan", app.sm.current
    p = app.controller.state.pending[0]
    assert "draw the top" in h.prompt()
    code = f"BGM:{p.deck}:05"
    app.scanner.camera.show(code)
    assert h.until(lambda: app.sm.current == "card_form", 8), (app.sm.current, app.scanner._worker,
                                                                 app.scanner.error)
    form = app.screen("card_form")
    h.tap("save")  # no title yet: refused, with a word on what to do
    assert app.sm.current == "card_form" and "title" in app.toaster.text
    h.tap_widget(form.ids.name)
    assert app.keyboard.shown, (form.ids.name.focus, app.toaster.shown, app.sm.current)
    type_text(h, "Creaking floor")
    h.tap("key:done")
    h.tap("effect:none")
    before = len(app.controller.history()[0])
    h.tap("save")
    assert len(app.controller.history()[0]) == before + 1
    assert app.controller.history()[0][-1].endswith("card \u201cCreaking floor\u201d")
    from cards_qr.codes import parse_code

    assert app.scanner.catalogue().lookup(parse_code(code)).title == "Creaking floor"
    app.scanner.camera.clear()


def test_pick_a_card_without_a_camera(harness: Any) -> None:
    h = harness
    app = h.app
    start_game(h, kids=("ray",), mode="solo")
    drive_to(h, lambda st: bool(st.pending) and isinstance(st.pending[0], DrawCard)
             and st.pending[0].deck in ("SITR", "BOOG", "LGHT", "DARK", "SRCH"), seed=9)
    assert app.sm.current == "scan"
    deck = app.controller.state.pending[0].deck
    scan = app.screen("scan")
    assert not scan.ids.camera.shown and "No camera" in scan.ids.picker_title.text
    assert "draw the top" in scan.ids.heading.text and "BGM:" not in scan.ids.heading.text
    h.tap("pick:new")  # a card without a sticker: named by its title
    assert app.sm.current == "card_form"
    h.tap_widget(app.screen("card_form").ids.name)
    type_text(h, "Spiders")
    h.tap("key:done")
    h.tap("effect:lose_candy")
    h.tap("n_plus")
    h.tap("save")
    assert app.controller.history()[0][-1].endswith("card \u201cSpiders\u201d")
    if app.summary.shown:  # the card's Candy comes off Ray's pile (issue 25: every change a step)
        assert "Take a Candy token off Ray's pile" in through_summary(h)
    # The next card of that deck: the name is in the list, by title.
    from companion.games.boogeyman.state import DrawCard as Draw

    from dataclasses import replace

    c = app.controller
    c.session._states.append(replace(c.state, pending=(Draw(deck, "ray"),)))  # type: ignore[union-attr]
    c._legal = None
    app.go("scan")
    h.pump(frames=3)  # the picker laid out (after the steps list, the scan screen is entered anew)
    named = [w for w in scan.ids.picker.children if "Spiders" in getattr(w, "caption", "")]
    assert named, [w.caption for w in scan.ids.picker.children][:5]
    h.tap_widget(named[0])
    assert c.history()[0][-1].endswith("card \u201cSpiders\u201d")
    c.session._states.pop(-2)  # type: ignore[union-attr]


def test_search_asks_what_the_physical_token_shows(harness: Any) -> None:
    h = harness
    app = h.app
    start_game(h, kids=("leila",), mode="solo")
    drive_to(h, lambda st: not st.pending and any(isinstance(i, I.Search) for i in app.controller.legal()),
             seed=11)
    app.go("table")
    h.pump()
    s = app.controller.state
    zone = s.child("leila").zone
    tokens_before = len(s.room(zone).stack)
    h.tap("search")
    assert app.sm.current == "found"
    assert "turn the top token over" in app.screen("found").ids.prompt.text
    h.tap("found:objective:0")
    s = app.controller.state
    assert s.child("leila").objectives == ("red",)  # what the table said, whatever the device dealt
    assert len(s.room(zone).stack) == tokens_before - 1
    assert app.controller.history()[0][-1] == f"Leila searched Room {zone}"
    assert app.sm.current == "table"


def test_a_search_token_sticker_is_learnt_once_then_read_by_the_camera(harness: Any) -> None:
    h = harness
    app = h.app
    start_game(h, kids=("tommy",), mode="solo")
    app.scanner = CardScanner("mock", schedule=app.later)
    assert app.scanner.open()

    def search_now() -> None:
        drive_to(h, lambda st: not st.pending and any(isinstance(i, I.Search) for i in app.controller.legal()),
                 seed=13)
        app.go("table")
        h.tap("search")
        assert app.sm.current == "found"

    # First time: a sticker the companion has never seen. The table names it with one tap.
    search_now()
    before = len(app.controller.history()[0])
    app.scanner.camera.show("BGM:STOK:07")
    assert h.until(lambda: "New token BGM:STOK:07" in app.screen("found").ids.prompt.text, 8)
    h.tap("found:candy:0")
    assert len(app.controller.history()[0]) == before + 1
    from cards_qr.codes import parse_code

    assert app.scanner.catalogue().lookup(parse_code("BGM:STOK:07")).title.endswith("Candy")
    app.scanner.camera.clear()

    # Next time the same sticker under the camera is played with no tap at all.
    search_now()
    before = len(app.controller.history()[0])
    app.scanner.camera.show("BGM:STOK:07")
    assert h.until(lambda: len(app.controller.history()[0]) == before + 1, 8)
    assert app.controller.history()[0][-1].startswith("Tommy searched")
    app.scanner.camera.clear()
