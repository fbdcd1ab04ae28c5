"""A hold-to-reveal cover for what only one person may see (a Loyalty card, the number on an Exit
token, a hand): the secret is on screen only while a finger is down on the cover.

It is covered again when that finger lifts or slides off the cover, when any other finger
touches the screen, when a layer comes over the screen (the Undo confirm, the device's steps, a
notice), when its screen is left or it is hidden, when the app pauses or its window is minimised
or hidden, and after a minute of one press (a thing resting on the screen). Covered, no widget
holds the secret's text: it lives in this object only, so a screen left on the table shows nothing.

For a person who cannot hold a press, Settings -> "Private cards" (`Settings.look_seconds`, off
by default): a tap then shows the secret for that many seconds with a countdown, and any touch
covers it at once. Everything else above still covers it.

A game loads it when first needed: list "companion.ui.hold" in its GameUI's `widgets`; the .kv
beside it is loaded with it. The screen sets `hint` (what the cover says) and `secret` (markup,
from the holder's own observation) and calls `cover()` before it hands the device on.
"""

from __future__ import annotations

from companion.i18n import N_, _

from typing import Any, Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.ui.widgets import Hideable

LOOK_CHOICES = ((0, N_("Hold to see")), (10, N_("Tap: 10 s")), (30, N_("Tap: 30 s")))  # Settings -> Private cards


def look_seconds() -> int:
    """The app's setting: 0 = hold to see (the default), N = a tap shows it for N seconds."""
    prefs = getattr(App.get_running_app(), "prefs", None)
    value = getattr(prefs, "look_seconds", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def look_hint(what: str) -> str:
    """What a cover says, for the setting in force: "hold your finger here to see ..." or a tap's."""
    seconds = look_seconds()
    return (_("tap here to see {what} for {seconds} s").format(what=what, seconds=seconds) if seconds
            else _("hold your finger here to see {what}").format(what=what))


def look_row(app: Any) -> Any:
    """The Settings row a game with private views adds to its `settings` (one shared setting)."""
    from companion.ui.packui import SettingRow

    def choose(value: Any) -> None:
        app.prefs.look_seconds = int(value)
        app.save_prefs()

    return SettingRow("look", N_("Private cards"), LOOK_CHOICES, look_seconds(), choose)


class HoldCover(Hideable, BoxLayout):
    """Press and hold to see `secret`; anything else covers it (see the module's docstring)."""

    action = StringProperty("hold")  # tests and the shots find it by this name
    hint = StringProperty("Hold here to see")
    secret = StringProperty("")  # markup; shown in a label only while revealed
    revealed = BooleanProperty(False)
    seconds_left = NumericProperty(0)  # a tap's look (the setting): seconds before it covers again
    max_hold = NumericProperty(60.0)  # s: a press held longer is covered anyway (a thing resting on it)
    touch_target = True  # a control: the walker checks that a touch reaches it

    def __init__(self, **kw: Any) -> None:
        self._held: set[int] = set()  # the touch holding it open (a touch that covered it is not one)
        self._layers: set[int] = set()  # the layers already over the screen when it was revealed
        self._watches: list[tuple[Any, str, int]] = []
        self._tick: Any = None
        self._until = 0.0
        self._since = 0.0
        self._seconds = 0
        super().__init__(**kw)

    # ---- what a finger does ----
    def on_touch_down(self, touch: Any) -> Any:
        if (not self.shown or self.disabled or getattr(touch, "is_mouse_scrolling", False)
                or not self.collide_point(*touch.pos)):
            return super().on_touch_down(touch)
        touch.grab(self)
        if self.revealed:  # a second finger, or a tap on a tap's look: covered at once
            self.cover()
            return True
        self._seconds = look_seconds()
        self._held = {touch.uid}
        self._reveal()
        return True

    def on_touch_move(self, touch: Any) -> Any:
        if touch.grab_current is not self:
            return super().on_touch_move(touch)
        if touch.uid in self._held and not self.collide_point(*touch.pos):
            self.cover()  # slid off: sliding back on shows nothing until a new press
        return True

    def on_touch_up(self, touch: Any) -> Any:
        if touch.grab_current is not self:
            return super().on_touch_up(touch)
        touch.ungrab(self)
        if touch.uid in self._held:
            self._held.discard(touch.uid)
            if self._seconds and self.revealed:
                self._until = Clock.get_time() + self._seconds  # a tap's look: it stays a while
                self._count()
            else:
                self.cover()
        return True

    # ---- showing and covering ----
    def _reveal(self) -> None:
        self._layers = {id(w) for w in _layers_over()}
        self._until = 0.0
        self._since = Clock.get_time()
        self.revealed = True
        self._watch()

    def cover(self, *_: Any) -> None:
        """Covered: the secret's label is emptied. Safe to call at any time."""
        self._held = set()
        self._until = 0.0
        self.seconds_left = 0
        self._unwatch()
        if self.revealed:
            self.revealed = False

    def on_shown(self, *args: Any) -> None:
        super().on_shown(*args)
        if not self.shown:
            self.cover()

    def on_parent(self, *_: Any) -> None:
        if self.parent is None:
            self.cover()

    def _watch(self) -> None:
        """While revealed: the app pausing, the window hidden, and every frame the checks below."""
        self._unwatch()
        app = App.get_running_app()
        binds: list[tuple[Any, str, Callable[..., Any]]] = [(Window, "on_touch_down", self._any_touch),
                                                             (Window, "on_minimize", self.cover),
                                                             (Window, "on_hide", self.cover)]
        if app is not None:
            binds.append((app, "on_pause", self.cover))
        screen = self._screen()
        if screen is not None:
            binds.append((screen, "on_pre_leave", self.cover))
        for obj, event, fn in binds:
            self._watches.append((obj, event, obj.fbind(event, fn)))
        self._tick = Clock.schedule_interval(self._check, 0)

    def _unwatch(self) -> None:
        for obj, event, uid in self._watches:
            obj.unbind_uid(event, uid)
        self._watches = []
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None

    def _any_touch(self, _win: Any, touch: Any) -> None:
        """A touch anywhere else (a second hand, a button) covers it first."""
        if not self.collide_point(*self.to_widget(*touch.pos)):
            self.cover()

    def _check(self, _dt: float) -> None:
        if not self.revealed:
            self._unwatch()
            return
        screen = self._screen()
        if (self.get_root_window() is None or not self.shown or self.disabled
                or (screen is not None and screen.manager is not None and screen.manager.current != screen.name)
                or any(id(w) not in self._layers for w in _layers_over())):
            self.cover()
            return
        if self._until:
            left = self._until - Clock.get_time()
            if left <= 0:
                self.cover()
                return
            self._count(left)
        elif not self._held or Clock.get_time() - self._since > self.max_hold:
            self.cover()  # no finger, or a press held a minute: something resting on the screen

    def _count(self, left: float | None = None) -> None:
        left = self._seconds if left is None else left
        self.seconds_left = int(left + 0.999)

    def _screen(self) -> Screen | None:
        node = self.parent
        while node is not None and not isinstance(node, Screen):
            node = node.parent
        return node


def _layers_over() -> list[Any]:
    """The layers shown over the screens now (widgets marked `covers`: dialogs, steps, the toast),
    one or two levels under the window, where the shell puts them."""
    out = []
    for top in Window.children:
        for w in [top, *top.children]:
            if getattr(w, "covers", False) and getattr(w, "shown", True) and w.opacity > 0.01:
                out.append(w)
    return out
