"""One exception hierarchy. Each also inherits the builtin that fits, so callers may catch either."""

from __future__ import annotations


class CompanionError(Exception):
    """Base of every error the companion raises on purpose."""


class IllegalInput(CompanionError, ValueError):
    """An input the rules do not allow in the current state. The state is unchanged."""


class NotYourTurn(IllegalInput):
    """An input by a seat whose turn it is not."""


class BoardFileError(CompanionError, ValueError):
    """A board data file is malformed. Carries file and line so the user can fix it."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {message}")


class DecodeError(CompanionError, ValueError):
    """Stored data (an input, a state, a journal line) could not be decoded."""


class JournalError(CompanionError, RuntimeError):
    """The journal cannot be opened or written."""


class NothingToUndo(CompanionError, LookupError):
    """Undo or redo was asked for with nothing to undo or redo."""


class JournalForeign(JournalError):
    """The file is not a companion journal (another program's file, or not SQLite at all)."""


class JournalDamaged(JournalError):
    """The journal's files are damaged. `report` says which games and inputs, and what can be recovered."""

    def __init__(self, message: str, report: object = None) -> None:
        super().__init__(message)
        self.report = report


class JournalUnavailable(JournalError):
    """The journal is healthy but cannot be written here: `reason` is "full", "readonly" or "busy"."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason
