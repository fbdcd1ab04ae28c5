"""Errors of the sensor side; each also inherits the builtin that fits."""

from __future__ import annotations

from companion.core.errors import BoardFileError, CompanionError


class LinkError(CompanionError, OSError):
    """The sensor link cannot be used (for example a port URL pyserial does not understand)."""


class ZoneMapError(BoardFileError):
    """A channel-to-zone map file is malformed; says file and line."""


class UnknownZone(CompanionError, KeyError):
    """A zone or channel that the map or the board does not have."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""
