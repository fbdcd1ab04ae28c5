"""Settings -> "Text size": Large (issue 28: every text 25 % larger, theme.LARGE), by touch.

The screens are built when the companion starts, so the setting says it takes effect at the next
start; after a restart on the same data folder every screen is built larger (the theme's sizes
times 1.25), nothing reads cut, and Normal brings the sizes back the same way. The readability
check at Large text over every game's shots states is tests/ui/test_readability.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def _start(data: Path) -> Any:
    from companion.ui.harness import Harness

    return Harness(data, camera="none", draw=False)


def _sizes(h: Any) -> dict[tuple[str, str], float]:
    """The font px of every text shown now, by (its widget, its words); and nothing cut or small."""
    from companion.ui.readability import measure

    h.pump(frames=3)
    got = measure()
    assert len(got) >= 5
    cut = [f"{r.widget} {r.text[:50]!r}: {r.cut}" for r in got if r.cut]
    assert not cut, cut
    assert min(r.px for r in got) >= 16
    return {(r.widget, r.text): r.px for r in got}


def _walk(h: Any) -> list[dict[tuple[str, str], float]]:
    """The choose screen, Settings, then a game's set-up and its table (Pig, on the shell's own
    set-up and game screens), each measured."""
    out = [_sizes(h)]
    h.tap("settings")
    out.append(_sizes(h))
    h.tap("back")
    h.choose_game("game:PIG")
    assert h.app.sm.current == "game_setup"
    out.append(_sizes(h))
    h.tap("start")
    assert h.app.sm.current == "game"
    out.append(_sizes(h))
    return out


def _larger(normal: dict[tuple[str, str], float], large: dict[tuple[str, str], float]) -> int:
    """How many texts shown at both sizes are larger now; none is smaller."""
    both = [k for k in normal if k in large]
    assert len(both) >= 3, (sorted(normal), sorted(large))
    smaller = [(k, normal[k], large[k]) for k in both if large[k] < normal[k]]
    assert not smaller, smaller
    return sum(large[k] >= 1.2 * normal[k] for k in both)


def test_large_text_by_touch_builds_the_next_screens_larger_and_nothing_cut(data_dir: Path) -> None:
    from companion.ui import theme as T

    h = _start(data_dir)
    try:
        assert h.app.text_scale == 1.0 and T.FONT_BODY == 20
        normal = _walk(h)
        h.tap("games")  # from the table back to the games (not `home`: it resets the settings)
        h.tap("settings")
        assert h.find("large_text:False").caption.startswith("\u2714")
        h.tap("large_text:True")
        assert h.app.prefs.large_text is True
        assert json.loads((data_dir / "settings.json").read_text())["large_text"] is True
        # The screens on now stay as built; the setting says when it takes effect.
        assert T.FONT_BODY == 20 and "next start" in h.app.toaster.text and h.app.toaster.kind == "info"
        assert h.find("large_text:True").caption == "\u2714 Large: from next start"
    finally:
        h.close()
    h = _start(data_dir)  # the companion started again
    try:
        assert h.app.text_scale == T.LARGE and T.FONT_BODY == 25 and T.FONT_PROMPT == 38 and T.FONT_MIN == 16
        large = _walk(h)
        grew = [_larger(n, lg) for n, lg in zip(normal, large)]
        assert all(g >= 3 for g in grew), grew  # on every screen, the same texts at least 20 % larger
        status = [k for k in large[0] if "Choose a game" in k[1]]
        assert status and large[0][status[0]] == 25  # the status bar, at the body size
        h.tap("games")  # from the table back to the games (not `home`: it resets the settings)
        h.tap("settings")
        assert h.find("large_text:True").caption == "\u2714 Large +25 %"
        h.tap("large_text:False")
        assert h.find("large_text:False").caption == "\u2714 Normal: from next start"
        assert T.FONT_BODY == 25  # until the next start
    finally:
        h.close()
    assert T.FONT_BODY == 20  # nothing built outside the app after it is larger
    h = _start(data_dir)
    try:
        assert h.app.text_scale == 1.0 and T.FONT_BODY == 20
        again = _sizes(h)
        assert all(again.get(k) == v for k, v in normal[0].items() if k in again)
    finally:
        h.close()
