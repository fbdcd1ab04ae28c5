"""The Stuff of Legend on the app, by touch only (issue 11, "Screens in the same app").

A table of hero bots (tests/ui/sol_table_bots.py) decides; every decision is entered by pressing
the control that shows it, through the window's touch dispatch at its screen position. The game
is set up on the set-up screen, each hero reads their Loyalty card behind the hand-over step by
holding a finger on the cover (tests/ui/test_sol_hold.py has the cover's own tests), and it is
played to an exit: votes, the coin (the real coin's face once, then the device's flip), the
enemies one at a time with their steps acknowledged, a peek at an exit, the end."""

from __future__ import annotations

import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

from companion.games.stuff_of_legend.common import where

sys.path.insert(0, str(Path(__file__).parent))
from flows import table_done  # noqa: E402
from sol_table_bots import HEROES, SEED, TouchTable, held, labels_holding, scrolled_to, set_up  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def secret(h: Any) -> str:
    """What the private screen's cover shows while a finger holds it down (read, then lifted)."""
    return str(held(h, lambda: h.find("hold").ids.secret.text))


def test_a_whole_game_from_set_up_to_an_exit_by_touch(harness: Any) -> None:
    from companion.games.stuff_of_legend.ui.screens.common import private_text  # Kivy: not at collection

    h = harness
    app = h.app
    set_up(h)
    c = app.controller
    # Each hero reads their Loyalty card: the device goes round, covered between heroes.
    for hero in HEROES:
        assert app.sm.current == "sol_private"
        p = app.screen("sol_private")
        assert p.ids.cover.shown and not p.ids.secret.shown
        assert "Pass the device to" in p.ids.cover_text.text and hero.capitalize() in p.ids.cover_text.text
        h.tap("reveal")
        assert p.ids.secret.shown and not p.ids.cover.shown
        mine = c.view(hero)["private"]
        assert not labels_holding(mine["loyalty"]["title"])  # under the cover until a finger holds it
        shown = secret(h)
        assert mine["loyalty"]["title"] in shown
        assert shown.endswith(private_text(c.state, mine))  # only this seat's observation
        assert not labels_holding(mine["loyalty"]["title"])  # lifted: covered again
        h.tap("hide")
    assert app.sm.current == "sol_table"  # the Rifle is asked first
    assert "Colonel's Rifle" in app.screen("sol_table").ids.prompt.text

    table = TouchTable(h, seed=SEED, faces=("boy",))
    peeked: list[tuple[str, int, str]] = []
    finished = False
    for _ in range(900):
        if c.session.finished:
            finished = True
            break
        s = c.state
        opened = app.sm.current == "sol_private" and app.screen("sol_private").opened
        if opened and s.head is not None and s.head.kind == "state_number":
            seen = [p["number"] for p in c.view(s.head.seat)["private"]["peeks"] if p["exit"] == s.head.exit]
            number = f"the token shows [b][size=30]{seen[0] if seen else 0}[/size]"
            assert not labels_holding(number)  # the number is under the cover
            peeked.append((s.head.exit, seen[0] if seen else 0, secret(h)))
            assert c.view("table")["exits"] and all(e["number"] is None for e in c.view("table")["exits"])
        table.step()
        if app.sm.current == "sol_private" and c.state is not s and not app.summary.shown:
            assert not app.screen("sol_private").opened  # handed over again after the choice
            assert not app.screen("sol_private").ids.look.revealed
    assert finished, "the game did not end"
    s = c.state
    assert s.end in ("correct_exit", "wrong_exit") and s.end_exit  # it ended at an exit
    # Every kind of moment was met by touch.
    assert table.seen.get("sol_vote", 0) >= 3
    assert table.seen.get("sol_coin", 0) >= 2  # the real coin's face, then the device's flip
    assert table.seen.get("sol_enemies", 0) >= 1 and table.summaries >= 1
    assert peeked, "nobody peeked at an exit"
    exit_, number, shown = peeked[0]
    assert number and f"{where(s, exit_)}:[/b] the token shows [b][size=30]{number}[/size]" in shown
    done = c.history()[0]
    assert "The coin showed the boy face" in done and "The device flipped the coin" in done
    assert any(line.startswith("Activated ") for line in done)
    assert any(" said " in line for line in done)  # the peeker told the table a number
    while app.summary.shown:  # the last changes to the table, then the end (issue 25)
        table.step()
    assert app.sm.current == "sol_end"
    end = app.screen("sol_end")
    assert "win" in end.ids.heading.text
    assert where(s, s.end_exit) in end.ids.body.text and where(s, s.correct_exit) in end.ids.body.text
    for seat in HEROES:
        assert c.view("table")["result"]["loyalty"][seat]["title"] in end.ids.body.text


def test_undo_and_resume_from_the_sol_screens(harness: Any) -> None:
    h = harness
    app = h.app
    set_up(h)
    c = app.controller
    while app.sm.current == "sol_private":
        h.tap("hide" if app.screen("sol_private").opened else "reveal")
    h.tap("choice:0")  # Max holds the Rifle
    assert c.history()[0][-1] == "Max holds the Colonel's Rifle"
    table_done(h)  # the table does what the Rifle's holder changed on it, then Done
    h.tap("undo")
    assert app.confirm.shown and "Max holds the Colonel's Rifle" in app.confirm.message
    h.tap("confirm_ok")
    table_done(h)  # and puts it back after the Undo
    assert c.history()[0] == () and c.state.head.kind == "ask_rifle"
    h.tap("choice:1")  # Percy holds it instead
    assert c.state.rifle == "percy"
    table = TouchTable(h, seed=SEED)
    while app.sm.current != "sol_vote":
        table.step()
    moves = len(c.history()[0])
    h.tap("vote:for")
    h.tap("undo")
    h.tap("confirm_ok")
    assert len(c.history()[0]) == moves and app.sm.current == "sol_vote"
    # Back to the table's own decision, then leave for the choose screen and resume.
    while c.state.head.kind != "choose_actor" or app.summary.shown:
        table.step()
    assert app.sm.current == "sol_table"
    h.tap("games")
    assert app.sm.current == "choose"
    h.tap("resume")
    assert app.sm.current == "sol_table" and c.rules.code == "SOL"
    assert len(c.history()[0]) >= moves and c.state.head.kind == "choose_actor"
    assert app.screen("sol_table").ids.prompt.text.startswith("Who performs action")
    # An Exit token seen by everyone by accident (SOL-65): the device holds them, so it says which.
    h.tap("accident")
    h.tap("seen:exit_north")
    assert "was seen by all" in " ".join(c.view()["notices"]) and c.state.exposed
    h.tap("undo")
    h.tap("confirm_ok")
    assert not c.state.exposed


def test_the_device_can_hold_a_hero(harness: Any) -> None:
    """Settings -> "Max (a hero)": Device. The device then decides Max's turns and votes from
    Max's observation only; the table never gets Max's private screen."""
    h = harness
    app = h.app
    set_up(h)
    while app.sm.current == "sol_private":
        h.tap("hide" if app.screen("sol_private").opened else "reveal")
    h.tap("games")
    h.tap("settings")
    h.tap("seat_max_row:normal")
    assert app.prefs.device_level("SOL", "max") == "normal" and app.seat.seat == "max"
    h.tap("back")
    assert app.sm.current == "choose"  # Settings goes back where it was opened from (issue 25, 15)
    h.tap("resume")
    assert app.sm.current == "sol_table"
    c = app.controller
    made: list[Any] = []  # what the device's seat entered (it submits through the app, like a tap)
    submit = app.seat.submit
    app.seat.submit = lambda inp: (made.append(inp), submit(inp))[1]
    table = TouchTable(h, seed=SEED)
    for _ in range(150):
        if len(made) >= 3 or c.session.finished:
            break
        s = c.state
        if app.sm.current == "sol_private" and getattr(s.head, "seat", "") == "max":
            raise AssertionError("the table was shown Max's private screen")
        table.step()
    app.seat.submit = submit
    assert len(made) >= 3 and all(getattr(inp, "seat", "max") == "max" for inp in made), made


def pick(h: Any, code: str) -> None:
    """No camera: the card the table holds, tapped in the scan screen's list (scrolled to by finger)."""
    w = scrolled_to(h, lambda w: getattr(w, "action", "") == f"pick:{code}")
    assert w is not None, f"{code} is not in the list"
    h.tap_widget(w)


def test_real_cards_are_scanned_or_picked_on_the_scan_screen(harness: Any) -> None:
    """The table's own cards (the default): each Location turned up and each Action card played is
    read by the scan screen, by the title the pack's card list gives it (no naming form)."""
    h = harness
    app = h.app
    set_up(h, digital=())
    c = app.controller
    while app.sm.current == "sol_private":
        h.tap("hide" if app.screen("sol_private").opened else "reveal")
    h.tap("choice:0")  # Max holds the Rifle
    table_done(h)
    turned = 0
    while c.state.head.kind == "reveal_locations":
        assert app.sm.current == "scan" and "Turn up the Location" in app.screen("scan").ids.heading.text
        code = c.legal()[0].code
        pick(h, code)
        turned += 1
        assert c.history()[0][-1].startswith("The Location in ")
        table_done(h)  # the Location turned up on the board, then the next one
    assert turned == 3  # the three Locations beside Brooklyn (SOL-25)
    while app.summary.shown:
        h.tap("summary_next")
    if c.state.head.kind == "choose_actor":
        h.tap("choice:0")
        table_done(h)
    assert c.state.head.kind == "actor_turn" and app.sm.current == "sol_table"
    seat = c.state.head.seat
    assert h.until(lambda: not app.toaster.shown, timeout=4.0)  # the card's name, said over the table
    h.scroll_to("choice:scan_play")  # the choices are a list that scrolls at the body text size
    h.tap("choice:scan_play")
    assert app.sm.current == "scan" and "scan the Action card you play" in app.screen("scan").ids.heading.text
    card = next(i for i in c.legal() if type(i).__name__ == "Play" and not i.target)
    pick(h, card.card)
    assert app.sm.current != "card_form"  # known by the pack: never asked to name it
    assert any(line.startswith(f"{seat.capitalize()} played ") for line in c.history()[0][-2:])


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    w, hgt = struct.unpack(">II", head[16:24])
    return w, hgt


def test_companion_shots_renders_every_sol_screen(tmp_path: Path) -> None:
    out = tmp_path / "shots"
    run = subprocess.run([sys.executable, "-m", "companion", "shots", str(out), "--game", "SOL"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    pngs = sorted(p.name for p in out.glob("sol_*.png"))
    for wanted in ("setup_heroes", "private_cover", "vote", "private_peek", "enemies", "coin", "end",
                   "scan_location"):
        assert any(wanted in name for name in pngs), (wanted, pngs)
    assert len(pngs) >= 18 and all(_png_size(out / name) == (800, 480) for name in pngs)
    assert not list(out.glob("[0-9]*.png"))  # nothing but SOL's screens
