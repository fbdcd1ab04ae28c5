"""The table view: the house from the table's observation, whose turn and step, the claimed
counts, what just happened, and the acting player's choices that the whole table may see. What
names a player's cards waits behind the hand-over screen (bin_hand). The camera reads the cards the
whole table may see drawn: one drawn instead of the set-up die (BIN-09), and one dealt face down
into the device's holder, whose name the screen never shows."""

from __future__ import annotations

from typing import Any

from companion.games.bump_in_the_night import choices, scanning
from companion.games.bump_in_the_night.context import ctx_for
from companion.games.bump_in_the_night.state import DrawFor, Phase, State
from companion.games.bump_in_the_night.ui import acting_colour, device_holds
from companion.ui.camera import CAMERA
from companion.games.bump_in_the_night.ui.widgets import colour_words, fill_buttons, fill_choices
from companion.ui.screens import BaseScreen
from companion.ui.plain import for_people


class BinTableScreen(BaseScreen):
    title = "Bump in the Night"

    def on_kv_post(self, base: Any) -> None:
        self.opened = ""
        self._shown: Any = None

    def on_leave(self, *_: Any) -> None:
        CAMERA.stop(self.app, self)

    def wants_card(self, state: State) -> bool:
        """A card the camera may read here: the chart's, or one dealt into the device's holder."""
        if state.phase is Phase.ROLL:
            return True
        return (bool(state.pending) and isinstance(state.pending[0], DrawFor)
                and device_holds(self.app, state.seats[state.pending[0].seat]))

    def scanned(self, code: str) -> None:
        c = self.app.controller
        if c.session is None or c.rules.code != "BIN" or not self.wants_card(c.state):
            return
        state = c.state
        try:
            inp = scanning.table_input(state, code)
        except scanning.NotNow as exc:
            self.app.toast(str(exc))
            return
        if self.app.submit(inp) and state.phase is not Phase.ROLL:  # never its name: the device's hand is hidden
            colour = state.seats[state.pending[0].seat].capitalize()
            self.app.toast(f"{colour}'s card is read: face down into its holder", "info")

    def refresh(self) -> None:
        app = self.app
        c = app.controller
        if c.session is None or c.rules.code != "BIN":
            return
        state = c.state
        v = c.view()
        ctx = ctx_for(state.options)
        running = v["running"]["room"] if v["running"] else ""
        self.ids.house.show(v, ctx.tile_rooms, running)
        scores = "   ".join(f"{colour_words(col)}{' (device)' if device_holds(app, col) else ''} {p['score']}"
                           + (f" +{len(p['bonus'])} Bonus" if p["bonus"] else "")
                           + f" \u2663{p['cards']}"
                           for col, p in v["players"].items())
        self.ids.scores.text = f"Claimed: {scores}"
        prompt = for_people(str(v["prompt"]))
        self.ids.prompt.text = self.app.marked(prompt)  # what is still a guess, marked
        # What the last input made happen; a line that only says the prompt again is not news (the
        # set-up's notice is the first prompt).
        news = [for_people(str(n)) for n in v["notices"] if for_people(str(n)) != prompt]
        self.ids.notices.text = news[-1] if news else ""  # the last line, large; the rest on the Journal
        locks = ", ".join(choices.door_words(ctx, d) for d in v["locks"])
        self.ids.locks.text = f"Locked: {locks}" if locks else "No door is locked."
        run = v["running"]
        if run:  # terror exists only while people run (BIN-52)
            girls = ", ".join(f"{choices.room_words(ctx, r['room'])} terror {r['terror']}" for r in run["runners"])
            self.ids.locks.text = f"Running ({run['free']} free moves): {girls}"
        self.find("undo").disabled = not c.undo_label()
        wanted = self.wants_card(state)
        camera = wanted and CAMERA.read(app, self, self.scanned)
        if not wanted:
            CAMERA.stop(app, self)
        thinking = app.seat.think(state)
        colour = acting_colour(state)
        devices = colour != "" and device_holds(app, colour)
        hand = self.find("hand")
        hand.shown = not devices and state.phase.value == "play" and colour == state.seats[state.active]
        hand.caption = f"{colour.capitalize()}'s cards" if colour else "Cards"
        key = (id(state), thinking, self.opened, camera)
        if key == self._shown:
            return
        self._shown = key
        grid = self.ids.choices
        if thinking:
            fill_buttons(grid, [])
            self.ids.choices_note.text = f"{colour.capitalize()} (the device) is deciding\u2026"
            return
        groups = choices.menu(state, c.legal())
        public = [g for g in groups if not g.private or devices]
        if any(g.private for g in groups) and not devices and not public:
            self.ids.choices_note.text = f"Only {colour.capitalize()} may see this: pass the device."
        else:
            self.ids.choices_note.text = "" if public else "Nothing to do here."
        if camera:
            self.ids.choices_note.text = ("Or scan a card: its corner number" if state.phase is Phase.ROLL
                                          else f"Or scan the card dealt to {colour.capitalize()}")
        self.opened = fill_choices(grid, public, self.opened, self.choose, self.open_group)
        self.find("back_group").shown = bool(self.opened)
        self.ids.scroller.scroll_y = 1

    def open_group(self, key: str) -> None:
        self.opened = key
        self.refresh()

    def close_group(self) -> None:
        self.opened = ""
        self.refresh()

    def choose(self, inp: Any) -> None:
        self.opened = ""
        self._shown = None
        self.app.submit(inp)

    def look(self) -> None:
        self.app.screen("bin_hand").hand_over(acting_colour(self.app.controller.state))
        self.app.go("bin_hand")


SCREEN = BinTableScreen
