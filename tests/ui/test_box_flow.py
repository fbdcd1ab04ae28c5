"""'Check your box' on the device, by touch only (issue 26): from The Stuff of Legend's set-up
screen the table corrects three space names and teaches two Location cards, one question at a
time beside what it concerns, with the on-screen keyboard; the answers go into the owner's box
(core/ownbox.py), and a whole new game, played by touches to its end, shows, says and journals only
the corrected names (issue 26, "Done when"). Also reached from Settings."""

from __future__ import annotations

import re
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from flows import table_done, type_text  # noqa: E402
from sol_table_bots import HEROES, SEED, TouchTable  # noqa: E402

NEW_NAMES = {"hollow": "Hollow Oak Tree", "briar": "Bramble Path", "crossing": "Crossing Stones"}
TAUGHT = {"SOL:LOCN:01": "Old Lamp Post", "SOL:LOCN:02": "Sleeping Log"}
# The shipped guesses the table corrected: none may be said again once corrected ("Hollow Oak"
# is the start of its correction, so it counts only when "Tree" does not follow).
OLD = {"Hollow Oak": re.compile(r"Hollow Oak(?! Tree)"), "Briar Path": re.compile(r"Briar Path"),
       "Crossroads": re.compile(r"Crossroads"), "Old Signpost": re.compile(r"Old Signpost"),
       "Fallen Log": re.compile(r"Fallen Log")}


def _slid_to(h: Any, action: str, tries: int = 16) -> Any:
    """The scan screen's control `action`, a finger sliding its list as a person would: back up
    to the top, then down a screen at a time, each slide held still before the finger lifts, so
    the list does not fling on past it (two titles a row: a fling carried it past the title the
    table wanted, and the last rows stop short of the list's end)."""
    from companion.ui import touch
    from companion.ui.harness import STILL_S

    sv = h.app.screen("scan").ids.scroller
    for _ in range(tries):
        if h.visible(action):
            return h.find(action)
        if sv.scroll_y >= 0.999:
            break
        (x0, y0), margin = sv.to_window(sv.x, sv.y), min(30.0, sv.height * 0.15)
        x, y, low = x0 + sv.width / 2, y0 + sv.height - margin, y0 + margin
        h.finger.down(x, y)
        while y > low:
            y = max(low, y - 12)
            h.finger.move(x, y)
            touch.let_pass(touch.FRAME_S)
        time.sleep(STILL_S)
        h.finger.up()
        touch.let_pass(0.4)
    return h.scroll_to(action, scroller=sv, tries=tries)


def _old_names_in(texts: Any) -> list[str]:
    return [f"{name!r} in {t!r}" for t in texts for name, pattern in OLD.items() if pattern.search(t)]


class ScanningTable(TouchTable):
    """The hero bots, and the table's real Location and Encounter cards picked on the scan screen
    (no camera) by the card the table bot turned up."""

    def step(self) -> None:
        h, app = self.h, self.app
        c = app.controller
        if app.sm.current == "scan" and not app.summary.shown and not app.seat.plays(c.state):
            wanted = self.wanted()
            code = getattr(wanted, "code", None) or getattr(wanted, "card", None)
            assert code, f"the scan screen waits for {wanted!r}"
            self.seen["scan"] = self.seen.get("scan", 0) + 1
            # the last card's title, said over the list, may lie on the one wanted: read, it goes
            assert h.until(lambda: not app.toaster.shown, timeout=12.0)
            h.tap_widget(_slid_to(h, f"pick:{code}"))
            return
        super().step()


def _typed(h: Any, text: str) -> None:
    h.tap("box:edit")  # "Not right: type it" / "Add a new one": the keyboard comes up
    assert h.app.keyboard.shown
    type_text(h, text)
    h.tap("key:done")
    assert not h.app.keyboard.shown


@pytest.mark.slow  # a whole game by touch, ~14 s: `make test-slow`
def test_three_space_names_and_two_location_titles_taught_then_a_whole_game_uses_them(harness: Any) -> None:
    """Done when (issue 26): the box flow first, then the whole game by touches to its end; from the
    new game's first screen to its last, no corrected guess is shown, said or journaled."""
    from kivy.base import EventLoop
    from kivy.uix.label import Label

    from companion.core import ownbox

    def on_screen() -> list[str]:
        return [w.text for top in EventLoop.window.children for w in top.walk() if isinstance(w, Label) and w.text]

    h = harness
    app = h.app
    path = ownbox.box_path("SOL", app.data_dir)
    path.unlink(missing_ok=True)
    try:
        app.seed = SEED
        h.choose_game("game:SOL")
        assert app.sm.current == "sol_setup"
        h.tap("check_box")
        box = app.screen("box")
        assert app.sm.current == "box" and "The Stuff of Legend" in box.ids.heading.text
        assert h.visible("group:0")
        h.tap("group:0")  # Space names, from the first still a guess
        assert box.at == "spaces[id=brooklyn].name"
        shown = " ".join(w.text for w in box.ids.body.walk() if hasattr(w, "text"))
        assert "Brooklyn" in shown and "Hollow Oak, plain trail" in shown and "a guess" in shown  # beside its trails
        h.tap("box:right")  # Brooklyn is right
        for sid, name in NEW_NAMES.items():
            assert box.at == f"spaces[id={sid}].name", box.at
            _typed(h, name)
        h.tap("box:list")
        assert "4 of 23 checked" in h.find("group:0").caption
        location = next(k for k, (_, g) in enumerate(box.groups()) if g.at == "location[code=*].title")
        h.scroll_to(f"group:{location}")  # a finger slides the list down to it
        h.tap(f"group:{location}")
        for code, title in TAUGHT.items():
            assert box.at == f"location[code={code}].title", box.at
            assert h.find("box:edit").caption == "Add a new one"
            _typed(h, title)
        h.tap("box:list")
        h.tap("back")
        assert app.sm.current == "sol_setup"  # back where it was opened
        # The owner's box holds exactly what the table said; the shipped files are untouched.
        kept = {f.at: f.value for f in ownbox.load_box("SOL", app.data_dir).facts}
        assert kept == {"spaces[id=brooklyn].name": "Brooklyn",
                        **{f"spaces[id={s}].name": n for s, n in NEW_NAMES.items()},
                        **{f"location[code={c}].title": t for c, t in TAUGHT.items()}}
        assert '"Hollow Oak"' in ownbox.declared("SOL")[0].default.read_text(encoding="utf-8")

        # A new game, its Locations and Encounters real cards picked on screen (no camera); the
        # device deals the Action cards and draws the Boogeyman's.
        for hero in HEROES:
            h.tap(f"hero:{hero}")
        h.tap("next")
        h.tap("action_deck:digital")
        h.tap("boogeyman_deck:digital")
        h.tap("next")
        c = app.controller
        world = tomllib.loads(c.state.options.world.split("\n", 1)[1])
        assert ownbox.value_at(world, "spaces[id=hollow].name") == (True, "Hollow Oak Tree")
        while app.sm.current == "sol_setup":
            assert not _old_names_in(on_screen()), _old_names_in(on_screen())
            h.tap("next")
        while app.sm.current == "sol_private":
            h.tap("hide" if app.screen("sol_private").opened else "reveal")
            assert not _old_names_in(on_screen()), _old_names_in(on_screen())
        h.tap("choice:0")  # Max holds the Rifle
        table_done(h)  # the Rifle token put in front of Max: the table's step, then Done
        scan = app.screen("scan")
        assert app.sm.current == "scan"
        assert scan.ids.heading.text == ("Turn up the Location in Hollow Oak Tree and scan it "
                                           "(then Bramble Path, Crossing Stones).")
        titles = [w.caption for w in scan.ids.picker.children if getattr(w, "action", "").startswith("pick:")]
        assert any("Old Lamp Post" in t for t in titles) and any("Sleeping Log" in t for t in titles), titles
        assert not any("Old Signpost" in t or "Fallen Log" in t for t in titles)  # the guesses are gone
        code = c.legal()[0].code
        h.tap_widget(_slid_to(h, f"pick:{code}"))
        line = c.history()[0][-1]
        assert line.startswith("The Location in ") and any(n in line for n in NEW_NAMES.values()), line
        # What the table checked is not marked; what is still a guess is, with a line in Why?.
        assert "\u25cc" not in scan.ids.heading.text
        assert not [t for t, _ in app.rules_for("The party is in Hollow Oak Tree")]
        why = dict(app.rules_for("The party is in Wishing Well"))
        assert "Wishing Well" in why["Still a guess"] and "Check your box" in why["Still a guess"]

        # The rest of the game, to its end, by touches only: after every touch, nothing on the
        # screen (prompts, lists, steps, toasts) says a name the table corrected.
        table = ScanningTable(h, seed=SEED, faces=("boy",))
        taps = 0
        while not (c.session.finished and not app.summary.shown) and taps < 900:
            table.step()
            taps += 1
            old = _old_names_in(on_screen())
            assert not old, f"after {taps} touches on {app.sm.current}: {old}"
        assert c.session.finished, f"the game did not end in {taps} touches"
        assert app.sm.current == "sol_end"
        assert c.state.end, "the game is over without an ending"
        assert table.seen.get("scan", 0) >= 1  # Locations or Encounters turned up later were picked too
        lines = c.history()[0]
        assert not _old_names_in(lines), _old_names_in(lines)  # nor in the journal's lines
        said = " ".join(lines)
        assert any(n in said for n in NEW_NAMES.values())  # the corrected names are what is said
    finally:
        path.unlink(missing_ok=True)


def test_check_your_box_is_reached_from_settings(harness: Any) -> None:
    h = harness
    app = h.app
    h.tap("settings")
    h.tap("check_box")
    box = app.screen("box")
    assert app.sm.current == "box" and box.ids.heading.text.startswith("Check your box")
    for code in ("BGM", "BIN", "GSB", "SOL"):  # every game with guesses can be picked
        assert h.visible(f"box_game:{code}")
    h.tap("box_game:GSB")
    assert "Goosebumps" in box.ids.heading.text
    h.tap("group:0")
    assert h.visible("box:right") and h.visible("box:skip")
    assert any("THE END" in getattr(w, "text", "") for w in box.ids.body.walk())
    h.tap("box:skip")  # THE END is one fact: skipped, the list again
    assert box.stage == "list" and h.visible("group:0")
    h.tap("back")
    assert app.sm.current == "settings"


def test_add_a_new_one_on_the_scan_screen_teaches_a_location_title_and_a_wrong_pick_is_refused_in_words(
        harness: Any) -> None:
    """Teach a card (issue 26): the scan screen's "add a new one" is there though the pack names every
    Location by a guess; the table says which sticker the card has, types its title on the on-screen
    keyboard, and the card is played and its title kept in the owner's box. A card of the wrong
    colour is refused by its name and colour (SOL-51: a space's Location has its region's colour on
    its back), never by its code."""
    from companion.core import ownbox

    h = harness
    app = h.app
    path = ownbox.box_path("SOL", app.data_dir)
    path.unlink(missing_ok=True)
    shipped = ownbox.declared("SOL")[1].default.read_bytes()
    try:
        app.seed = SEED
        h.choose_game("game:SOL")
        for hero in HEROES:
            h.tap(f"hero:{hero}")
        h.tap("next")
        h.tap("next")
        c = app.controller
        while app.sm.current == "sol_setup":
            h.tap("next")
        while app.sm.current == "sol_private":
            h.tap("hide" if app.screen("sol_private").opened else "reveal")
        h.tap("choice:0")  # Max holds the Rifle
        table_done(h)
        scan = app.screen("scan")
        assert app.sm.current == "scan" and "add a new one" in scan.ids.picker_title.text

        # A yellow Location for a green space: refused by what the card is, not its code.
        head = c.state.head
        wrong = "SOL:LOCN:09"  # Town Hall, a yellow Location (data/cards.toml)
        h.tap_widget(_slid_to(h, f"pick:{wrong}"))
        said = app.toaster.text
        assert app.toaster.shown and "Town Hall" in said and "yellow" in said and "SOL:" not in said, said
        assert c.state.head is head and app.sm.current == "scan"  # nothing entered; still asked

        # "Add a new one": the sticker number beside the card's sticker, then its printed title.
        legal = c.legal()[0].code
        said_before = len(c.history()[0])
        number = int(legal.rsplit(":", 1)[1])
        assert h.until(lambda: not app.toaster.shown, timeout=12.0)  # the refusal read, it goes
        h.tap_widget(_slid_to(h, "pick:new"))  # a finger slides the list back up to its first button
        assert "which number is printed beside its sticker" in scan.ids.picker_title.text
        assert not h.visible(f"pick:{legal}")  # the titles gave way to the sticker numbers
        w = _slid_to(h, f"teach:{legal}")
        assert w.caption == f"Sticker {number:02d}"
        h.tap_widget(w)
        assert app.sm.current == "card_form"
        form = app.screen("card_form")
        assert form.ids.heading.text.endswith(f"(sticker {number:02d}): what is the title printed on it?")
        h.tap_widget(form.ids.name)
        type_text(h, "Mossy Old Stump")
        h.tap("key:done")
        h.tap("save")
        assert len(c.history()[0]) > said_before and c.history()[0][said_before].startswith("The Location in ")
        assert app.sm.current != "card_form"
        at = f"location[code={legal}].title"
        assert {f.at: f.value for f in ownbox.load_box("SOL", app.data_dir).facts} == {at: "Mossy Old Stump"}
        assert ownbox.declared("SOL")[1].default.read_bytes() == shipped  # the shipped guess is never written
        assert "kept in your box" in app.toaster.text
        # Once taught, that card is no longer offered to teach again.
        ui = c.ui
        assert legal not in [str(code) for code in ui.teachable(app, "LOCN")]
    finally:
        path.unlink(missing_ok=True)
