"""Issue 25, "Done when", for Goosebumps: a whole game against the automated player played by
touches only, Undo included, while the test keeps its own model of the physical table, changed
only by following the steps the shell showed (each read on screen while the list was up) or,
when no list came up, by what a person did and entered themselves (their own pick-up, shown
ticked). Whenever no list is up, and at the end, the model is the device's table. Played twice:
the automated player's cards in a real holder, and a device hand nobody saw (its own shuffle).

Rulebook (shared/seeds, Goosebumps): GSB-03 "To Begin" (four cards each, in the holder), GSB-05
"Taking a Turn" (pick up to make five, play, move your monster), GSB-39 (Freeze Ray!), and the
STEAL spaces (take a card from another player's holder).
"""

from __future__ import annotations

from typing import Any, Callable

from companion.core.table import table_of
from tests.ui.flows import TableModel, same_table
from tests.ui.test_issue25_parts import window_text


def _whole_game(h: Any, hand: str, look: Callable[[], None] = lambda: None) -> tuple[TableModel, int]:
    """A two-player game against the Hard automated player in seat 2, to THE END; `look` is called
    whenever a screen is up (each page of a list too). Returns the table model and the Undos made."""
    from companion.games.goosebumps.ui.shots import Player, new_game

    app = h.app
    new_game(h, "hard", hand=hand)
    c = app.controller
    assert c.rules.code == "GSB" and c.state.automated == (False, True)
    assert c.state.options.device_hand == hand
    p = Player(h, seed=25)
    undos = turns = 0
    with TableModel(h) as table:
        table.look = look
        for _ in range(1500):
            if c.session.finished and not app.summary.shown:
                break
            if table.read():  # Done may let the device decide: a new list comes up, read too
                continue
            table.settle()
            look()
            person = not app.seat.plays(c.state) and app.sm.current == "gsb_table"
            turns += person
            if person and c.session.can_undo and undos < 3 and turns % 9 == 4:
                undos += 1
                h.tap("undo")
                if app.confirm.shown:
                    h.tap("confirm_ok")
                continue
            p.step()
        table.settle()
    assert c.session.finished and app.sm.current == "gsb_end"
    assert same_table(table.model, table_of(c.rules, c.state))
    return table, undos


def test_a_goosebumps_game_by_touches_whose_table_follows_only_the_steps_shown(harness: Any) -> None:
    table, undos = _whole_game(harness, "holder")  # the device in seat 2 with its own holder
    assert table.lists > 5 and table.followed > 20 and undos > 0 and table.ticked > 0, (
        table.lists, table.followed, undos, table.ticked)


def test_a_goosebumps_game_with_a_device_hand_nobody_saw_follows_only_the_steps_shown(harness: Any) -> None:
    """Issue 25 #8, played to the end: set-up "On the screen only", and each time the automated
    player picks up, "Let the device deal it (nobody sees it)" (GSB-03's deal and GSB-05's pick-up,
    from the device's own shuffle). No private screen ever opens; the table's model never holds a
    card of the device's; and no screen, list or notice names a Monster Mayhem card the device
    holds unless the table has seen one of that kind (on the discard pile, or offered as a choice:
    the shared screen offers every card a person's hidden hand could hold)."""
    from companion.games.goosebumps.cards import MAYHEM, title
    from companion.games.goosebumps.ui.screens.gsb_table import caption, offered

    h = harness
    app = h.app
    screens: set[str] = set()
    looks = [0]
    secrets_held = [0]
    deals = [0]

    def look() -> None:
        c = app.controller
        if c.session is None or c.rules.code != "GSB":
            return
        screens.add(app.sm.current)
        s = c.state
        waiting = c.view()["waiting"]
        if waiting["kind"] == "draw" and waiting["seat"] == "Device" and not app.summary.shown:
            # Its pick-up: the device deals from its own shuffle; nobody is offered to name its cards.
            assert h.visible("draw_shuffle") and not h.visible("draw_device")
            deals[0] += 1
        device = s.automated.index(True)
        public = set(s.discard) | {str(c.view()["waiting"].get("card", ""))}
        for inp in offered(c):
            public |= set(getattr(inp, "cards", ())) | {str(getattr(inp, "card", "") or "")}
        secret = {k for k in s.hands[device] if k in MAYHEM} - public
        if not secret:
            return
        secrets_held[0] += 1
        words = {caption(k) for k in secret} | {title(k) for k in secret}
        h.pump(frames=1)
        shown = [t for t in window_text() if any(w in t for w in words)]
        assert not shown, (secret, shown)
        looks[0] += 1

    table, undos = _whole_game(h, "screen", look)
    assert screens <= {"gsb_table", "gsb_end"}, screens  # never a private screen: nobody named its cards
    assert not [k for k in table.model if k.startswith("holder:")]  # it has no holder on the table
    assert table.lists > 5 and table.followed > 20 and undos > 0, (table.lists, table.followed, undos)
    assert secrets_held[0] > 10 and looks[0] > 10, (secrets_held, looks)  # it did hold cards the table never saw
    assert deals[0] > 3, deals
