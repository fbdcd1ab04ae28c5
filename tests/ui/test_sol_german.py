"""The Stuff of Legend in German (issue 28; docs/i18n.md): the names the box prints stay as printed
(`printed_names`), the notices stay English sentences in the state (old journals replay to the same
states) and are said in German on the screens, and a whole game played by touches in German, driven
by widget ids, shows no English-only word on the pack's screens."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from companion import i18n

sys.path.insert(0, str(Path(__file__).parent))

# What the shell's own catalog does not say in German yet (companion/ui/, not this pack's): the
# hold-to-see cover's line. The summary overlay (its buttons, and the table steps core/table.py
# words) is the shell's too: the pack's own screens are checked without them.
SHELL_LEFT = ("Lift your finger to cover it",)


def test_printed_names_are_the_boxes() -> None:
    from companion.core.packs import get_pack

    names = get_pack("SOL").rules.printed_names()
    assert {"Max", "Percy", "Harmony", "The Jester", "The Princess", "Brooklyn", "Crossroads", "Lost Trail",
            "BOY LOST"} <= names
    assert not {"Action", "Location", "Encounter", "Exit token", "Time", "Attention"} & names  # words: translated


def test_notices_are_english_in_the_state_and_german_on_screen() -> None:
    from companion.games.stuff_of_legend.common import said_words
    from companion.games.stuff_of_legend.protocol import prompt
    from companion.games.stuff_of_legend.setup import setup
    from companion.games.stuff_of_legend.state import Options

    s = setup(Options(players=3), 1)
    first = s.notices[0]
    assert first == "Set-up: unfold the board and put the Hero Action board beside it."  # the state: English
    try:
        i18n.set_language("de")
        assert said_words(first) == "Aufbau: Faltet den Spielplan auf und legt das Heldenaktionstableau daneben."
        assert all(said_words(n) != n for n in s.notices), [n for n in s.notices if said_words(n) == n]
        again = setup(Options(players=3), 1)
        assert again == s and again.notices == s.notices  # the same facts in either language
        assert prompt(s).startswith(("Wer", "Deckt"))
    finally:
        i18n.set_language("en")
    assert said_words(first) == first




def _english_words(h: Any) -> list[str]:
    """Every shown label of a SOL screen holding a word of readability.ENGLISH_ONLY once the printed
    names (and the shell's texts not yet translated: SHELL_LEFT) are taken out."""
    from kivy.base import EventLoop
    from kivy.uix.label import Label

    from companion.ui.readability import ENGLISH_ONLY, _leftover, neutral_words

    names = neutral_words("de")
    out = []

    def walk(w: Any) -> Iterator[Any]:
        for child in w.children:
            yield child
            yield from walk(child)

    overlay = set(map(id, walk(h.app.summary))) if h.app.summary.shown else set()
    for w in walk(EventLoop.window):
        if id(w) in overlay:
            continue
        if not isinstance(w, Label) or not w.text or w.opacity == 0 or not w.get_root_window():
            continue
        text = w.text
        if text in SHELL_LEFT:
            continue
        rest = _leftover(text, names).lower()
        if {x for x in rest.split() if x in ENGLISH_ONLY}:
            out.append(text)
    return out


@pytest.mark.slow
def test_a_whole_game_of_sol_by_touches_in_german(german: Any) -> None:
    """Set-up, the Loyalty cards behind the cover, votes, the coin, the enemies and the end, all by
    touches on widget ids in German: no English-only word on the pack's screens at any step."""
    from sol_table_bots import HEROES, SEED, TouchTable, held

    h = german
    app = h.app
    app.seed = SEED
    h.choose_game("game:SOL")
    assert app.sm.current == "sol_setup"
    assert app.screen("sol_setup").ids.heading.text.startswith("1 \u00b7 Helden reihum")
    for hero in HEROES:
        h.tap(f"hero:{hero}")
    assert h.find("next").caption.endswith("Weiter: die Karten")
    h.tap("next")
    for key in ("action_deck", "board_cards", "boogeyman_deck"):
        h.tap(f"{key}:digital")
    h.tap("next")
    c = app.controller
    assert c.state.seats == HEROES
    seen: dict[str, list[str]] = {}
    while app.sm.current == "sol_setup":
        seen.setdefault("sol_setup", []).extend(_english_words(h))
        h.tap("next")
    for _hero in HEROES:
        assert app.sm.current == "sol_private"
        assert app.screen("sol_private").ids.cover_text.text.startswith("\u26a0 Gib das Ger\u00e4t an")
        h.tap("reveal")
        held(h, lambda: None)
        h.tap("hide")
    assert app.screen("sol_table").ids.prompt.text == "Wer h\u00e4lt das Gewehr des Colonels?"
    table = TouchTable(h, seed=SEED, faces=("boy",))
    for _ in range(900):
        if c.session.finished:
            break
        screen = app.sm.current
        if screen.startswith("sol_"):
            seen.setdefault(screen, []).extend(_english_words(h))
        table.step()
    assert c.session.finished, "the game did not end"
    while app.summary.shown:
        table.step()
    assert app.sm.current == "sol_end"
    end = app.screen("sol_end")
    assert "gewinnen" in end.ids.heading.text or "Niemand gewinnt" in end.ids.heading.text
    seen.setdefault("sol_end", []).extend(_english_words(h))
    assert {"sol_table", "sol_vote", "sol_coin", "sol_enemies", "sol_private"} <= set(seen)
    left = {screen: sorted(set(texts))[:5] for screen, texts in seen.items() if texts}
    assert not left, left
    done = c.history()[0]
    assert "Die M\u00fcnze zeigte die Jungen-Seite" in done and "Das Ger\u00e4t warf die M\u00fcnze" in done
