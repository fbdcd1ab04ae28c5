"""The shell's turn-summary overlay (the device's turn as steps the table acknowledges), pressed
through by touch: its rows are reused from step to step and from summary to summary, so a game's
many device turns do not build hundreds of labels (benchmarks/bin_ui.py measures a whole game)."""

from __future__ import annotations

from typing import Any

import pytest


def _rows(app: Any) -> list[tuple[str, bool]]:
    box = app.summary.ids.list
    return [(row.text, row.bold) for row in reversed(box.children)]  # Kivy keeps the last row first


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    from kivy.uix.label import Label

    count = {"labels": 0}
    init = Label.__init__

    def counted(self: Any, **kw: Any) -> None:
        count["labels"] += 1
        init(self, **kw)

    monkeypatch.setattr(Label, "__init__", counted)
    return count


def test_the_summary_reuses_its_rows_step_after_step_and_turn_after_turn(harness: Any, made: dict[str, int]) -> None:
    h = harness
    app = h.app
    done: list[str] = []
    steps = ["The monster moves to the attic", "It scares Red", "Red drops a card", "It hides", "Its turn ends"]
    app.summary.present("The device's turn", steps, [], lambda: done.append("first"))
    h.pump()
    assert _rows(app) == [("[color=ffffff]\u25b6  The monster moves to the attic[/color]", True),
                          *((f"[color=a89cb0]{i}.  {s}[/color]", False) for i, s in enumerate(steps[1:], 2))]
    first = made["labels"]
    assert first <= len(steps)  # the first summary makes its rows (the overlay's own buttons exist already)
    h.tap("summary_next")
    assert _rows(app)[:2] == [("[color=86c06c]\u2714  The monster moves to the attic[/color]", False),
                              ("[color=ffffff]\u25b6  It scares Red[/color]", True)]
    assert h.find("summary_next").caption == "Next (2 of 5)"
    for _ in range(3):
        h.tap("summary_next")
    assert h.find("summary_next").caption == "Done: play on"
    h.tap("summary_next")
    assert done == ["first"] and not app.summary.shown
    assert made["labels"] == first  # Next changed the rows in place

    # A shorter turn: the same rows, only three shown, with the new steps.
    app.summary.present("The device's turn", ["It waits", "It listens", "Its turn ends"], [], lambda: done.append("second"))
    h.pump()
    assert [t for t, _ in _rows(app)] == ["[color=ffffff]\u25b6  It waits[/color]", "[color=a89cb0]2.  It listens[/color]",
                                          "[color=a89cb0]3.  Its turn ends[/color]"]
    assert made["labels"] == first
    # A longer one than any before: one more row, no more.
    app.summary.present("The device's turn", [*steps, "It laughs"], [], lambda: done.append("third"))
    h.pump()
    assert len(_rows(app)) == 6 and _rows(app)[5][0] == "[color=a89cb0]6.  It laughs[/color]"
    assert made["labels"] == first + 1
    for _ in range(6):
        h.tap("summary_next")
    assert done == ["first", "third"] and not app.summary.shown


def test_the_step_to_do_now_stays_in_view_down_a_long_list(harness: Any) -> None:
    """Play-test of 6 Dec 2026 (Bump in the Night, the device places the girls: 14 steps): at
    "Next (8 of 14)" the step to do was below the list's fold and only ticked ones showed. Each
    Next, pressed by touch, keeps the current row inside the list's view."""
    h = harness
    app = h.app
    steps = [f"Put a girl in room {n} of the house, beside the stairs" for n in range(1, 15)]
    app.summary.present("The device's turn", steps, [], lambda: None)
    h.pump()
    box = app.summary.ids.list
    view = box.parent
    assert box.height > view.height  # the list is longer than its view: the case in question
    seen = []
    for n in range(13):
        h.tap("summary_next")
        h.pump(frames=3)
        row = next(r for r in box.children if r.bold)
        bottom, top = view.to_window(*view.pos)[1], view.to_window(view.x, view.top)[1]
        low, high = row.to_window(*row.pos)[1], row.to_window(row.x, row.top)[1]
        seen.append(bottom - 1 <= low and high <= top + 1)
        assert h.find("summary_next").caption in (f"Next ({n + 2} of 14)", "Done: play on")
    assert all(seen), [i + 2 for i, ok in enumerate(seen) if not ok]
    h.tap("summary_next")
    assert not app.summary.shown
