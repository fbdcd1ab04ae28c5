"""A game the app has never heard of, with no screens of its own (the fixture pack), shown by the
shell: chosen on its tile, played on the generic game screen by touches, undone with the confirm,
resumed from the choose screen. Nothing outside the fixture's own module knows the game."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from companion.core import packs

sys.path.insert(0, str(Path(__file__).parent.parent / "core"))


@pytest.fixture(autouse=True, scope="module")
def _dice() -> Iterator[None]:
    packs.register("DICE", "fixture_game")
    packs.register("HAND", "fixture_hand")
    yield
    packs.unregister("DICE")
    packs.unregister("HAND")


def test_a_game_with_no_screens_is_played_on_the_generic_screen_by_touch(harness: Any) -> None:
    h = harness
    app = h.app
    app.seed = 5
    h.app.go("choose")
    h.choose_game("game:DICE")  # its tile, built from the registry (a page on, past four games)
    assert app.sm.current == "game" and app.controller.rules.code == "DICE"
    assert app.scanner.game == "DICE"  # the scan screen reads this game's cards, not the last game's
    assert "roll, add 1 to 3, or pass" in app.screen("game").ids.prompt.text
    first = app.controller.state.players[app.controller.state.turn]
    h.tap("choice:2")  # "<who> added 2": the labels are the game's own words
    assert app.controller.history()[0] == (f"{first} added 2",)
    moves = 1
    while not app.controller.session.finished and moves < 80:
        h.tap("choice:3")  # add 3
        moves += 1
    assert app.controller.session.finished and moves < 80
    assert app.screen("game").ids.prompt.text == "The race is over"
    h.tap("undo")
    assert app.confirm.shown  # the label first, then a confirm
    h.tap("confirm_ok")
    assert not app.controller.session.finished and len(app.controller.history()[0]) == moves - 1
    # Resume from the choose screen: the same game, on the same screen.
    h.tap("games")
    assert app.sm.current == "choose"
    h.tap("resume")
    assert app.sm.current == "game" and len(app.controller.history()[0]) == moves - 1
    # A new camera chosen in Settings still reads this game's cards.
    h.tap("games")
    h.tap("settings")
    h.tap("cam_row:none")
    assert app.prefs.camera == "none" and app.scanner.game == "DICE"


def test_a_game_with_hidden_hands_offers_the_tables_choices_on_the_shared_screen(harness: Any) -> None:
    """The generic screen is seen by the whole table: for a game declaring hidden hands it offers
    every card a hand could hold (the table's list), never the acting seat's own list, which would
    show the card; the rules refuse a card the player does not hold, by a toast, and nothing changes."""
    h = harness
    app = h.app
    app.seed = 3
    app.go("choose")
    h.choose_game("game:HAND")
    c = app.controller
    assert app.sm.current == "game" and c.rules.code == "HAND"
    for _ in range(4):  # whatever the player holds, the same four choices
        who, held = c.state.players[c.state.turn], c.state.hands[c.state.turn]
        captions = [h.find(f"choice:{i}").caption for i in range(4)]
        assert captions == [f"{who} played a 1", f"{who} played a 2", f"{who} played a 3", f"{who} passed"]
        with pytest.raises(LookupError):
            h.find("choice:4")
        wrong = next(n for n in (1, 2, 3) if n != held)
        done = len(c.history()[0])
        h.tap(f"choice:{wrong - 1}")
        assert app.toaster.shown and f"does not hold a {wrong}" in app.toaster.text
        assert len(c.history()[0]) == done  # nothing changed
        app.toaster.hide()
        h.tap(f"choice:{held - 1}")
        assert c.history()[0][-1] == f"{who} played a {held}"
    # A private screen (behind a cover) asks for the seat's own list.
    assert c.private_legal() == [type(c.legal()[0])(c.state.hands[c.state.turn]), c.legal()[-1]]



def device_holds_bob(h: Any, monkeypatch: Any, seed: int) -> Any:
    """The fixture game on its tile, the device in Bob's chair at Normal (a game with no screens
    names no seats the device may hold: the test names Bob)."""
    from companion.ui.packui import GameUI

    app = h.app
    monkeypatch.setattr(GameUI, "device_seats", lambda self: (("Bob", "Bob"),) if self.code == "DICE" else ())
    app.prefs.set_device_level("DICE", "Bob", "normal")
    app.seed = seed
    app.go("choose")
    h.choose_game("game:DICE")
    c = app.controller
    assert app.sm.current == "game" and c.rules.code == "DICE" and app.seat.level_of("Bob") == "normal"
    return c


def test_the_device_decides_again_after_an_undo_of_its_own_decision(harness: Any, monkeypatch: Any) -> None:
    """Bob, the device, plays first. Undo of its answer brings back the very same state object (the
    Session keeps it): the device decides there again, the same answer for the same position, and
    the screen does not say "deciding" for ever (it did: the seat remembered that object)."""
    h = harness
    app = h.app
    c = device_holds_bob(h, monkeypatch, seed=0)  # seed 0: Bob first
    assert h.until(lambda: len(c.history()[0]) == 1), "the device never answered"
    answered = c.history()[0]
    assert answered[0].startswith("Bob") and c.state.players[c.state.turn] == "Ann"
    h.tap("undo")
    assert app.confirm.message == f"Undo: {answered[0]}?"  # nothing before it: its answer alone
    h.tap("confirm_ok")
    # Back at the start: the device decides again, the same answer.
    assert h.until(lambda: c.history()[0] == answered, timeout=8), (
        f"after the Undo: {c.history()[0]}, the screen says {app.screen('game').ids.choices_note.text!r}")
    assert app.screen("game").ids.choices_note.text != "The device is deciding\u2026"
    h.tap("choice:1")  # Ann's buttons are back: the game goes on by touch
    done = c.history()[0]  # (the device may have answered Ann already)
    assert done[:2] == answered + ("Ann added 1",)


def test_an_undo_of_the_devices_answer_takes_back_what_it_answered(harness: Any, monkeypatch: Any) -> None:
    """The device would give its answer straight back (the same position, the same answer), so
    Undo of it takes back the person's input before it too, and says so before it acts."""
    from companion.ui.fit import why_cut

    h = harness
    app = h.app
    c = device_holds_bob(h, monkeypatch, seed=5)  # seed 5: Ann first
    assert c.state.players[c.state.turn] == "Ann" and not c.history()[0]
    h.tap("choice:1")  # Ann adds 1; the device answers for Bob
    assert h.until(lambda: len(c.history()[0]) == 2), "the device never answered"
    ann, bob = c.history()[0]
    assert ann == "Ann added 1" and bob.startswith("Bob")
    h.tap("undo")
    assert app.confirm.message == "Undo: Ann added 1?" and bob in app.confirm.detail
    h.tap("confirm_ok")
    assert c.history()[0] == () and c.history()[1] == (ann, bob)  # both taken back, both redoable
    assert c.state.players[c.state.turn] == "Ann"
    h.pump(0.5)  # the device does not play Ann's chair
    assert c.history()[0] == () and h.find("choice:0").caption.startswith("Ann")
    # The journal's Undo says and does the same.
    h.tap("choice:2")  # Ann adds 2; the device answers again
    assert h.until(lambda: len(c.history()[0]) == 2), "the device never answered"
    h.tap("journal")
    button = h.find("undo")
    assert button.caption == "Undo: Ann added 2 and the device's answer" and why_cut(button) == ""
    h.tap("undo")
    assert c.history()[0] == () and app.screen("journal").find("undo").disabled


@pytest.fixture
def die_games(tmp_path: Path) -> Iterator[None]:
    """The die race (a six-sided die: seven choices) and the same race with a twenty-sided die
    (21 choices), each a pack of its own."""
    (tmp_path / "fixture_d20.py").write_text(
        "import copy\n"
        "from dataclasses import dataclass, replace\n"
        "import fixture_die\n"
        "@dataclass(frozen=True)\n"
        "class Options(fixture_die.Options):\n"
        "    faces: int = 20\n"
        "RULES = copy.copy(fixture_die.RULES)\n"
        "RULES.code, RULES.title, RULES.options_type = 'D20', 'Twenty-sided race', Options\n"
        "PACK = replace(fixture_die.PACK, code='D20', title='Twenty-sided race', rules=RULES)\n")
    sys.path.insert(0, str(tmp_path))
    packs.register("DIE", "fixture_die")
    packs.register("D20", "fixture_d20")
    yield
    packs.unregister("DIE")
    packs.unregister("D20")
    sys.path.remove(str(tmp_path))


def choice_buttons(h: Any) -> list[Any]:
    h.pump(frames=3)
    return sorted(h.app.screen("game").ids.choices.children, key=lambda b: int(b.action.split(":")[1]))


def test_a_die_s_seven_choices_show_at_once_and_twenty_one_are_all_reached(harness: Any, die_games: None) -> None:
    """A die a person rolls: six faces and "roll for me" show at once, each reached by a touch
    where it is, no swipe, every caption whole and finger-sized; a twenty-sided die's 21 choices
    are all reached (the ones below the screen by a drag first)."""
    from companion.ui import touch
    from companion.ui.fit import why_cut

    h = harness
    app = h.app
    app.seed = 1
    app.go("choose")
    h.choose_game("game:DIE")
    c = app.controller
    assert app.sm.current == "game" and c.rules.code == "DIE"
    buttons = choice_buttons(h)
    assert [b.caption for b in buttons] == [f"Ann rolled a {v}" for v in range(1, 7)] + ["Roll the die for Ann"]
    view = app.screen("game").ids.scroller
    for b in buttons:  # all on screen at once: inside the list's window, reached where they are
        assert view.y <= b.to_window(b.x, b.y)[1] and b.to_window(b.right, b.top)[1] <= view.top, b.caption
        assert touch.reach(b) is b and why_cut(b) == "" and min(b.width, b.height) >= 48, b.caption
    assert not touch.small_targets() and not touch.unreachable()
    h.tap("choice:4")  # Ann's die showed a 5
    h.tap("choice:6")  # Bob asks the device to roll
    done = c.history()[0]
    assert done[0] == "Ann rolled a 5" and done[1] == "Roll the die for Bob" and c.state.scores[0] == 5

    app.go("choose")
    h.choose_game("game:D20")
    assert c.rules.code == "D20" and len(choice_buttons(h)) == 21
    for b in choice_buttons(h):
        assert why_cut(b) == "" and min(b.width, b.height) >= 48, b.caption
    assert not h.visible("choice:20")  # below the first screenful
    h.scroll_to("choice:20", view)  # a finger slides the list up
    h.tap("choice:20")  # the last one, below the first screenful
    assert c.history()[0] == ("Roll the die for Ann",)
