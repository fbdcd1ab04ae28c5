"""A whole Boogeyman night by touches in German (issue 28): the set-up, the children's turns on the
house and the buttons, the dice, the Boogeyman's turns as steps, to the end (the cards the table
draws are told on the shell's scan screen, not this pack's). Driven by widget ids, never by English words; no text the
pack's screens or the Boogeyman's steps show may hold an English-only word
(companion.ui.readability.ENGLISH_ONLY), names the box prints aside."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.ui.flows import shown_steps, tap_zone

PACK_SCREENS = ("setup", "table", "roll", "found", "finale", "boogeyman")
# Titles the table taught the device for its cards (the box is English; none holds an English-only word).
TITLES = ("Creaking stairs", "Lights out", "A cold hand", "Footsteps above", "Cobwebs", "Thunder")




def english_in(texts: list[str], names: frozenset[str]) -> list[str]:
    from companion.ui.readability import ENGLISH_ONLY, _leftover

    return [t for t in texts if set(_leftover(t, names).lower().split()) & ENGLISH_ONLY]


def shown(h: Any) -> list[str]:
    """Every label's text on the current screen (the pack's own screens)."""
    from kivy.uix.label import Label

    scr = h.app.sm.current_screen
    return [str(w.text) for w in scr.walk(restrict=True) if isinstance(w, Label) and str(w.text).strip()]


@pytest.mark.slow
def test_a_whole_boogeyman_night_by_touches_in_german(german: Any) -> None:
    from companion.core.packs import get_pack
    from companion.games.boogeyman import inputs as I
    from companion.ui.readability import neutral_words

    h = german
    app = h.app
    names = neutral_words("de") | get_pack("BGM").rules.printed_names()
    h.choose_game("boogeyman")
    h.tap("mode:coop")
    h.tap("difficulty:normal")
    h.tap("next")
    for k in ("mike", "daphne"):
        h.tap(f"child:{k}")
    h.tap("next")
    bad: list[str] = []
    while app.sm.current == "setup":
        bad += english_in(shown(h), names)
        h.tap("next")
    c = app.controller
    rnd = random.Random(5)
    seen: set[str] = set()
    drawn: dict[str, int] = {}
    for _ in range(3000):
        if c.session.finished:
            break
        if app.summary.shown:
            bad += english_in([app.summary.heading, *shown_steps(h)], names)
            h.tap("summary_next")
            continue
        where = app.sm.current
        seen.add(where)
        if where in PACK_SCREENS:
            bad += english_in(shown(h), names)
        pending = c.pending_screen()
        if where == "table" and pending in ("roll", "scan", "finale"):
            h.tap("roll" if pending == "roll" else "scan") if pending != "finale" else app.go("finale")
        elif where == "table":
            legal = c.legal()
            moves = [i.to for i in legal if isinstance(i, I.Move)]
            kinds = {type(i).kind for i in legal}
            scary = [z for z in moves if z == c.state.babysitter or z in c.state.boogeyman]
            if scary:  # an encounter: the Stress climbs and the night comes to its end sooner
                tap_zone(h, scary[0])
            elif moves and rnd.random() < 0.6:
                tap_zone(h, rnd.choice(moves))
            elif "search" in kinds and rnd.random() < 0.7:
                h.tap("search")
            elif "end_turn" in kinds:
                h.tap("end")
            else:
                app.go(pending or "table")
        elif where == "roll":
            if h.visible("face1"):
                h.tap(f"face{rnd.randint(1, 6)}")
            else:
                h.tap("keep")
        elif where == "found":
            box = app.screen("found").ids.choices
            h.tap_widget(rnd.choice(list(box.children)))
        elif where == "scan":
            # The scan screen is the shell's: the card the table drew is told to the device there
            # (a fresh card each time, never one lying on the discard pile; a device deck's from it).
            head = c.state.pending[0]
            deck_code = str(getattr(head, "deck", "SITR"))
            deck = next((d for d in c.state.decks if d.code == deck_code), None)
            if deck is not None:
                code = deck.remaining[0]
            else:
                drawn[deck_code] = drawn.get(deck_code, 0) + 1
                code = f"BGM:{deck_code}:{drawn[deck_code]:02d}"
            title = f"{TITLES[sum(drawn.values()) % len(TITLES)]} {code[-2:]}"
            app.submit(I.CardDrawn(code, (), title))
            app.go(c.pending_screen() or "table")
        elif where == "finale":
            h.tap("lost")
        else:
            app.go("table")
        h.pump(frames=2)
    assert bad == [], sorted(set(bad))[:20]
    assert c.session.finished, (c.state.round, app.sm.current, c.pending_screen())
    assert {"table", "roll", "scan"} <= seen  # Cooperative: the device keeps the Search tokens and says what is found
