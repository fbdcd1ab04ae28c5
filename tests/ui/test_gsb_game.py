"""Goosebumps in the app, by touch only: set up against the automated player, deal, play a whole
game through steals, a Freeze Ray! and THE END; a hand shown on the private screen behind its cover; a monster
put right with a tap on the track; undo and resume from the Goosebumps screens. The people at the
table are companion/games/goosebumps/ui/shots.py's Player, which reads the choices on screen and
taps them (`harness.tap`: the window's touch dispatch at the button's position)."""

from __future__ import annotations

import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

# The pack's screens import Kivy's widgets: imported inside the tests, never at collection (an
# SDL window opened while collecting makes the simulation tests' forked workers hang at exit).


from tests.ui.flows import gsb_pick, table_done, through_summary


@contextmanager
def held(h: Any) -> Iterator[Any]:
    """A finger down on the private screen's hold-to-reveal cover (what it hides shows meanwhile),
    lifted afterwards: through the window's touch dispatch at the cover's position."""
    from companion.ui import touch

    finger = touch.Finger()
    finger.down(*touch.centre(h.find("hold")))
    h.pump(frames=2)
    try:
        yield finger
    finally:
        finger.up()
        h.pump(frames=2)


def labels(app: Any) -> tuple[str, ...]:
    return app.controller.history()[0]


def test_a_whole_game_against_the_automated_player_by_touch(harness: Any) -> None:
    from companion.games.goosebumps.ui.shots import Player, new_game

    h = harness
    app = h.app
    new_game(h, "hard")  # the tile, 2 players, the device in seat 2 at Hard, "Deal the cards"
    c = app.controller
    assert app.sm.current == "gsb_table" and c.rules.code == "GSB"
    assert c.state.seats == ("Player 1", "Device") and c.state.automated == (False, True)
    assert app.seat.seat == "Device" and app.seat.level == "hard"
    p = Player(h, seed=1)

    # The deal: Player 1's four cards stay secret, the holder's are named as they show.
    p.play(lambda: c.state.phase.value == "play")
    assert [x for x in c.state.hands[1] if x] == ["freeze", "4", "4", "4"]
    assert c.view()["players"][1]["slots"] == [True] * 4  # the table sees filled slots, not cards

    # Player 1's hand only on the private screen behind its cover, covered again by "Done".
    p.play(lambda: c.view()["waiting"]["kind"] == "play" and c.view()["waiting"]["seat"] == "Player 1")
    h.tap("hand")
    assert app.sm.current == "gsb_pickup" and "cards:" not in " ".join(window_text())
    h.tap("look")
    assert not any(t.startswith("Player 1's cards") for t in window_text())  # under the cover
    with held(h):
        assert any(t.startswith("Player 1's cards") for t in window_text())
    assert not any(t.startswith("Player 1's cards") for t in window_text())
    h.tap("hand_done")
    assert app.sm.current == "gsb_table" and "cards:" not in " ".join(window_text())

    # A monster the table moved by hand: put right by a tap on the track, then undone.
    where = c.state.positions[0]
    h.tap("fix")
    gsb_pick(h, "Player 1")
    h.tap("space:3")
    assert c.state.positions[0] == 3 and labels(app)[-1] == "Player 1's monster put on space 3 by hand"
    h.tap("undo")
    h.tap("confirm_ok")
    assert c.state.positions[0] == where

    # The whole game: the device's decisions come as steps the table acknowledges.
    p.play(lambda: c.session.finished and not app.summary.shown)
    said = labels(app)
    assert any("stole" in x for x in said), said  # a steal (on a 2-player table: from the only rival)
    assert "Device played Freeze Ray!" in said or "Player 1 played Freeze Ray!" in said, said
    assert any(x.startswith("Device plays slot") for x in p.steps), p.steps
    assert any("slot" in x and "Device's holder" in x for x in p.steps), p.steps  # which card to take
    winner = c.view()["winner"]
    assert winner in ("Player 1", "Device") and app.sm.current == "gsb_end"
    assert winner in app.screen("gsb_end").ids.heading.text

    # Undo from THE END: the game goes on, and resumes where it was from the choose screen.
    # An Undo of the device's answer takes back what it answered too (it would give the same
    # answer straight back): back to the last input a person gave.
    moves = len(said)
    span = app.undo_span()
    assert span == list(said[moves - len(span):]) and not app.seat.plays(c.session.earlier(len(span)))
    h.tap("undo")
    h.tap("confirm_ok")
    assert not c.session.finished and len(labels(app)) == moves - len(span)
    assert app.summary.shown and app.summary.heading == "Put the table back"
    through_summary(h)  # the table puts back what the Undo took back, then Done
    h.until(lambda: app.sm.current == "gsb_table" or app.seat.plays(c.state))
    table_done(h)
    h.tap("games")
    assert app.sm.current == "choose"
    h.tap("resume")
    assert app.sm.current in ("gsb_table", "gsb_end") and len(labels(app)) >= moves - len(span)
    p.play(lambda: c.session.finished and not app.summary.shown)
    assert app.sm.current == "gsb_end"


def shown_choices(h: Any) -> set[str]:
    """The actions of the choice buttons a person sees on the table screen now."""
    from companion.ui import touch

    h.pump(frames=2)
    grid = h.app.screen("gsb_table").ids.choices
    inside = {id(w) for w in grid.walk(restrict=True)}
    return {str(w.action) for w in touch.controls() if id(w) in inside}


def two_people(h: Any) -> Any:
    """A new game by touch: two people, no automated player; its controller."""
    h.app.go("choose")
    h.choose_game("goosebumps")
    h.tap("players:2")
    h.tap("device_at:-1")
    h.tap("start")
    c = h.app.controller
    assert c.state.automated == (False, False)
    return c


def dealt_with_a_secret(h: Any) -> Any:
    """Two people; Player 1 names the four cards dealt, Player 2's four and Player 1's fifth are
    dealt unseen, and Player 1 is to play; its controller."""
    c = two_people(h)
    h.tap("draw_name")
    h.tap("look")
    for card in ("pal", "car", "stine", "book"):
        h.tap(f"card:{card}")
    h.tap("draw_unseen")  # Player 2's four
    h.tap("draw_unseen")  # Player 1's fifth card, secret
    assert c.view()["waiting"] == {"kind": "play", "seat": "Player 1"}
    return c


def to_the_devices_deal(h: Any) -> Any:
    """Three players by touch, the automated player in seat 2, the deal run up to its four cards;
    the controller."""
    app = h.app
    app.go("choose")
    h.choose_game("goosebumps")
    h.tap("players:3")
    h.tap("device_at:1")
    h.tap("start")
    c = app.controller
    while c.view()["waiting"]["seat"] != "Device":
        h.tap("draw_unseen")
    return c


def test_a_hidden_hand_passes_and_plays_a_card_it_never_named_by_touch(harness: Any) -> None:
    """GSB-14/39, "Taking a Turn" and "Play these cards during other players' turns", with GSB-18/
    G17 (no Pal past the Amusement Park): two people, no automated player. Player 1 keeps every
    card secret; Player 2 names the four dealt. The shared screen offers both the same choices (every
    card a hand could play, never Player 2's named four). Player 1, past the last Landmark, taps
    the pass without naming a card; Player 2 plays a 3, never named. All by touches at the buttons'
    places on the screen."""
    h = harness
    app = h.app
    c = two_people(h)
    h.tap("draw_unseen")  # Player 1's four, secret
    h.tap("draw_name")  # Player 2's four, named in private
    h.tap("look")
    for card in ("1", "1", "2", "2"):
        h.tap(f"card:{card}")
    assert c.state.hands == (("?",) * 4, ("1", "1", "2", "2"))
    h.tap("draw_unseen")  # Player 1's first turn: one card to make five
    every = {f"play:{k}" for k in ("1", "2", "3", "4", "5", "6", "pal", "car", "book", "stine")} | {"threes"}
    assert shown_choices(h) == every  # five cards: a card to play whatever they are, so no pass

    # The table moved Player 1's monster past the Amusement Park: put right by a tap on the track.
    past = c.view()["track"]["landmarks"][-1] + 3
    h.tap("fix")
    gsb_pick(h, "Player 1")
    h.tap(f"space:{past}")
    assert c.state.positions[0] == past
    # No Landmark ahead: no Pal, no three of a kind; Gnomies, Freeze Ray! and three Pals may be the five.
    assert shown_choices(h) == every - {"play:pal", "threes"} | {"pass"}
    h.tap("pass")
    assert labels(app)[-1] == "Player 1 could not play"
    assert c.view()["players"][0]["cards"] == 5 and c.view()["waiting"] == {
        "kind": "draw", "seat": "Player 2", "count": 1, "why": "turn", "reshuffle": False}

    h.tap("draw_unseen")  # Player 2's fifth card, secret
    assert shown_choices(h) == every  # not 1, 1, 2, 2 and one more: the same as for a secret hand
    h.tap("play:3")
    assert labels(app)[-1] == "Player 2 played a 3" and c.state.positions[1] == 3
    assert c.state.hands[1] == ("1", "1", "2", "2")  # the unseen card was the 3
    assert c.view()["waiting"]["seat"] == "Player 1"


def window_text() -> list[str]:
    """Every Label's text in the window's widget tree (the shown screen, its hidden parts, the
    status bar, any layer): all a person at the table could be shown."""
    from kivy.core.window import Window
    from kivy.uix.label import Label

    return [str(w.text) for root in Window.children for w in root.walk(restrict=True) if isinstance(w, Label)]


def test_a_pick_up_is_named_in_private_and_the_table_screen_shows_none_of_it(harness: Any) -> None:
    """GSB-03, "To Begin" (each player is dealt FOUR cards) and GSB-05, "Taking a Turn" (pick up to
    make five), with the house's rule that a hand reaches a screen only through its own seat's
    observation. Player 1 names the four dealt: the shared screen says to pass the device to
    Player 1 and shows no card; Player 1 taps that they hold it and names the cards (one taken
    back); the device goes back to the shared screen, which says only that four were named: no
    Label in the window holds a card, and the screen reads as it does when the cards are kept
    secret. Undo from the shared screen brings back the pick-up, unnamed. Player 2 names one card
    and keeps the rest secret. All by touches."""
    from companion.games.goosebumps.cards import title
    from companion.games.goosebumps.ui.screens.gsb_table import caption

    h = harness
    app = h.app
    c = two_people(h)
    before = c.state
    dealt = ("pal", "car", "stine", "book")
    words = {caption(k) for k in dealt} | {title(k) for k in dealt}

    def shows_a_card() -> list[str]:
        h.pump(frames=2)
        return [t for t in window_text() if any(w in t for w in words)]

    h.tap("draw_name")
    assert app.sm.current == "gsb_pickup"
    cover = " ".join(window_text())
    assert "Pass the device to Player 1 to name the cards" in cover and "look away" in cover
    shown = shown_actions(h)
    assert {"look", "pickup_back"} <= shown and not any(a.startswith("card:") for a in shown), shown
    h.tap("look")
    for card in ("pal", "car", "freeze"):
        h.tap(f"card:{card}")
    h.tap("card_back")  # not the Freeze Ray!
    assert "Name each card as it shows (2 more)" in window_text()  # outside the cover: how many, no card
    with held(h):
        assert "Name each card as it shows (2 more): Pal, Haunted Car" in window_text()
    h.tap("card:stine")
    assert app.sm.current == "gsb_pickup"
    h.tap("card:book")
    assert c.state.hands[0] == dealt and labels(app)[-1] == "Player 1 picked up 4 cards"
    assert app.sm.current == "gsb_table" and c.view()["waiting"]["seat"] == "Player 2"
    assert shows_a_card() == []
    private = app.screen("gsb_pickup")  # covered again, and nothing named left in it
    assert not [w.text for w in private.walk(restrict=True) if any(x in str(getattr(w, "text", "")) for x in words)]
    named = window_text()
    assert "Player 1 named the 4 cards in private" in " ".join(named)

    # Undo from the shared screen: the pick-up again, unnamed; then kept secret, the screen reads the same.
    h.tap("undo")
    assert "Undo: Player 1 picked up 4 cards?" in window_text()
    h.tap("confirm_ok")
    assert c.state == before and c.view()["waiting"] == {
        "kind": "draw", "seat": "Player 1", "count": 4, "why": "deal", "reshuffle": False}
    assert {"draw_unseen", "draw_name"} <= shown_actions(h) and shows_a_card() == []
    h.tap("draw_unseen")
    app.toaster.hide()
    h.pump(frames=2)
    secret = window_text()
    assert [t.replace("Player 1 named the 4 cards in private \u00b7 ", "") for t in named] == secret

    # Player 2 names a second Freeze Ray! (the box holds one): refused in private, named again.
    h.tap("draw_name")
    h.tap("look")
    for card in ("freeze", "freeze", "1", "1"):
        h.tap(f"card:{card}")
    assert app.sm.current == "gsb_pickup" and app.toaster.shown and "Freeze Ray!" in app.toaster.ids.msg.text
    assert c.state.hands[1] == () and "Name each card as it shows (4 more)" in window_text()
    words |= {"Freeze Ray"}
    # Player 2 names one and keeps three secret; the shared screen says so, and no card.
    h.tap("card:pal")
    h.tap("pickup_rest")
    assert c.state.hands[1] == ("pal", "?", "?", "?") and app.sm.current == "gsb_table"
    assert shows_a_card() == [] and "Player 2 named 1 of the 4 cards in private" in " ".join(window_text())


def shown_actions(h: Any) -> set[str]:
    from companion.ui import touch

    h.pump(frames=2)
    return {str(w.action) for w in touch.controls()}


def test_companion_shots_renders_the_goosebumps_screens(tmp_path: Path) -> None:
    out = tmp_path / "shots"
    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path / "data")}
    run = subprocess.run([sys.executable, "-m", "companion", "shots", str(out), "--game", "GSB"],
                         capture_output=True, text=True, timeout=240, env=env)
    assert run.returncode == 0, run.stderr[-2000:]
    pngs = sorted(out.glob("gsb_*.png"))
    names = {p.stem for p in pngs}
    assert {"gsb_02_setup", "gsb_04_table", "gsb_07_hand", "gsb_08_device_turn", "gsb_10_end"} <= names
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and p.stat().st_size > 5000 for p in pngs)


def test_every_goosebumps_control_shown_gets_a_touch_at_its_centre(harness: Any) -> None:
    """The walker's check (tests/ui/test_walker.py) on every Goosebumps screen and moment."""
    from companion.games.goosebumps.ui.shots import Player
    from companion.ui import touch

    h = harness
    app = h.app
    seen: list[str] = []

    def check(name: str) -> None:
        app.toaster.hide()
        h.pump(frames=2)
        shown = touch.controls()
        assert shown, f"{name}: nothing to press?"
        assert touch.unreachable() == [], name
        assert touch.small_targets() == [], name
        seen.append(name)

    app.go("choose")
    h.choose_game("goosebumps")
    h.tap("players:6")
    h.tap("device_at:5")
    check("set-up, six players")
    h.tap("players:2")
    h.tap("start")
    check("the deal: a person's cards")
    h.tap("draw_name")
    check("a pick-up named in private: the cover")
    h.tap("look")
    h.tap("card:6")
    check("a pick-up named in private: the cards")
    h.tap("pickup_cancel")
    assert app.sm.current == "gsb_table"
    c = app.controller
    p = Player(h, seed=2)
    p.play(lambda: c.view()["waiting"].get("seat") == "Device" and c.state.phase.value == "deal")
    check("the deal: the holder's cards")
    h.tap("draw_device")
    check("the holder's cards named in private: the cover")
    h.tap("look")
    h.tap("card:5")
    check("the holder's cards named in private: the cards")
    h.tap("pickup_cancel")  # the Player names all four
    p.play(lambda: c.view()["waiting"]["kind"] == "play" and c.view()["waiting"]["seat"] == "Player 1"
           and not app.summary.shown)
    check("a person's play")
    if any(b.action == "threes" for b in touch.controls()):
        h.tap("threes")
        check("three of a kind")
        h.tap("threes_back")
    h.tap("hand")
    check("hand-over")
    h.tap("look")
    check("the hand")
    h.tap("hand_done")
    h.tap("fix")
    check("whose monster")
    gsb_pick(h, "Device")
    check("where it stands: the track at finger size")
    h.tap("fix_cancel")
    p.play(lambda: app.summary.shown)
    check("the device's move")
    p.play(lambda: c.session.finished and not app.summary.shown)
    check("THE END")
    assert len(seen) >= 10


def test_the_holders_cards_are_named_in_private_and_the_table_screen_shows_none_of_them(harness: Any) -> None:
    """GSB-03, "To Begin" (each player is dealt FOUR cards), with the house's rule that a hand
    reaches a screen only through its own seat's observation: at three players the automated
    player's four cards are named on the private screen by whoever deals them into the holder
    (the cover: pass the device to that person, everyone else look away), all four (no "rest not
    shown": the device must know its cards); the shared screen then says only that they are
    named, and no Label in the window holds one of them. Undo on the shared screen brings the
    deal back, unnamed, and it is named again. All by touches."""
    from companion.games.goosebumps.cards import title
    from companion.games.goosebumps.ui.screens.gsb_table import caption

    h = harness
    app = h.app
    c = to_the_devices_deal(h)
    assert c.state.seats == ("Player 1", "Device", "Player 3")
    before = c.state
    dealt = ("pal", "car", "stine", "book")
    words = {caption(k) for k in dealt + ("freeze",)} | {title(k) for k in dealt + ("freeze",)}

    def shows_a_card() -> list[str]:
        h.pump(frames=2)
        return [t for t in window_text() if any(w in t for w in words)]

    assert "draw_device" in shown_actions(h) and not any(a.startswith("card:") for a in shown_actions(h))
    h.tap("draw_device")
    assert app.sm.current == "gsb_pickup"
    cover = " ".join(window_text())
    assert "Pass the device to the person dealing Device's 4 cards" in cover and "look away" in cover
    assert not any(a.startswith("card:") for a in shown_actions(h))
    h.tap("look")
    for card in ("pal", "car", "freeze"):
        h.tap(f"card:{card}")
    h.tap("card_back")  # not the Freeze Ray!
    assert "pickup_rest" not in shown_actions(h)
    assert "Name each card as it shows (2 more)" in window_text()  # outside the cover: how many, no card
    with held(h):
        assert "Name each card as it shows (2 more): Pal, Haunted Car" in window_text()
    h.tap("card:stine")
    h.tap("card:book")
    assert c.state.hands[1] == dealt and labels(app)[-1] == "Device picked up 4 cards"
    assert app.sm.current == "gsb_table" and c.state.phase.value == "deal"  # Player 3's deal next
    assert shows_a_card() == [] and "Device's 4 cards are named" in " ".join(window_text())
    private = app.screen("gsb_pickup")
    assert not [w.text for w in private.walk(restrict=True) if any(x in str(getattr(w, "text", "")) for x in words)]

    # Undo from the shared screen: the holder's deal again, unnamed; named again in private.
    h.tap("undo")
    h.tap("confirm_ok")
    assert shows_a_card() == []  # the steps to put the cards back name none of them
    back = through_summary(h)  # the table takes the four back out of the holder, then Done
    assert back == [f"Take a card off slot {k} of Device's holder" for k in (1, 2, 3, 4)], back
    assert c.state == before and "draw_device" in shown_actions(h) and shows_a_card() == []
    h.tap("draw_device")
    h.tap("look")
    for card in ("4", "4", "6", "pal"):
        h.tap(f"card:{card}")
    assert c.state.hands[1] == ("4", "4", "6", "pal") and app.sm.current == "gsb_table"
    assert shows_a_card() == []


def test_show_my_hand_is_on_the_private_screen_and_leaves_nothing_on_the_table(harness: Any) -> None:
    """GSB-05, "Taking a Turn", with the house's rule for hidden information on a shared screen:
    Player 1 names the four dealt in private; on their turn "Show my hand" covers the screen (pass
    the device to Player 1, everyone else look away, no card shown); Player 1 taps that they hold
    it and reads their hand alone (from their own seat's observation, the unnamed card as one the
    device has not seen); "Done: cover" goes back to the table, which shows exactly what it showed
    before, and no Label in the window lists the hand. All by touches."""
    h = harness
    app = h.app
    c = dealt_with_a_secret(h)
    app.toaster.hide()
    h.pump(frames=2)
    table = window_text()
    listing = "Pal, Haunted Car, R.L. Stine!, Found Your Book!"

    h.tap("hand")
    assert app.sm.current == "gsb_pickup"
    cover = " ".join(window_text())
    assert "Pass the device to Player 1 to see their hand" in cover and "look away" in cover
    assert listing not in cover and shown_actions(h) >= {"look", "pickup_back"}
    h.tap("look")
    assert not [t for t in window_text() if listing in t]  # past the hand-over, still covered
    with held(h):
        assert f"Player 1's cards: {listing}, and 1 the device has not seen" in window_text()
    assert not [t for t in window_text() if listing in t]
    h.tap("hand_done")
    assert app.sm.current == "gsb_table" and c.view()["waiting"]["seat"] == "Player 1"
    h.pump(frames=2)
    assert window_text() == table and not [t for t in window_text() if "Haunted Car, " in t]
    private = app.screen("gsb_pickup")
    assert not [w.text for w in private.walk(restrict=True) if listing in str(getattr(w, "text", ""))]
