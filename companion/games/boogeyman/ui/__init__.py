"""What Boogeyman brings to the app (companion/ui/packui.py): its screens and board widgets, where
the game waits, the Boogeyman's turn as steps, typed sound cues, the rules reference for Why?,
the die for the GPIO Roll button, the cards the scan screen asks for, and its settings."""

from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from companion.core.packs import get_pack
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman import reference
from companion.games.boogeyman.common import title, zone_name
from companion.games.boogeyman.rules import DECK_NAMES
from companion.games.boogeyman.state import (
    AdjustRoll,
    ChooseCard,
    ChooseRoomTokens,
    DrawCard,
    Effect,
    HideTokens,
    NeedRoll,
    PlayFinale,
    State,
    SteerBabysitter,
    TieRoll,
)
from companion.games.boogeyman.summary import summary as turn_summary, turn_started
from companion.ui.packui import CardRequest, GameUI, SettingRow, TurnSummary, moves
from companion.i18n import N_, pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
said = _DOMAIN.said

_SCREENS = ("setup", "table", "roll", "found", "finale", "boogeyman")
MODES = (("solo", N_("Solo")), ("coop", N_("Co-op")), ("semi", N_("Semi")), ("competitive", N_("Compet.")))
DIFFS = (("normal", "Normal"), ("hard", N_("Hard")), ("nightmare", N_("Nightmare")))
SEATS = (("person", N_("A player")), ("easy", N_("Device: Easy")), ("normal", N_("Device: Normal")), ("hard", N_("Device: Hard")),
         ("fair", N_("Device: Fair")))
MODE_WORDS = {"solo": N_("Solo"), "coop": N_("Cooperative"), "semi": N_("Semi-cooperative"), "competitive": N_("Competitive")}
PHASES = {"placement": N_("Set-up"), "finale": N_("The Finale"), "over": N_("Game over")}


_APPEARS = re.compile(r"^(The Boogeyman appears in [^:]+): (turn its Room token face up and )?put its miniature in .*$")


_NEXT = re.compile(r"^Round \d+: .+ goes first\.$")


def told(steps: Sequence[str]) -> tuple[str, ...]:
    """The turn as the table is told it, without what it does on the board: the shell lists every
    change to the physical table as its own step after these (games/boogeyman/table.py), so "put
    its miniature", "flip the Light token" and "move the Babysitter" are said once, there."""
    out: list[str] = []
    for line in steps:
        m = _APPEARS.match(line)
        if m:
            out.append(m.group(1) + "!")
        elif not line.startswith(("Flip the Light token in ", "Move the Babysitter from ")):
            out.append(line)
    return tuple(out)


def finale_found(before: State, after: State) -> TurnSummary | None:
    """The third Objective token found: "a Room token is drawn from those available. The Finale
    token is placed in the indicated Room, and then the Children must bring the Objective tokens
    there" ("The Grand Finale"). The device holds the Room tokens and draws it; the play-test of
    5 Dec 2026 saw only "Put the Finale token in Room 18", and Why? explained none of it."""
    if before.finale_room or not after.finale_room:
        return None
    where = zone_name(after, after.finale_room)
    line = (f"All 3 Objective tokens are found: the device drew {where} for the Finale. Bring the Objective "
            f"tokens there; once the Mission is done, the Leader may start the Finale.")
    return TurnSummary(said("The Finale room"), (said(line),), (line,) + tuple(after.notices))


def shown_itself(before: State, after: State) -> TurnSummary | None:
    """The Boogeyman put on the board outside its own turn: someone walked into the room where it
    hid ("If a Child or the Babysitter moves into the Room that the Boogeyman is in at that moment
    (matching the last token played) ... they must place the Boogeyman in that Room"). The table's
    steps say where to put it; this says why, and what the device rolled to get there (the
    play-test of 5 Dec 2026: the Babysitter stopped on Mike in Room 2 and the only step was "Move
    the Boogeyman from Room 22 to Room 2", its Why? "No rule of the rulebook is behind this one")."""
    if after.round != before.round or after.phase != "play":
        return None
    new = [z for z in after.boogeyman if z not in before.boogeyman]
    if not new:
        return None
    zone = new[-1]
    where = zone_name(after, zone)
    walkers = [title(c.name) for c in after.children
               if c.zone == zone and c.on_board and before.child(c.name).zone != zone]
    if after.babysitter == zone and before.babysitter != zone:
        who = "The Babysitter stopped"
    elif walkers:
        who = f"{walkers[0]} walked"
    else:
        return None  # a card put it there: its notice says so
    steps = [n.replace("The device rolls", "The device rolled") + "." for n in after.notices
             if n.startswith("The device rolls")]
    line = f"{who} in {where}, where the Boogeyman was hiding: it shows itself there."
    steps.append(line)
    # Why? over the list explains its notices: this line first (its rule), then the device's.
    return TurnSummary(said("The Boogeyman shows itself"), tuple(said(x) for x in steps), (line,) + tuple(after.notices),
                       reveal=True)


class BoogeymanUI(GameUI):
    screens = {name: f"companion.games.boogeyman.ui.screens.{name}" for name in _SCREENS}
    widgets = ("companion.games.boogeyman.ui.widgets", "companion.ui.hold")  # hold: the private screen's cover
    setup_screen = "setup"
    table_screen = "table"
    auto_screens = frozenset({"table", "roll", "scan", "boogeyman", "finale"})
    icon = "\u2620"

    def __init__(self) -> None:
        super().__init__(get_pack("BGM"))
        # A player-run Boogeyman's turn runs over several inputs: (session, its start, lines so far).
        self._turn: tuple[Any, State, list[str]] | None = None

    tile_action = "boogeyman"

    def tile(self) -> tuple[str, str]:
        return self.icon, "Boogeyman: The Board Game\n" + _("the device plays the Boogeyman and the Babysitter")

    def describe(self, row: Any) -> str:
        opts = row.options if isinstance(row.options, dict) else {}
        kids = ", ".join(str(k).capitalize() for k in opts.get("children", []) if isinstance(k, str))
        mode = _(MODE_WORDS.get(str(opts.get('mode', '')), ''))
        return _("Game {id}: {mode} with {kids}").format(id=row.id, mode=mode, kids=kids) + f" \u2014 {moves(row.committed)}"

    def players(self, row: Any) -> str:
        opts = row.options if isinstance(row.options, dict) else {}
        kids = ", ".join(str(k).capitalize() for k in opts.get("children", []) if isinstance(k, str))
        mode = _(MODE_WORDS.get(str(opts.get("mode", "")), ""))
        return f"{mode}: {kids}" if mode and kids else kids

    # ---- while playing ----
    def pending_screen(self, controller: Any) -> str:
        p = controller.pending()
        if isinstance(p, (NeedRoll, AdjustRoll, TieRoll)):
            return "roll"
        if isinstance(p, (ChooseCard, ChooseRoomTokens, SteerBabysitter, HideTokens)):
            return "boogeyman"
        if isinstance(p, PlayFinale) or controller.session.finished:
            return "finale"
        if isinstance(p, DrawCard):
            return "scan"
        return ""

    def status(self, view: dict[str, Any]) -> str:
        if view["phase"] == "play":
            return _("Round {n} \u00b7 {who}'s turn").format(n=view['round'], who=(view['active'] or '').capitalize())
        return _(PHASES.get(view["phase"], ""))

    def changed(self, session: Any, before: Any, after: Any) -> TurnSummary | None:
        """The Boogeyman's turn, once it has been played to its end (a new round)."""
        if before is None or after.round < before.round:
            self._turn = None  # an undo, a new game: whatever was being gathered is gone
            return None
        if self._turn is not None and self._turn[0] is not session:
            self._turn = None
        if self._turn is None and turn_started(before, after):
            self._turn = (session, before, [])
        if self._turn is not None:
            self._turn[2].extend(after.notices)
            start, lines = self._turn[1], self._turn[2]
        else:
            start, lines = before, list(after.notices)
        got = turn_summary(start, after, tuple(lines))
        if got is None:
            if self._turn is not None:
                return None
            return shown_itself(before, after) or finale_found(before, after)
        self._turn = None
        steps = told(got.steps)
        # Who plays next is said after the table's steps (the shell lists them after these): the
        # table puts the Boogeyman and flips its Light token before the next round begins (the
        # play-test of 5 Dec 2026 read "Round 2: Mike goes first" above "Put the Boogeyman in Room 9").
        return TurnSummary(said(got.title), tuple(said(x) for x in steps if not _NEXT.match(x)), got.notices, got.reveal,
                           status=_("Round {n} \u00b7 the Boogeyman's turn").format(n=start.round),
                           last=tuple(said(x) for x in steps if _NEXT.match(x)))

    def sounds(self, before: Any, after: Any) -> list[str]:
        """From what changed on the board, never from the words of a notice: the Boogeyman showed
        itself (a miniature placed, a Room token turned up, the Babysitter possessed), or the
        Babysitter walked."""
        up_before = sum(t.face_up for t in before.ladder)
        up_after = sum(t.face_up for t in after.ladder)
        appeared = (bool(set(after.boogeyman) - set(before.boogeyman))
                    or (len(after.ladder) >= len(before.ladder) and up_after > up_before))
        possessed = (any(isinstance(p, SteerBabysitter) for p in after.pending)
                     and not any(isinstance(p, SteerBabysitter) for p in before.pending))
        if appeared or possessed:
            return ["reveal", "laugh"]
        if after.babysitter != before.babysitter:
            return ["steps"]
        return []

    def rules_for(self, line: str, state: Any) -> list[tuple[str, str]]:
        return [(_(r.section), _(r.says)) for r in reference.explain(line, state.player_run)]

    def rules_reference(self) -> list[tuple[str, str]]:
        return [(r.section, r.says) for r in reference.rules()]

    def roll_input(self, controller: Any) -> Any | None:
        p = controller.pending() if controller.session is not None else None
        if isinstance(p, NeedRoll) or (isinstance(p, TieRoll) and not p.rolled):
            return I.RollDie(None)
        if isinstance(p, (AdjustRoll, TieRoll)):
            return I.SpendCandy(0)  # the roll stands: no Candy
        return None

    # ---- cards: a draw the table makes, or a Search card a child plays ----
    def deck_words(self, deck: str) -> str:
        return _(DECK_NAMES[deck]) if deck in DECK_NAMES else deck  # "Licht": the new-card form's "Licht-Karte"

    def card_request(self, controller: Any, alternative: bool = False) -> CardRequest | None:
        p = controller.pending()
        if isinstance(p, DrawCard) and not alternative:
            return CardRequest(p.deck, said(controller.view()["prompt"]), self.deck_words(p.deck),
                               _("Cancel it with a Search card") if p.encounter else "")
        who = p.child if isinstance(p, DrawCard) else controller.state.active
        alt = _("Draw the card instead") if isinstance(p, DrawCard) and p.encounter else ""
        return CardRequest("SRCH", _("{who}: show the Search card you play").format(who=who.capitalize()), self.deck_words("SRCH"), alt)

    def card_input(self, controller: Any, code: Any, info: Any, alternative: bool = False) -> Any:
        effects = tuple(Effect(e.effect, e.n) for e in info.effects if e.effect != "none")
        p = controller.pending()
        if isinstance(p, DrawCard) and not alternative:
            return I.CardDrawn(str(code), effects, info.title)
        who = p.child if isinstance(p, DrawCard) else controller.state.active
        return I.PlayCard(who, str(code), effects, info.title)

    # ---- settings ----
    def device_seats(self) -> tuple[tuple[str, str], ...]:
        return (("boogeyman", "Boogeyman"),)  # the figure's name, as printed

    def settings(self, app: Any) -> Sequence[SettingRow]:
        """Mode, difficulty, who holds the Boogeyman, and how the Boogeyman player's private screen
        shows the Ladder (the shared "Private cards" setting, companion/ui/hold.py; a seventh row: the
        shell's Settings scrolls its rows)."""
        from companion.ui.hold import look_row

        p = app.prefs

        def set_(key: str) -> Callable[[Any], None]:
            def choose(value: Any) -> None:
                setattr(p, key, value)
                app.save_prefs()
            return choose

        return (SettingRow("mode", N_("Mode"), MODES, p.mode, set_("mode")),
                SettingRow("diff", N_("Difficulty"), DIFFS, p.difficulty, set_("difficulty")),
                SettingRow("seat", "Boogeyman", SEATS, p.boogeyman, set_("boogeyman")),
                look_row(app))

    # ---- screenshots ----
    def shots(self, h: Any, shot: Callable[[str], Any]) -> None:
        from companion.games.boogeyman.ui.shots import take

        take(h, shot)


UI = BoogeymanUI()
