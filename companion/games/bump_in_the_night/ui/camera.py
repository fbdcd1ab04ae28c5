"""The codes the shell's card camera (companion/ui/camera.py) read into hands in this game, which
scanning.draw_input refuses when one is shown again (the card left lying under the camera)."""

from __future__ import annotations

from typing import Any

_read: tuple[Any, set[str]] = (None, set())  # (session, codes read into its hands)


def read_codes(session: Any) -> set[str]:
    global _read
    if _read[0] is not session:
        _read = (session, set())
    return _read[1]
