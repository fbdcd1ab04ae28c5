"""Issue 25, "Done when", for The Stuff of Legend: a whole game by touches only, the device's parts
included (the Time track and the Boogeyman coin, the Boogeyman deck, the enemies it activates,
the Attention Level and Wound tracks), while the test keeps its own model of the physical table,
changed only by following the steps the shell showed (each read on screen while the list was up)
or, when no list came up, by what a person did and entered themselves (shown ticked: their Hero
marker placed, the card they paid, a card they turned up and scanned). Whenever no list is up,
and at the end, the model is the device's table. An Undo across the device's coin flip (and, where
one comes, its Boogeyman card) is followed by its put-back steps and gives back the table from
before it.

Two games, each with three heroes, the fewest the rulebook allows ("Players: 3-6"), so the Time
track is shortest ("Game Setup" 1b: the Boy's start depends on the number of players), each a
whole game in about 20 s:
- the table's default set-up: real Action cards, real board cards, the real Boogeyman deck (every
  card the table turns up or draws is picked on the scan screen, as with no camera);
- the device deals the cards and holds Max (Settings): its hero's Hero marker and card are steps
  the table does for it; the game ends at an exit after votes, a peek and the enemies.

Rulebook (shared/seeds, The Stuff of Legend): Game Setup 1-10; Phase 1: Player Actions
(Performing an Action: the Hero marker and the card paid); The Boogeyman Coin (Boy Face: "Move the
Boy marker one division down the Time track"); Boogeyman Cards; Phase 2: Enemy Activation;
Inflicting Wounds; Ending the Game.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.core.table import ToDo, follow, table_of

sys.path.insert(0, str(Path(__file__).parent))
from sol_table_bots import SEED, TouchTable, scrolled_to, set_up  # noqa: E402
from test_table_steps import shown_steps  # noqa: E402


def _same(model: Any, want: Any) -> bool:
    return {k: (x.place, x.face) for k, x in model.items()} == {k: (x.place, x.face) for k, x in want.items()}


class ScanTable(TouchTable):
    """The hero bots, and the cards the table turns up or draws picked on the scan screen (no
    camera): the scan screen's list, scrolled to by finger, then the card's row tapped."""

    def __init__(self, h: Any, seed: int) -> None:
        super().__init__(h, seed=seed, faces=())
        self.picked = 0

    def step(self) -> None:
        app = self.app
        if app.summary.shown or app.sm.current != "scan" or app.seat.plays(app.controller.state):
            super().step()
            return
        wanted = self.wanted()
        code = getattr(wanted, "code", None) or getattr(wanted, "card", None)
        assert code, f"the scan screen is up for {wanted!r}"
        w = scrolled_to(self.h, lambda w: getattr(w, "action", "") == f"pick:{code}")
        assert w is not None, f"{code} is not in the scan screen's list"
        self.h.tap_widget(w)
        self.picked += 1


class Follower:
    """The test's own model of the physical table, changed only by the steps the shell shows."""

    def __init__(self, h: Any) -> None:
        self.h = h
        self.app = h.app
        self.c = h.app.controller
        self.model = dict(table_of(self.c.rules, self.c.state))
        self.queued: list[ToDo] = []
        self.seen: list[str] = []  # the rows of the lists on screen since the model last followed
        self.counts = dict(followed=0, nexts=0, ticked=0, undos=0)
        self.shown: list[tuple[str, bool]] = []  # every step followed, and whether it came ticked
        self.undone: list[tuple[str, list[str]]] = []  # (what was taken back, its put-back steps)

    def listen(self) -> None:
        self.queued.extend(self.c.table_steps)

    def settle(self) -> None:
        """No list up: the model follows every step shown since, and is the device's table."""
        app, c = self.app, self.c
        if app.summary.shown:
            return
        for t in self.queued:  # each was shown in a list, or done (and entered) by the person
            assert t.done or t.step.text in self.seen, (t.step.text, self.seen)
            self.counts["ticked"] += t.done
            self.shown.append((t.step.text, t.done))
        now = follow(self.model, [t.step for t in self.queued])
        self.model.clear()
        self.model.update(now)
        self.counts["followed"] += len(self.queued)
        self.queued.clear()
        self.seen.clear()
        assert _same(self.model, table_of(c.rules, c.state)), c.history()[0][-3:]

    def read_lists(self) -> list[str]:
        """A person reads each list on screen and taps Next through it (Done may bring the next)."""
        h, app = self.h, self.app
        read: list[str] = []
        while app.summary.shown:
            self.counts["nexts"] += 1
            rows = list(app.summary.steps)
            assert shown_steps(h)[:len(rows)] == rows
            for row in rows:  # in plain words, each marker move said once: by its table step
                assert row[:1].isupper() and not re.search(r"\b[A-Z]{3}-[A-Z]?\d+", row), row
                assert not row.startswith(("Move the Army from ", "The Boy moves to ", "The Attention Level ")), row
            self.seen.extend(x for x in rows if x not in self.seen)
            read.extend(x for x in rows if x not in read)
            h.tap("summary_next")
        self.settle()
        return read

    def undo_across(self, tap: str) -> bool:
        """The device flips the coin (or draws the Boogeyman card): the table does its steps, then
        Undo; the put-back steps, followed, give back the table from before it. False (and no
        Undo) when the device's change moved nothing on the table (the coin's Boogeyman face: the
        card comes next)."""
        h, app, c = self.h, self.app, self.c
        before = dict(self.model)
        h.tap(tap)
        while app.summary.shown or app.seat.plays(c.state) and h.until(lambda: app.summary.shown, timeout=2.0):
            self.read_lists()
        self.settle()
        if _same(self.model, before):
            return False
        label = c.history()[0][-1]
        h.tap("undo")
        assert app.confirm.shown and label in app.confirm.message
        h.tap("confirm_ok")
        assert app.summary.shown and app.summary.heading == "Put the table back"
        back = self.read_lists()
        assert back and _same(self.model, before), (back, "the put-back steps did not give the table back")
        self.counts["undos"] += 1
        self.undone.append((label, back))
        return True


def play_following(h: Any, table: TouchTable, limit: int = 1500) -> Follower:
    """The game to its end by touches: every list read and followed, one Undo across the device's
    coin flip and one across its Boogeyman card draw (when the device draws it)."""
    app = h.app
    c = app.controller
    f = Follower(h)
    c.subscribe(f.listen)
    listen = c._listeners[-1]
    tried: set[str] = set()
    try:
        for _ in range(limit):
            if c.session.finished and not app.summary.shown:
                break
            if app.summary.shown:
                f.read_lists()
                continue
            f.settle()
            kind = c.state.head.kind if c.state.head is not None else ""
            calm = app.sm.current == "sol_coin" and not app.seat.plays(c.state)
            tap = {"coin": "coin:flip", "boogeyman_draw": "boog:draw"}.get(kind, "")
            if calm and tap and kind not in tried and h.visible(tap):
                if f.undo_across(tap):
                    tried.add(kind)
                continue
            table.step()
        f.settle()
    finally:
        c._listeners.remove(listen)
    assert c.session.finished and app.sm.current == "sol_end"
    assert _same(f.model, table_of(c.rules, c.state))
    return f


@pytest.mark.slow  # a whole game by touch, ~29 s: `make test-slow` (the suite's 15 minutes, 6 Dec 2026)
def test_the_default_table_real_cards_followed_only_by_the_steps_shown(harness: Any) -> None:
    h = harness
    set_up(h, digital=())
    c = h.app.controller
    s0 = c.state
    assert (s0.options.action_deck, s0.options.board_cards, s0.options.boogeyman_deck) == ("physical",) * 3
    while h.app.sm.current == "sol_private":  # each hero reads their Loyalty card behind the cover
        h.tap("hide" if h.app.screen("sol_private").opened else "reveal")
    table = ScanTable(h, seed=7)
    f = play_following(h, table)
    n = f.counts
    assert n["undos"] >= 1 and f.undone[0][0] == "The device flipped the coin", f.undone
    assert any(x.startswith("Move the Boy marker from ") for x in f.undone[0][1]), f.undone
    assert n["nexts"] > 10 and n["followed"] > 30 and n["ticked"] > 10, n
    assert table.picked >= 4, table.picked  # the Locations at set-up and a Boogeyman card, at least
    done = c.history()[0]
    assert any(x.startswith("Boogeyman card ") for x in done)  # one drawn from the real deck
    assert c.state.end == "boy_lost"  # the Time track ran out: the Boy marker went to BOY LOST


def test_the_device_deals_and_holds_a_hero_followed_only_by_the_steps_shown(harness: Any) -> None:
    """Settings: "Max (a hero)" is the device's. Its Hero marker and the cards are steps the table
    does for it; the coin and the Boogeyman card the device draws are undone once each."""
    h = harness
    app = h.app
    set_up(h)
    while app.sm.current == "sol_private":  # each hero reads their Loyalty card behind the cover
        h.tap("hide" if app.screen("sol_private").opened else "reveal")
    h.tap("games")
    h.tap("settings")
    h.tap("seat_max_row:normal")
    h.tap("back")
    h.tap("resume")
    assert app.prefs.device_level("SOL", "max") == "normal" and app.seat.seat == "max"
    made: list[Any] = []  # what the device's seat entered (it submits through the app, like a tap)
    submit = app.seat.submit
    app.seat.submit = lambda inp: (made.append(inp), submit(inp))[1]
    table = TouchTable(h, seed=SEED, faces=())
    try:
        f = play_following(h, table)
    finally:
        app.seat.submit = submit
    c = app.controller
    n = f.counts
    app.seat.submit = submit
    assert len(made) > 5 and all(getattr(inp, "seat", "max") == "max" for inp in made), made
    # Max's own acts were the device's: the table does them (its Hero marker comes as a step to
    # do); a person's are entered by their own hand (shown ticked).
    assert ("Put Max's Hero marker on the Hero Action board", False) in f.shown, f.shown
    assert any(done and text.startswith("Put ") and "Hero marker" in text for text, done in f.shown), f.shown
    assert n["undos"] == 2 and n["nexts"] > 10 and n["followed"] > 20, (n, f.undone)
    assert [label for label, _ in f.undone] == ["The device drew a Boogeyman card", "The device flipped the coin"]
    assert c.state.end in ("correct_exit", "wrong_exit")  # the party left by an exit (Ending the Game)


def test_the_coin_the_card_and_an_enemy_are_told_without_the_marker_moves_the_steps_say() -> None:
    """The lines before the table steps (ui.told): a marker move is said once, by its step
    ("Move an Army marker from Brooklyn to Briar Path"), never also as a line ("Move the Army from
    Brooklyn to Briar Path"), which a table following both would do twice; no rule ID reaches
    the table (Phase 2, Activating an Army: "the heroes take 1 wound")."""
    from companion.games.stuff_of_legend.ui import told

    notices = ["Move the Army from Brooklyn to Briar Path: it reaches the party, but deals nothing this phase.",
               "Move the Army from Zoo Gate to Broken Cages.", "Max flipped the coin: the Boy face.",
               "The Boy moves to division 4 of the Time track.", "The Attention Level rises to 2 (division 2).",
               "2 Army marker(s) added in Briar Path.", "Rose moves to Zoo Gate.", "Move the Hero Party marker to Hollow Oak.",
               "the Army in Briar Path stays and attacks: the heroes take 1 wound (SOL-97).", "Turn 2 begins."]
    assert told(notices) == ("The Army from Brooklyn reaches the party, but deals nothing this phase.",
                             "Max flipped the coin: the Boy face.",
                             "The Army in Briar Path stays and attacks: the heroes take 1 wound.", "Turn 2 begins.")
    assert len(told(notices, steps=False)) == len(notices)  # no table steps follow: every line stays
