"""Issue 25's findings on a configuration the rulebook allows and the table could not play, by
touch only (the window's touch dispatch at each control's position: `harness.tap`): Goosebumps
with a device hand nobody sees, and the holder said in words at set-up (#8)."""

from __future__ import annotations

from typing import Any

from tests.ui.test_issue25_parts import shown_gsb_choices, window_text


def test_gsb_a_device_hand_nobody_sees_is_offered_and_said_once_at_set_up(harness: Any) -> None:
    """GSB-03, "To Begin" ("Each player is dealt FOUR cards"), for the automated player with no
    camera (issue 25 #8): the set-up says in plain words what the holder is; "On the screen only"
    says, once, how the table handles the real cards; the deal of the automated player's four is
    then a tap, "Let the device deal them (nobody sees them)": no private screen, no card named,
    no card on the table's screen; its plays say the card, never a slot of a holder it has not."""
    from companion.games.goosebumps.cards import title
    from companion.games.goosebumps.ui.screens.gsb_table import caption
    from companion.games.goosebumps.ui.shots import Player

    h = harness
    app = h.app
    app.go("choose")
    h.choose_game("goosebumps")
    h.tap("players:3")
    h.tap("device_at:1")
    said = " ".join(window_text())
    assert "The holder is the card stand beside the board" in said and "numbered slot" in said
    h.scroll_to("hand:screen")
    h.tap("hand:screen")
    said = " ".join(window_text())
    assert "nobody sees them and nobody deals it a real card" in said
    assert "find that card in the draw pile" in said and "The holder is" not in said
    h.tap("start")
    c = app.controller
    assert c.state.options.device_hand == "screen"
    while c.view()["waiting"]["seat"] != "Device":
        h.tap("draw_unseen")
    assert shown_gsb_choices(h) == {"draw_shuffle"}
    assert "Let the device deal them (nobody sees them)" in window_text()
    h.tap("draw_shuffle")
    assert app.sm.current == "gsb_table"
    hand = c.state.hands[1]
    assert len(hand) == 4 and all(x and x != "?" for x in hand), hand  # the device knows its cards
    words = {caption(k) for k in hand} | {title(k) for k in hand}
    words -= {k for k in hand if k.isdigit()}  # a bare digit is on the track too
    h.pump(frames=2)
    assert not [t for t in window_text() if any(w in t for w in words)]
    p = Player(h, seed=2)
    p.play(lambda: any(x.startswith("Device plays") for x in p.steps) or c.session.finished)
    plays = [x for x in p.steps if x.startswith("Device plays")]
    assert plays and not any("slot" in x for x in plays), plays
    p.play(lambda: c.session.finished, limit=1500)  # and on to THE END, by touches
    assert c.state.phase.value == "over" and not any("holder" in x for x in p.steps), p.steps


def test_bgm_the_device_s_turn_names_no_room_token_when_set_up_left_them_in_the_box(harness: Any) -> None:
    """Boogeyman rulebook, "The Boogeyman's Turn" ("the last Room token on the Ladder is flipped
    over"), with the device as the Boogeyman (Cooperative, issue 25 #3): the set-up, read on
    screen step by step, says the device keeps the Room tokens and to leave them in the box; the
    device's turn, read on screen, then puts its miniature where it appears and names no Room
    token for the table to turn or place."""
    from tests.ui.flows import through_summary

    h = harness
    app = h.app
    assert app.sm.current == "choose"
    h.choose_game("boogeyman")
    h.tap("mode:coop")
    h.tap("difficulty:normal")
    h.tap("next")
    for k in ("mike", "daphne"):
        h.tap(f"child:{k}")
    h.tap("next")
    said: list[str] = []
    for _ in app.screen("setup").steps:
        said.append(" ".join(window_text()))
        h.tap("next")
    assert any("leave the Room tokens in the box" in x for x in said)
    h.tap("end")
    h.tap("end")
    steps = through_summary(h)
    assert any(x.startswith("The Boogeyman appears in") and "put its miniature in" in x for x in steps), steps
    assert not [x for x in steps if "Room token" in x], steps
    assert any("nothing to put on the table" in x for x in steps), steps


def test_bgm_competitive_the_device_boogeyman_keeps_the_search_tokens_and_answers_a_search(harness: Any) -> None:
    """Boogeyman, Competitive set-up ("The Boogeyman player ... places the 3 Objective tokens, the
    Trap Door and the Skeleton Key") with the device in the seat, and "Search a Room" (issue 25
    #7): the set-up read on screen tells the table to leave the Search tokens in the box (never to
    shuffle them into the rooms); after Mike walks into Room 3 and takes its Light token, the
    Search button does not ask what the token shows: the device takes its own top token of Room 3
    and the screen says what was found."""
    from tests.ui.flows import tap_zone, type_text

    h = harness
    app = h.app
    c = app.controller
    assert app.sm.current == "choose"
    h.choose_game("boogeyman")
    h.tap("mode:competitive")
    h.tap("difficulty:normal")
    h.tap("next")
    for k in ("mike", "daphne"):
        h.tap(f"child:{k}")
    h.tap("next")
    said: list[str] = []
    for _ in app.screen("setup").steps:
        said.append(" ".join(window_text()))
        h.tap("next")
    text = " ".join(said)
    assert c.state.options.device_boogeyman
    assert "leave the Search tokens in the box" in text and "Shuffle the Search tokens" not in text
    assert h.until(lambda: c.state.active == "mike" and h.prompt() == "Mike: 3 Actions left", timeout=30)
    tap_zone(h, "3")
    assert c.state.child("mike").zone == "3"
    h.tap("flip")
    h.scroll_to("pick:BGM:LGHT:30", app.screen("scan").ids.scroller)
    h.tap("pick:BGM:LGHT:30")
    if app.sm.current == "card_form":
        h.tap_widget(app.screen("card_form").ids.name)
        type_text(h, "Old lamp")
        h.tap("key:done")
        h.tap("effect:none")
        h.tap("save")
    assert app.sm.current == "table" and c.state.room("3").switch is None
    stack = c.state.room("3").stack
    said_before = len(c.state.notices)
    h.tap("search")
    assert app.sm.current != "found"  # nobody is asked what the token shows
    assert c.state.room("3").stack == stack[1:]  # the device's own top token of Room 3 is taken
    found = [n for n in c.state.notices[said_before:] if n.startswith("Mike finds")]
    assert len(found) == 1, c.state.notices[said_before:]
    h.pump(frames=2)
    assert app.toaster.text == found[0] and found[0] in window_text()  # the screen says what it was
