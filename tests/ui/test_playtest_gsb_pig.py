"""What the play-test of 4 Dec 2026 found in Goosebumps and Pig (issue 25, docs/ui.md "Play-test,
4 Dec 2026: Goosebumps and Pig"), each by touch only: `harness.tap` goes through the window's touch
dispatch at the control's position, as the real app took xdotool-style pointer events on Xvfb."""

from __future__ import annotations

import re
from typing import Any

from tests.ui.flows import gsb_pick
from tests.ui.test_gsb_game import window_text

CARDS = 65  # Goosebumps rulebook, "Contents": "65 Cards"


def _real_draw_pile(c: Any) -> int:
    """The real draw pile when the device keeps its hand on the screen: every card not on the
    discard pile and not in a person's hand (nobody deals the device a real card, setup's words)."""
    s = c.state
    people = sum(len([x for x in hand if x]) for hand, auto in zip(s.hands, s.automated) if not auto)
    return CARDS - len(s.discard) - people


def test_gsb_with_the_device_hand_on_the_screen_reads_as_the_table_is(harness: Any) -> None:
    """Goosebumps with a device hand nobody sees, played to THE END by touch ("To Begin", "Steal",
    "Landmarks"). The play-test found: the steal from it headed "steals from Device's holder"
    (there is no holder); its move told three times over ("Device plays a 6: move Device to space
    15", "Device moves 6 to space 15.", then the table's step); "Draw pile: 57" while the real pile
    held 61 (its cards are still in the real pile); its line on the table gone from its cell on a
    long place name; "(extra turn (a Landmark))" in the status bar; Undo's confirm naming dice; the
    first card ("1", "Card 1") lit as the one to press where the table plays a card it holds or
    picks one blind."""
    from companion.games.goosebumps.ui.shots import Player, new_game
    from companion.ui.fit import why_cut

    h = harness
    app = h.app
    app.seed = 5
    new_game(h, "hard", hand="screen")
    c = app.controller
    assert c.state.options.device_hand == "screen"
    table = app.screen("gsb_table")

    p = Player(h, seed=4)
    # The device's own pick-up waits for the table's tap: its line is the one marked to act.
    p.play(lambda: not app.summary.shown and c.state.phase.value == "play" and c.view()["waiting"].get("kind") == "draw"
           and c.view()["waiting"].get("seat") == "Device")
    assert c.view()["players"][1]["cards"] >= 3 and app.sm.current == "gsb_table"

    # The device's line reads whole wherever its monster stands: put it on the longest-named
    # Landmark by hand (the track's own "Move a monster"), read, and undo.
    h.tap("fix")
    gsb_pick(h, "Device")
    park = 52
    h.tap(f"space:{park}")
    h.pump(frames=3)
    assert c.view()["players"][1]["where"] == "the Amusement Park"
    lines = [w for w in table.ids.players.children]
    assert any("Amusement Park" in w.text for w in lines), [w.text for w in lines]
    assert all(why_cut(w) == "" for w in lines), [(w.text, why_cut(w)) for w in lines]
    for w in lines:  # its text within its cell (a second line stood out of it and was lost)
        w.texture_update()
        assert w.texture_size[1] <= w.height, (w.text, w.texture_size, w.height)
    assert not any("\u25a0" in w.text or "\u25a1" in w.text for w in lines)  # no holder's slots

    # Undo says what it restores in Goosebumps' own components: no dice in this game.
    h.tap("undo")
    said = " ".join(window_text())
    assert "cards included" in said and "dice" not in said, said
    h.tap("confirm_ok")
    h.pump(frames=3)
    assert c.view()["players"][1]["where"] == "START"
    headings: list[str] = []
    moves: list[list[str]] = []
    bars: set[str] = set()
    at_table, own = "", 0
    n = 0
    while not c.session.finished:
        assert n < 1500, c.view().get("prompt")
        n += 1
        if app.summary.shown:
            if app.summary.index == 0:
                headings.append(app.summary.heading)
                if app.summary.heading == "On the table":  # a person's own move: still their moment
                    assert app.status.where == at_table, (app.status.where, at_table, app.summary.steps)
                    own += 1
                if app.summary.heading == "Device's move":
                    moves.append(list(app.summary.steps))
        elif app.sm.current == "gsb_table" and not app.seat.plays(c.state):
            h.pump(frames=2)
            at_table = app.status.where
            shown = int(re.match(r"Draw pile: (\d+)", table.ids.pile.text).group(1))  # type: ignore[union-attr]
            assert shown == _real_draw_pile(c), (table.ids.pile.text, _real_draw_pile(c))
            lit = [b.action for b in table.ids.choices.children if getattr(b, "kind", "") == "primary"]
            assert not [a for a in lit if a.startswith(("play:", "take:"))], lit  # a card is the table's
            assert all(why_cut(w) == "" for w in table.ids.players.children), [
                (w.text, why_cut(w)) for w in table.ids.players.children]
        bars.add(app.status.where)
        p.step()

    steals = [x for x in headings if x.startswith("Player 1 steals from Device")]
    assert steals and all(x == "Player 1 steals from Device" for x in steals), headings
    assert not any("holder" in x for x in headings), headings
    assert moves and own
    mover = re.compile(r"^(?:[^:]+: )?Device (?:moves \w+|proceeds) to ")
    for steps in moves:  # the move is said once by the device, once as the table's step
        assert not any(mover.match(x) for x in steps[1:]), steps
        assert not any(x.endswith("!.") for x in steps), steps
    assert any("'s extra turn (a Landmark)" in b for b in bars), sorted(bars)
    assert not any(b.count("(") > 1 for b in bars), sorted(bars)


def test_pig_the_devices_turn_is_told_whole_and_no_face_of_the_die_is_lit(harness: Any) -> None:
    """Pig (companion/games/pig/rules.md 2-6) with the device in seat 2 and the real die for
    Player 1, played to the end by touch. The play-test found: the device's turn of two rolls
    told as its last roll alone ("The device rolled a 1 for Player 2: the turn's 2 points are
    lost"); "Player 1 rolled a 1" lit as the button to press (the panel's Confirm would enter a 1
    whatever the die showed); "Nothing to do here." at the end, with no word of what next."""
    import random

    from companion.games.pig.rules import Face, RollForMe
    from companion.ui import touch
    from companion.ui.fit import why_cut

    h = harness
    app = h.app
    app.seed = 3
    app.go("choose")
    h.choose_game("game:PIG")
    h.tap("holders:1:hard")
    for _ in range(8):
        h.tap("target:down")  # 100 -> 20
    h.tap("start")
    c = app.controller
    screen = app.screen("game")
    die = random.Random(5)  # the table's real die
    device_turns = 0
    taps = 0
    while not c.session.finished:
        assert taps < 200
        assert h.until(lambda: c.session.finished or c.actor().seat == "Player 1", timeout=8)
        if c.session.finished:
            break
        h.pump(frames=3)
        done = c.history()[0]
        # The device's inputs since Player 1's last one, and what each said, from the rules alone.
        back = 0
        while back + 1 <= len(done) and app.seat.plays(c.session.earlier(back + 1)):
            back += 1
        rolls = [str(n) for k in range(back, 0, -1)
                 for n in c.rules.view(c.session.earlier(k - 1), "table")["notices"]
                 if str(n).startswith("The device rolled")]
        if back:
            device_turns += 1
            shown = screen.ids.notices.text
            rolled = re.compile(r"The device rolled a [1-6] for Player 2")
            # every roll, in order, a 6 rolled twice said twice
            assert rolls and rolled.findall(shown) == [rolled.match(r).group(0) for r in rolls], (rolls, shown)  # type: ignore[union-attr]
            assert why_cut(screen.ids.notices) == "", shown
        buttons = list(screen.ids.choices.children)
        if c.state.rolling:
            assert not [b.caption for b in buttons if b.kind == "primary"]  # no face is the one to press
            face = die.randint(1, 6)
            b = next(b for b in buttons if b.action == f"choice:{c.legal().index(Face(face))}")
            assert touch.reach(b) is b
            h.tap(b.action)
        else:
            assert RollForMe() not in c.legal()
            h.tap("choice:0" if c.state.pot < 8 else "choice:1")  # roll again, or hold
        taps += 1
    assert device_turns >= 2
    h.pump(frames=3)
    assert screen.ids.choices_note.text == "The game is over: \u2630 Games for another one."
    h.tap("games")
    assert app.sm.current == "choose"
