"""What The Stuff of Legend brings to the app (companion/ui/packui.py): its screens (set-up, the
table with the Time, Attention and Wound tracks, the coin, the vote, the enemies, the private
hand-over, the end), where the game waits, the coin, the Boogeyman card and each enemy as steps
the table acknowledges, the cards the scan screen asks for, and the seat the device may take."""

from __future__ import annotations

import functools
import re
from typing import Any, Callable, Sequence

from companion.core.packs import get_pack
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.common import Said, said_words, who
from companion.games.stuff_of_legend.state import (
    Activate,
    ActorTurn,
    Assisting,
    BoogeymanDraw,
    Coin,
    Contribute,
    RevealEncounters,
    RevealLocations,
    ScanExit,
    ScanLoyalty,
    State,
)
from companion.games.stuff_of_legend.ui import words
from companion.i18n import N_, pack_domain
from companion.ui.packui import CardRequest, GameUI, SettingRow, TurnSummary, moves
from companion.ui.plain import for_people

_ = pack_domain(__file__).gettext
_SCREENS = ("sol_setup", "sol_table", "sol_coin", "sol_vote", "sol_enemies", "sol_private", "sol_end")
DECKS = {"ACTN": N_("Action"), "BOOG": N_("Boogeyman"), "LOYL": N_("Loyalty"), "LOCN": N_("Location"),
         "ENCT": N_("Encounter"), "EXIT": N_("Exit token")}  # shown through _()
SECTIONS = {"ACTN": "action", "BOOG": "boogeyman", "LOYL": "loyalty", "LOCN": "location", "ENCT": "encounter"}
VERBS = {ActorTurn: ("play", I.Play), Contribute: ("boost with", I.Boost), Assisting: ("assist with", I.Assist)}
DEVICE_HERO = "max"  # the seat the device may take (Settings): the first standard hero


# A notice that says what a marker on the board does: the shell lists every change to the physical
# table as its own step after the turn's lines (games/stuff_of_legend/table.py), so these are said
# once, there ("Move an Army marker from Brooklyn to Briar Path"), never twice.
_BOARD = re.compile(r"^(Move the Army from [^:]+\.|Move the Hero Party marker to .+|The Boy moves to division .+"
                    r"|The Attention Level (rises|falls) to .+|\d+ Army marker\(s\) (added|destroyed) in .+"
                    r"|The Wound marker goes back to .+|.+ moves to [^:]+\.)$")
_REACHES = re.compile(r"^Move the Army from ([^:]+) to [^:]+: (it reaches the party, .+)$")


def told(lines: Sequence[str], steps: bool = True) -> tuple[str, ...]:
    """The coin, the Boogeyman card or an enemy as the table is told it: in plain words (no rule
    ID, a capital first), and, when the table steps follow (`steps`), without the marker moves they
    say: "Move the Army from Brooklyn to Briar Path: it reaches the party, but deals nothing this
    phase." is told "The Army from Brooklyn reaches the party, but deals nothing this phase.", and
    the step "Move an Army marker from Brooklyn to Briar Path" moves it."""
    out: list[str] = []
    for line in lines:
        m = _REACHES.match(line)
        if steps and m:
            space = line.fields.get("space", m.group(1)) if isinstance(line, Said) else m.group(1)
            line = Said(N_("The Army from {space} reaches the party, but deals nothing this phase."), space=space)
        elif steps and _BOARD.match(line):
            continue
        line = for_people(said_words(line))
        if line:
            out.append(line[0].upper() + line[1:])
    return tuple(out)


def _forward(session: Any, before: Any) -> bool:
    """The change is an input entered after `before` (or its Redo), not an Undo back past it."""
    try:
        return bool(session.inputs) and session.earlier(1) is before
    except (IndexError, AttributeError):
        return False


class SolUI(GameUI):
    screens = {name: f"companion.games.stuff_of_legend.ui.screens.{name}" for name in _SCREENS}
    widgets = ("companion.ui.hold",)  # the shell's hold-to-reveal cover, for the private screen
    setup_screen = "sol_setup"
    table_screen = "sol_table"
    auto_screens = frozenset({"sol_table", "sol_coin", "sol_vote", "sol_enemies", "sol_private", "sol_end", "scan"})
    icon = "\u2694"
    tile_action = "game:SOL"
    # No dice in this game: the coin is what it flips ("The Boogeyman Coin"; play-test of 5 Dec 2026).
    @property  # type: ignore[override]
    def undo_detail(self) -> str:  # the shell's _() finds nothing for it, so it shows the pack's words
        return _("The game goes back to just before it, the coin flips and cards included.")

    def __init__(self) -> None:
        super().__init__(get_pack("SOL"))

    def tile(self) -> tuple[str, str]:
        return self.icon, "The Stuff of Legend\n" + _("the device runs the Time track, the coin and the enemies")

    def describe(self, row: Any) -> str:
        opts = row.options if isinstance(row.options, dict) else {}
        heroes = opts.get("heroes") or []
        names = ", ".join(str(h).capitalize() for h in heroes) if heroes else _heroes(opts.get("players", 4))
        return _("Game {id}: The Stuff of Legend with {heroes} \u2014 {moves}").format(
            id=row.id, heroes=names, moves=moves(row.committed))

    def players(self, row: Any) -> str:
        opts = row.options if isinstance(row.options, dict) else {}
        heroes = opts.get("heroes") or []
        return ", ".join(str(h).capitalize() for h in heroes) if heroes else _heroes(opts.get("players", 4))

    # ---- while playing ----
    def pending_screen(self, controller: Any) -> str:
        return words.screen_for(controller.state)

    def status(self, view: dict[str, Any]) -> str:
        if view["phase"] == "over":
            return _("Game over")
        if view["phase"] == "setup":
            return _("Set-up")
        if view["phase"] == "enemies":
            return _("Turn {turn} \u00b7 Enemy Activation").format(turn=view["turn"])
        return _("Turn {turn} \u00b7 action {n} of 3").format(turn=view["turn"], n=min(view["actions_done"] + 1, 3))

    def changed(self, session: Any, before: Any, after: Any) -> TurnSummary | None:
        """A coin, a Boogeyman card and each enemy's activation: what happened, told as lines the
        table acknowledges one at a time; the markers it moved are the table steps after them
        (`told`)."""
        if before is None or not isinstance(after, State) or not after.notices or not _forward(session, before):
            return None  # an Undo is told by its put-back steps, not as the coin or an enemy again
        head = before.head
        lines = told(after.notices, self.shows_table_steps)
        if isinstance(head, Activate) and len(after.activations) < len(before.activations):
            return TurnSummary(_("Enemy Activation"), lines, tuple(after.notices))
        if isinstance(head, Coin):
            return TurnSummary(_("The Boogeyman coin"), lines, tuple(after.notices))
        if isinstance(head, BoogeymanDraw):
            return TurnSummary(_("A Boogeyman card"), lines, tuple(after.notices), reveal=True)
        return None

    def sounds(self, before: Any, after: Any) -> list[str]:
        if isinstance(before.head, Coin) and not isinstance(after.head, Coin):
            return ["coin"]
        if isinstance(before.head, BoogeymanDraw):
            return ["reveal", "laugh"]
        if after.armies != before.armies or after.leaders != before.leaders:
            return ["steps"]
        return []

    def rules_reference(self) -> list[tuple[str, str]]:
        from companion.games.stuff_of_legend.ui.reference import translated

        return translated()

    def rules_for(self, line: str, state: Any) -> list[tuple[str, str]]:
        from companion.games.stuff_of_legend.ui.reference import explain

        return explain(line)  # and the shell's line for what is still a guess (GameUI.guess_line)

    def roll_input(self, controller: Any) -> Any | None:
        """The GPIO Roll button flips the coin for the table."""
        return I.CoinFlip(None) if isinstance(controller.state.head, Coin) else None

    # ---- cards the table holds: scanned, or picked on screen ----
    def deck_words(self, deck: str) -> str:
        return _(DECKS[deck]) if deck in DECKS else deck

    def card_request(self, controller: Any, alternative: bool = False) -> CardRequest | None:
        s: State = controller.state
        head = s.head
        prompt = controller.view()["prompt"]
        if words.scan_wanted(s):
            deck = {BoogeymanDraw: "BOOG", RevealLocations: "LOCN", RevealEncounters: "ENCT", ScanExit: "EXIT",
                    ScanLoyalty: "LOYL"}[type(head)]
            return CardRequest(deck, prompt, _(DECKS[deck]))  # the shell marks what is still a guess
        if type(head) in VERBS and words.physical_hands(s):
            verb = VERBS[type(head)][0]
            ask = {"play": _("{who}: scan the Action card you play"),
                   "boost with": _("{who}: scan the Action card you boost with"),
                   "assist with": _("{who}: scan the Action card you assist with")}[verb]
            return CardRequest("ACTN", ask.format(who=who(s, head.seat)), _(DECKS["ACTN"]))
        return None

    def card_input(self, controller: Any, code: Any, info: Any, alternative: bool = False) -> Any:
        """The input a card makes: the legal one naming it, else the one the rules refuse with
        their own words (a card already face up, in the discard pile, of another colour)."""
        s: State = controller.state
        head = s.head
        text = str(code)
        for inp in controller.legal():
            if text in (getattr(inp, f, None) for f in ("card", "code")):
                return inp
        if type(head) in VERBS:
            return VERBS[type(head)][1](head.seat, text)
        if isinstance(head, BoogeymanDraw):
            return I.BoogeymanCardInput(text)
        if isinstance(head, RevealLocations):
            return I.Reveal(head.spaces[0], text)
        if isinstance(head, RevealEncounters):
            return I.EncounterShown(text)
        if isinstance(head, ScanExit):
            return I.ExitScanned(text)
        if isinstance(head, ScanLoyalty):
            return I.LoyaltyShown(head.seat, text)
        raise ValueError(f"no card is asked for now ({head.kind if head else 'nothing'})")

    def known_card(self, code: Any) -> Any | None:
        """Every SOL card is in the pack's card list (data/cards.toml): the scan needs no naming."""
        from companion.games.stuff_of_legend.catalogue import default_catalogue
        from companion.scan.catalogue import CardInfo

        if getattr(code, "game", "") != "SOL":
            return None
        if code.deck == "EXIT":
            return CardInfo(_("An Exit token"), _("Exit token"))  # scanned face down: its number is never said
        cat = default_catalogue()
        from kivy.app import App

        app = App.get_running_app()
        c = getattr(app, "controller", None)
        if c is not None and c.session is not None and c.rules.code == "SOL":
            from companion.games.stuff_of_legend.catalogue import catalogue_for

            cat = catalogue_for(c.state.options.cards)  # the titles the game recorded (the owner's box)
        try:
            return CardInfo(cat.title(str(code)), _(DECKS[code.deck]) if code.deck in DECKS else code.deck)
        except Exception:  # noqa: BLE001 - a code the card list lacks: the table names it
            return None

    def pick_note(self, code: Any) -> tuple[int, str]:
        """The scan screen's list without a camera (play-test of 5 Dec 2026): four "Army of
        Shadows" and nineteen Locations differ only by the colour of their back ("Shuffle each
        Encounter deck separately", Game Setup 2), and 48 Action cards are "a card without text"
        told apart by their icons alone; those cannot be played as an action ("Cards Without
        Text"), so they come after the cards that can, instead of 24 rows before them."""
        from companion.games.stuff_of_legend.common import SKILL_NAMES

        if getattr(code, "game", "") != "SOL":
            return 0, ""
        cat = self._catalogue()
        text = str(code)
        try:
            if code.deck == "LOCN":
                return 0, _("{colour} back").format(colour=_(cat.location(text).colour))
            if code.deck == "ENCT":
                return 0, _("{colour} back").format(colour=_(cat.encounter(text).colour))
            if code.deck == "ACTN":
                card = cat.action(text)
                icons = ", ".join(f"{_(SKILL_NAMES[k]) if k in SKILL_NAMES else k} {n}" for k, n in card.icons)
                return (0 if card.describes_action else 1), icons + (", " + _("tainted") if card.tainted else "")
        except (KeyError, ValueError):  # a code the card list lacks: by title, as any game
            return 0, ""
        return 0, ""

    def _catalogue(self) -> Any:
        """The card list of the game on screen (the owner's box it recorded), else the shipped one."""
        from kivy.app import App

        from companion.games.stuff_of_legend.catalogue import catalogue_for, default_catalogue

        c = getattr(App.get_running_app(), "controller", None)
        if c is not None and c.session is not None and c.rules.code == "SOL":
            return catalogue_for(c.state.options.cards)
        return default_catalogue()

    def teachable(self, app: Any, deck: str) -> tuple[Any, ...]:
        """The cards of `deck` whose title is still the shipped guess, both in the game's recorded
        card list and in the owner's box now (the table may type the printed one)."""
        from cards_qr.codes import parse_code
        from companion.core import ownbox

        controller = app.controller
        section = SECTIONS.get(deck)
        if section is None or controller.session is None:
            return ()
        gf = next(f for f in ownbox.declared("SOL") if f.option == "cards")
        try:
            boxed = ownbox.load_box("SOL", app.data_dir)
        except Exception:  # noqa: BLE001 - a box that cannot be read: the recorded guesses only
            boxed = ownbox.Box("SOL")
        out = []
        for at in _unchecked(controller.state.options.cards):
            m = re.fullmatch(rf"{section}\[code=(.+)\]\.title", at)
            if m and boxed.get(gf.name, at) is None:
                code = parse_code(m.group(1))
                if code is not None:
                    out.append(code)
        return tuple(sorted(out, key=lambda code: code.number))

    def teach(self, app: Any, code: Any, title: str) -> str:
        """The title goes into the owner's box (core/ownbox.py) for this card: every game begun from
        now on says it. The game being played keeps the box it began with."""
        from companion.core import ownbox

        gf = next(f for f in ownbox.declared("SOL") if f.option == "cards")
        box = ownbox.load_box("SOL", app.data_dir)
        ownbox.save_box(box.with_fact(gf.name, f"{SECTIONS[code.deck]}[code={code}].title", title), app.data_dir)
        return _("\u201c{title}\u201d is kept in your box: every new game calls the card that.").format(title=title)

    # ---- the device in a hero's chair ----
    def settings(self, app: Any) -> Sequence[SettingRow]:
        """Who holds Max, and how private cards are looked at (hold, or a tap that stays a while)."""
        from companion.ui.hold import look_row

        return [*super().settings(app), look_row(app)]

    def device_seats(self) -> tuple[tuple[str, str], ...]:
        return ((DEVICE_HERO, _("Max (a hero)")),)

    # ---- screenshots ----
    def shots(self, h: Any, shot: Callable[[str], Any]) -> None:
        from companion.games.stuff_of_legend.ui.shots import take

        take(h, shot)


def _heroes(n: Any) -> str:
    return pack_domain(__file__).ngettext("{n} heroes", "{n} heroes", int(n)).format(n=n)


@functools.lru_cache(maxsize=4)
def _unchecked(cards: str) -> tuple[str, ...]:
    """The addresses of the card facts a game's recorded card list holds unchecked (about 60 ms to
    work out: once per game, not at every refresh of the scan screen)."""
    from companion.core import ownbox

    gf = next(f for f in ownbox.declared("SOL") if f.option == "cards")
    return tuple(ownbox.unconfirmed(gf, cards))


UI = SolUI()
