"""Boogeyman's screens for `companion shots`: a representative night, every screen on the way."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable

from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.state import Difficulty, Mode, Options, Phase, PlayFinale, State, SteerBabysitter


def drive(h: Any, until: Callable[[State], bool], seed: int = 3, limit: int = 300) -> bool:
    """Play legal inputs (seeded) until the state is the one wanted; the Finale is never started."""
    rnd = random.Random(seed)
    c = h.app.controller
    for _ in range(limit):
        if until(c.state):
            return True
        legal = [i for i in c.legal() if not isinstance(i, (I.StartFinale, I.MissionComplete, I.FinaleOutcome))]
        if not legal:
            return False
        moves = [i for i in legal if not isinstance(i, I.EndTurn)]
        pick = rnd.choice(moves) if moves and rnd.random() < 0.8 else rnd.choice(legal)
        c.submit(pick)
    return until(c.state)


def take(h: Any, shot: Callable[[str], Any]) -> None:
    app = h.app
    app.go("choose")
    shot("01_choose_game")
    h.choose_game("boogeyman")
    sw = app.screen("setup")
    sw.mode, sw.difficulty = "coop", "hard"
    sw.refresh()
    shot("02_setup_mode")
    h.tap("next")
    for k in ("mike", "daphne", "ray"):
        h.tap(f"child:{k}")
    shot("03_setup_children")
    h.tap("next")
    while sw.step < len(sw.steps) - 1 and "Hard Mode" not in sw.steps[sw.step]:
        h.tap("next")
    shot("04_setup_step")
    while app.sm.current == "setup":
        h.tap("next")
    c = app.controller
    c.submit(I.Move("mike", next(i.to for i in c.legal() if isinstance(i, I.Move))))
    drive(h, lambda s: s.round >= 2 and not s.pending and s.actions_left == 2, seed=5)
    app.summary.shown = False
    app.go("table")
    h.pump(1.0)
    shot("05_table")
    # A refused tap: a room Mike cannot reach. The toast's "Why?" shows the rule behind it.
    # A move on the house: a tap on Mike's room picks him up and lights where he may go.
    cells = app.screen("table").ids.map.cells
    h.tap_widget(cells[c.state.child("mike").zone])
    shot("05a_table_move")
    far = next(z for z in ("25", "24", "19") if z not in {i.to for i in c.legal() if isinstance(i, I.Move)})
    h.tap_widget(cells[far])
    h.tap("toast_why")
    shot("05c_why")
    app.why.shown = False
    app.toaster.hide()
    app.go("found")
    shot("05b_search_found")
    app.go("table")
    # The Boogeyman's turn: the children end theirs, then its steps wait for the table.
    # (A round where it appears, so the picture shows a reveal.)
    for attempt in range(8):
        drive(h, lambda s: not s.pending and s.turn == len(s.order) - 1 and not s.finale_room,
              seed=7 + attempt)
        app.summary.shown = False
        app.go("table")
        c.submit(I.EndTurn())
        # (the rules' notice, in English in every language: the steps shown are said in the table's)
        if app.summary.shown and any("The Boogeyman appears" in n for n in c.state.notices):
            app.summary.next()
            shot("05d_boogeyman_turn")
            break
    while app.summary.shown:
        app.summary.next()
    # What lasts stays on the table: a state put in front of the session for the picture, its
    # cards' titles taught as the table teaches them (printed names: shown as printed in German).
    from cards_qr.codes import CardCode
    from companion.scan.catalogue import CardInfo

    lasting = (("EVNT", 6, "Blackout"), ("TRBL", 2, "The phone rings"), ("NGHT", 4, "Whispers in the walls"))
    for deck, n, title in lasting:
        app.scanner.catalogue().remember(CardCode("BGM", deck, n), CardInfo(title, deck))
    s0 = c.state
    kids = tuple(replace(k, status=0, candy=0, nightmare="BGM:NGHT:04") if k.name == "ray" else k
                 for k in s0.children)
    c.session._states.append(replace(  # type: ignore[union-attr]
        s0, active_event="BGM:EVNT:06", trouble="BGM:TRBL:02", children=kids, pending=(),
        names=(("BGM:EVNT:06", "Blackout"), ("BGM:TRBL:02", "The phone rings"),
               ("BGM:NGHT:04", "Whispers in the walls")),
        notices=("Event: Blackout. It lasts the whole next round",)))
    c._legal = None
    app.go("table")
    shot("05e_in_play")
    c.session._states.pop()  # type: ignore[union-attr]
    c._legal = None
    drive(h, lambda s: bool(s.pending) and type(s.pending[0]).__name__ == "NeedRoll"
          and bool(s.pending[0].child), seed=7)
    app.summary.shown = False
    app.go("roll")
    shot("06_roll")
    c.submit(I.RollDie(4))
    if c.pending_screen() == "roll":
        app.go("roll")
        app.screen("roll").delta = -1
        app.screen("roll").refresh()
        shot("07_roll_candy")
    drive(h, lambda s: bool(s.pending) and type(s.pending[0]).__name__ == "DrawCard"
          and s.pending[0].deck in ("SITR", "BOOG", "LGHT", "DARK", "SRCH"), seed=11)
    app.summary.shown = False
    # No camera: the pick-a-card list, by the titles the table gave the cards.
    deck = c.state.pending[0].deck  # type: ignore[union-attr]
    cat = app.scanner.catalogue()
    for n, title in enumerate(("Creaking stairs", "Lights out", "A cold hand", "Footsteps above"), 1):
        cat.remember(CardCode("BGM", deck, n), CardInfo(title, deck))
    app.go("table")
    app.go("scan")
    shot("08b_scan_no_camera")
    # The scan screen with the demo camera showing the card the table drew.
    from companion.ui.hardware import CardScanner

    app.scanner = CardScanner("mock", schedule=app.later)
    app.scanner.open()
    deck = c.state.pending[0].deck  # type: ignore[union-attr]
    app.scanner.camera.show(f"BGM:{deck}:07")
    app.scanner.catalogue()
    app.go("table")
    app.scanner.session.presence.absent_s = 9999  # keep the shot on the scan screen
    app.scanner.begin = lambda *a, **k: _preview_only(app.scanner)  # type: ignore[method-assign]
    app.go("scan")
    h.pump(0.5)
    _blit(app)
    shot("08_scan")
    app.screen("card_form").ask(CardCode("BGM", deck, 7))
    app.go("card_form")
    app.screen("card_form").pick("babysitter_toward")
    h.tap_widget(app.screen("card_form").ids.name)  # the on-screen keyboard comes up
    for ch in "Creaking st":
        h.tap(f"key:{ch.lower()}" if ch != " " else "key:space")
    shot("09b_keyboard")
    for ch in "airs":
        h.tap(f"key:{ch}")
    app.keyboard.close(submit=False)
    shot("09_card_form")
    app.fix_text = "Move the Babysitter from Room 10 to corridor C2"
    app.question = None
    app.go("mismatch")
    shot("10_mismatch")
    app.fix_text = ""
    app.go("table")
    app.ask_undo()
    shot("10b_undo_confirm")
    app.confirm.shown = False
    app.go("journal")
    shot("11_journal")
    app.go("rules")
    shot("11b_rules")
    app.go("settings")
    shot("12_settings")
    app.go("calibrate")
    shot("13_calibrate")
    # The Finale: a state put in front of the session for the picture only (not journaled).
    s = c.state
    c.session._states.append(replace(  # type: ignore[union-attr]
        s, phase=Phase.FINALE, pending=(PlayFinale(),), finale_room="14", leader="daphne",
        finale_number=17, finale_children=("daphne", "mike"), mission_done=True))
    c._legal = None
    app.go("finale")
    shot("14_finale")
    c.session._states.pop()  # type: ignore[union-attr]
    # A Competitive game: the Boogeyman player's private screen.
    app.prefs.boogeyman = "person"  # a player's private screen (the device would hide it)
    app.seat.level = "person"
    app.summary.shown = False
    c.new_game("BGM", Options(mode=Mode.COMPETITIVE, difficulty=Difficulty.NORMAL, children=("peter", "leila")), 4)
    app.go("boogeyman")
    shot("15_boogeyman_cover")
    app.screen("boogeyman").show()
    for z in ("3", "12", "23"):
        app.screen("boogeyman")._toggle(z, 3)
    shot("16_boogeyman_private")
    from companion.ui import touch

    with touch.held_down(h.find("hold")):  # the Boogeyman player's finger on the cover: the Ladder shows meanwhile
        shot("16b_boogeyman_held")
    # A Possessed Babysitter steered on the house (a state put in front for the picture only).
    c.session._states.append(replace(c.state, pending=(SteerBabysitter(3),)))  # type: ignore[union-attr]
    c._legal = None
    bgm = app.screen("boogeyman")
    bgm.hide()
    bgm.show()
    h.pump(0.5)  # the house laid out in the choices' place
    h.tap_widget(bgm.house.cells[c.state.babysitter])
    lit = sorted(z for z, cell in bgm.house.cells.items() if (cell.info or {}).get("movable"))
    h.tap_widget(bgm.house.cells[lit[0]])
    shot("17_boogeyman_steer")
    c.session._states.pop()  # type: ignore[union-attr]


def _preview_only(scanner: Any) -> bool:
    from companion.ui.hardware import _Tee

    scanner._tee = _Tee(scanner.camera)
    scanner._tee.read()
    return False


def _blit(app: Any) -> None:
    app.screen("scan")._preview(0)
