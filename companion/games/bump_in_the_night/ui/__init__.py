"""What Bump in the Night brings to the app (companion/ui/packui.py): a set-up screen, the house
and the acting player's choices, a hand-over screen for what only one player may see (their
cards, the card they drew, their Bonus cards), the end; the device's monster player's turn as
steps the table acknowledges; its seat for Settings."""

from __future__ import annotations

from typing import Any, Callable

from companion.core.packs import get_pack
from companion.games.bump_in_the_night import choices, flow, table
from companion.games.bump_in_the_night.inputs import Lock, Move, MovePerson, Place, PlaceGirls
from companion.games.bump_in_the_night.state import COLOURS, BonusChance, DrawFor, Phase, State
from companion.ui.packui import GameUI, TurnSummary, moves
from companion.ui.seat import LEVELS
from companion.i18n import N_, pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
said = _DOMAIN.said  # a sentence the rules made in English, in the language shown

_SCREENS = ("bin_setup", "bin_table", "bin_hand", "bin_over")


def acting_colour(state: State) -> str:
    """The colour whose decision the game waits on ("" for the table or the die)."""
    if state.phase is not Phase.PLAY:
        if state.phase is Phase.DEAL and state.pending:
            return state.seats[state.pending[0].seat]
        return ""
    if state.pending:
        return state.seats[state.pending[0].seat]
    return state.seats[state.active]


def device_holds(app: Any, colour: str) -> bool:
    """The device's monster player holds this colour (Settings: a row per colour)."""
    return bool(colour) and app.seat.level_of(colour) in LEVELS


def private_now(state: State) -> bool:
    """The decision now is one only its player may see (a card they drew, a Bonus card)."""
    return bool(state.pending) and isinstance(state.pending[0], (DrawFor, BonusChance))


# The rulebook: "Place the 14 "Little girl" tokens using the following three steps. This process
# is randomized for each game." Only Step One (the Group Creation Chart) is printed.
PLACING_BY_DEVICE = N_("The rulebook places the 14 girls in three steps and prints only the first, the "
                     "Group Creation Chart. House rule chosen at set-up, \"The device places the girls\": "
                     "the six groups go to the six tiles in a random order, each into a random room of its tile.")
PLACING_BY_TABLE = N_("The rulebook places the 14 girls in three steps and prints only the first, the Group "
                    "Creation Chart. House rule chosen at set-up, \"The table places the girls\": the table "
                    "puts each group into a room and says which.")


class BinUI(GameUI):
    screens = {name: f"companion.games.bump_in_the_night.ui.screens.{name}" for name in _SCREENS}
    widgets = ("companion.games.bump_in_the_night.ui.widgets",)
    setup_screen = "bin_setup"
    table_screen = "bin_table"
    auto_screens = frozenset({"bin_table", "bin_hand", "bin_over"})
    icon = "\u263e"
    tile_action = "game:BIN"

    def __init__(self) -> None:
        super().__init__(get_pack("BIN"))
        self._turn: tuple[Any, list[str], list[str]] | None = None  # (session, steps, notices)
        self._last: tuple[Any, int] = (None, 0)  # (session, its inputs) at the last change
        self._board: Any = {}  # the physical table when the device's turn began
        self._who = ""  # the device's colour whose moves are being gathered
        self._round = 1  # the round of that turn (the status bar over its steps)

    def _count_was(self, session: Any) -> int:
        return self._last[1] if self._last[0] is session else 0

    def tile(self) -> tuple[str, str]:
        return self.icon, "Bump in the Night\n" + _("scares resolved exactly; the device can play a monster")

    def describe(self, row: Any) -> str:
        opts = row.options if isinstance(row.options, dict) else {}
        colours = opts.get("colours") or ["red", "yellow", "mustard", "green", "blue", "black"][:opts.get("players", 2)]
        device = opts.get("monster_player", "")
        who = ", ".join(said(str(c).capitalize()) + (_(" (device)") if c == device else "") for c in colours)
        return _("Game {id}: Bump in the Night, {who}").format(id=row.id, who=who) + f" \u2014 {moves(row.committed)}"

    def players(self, row: Any) -> str:
        opts = row.options if isinstance(row.options, dict) else {}
        colours = opts.get("colours") or ["red", "yellow", "mustard", "green", "blue", "black"][:opts.get("players", 2)]
        device = opts.get("monster_player", "")
        return ", ".join(said(str(c).capitalize()) + (_(" (the device)") if c == device else "") for c in colours)

    # ---- the device's chair ----
    def device_seats(self) -> tuple[tuple[str, str], ...]:
        """A Settings row per colour: the device may play any number of monster players."""
        return tuple((c, _("{who} monster player").format(who=said(c.capitalize()))) for c in COLOURS)

    @staticmethod
    def device_plays(state: State) -> bool:
        """The device's monster player holds the seat that decides now (as Settings say)."""
        from kivy.app import App

        app = App.get_running_app()
        return bool(app is not None and app.seat.plays(state))

    @staticmethod
    def device_holds_now(colour: str) -> bool:
        from kivy.app import App

        app = App.get_running_app()
        return app is not None and device_holds(app, colour)

    # ---- while playing ----
    def pending_screen(self, controller: Any) -> str:
        s: State = controller.state
        if controller.session.finished:
            return "bin_over"
        colour = acting_colour(s)
        if private_now(s) and colour and not self.device_holds_now(colour):
            return "bin_hand"
        return ""

    def status(self, view: dict[str, Any]) -> str:
        if view["phase"] == "play":
            # The rulebook's turn has six steps; the device's own seventh (the turn's end, its card
            # drawn) is still Step 6 to the table (the play-test of 5 Dec 2026 read "Step 7").
            step = min(int(view["step"]), 6)
            return _("Round {n} \u00b7 {who} \u00b7 Step {step}").format(
                n=view["round"], who=said(str(view["active"]).capitalize()), step=step)
        return _({"roll": N_("Set-up: the chart"), "place": N_("Set-up: the girls"), "deal": N_("Set-up: the cards"),
                  "over": N_("Game over")}.get(str(view["phase"]), N_("Bump in the Night")))

    def changed(self, session: Any, before: Any, after: Any) -> TurnSummary | None:
        """The device's moves as steps for the table (it cannot move the miniatures itself): its
        placing of the girls, and its monster player's decisions, shown when the game next waits
        for a person."""
        count = len(session.inputs)
        if before is None or not count or self._count_was(session) >= count:
            self._turn = None  # a new game, a resume, an undo: whatever was gathered is gone
            self._last = (session, count)
            return None
        self._last = (session, count)
        if self._turn is not None and self._turn[0] is not session:
            self._turn = None
        inp = session.inputs[-1]
        if isinstance(inp, PlaceGirls):
            # Where each girl goes is the table's steps (table.py), listed after this heading.
            return TurnSummary(_("The device placed the girls"), (), tuple(after.notices))
        if self.device_plays(before):
            if self._turn is None:
                # The device's monster player takes the first turn: say so, as a person's first
                # turn is told on the table screen (the set-up's last notice, gone by the summary).
                start = flow.first_turn(before.options, before.seats)
                self._turn = (session, [], [start] if start in before.notices else [])
                self._who = acting_colour(before)
                self._board = table.table(before)
                self._round = before.round if before.phase is Phase.PLAY else 1
            line = choices.instruction(before, inp, after, moves_too=False)
            # A lock marker, a monster placed or moved, a girl moved: said once, as the table's
            # steps (table.py) the shell lists; the turn tells what the board does not show.
            if line and not isinstance(inp, (Lock, Place, Move, MovePerson)):
                self._turn[1].append(said(line))
            self._turn[2].extend(after.notices)
        if self._turn is None or (after.phase is not Phase.OVER and self.device_plays(after)):
            return None
        _session, steps, notices = self._turn
        self._turn = None
        first = bool(notices) and notices[0] == flow.first_turn(before.options, before.seats)
        if not steps and table.table(after) == self._board and not first:
            # Nothing to tell the table: no line and nothing changed on its board. Its first turn
            # is told even so: who started is the table's to know (BIN-G6).
            return None
        who = said(self._who.capitalize())
        heading = (_("{who}, the monster player, takes the first turn") if first
                   else _("{who}, the monster player")).format(who=who)
        return TurnSummary(heading, tuple(steps), tuple(notices),
                           status=_("Round {n} \u00b7 {who}, the monster player").format(n=self._round, who=who))

    def sounds(self, before: Any, after: Any) -> list[str]:
        if sum(after.claimed) > sum(before.claimed):
            return ["reveal"]
        return ["steps"] if after.unmoved != before.unmoved or after.moved != before.moved else []

    def rules_for(self, line: str, state: Any) -> list[tuple[str, str]]:
        """Why?: the set-up's placing of the girls names the house rule the table chose (the
        rulebook prints only the first of its three placement steps); other lines, the rule of the
        reference they speak of."""
        low = line.lower()
        out: list[tuple[str, str]] = []
        if "girl" in low and ("place" in low or low.startswith("put ")):
            by_table = bool(getattr(getattr(state, "options", None), "table_places_girls", False))
            out.append((_("Set-up: the girls"), _(PLACING_BY_TABLE if by_table else PLACING_BY_DEVICE)))
        words = {"Scaring": ("scare",), "Terror": ("claimed", "terror", "runs", "run "),
                 "Winning": ("wins",), "Turn": ("step ",)}
        out += [(section, says) for section, says in self.rules_reference()
                if any(w in low for w in words.get(section, ()))]
        return out

    def rules_reference(self) -> list[tuple[str, str]]:
        return [
            (N_("Turn"), N_("Six steps: locks; place, replace or move a monster; scare; move a monster or a person; "
                     "a Block card; draw if you scared anyone.")),
            (N_("Scaring"), N_("Initial scare value plus the group-size modifier and Scare symbols gives the free "
                        "moves; scared people follow the Scared People Movement Rules in their order.")),
            (N_("Terror"), N_("Each new colour met on a move adds one; at 5 the person is claimed. Fleeing outside "
                       "claims her whatever her terror.")),
            (N_("Winning"), N_("The first player with five people claimed wins at once.")),
        ]

    # ---- screenshots ----
    def shots(self, h: Any, shot: Callable[[str], Any]) -> None:
        from companion.games.bump_in_the_night.ui.shots import take

        take(h, shot)


UI = BinUI()
