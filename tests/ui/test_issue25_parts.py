"""Issue 25's findings on what a table is shown and asked, by touch only (the window's touch
dispatch at each control's position: `harness.tap`): a person's part stays a person's (#14), a
basic Move says what it costs (#13), and the device's turn is told whole (#5, #6)."""

from __future__ import annotations

from typing import Any


def window_text() -> list[str]:
    """Every Label's text in the window's widget tree: all a person at the table could be shown."""
    from kivy.core.window import Window
    from kivy.uix.label import Label

    return [str(w.text) for root in Window.children for w in root.walk(restrict=True) if isinstance(w, Label)]


def shown_gsb_choices(h: Any) -> set[str]:
    """The actions of the choice buttons a person sees on the Goosebumps table screen now."""
    from companion.ui import touch

    h.pump(frames=2)
    grid = h.app.screen("gsb_table").ids.choices
    inside = {id(w) for w in grid.walk(restrict=True)}
    return {str(w.action) for w in touch.controls() if id(w) in inside}


def test_gsb_a_person_stealing_from_the_holder_picks_the_slot_by_touch(harness: Any) -> None:
    """GSB-20, "Steal": "pick a player (and without looking) steal one of their cards": Player 1,
    on STEAL against the automated player, is offered the holder's filled slots and picks one;
    the device does not pick for her (issue 25 #14: "the device picks the slot")."""
    from companion.games.goosebumps.ui.shots import Player, new_game

    h = harness
    app = h.app
    new_game(h, "easy")
    c = app.controller
    p = Player(h, seed=1)

    def taking() -> bool:
        w = c.view()["waiting"]
        return bool(w.get("kind") == "take" and w.get("victim") == "Device" and w.get("seat") == "Player 1")

    p.play(lambda: (taking() and not app.summary.shown) or c.session.finished)
    assert taking(), "no theft from the holder in this game"
    text = " ".join(window_text())
    assert "device picks" not in text.lower() and "pick a slot without looking" in text, text
    holder = c.state.hands[1]
    filled = [k + 1 for k, x in enumerate(holder) if x]
    assert shown_gsb_choices(h) == {f"take:slot{k}" for k in filled}
    k = filled[-1]
    card = holder[k - 1]
    said = len(app.controller.history()[0])
    h.tap(f"take:slot{k}")
    labels = app.controller.history()[0]
    assert len(labels) == said + 1 and labels[said] == f"Player 1 stole from slot {k} of Device's holder"
    assert card in c.session.state.discard or c.session.state.phase.value == "over"


def _buttons(h: Any, words: str) -> list[Any]:
    """The controls a touch reaches now whose caption holds these words."""
    from companion.ui import touch

    h.pump(frames=2)
    return [w for w in touch.controls() if words in str(getattr(w, "caption", ""))]


def into_view(h: Any, words: str) -> None:
    """Slide the set-up list up by finger (the shell's Harness.scroll_to, one slide at a time) until
    a control whose caption holds these words is in view."""
    for _ in range(5):
        if _buttons(h, words):
            return
        try:
            h.scroll_to("(a control no screen has)", tries=1)
        except AssertionError:
            pass


def test_bin_the_house_rule_shown_off_is_not_played_and_why_names_the_one_in_play(harness: Any) -> None:
    """BIN set-up: "Place the 14 "Little girl" tokens using the following three steps" (only the
    first is printed): who places the girls is a house rule. The rule ticked is the one played:
    the device's placing shows ticked by default, the table's placing can be ticked instead and
    then the device places nobody; and Why? on the device's placing names that house rule, never
    "No rule of the rulebook is behind this one" (issue 25 #14)."""
    from companion.games.bump_in_the_night.ui.drive import step
    from companion.games.bump_in_the_night.state import Phase

    h = harness
    app = h.app
    c = app.controller

    def setup() -> None:
        app.go("choose")
        h.choose_game("game:BIN")
        assert app.sm.current == "bin_setup"

    def to_the_girls() -> None:
        h.tap("start")
        assert app.sm.current == "bin_table" and c.rules.code == "BIN"
        for _ in range(40):
            if c.state.phase is not Phase.ROLL or app.summary.shown:
                break
            step(h)

    setup()
    into_view(h, "The table places the girls")  # the house rules are below the fold
    device = _buttons(h, "The device places the girls")
    table = _buttons(h, "The table places the girls")
    assert len(device) == 1 and str(device[0].caption).startswith("\u2714"), [b.caption for b in device]
    assert len(table) == 1 and not str(table[0].caption).startswith("\u2714"), [b.caption for b in table]
    h.tap(table[0].action)
    assert str(_buttons(h, "The table places the girls")[0].caption).startswith("\u2714")
    assert not str(_buttons(h, "The device places the girls")[0].caption).startswith("\u2714")
    to_the_girls()
    assert c.state.phase is Phase.PLACE and not app.summary.shown
    assert sum(c.state.unmoved) == 0 and c.state.options.table_places_girls
    assert "Put the first group" in " ".join(window_text())  # the table says where each group went
    assert not any(w.action == "place_girls" or "device place" in str(getattr(w, "caption", "")).lower()
                   for w in _buttons(h, ""))

    setup()  # a new set-up: the default again, the device's placing ticked
    into_view(h, "The device places the girls")
    assert str(_buttons(h, "The device places the girls")[0].caption).startswith("\u2714")
    to_the_girls()
    for _ in range(10):  # the table lets the device place them
        if app.summary.shown or c.state.phase is not Phase.PLACE:
            break
        step(h)
    assert app.summary.shown and sum(c.state.unmoved) == 14, (c.state.phase, app.summary.shown)
    h.tap("summary_why")
    text = " ".join(window_text())
    assert "No rule of the rulebook" not in text and "The device places the girls" in text, text
    h.tap("why_back")


def test_sol_a_basic_move_says_it_costs_an_action_card(harness: Any) -> None:
    """The Stuff of Legend, "1. Perform a Basic Action": "To perform a basic action, discard one
    Action card of your choice from your hand face down." The prompt and each Move button say so
    before the hand drops from 7 to 6 (issue 25 #13), with the table's own cards (the default)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from sol_table_bots import scrolled_to, set_up

    h = harness
    app = h.app
    set_up(h, digital=())
    c = app.controller
    while app.sm.current == "sol_private":
        h.tap("hide" if app.screen("sol_private").opened else "reveal")
    h.tap("choice:0")  # Max holds the Rifle
    for _ in range(20):
        if c.state.head.kind == "actor_turn" and not app.summary.shown and app.sm.current == "sol_table":
            break
        if app.summary.shown:
            h.tap("summary_next")
        elif c.state.head.kind == "choose_actor":
            h.tap("choice:0")
        elif app.sm.current == "scan":  # a Location turned up: tapped in the list, scrolled to by finger
            code = c.legal()[0].code
            w = scrolled_to(h, lambda w: getattr(w, "action", "") == f"pick:{code}")
            assert w is not None, code
            h.tap_widget(w)
        else:
            h.pump(frames=2)
    assert c.state.head.kind == "actor_turn" and app.sm.current == "sol_table"
    seat = c.state.head.seat
    prompt = app.screen("sol_table").ids.prompt.text
    assert "Move or Hide (each costs 1 Action card)" in prompt, prompt
    moves = _buttons(h, "Move to ")
    assert moves and all("discard 1 Action card" in str(b.caption) for b in moves), [b.caption for b in moves]
    held = len(c.state.hand(seat))
    h.tap_widget(moves[0])
    assert len(c.state.hand(seat)) == held - 1  # the card the button said it costs


def test_gsb_every_decision_of_the_automated_player_is_a_step_the_table_is_shown(harness: Any) -> None:
    """Goosebumps: the device's turn is told whole (issue 25 #5: its first turn, "played a 5,
    moved to space 5, bumped Player 1 back to START", was never shown; the list started at "Device
    steals from Player 1"). A whole game by touch: every card the automated player played (the
    journal's "Device played ...") was a step on screen ("Device plays slot ..."), each step read
    by pressing Next; a decision that follows another before the table pressed Done joins the
    steps still on screen rather than replacing them."""
    import re

    from companion.games.goosebumps.ui.shots import Player, new_game

    h = harness
    app = h.app
    new_game(h, "hard", players=3)  # three: the device picks whom to steal from, a decision of its own
    c = app.controller
    p = Player(h, seed=1)
    p.play(lambda: c.session.finished and not app.summary.shown)
    said = app.controller.history()[0]
    played = [x for x in said if x.startswith("Device played ")]
    # The device's instructions: "Device plays slot 2 (a 5): move ...", "Device plays slots 1 and 3
    # and 4 (three 4s)", an answer "Device plays Freeze Ray! from slot 1".
    shown = [x for x in p.steps if re.match(r"Device plays (slots? \S+( and \S+)* \(|.+ from slot \d+$)", x)]
    assert played and len(shown) == len(played), (played, p.steps)
    steals = [x for x in said if x.startswith("Device steals from ")]
    assert len([x for x in p.steps if x.startswith("Device steals from ")]) == len(steals), (steals, p.steps)
    # A card it stole from a person's hand (named by the table) is played at once: that too is a
    # step ("Device steals a 5 from Player 1.", then where the monsters go).
    stolen = [x[len("Device stole "):] for x in said if x.startswith("Device stole ")]
    assert stolen, said
    for card in stolen:
        assert any(x.startswith(f"Device steals {card} from ") for x in p.steps), (card, p.steps)
    assert not [x for x in p.steps if "GSB-" in x], p.steps  # the table reads words, never rule IDs


def test_bin_the_monster_players_scares_and_cards_are_told_as_moves_on_the_board(harness: Any) -> None:
    """Bump in the Night against the device's monster player, by touch: each of its turns is a
    list of steps, and every scare it makes says which girl goes where ("Move 1 girl from the
    Kitchen to the Hall", "Take 1 girl from the Attic off the board: Yellow claims her"), never a
    count alone ("scared girls run: 1 claimed", issue 25 #6); a card it plays says what it does."""
    import re
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from test_bin_game import PLAY, start_game

    from companion.games.bump_in_the_night.ui.drive import step

    h = harness
    app = h.app
    seen: list[str] = []

    def scares() -> list[str]:
        return [x for x in seen if x.startswith(("Yellow scares with", "The scared girls run"))]

    for _ in range(3):  # a game in which the monster player never scares is played again
        h.home()
        start_game(h, monster="yellow", level="hard")
        c = app.controller
        for _ in range(3000):
            if app.summary.shown:
                seen += [x for x in app.summary.steps if x not in seen]
            if c.session.finished or len(scares()) >= 3:
                break
            step(h, PLAY)
        if scares():
            break
    assert scares(), seen
    for line in scares():
        assert not re.search(r"\d+ claimed|: \d+ to the ", line), line
        # Which girl goes where is the list's own steps (games/bump_in_the_night/table.py), said
        # once: the scare says they moved, never "Move 1 girl ..." a second time (a table doing
        # both would move each girl twice).
        assert not re.search(r"Move \d+ girls? from the ", line), line
        assert re.search(r"(each girl's move is a step in this list|start to run|nobody moves)", line), line
    assert [x for x in seen if re.match(r"Move a girl from the .+ to (the |Yellow's trophies)", x)], seen
    for line in (x for x in seen if x.startswith("Yellow plays ")):
        # An Action card says what it does: "Yellow plays Terror (people scared next this turn
        # start ...)"; a Bonus card after its name: "... the Bonus card X: that girl stops there".
        assert "(" in line or re.search(r"plays the Bonus card .+: that girl stops there", line), line
