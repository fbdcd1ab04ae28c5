"""The card camera for the Bump in the Night screens: one screen at a time reads through it.

A screen that waits for a drawn card calls `read(app, screen, handler)` on every refresh and
`stop(app, screen)` when it no longer waits; a code goes to the handler of the screen that holds
the camera now. A screen that takes over (the hand-over screen's draw sends the game to the table)
keeps the worker running, so the old screen's later `on_leave` stops nothing of the new one's.
"""

from __future__ import annotations

from typing import Any, Callable


class CardCamera:
    def __init__(self) -> None:
        self.owner: Any = None
        self.handler: Callable[[str], None] | None = None
        self.on = False
        self.scanner: Any = None  # the app's CardScanner last asked (Settings may make a new one)
        self._read: tuple[Any, set[str]] = (None, set())  # (session, codes read into its hands)

    def read_codes(self, session: Any) -> set[str]:
        """The codes the camera read in this game (scanning.draw_input refuses one left lying there)."""
        if self._read[0] is not session:
            self._read = (session, set())
        return self._read[1]

    def read(self, app: Any, owner: Any, handler: Callable[[str], None]) -> bool:
        """Read cards for `owner` (True: a camera is reading; False: none, touch only)."""
        if self.owner is owner and not self.on and self.scanner is app.scanner:
            return False  # no camera for this showing: not probed again at every refresh
        self.owner, self.handler, self.scanner = owner, handler, app.scanner
        self.on = bool(app.scanner.begin(lambda events: self._events(app, events), lambda m: self._error(app, m)))
        return self.on

    def stop(self, app: Any, owner: Any) -> None:
        if self.owner is owner:
            self.owner, self.handler, self.on = None, None, False
            app.scanner.end()

    def _events(self, app: Any, events: list[Any]) -> None:
        from companion.scan.catalogue import CardScanned

        owner = self.owner
        for ev in events:
            if self.owner is None or self.owner is not owner:
                return  # the card before this one moved the game on: the rest are not for the new screen
            if isinstance(ev, CardScanned):
                assert self.handler is not None
                self.handler(str(ev.code))
            else:  # a card of another game: said, nothing played
                app.toast(getattr(ev, "message", str(ev)))

    def _error(self, app: Any, message: str) -> None:
        """The camera failed (unplugged): said once; this showing goes on by touch."""
        if self.owner is not None:
            self.on = False
            app.scanner.end()
            app.toast(f"Camera: {message}. Name the card by touch.")
            self.owner.refresh()  # its words no longer offer the camera


CAMERA = CardCamera()
