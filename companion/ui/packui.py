"""What a game pack brings to the app, and what the shell does for a pack that brings nothing.

A pack's `ui` module defines `UI`, an instance of a `GameUI` subclass. The shell (choose a game,
resume, journal, settings, calibration, scan, the status bar, undo, the GPIO buttons) asks it
only these questions; the pack's own screens are imported and their .kv files loaded when its
game first starts. A pack with no `ui` module is played on the generic game screen (`game`):
the observation's prompt and `controller.legal()` as buttons.

No Kivy here: screens are named by module, so this module imports in simulations and tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from companion.core.game import device_roll
from companion.i18n import N_, _, ngettext, pack_text
from companion.core.options import device_levels, settings_of
from companion.core.packs import Pack


@dataclass(frozen=True)
class TurnSummary:
    """A moment at the table: steps that wait for it (the device's turn, what it revealed)."""

    title: str
    steps: tuple[str, ...]
    notices: tuple[str, ...] = ()  # the device's own lines, for "Why?"
    reveal: bool = False           # the buzzer and the reveal sound
    status: str = ""               # the status bar while it shows ("": the status before the change)
    last: tuple[str, ...] = ()     # said after the table's steps (who plays next: the board comes first)


@dataclass(frozen=True)
class SettingRow:
    """One row of choices on the Settings screen that belongs to a game."""

    key: str            # the row's id, "mode" -> action names "mode_row:<value>"
    label: str
    options: tuple[tuple[Any, str], ...]
    current: Any
    choose: Callable[[Any], None] = field(compare=False)


@dataclass(frozen=True)
class CardRequest:
    """What the scan screen is asked for: a card of `deck` (cards_qr deck code), with a heading."""

    deck: str
    heading: str
    deck_words: str = ""   # "Event" for a heading like "Which Event card is it?"
    alternative: str = ""  # a second way to answer, shown as a button ("Cancel it with a Search card")


def moves(n: int) -> str:
    """How many inputs a journal's game holds, in words: "1 move", "12 moves"."""
    return ngettext("{n} move", "{n} moves", n).format(n=n)


DEVICE_LEVELS = (("person", N_("A player")), ("easy", N_("Device: Easy")), ("normal", N_("Device: Normal")),
                 ("hard", N_("Device: Hard")), ("fair", N_("Device: Fair")))  # shown through _()


class GameUI:
    """The defaults: the generic game screen and nothing game-specific."""

    screens: dict[str, str] = {}   # screen name -> module defining SCREEN (its .kv beside it)
    widgets: tuple[str, ...] = ()  # modules of the game's own widgets (each .kv beside it), loaded first
    table_screen = "game"          # the game's main view
    auto_screens: frozenset[str] = frozenset({"game"})  # screens the game may route itself to
    icon = "\u265f"
    # The steps list after every change to the physical table (docs/architecture.md, "The physical
    # table and its steps"). A pack sets it False only until its touch tests follow the list.
    shows_table_steps = True
    tile_action = ""  # the tile's action name (tests and the screenshot tool tap through it)
    # Undo's confirm, under its question: what going back restores, in the game's components (a
    # game with no dice says so: the play-test of issue 25 read "dice" over Goosebumps).
    undo_detail = N_("The game goes back to just before it, dice and cards included.")  # shown through _()

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self.code = pack.code
        if not self.tile_action:
            self.tile_action = f"game:{pack.code}"

    @property
    def setup_screen(self) -> str:
        """Where "new game" goes: the shell's set-up screen ("game_setup") built from the options the
        pack declares (companion/core/options.py), or straight into the game ("game") when it
        declares none. A pack with a set-up screen of its own names it here (a class attribute)."""
        return "game_setup" if settings_of(self.pack.rules.options_type) else "game"

    # ---- the choose-a-game screen and resume ----
    def tile(self) -> tuple[str, str]:
        """(icon, caption) of the game's tile."""
        return self.icon, pack_text(self.pack.rules, self.pack.title)

    def name(self) -> str:
        """The game's name as the table reads it (its short one, else its title; through its catalog)."""
        return pack_text(self.pack.rules, self.pack.short or self.pack.title)


    def describe(self, row: Any) -> str:
        return _("Game {id}: {game} \u2014 {moves}").format(id=row.id, game=self.name(),
                                                            moves=moves(row.committed))

    def players(self, row: Any) -> str:
        """Who plays a journal's game (its options), in the game's words, for the resume list."""
        return ""

    def new_options(self, app: Any) -> Any:
        """The options a new game gets when the pack has no set-up screen and declares no set-up
        choices (with choices, the shell's set-up screen makes them)."""
        return self.pack.rules.options_type()

    # ---- while playing ----
    def pending_screen(self, controller: Any) -> str:
        """The screen the game waits on now ("" = the table view)."""
        return ""

    def status(self, view: dict[str, Any]) -> str:
        where = view.get("status")
        return str(where) if where else (self.pack.short or self.pack.title)

    def changed(self, session: Any, before: Any, after: Any) -> TurnSummary | None:
        """A summary to show and wait on, after the input that took `before` to `after`."""
        return None

    def sounds(self, before: Any, after: Any) -> list[str]:
        """Typed sound cues for this change ("reveal", "laugh", "steps", ...)."""
        return []

    def rules_for(self, line: str, state: Any) -> list[tuple[str, str]]:
        """The rules behind a line the device said or a refusal: (section, one sentence)."""
        return []

    def rules_reference(self) -> list[tuple[str, str]]:
        return []

    def marked(self, text: str, state: Any) -> str:
        """`text` with a small mark beside what in it is still the pack's guess (ui/guessmarks.py):
        the shell marks its prompt, scan heading and the table's steps with it."""
        from companion.ui.guessmarks import marked

        return marked(text, self.code, state) if state is not None else text

    def guess_line(self, line: str, state: Any) -> tuple[str, str] | None:
        """Why?'s line for what in `line` is still a guess (the shell adds it to `rules_for`)."""
        from companion.ui.guessmarks import why_line

        return why_line(line, self.code, state) if state is not None else None

    def roll_input(self, controller: Any) -> Any | None:
        """What the GPIO Roll button enters now (None: nothing to roll): by default the rules'
        "roll for me" at a pending die (core/game.py `device_roll`)."""
        if controller.session is None:
            return None
        return device_roll(controller.rules, controller.state)

    def card_request(self, controller: Any, alternative: bool = False) -> CardRequest | None:
        """What card the scan screen should read now (None: no card is asked for)."""
        return None

    def card_input(self, controller: Any, code: Any, info: Any, alternative: bool = False) -> Any:
        raise NotImplementedError(f"{self.code} takes no cards")

    def known_card(self, code: Any) -> Any | None:
        """A CardInfo for a code the pack's own data already names (its printed card list), so
        the scan screen need not ask the table; None: ask (the user's catalogue)."""
        return None

    def pick_note(self, code: Any) -> tuple[int, str]:
        """Where a named card stands in the scan screen's list when nothing can scan (its group:
        lower first, then by title) and what its button says under the title, so that cards of
        one title can be told apart the way the table tells them (a card's back, its icons),
        not by a sticker only. (0, ""): by title, the sticker number alone."""
        return 0, ""

    def teachable(self, app: Any, deck: str) -> tuple[Any, ...]:
        """Codes of `deck` the pack names with a guess the owner's box has not confirmed: the scan
        screen's "add a new one" lets the table type the title printed on such a card (`teach`).
        () : only codes nobody has named are offered (the user's catalogue)."""
        return ()

    def teach(self, app: Any, code: Any, title: str) -> str:
        """Keep the title the table typed for `code` (one of `teachable`); returns what the table
        is told about where it is kept."""
        raise NotImplementedError(f"{self.code} names its cards in the catalogue")

    def settings(self, app: Any) -> Sequence[SettingRow]:
        """Rows on the Settings screen; by default who holds each seat the device may take."""
        rows = []
        for seat, words in self.device_seats():
            def choose(level: Any, seat: str = seat) -> None:
                app.prefs.set_device_level(self.code, seat, str(level))
                app.save_prefs()
            rows.append(SettingRow(f"seat_{seat}", words, DEVICE_LEVELS, app.prefs.device_level(self.code, seat),
                                   choose))
        return rows

    def device_seats(self) -> tuple[tuple[str, str], ...]:
        """(seat, words) the device may hold in this game: a Settings row each; it holds every one set
        to a level. A game whose options say who holds each seat (core/options.py `holders`) has
        none: its set-up decides, game by game (`device_levels`)."""
        return ()

    def device_levels(self, controller: Any) -> dict[str, str] | None:
        """The seats the device holds in the game being played, by its options ({seat: level});
        None when the options do not say, and the Settings rows (`device_seats`) decide."""
        session = controller.session
        if session is None:
            return None
        return device_levels(session.rules, session.options, session.state)

    # ---- sensing (None: the game has no sensor mat) ----
    # A pack's sensing module gives `zones(state)`, `BOARD_NAME`, `expected_positions(state)`,
    # `check(state, occupied) -> PutRight | None` (the one fix to show) and
    # `on_settled(state, before, after)`: an input to play, an `Ask` (choices for the mismatch
    # screen), a `PutRight` (shown until the board matches, never played) or None.
    @property
    def sensing(self) -> Any:
        return self.pack.part("sensing") if self.pack.has("sensing") else None

    def zones(self, state: Any = None) -> list[str]:
        s = self.sensing
        return list(s.zones(state)) if s is not None and hasattr(s, "zones") else []

    def board_name(self) -> str:
        s = self.sensing
        return str(getattr(s, "BOARD_NAME", self.code.lower())) if s is not None else self.code.lower()

    # ---- screenshots ----
    def shots(self, h: Any, shot: Callable[[str], Any]) -> None:
        """Drive the app (`h`: a companion.ui.harness.Harness) through the game's screens, calling
        shot(name) at each. The default: the choose screen, the shell's set-up (for a game that
        declares its options), the generic screen, a few inputs on, the journal, Undo's confirm,
        Settings and the unfinished games."""
        app = h.app
        app.go("choose")
        shot("01_choose_game")
        h.choose_game(self.tile_action)
        if app.sm.current == "game_setup":
            shot("02_setup")
            h.tap("start")
        shot("03_game")
        for _step in range(3):
            legal = app.controller.legal() if app.controller.session is not None else []
            if not legal:
                break
            app.submit(legal[0])
        app.go_play()
        shot("04_game_later")
        h.tap("journal")
        shot("05_journal")
        app.go_play()
        h.tap("undo")
        shot("06_undo_confirm")
        h.tap("confirm_cancel")
        h.tap("games")  # the shell's screens around a game: Settings, the unfinished games
        h.tap("settings")
        shot("07_settings")
        h.tap("back")
        app.go("resume")  # (its button shows with two unfinished games or more)
        shot("08_resume_list")


def ui_for(pack: Pack) -> GameUI:
    """The pack's UI, or the generic one."""
    if pack.has("ui"):
        ui: GameUI = pack.part("ui").UI
        return ui
    return GameUI(pack)
