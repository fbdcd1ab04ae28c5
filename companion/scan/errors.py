"""Errors of the scanning package (each also inherits the builtin that fits)."""

from __future__ import annotations

from companion.core.errors import CompanionError


class CameraError(CompanionError, OSError):
    """A camera or frame source cannot be opened or read."""


class ImageReadError(CompanionError, OSError):
    """A still image is missing or is not an image."""


class CatalogueError(CompanionError, ValueError):
    """A catalogue file is malformed (with file and line), or cannot be written."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {message}")
