"""Shared widgets: hideable panels, big buttons, the text field, the status bar, the toast."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.textinput import TextInput

from companion.ui import theme as T
from companion.ui.fit import why_cut



class Hideable:
    """A widget that can be hidden. Hidden, it is invisible and disabled, and it lets every touch
    through to what lies under it: a disabled Kivy widget would otherwise swallow the touches
    over its area (Widget.on_touch_down answers them), which is how hidden panels and the toast
    used to block the buttons beneath them. Mix in before the Kivy class."""

    shown = BooleanProperty(True)

    def on_shown(self, *_: Any) -> None:
        self.opacity = 1 if self.shown else 0  # type: ignore[attr-defined]
        self.disabled = not self.shown  # type: ignore[attr-defined]

    def on_touch_down(self, touch: Any) -> Any:
        return super().on_touch_down(touch) if self.shown else False  # type: ignore[misc]

    def on_touch_move(self, touch: Any) -> Any:
        return super().on_touch_move(touch) if self.shown else False  # type: ignore[misc]

    def on_touch_up(self, touch: Any) -> Any:
        return super().on_touch_up(touch) if self.shown else False  # type: ignore[misc]


class Panel(Hideable, BoxLayout):
    """A box of controls that screens show and hide (the die faces, the Candy choice, a cover)."""


def fit_font(label: Label, hi: float, lo: float, inset: float = 0) -> None:
    """Sets the label's font to the largest size from `hi` down to `lo` at which its text reads
    whole (what fits at one size fits at a smaller one), never below the theme's FONT_MIN.
    `inset`: px the text keeps clear of the top and the bottom of the box."""
    hi, lo = max(int(hi), T.FONT_MIN), max(int(min(lo, hi)), T.FONT_MIN)

    def cut() -> bool:
        return bool(why_cut(label)) or (inset > 0 and label.texture_size[1] > label.height - 2 * inset)

    label.font_size = hi
    if not cut():
        return
    best, a, b = lo, lo, hi - 1
    while a <= b:
        mid = (a + b) // 2
        label.font_size = mid
        if cut():
            b = mid - 1
        else:
            best, a = mid, mid + 1
    label.font_size = best
    label.texture_update()


class FitLabel(Label):
    """A label that always reads whole: it wraps inside its box (`text_size` is its size) and, when
    the text still does not fit, steps its font down, never below `min_font` nor the theme's
    FONT_MIN. Its largest font is `max_font`, or the `font_size` it was given when that is 0. A text
    that does not fit even at the floor stays cut, and the fit check in the UI tests names it:
    shorten the words or give it room."""

    max_font = NumericProperty(0)
    min_font = NumericProperty(T.FONT_MIN)

    def __init__(self, **kw: Any) -> None:
        self._refit = Clock.create_trigger(self._fit, -1)
        super().__init__(**kw)
        for name in ("text", "size", "max_font", "min_font", "bold", "markup", "font_name", "padding"):
            self.fbind(name, self._refit)
        self._refit()

    def _fit(self, *_: Any) -> None:
        if not self.max_font:
            self.max_font = self.font_size
        fit_font(self, self.max_font, self.min_font)


class BigButton(Button):
    """A touch target of at least 56 px with an icon glyph and a word (never colour alone). Its
    caption is set at the theme's body size (or the `font_size` it is given) and, when the words do
    not fit the button, steps down as a FitLabel does, never below FONT_MIN. The glyph gives way
    first: when the words would fall under the body size's floor (20 px) beside a full-size glyph
    (at Large text a stacked glyph of 30 px leaves a 56 px button no room), the glyph steps down
    towards the words' size, since the words are what is read."""

    icon = StringProperty("")
    caption = StringProperty("")
    kind = StringProperty("normal")  # normal, primary (the thing to do now), danger, quiet
    action = StringProperty("")      # a name tests and the shots use to find buttons
    stacked = BooleanProperty(False) # icon above the caption (narrow buttons)
    max_font = NumericProperty(0)
    fit_inset = NumericProperty(0)  # px the caption keeps clear of the top and bottom (a tile's margin)
    icon_size = NumericProperty(0)  # the glyph's px as fitted (0: the theme's FONT_ICON)
    grow = BooleanProperty(False)   # as tall as its words at the full size (a list's long choice)
    why_not: Any = None             # a disabled button's tap: says why it cannot be done now
    _fitting = False

    def on_touch_down(self, touch: Any) -> Any:
        # A greyed-out action a finger taps anyway is told why (the play-test of 6 Dec 2026 tapped
        # Search again and again in a dark room and heard nothing); Kivy's disabled button is mute.
        if self.disabled and self.why_not is not None and self.collide_point(*touch.pos):
            self.why_not()
            return True
        return super().on_touch_down(touch)

    def __init__(self, **kw: Any) -> None:
        self._refit = Clock.create_trigger(self._fit, -1)
        super().__init__(**kw)
        for name in ("text", "size", "max_font", "bold", "markup", "font_name", "padding", "fit_inset"):
            self.fbind(name, self._changed)
        self._refit()

    def _changed(self, *_: Any) -> None:
        if not self._fitting:  # the fit's own trials change the text; they are not a new text
            self._refit()

    def _fit(self, *_: Any) -> None:
        if not self.max_font:
            self.max_font = self.font_size
        floor = min(int(self.max_font), round(T.FONT_BODY / T.SCALE))  # the body size at normal text
        self._fitting = True
        try:
            if self.grow:  # lines enough for the words at the full size, never under a touch's height
                self.icon_size, self.font_size = 0, self.max_font
                self.texture_update()
                self.height = max(T.TOUCH, self.texture_size[1] + 12)
            best: tuple[float, int] | None = None
            for glyph in _glyph_steps(T.FONT_ICON, floor) if self.icon else [0]:
                self.icon_size = glyph
                fit_font(self, self.max_font, T.FONT_MIN, self.fit_inset)
                if best is None or self.font_size > best[0]:
                    best = (self.font_size, glyph)
                if self.font_size >= floor:
                    break
            if best is not None and (self.icon_size, self.font_size) != (best[1], best[0]):
                self.icon_size = best[1]
                fit_font(self, self.max_font, T.FONT_MIN, self.fit_inset)
        finally:
            self._fitting = False


def _glyph_steps(full: int, floor: int) -> list[int]:
    """The glyph sizes a button tries, largest first: its full size, then down to the words' floor."""
    steps = [full]
    while steps[-1] - 3 > floor:
        steps.append(steps[-1] - 3)
    if floor < full:
        steps.append(floor)
    return steps


class HideButton(Hideable, BigButton):
    """A button that is only there when it applies (Fix, Another night)."""


class Toast(Hideable, BoxLayout):
    """A message over the screen that never takes a touch, except on its own "Why?" button: taps
    anywhere else on it go through to what lies under it."""

    text = StringProperty("")
    kind = StringProperty("error")
    why = StringProperty("")  # the line "Why?" explains; "" = no Why? button
    covers = True  # it hides what lies under it (taps there still go through)
    _ev: Any = None

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.shown = False

    def show(self, text: str, kind: str = "error", seconds: float = 5.0, why: str = "") -> None:
        self.text, self.kind, self.why = text, kind, why
        self.shown = True
        if self._ev is not None:
            self._ev.cancel()
        self._ev = Clock.schedule_once(lambda dt: self.hide(), seconds)

    def hide(self) -> None:
        self.shown = False

    def on_touch_down(self, touch: Any) -> Any:
        button = self.ids.get("why_button")
        if not self.shown or button is None or not button.shown:
            return False
        return button.dispatch("on_touch_down", touch)

    def on_touch_move(self, touch: Any) -> Any:
        return False

    def on_touch_up(self, touch: Any) -> Any:
        return False  # the Why? button gets its release through its grab


class TextField(TextInput):
    """A text box that brings up the on-screen keyboard when touched (no keyboard at the table)."""

    label = StringProperty("")  # what the keyboard's preview line calls it

    def on_focus(self, _w: Any, focused: bool) -> None:
        if focused:
            from kivy.app import App

            app = App.get_running_app()
            keyboard = getattr(app, "keyboard", None)
            if keyboard is not None:
                keyboard.open(self)


class StatusBar(BoxLayout):
    where = StringProperty("")
    sensors = StringProperty("Sensors starting")
    sensors_ok = BooleanProperty(False)
    camera = StringProperty("Camera: checking")
    camera_ok = BooleanProperty(False)
