"""A finger on the screen for tests and tools: touches go in through an input provider, like the
touchscreen's, so Kivy's post-processing and the Window's own dispatch handle them.

    finger = Finger()               # needs a running (embedded) Kivy event loop
    finger.tap(400, 240)            # window coordinates, origin bottom-left, as Kivy's
    finger.drag([(600, 100), (600, 400)])

`controls()` lists what a person can see and press now, `reach(widget)` says whether a touch at
its centre gets to it, and `unreachable()` is the walker's check over one screen state. Reaching
is probed without pressing anything: the probe answers the touch before the control's own handler.
Nothing here knows a game.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import count
from typing import Any, Callable, Iterable, Iterator

from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.input.motionevent import MotionEvent
from kivy.input.provider import MotionEventProvider
from kivy.uix.behaviors import ButtonBehavior, FocusBehavior
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

# (kivy.uix.textinput is not imported here: importing it opens Kivy's window, and this module is
# imported by tests at collection, before any app exists. Text boxes are FocusBehavior widgets.)

MIN_TARGET = 48  # px: the smallest side of a touch target at 800x480 (a fingertip is ~8 mm)
_ids = count(1)


class _FingerEvent(MotionEvent):
    def depack(self, args: Any) -> None:
        self.is_touch = True
        self.sx, self.sy = args
        self.profile = ["pos"]
        super().depack(args)


class _FingerProvider(MotionEventProvider):
    """Queues the finger's events; the event loop collects them with every other device's."""

    def __init__(self) -> None:
        super().__init__("companion-finger", None)
        self.queue: list[tuple[str, MotionEvent]] = []

    def update(self, dispatch_fn: Callable[..., None]) -> None:
        while self.queue:
            dispatch_fn(*self.queue.pop(0))


_provider: _FingerProvider | None = None


def _the_provider() -> _FingerProvider:
    global _provider
    if _provider is None or _provider not in EventLoop.input_providers:
        _provider = _FingerProvider()
        EventLoop.add_input_provider(_provider)
    return _provider


def _pump(seconds: float = 0.0, frames: int = 1) -> None:
    end = time.monotonic() + seconds
    n = 0
    while n < frames or time.monotonic() < end:
        EventLoop.idle()
        n += 1
        if seconds:
            time.sleep(0.005)


_real_time = Clock.time
_skew = [0.0]


def _clock_time() -> float:
    return float(_real_time()) + _skew[0]


FRAME_S = 1 / 60


def let_pass(seconds: float) -> None:
    """`seconds` of Kivy's clock go by, frame by frame as at 60 fps, without being waited out: each
    frame moves the clock on by one frame's time, so timers, animations and a list's delayed
    release run when and in the order they would have. Only Kivy's clock moves faster; threads,
    touch times and `time` keep real time."""
    if Clock.time is not _clock_time:
        Clock.time = _clock_time
    end = Clock.time() + seconds
    while Clock.time() < end:
        _skew[0] += FRAME_S
        EventLoop.idle()


class Finger:
    """One finger: down, move, up at window coordinates, each delivered through the event loop."""

    def __init__(self) -> None:
        self.provider = _the_provider()
        self.event: MotionEvent | None = None

    def _norm(self, x: float, y: float) -> tuple[float, float]:
        win = EventLoop.window
        return x / max(1.0, win.width - 1.0), y / max(1.0, win.height - 1.0)

    def down(self, x: float, y: float) -> None:
        self.event = _FingerEvent("companion-finger", next(_ids), self._norm(x, y), is_touch=True, type_id="touch")
        self.provider.queue.append(("begin", self.event))
        _pump()

    def move(self, x: float, y: float) -> None:
        assert self.event is not None, "move before down"
        self.event.move(self._norm(x, y))
        self.provider.queue.append(("update", self.event))
        _pump()

    def up(self) -> None:
        assert self.event is not None, "up before down"
        self.provider.queue.append(("end", self.event))
        _pump()
        self.event = None

    def tap(self, x: float, y: float, hold: float = 0.0, settle: float = 0.25) -> None:
        """Press and release; `settle` (of Kivy's clock, `let_pass`) lets a list hand a short tap on
        to its button (Kivy's ScrollView releases it 0.2 s later) and button releases finish."""
        self.down(x, y)
        if hold:
            _pump(hold)
        self.up()
        if settle:
            let_pass(settle)
        else:
            _pump()

    def drag(self, points: Iterable[tuple[float, float]], step_s: float = 0.016, settle: float = 0.4) -> None:
        """Press at the first point, slide through the others (interpolated), release at the last."""
        pts = list(points)
        self.down(*pts[0])
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            n = max(1, int(max(abs(x1 - x0), abs(y1 - y0)) // 12))
            for k in range(1, n + 1):
                self.move(x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n)
                _pump(step_s)
        self.up()
        _pump(settle)


@contextmanager
def held_down(w: Widget) -> Iterator[Finger]:
    """A finger down on `w`'s centre for the `with` block, lifted after, even on an error (a
    hold-to-reveal cover: what it hides shows meanwhile)."""
    finger = Finger()
    finger.down(*centre(w))
    try:
        yield finger
    finally:
        finger.up()


# ---- what a person can see and press ---------------------------------------------------------

def is_control(w: Widget) -> bool:
    return isinstance(w, (ButtonBehavior, FocusBehavior)) or bool(getattr(w, "touch_target", False))


def _shown(w: Widget) -> bool:
    node: Any = w
    while node is not None and node is not EventLoop.window:
        if getattr(node, "opacity", 1) <= 0.01:
            return False
        node = node.parent
    return node is EventLoop.window


def centre(w: Widget) -> tuple[float, float]:
    return w.to_window(*w.center)


def _in_view(w: Widget, x: float, y: float) -> bool:
    win = EventLoop.window
    if not (0 <= x < win.width and 0 <= y < win.height):
        return False
    node = w.parent
    while node is not None and node is not win:
        if isinstance(node, ScrollView):
            x0, y0 = node.to_window(node.x, node.y)
            if not (x0 <= x <= x0 + node.width and y0 <= y <= y0 + node.height):
                return False
        node = node.parent
    return True


def in_scroller(w: Widget) -> bool:
    node = w.parent
    while node is not None and node is not EventLoop.window:
        if isinstance(node, ScrollView):
            return True
        node = node.parent
    return False


def _walk(root: Widget) -> Iterator[Widget]:
    for child in list(root.children):
        yield child
        yield from _walk(child)


def _paint_order(root: Widget) -> dict[int, int]:
    """Widget id -> the order it is drawn in (later is on top): children[0] is drawn last."""
    order: dict[int, int] = {}

    def visit(w: Widget) -> None:
        order[id(w)] = len(order)
        for c in reversed(w.children):
            visit(c)

    for c in reversed(EventLoop.window.children):
        visit(c)
    return order


def _covered(w: Widget, x: float, y: float, covers: list[Widget], order: dict[int, int]) -> bool:
    """Under a shown layer drawn above it (a dialog, the keyboard, the toast): not visible."""
    for cover in covers:
        if order.get(id(cover), -1) <= order.get(id(w), -1):
            continue
        node: Any = w
        while node is not None and node is not cover and node is not EventLoop.window:
            node = node.parent
        if node is cover:
            continue
        cx, cy = cover.to_window(cover.x, cover.y)
        if cx <= x <= cx + cover.width and cy <= y <= cy + cover.height:
            return True
    return False


def controls(enabled_only: bool = True) -> list[Widget]:
    """Every control a person can see now: no hidden ancestor, on screen, not under a layer drawn
    over it (widgets with `covers`), and, unless asked otherwise, enabled."""
    every = list(_walk(EventLoop.window))
    covers = [w for w in every if getattr(w, "covers", False) and _shown(w)]
    order = _paint_order(EventLoop.window) if covers else {}
    out = []
    for w in every:
        if not is_control(w) or w.width < 1 or w.height < 1:
            continue
        if enabled_only and w.disabled:
            continue
        x, y = centre(w)
        if _shown(w) and _in_view(w, x, y) and not (covers and _covered(w, x, y, covers, order)):
            out.append(w)
    return out


def describe(w: Widget) -> str:
    name = getattr(w, "action", "") or getattr(w, "zone", "") or getattr(w, "text", "") or ""
    return f"{type(w).__name__}({str(name)[:40]!r})"


@dataclass(frozen=True)
class Miss:
    control: str
    at: tuple[int, int]
    got: str  # what took the touch instead ("nothing" = swallowed)


def reach(target: Widget, among: list[Widget] | None = None) -> Widget | None:
    """The control a touch at `target`'s centre gets to first (None: something took it that is
    no control, or nothing did). Nothing is pressed: every probed control answers the touch."""
    candidates = among if among is not None else every_control()
    if target not in candidates:
        candidates = [*candidates, target]
    hit: list[Widget] = []

    def probe(w: Widget) -> Callable[..., bool | None]:
        def answer(widget: Widget, touch: MotionEvent) -> bool | None:
            if touch.ud.get("companion_probe") and widget.collide_point(*touch.pos):
                if not hit:
                    hit.append(w)
                return True  # answered here: the control's own handler never runs
            return None
        return answer

    bound = [(w, w.fbind("on_touch_down", probe(w))) for w in candidates]
    try:
        finger = Finger()
        x, y = centre(target)
        event = _FingerEvent("companion-finger", next(_ids), finger._norm(x, y), is_touch=True, type_id="touch")
        event.ud["companion_probe"] = True
        # The event loop's own input step (providers, post-processing, the Window's dispatch),
        # without drawing a frame: a list hands a still touch to its children on release.
        for etype in ("begin", "end"):
            finger.provider.queue.append((etype, event))
            EventLoop.dispatch_input()
    finally:
        for w, uid in bound:
            w.unbind_uid("on_touch_down", uid)
    return hit[0] if hit else None


def every_control() -> list[Widget]:
    """Every control in the window, seen or not: all of them answer a probe, so none is pressed."""
    return [w for w in _walk(EventLoop.window) if is_control(w)]


def unreachable() -> list[Miss]:
    """Every shown, enabled control a touch at its centre does not reach."""
    everything = every_control()
    misses = []
    for w in controls():
        got = reach(w, everything)
        if got is not w:
            x, y = centre(w)
            misses.append(Miss(describe(w), (int(x), int(y)), describe(got) if got is not None else "nothing"))
    return misses


def small_targets(minimum: int = MIN_TARGET) -> list[str]:
    """Shown controls smaller than `minimum` in either side, unless the widget says why
    (`small_reason`, e.g. a key of a row that has to fit the screen)."""
    out = []
    for w in controls(enabled_only=False):
        if min(w.width, w.height) < minimum and not getattr(w, "small_reason", ""):
            out.append(f"{describe(w)} {int(w.width)}x{int(w.height)}")
    return out
