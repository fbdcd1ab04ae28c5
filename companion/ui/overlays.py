"""Layers over the screens, written once for every game: a confirm, a step-by-step summary that
waits for the table, the "Why?" view and the on-screen keyboard.

Each is modal over its area while shown (a touch there never reaches the screen beneath) and
lets every touch through when hidden (`Hideable`).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import FocusBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.i18n import N_, _, language
from companion.ui import theme as T
from companion.ui.guessmarks import MARK as GUESS_MARK
from companion.ui.widgets import BigButton, Hideable

Done = Callable[[], None]


class RuleEntry(BoxLayout):
    """A rule in the "Why?" view and the Rules screen: its section, then its sentence."""

    section = StringProperty("")
    says = StringProperty("")


class Overlay(Hideable, BoxLayout):
    """Shown, it takes every touch over its area; hidden, none."""

    modal = True
    covers = True  # what lies under it cannot be seen (the walker skips it)
    full = BooleanProperty(True)  # covers the whole screen under the status bar, else `part` px
    part = NumericProperty(0)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.shown = False

    def on_touch_down(self, touch: Any) -> Any:
        if not self.shown:
            return False
        return super().on_touch_down(touch) or self.collide_point(*touch.pos)

    def primary(self) -> None:
        """What the panel's Confirm button (GPIO) does here."""


class Confirm(Overlay):
    """'Undo: Mike moved to Room 12?' with the action's own label, before it acts."""

    message = StringProperty("")
    detail = StringProperty("")
    ok_caption = StringProperty("OK")
    cancel_caption = StringProperty(N_("Cancel"))  # (always set by `ask`, through the catalog)

    def ask(self, message: str, ok: str, on_ok: Done, detail: str = "", cancel: str = N_("Keep playing")) -> None:
        # (the default's words through the catalog; a caller's own come translated, unchanged here)
        self.message, self.detail, self.ok_caption, self.cancel_caption = message, detail, ok, _(cancel)
        self._on_ok = on_ok
        self.shown = True

    def answer(self, ok: bool) -> None:
        self.shown = False
        if ok:
            self._on_ok()

    def primary(self) -> None:
        self.answer(True)


class Summary(Overlay):
    """Steps for the table, one at a time: it waits for Next on each, then Done.

    A step may come ticked (the person did it and entered it) or tick itself off (a sensor board
    sees the miniature where the step puts it, `see`); Next ticks the current one and goes to
    the next step not yet ticked."""

    heading = StringProperty("")
    steps = ListProperty([])
    index = NumericProperty(0)
    notices = ListProperty([])  # what "Why?" explains
    guessed = BooleanProperty(False)  # a step names something still a guess: its mark is explained

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._rows: list[Any] = []  # the step rows, reused (only the first len(steps) are shown)
        self.ticked: list[bool] = []
        self.cells: list[tuple[str, str]] = []  # per step: the sensor cell it empties, the one it fills

    def present(self, heading: str, steps: Sequence[str], notices: Sequence[str], on_done: Done,
                say: Callable[[str], None] = lambda text: None, ticked: Sequence[bool] = (),
                cells: Sequence[tuple[str, str]] = ()) -> None:
        self.heading, self.steps, self.notices = heading, list(steps), list(notices)
        self.ticked = _fill(ticked, len(self.steps), False)
        self.cells = _fill(cells, len(self.steps), ("", ""))
        self._on_done, self._say = on_done, say
        self.index = self._first_open(0)
        self.shown = True
        self.ids.list.parent.scroll_y = 1  # a new turn's steps from their first
        self._draw()
        if self.steps:
            say(self.steps[self.index])

    def extend(self, steps: Sequence[str], notices: Sequence[str], ticked: Sequence[bool] = (),
               cells: Sequence[tuple[str, str]] = ()) -> None:
        """More steps for the table while these still show (the device decided again before the
        table pressed Done): they join the list after the ones shown, nothing is lost."""
        if not steps:
            self.notices = list(self.notices) + [n for n in notices if n not in self.notices]
            return
        was_done = self.index >= len(self.steps)
        self.ticked = self.ticked + _fill(ticked, len(steps), False)
        self.cells = self.cells + _fill(cells, len(steps), ("", ""))
        self.steps = list(self.steps) + list(steps)
        self.notices = list(self.notices) + [n for n in notices if n not in self.notices]
        if was_done or self.ticked[self.index]:
            self.index = self._first_open(self.index)
        self._draw()

    def see(self, occupied: frozenset[str]) -> None:
        """A sensor board's reading: each step that puts a miniature on a cell the board now sees
        taken (and takes it off one it sees free) ticks itself off."""
        changed = False
        for i, (empties, fills) in enumerate(self.cells):
            if self.ticked[i] or not (empties or fills):
                continue
            if (not fills or fills in occupied) and (not empties or empties == fills or empties not in occupied):
                self.ticked[i] = changed = True
        if changed:
            if self.index < len(self.steps) and self.ticked[self.index]:
                self.index = self._first_open(self.index)
            self._draw()

    def _first_open(self, start: int) -> int:
        """The first step from `start` not yet ticked (wrapping to an earlier one), else the last."""
        n = len(self.steps)
        for i in list(range(start, n)) + list(range(0, min(start, n))):
            if not self.ticked[i]:
                return i
        return max(0, n - 1)

    def _open(self) -> int:
        return sum(1 for t in self.ticked if not t)

    def _draw(self) -> None:
        """The steps as rows, reused from summary to summary: a row's text changes in place, and
        a row is made only when a summary is longer than every one before it."""
        box = self.ids.list
        rows = self._rows
        if len(rows) < len(self.steps):
            from kivy.factory import Factory

            rows += [Factory.Step() for _ in range(len(self.steps) - len(rows))]
        shown = len(box.children)
        for row in rows[len(self.steps):shown]:
            box.remove_widget(row)
        for row in rows[shown:len(self.steps)]:
            box.add_widget(row, index=0)  # index 0 in Kivy's children is the last row
        guessed = False
        for i, (step, row) in enumerate(zip(self.steps, rows)):
            current = i == self.index and not self.ticked[i]
            mark = "\u25b6" if current else ("\u2714" if self.ticked[i] else f"{i + 1}.")
            colour = "ffffff" if current else ("86c06c" if self.ticked[i] else "a89cb0")
            shown = _marked(step)
            guessed = guessed or GUESS_MARK in shown
            row.text, row.bold = f"[color={colour}]{mark}  {shown}[/color]", current
        # The mark alone read as a broken glyph to a newcomer (play-tests of 5 Dec 2026): a line
        # under the steps says what it is, while a step shows it.
        self.guessed = guessed
        left = self._open()
        last = left <= 1
        nxt = self.ids.next
        nxt.caption = _("Done: play on") if last else _("Next ({n} of {total})").format(
            n=len(self.steps) - left + 1, total=len(self.steps))
        nxt.icon = "\u2714" if last else "\u25b6"
        # The step to do now stays in view: a long list (14 steps placing the girls) had it below
        # the fold after the seventh (play-test of 6 Dec 2026); scrolled once the rows are laid out.
        if 0 <= self.index < len(self.steps):
            Clock.schedule_once(lambda dt, row=rows[self.index]: self._keep_in_view(row), 0)

    def _keep_in_view(self, row: Any) -> None:
        """Scroll the least that shows `row` whole with a row's margin, from where the rows lie now
        (laid out first: Kivy's own scroll_to read rows not yet placed on a slow run)."""
        box = self.ids.list
        view = box.parent
        if row not in box.children:
            return
        box.do_layout()
        spare = box.height - view.height
        if spare <= 0:
            view.scroll_y = 1
            return
        shown_from = (1 - view.scroll_y) * spare  # px of the list above the view's top
        above, below = box.top - row.top, box.top - row.y  # the row's top and bottom, from the list's top
        pad = min(row.height, view.height / 4)
        if above - pad < shown_from:
            shown_from = above - pad
        elif below + pad > shown_from + view.height:
            shown_from = below + pad - view.height
        view.scroll_y = 1 - max(0.0, min(spare, shown_from)) / spare

    def next(self) -> None:
        if self.steps and not self.ticked[self.index]:
            self.ticked[self.index] = True
        if self._open() == 0:
            self.shown = False
            self._on_done()
            return
        self.index = self._first_open(self.index)
        self._draw()
        self._say(self.steps[self.index])

    def primary(self) -> None:
        self.next()


def _fill(given: Sequence[Any], n: int, default: Any) -> list[Any]:
    """`given`, one per step, padded with `default` (a caller that gives none: all default)."""
    out = list(given)[:n]
    return out + [default] * (n - len(out))


class WhyView(Overlay):
    """The rule behind a line the device showed: the rulebook section and one sentence."""

    line = StringProperty("")

    def explain(self, line: str, rules: Sequence[tuple[str, str]]) -> None:
        self.line = line
        box = self.ids.rules
        box.clear_widgets()
        for section, says in rules or (("", _("No rule of the rulebook is behind this one.")),):
            box.add_widget(RuleEntry(section=section, says=says))
        self.shown = True

    def primary(self) -> None:
        self.shown = False


LETTERS = ("qwertyuiop", "asdfghjkl'", "zxcvbnm,.-")
# German tables type "Schlüssel" and "Süßigkeiten": QWERTZ with its umlauts and ß (the play-test of
# 6 Dec 2026 found none); the apostrophe is on the symbols page
LETTERS_DE = ("qwertzuiopü", "asdfghjklöä", "yxcvbnm,.-ß")


def _upper(ch: str) -> str:
    return ch if ch == "\u00df" else ch.upper()  # ß has no one-letter capital a title would use
SYMBOLS = ("1234567890", "/:._-@&()'", "!?;+=#*\"%$")


class Keyboard(Overlay):
    """The on-screen keyboard: it types into the text box that was touched, shows what it holds,
    and closes with Done (which also submits the box, like Enter)."""

    target = ObjectProperty(None, allownone=True)
    preview = StringProperty("")
    mode = StringProperty("letters")
    shift = NumericProperty(0)  # 0 off, 1 the next letter, 2 caps lock

    def open(self, target: Any) -> None:
        if self.target is not target:
            self.target = target
            self.shift = 1 if not target.text else 0
        self.mode = "letters"
        self._build()
        self.shown = True
        self._preview()

    def close(self, submit: bool = True) -> None:
        target, self.target = self.target, None
        self.shown = False
        if target is not None:
            target.focus = False
            if submit and not target.multiline:
                target.dispatch("on_text_validate")

    def on_touch_down(self, touch: Any) -> Any:
        if self.shown and self.collide_point(*touch.pos):
            FocusBehavior.ignored_touch.append(touch)  # typing keeps the text box focused
        return super().on_touch_down(touch)

    def _build(self) -> None:
        rows = (LETTERS_DE if language() == "de" else LETTERS) if self.mode == "letters" else SYMBOLS
        for r, keys in enumerate(rows):
            row = self.ids[f"row{r}"]
            row.clear_widgets()
            for ch in keys:
                shown = _upper(ch) if self.mode == "letters" and self.shift else ch
                b = BigButton(caption=shown, font_size=T.px(22), action=f"key:{ch}", height=52)
                b.bind(on_press=lambda _b, ch=ch: self.type(ch))
                row.add_widget(b)
        extra = self.ids.row0
        back = BigButton(caption="\u232b", font_size=T.px(22), action="key:backspace", height=52, size_hint_x=1.4)
        back.bind(on_press=lambda _b: self.backspace())
        extra.add_widget(back)
        shift = BigButton(caption="\u21e7", font_size=T.px(22), action="key:shift", height=52, size_hint_x=1.4,
                          kind="primary" if self.shift else "normal")
        shift.bind(on_press=lambda _b: self.toggle_shift())
        self.ids.row2.add_widget(shift, index=len(self.ids.row2.children))
        self.ids.mode_key.caption = "ABC" if self.mode == "symbols" else "123"

    def type(self, ch: str) -> None:
        if self.target is None:
            return
        if self.mode == "letters" and self.shift:
            ch = _upper(ch)
            if self.shift == 1:
                self.shift = 0
                self._build()
        self.target.insert_text(ch)
        self._preview()

    def space(self) -> None:
        if self.target is not None:
            self.target.insert_text(" ")
            self._preview()

    def backspace(self) -> None:
        if self.target is not None:
            self.target.do_backspace()
            self._preview()

    def toggle_shift(self) -> None:
        self.shift = {0: 1, 1: 2, 2: 0}[self.shift]
        self._build()

    def toggle_mode(self) -> None:
        self.mode = "symbols" if self.mode == "letters" else "letters"
        self._build()

    def _preview(self) -> None:
        t = self.target
        label = getattr(t, "label", "") if t is not None else ""
        text = t.text if t is not None else ""
        self.preview = (f"[color=a89cb0]{label}[/color]  " if label else "") + _escape(text) + "[color=e8a23a]|[/color]"

    def primary(self) -> None:
        self.close()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")


def _marked(text: str) -> str:
    """A step as shown: what in it is still the game's guess gets the small mark (ui/guessmarks.py)."""
    from kivy.app import App

    app = App.get_running_app()
    return str(app.marked(text)) if hasattr(app, "marked") else text
