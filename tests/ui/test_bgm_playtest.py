"""What the play-test of 5 Dec 2026 found in a Cooperative Boogeyman game (docs/ui.md, "Play-test,
5 Dec 2026: Boogeyman"), each by touches at the screen: the set-up says what the rulebook's does,
the Boogeyman's turn puts it on the board before the next round begins, and the Boogeyman put on
the board by someone walking into its hidden room says why."""

from __future__ import annotations

import random
from typing import Any

from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.state import Mode, Options
from tests.ui.flows import shown_steps, start_game


def window_text() -> list[str]:
    from kivy.core.window import Window
    from kivy.uix.label import Label

    return [str(w.text) for root in Window.children for w in root.walk(restrict=True) if isinstance(w, Label)]


def test_the_set_up_sets_the_trap_door_and_key_aside_and_lays_the_lock_under_the_light_token(harness: Any) -> None:
    """Rulebook, "Setting Up the Game": "Select a Trap Door Token and Skeleton Key Token ... and set
    them aside. The remaining Search tokens are drawn randomly and 2 are placed face down in Room 6
    and 2 in Room 20. Then shuffle the rest ..., including the Trap Door, Skeleton Key". The screen
    said "(Rooms 6 and 20 first)" and never to set those two aside, so the Trap Door could lie in
    the Secret Room it opens. The device takes the Light token off before a Lock can be broken
    ("the Light/Dark token lies on top of the Lock"): the set-up says to lay it so."""
    h = harness
    app = h.app
    h.choose_game("boogeyman")
    h.tap("mode:coop")
    h.tap("difficulty:normal")
    h.tap("next")
    for k in ("mike", "ray"):
        h.tap(f"child:{k}")
    h.tap("next")
    said: list[str] = []
    for _ in app.screen("setup").steps:
        said.append(" ".join(window_text()))
        h.tap("next")
    search = next(x for x in said if "Search tokens face down" in x)
    aside, rooms = search.find("Set the Trap Door and the Skeleton Key aside"), search.find("Rooms 6 and 20")
    assert 0 <= aside < rooms, search
    assert search.find("back in") > rooms  # shuffled back in after Rooms 6 and 20 have theirs
    assert "a Light token on top of every Room's stack (over the Lock)" in search
    placing = next(x for x in said if "Babysitter in" in x)
    assert "corridor C1" in placing and "Room 10" in placing and "Stress Scale" in placing
    assert "Stress tokens" not in placing  # the rulebook's "Boogeyman token" and "Babysitter token"


def test_the_boogeyman_is_put_on_the_board_before_the_next_round_is_announced(harness: Any) -> None:
    """Rulebook, "Revealing the Boogeyman": "At the end of each round ... the last Room token on the
    Ladder is flipped over and the Boogeyman is placed in the Room shown", then the next round
    begins with the first player. The list read "3. Round 2: Mike goes first." above "5. Put the
    Boogeyman in Room 9": a table following it in order started the round with the board unset."""
    h = harness
    app = h.app
    c = app.controller
    start_game(h, kids=("mike", "ray"))
    h.tap("end")
    assert c.state.active == "ray"
    h.tap("end")
    assert app.summary.shown and app.summary.heading.startswith("The Boogeyman's turn, end of round 1")
    rows = shown_steps(h)
    zone = c.state.boogeyman[0]
    put = rows.index(f"Put the Boogeyman in Room {zone}")
    first = rows.index("Round 2: Mike goes first.")
    assert put < first == len(rows) - 1, rows  # who plays next is the last line
    flip = [i for i, r in enumerate(rows) if r.startswith(f"Turn the Light/Dark token in Room {zone}")]
    assert all(i < first for i in flip), rows
    while app.summary.shown:
        h.tap("summary_next")
    assert c.state.round == 2 and h.prompt() == "Mike: 3 Actions left"


def _drive_until_walked_in(h: Any, seed: int, limit: int = 900) -> bool:
    """Legal inputs (the part of the game this test is not about) until one of them puts the
    Boogeyman on the board outside its own turn because the Babysitter stopped in its hidden room."""
    app = h.app
    c = app.controller
    rnd = random.Random(seed)
    for _ in range(limit):
        if c.session.finished:
            return False
        before = c.state
        app.summary.shown = False
        legal = [i for i in c.legal() if not isinstance(i, (I.StartFinale, I.MissionComplete, I.FinaleOutcome,
                                                           I.PlayCard))]
        moves = [i for i in legal if not isinstance(i, I.EndTurn)]
        c.submit(rnd.choice(moves) if moves and rnd.random() < 0.85 else rnd.choice(legal))
        after = c.state
        new = [z for z in after.boogeyman if z not in before.boogeyman]
        if (after.round == before.round and new and after.babysitter == new[-1]
                and before.babysitter != new[-1]):
            h.pump()
            return True
    return False


def test_the_babysitter_walking_into_the_hidden_boogeyman_says_why_it_shows_itself(harness: Any) -> None:
    """Rulebook, "Interacting with the Boogeyman": "If a Child or the Babysitter moves into the Room
    that the Boogeyman is in at that moment (matching the last token played) ... they must place
    the Boogeyman in that Room". The play-test saw "Move the Boogeyman from Room 22 to Room 2" as
    the only line after the device's "Roll for me" for a die noise, and Why? said "No rule of the
    rulebook is behind this one"; the die's number was never shown."""
    h = harness
    app = h.app
    c = app.controller
    for seed in range(1, 40):
        c.new_game("BGM", Options(mode=Mode.COOP, children=("mike", "ray")), seed)
        if _drive_until_walked_in(h, seed):
            break
    else:
        raise AssertionError("the Babysitter never stopped in the Boogeyman's hidden room")
    zone = c.state.babysitter
    where = f"Room {zone}" if zone[0].isdigit() else f"corridor {zone}"
    assert app.summary.shown and app.summary.heading == "The Boogeyman shows itself"
    rows = shown_steps(h)
    why_line = f"The Babysitter stopped in {where}, where the Boogeyman was hiding: it shows itself there."
    assert why_line in rows, rows
    assert any(r.startswith(("Put the Boogeyman in", "Move the Boogeyman from")) and r.endswith(where)
               for r in rows), rows
    rolled = [n for n in c.state.notices if n.startswith("The device rolls")]
    assert all(n.replace("rolls", "rolled") + "." in rows for n in rolled), (rolled, rows)
    h.tap("summary_why")
    assert app.why.shown
    sections = [e.section for e in reversed(app.why.ids.rules.children)]
    sayings = " ".join(e.says for e in app.why.ids.rules.children)
    assert sections[0] == "Interacting with the Boogeyman" and "puts the Boogeyman there" in sayings, sections
    h.tap("why_back")
    assert not app.why.shown and app.summary.shown


def _mike_meets_the_babysitter(h: Any) -> None:
    """Mike walks from corridor C1 through C2 into her room, draws her card and names it ("Run",
    resolved by hand): the steps of the encounter are up."""
    from tests.ui.flows import tap_zone, type_text

    app = h.app
    c = app.controller
    tap_zone(h, "C2")
    tap_zone(h, c.state.babysitter)
    assert app.sm.current == "scan" and c.state.pending[0].deck == "SITR"
    h.scroll_to("pick:BGM:SITR:01", app.screen("scan").ids.scroller)
    h.tap("pick:BGM:SITR:01")
    if app.sm.current == "card_form":  # not named yet in this process's catalogue
        h.tap_widget(app.screen("card_form").ids.name)
        type_text(h, "Run")
        h.tap("key:done")
        h.tap("effect:none")
        h.tap("save")
    assert h.until(lambda: app.summary.shown)


def test_the_guess_mark_follows_the_stress_scale_not_the_middle_of_its_name(harness: Any) -> None:
    """Rulebook, "Entering a Room with a Character": walking into the Babysitter's room, "you must
    draw the matching type of card ... You must also move the matching token up one space on the
    Stress Scale". The step read "space 0 of the Stress◌ Scale": the mark of a fact still a guess
    (the Scale's length and its Trouble spaces, companion/ui/guessmarks.py) split the name the
    table knows. It now follows the whole name."""
    h = harness
    app = h.app
    start_game(h, kids=("mike", "ray"))
    _mike_meets_the_babysitter(h)
    raw = [str(w.text) for w in app.summary.ids.list.children[::-1]]
    stress = [r for r in raw if "Babysitter token from space 0" in r]
    assert stress, raw
    assert "Stress Scale\u25cc" in stress[0] and "Stress\u25cc" not in stress[0], stress
    assert "Move the Babysitter token from space 0 of the Stress Scale to space 1 of the Stress Scale" in shown_steps(h)


def test_a_child_who_begins_beside_the_babysitter_is_told_the_actions_are_only_to_leave(harness: Any) -> None:
    """Rulebook, "Entering a Room with a Character": "If you begin your turn in the same Room as the
    Babysitter and/or the Boogeyman, you cannot take any Actions in that Room. You can play cards
    (Free Action) and you may use an Action to leave that Room". The prompt said only "Mike: 3
    Actions left" above dim Search and Switch buttons."""
    h = harness
    app = h.app
    c = app.controller
    start_game(h, kids=("mike", "ray"))
    _mike_meets_the_babysitter(h)
    while app.summary.shown:
        h.tap("summary_next")
    assert c.state.active == "ray"
    h.tap("end")
    while app.summary.shown:  # the Boogeyman's turn
        h.tap("summary_next")
    assert c.state.round == 2 and c.state.active == "mike" and app.sm.current == "table"
    here = c.state.child("mike").zone
    assert c.state.babysitter == here
    said = h.prompt()
    assert said == f"Mike: 3 Actions left, only to leave Room {here}", said
    h.tap("why")
    assert app.why.shown
    sections = [e.section for e in reversed(app.why.ids.rules.children)]
    assert "Entering a Room with a Character" in sections, sections
    h.tap("why_back")
    from tests.ui.flows import lit_rooms, tap_room

    tap_room(h, here)  # he may still leave: the rooms next door light
    assert lit_rooms(app.screen("table").ids.map)


def test_a_child_s_objective_count_stays_on_its_word_s_line(harness: Any) -> None:
    """Rulebook, "The Tokens": "Objective Tokens: You will need to find these 3 tokens". The
    children's lines read "Mike Scared · Candy 0 Obj" with "1" wrapped alone below: the count is
    now joined to its word by a no-break space, so a wrap takes both."""
    from companion.games.boogeyman.state import SearchToken

    h = harness
    app = h.app
    c = app.controller
    start_game(h, kids=("mike", "ray"))
    # The part of the game this test is not about, by legal inputs: Mike into Room 1, its Light
    # token off (a Light card drawn), then a search that turns an Objective token over.
    c.submit(I.Move("mike", "1"))
    c.submit(I.FlipSwitch("mike"))
    c.submit(I.CardDrawn("BGM:LGHT:01", (), "Lamp"))
    c.submit(I.Search("mike", SearchToken("objective", 0, "red")))
    app.summary.shown = False
    app.route()
    h.pump()
    assert c.state.child("mike").objectives == ("red",)
    kids = str(app.screen("table").ids.kids.text)
    assert "Obj\u00a01" in kids and "Obj 1" not in kids, kids


def test_the_third_objective_says_where_the_finale_is_and_what_comes_next(harness: Any) -> None:
    """Rulebook, "The Grand Finale": "When the Children are in possession of all 3 Objective
    tokens, a Room token is drawn from those available. The Finale token is placed in the indicated
    Room, and then the Children must bring the Objective tokens there ... you cannot start the
    Finale unless you have already completed the Mission card's task." The play-test saw only the
    step "Put the Finale token in Room 18", and its Why? named no rule."""
    from companion.games.boogeyman.state import SearchToken

    h = harness
    app = h.app
    c = app.controller
    start_game(h, kids=("mike", "ray", "daphne"))
    red = SearchToken("objective", 0, "red")
    # Two Objective tokens found by legal inputs (not what this test is about): Mike in Room 6,
    # Ray in Room 1, each taking the Light token off (a Light card) and searching.
    for kid, room, card in (("mike", "6", "BGM:LGHT:01"), ("ray", "1", "BGM:LGHT:02")):
        c.submit(I.Move(kid, room))
        c.submit(I.FlipSwitch(kid))
        c.submit(I.CardDrawn(card, (), "Lamp" if kid == "mike" else "Stairs"))
        c.submit(I.Search(kid, red))
        c.submit(I.EndTurn())
    app.summary.shown = False
    app.route()
    h.pump()
    assert c.state.active == "daphne" and app.sm.current == "table"
    # Daphne into Room 3, the Light token off; the third Objective token by touch.
    c.submit(I.Move("daphne", "3"))
    c.submit(I.FlipSwitch("daphne"))
    c.submit(I.CardDrawn("BGM:LGHT:03", (), "Doll"))
    app.summary.shown = False
    app.route()
    h.pump()
    assert app.sm.current == "table"
    h.tap("search")
    h.tap("found:objective:0")
    assert c.state.finale_room
    where = f"Room {c.state.finale_room}"
    assert app.summary.shown and app.summary.heading == "The Finale room"
    rows = shown_steps(h)
    assert f"Put the Finale token in {where}" in rows, rows
    assert any(r.startswith(f"All 3 Objective tokens are found: the device drew {where} for the Finale")
               and "Mission" in r for r in rows), rows
    h.tap("summary_why")
    sections = [e.section for e in reversed(app.why.ids.rules.children)]
    assert any("Finale" in x for x in sections), sections
    h.tap("why_back")
    while app.summary.shown:
        h.tap("summary_next")
    # The table keeps saying where the Finale is (the house has no mark for it).
    assert app.sm.current == "table"
    assert f"[b]Finale[/b]: {where}, Obj\u00a00\u00a0of\u00a03" in app.screen("table").ids.lasting.text
    # The Mission: the table says its card's task is done, asked first (one tap declared it).
    assert h.find("finale").caption == "Mission"
    length = len(c.session.inputs)
    h.tap("finale")
    assert app.confirm.shown and "Mission" in app.confirm.message and not c.state.mission_done
    h.tap("confirm_cancel")
    assert not app.confirm.shown and not c.state.mission_done and len(c.session.inputs) == length
    h.tap("finale")
    h.tap("confirm_ok")
    assert c.state.mission_done and c.session.inputs[-1] == I.MissionComplete()


def test_a_greyed_out_action_tapped_says_why_not_and_changes_nothing(harness: Any) -> None:
    """Play-test of 6 Dec 2026: Search, Roll and Break lock stayed grey and mute under a finger, so
    the table did not learn what to do first. A grey action tapped (through the window, at its
    place) shows the rules' own refusal of it now, with its Why?, and records nothing."""
    h = harness
    app = h.app
    c = app.controller
    start_game(h, kids=("mike", "ray"))
    h.pump(frames=2)
    greyed = [a for a in ("search", "flip", "lock", "key") if h.find(a).disabled]
    assert greyed, "nothing is greyed out at the start of the first turn"
    for action in greyed:
        before = (c.state, len(c.history()))
        app.toaster.hide()
        h.tap_widget(h.find(action))
        h.pump(frames=2)
        assert app.toaster.shown and app.toaster.kind == "error", action
        assert app.toaster.text.strip() and app.toaster.why, (action, app.toaster.text)
        assert (c.state, len(c.history())) == before, action  # refused: nothing recorded


def test_the_device_s_roll_is_shown_and_so_is_the_lock_s_fate(harness: Any) -> None:
    """Play-test of 6 Dec 2026: after "Roll for me" the screen moved on and nobody saw the number;
    after the roll was kept, nothing said whether the Lock broke. Mike tries a Lock: "Roll for me"
    by touch shows the device's number over the next screen, and "Keep" what came of it."""
    from tests.ui.flows import tap_zone

    from companion.games.boogeyman.state import AdjustRoll, NeedRoll

    h = harness
    app = h.app
    c = app.controller
    start_game(h, kids=("mike", "daphne"))
    tap_zone(h, "4")
    c.submit(I.FlipSwitch("mike"))
    c.submit(I.CardDrawn("BGM:LGHT:02", name="Bats"))
    h.tap("lock")
    assert isinstance(c.pending(), NeedRoll) and app.sm.current == "roll"
    app.toaster.hide()
    h.tap("device_roll")
    assert isinstance(c.pending(), AdjustRoll)
    assert app.toaster.shown and f"The device rolls {c.pending().rolled}" in app.toaster.text, app.toaster.text
    app.toaster.hide()
    h.tap("keep")
    assert app.toaster.shown and ("Lock" in app.toaster.text), app.toaster.text
