"""Every screen and state of the app, walked: each control a person can see and press must get a
touch at its centre (through the Window's real dispatch), and be at least 48 px in both sides."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

import pytest

from cards_qr.codes import CardCode
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman import sensing
from companion.games.boogeyman.state import (
    AdjustRoll,
    ChooseCard,
    DrawCard,
    Mode,
    NeedRoll,
    Options,
    Phase,
    PlayFinale,
    SteerBabysitter,
    TieRoll,
)
from companion.ui import touch

sys.path.insert(0, str(Path(__file__).parent.parent / "core"))  # the fixture pack, fixture_game.py

States = list[tuple[str, Callable[[Any], None]]]
REPORT: dict[str, Any] = {}


def game(h: Any, mode: Mode = Mode.COOP, kids: tuple[str, ...] = ("mike", "daphne"), **kw: Any) -> None:
    h.app.summary.shown = False
    h.app.controller.new_game("BGM", Options(mode=mode, children=kids, **kw), 1)
    h.app.summary.shown = False


def put_pending(h: Any, *pending: Any, **changes: Any) -> None:
    """A state put in front of the session for the walk only (not journaled)."""
    c = h.app.controller
    c.session._states.append(replace(c.state, pending=tuple(pending), **changes))  # type: ignore[union-attr]
    c._legal = None


def screen(name: str) -> Callable[[Any], None]:
    return lambda h: h.app.go(name)


def states() -> States:
    def choose_resume(h: Any) -> None:
        game(h)
        h.app.go("choose")

    def resume_list(h: Any) -> None:
        for kids in (("mike", "daphne"), ("ray",), ("leila", "tommy", "peter")):
            game(h, Mode.SOLO if len(kids) == 1 else Mode.COOP, kids)
        h.app.go("choose")
        h.app.go("resume")

    def setup_stage(stage: str, mode: str = "coop") -> Callable[[Any], None]:
        def go(h: Any) -> None:
            sw = h.app.screen("setup")
            h.app.go("setup")
            sw.start()
            sw.mode = mode
            if stage != "mode":
                sw.next()
            if stage == "children":
                sw.kids = ["mike", "ray"]
            if stage == "steps":
                sw.kids = ["mike"]
                sw.next()
            sw.refresh()
        return go

    def table(h: Any) -> None:
        game(h)
        h.app.go("table")

    def table_fix(h: Any) -> None:
        table(h)
        h.app.fix_text = "Move the Babysitter from Room 10 to corridor C2"
        h.app.screen("table").refresh()

    def table_layer(which: str) -> Callable[[Any], None]:
        def go(h: Any) -> None:
            table(h)
            app = h.app
            app.controller.submit(I.Move("mike", "1"))
            if which == "undo":
                app.ask_undo()
            elif which == "why":
                app.screen("table").act("why")
            elif which == "toast":
                app.submit(I.Move("mike", "25"))  # refused: a toast with Why?
            elif which == "summary":
                app.summary.present("The Boogeyman's turn", ["The Boogeyman appears in Room 5.",
                                                              "Round 2: Mike goes first."], [], lambda: None)
        return go

    def roll(p: Any) -> Callable[[Any], None]:
        def go(h: Any) -> None:
            game(h, kids=("mike", "daphne", "ray"))
            put_pending(h, p)
            h.app.go("roll")
        return go

    def found(h: Any) -> None:
        game(h)
        h.app.go("found")

    def scan(p: Any, instead: bool = False, names: bool = False) -> Callable[[Any], None]:
        def go(h: Any) -> None:
            game(h)
            if names:
                from companion.scan.catalogue import CardInfo

                cat = h.app.scanner.catalogue()
                for n, t in enumerate(("Creaking stairs", "Lights out", "A cold hand"), 1):
                    cat.remember(CardCode("BGM", p.deck, n), CardInfo(t, p.deck))
            put_pending(h, p)
            h.app.go("scan")
            if instead:
                h.app.screen("scan").toggle_instead()
        return go

    def form(keyboard: str = "") -> Callable[[Any], None]:
        def go(h: Any) -> None:
            game(h)
            h.app.screen("card_form").ask(CardCode("BGM", "SITR", 9))
            h.app.go("card_form")
            if keyboard:
                h.app.keyboard.open(h.app.screen("card_form").ids.name)
                if keyboard == "symbols":
                    h.app.keyboard.toggle_mode()
        return go

    def mismatch(question: bool) -> Callable[[Any], None]:
        def go(h: Any) -> None:
            game(h, kids=("mike", "daphne"))
            app = h.app
            if question:
                app.question = sensing.Ask("Who moved?", (I.Move("mike", "1"), I.Move("daphne", "1")))
            else:
                app.question, app.fix_text = None, "Put Mike in corridor C1"
            app.go("mismatch")
        return go

    def box(stage: str) -> Callable[[Any], None]:
        def go(h: Any) -> None:
            h.app.screen("box").open_for("SOL")
            h.app.go("box")
            if stage:
                h.app.screen("box").start(0)
            if stage == "type":
                h.app.screen("box").edit()
        return go

    def settings_keyboard(h: Any) -> None:
        h.app.go("settings")
        h.app.keyboard.open(h.app.screen("settings").ids.port)

    def finale(over: bool) -> Callable[[Any], None]:
        def go(h: Any) -> None:
            game(h)
            put_pending(h, *(() if over else (PlayFinale(),)), phase=Phase.OVER if over else Phase.FINALE,
                        finale_room="14", leader="mike", finale_number=7, finale_children=("mike",),
                        winner="children" if over else "")
            h.app.go("finale")
        return go

    def boogeyman(stage: str) -> Callable[[Any], None]:
        def go(h: Any) -> None:
            h.app.prefs.boogeyman = "person"
            game(h, mode=Mode.COMPETITIVE, kids=("peter", "leila"))
            c = h.app.controller
            if stage in ("tokens", "card", "steer"):
                c.submit(I.HideTokensInput(("1", "2", "3"), "4", "6"))
            if stage == "card":
                put_pending(h, ChooseCard("EVNT"))
            if stage == "steer":
                put_pending(h, SteerBabysitter(3))
            h.app.go("boogeyman")
            if stage != "cover":
                h.app.screen("boogeyman").show()
        return go

    def generic(later: int) -> Callable[[Any], None]:
        """A game with no screens of its own (the fixture pack) on the generic game screen."""
        def go(h: Any) -> None:
            from companion.core import packs

            packs.register("DICE", "fixture_game")
            h.app.choose_game("DICE")
            for _ in range(later):
                h.app.submit(h.app.controller.legal()[1])
            h.app.go_play()
        return go

    def game_setup(players: int, start: bool = False) -> Callable[[Any], None]:
        """The shell's set-up built from a pack's declared options (Pig's), and its game on the
        generic screen, a die pending."""
        def go(h: Any) -> None:
            h.app.choose_game("PIG")
            setup = h.app.screen("game_setup")
            setup.values["players"] = players
            setup.refresh()
            if start:
                setup.begin()
        return go

    def sol(kind: str = "", then: str = "", options: dict[str, Any] | None = None) -> Callable[[Any], None]:
        """The Stuff of Legend, played by its bots until it waits on `kind`, then `then` done."""
        def go(h: Any) -> None:
            from companion.games.stuff_of_legend.state import Options as SolOptions
            from companion.games.stuff_of_legend.ui.shots import SEED, _Bots, _until

            app = h.app
            app.summary.shown = False
            opts = dict(players=3, action_deck="digital", board_cards="digital", boogeyman_deck="digital")
            opts.update(options or {})
            app.controller.new_game("SOL", SolOptions(**opts), SEED)  # type: ignore[arg-type]
            if kind:
                assert _until(h, _Bots(SEED), kind) or kind == "never", f"the game never waited on {kind}"
            app.summary.shown = False
            app.go_play()
            if then == "reveal":
                app.screen("sol_private").reveal()
            elif then.startswith("look:"):
                app.screen("sol_private").look([then.split(":")[1]])
                app.screen("sol_private").reveal()
            elif then in ("look", "accident", "accident:exit_north"):
                app.go("sol_table")
                app.screen("sol_table").mode = then
                app.screen("sol_table").refresh()
            elif then == "summary":
                app.controller.submit(_Bots(SEED).decide(app.controller))
            elif then.startswith("setup:"):
                sw = app.screen("sol_setup")
                app.go("sol_setup")
                sw.start()
                sw.heroes = ["max", "percy", "harmony"]
                sw.stage = then.split(":")[1]
                if sw.stage == "steps":
                    sw.steps = list(app.controller.view()["notices"])
                sw.refresh()
        return go

    return [
        ("choose", screen("choose")),
        ("language: the first start", screen("language")),
        ("choose: resume offered", choose_resume),
        ("resume: every unfinished game", resume_list),
        ("settings", screen("settings")),
        ("settings: keyboard for the port", settings_keyboard),
        ("calibrate", screen("calibrate")),
        ("traycheck", screen("traycheck")),
        ("box: what to check", box("")),
        ("box: a question", box("ask")),
        ("box: typing the answer", box("type")),
        ("setup: mode", setup_stage("mode")),
        ("setup: Competitive", setup_stage("mode", "competitive")),
        ("setup: children", setup_stage("children")),
        ("setup: a step", setup_stage("steps")),
        ("table", table),
        ("table: a real mat's fix", table_fix),
        ("table: undo confirm", table_layer("undo")),
        ("table: why", table_layer("why")),
        ("table: refused tap toast", table_layer("toast")),
        ("table: Boogeyman's turn", table_layer("summary")),
        ("roll: break a lock", roll(NeedRoll("mike", "lock"))),
        ("roll: Candy", roll(AdjustRoll("mike", "lock", 4))),
        ("roll: Possessed Babysitter", roll(NeedRoll("", "possessed"))),
        ("roll: tie-break", roll(TieRoll(("mike", "daphne"), "boogeyman"))),
        ("roll: tie-break Candy", roll(TieRoll(("mike", "daphne"), "babysitter", rolled=2, candy="mike"))),
        ("found", found),
        ("scan: a draw", scan(DrawCard("LGHT", "mike"))),
        ("scan: named cards", scan(DrawCard("DARK", "mike"), names=True)),
        ("scan: an encounter", scan(DrawCard("SITR", "mike", encounter=True))),
        ("scan: a Search card instead", scan(DrawCard("SITR", "mike", encounter=True), instead=True)),
        ("scan: an Event", scan(DrawCard("EVNT", ""))),
        ("card form", form()),
        ("card form: keyboard", form("letters")),
        ("card form: keyboard symbols", form("symbols")),
        ("mismatch: a fix", mismatch(False)),
        ("mismatch: who moved?", mismatch(True)),
        ("journal", screen("journal")),
        ("rules", screen("rules")),
        ("finale", finale(False)),
        ("finale: over", finale(True)),
        ("boogeyman: cover", boogeyman("cover")),
        ("boogeyman: hide", boogeyman("hide")),
        ("boogeyman: first token", boogeyman("tokens")),
        ("boogeyman: a card", boogeyman("card")),
        ("boogeyman: steer", boogeyman("steer")),
        ("game: a new game with no screens of its own", generic(0)),
        ("game: three inputs later", generic(3)),
        ("game_setup: two players", game_setup(2)),
        ("game_setup: four players", game_setup(4)),
        ("game: Pig's die", game_setup(3, start=True)),
        ("sol_setup: heroes", sol(then="setup:heroes")),
        ("sol_setup: cards", sol(then="setup:table")),
        ("sol_setup: a step", sol(then="setup:steps")),
        ("sol_table: the Rifle", sol()),
        ("sol_table: who acts", sol("choose_actor")),
        ("sol_table: who looks", sol("choose_actor", "look")),
        ("sol_table: a token seen by accident", sol("choose_actor", "accident")),
        ("sol_table: its number", sol("choose_actor", "accident:exit_north", {"exits": "physical"})),
        ("sol_table: real hands", sol("actor_turn", options={"action_deck": "physical"})),
        ("sol_private: cover", sol("actor_turn")),
        ("sol_private: actions", sol("actor_turn", "reveal")),
        ("sol_private: a peek", sol("state_number", "reveal")),
        ("sol_private: a look, not a decision", sol("choose_actor", "look:max")),
        ("sol_vote", sol("vote")),
        ("sol_enemies", sol("activate")),
        ("sol_enemies: steps", sol("activate", "summary")),
        ("sol_coin", sol("coin")),
        ("sol_coin: a Boogeyman card", sol("boogeyman_draw")),
        ("sol_end", sol("never")),
        ("scan: a SOL Location", sol(options={"board_cards": "physical", "rifle": "max"})),
    ]


STATES = states()


@pytest.fixture(autouse=True, scope="module")
def _forget_the_fixture_pack() -> Any:
    yield
    from companion.core import packs

    packs.unregister("DICE")


@pytest.mark.parametrize("name", [n for n, _ in STATES])
def test_every_visible_enabled_control_gets_a_touch_at_its_centre(harness: Any, name: str) -> None:
    h = harness
    dict(STATES)[name](h)
    if name != "table: refused tap toast":
        h.app.toaster.hide()
    h.pump(frames=2)
    shown = touch.controls()
    missed = touch.unreachable()
    small = touch.small_targets()
    REPORT[name] = (len(shown), len(missed))
    assert shown, f"{name}: nothing to press?"
    assert missed == [], f"{name}: {missed}"
    assert small == [], f"{name}: smaller than 48 px: {small}"


def test_the_walk_covered_the_app() -> None:
    # Runs after the walk (file order): every screen was visited, and the totals are reported.
    from companion.ui.screens import SCREENS

    assert len(REPORT) == len(STATES)
    targets = sum(n for n, _ in REPORT.values())
    misses = sum(m for _, m in REPORT.values())
    print(f"\nwalker: {targets - misses} of {targets} targets reached on {len(REPORT)} states")
    assert misses == 0 and targets > 400
    from companion.games.boogeyman.ui import UI
    from companion.games.stuff_of_legend.ui import UI as SOL

    visited = {n.split(":")[0].replace("card form", "card_form") for n in REPORT}
    wanted = set(SCREENS) | set(UI.screens) | set(SOL.screens)
    assert wanted <= visited | {"card_form"}, wanted - visited
