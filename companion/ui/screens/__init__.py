"""One module and one .kv file per screen; each screen reads the view and sends inputs via the app."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.uix.screenmanager import Screen


class BaseScreen(Screen):
    """Screens redraw from the controller's view in `refresh`; they never hold game state."""

    title = "Companion"

    @property
    def app(self) -> Any:
        return App.get_running_app()

    def refresh(self) -> None:
        pass

    def primary(self) -> None:
        """The Confirm button of the GPIO panel: the screen's one primary button, if it shows one."""
        from companion.ui import touch

        mine = set(self.walk(restrict=True))
        for w in touch.controls():
            if w in mine and getattr(w, "kind", "") == "primary":
                w.trigger_action(0)
                return

    def find(self, action: str) -> Any:
        """The button with this `action` name (tests and the screenshot tool tap through it)."""
        for w in self.walk(restrict=True):
            if getattr(w, "action", None) == action:
                return w
        raise LookupError(f"{self.name}: no button {action!r}")


# The shell's screens, for every game; a game's own screens come with its pack (companion/ui/packui.py).
SCREENS = ("language", "choose", "resume", "game_setup", "game", "scan", "card_form", "mismatch", "journal", "settings", "calibrate", "rules", "traycheck", "box")
