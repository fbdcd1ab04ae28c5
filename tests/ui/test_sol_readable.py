"""The Stuff of Legend's own screens read from a chair (issue 28, "Redesign what the scale does not
fit rather than shrinking text"): on every state `companion shots --game SOL` renders, every text
the pack's own screens and widgets show (companion/games/stuff_of_legend/ui/: the table, the coin,
the vote, the enemies, the private hand-over and its cover, the end) is at the body size (20 px) or
more and reads whole, the table's and the coin's prompts at the prompt size (28 px), and the pack's
tile on the choose screen at 20 px. The shell's texts (status bar, steps, scan and box screens)
are measured by tests/ui/test_readability.py.

The walk measures real Kivy labels (companion/ui/readability.py) and must read the pack's texts on
at least ten states, so it cannot pass by reading nothing."""

from __future__ import annotations

from typing import Any

from companion.ui import theme as T

PACK = "companion.games.stuff_of_legend"


def _pack_owned(label: Any) -> bool:
    """The label lies in a widget the pack made (one of its screens, or a button it built)."""
    w = label
    while w is not None and w is not w.parent:
        if type(w).__module__.startswith(PACK):
            return True
        w = w.parent
    return False


def test_every_text_on_the_packs_own_screens_is_body_size_and_whole(app_harness: Any) -> None:
    from companion.core.packs import get_pack
    from companion.ui.packui import ui_for
    from companion.ui.readability import read, shown_labels
    from companion.ui.shots import SETTLE_S
    from companion.ui.touch import let_pass

    h = app_harness
    h.home()
    seen: list[tuple[str, Any]] = []  # (state, reading) of the pack's texts
    prompts: list[tuple[str, float]] = []
    tiles: list[Any] = []

    def shot(name: str) -> None:
        let_pass(SETTLE_S)
        h.pump(frames=3)
        for label in shown_labels():
            r = read(label)
            if _pack_owned(label):
                seen.append((name, r))
            if r.widget == "GameTile:game:SOL":
                tiles.append(r)
        screen = h.app.sm.current
        if screen in ("sol_table", "sol_coin") and h.app.screen(screen).ids.prompt.text:
            prompts.append((f"{name} {screen}", float(h.app.screen(screen).ids.prompt.font_size)))

    ui_for(get_pack("SOL")).shots(h, shot)
    states = {st for st, _ in seen}
    assert len(states) >= 10 and len(seen) >= 100, (sorted(states), len(seen))
    small = [f"{st}: {r.px:.0f} px {r.widget} {r.text[:70]!r}" for st, r in seen if r.px < T.FONT_BODY - 0.01]
    assert not small, "the pack's texts under 20 px:\n" + "\n".join(small)
    cut = [f"{st}: {r.cut}: {r.widget} {r.text[:70]!r}" for st, r in seen if r.cut]
    assert not cut, "the pack's texts that do not read whole:\n" + "\n".join(cut)
    faint = [f"{st}: {r.contrast}:1 {r.widget} {r.text[:70]!r}" for st, r in seen if not r.contrast_ok]
    assert not faint, "the pack's texts under WCAG AA contrast:\n" + "\n".join(faint)
    assert {p.split()[1] for p, _ in prompts} == {"sol_table", "sol_coin"}, prompts
    assert all(px >= 28 for _, px in prompts), prompts
    assert tiles and all(r.px >= T.FONT_BODY - 0.01 and not r.cut for r in tiles), tiles


def test_the_table_panel_says_the_tracks_heroes_and_board_in_words(app_harness: Any) -> None:
    """What the left column of the table screen says (SOL set-up: the Boy on the Time track by the
    number of players, the Attention Level on the yellow 2, seven cards a hero): one fact a line,
    counts with their plural, the Rifle by name, the party's space in the heading."""
    from companion.games.stuff_of_legend import inputs as I
    from companion.games.stuff_of_legend.state import Options
    from companion.games.stuff_of_legend.ui.screens.common import board, heroes, tracks

    h = app_harness
    h.home()
    c = h.app.controller
    c.new_game("SOL", Options(players=3), 7)
    c.submit(I.Rifle("max"))
    s, v = c.state, c.view()
    text = tracks(s, v)
    assert text.splitlines()[0].startswith("[b]Time[/b]") and T.GLYPH_SKULL in text
    assert f"the Boy on {v['tracks']['time']['division']} \u00b7 lost on {v['tracks']['time']['boy_lost']}" in text
    assert "[b]Wounds[/b]  none" in text and "[b]Boogeyman deck[/b]" in text
    assert "Sinister Games" not in text  # said only when a card lies there
    assert len(tracks(s, v, wide=True).splitlines()) == 4  # the coin's screen: two facts a line
    who = heroes(v)
    assert "[b]Max[/b] \u2691 Rifle: 7 cards" in who.splitlines()[0], who
    one = {**v, "heroes": [{**v["heroes"][1], "cards": 1}]}
    assert heroes(one).endswith(": 1 card"), heroes(one)
    assert board(s, v).startswith("[b]Armies[/b] ")
    h.app.go("sol_table")  # (the game waits on the scan of a Location: the table screen behind it)
    h.pump(frames=2)
    table = h.app.screen("sol_table")
    assert table.ids.heading.text.startswith("The party in ")
    assert table.ids.tracks.text == text and table.ids.board.text == board(s, v)
