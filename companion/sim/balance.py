"""`companion balance`: one self-contained HTML report for every game, charts by matplotlib.

For each game: its own sections when its pack's sim module defines `balance(...)` (Boogeyman:
win rate by mode and level, rounds, encounters on the house map), else the generic one: every
device level against `random`, both seat orders, and the game's length.
"""

from __future__ import annotations

import argparse
import base64
import html
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from companion.core.errors import CompanionError
from companion.core.packs import get_pack
from companion.sim.games import GameSim, codes

Progress = Callable[[str], Callable[[int, int], None]]


@dataclass(frozen=True)
class Section:
    title: str
    text: str = ""  # HTML
    figure: Any = None  # a matplotlib Figure


def figure(width: float = 7.0, height: float = 3.2) -> tuple[Any, Any]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(width, height), dpi=100)
    return fig, ax


def _png(fig: Any) -> str:
    import matplotlib.pyplot as plt

    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def generic_sections(sim: GameSim, games: int, seed: int, jobs: int, progress: Progress | None) -> list[Section]:
    """Every level of the game against `random`, half the games in each seat order."""
    from companion.ai.engine import level_names

    rows = []
    rates: dict[str, float] = {}
    lengths: dict[str, list[int]] = {}
    # The fair level beside the fixed ones (its gentle and tough targets: `simulate`).
    for level in [v for v in level_names(sim.code) if v not in ("random", "fair-gentle", "fair-tough")]:
        args = argparse.Namespace(seats=None, both_orders=False, players=None)
        config = sim.configure(args)
        if len(config.seats) != 2:
            args.seats = ",".join([level] + ["random"] * (len(config.seats) - 1))
        else:
            args.seats, args.both_orders = f"{level},random", True
        config = sim.configure(args)
        from companion.sim.harness import run_many

        played = run_many(sim.job(config, seed), games, jobs, progress(f"{sim.code}/{level}") if progress else None)
        summary = sim.summarize(config, played)
        won = summary.get("wins_by_level", {}).get(level, 0)
        rates[level] = won / max(1, games)
        lengths[level] = [p.rounds for p in played]
        rows.append((level, games, f"{rates[level]:.1%}", summary["draws"], summary["mean_rounds"],
                     summary["decision_ms_p95"]))
    fig, ax = figure()
    ax.bar(list(rates), [100 * r for r in rates.values()], color="#4c72b0")
    ax.axhline(100 / max(1, len(sim.seat_names(config))), color="#999", linestyle="--", linewidth=1)
    ax.set_ylabel("wins (%)")
    ax.set_ylim(0, 100)
    ax.set_title("each level against random players")
    fig2, ax2 = figure()
    for level, ls in lengths.items():
        ax2.hist(ls, bins=20, histtype="step", linewidth=2, label=level)
    ax2.set_xlabel("rounds")
    ax2.legend()
    return [Section("Levels against random", table(("level", "games", "wins", "draws", "mean rounds",
                                                     "decision p95 ms"), rows), fig),
            Section("Game length", "", fig2)]


def check_out(out: str) -> Path:
    """The report's file: not a folder, in a folder that exists."""
    path = Path(out)
    if path.is_dir() or not path.parent.exists():
        raise CompanionError(f"cannot write the report to {out}: {'a folder' if path.is_dir() else 'no such folder'}")
    return path


def write_report(out: str, only: Sequence[str], modes: list[str], levels: list[str], games: int, seed: int,
                 jobs: int, progress: Progress | None = None) -> Path:
    path = check_out(out)
    parts = []
    for code in [c.upper() for c in only] or list(codes()):
        sim = GameSim(code)
        own = sim._own("balance")
        sections = (own(sim, games, seed, jobs, progress, modes=modes, levels=levels) if own is not None
                    else generic_sections(sim, games, seed, jobs, progress))
        parts.append(f"<h1>{html.escape(get_pack(code).title)}</h1>")
        for s in sections:
            parts.append(f"<h2>{html.escape(s.title)}</h2>{s.text}")
            if s.figure is not None:
                parts.append(f'<img alt="{html.escape(s.title)}" src="data:image/png;base64,{_png(s.figure)}">')
    doc = f"""<!doctype html><html><head><meta charset="utf-8"><title>Companion balance report</title>
<style>body{{font-family:sans-serif;margin:2em;max-width:60em}} td,th{{padding:2px 10px;text-align:right}}</style>
</head><body><p>{games} simulated games per line (seed {seed}). Bots and the ABSTRACT card models are described in
docs/adversary.md.</p>{''.join(parts)}</body></html>"""
    try:
        path.write_text(doc, encoding="utf-8")
    except OSError as exc:
        raise CompanionError(f"cannot write the report to {out}: {exc.strerror or exc}") from exc
    return path
