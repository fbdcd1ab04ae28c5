"""What the play-test of 5 Dec 2026 found in The Stuff of Legend and Bump in the Night (issue 25,
docs/ui.md "Play-test, 5 Dec 2026: The Stuff of Legend and Bump in the Night"), each by touch only:
`harness.tap` goes through the window's touch dispatch at the control's position, as the real app
took XTest pointer events on Xvfb."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from flows import table_done  # noqa: E402
from sol_table_bots import scrolled_to, set_up  # noqa: E402
from test_gsb_game import window_text  # noqa: E402


def _picks(h: Any) -> list[Any]:
    """The scan screen's card buttons, in the order the list shows them (top row first)."""
    scan = h.app.screen("scan")
    return [w for w in reversed(scan.ids.picker.children) if getattr(w, "action", "").startswith("pick:")
            and w.action != "pick:new"]


def test_sol_without_a_camera_the_list_names_the_card_the_table_turns_up_and_holds(harness: Any) -> None:
    """The Stuff of Legend, every card real, no camera ("Game Setup" 10, "Entering a Space" 2,
    "Cards Without Text"). The play-test found: "Turn up the Location in Hollow Oak, Briar Path,
    Crossroads and scan it" while the card picked is taken as Hollow Oak's (a table turning up
    Briar Path's first would leave the device believing another board); four "Army of Shadows" and
    every Location told apart by a sticker number only, where the table sees the card's back; 48
    "a card without text" (which cannot be played as an action) listed before the first card that
    can, 24 rows of scrolling, told apart by sticker only; Undo's confirm naming dice in a game
    with a coin."""
    from companion.games.stuff_of_legend.catalogue import default_catalogue
    from companion.games.stuff_of_legend.common import where

    h = harness
    app = h.app
    set_up(h, digital=())
    c = app.controller
    while app.sm.current == "sol_private":
        h.tap("hide" if app.screen("sol_private").opened else "reveal")
    h.tap("choice:0")  # Max holds the Rifle
    table_done(h)
    cat = default_catalogue()
    scan = app.screen("scan")
    first = True
    while c.state.head.kind == "reveal_locations":
        spaces = list(c.state.head.spaces)
        heading = re.sub(r"\[/?color[^\]]*\]|\u25cc", "", scan.ids.heading.text)  # a guessed name's mark
        names = [where(c.state, x) for x in spaces]
        rest = f" (then {', '.join(names[1:])})." if len(names) > 1 else "."
        assert heading == f"Turn up the Location in {names[0]} and scan it{rest}", heading
        if first:  # each Location says the back the table sees
            first = False
            captions = [w.caption for w in _picks(h)]
            assert captions and all(" back \u00b7 sticker " in t for t in captions), captions
        # The table turns up the card in the space named first, and picks it by its back's colour.
        code = c.legal()[0].code
        colour = cat.location(code).colour
        assert h.until(lambda: not app.toaster.shown, timeout=4.0)  # the last card's name lies over the list
        w = scrolled_to(h, lambda w: getattr(w, "action", "") == f"pick:{code}", tries=20)
        assert w is not None and f"{colour} back" in w.caption, (code, getattr(w, "caption", None))
        h.tap_widget(w)
        said = re.sub(r"\[/?color[^\]]*\]|\u25cc", "", c.history()[0][-1])
        assert said.startswith(f"The Location in {names[0]}"), said  # where the table turned it up
        table_done(h)
    while app.summary.shown:
        h.tap("summary_next")

    # Undo says what it restores in this game's own components: a coin, no dice.
    h.tap("undo")
    said = " ".join(window_text())
    assert "coin" in said and "dice" not in said, said
    h.tap("confirm_cancel")

    if c.state.head.kind == "choose_actor":
        h.tap("choice:0")
        table_done(h)
    assert c.state.head.kind == "actor_turn"
    assert h.until(lambda: not app.toaster.shown, timeout=4.0)
    h.scroll_to("choice:scan_play")
    h.tap("choice:scan_play")
    assert app.sm.current == "scan" and "Action card you play" in scan.ids.heading.text
    picks = _picks(h)
    titles = [w.caption.split("\n")[0] for w in picks]
    # A card that describes an action heads the list; the cards without text come after them all.
    assert titles[0] != "a card without text", titles[:4]
    k = titles.index("a card without text")
    assert all(t == "a card without text" for t in titles[k:]), titles[k:]
    # ... each with its icons, as the table tells them apart ("Talk 3, tainted").
    blank = [w.caption for w in picks[k:]]
    assert all(any(n in t for n in ("Talk", "Fight", "Scout", "Wild")) for t in blank), blank[:4]
    assert any("tainted" in t for t in blank)


def test_bin_set_up_words_a_whole_poltergeist_the_device_turn_in_the_house_words(harness: Any) -> None:
    """Bump in the Night against the device's Yellow, by touch ("Setup", "Player Turn", Figure 3).
    The play-test found: nothing told the table to take its monsters, lay the six tiles (green
    borders outside) or shuffle the deck before "which card did you draw?"; the Poltergeist's
    button broke the word ("Poltergeis / t"); Undo's confirm over the device's turn read "Yellow
    changed the lock on conservatory/library; Yellow placed the cat in dining_room" (ids, not the
    house's names); the status bar said "Step 7" at the turn's end (the rulebook has six)."""
    from companion.games.bump_in_the_night.ui.drive import step
    from companion.ui.fit import cut_labels
    from test_bin_game import start_game

    h = harness
    app = h.app
    start_game(h)
    c = app.controller
    said = app.screen("bin_table").ids.notices.text
    assert "Set-up" in said and "monsters of their colour" in said and "green borders outside" in said, said
    assert "shuffle all the cards" in said, said
    bars: set[str] = set()
    labels_seen = False
    n = 0
    while not (c.state.phase.value == "play" and c.state.seats[c.state.active] == "red" and c.state.turn.step == 1
               and c.view()["round"] == 2 and not app.summary.shown):  # back to Red after Yellow's turn
        n += 1
        assert n < 400, c.view()["prompt"]
        bars.add(app.status_text() if hasattr(app, "status_text") else "")
        if (c.state.phase.value == "play" and c.state.turn.step == 2 and c.state.seats[c.state.active] == "red"
                and app.sm.current == "bin_table" and not app.summary.shown and not labels_seen):
            h.pump(frames=3)
            supply = [w.caption for w in app.screen("bin_table").ids.supply.children]
            assert any("geist" in t for t in supply), supply
            assert not [x for x in cut_labels() if "Polter" in x], cut_labels()
            labels_seen = True
        step(h, prefer=("done",))
        for w in _status_labels(app):
            bars.add(w)
    assert labels_seen
    assert not any("Step 7" in b for b in bars), bars
    # The device's turn as the journal and Undo's confirm word it: the house's own names.
    theirs = [lbl for lbl in c.history()[0] if lbl.startswith("Yellow ") and "drew" not in lbl]
    assert theirs, c.history()[0]
    assert not [lbl for lbl in theirs if "_" in lbl or "/" in lbl], theirs
    assert any(" the " in lbl for lbl in theirs), theirs  # "in the Dining Room", "the Black Cat"
    h.tap("undo")  # Red's last input comes back with the device's answers after it
    from kivy.uix.label import Label

    said = " ".join(str(w.text) for w in app.confirm.walk(restrict=True) if isinstance(w, Label))
    assert "_" not in said, said
    h.tap("confirm_cancel")


def _status_labels(app: Any) -> list[str]:
    """The status bar's words now (its labels in the window's top bar)."""
    from kivy.uix.label import Label

    bar = app.root.ids.get("status") if hasattr(app.root, "ids") else None
    if bar is None:
        return [str(w.text) for w in app.root.walk(restrict=True) if isinstance(w, Label) and "Step" in str(w.text)]
    return [str(w.text) for w in bar.walk(restrict=True) if isinstance(w, Label)]
