"""`companion balance`: a self-contained HTML report drawn as hand-written SVG (no plotting
dependency on the Pi): win rate by mode and level, rounds played, and where encounters happen
on the house map."""

from __future__ import annotations

import html
import math
from pathlib import Path
from typing import Callable

from companion.games.boogeyman.houses import house_for
from companion.sim.runner import GameResult, run_games, summarize

LEVEL_COLOURS = {"rules": "#4c72b0", "easy": "#55a868", "normal": "#dd8452", "hard": "#c44e52"}


def _bars(rates: dict[tuple[str, str], float], modes: list[str], levels: list[str]) -> str:
    w, h, pad = 640, 260, 40
    group = (w - 2 * pad) / max(1, len(modes))
    bw = group / (len(levels) + 1)
    out = [f'<svg width="{w}" height="{h + 40}" xmlns="http://www.w3.org/2000/svg" font-size="12">']
    for t in range(0, 101, 20):
        y = h - t / 100 * (h - pad)
        out.append(f'<line x1="{pad}" y1="{y:.1f}" x2="{w - pad}" y2="{y:.1f}" stroke="#ddd"/>'
                   f'<text x="4" y="{y + 4:.1f}">{t}%</text>')
    for i, mode in enumerate(modes):
        for j, level in enumerate(levels):
            r = rates.get((mode, level))
            if r is None:
                continue
            x = pad + i * group + (j + 0.5) * bw
            bh = r * (h - pad)
            out.append(f'<rect x="{x:.1f}" y="{h - bh:.1f}" width="{bw * 0.9:.1f}" height="{bh:.1f}" '
                       f'fill="{LEVEL_COLOURS.get(level, "#888")}"><title>{mode} / {level}: {r:.1%}</title></rect>'
                       f'<text x="{x:.1f}" y="{h - bh - 3:.1f}" font-size="10">{r:.0%}</text>')
        out.append(f'<text x="{pad + (i + 0.4) * group:.1f}" y="{h + 16}">{html.escape(mode)}</text>')
    for j, level in enumerate(levels):
        out.append(f'<rect x="{pad + j * 90}" y="{h + 24}" width="10" height="10" fill="{LEVEL_COLOURS.get(level, "#888")}"/>'
                   f'<text x="{pad + j * 90 + 14}" y="{h + 33}">{html.escape(level)}</text>')
    out.append("</svg>")
    return "".join(out)


def _rounds(results: dict[str, list[GameResult]]) -> str:
    w, h, pad, cap = 640, 200, 40, 40
    out = [f'<svg width="{w}" height="{h + 30}" xmlns="http://www.w3.org/2000/svg" font-size="12">']
    bins = list(range(0, cap + 1, 4))
    peak = 1
    hists: dict[str, list[int]] = {}
    for level, rs in results.items():
        counts = [0] * len(bins)
        for r in rs:
            counts[min(len(bins) - 1, r.rounds // 4)] += 1
        hists[level] = counts
        peak = max(peak, max(counts))
    step = (w - 2 * pad) / len(bins)
    for level, counts in hists.items():
        pts = " ".join(f"{pad + (i + 0.5) * step:.1f},{h - c / peak * (h - pad):.1f}" for i, c in enumerate(counts))
        out.append(f'<polyline points="{pts}" fill="none" stroke-width="2" stroke="{LEVEL_COLOURS.get(level, "#888")}"/>')
    for i, b in enumerate(bins):
        out.append(f'<text x="{pad + i * step:.1f}" y="{h + 16}">{b}</text>')
    out.append(f'<text x="{w - 150}" y="{h + 28}">rounds (40 = timeout)</text></svg>')
    return "".join(out)


def _layout(board: str = "") -> dict[str, tuple[float, float]]:
    """Corridors on a row, each corridor's rooms fanned around it; rooms with no corridor
    (the Secret Room) in a corner."""
    house = house_for(board)
    g = house.graph()
    pos: dict[str, tuple[float, float]] = {}
    n = len(house.corridors)
    for i, c in enumerate(house.corridors):
        cx, cy = 110 + i * 170, 230 + (60 if i % 2 else -60)
        pos[c] = (cx, cy)
        rooms = [z for z in g.neighbours(c) if z in house.rooms and z not in pos]
        for k, r in enumerate(rooms):
            a = 2 * math.pi * (k + 0.5) / max(1, len(rooms)) + (0.4 if i % 2 else 0)
            pos[r] = (cx + 85 * math.cos(a), cy + 85 * math.sin(a))
    for k, r in enumerate(z for z in house.rooms if z not in pos):
        pos[r] = (40 + 60 * k, 440)
    _ = n
    return pos


def _heat(counts: dict[str, int], board: str = "") -> str:
    house = house_for(board)
    pos = _layout(board)
    peak = max(counts.values(), default=1) or 1
    w = max(x for x, _ in pos.values()) + 100
    out = [f'<svg width="{w:.0f}" height="480" xmlns="http://www.w3.org/2000/svg" font-size="11">']
    for a, b in house.passages:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        out.append(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="#bbb"/>')
    for z, (x, y) in pos.items():
        v = counts.get(z, 0) / peak
        red, green = 255, int(235 - 200 * v)
        r = 16 if z in house.rooms else 11
        out.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r}" fill="rgb({red},{green},{green})" stroke="#555">'
                   f'<title>{z}: {counts.get(z, 0)} encounters</title></circle>'
                   f'<text x="{x - 7:.0f}" y="{y + 4:.0f}">{html.escape(z)}</text>')
    out.append("</svg>")
    return "".join(out)


def write_report(out: str, modes: list[str], levels: list[str], games: int, seed: int, jobs: int,
                 progress: Callable[[str], Callable[[int, int], None]] | None = None) -> Path:
    rates: dict[tuple[str, str], float] = {}
    rows = []
    by_level: dict[str, list[GameResult]] = {}
    encounters: dict[str, int] = {}
    for mode in modes:
        for level in levels:
            cb = progress(f"{mode}/{level}") if progress else None
            rs = run_games(mode, level, games, seed, jobs=jobs, progress=cb)
            sm = summarize(rs)
            rates[(mode, level)] = sm["children_win_rate"]
            rows.append((mode, level, sm))
            if mode == "competitive" or len(modes) == 1:
                by_level[level] = rs
            for r in rs:
                for z, n in r.encounters.items():
                    encounters[z] = encounters.get(z, 0) + n
    table = "".join(
        f"<tr><td>{m}</td><td>{v}</td><td>{s['games']}</td><td>{s['children_win_rate']:.1%}</td>"
        f"<td>{s['mean_rounds']}</td><td>{s['decision_ms_p50']}</td><td>{s['decision_ms_p95']}</td></tr>"
        for m, v, s in rows)
    doc = f"""<!doctype html><html><head><meta charset="utf-8"><title>Boogeyman balance</title>
<style>body{{font-family:sans-serif;margin:2em}} td,th{{padding:2px 10px;text-align:right}}</style></head><body>
<h1>Boogeyman: how hard is each difficulty?</h1>
<p>{games} simulated games per mode and level (seed {seed}), child bots and ABSTRACT card, Mission and
Finale models - see docs/adversary.md. In Solo and Cooperative play the Boogeyman is game-run by the
rulebook, so the level only matters in Competitive (and Semi-Cooperative after the take-over).</p>
<h2>Children's win rate</h2>{_bars(rates, modes, levels)}
<table><tr><th>mode</th><th>level</th><th>games</th><th>children win</th><th>mean rounds</th>
<th>decision p50 ms</th><th>p95 ms</th></tr>{table}</table>
<h2>Rounds played ({'competitive' if 'competitive' in modes else modes[0]})</h2>{_rounds(by_level)}
<h2>Where encounters happen (all games)</h2>{_heat(encounters)}
</body></html>"""
    path = Path(out)
    path.write_text(doc, encoding="utf-8")
    return path
