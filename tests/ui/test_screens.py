"""Every screen is reachable from the UI, and the player-run Boogeyman's choices work by taps."""

from __future__ import annotations

from typing import Any

from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.cards import free_code
from companion.games.boogeyman.rules import child_graph
from companion.games.boogeyman.state import AdjustRoll, DrawCard, NeedRoll, Phase, SearchToken
from companion.ui.screens import SCREENS
from tests.ui.flows import start_game, through_summary
from tests.ui.test_game import drive_to


def play_to_finale(c: Any, limit: int = 600) -> None:
    """Play one child to the Finale through the session: flip, search (the table says each token
    found is an Objective), complete the Mission, walk to the Finale room, start the Finale."""
    red = SearchToken("objective", colour="red")
    for _ in range(limit):
        s = c.state
        if s.phase == Phase.FINALE:
            return
        p = s.pending[0] if s.pending else None
        if isinstance(p, DrawCard):
            c.submit(I.CardDrawn(free_code(s, p.deck)))  # a card still in the deck: the box has one of each
            continue
        if isinstance(p, NeedRoll):
            c.submit(I.RollDie(1))
            continue
        if isinstance(p, AdjustRoll):
            c.submit(I.SpendCandy(0))
            continue
        name = s.active
        legal = c.legal()
        kinds = {type(i) for i in legal}
        if I.StartFinale in kinds:
            c.submit(I.StartFinale(name))
        elif I.MissionComplete in kinds:
            c.submit(I.MissionComplete())
        elif s.finale_room:
            path = child_graph(s).path(s.child(name).zone, s.finale_room)
            step = I.Move(name, path[1]) if path and len(path) > 1 else None
            c.submit(step if step in legal else I.EndTurn())
        elif I.Search in kinds:
            c.submit(I.Search(name, red))
        elif I.FlipSwitch in kinds:
            c.submit(I.FlipSwitch(name))
        else:
            moves = [i for i in legal if isinstance(i, I.Move) and i.to != s.babysitter]
            c.submit(moves[len(c.history()[0]) % len(moves)] if moves and s.actions_left else I.EndTurn())
    raise AssertionError(f"no Finale after {limit} inputs: {c.view()['prompt']}")


def test_every_screen_is_reachable_by_touch(harness: Any) -> None:
    h = harness
    app = h.app
    seen = {app.sm.current}

    def go(action: str) -> None:
        h.tap(action)
        seen.add(app.sm.current)

    go("settings")
    assert app.sm.current == "settings"
    go("calibrate")
    assert "piece" in app.screen("calibrate").ids.prompt.text.lower()
    go("back")
    go("traycheck")  # no camera here: the check says so (tests/ui/test_traycheck.py checks a camera)
    assert h.until(lambda: "camera" in app.screen("traycheck").ids.verdict.text.lower())
    go("back")
    go("check_box")  # the owner's box of the first game on the shelf (tests/ui/test_box_flow.py walks it)
    assert "Check your box" in app.screen("box").ids.heading.text
    go("back")
    go("back")
    assert app.sm.current == "choose"
    start_game(h)
    seen.update({"setup", "table"})
    go("scan")                # a Search card to play on one's own turn
    assert app.sm.current == "scan"
    go("table")
    go("menu")
    assert app.sm.current == "journal"
    go("table")
    # A sensor disagreement: the Fix button leads to the mismatch screen.
    app.fix_text = "Move the Babysitter from Room 10 to corridor C2"
    app.screen("table").refresh()
    go("fix")
    assert app.sm.current == "mismatch"
    assert "Babysitter" in app.screen("mismatch").ids.heading.text
    go("ignore")
    app.fix_text = ""
    go("menu")
    go("rules")  # the rules reference, from the journal
    assert app.sm.current == "rules" and app.screen("rules").ids.rules.children
    go("back")
    drive_to(h, lambda st: not st.pending and any(isinstance(i, I.Search) for i in app.controller.legal()), seed=2)
    app.go("table")
    go("search")
    assert app.sm.current == "found"
    go("table")
    drive_to(h, lambda st: bool(st.pending) and type(st.pending[0]).__name__ == "NeedRoll", seed=3)
    seen.add(app.sm.current)
    drive_to(h, lambda st: bool(st.pending) and type(st.pending[0]).__name__ == "DrawCard", seed=4)
    seen.add(app.sm.current)
    h.tap("pick:new")
    seen.add(app.sm.current)  # an unknown card: the form
    h.tap("cancel")
    # The Finale, reached by real inputs: the table finds the three Objective tokens.
    play_to_finale(app.controller)
    if app.summary.shown:
        through_summary(h)
    h.pump()
    assert app.sm.current == "finale"
    seen.add("finale")
    h.tap("won")
    assert "survive" in h.prompt()
    h.tap("new")
    assert app.sm.current == "choose"
    # Competitive with a person in the Boogeyman's seat: it hides the Objectives on its private screen.
    app.prefs.boogeyman = "person"
    app.save_prefs()
    start_game(h, mode="competitive", kids=("peter", "leila"))
    assert app.sm.current == "boogeyman"
    seen.add("boogeyman")
    b = app.screen("boogeyman")
    assert b.ids.cover.shown and not h.visible("room:3")
    h.tap("reveal")  # the cover used to lie under a hidden panel: now a touch opens it
    for z in ("3", "12", "23"):
        h.tap(f"room:{z}")
    h.tap("confirm")
    h.tap("room:7")
    h.tap("confirm")
    h.tap("room:16")
    h.tap("confirm")
    # "The Boogeyman player chooses the Room tokens": the first one as well.
    assert "Room token" in b.ids.ask.text and b.ids.cover.shown  # covered again after each choice
    h.tap("reveal")
    h.tap("room:9")
    h.tap("confirm")
    assert app.sm.current == "table"
    assert h.prompt() == "Peter: 3 Actions left"
    assert [t.room for t in app.controller.state.ladder] == ["9"]
    # Every shell screen but the generic game screen (tests/ui/test_generic_game.py plays a game
    # with no screens of its own on it), the shell's set-up built from a pack's options
    # (tests/ui/test_pig_game.py sets Pig up on it) and the list of unfinished games (one game
    # here; tests/ui/test_navigation.py resumes from it), the first start's Language screen (only
    # while no language is set; tests/ui/test_i18n_screens.py answers it by touch), and every
    # Boogeyman screen.
    from companion.games.boogeyman.ui import UI

    wanted = (set(SCREENS) - {"game", "game_setup", "resume", "language"}) | set(UI.screens)
    assert wanted <= seen, wanted - seen


def test_the_device_takes_the_boogeymans_seat(harness: Any) -> None:
    h = harness
    app = h.app
    app.prefs.boogeyman = "hard"
    app.save_prefs()
    seen: set[str] = set()
    app.sm.bind(current=lambda sm, name: seen.add(name))
    start_game(h, mode="competitive", kids=("peter", "leila"))
    # The device hid the Objectives itself (off the UI thread), and play began.
    assert h.until(lambda: h.prompt() == "Peter: 3 Actions left", 5), h.prompt()
    assert app.controller.history()[0][-2:] == ("The Boogeyman hid the Objectives", "The Boogeyman played a Room token")
    assert app.controller.state.options.device_boogeyman
    ladder = len(app.controller.state.ladder)
    h.tap("end")
    h.tap("end")  # the round ends: the Boogeyman plays a Room token, chosen by the device
    assert h.until(lambda: len(app.controller.state.ladder) == ladder + 1, 5)
    assert app.controller.history()[0][-1] == "The Boogeyman played a Room token"
    assert h.until(lambda: app.summary.shown, 3), (app.controller.history()[0][-4:], app.controller.state.round)
    through_summary(h)
    assert "boogeyman" not in seen  # its choices never reach the screen
    assert app.controller.view()["ladder"][-1]["room"] is None
