"""What Goosebumps brings to the app (companion/ui/packui.py): a set-up screen, the table (the
track with every monster, whose turn and why, the acting seat's choices, cards named as the real
ones show), on a private screen: a person's pick-up, the holder's cards and "Show my hand"; the
automated player's decisions as steps the table carries out, and the end."""

from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from companion.core.packs import get_pack
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.cards import title
from companion.games.goosebumps.protocol import for_table, instruction
from companion.games.goosebumps.state import DrawStep, Phase, ReactStep, TakeStep
from companion.ui.packui import GameUI, SettingRow, TurnSummary, moves
from companion.i18n import N_, pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
said = _DOMAIN.said

DEVICE = "Device"  # the automated player's seat name: Settings hold its level under this name
# The status bar's word for why a turn is taken; the turn line under the bar says the rest ("Device
# landed on the Highschool: another turn"). Short enough for one line of the bar: the play-test of
# issue 25 read "Player 1's turn (extra turn (a Landmark))" over two lines.
WHY = {"first": N_("first turn"), "regular": "", "extra": N_("a Landmark"), "steal": N_("on STEAL"),
       "freeze": "Freeze Ray!", "deal": N_("the deal")}


def seat_names(players: int, device_at: int) -> tuple[str, ...]:
    """Seats clockwise: "Player 1", ...; the automated player's chair (0-based, -1 none) is "Device"."""
    return tuple(DEVICE if i == device_at else f"Player {i + 1}" for i in range(players))


class GsbUI(GameUI):
    screens = {name: f"companion.games.goosebumps.ui.screens.{name}"
               for name in ("gsb_setup", "gsb_table", "gsb_pickup", "gsb_end")}
    widgets = ("companion.ui.hold",)  # the shell's hold-to-reveal cover, for the private screen
    setup_screen = "gsb_setup"
    table_screen = "gsb_table"
    # Not gsb_pickup: nothing routes away from a private step but the step itself (or its moment passing).
    auto_screens = frozenset({"gsb_table", "gsb_end"})
    icon = "\u2603"
    tile_action = "goosebumps"

    def __init__(self) -> None:
        super().__init__(get_pack("GSB"))

    def tile(self) -> tuple[str, str]:
        return self.icon, "Goosebumps: The Board Game\n" + _("a race to THE END; the device keeps the turn order")

    def describe(self, row: Any) -> str:
        opts = row.options if isinstance(row.options, dict) else {}
        names = opts.get("names") or []
        n = len(names) or int(opts.get("players", 2))
        text = (_("Game {id}: Goosebumps, {n} players with the device") if opts.get("automated")
                else _("Game {id}: Goosebumps, {n} players"))
        return text.format(id=row.id, n=n) + f" \u2014 {moves(row.committed)}"

    def players(self, row: Any) -> str:
        opts = row.options if isinstance(row.options, dict) else {}
        names = [str(n) for n in opts.get("names") or []]
        who = ", ".join(said(n) for n in names) if names else _("{n} players").format(n=opts.get("players", 2))
        return who + (_(", the device plays too") if opts.get("automated") else "")

    def settings(self, app: Any) -> Sequence[SettingRow]:
        """How private cards are looked at (hold, or a tap that stays a while): one setting for every game."""
        from companion.ui.hold import look_row

        return [*super().settings(app), look_row(app)]

    # ---- while playing ----
    def pending_screen(self, controller: Any) -> str:
        """Every moment waits on the table screen (named, so the shell lets the device's seat think
        there), the end on its own."""
        if controller.session is None:
            return ""
        return "gsb_end" if controller.session.finished else "gsb_table"

    def status(self, view: dict[str, Any]) -> str:
        if view.get("phase") == "deal":
            return _("Goosebumps \u00b7 the deal")
        if view.get("phase") == "over":
            return _("{who} wins").format(who=said(str(view.get("winner", ""))))
        turn = view.get("turn", {})
        why = _(WHY.get(str(turn.get("why", "")), ""))
        who = said(str(turn.get("seat", "")))
        extra = turn.get("why") == "extra"
        if why:  # one msgid with the reason: German says it shorter ("Runde 2 · Spieler 2 (1. Zug)")
            line = _("Round {n} \u00b7 {who}'s extra turn ({why})") if extra else _("Round {n} \u00b7 {who}'s turn ({why})")
        else:
            line = _("Round {n} \u00b7 {who}'s extra turn") if extra else _("Round {n} \u00b7 {who}'s turn")
        return line.format(n=view.get("round", 0), who=who, why=why)

    def changed(self, session: Any, before: Any, after: Any) -> TurnSummary | None:
        """A decision of the automated player: what the table does for it, as steps."""
        if before is None or not session.inputs or after.phase is Phase.DEAL:
            return None
        if session.state is not after or not before.queue:
            return None
        head = before.queue[0]
        seat = getattr(head, "seat", -1)
        if isinstance(head, TakeStep) and before.automated[head.victim] and after.notices:
            # A theft from the holder: the slot picked (by the stealer, or the device for itself),
            # the card in it, and what it does.
            # With its hand on the screen there is no holder at the table (play-test, issue 25);
            # the first step says the card was taken from its hand on the screen.
            head_line = (_("{who} steals from {victim}") if before.options.device_hand == "screen"
                         else _("{who} steals from {victim}'s holder"))
            return TurnSummary(head_line.format(who=said(before.seats[seat]), victim=said(before.seats[head.victim])),
                               tuple(said(for_table(n)) for n in after.notices if n), tuple(after.notices))
        if isinstance(head, TakeStep) and before.automated[seat] and after.notices:
            # The automated player stole from a person (the table named the card): it plays that
            # card at once, and where its monster (and anyone it bumps) goes is the table's to do.
            return TurnSummary(_("{who} steals from {victim}").format(who=said(before.seats[seat]),
                                                                      victim=said(before.seats[head.victim])),
                               tuple(said(for_table(n)) for n in after.notices if n), tuple(after.notices))
        if seat < 0 or not before.automated[seat] or isinstance(head, (DrawStep, TakeStep)):
            return None
        inp = session.inputs[-1]
        if isinstance(inp, I.Place):
            return None
        if isinstance(head, ReactStep) and isinstance(inp, I.React) and not inp.play:
            return None  # it let the card pass: nothing for the table to do
        who = before.seats[seat]
        steps = told_once(who, instruction(before, inp), [for_table(n) for n in after.notices if n])
        return TurnSummary(_("{who}'s move").format(who=said(who)), tuple(said(x) for x in steps), tuple(after.notices),
                           reveal=isinstance(inp, I.React))

    def device_seats(self) -> tuple[tuple[str, str], ...]:
        return ((DEVICE, N_("Automated player")),)

    # Goosebumps has no dice: what Undo puts back is said in the game's own components.
    undo_detail = N_("The game goes back to just before it, the cards included.")

    def rules_reference(self) -> list[tuple[str, str]]:
        return [
            (N_("Playing your turn"), N_("Pick up a card (or cards) to make a hand of five, then play one: a numbered card, "
                                  "three of a kind, or a Monster Mayhem card.")),
            (N_("Landmarks"), N_("End a numbered move on a Landmark and take another turn. Landmarks are safe from Monster "
                          "Mayhem, except Found Your Book!.")),
            ("STEAL", N_("Land on STEAL: take a card from another player without looking and play it at once. Play "
                      "continues to the left of the last player to steal.")),
            ("Freeze Ray!", N_("Cancels a three of a kind: that player does not move and loses the turn; play passes to "
                            "the Freeze Ray! player.")),
            ("THE END", N_("Reached only by a numbered card, exact or greater.")),
        ]

    def shots(self, h: Any, shot: Callable[[str], Any]) -> None:
        from companion.games.goosebumps.ui.shots import take

        take(h, shot)


def told_once(who: str, instruction: str, notices: list[str]) -> list[str]:
    """The device's decision told once: its instruction, then the notices that say more.

    The play-test of issue 25 read one move three times ("Device plays a 6: move Device to space
    15", "Device moves 6 to space 15.", then the table's own step "Move Device's monster ..."). A
    notice that only repeats the instruction goes (the card played, or the mover's own move to
    where the instruction already sends it); an instruction that a notice says whole and more
    ("Device plays Rollin' With My Gnomies" / "... against R.L. Stine!") gives way to it."""
    moved = re.compile(rf"^(?:[^:]+: )?{re.escape(who)} (?:moves \w+|proceeds) to (.+?)\.?$")
    lines = [instruction] + notices
    kept: list[str] = []
    for i, line in enumerate(lines):
        bare = line.rstrip(".")
        if any(j != i and other != line and other.startswith(bare) for j, other in enumerate(lines)):
            continue  # another line says this and more
        if i > 0:
            m = moved.match(line)
            if m and f"{who} to {m.group(1)}" in instruction:
                continue  # the instruction already sends the mover there
        kept.append(re.sub(r"!\.", "!", line))  # "against R.L. Stine!." reads "R.L. Stine!"
    return list(dict.fromkeys(kept))


def card_caption(card: str) -> str:
    return card if card.isdigit() else title(card)


UI = GsbUI()
