"""The game behind the screens, without Kivy: a journaled Session, the view and the legal inputs,
for any registered game (the session's own rules; the pack's UI for where the game waits).
What the sensor mat means for a game lives in its pack's sensing module."""

from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from companion.core.errors import CompanionError, JournalError, JournalForeign, JournalUnavailable
from companion.core.game import GameRules, get_rules, shared_inputs, told
from companion.core.journal import GameRow, Journal
from companion.core.packs import get_pack
from companion.core.table import ToDo, entered_by, steps, table_from_json, table_of, table_to_json, to_do
from companion.ui.packui import GameUI, moves, ui_for
from companion.core.session import Session
from companion.i18n import N_, _, language, pack_said
Listener = Callable[[], None]
RETRY_S = 2.0  # how often a tap may try again to open a journal that could not be written
log = logging.getLogger(__name__)

# The shapes of the journal's troubles below: they are logged in English as they are made, and the
# toast says them in the language shown (app.toast, Domain.said).
SHAPES = (N_("The games cannot be opened: {error}"), N_("Games cannot be saved: {detail}. No game was moved or lost."),
          N_("The journal is busy: {detail}. No game was moved or lost."),
          N_("The journal could not be opened ({error}) nor a new one started ({again})."),
          N_("The journal could not be opened ({error}). It is kept as {name}; a new one was started."),
          N_("the journal cannot be opened"), N_("The game cannot be resumed: {error}"),
          N_("The games cannot be read: {error}"), N_("start or resume a game first"), N_("no game"))


@dataclass(frozen=True)
class Outcome:
    """What a tap did: ok, or the rules' refusal to show as a toast."""

    ok: bool
    message: str = ""


class GameController:
    """Owns the journal and the current Session; every input goes through `submit`.

    The journal never stops the kiosk: a damaged one is repaired from its second copies (what was
    found is in `recovered`), a file that is not a journal is set aside, and a full or read-only
    disk leaves every file where it is, reads what it can and says so in `problem`."""

    def __init__(self, journal_path: str | Path) -> None:
        self.journal_path = Path(journal_path)
        self.recovered = ""  # what the table is told about damage found and repaired at start
        self.problem = ""  # why games cannot be saved right now ("" = they can)
        self.journal: Journal | None = None
        self.session: Session[Any, Any] | None = None
        self._listeners: list[Listener] = []
        self._legal: list[Any] | None = None
        self._tried = 0.0
        self._where: dict[tuple[int, int, int], str] = {}  # (game, changes, inputs) -> where it stands
        # What the last change asks of the physical table (core/table.py `to_do`): every step
        # between the table before it and after it; () after a new game or a resume (the set-up
        # steps and the table itself say where everything is).
        self.table_steps: tuple[ToDo, ...] = ()
        self.table_cause = ""  # what made them: "input", "undo" or "redo"
        # What each input did, told again in the language of the moment (the journal keeps the
        # sentence of the language it was said in): (before, after, sentence) by input, per language.
        self._retold: dict[str, list[tuple[Any, Any, str]]] = {}
        self._open()

    # ---- the journal itself ----
    def _open(self) -> None:
        """Open the journal for writing, or else read-only, or else none: never raise."""
        self.problem = ""
        self._tried = time.monotonic()
        try:
            journal = Journal(self.journal_path, repair=True)
        except JournalUnavailable as exc:
            self.problem = self._in_words(exc)
            self._open_readonly()
            return
        except JournalForeign as exc:
            journal = self._set_aside(exc)
        except JournalError as exc:  # newer, a directory, damage that cannot be repaired: leave it be
            self.problem = f"The games cannot be opened: {exc}"
            log.error("%s", self.problem)
            self._open_readonly()
            return
        if journal is None:
            return
        self.journal = journal
        if not journal.report.clean:
            self.recovered = journal.report.summary()
            log.error("journal repaired: %s", self.recovered)

    def _open_readonly(self) -> None:
        """Show the games of a journal that cannot be written (full disk, read-only folder)."""
        if self.journal_path.exists():
            try:
                self.journal = Journal(self.journal_path, readonly=True, create=False)
                return
            except CompanionError as exc:
                log.warning("journal read-only: %s", exc)
        self.journal = None

    @staticmethod
    def _in_words(exc: JournalUnavailable) -> str:
        head = {"full": "Games cannot be saved", "readonly": "Games cannot be saved"}.get(exc.reason, "The journal is busy")
        detail = str(exc).split(": ", 2)[-1]
        return f"{head}: {detail}. No game was moved or lost."

    def _set_aside(self, exc: JournalError) -> Journal | None:
        """A file that is not a journal is kept under a new name, never overwritten, and the
        table gets a fresh one: a kiosk must start, and nothing is lost."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        kept = self.journal_path.with_name(f"{self.journal_path.name}.damaged-{stamp}")
        try:
            for suffix in ("", "-wal", "-shm"):
                part = Path(str(self.journal_path) + suffix)
                if part.exists():
                    part.rename(Path(str(kept) + suffix))
            journal = Journal(self.journal_path, repair=True)
        except (OSError, CompanionError) as again:
            self.problem = f"The journal could not be opened ({exc}) nor a new one started ({again})."
            log.error("%s", self.problem)
            self._open_readonly()
            return None
        self.recovered = f"The journal could not be opened ({exc}). It is kept as {kept.name}; a new one was started."
        if not journal.report.clean:
            self.recovered += " " + journal.report.summary()
        log.error("%s", self.recovered)
        return journal

    def _writable(self) -> str:
        """"" when games can be saved; else the reason, after trying again (space may be free now)."""
        if self.journal is not None and not self.journal.readonly:
            return ""
        if time.monotonic() - self._tried < RETRY_S:
            return self.problem or "the journal cannot be opened"
        game_id = self.session.game_id if self.session is not None else None
        if self.journal is not None:
            self.journal.close()
            self.journal = None
        self._open()
        if self.journal is not None and game_id is not None:
            try:
                self.session = Session.resume(self.journal, get_rules, game_id)
            except CompanionError as exc:
                self.session = None
                return f"The game cannot be resumed: {exc}"
        return self.problem if self.journal is None or self.journal.readonly else ""

    @property
    def notice(self) -> str:
        """What to tell the table at start: damage repaired, or why games cannot be saved."""
        return " ".join(t for t in (self.recovered, self.problem) if t)

    # ---- games ----
    def unfinished(self) -> GameRow | None:
        if self.journal is None:
            return None
        try:
            return self.journal.latest_game(unfinished=True)
        except JournalError as exc:
            self.problem = self.problem or f"The games cannot be read: {exc}"
            return None

    def unfinished_games(self) -> list[GameRow]:
        """Every unfinished game in the journal, the newest first."""
        if self.journal is None:
            return []
        try:
            rows = self.journal.games()
        except JournalError as exc:
            self.problem = self.problem or f"The games cannot be read: {exc}"
            return []
        return [r for r in reversed(rows) if not r.finished]

    def where(self, row: GameRow) -> str:
        """Where an unfinished game stands, in its own status words ("Round 2 \u00b7 Mike's turn"):
        the game replayed from the journal, once per change ("" when it cannot be)."""
        key = (row.id, row.changes, row.committed)
        if key not in self._where:
            text = ""
            try:
                if self.session is not None and self.session.game_id == row.id:
                    rules, state = self.session.rules, self.session.state
                else:
                    assert self.journal is not None
                    other = Session.resume(self.journal, get_rules, row.id)
                    rules, state = other.rules, other.state
                text = self.ui_of(row.code).status(rules.view(state, "table"))
            except (CompanionError, KeyError, TypeError, ValueError) as exc:
                log.warning("game %s cannot be read for the resume list: %s", row.id, exc)
            self._where[key] = text
        return self._where[key]

    def describe(self, row: GameRow) -> str:
        try:
            return self.ui_of(row.code).describe(row)
        except CompanionError:
            return f"Game {row.id}: {row.code} (not installed) \u2014 {moves(row.committed)}"

    @staticmethod
    def ui_of(code: str) -> GameUI:
        return ui_for(get_pack(code))

    @property
    def ui(self) -> GameUI:
        """The UI of the game being played."""
        assert self.session is not None, "no game"
        return self.ui_of(self.session.rules.code)

    @property
    def rules(self) -> GameRules[Any, Any, Any]:
        assert self.session is not None, "no game"
        return self.session.rules

    def new_game(self, code: str, options: Any, seed: int | None = None) -> Outcome:
        why = self._writable()
        if why or self.journal is None:
            return Outcome(False, why or "the journal cannot be opened")
        try:
            self.session = Session.new(self.journal, get_rules(code), options, seed)
        except CompanionError as exc:  # IllegalInput, or the journal could not record it
            return Outcome(False, str(exc))
        self.table_steps = ()
        self._changed()
        return Outcome(True)

    def resume(self, game_id: int | None = None) -> Outcome:
        self._writable()  # a read-only journal still resumes: the table sees the game, saving waits
        if self.journal is None:
            return Outcome(False, self.problem or "the journal cannot be opened")
        try:
            self.session = Session.resume(self.journal, get_rules, game_id)
        except CompanionError as exc:
            return Outcome(False, str(exc))
        # Steps shown but not yet done when the app stopped (a power cut, a kill): the table as the
        # players last had it all laid out, to the game's table now (play-tests of 5 Dec 2026).
        laid = self._laid().get(str(self.session.game_id))
        self.table_steps, self.table_cause = (), ""
        if laid is not None:
            try:
                before = table_from_json(laid)
            except ValueError as exc:
                log.warning("the table last laid out for game %s cannot be read: %s", self.session.game_id, exc)
            else:
                self.table_steps = tuple(ToDo(s) for s in steps(before, table_of(self.rules, self.state)))
                self.table_cause = "resume" if self.table_steps else ""
        self._changed()
        return Outcome(True)

    # ---- the table as last laid out ----
    @property
    def laid_path(self) -> Path:
        """Beside the journal: each game's physical table as the players last had every step done."""
        return self.journal_path.with_name(self.journal_path.name + ".laid.json")

    def _laid(self) -> dict[str, Any]:
        try:
            data = json.loads(self.laid_path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:  # damaged: the game resumes as before, without its steps
            log.warning("%s cannot be read: %s", self.laid_path, exc)
            return {}
        return data if isinstance(data, dict) else {}

    def table_laid(self) -> None:
        """The players have done every step shown: their table is the game's now. Kept so that a
        resume shows the steps still to do (a write that fails loses only that, and is logged)."""
        if self.session is None:
            return
        key, now = str(self.session.game_id), table_to_json(table_of(self.rules, self.state))
        data = self._laid()
        if data.get(key) == now:
            return
        data[key] = now
        tmp = self.laid_path.with_name(self.laid_path.name + ".tmp")
        try:
            tmp.write_text(json.dumps(data, sort_keys=True), encoding="utf-8")
            os.replace(tmp, self.laid_path)
        except OSError as exc:
            log.warning("the table laid out cannot be kept in %s: %s", self.laid_path, exc)

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()

    # ---- reading ----
    @property
    def state(self) -> Any:
        assert self.session is not None, "no game"
        return self.session.state

    def view(self, seat: str = "table") -> dict[str, Any]:
        return self.rules.view(self.state, seat)

    def actor(self) -> Any:
        return self.rules.to_act(self.state)

    def legal(self) -> list[Any]:
        """The inputs a shared screen offers now: the acting seat's, or, for a game with hidden
        hands, the table's list (core/game.py `shared_inputs`), which shows no hand."""
        if self._legal is None:
            self._legal = [] if self.session is None else shared_inputs(self.rules, self.state)
        return self._legal

    def private_legal(self) -> list[Any]:
        """The acting seat's own inputs, for a private screen behind its cover only."""
        if self.session is None:
            return []
        actor = self.actor()
        return list(self.rules.legal_inputs(self.state, actor.seat or actor.kind))

    def legal_kinds(self) -> set[str]:
        return {type(i).kind for i in self.legal()}

    def pending(self) -> Any:
        pending = getattr(self.state, "pending", ())
        return pending[0] if pending else None

    def pending_screen(self) -> str:
        """The screen the game waits on now ("" = the game's table view)."""
        return self.ui.pending_screen(self) if self.session is not None else ""

    def label(self, inp: Any) -> str:
        return self.rules.label(self.state, inp)

    def history(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        if self.session is None:
            return (), ()
        h = self.session.history()
        # The inputs undone keep the journal's sentence, said in the language shown by its shape
        return (self._told_now(len(h.done)) if h.done else h.done,
                tuple(pack_said(self.session.rules, r) for r in h.redo))

    def _told_now(self, n: int) -> tuple[str, ...]:
        """The last `n` inputs' sentences in the language shown now: a game started in English
        reads on in German. Each is `told` again from the states the session keeps, once per
        input and language (an input taken back and another given is told anew). The inputs
        undone keep the sentence the journal recorded (their states are not kept)."""
        session = self.session
        assert session is not None
        if session.game_id != getattr(self, "_retold_game", None):
            self._retold, self._retold_game = {}, session.game_id
        cache = self._retold.setdefault(language(), [])
        inputs = session.inputs
        out = []
        for i in range(n):
            before, after = session.earlier(n - i), session.earlier(n - i - 1)
            if i < len(cache) and cache[i][0] is before and cache[i][1] is after:
                out.append(cache[i][2])
                continue
            del cache[i:]
            cache.append((before, after, pack_said(session.rules, told(session.rules, before, inputs[i], after))))
            out.append(cache[i][2])
        return tuple(out)

    def undo_label(self) -> str:
        done, _ = self.history()
        return done[-1] if done else ""

    def undo_span(self, device_plays: Callable[[Any], bool]) -> list[str]:
        """The labels one Undo takes back, oldest first: the last input, and while the state it
        would go back to is one the device answers (`device_plays`), the input before it too.
        The device decides again at such a state, the same answer for the same position, so
        taking its answer back alone would give it straight back: an Undo of the device's answer
        goes back to the last input a person gave (or the start)."""
        session, (done, _) = self.session, self.history()
        if session is None or not done:
            return []
        n = 1
        while n < len(done) and device_plays(session.earlier(n)):
            n += 1
        return list(done[len(done) - n:])

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

    def submit(self, inp: Any, person: bool = True) -> Outcome:
        """`person`: a person gave it (a tap, a miniature moved on the sensor board), so what the
        pack says that input handled at the table (`table_entered`) is shown as done; False for
        the device's own answer, all of whose steps the table does."""
        if self.session is None:
            return Outcome(False, "start or resume a game first")
        why = self._writable()
        if why:
            return Outcome(False, why)
        before = self.session.state
        try:
            self.session.submit(inp)
        except CompanionError as exc:  # IllegalInput and NotYourTurn: the table tries again; a full disk: said so
            return Outcome(False, str(exc))
        entered = entered_by(self.rules, before, inp) if person else frozenset()
        self.table_steps = tuple(to_do(self.rules, before, self.session.state, entered))
        self.table_cause = "input"
        self._changed()
        return Outcome(True)

    def undo(self, steps: int = 1) -> Outcome:
        """Take back `steps` inputs (see `undo_span`); says the oldest one taken back."""
        return self._step("undo", steps)

    def redo(self) -> Outcome:
        return self._step("redo")

    def _step(self, which: str, steps: int = 1) -> Outcome:
        if self.session is None:
            return Outcome(False, "no game")
        why = self._writable()
        if why or self.session is None:
            return Outcome(False, why or "no game")
        label, taken = "", 0
        before = self.session.state
        try:
            for taken in range(1, steps + 1):
                label = self.session.undo() if which == "undo" else self.session.redo()
        except CompanionError as exc:  # nothing to undo, or the journal could not record it
            if taken > 1:  # the first steps are done: the screens show where the game is now
                self.table_steps = tuple(to_do(self.rules, before, self.session.state))
                self.table_cause = which
                self._changed()
            return Outcome(False, str(exc))
        # Undo and Redo: the table puts back (or does again) every step; nothing is done already.
        self.table_steps = tuple(to_do(self.rules, before, self.session.state))
        self.table_cause = which
        self._changed()
        return Outcome(True, (_("Undone: {what}") if which == "undo" else _("Redone: {what}")).format(what=label))
