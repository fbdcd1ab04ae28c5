"""The table view: the house from the table's observation, whose turn and step, the claimed
counts, what just happened, and the acting player's choices that the whole table may see. A move
of a piece is made on the house (board.py): a tap on the piece's room (or on the piece, for one
taken from its owner's group), then on a lit destination; the rest is a list. What
names a player's cards waits behind the hand-over screen (bin_hand). The camera reads the cards the
whole table may see drawn: one drawn instead of the set-up die (BIN-09), and one dealt face down
into the device's holder, whose name the screen never shows."""

from __future__ import annotations

from typing import Any

from companion.games.bump_in_the_night import board, choices, scanning
from companion.games.bump_in_the_night.context import ctx_for
from companion.games.bump_in_the_night.inputs import Done
from companion.games.bump_in_the_night.state import DrawFor, Phase, State
from companion.games.bump_in_the_night.ui import acting_colour, device_holds
from companion.ui.camera import CAMERA
from companion.games.bump_in_the_night.ui.widgets import Press, colour_words, fill_buttons, fill_choices
from companion.ui.screens import BaseScreen
from companion.ui.plain import for_people
from companion.i18n import N_, pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
ngettext = _DOMAIN.ngettext
said = _DOMAIN.said  # a sentence the rules made in English, in the language shown


def short_face(caption: str) -> str:
    """"The die shows 4" -> "4"; "Roll for us (the device's die)" -> "Roll for us"."""
    if caption.startswith("The die shows "):
        return caption.removeprefix("The die shows ")
    return caption.split(" (")[0]

# Setup, steps 1-3 of the rulebook, before the chart (step 4): the table's colours, the house as the
# screen draws it, the deck.
SETUP_WORDS = N_("Set-up: each player takes the six monsters of their colour; lay the six house tiles as "
               "drawn here, green borders outside; shuffle all the cards into one deck.")


def claimed_words(players: dict[str, Any], device: Any) -> str:
    """"Claimed: Red 2   Yellow (device) 1 +1 Bonus": the girls each claimed, then the Bonus cards
    played, which count as one each (the score is their sum: "2 +1 Bonus" read as 3 when the 2
    already held the Bonus, play-test of 5 Dec 2026), and the cards each holds."""
    return _("Claimed:") + " " + "   ".join(
        f"{colour_words(col)}{_(' (device)') if device(col) else ''} {p['claimed']}"
        + (" " + _("+{n} Bonus").format(n=len(p["bonus"])) if p["bonus"] else "") + f" \u2663{p['cards']}"
        for col, p in players.items())


class BinTableScreen(BaseScreen):
    title = N_("Bump in the Night")

    def on_kv_post(self, base: Any) -> None:
        self.opened = ""
        self._session: Any = None  # the game the screen shows
        self._shown: Any = None
        self.picked = ""  # the key of the piece picked on the board
        self.dests: tuple[str, ...] = ()  # its destinations tapped so far (the Cat's room, then the Bat's)
        self.room_open = ""  # a room holding several pieces that may move: which one?
        self.auto = False  # the only piece there is was picked for the table
        self._pieces: list[board.Piece] = []
        self._state_for: Any = None
        self._legal: list[Any] = []

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
            self.app.toast(_("{who}'s card is read: face down into its holder").format(who=said(colour)), "info")

    def refresh(self) -> None:
        app = self.app
        c = app.controller
        if c.session is None or c.rules.code != "BIN":
            return
        if c.session is not self._session:  # a new game (or another resumed): no list of the last one open
            self._session, self.opened, self._shown = c.session, "", None
        state = c.state
        v = c.view()
        ctx = ctx_for(state.options)
        # Under the house, one line (wrapping for many players): the girls each claimed (and the
        # Bonus cards played), the cards each holds.
        self.ids.scores.text = claimed_words(v["players"], lambda col: device_holds(app, col))
        prompt = said(for_people(str(v["prompt"])))
        self.ids.prompt.text = self.app.marked(prompt)  # what is still a guess, marked
        # What the last input made happen; a line that only says the prompt again is not news (the
        # set-up's notice is the first prompt).
        news = [said(for_people(str(n))) for n in v["notices"] if said(for_people(str(n))) != prompt]
        self.ids.notices.text = news[-1] if news else ""  # the last line, large; the rest on the Journal
        if state.phase is Phase.ROLL and self.opened != "roll":
            # "Setup" 1-3, which nothing else tells (play-test of 5 Dec 2026), above who starts;
            # once the die's faces are open (step 4, the chart) who starts alone, so that the
            # faces keep their room beside the house at Large text.
            # Who starts first: at Large text the words scroll after four lines (the play-test of
            # 6 Dec 2026 found "Rot beginnt ..." as the half-shown fourth line)
            self.ids.notices.text = (f"{news[-1]}\n" if news else "") + _(SETUP_WORDS)
        # The locked doors are red and barred on the house; a list of their names would fill the panel.
        # One door by its rooms' names while each name fits the panel (a long one at Large text does not).
        n = len(v["locks"])
        locks = self.ids.locks
        locks.short = ngettext("{n} door locked (red, barred)", "{n} doors locked (red, barred)", n).format(n=n) if n else ""
        locks.long = _("Locked: {door}").format(door=said(choices.door_words(ctx, v["locks"][0]))) if n == 1 else locks.short
        run = v["running"]
        if run:  # terror exists only while people run (BIN-52); each running girl's shows on the house
            free = int(run["free"])
            locks.long = locks.short = ngettext("Girls running: {n} free move left", "Girls running: {n} free moves left",
                                                free).format(n=free)
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
        hand.caption = _("{who}'s cards").format(who=said(colour.capitalize())) if colour else _("Cards")
        if self._state_for != (state, thinking, devices):  # a new position: whatever was half picked is gone
            self._state_for = (state, thinking, devices)
            self._legal = [] if thinking else c.legal()  # once a position (a scare's outcomes are searched)
            self.picked, self.dests, self.room_open, self.auto = "", (), "", False
            self._pieces = [] if devices else board.pieces(state, self._legal)
            if len(self._pieces) == 1 and board.family(self._pieces[0].key) in ("run", "girls"):
                self.picked, self.auto = self._pieces[0].key, True  # nothing else moves: it is picked
        legal = self._legal
        piece = self.piece()
        marks: dict[str, str] = {}
        lit: tuple[str, ...] = ()
        if piece is not None:
            lit = piece.stage(self.dests) if not self.which() else ()
            marks.update({r: "to" for r in lit})
            if piece.src:
                marks[piece.src] = "picked"
            for r in self.dests:
                marks[r] = "picked"
        else:
            marks.update({r: "from" for r in board.sources(self._pieces)})
        self.ids.house.show(v, ctx.house, marks)
        key = (id(state), thinking, self.opened, camera, self.picked, self.dests, self.room_open)
        if key == self._shown:
            return
        self._shown = key
        grid = self.ids.choices
        done = next((i for i in legal if isinstance(i, Done)), None)
        end = self.ids.end_step
        end.shown = done is not None and not devices
        if done is not None:
            end.caption = said(choices.caption(state, done))
            end.press_input = done
        fill_buttons(self.ids.supply, [])
        if thinking:
            self.find("back_group").shown = False
            fill_buttons(grid, [])
            self.ids.choices_note.text = _("{who} (the device) is deciding\u2026").format(who=said(colour.capitalize()))
            return
        if piece is not None:
            self.ids.choices_note.text = self.pick_words(piece, lit)
            ways = self.which()
            wanted = [Press(w.which, f"choice:{i}", lambda w=w: self.choose(w.inp)) for i, w in enumerate(ways)]
            if board.OUT in lit:
                out = _("Outside the house") if board.family(piece.key) == "lock" else said(choices.OUTSIDE_WORDS.capitalize())
                wanted.append(Press(out, f"room:{board.OUT}",
                                    lambda: self.room_tapped(board.OUT), "primary"))
            fill_buttons(grid, wanted)
            self.find("back_group").shown = bool(self.dests) or not self.auto
            self.ids.scroller.scroll_y = 1
            return
        if self.room_open:
            here = board.sources(self._pieces).get(self.room_open, [])
            self.ids.choices_note.text = _("Which one moves from the {room}?").format(room=choices.room_words(ctx, self.room_open))
            fill_buttons(grid, [Press(p.caption, f"group:{p.key}", lambda k=p.key: self.pick(k)) for p in here])
            self.find("back_group").shown = True
            self.ids.scroller.scroll_y = 1
            return
        # "End step N" is the bottom row's button: always in view (issue 25 #9).
        groups = [g for g in choices.menu(state, [i for i in legal if not board.on_board(i)]) if g.key != "done"]
        public = [g for g in groups if not g.private or devices]
        if any(g.private for g in groups) and not devices and not public and not self._pieces:
            self.ids.choices_note.text = _("Only {who} may see this: pass the device.").format(who=said(colour.capitalize()))
        else:
            self.ids.choices_note.text = "" if public or self._pieces else _("Nothing to do here.")
        if self._pieces:
            self.ids.choices_note.text = self.board_words()
        if state.phase is Phase.ROLL and not camera and self.opened == "roll":  # over the die's faces only:
            self.ids.choices_note.text = _("A card drawn: its corner number.")  # before, Large text needs the room
        if camera:
            self.ids.choices_note.text = (_("Or scan a card: its corner number") if state.phase is Phase.ROLL
                                          else _("Or scan the card dealt to {who}").format(who=said(colour.capitalize())))
        if self.opened == "roll":  # the die's faces as their numbers, two to a row: the list fits the screen
            public = [choices.Group(g.key, g.caption, tuple(choices.Choice(short_face(ch.caption), ch.inp)
                                                               for ch in g.choices), g.private)
                      if g.key == "roll" else g for g in public]
        grid.cols = 2 if self.opened == "roll" else 1
        self.opened = fill_choices(grid, public, self.opened, self.choose, self.open_group,
                                   extra=[] if self.opened else self.supply_buttons(monsters=False))
        if not self.opened:  # the monsters of the player's group, two to a row
            fill_buttons(self.ids.supply, self.supply_buttons(monsters=True))
        self.find("back_group").shown = bool(self.opened)
        self.ids.scroller.scroll_y = 1

    # ---- moves on the board ----
    def piece(self) -> board.Piece | None:
        return next((p for p in self._pieces if p.key == self.picked), None)

    def which(self) -> tuple[board.Way, ...]:
        """The ways that reach the rooms tapped, when more than one does (which monster terrifies her)."""
        piece = self.piece()
        if piece is None or not self.dests:
            return ()
        ways = piece.reached(self.dests)
        return ways if len(ways) > 1 else ()

    def supply_buttons(self, monsters: bool) -> list[Press]:
        """A piece that is not on the board yet (`monsters`: one of the player's group, by its
        name; else a group of girls, a lock marker): a button picks it, then its room is tapped."""
        out = []
        for p in self._pieces:
            if p.src or (board.family(p.key) == "place") != monsters:
                continue
            if p.key == "girls":
                words = _("Put {what} in a room").format(what=said(p.caption.lower()))
            elif p.key == "place:pair":
                words = _("Cat and Bat")
            else:
                words = said(p.caption.removeprefix("Your "))
                if words == "Poltergeist":  # a half-width button broke it "Poltergeis / t" (play-test, 5 Dec 2026)
                    words = "Polter-\ngeist"
            out.append(Press(words, f"group:{p.key}", lambda k=p.key: self.pick(k)))
        return out

    def end_step(self) -> None:
        done = getattr(self.ids.end_step, "press_input", None)
        if done is not None and self.ids.end_step.shown:
            self.choose(done)

    def board_words(self) -> str:
        fams = {board.family(p.key) for p in self._pieces if p.src}
        if "run" in fams:
            return _("Tap a girl's room (green edge), then where she runs.")
        if fams:
            return _("Or tap a green-edged room, then a lit one.")
        return ""  # the monsters of the group are buttons by their names, under the prompt that says "place"

    def pick_words(self, piece: board.Piece, lit: tuple[str, ...]) -> str:
        if self.which():
            return _("Which monster terrifies her there?")
        if board.family(piece.key) == "lock":
            return (_("Tap the room across that door.") if self.dests
                    else _("Tap a room beside the door, then the room across it."))
        if piece.key == "place:pair":
            return _("Tap a lit room for the Bat.") if self.dests else _("Tap a lit room for the Cat (then the Bat's).")
        if board.family(piece.key) == "run":
            return _("{what}: tap the lit room she runs to.").format(what=said(piece.caption))
        return _("{what}: tap a lit room.").format(what=said(piece.caption))

    def pick(self, key: str) -> None:
        self.picked, self.dests, self.room_open, self.opened = key, (), "", ""
        self.refresh()

    def room_tapped(self, room: str) -> None:
        piece = self.piece()
        if piece is not None and not self.which() and room in piece.stage(self.dests):
            self.dests += (room,)
            ways = piece.reached(self.dests)
            if len(ways) == 1:
                self.choose(ways[0].inp)
                return
        elif piece is not None and room == piece.src and not self.auto:
            self.picked, self.dests = "", ()  # the picked piece again: put it back
        else:
            here = board.sources(self._pieces).get(room, [])
            if len(here) == 1:
                self.picked, self.dests, self.room_open, self.auto = here[0].key, (), "", False
            elif here:
                self.picked, self.dests, self.room_open = "", (), room
            elif piece is not None:  # a room that is no target, tapped: say so (it was mute, play-test of 6 Dec 2026)
                ctx = ctx_for(self.app.controller.state.options)
                self.app.toast(_("{what} cannot go into the {room} now: tap a lit room.").format(
                    what=said(piece.caption), room=choices.room_words(ctx, room)), "info")
        self.refresh()

    def open_group(self, key: str) -> None:
        self.opened = key
        self.refresh()

    def close_group(self) -> None:
        """Back: one step of a pick undone (the last room tapped, the piece, the room's list), or
        the open list closed."""
        if self.dests:
            self.dests = self.dests[:-1]
        elif self.picked and not self.auto:
            self.picked = ""
        elif self.room_open:
            self.room_open = ""
        else:
            self.opened = ""
        self.refresh()

    def choose(self, inp: Any) -> None:
        self.opened = ""
        self._shown = None
        if not self.app.submit(inp):  # refused: the pick starts again from the piece
            self.dests = ()
            self.refresh()

    def look(self) -> None:
        self.app.screen("bin_hand").hand_over(acting_colour(self.app.controller.state))
        self.app.go("bin_hand")


SCREEN = BinTableScreen
