"""`companion board check` stays linear in a board file's size, however many problems it has.

Files built from the shipped plan with 150 extra corridors and 500 to 4,000 passages, a fifth of
them naming an unknown zone (so every issue also looks up its line). Baseline in the same run:
tomllib parsing the same text. Target: each doubling of the file at most doubles the check's
time, within a margin (ratio per doubling under 2.6, where a quadratic checker shows about 4).
"""

from __future__ import annotations

import statistics
import sys
import time
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.boogeyman.board_file import check_house, default_house_path  # noqa: E402

SIZES = (500, 1000, 2000, 4000)


def board_text(passages: int) -> str:
    text = default_house_path().read_text(encoding="utf-8")
    names = [f"X{i}" for i in range(150)]
    pairs = [f'["X{i % 150}", "X{(i * 7 + 1) % 150}"],' for i in range(passages * 4 // 5)]
    bad = [f'["X{i % 150}", "NOWHERE{i}"],' for i in range(passages // 5)]
    text = text.replace("corridors = [", "corridors = [" + ", ".join(f'"{n}"' for n in names) + ", ", 1)
    return text.replace("passages = [\n", "passages = [\n" + "\n".join(pairs + bad) + "\n", 1)


def median_time(fn: object, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> int:
    import tempfile

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in SIZES:
            path = Path(tmp) / f"board-{n}.toml"
            text = board_text(n)
            path.write_text(text, encoding="utf-8")
            issues = len(check_house(path))
            rows.append((n, len(text), issues, median_time(lambda: check_house(path)),
                         median_time(lambda: tomllib.loads(text))))
    print(f"{'passages':>8} {'bytes':>8} {'issues':>6} {'check ms':>9} {'toml ms':>8} {'check/toml':>10} {'x per doubling':>14}")
    worst = 0.0
    for k, (n, size, issues, check, parse) in enumerate(rows):
        step = check / rows[k - 1][3] if k else float("nan")
        worst = max(worst, step) if k else worst
        print(f"{n:8d} {size:8d} {issues:6d} {check * 1e3:9.1f} {parse * 1e3:8.1f} {check / parse:10.1f} {step:14.2f}")
    print(f"worst ratio per doubling: {worst:.2f} (target < 2.6: {'met' if worst < 2.6 else 'NOT met'})")
    return 0 if worst < 2.6 else 1


if __name__ == "__main__":
    raise SystemExit(main())
