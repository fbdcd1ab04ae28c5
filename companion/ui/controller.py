"""The game behind the screens, without Kivy: a journaled Session, the view and the legal inputs.
What the sensor mat means for the game lives in companion/games/boogeyman/sensing.py."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from companion.core.errors import CompanionError, IllegalInput, JournalError, NothingToUndo
from companion.core.game import get_rules
from companion.core.journal import GameRow, Journal
from companion.core.session import Session
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.moves import legal_inputs
from companion.games.boogeyman.state import (
    AdjustRoll,
    ChooseCard,
    ChooseRoomTokens,
    DrawCard,
    HideTokens,
    NeedRoll,
    Options,
    PlayFinale,
    State,
    SteerBabysitter,
    TieRoll,
)

Listener = Callable[[], None]
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Outcome:
    """What a tap did: ok, or the rules' refusal to show as a toast."""

    ok: bool
    message: str = ""


class GameController:
    """Owns the journal and the current Session; every input goes through `submit`."""

    def __init__(self, journal_path: str | Path) -> None:
        self.journal_path = Path(journal_path)
        self.journal_path.parent.mkdir(parents=True, exist_ok=True)
        self.recovered = ""  # what the table is told when a damaged journal had to be set aside
        try:
            self.journal = Journal(self.journal_path)
        except JournalError as exc:
            self.journal = self._set_aside(exc)
        self.session: Session[State, Any] | None = None
        self._listeners: list[Listener] = []
        self._legal: list[Any] | None = None

    def _set_aside(self, exc: JournalError) -> Journal:
        """A journal that cannot be opened is kept under a new name, never overwritten, and the
        table gets a fresh one: a kiosk must start, and nothing is lost."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        kept = self.journal_path.with_name(f"{self.journal_path.name}.damaged-{stamp}")
        for suffix in ("", "-wal", "-shm"):
            part = Path(str(self.journal_path) + suffix)
            if part.exists():
                part.rename(Path(str(kept) + suffix))
        self.recovered = f"The journal could not be opened ({exc}). It is kept as {kept.name}; a new one was started."
        log.error("%s", self.recovered)
        return Journal(self.journal_path)

    # ---- games ----
    def unfinished(self) -> GameRow | None:
        return self.journal.latest_game(unfinished=True)

    def describe(self, row: GameRow) -> str:
        kids = ", ".join(k.capitalize() for k in row.options.get("children", []))
        return f"Game {row.id}: {row.options.get('mode', '')} with {kids} — {row.committed} moves"

    def new_game(self, options: Options, seed: int | None = None) -> Outcome:
        try:
            self.session = Session.new(self.journal, RULES, options, seed)
        except IllegalInput as exc:
            return Outcome(False, str(exc))
        self._changed()
        return Outcome(True)

    def resume(self, game_id: int | None = None) -> Outcome:
        try:
            self.session = Session.resume(self.journal, get_rules, game_id)
        except CompanionError as exc:
            return Outcome(False, str(exc))
        self._changed()
        return Outcome(True)

    def close(self) -> None:
        self.journal.close()

    # ---- reading ----
    @property
    def state(self) -> State:
        assert self.session is not None, "no game"
        return self.session.state

    def view(self, seat: str = "table") -> dict[str, Any]:
        return RULES.view(self.state, seat)

    def legal(self) -> list[Any]:
        if self._legal is None:
            self._legal = legal_inputs(self.state) if self.session else []
        return self._legal

    def legal_kinds(self) -> set[str]:
        return {type(i).kind for i in self.legal()}

    def pending(self) -> Any:
        s = self.state
        return s.pending[0] if s.pending else None

    def pending_screen(self) -> str:
        """The screen the head of the pending decisions belongs on ("" = the table)."""
        p = self.pending()
        if isinstance(p, (NeedRoll, AdjustRoll, TieRoll)):
            return "roll"
        if isinstance(p, (ChooseCard, ChooseRoomTokens, SteerBabysitter, HideTokens)):
            return "boogeyman"
        if isinstance(p, PlayFinale) or (self.session and self.session.finished):
            return "finale"
        if isinstance(p, DrawCard):
            return "scan"
        return ""

    def history(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        if self.session is None:
            return (), ()
        h = self.session.history()
        return h.done, h.redo

    def undo_label(self) -> str:
        done, _ = self.history()
        return done[-1] if done else ""

    def redo_label(self) -> str:
        _, redo = self.history()
        return redo[0] if redo else ""

    # ---- changing ----
    def subscribe(self, fn: Listener) -> None:
        self._listeners.append(fn)

    def _changed(self) -> None:
        self._legal = None
        for fn in list(self._listeners):
            fn()

    def submit(self, inp: Any) -> Outcome:
        if self.session is None:
            return Outcome(False, "start or resume a game first")
        try:
            self.session.submit(inp)
        except CompanionError as exc:  # IllegalInput and NotYourTurn: the table tries again
            return Outcome(False, str(exc))
        self._changed()
        return Outcome(True)

    def undo(self) -> Outcome:
        if self.session is None:
            return Outcome(False, "no game")
        try:
            label = self.session.undo()
        except NothingToUndo as exc:
            return Outcome(False, str(exc))
        self._changed()
        return Outcome(True, f"Undone: {label}")

    def redo(self) -> Outcome:
        if self.session is None:
            return Outcome(False, "no game")
        try:
            label = self.session.redo()
        except CompanionError as exc:
            return Outcome(False, str(exc))
        self._changed()
        return Outcome(True, f"Redone: {label}")
