"""`companion shots OUTDIR --game BIN`: every Bump in the Night screen, reached by touches."""

from __future__ import annotations

from typing import Any, Callable

from companion.games.bump_in_the_night.ui import drive
from companion.games.bump_in_the_night.ui.drive import board_rooms, shown, step


def take(h: Any, shot: Callable[[str], Any]) -> None:
    drive.reset()  # the driver's picks as in a fresh run: the same game whatever ran before in this process
    app = h.app
    app.go("choose")
    shot("01_choose_game")
    h.choose_game("game:BIN")
    shot("02_setup")
    h.scroll_to("level:hard")  # the level and the house rules are further down
    h.tap("level:hard")
    shot("02_setup_house_rules")
    h.tap("start")
    shot("03_table_chart")
    h.tap("group:roll")
    shot("04_roll_the_die")
    h.tap("choice:2")
    h.tap("group:girls")
    shot("05_device_placed_the_girls")
    while app.summary.shown:
        h.tap("summary_next")
    shot("06_hand_over")
    h.tap("look")
    shot("07_which_card_was_drawn")
    h.tap("group:drawn:ACTN")
    shot("08_action_cards")
    seen = {"table": False, "lock": False, "device": False, "cards": False, "place": False, "run": False}
    for _ in range(2000):
        if app.controller.session.finished:
            break
        s = app.controller.state
        if app.summary.shown and not seen["device"]:
            seen["device"] = True
            shot("11_device_turn_steps")
        if app.sm.current == "bin_table" and s.phase.value == "play" and shown(h, "hand") and s.turn.step == 1:
            if not seen["table"]:
                seen["table"] = True
                shot("09_table_red_step1")
                if shown(h, "group:lock"):
                    h.tap("group:lock")
                    shot("10_lock_a_door")
                    h.tap("back_group")
            elif not seen["cards"] and s.hands[s.active]:
                seen["cards"] = True
                h.tap("hand")
                h.tap("look")
                shot("12_red_cards")
                h.tap("hide_hand")
        on_table = app.sm.current == "bin_table" and not app.summary.shown and not app.confirm.shown
        if on_table and not seen["place"] and s.phase.value == "play" and s.turn.step == 2 and shown(h, "hand"):
            first = [a for a in (f"group:place:{k}" for k in ("cat", "bat", "goblin")) if h.visible(a)]
            if first:  # a monster of Red's group picked: the empty rooms it may go to lit
                seen["place"] = True
                h.tap(first[0])
                shot("10b_place_a_monster_on_the_house")
                h.tap("back_group")
        if on_table and not seen["run"] and s.running is not None and not s.pending and board_rooms(h, "to"):
            seen["run"] = True  # a scared girl picked: the rooms she may run to lit
            shot("11b_a_girl_runs_on_the_house")
        # Once every screen is in, Red mostly passes, so the game ends soon (the device wins or it stalls).
        later = ("done",) if seen["cards"] and seen["run"] else ("run", "scare", "place:cat", "move", "done")
        step(h, prefer=later + ("drawn:ACTN",))
    while app.summary.shown:  # the winning turn's steps first
        h.tap("summary_next")
    shot("13_game_over")
