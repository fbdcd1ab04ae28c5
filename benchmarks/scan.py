"""Scanner benchmark: the project's decoder vs plain pyzbar vs plain zxing-cpp on the same frames.

Generates its own seeded corpus of camera-like frames (companion.scan.synth): perspective tilt,
blur and motion blur, glare blobs, low light with sensor noise, JPEG compression, small codes,
any rotation, clutter; plus empty trays, foreign QR (web addresses), out-of-range and malformed
codes, and two cards at once. Prints, per decoder: frames read (the decoded card set is exactly
the set in the frame), false cards (cards reported that are not in the frame), median and p95 ms.

    .venv/bin/python benchmarks/scan.py [--frames 300] [--seed 1 | --seeds 1,2,3] [--hard] [--scale 2]

Frames are the full-resolution capture (--scale 2: 1280 x 960, the camera's main stream over the
same tray; --scale 1 renders the identical scenes at 640 x 480, the corpus before capture-size
decoding). All three decoders get the same full frames.

With --seeds, one corpus per seed: a table per seed, then the pooled table over all of them
(frames read and false cards summed, median and p95 over every frame's time).

All three decoders get the same validation (only spec card codes of the game count as cards), so
"false cards" measures misreads, not the validation the project adds on top.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from cards_qr.codes import CardCode, Verdict, all_codes, classify, deck_of
from companion.scan.decoder import Decoder, Gray, pyzbar_texts, zxing_texts
from companion.scan.synth import CAPTURE_SCALE, Placed, random_spoil, render_frame

GAME = "BGM"
FOREIGN = ["HTTPS://EXAMPLE.COM/MENU", "https://boardgamegeek.com/boardgame/1", "WIFI:S:home;T:WPA;P:x;;"]
NOT_CARDS = ["BGM:SRCH:99", "BGM:SRCH:00", "BGM:STOK:51", "bgm:srch:07", "BGM:XXXX:01", "BGM:SRCH:7"]


@dataclass
class Frame:
    image: Gray
    expected: frozenset[CardCode]
    kind: str


def module_px_for(code: CardCode, rng: np.random.Generator, hard: bool) -> float:
    # 640-px preview over a ~160 mm tray: ~4 px/mm. Card modules 1.0 mm, token modules 0.6 mm;
    # the camera height varies, so does the scale.
    base = 0.6 if deck_of(code).sticker == "token" else 1.0
    lo, hi = (2.2, 6.5) if hard else (2.6, 7.0)
    return float(np.clip(base * 4.0 * rng.uniform(0.7, 1.6), lo, hi))


def make_corpus(n: int, seed: int, hard: bool, scale: float = CAPTURE_SCALE) -> list[Frame]:
    rng = np.random.default_rng(seed)
    codes = list(all_codes(GAME))
    frames = []
    for i in range(n):
        spoil = random_spoil(rng)
        if not hard:  # the measured baseline level: plain engines near 60-75 %
            spoil.blur_sigma = min(spoil.blur_sigma, 1.4)
            spoil.motion_px = min(spoil.motion_px, 5)
        roll = rng.random()
        placed: list[Placed] = []
        expected: set[CardCode] = set()
        kind = "card"
        if roll < 0.05:
            kind = "empty"
            spoil.clutter += 3
        elif roll < 0.10:
            kind = "foreign"
            text = FOREIGN[int(rng.integers(len(FOREIGN)))]
            placed.append(Placed(text, float(rng.uniform(2.6, 5)), float(rng.uniform(0, 360))))
        elif roll < 0.15:
            kind = "not-a-card"
            text = NOT_CARDS[int(rng.integers(len(NOT_CARDS)))]
            placed.append(Placed(text, float(rng.uniform(2.6, 6)), float(rng.uniform(0, 360))))
        else:
            k = 2 if roll > 0.92 else 1
            if k == 2:
                kind = "two cards"
            for j in rng.choice(len(codes), size=k, replace=False):
                c = codes[int(j)]
                expected.add(c)
                placed.append(Placed(c.text, module_px_for(c, rng, hard), float(rng.uniform(0, 360))))
        frames.append(Frame(render_frame(placed, spoil, seed=seed * 100_003 + i, scale=scale), frozenset(expected), kind))
    return frames


def cards_of(texts: list[str]) -> frozenset[CardCode]:
    out = set()
    for t in texts:
        verdict, code = classify(t, GAME)
        if verdict is Verdict.CARD and code is not None:
            out.add(code)
    return frozenset(out)


def run(name: str, fn: Callable[[Gray], frozenset[CardCode]], frames: list[Frame]) -> dict[str, object]:
    times, read, false, by_kind = [], 0, 0, {}
    for f in frames:
        t = time.perf_counter()
        got = fn(f.image)
        times.append((time.perf_counter() - t) * 1000)
        ok = got == f.expected
        read += ok
        false += len(got - f.expected)
        tot, good = by_kind.get(f.kind, (0, 0))
        by_kind[f.kind] = (tot + 1, good + ok)
    times.sort()
    return {
        "name": name,
        "read": read,
        "false": false,
        "median": statistics.median(times),
        "p95": times[min(len(times) - 1, int(0.95 * len(times)))],
        "by_kind": by_kind,
        "times": times,
        "n": len(frames),
    }


def pooled(parts: list[dict[str, object]]) -> dict[str, object]:
    times = sorted(t for p in parts for t in p["times"])  # type: ignore[attr-defined]
    by_kind: dict[str, tuple[int, int]] = {}
    for p in parts:
        for k, (tot, good) in p["by_kind"].items():  # type: ignore[attr-defined]
            a, b = by_kind.get(k, (0, 0))
            by_kind[k] = (a + tot, b + good)
    return {
        "name": parts[0]["name"],
        "read": sum(int(p["read"]) for p in parts),  # type: ignore[call-overload]
        "false": sum(int(p["false"]) for p in parts),  # type: ignore[call-overload]
        "median": statistics.median(times),
        "p95": times[min(len(times) - 1, int(0.95 * len(times)))],
        "by_kind": by_kind,
        "times": times,
        "n": len(times),
    }


def report(results: list[dict[str, object]]) -> bool:
    n = int(results[0]["n"])  # type: ignore[call-overload]
    print(f"{'decoder':20s} {'frames read':>16s} {'false cards':>12s} {'median ms':>10s} {'p95 ms':>8s}")
    for r in results:
        print(f"{r['name']:20s} {r['read']:>6d} ({100 * r['read'] / n:5.1f} %) {r['false']:>12d} "  # type: ignore[operator]
              f"{r['median']:>10.2f} {r['p95']:>8.2f}")
    kinds = sorted(results[0]["by_kind"])  # type: ignore[call-overload]
    print("read by frame kind: " + ", ".join(
        f"{k} " + "/".join(f"{r['by_kind'][k][1]}" for r in results) + f" of {results[0]['by_kind'][k][0]}"  # type: ignore[index]
        for k in kinds) + "  (scanner/pyzbar/zxing)")
    ours, pyz = results[0], results[1]
    ratio = float(ours["median"]) / max(float(pyz["median"]), 1e-9)  # type: ignore[arg-type]
    print(f"median time vs plain pyzbar: {ratio:.2f}x (target <= 0.50); "
          f"read {100 * int(ours['read']) / n:.1f} % (target >= 97 %); false cards {ours['false']} (target 0)")  # type: ignore[call-overload]
    met = int(ours["read"]) >= 0.97 * n and ours["false"] == 0 and ratio <= 0.5  # type: ignore[call-overload]
    print("targets met" if met else "targets NOT met")
    return met


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seeds", default="", help="comma-separated seeds: a table each, then pooled")
    ap.add_argument("--hard", action="store_true", help="smaller codes, heavier blur (beyond the target corpus)")
    ap.add_argument("--scale", type=float, default=CAPTURE_SCALE,
                    help="capture pixels per reference (640-px) pixel: 2 = 1280 x 960 (default), 1 = the old 640 corpus")
    args = ap.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",") if s.strip()] or [args.seed]
    decoder = Decoder(game=GAME)
    per_seed: list[list[dict[str, object]]] = []
    for seed in seeds:
        t0 = time.perf_counter()
        frames = make_corpus(args.frames, seed, args.hard, args.scale)
        print(f"\ncorpus: {len(frames)} frames (seed {seed}{', hard' if args.hard else ''}), "
              f"{frames[0].image.shape[1]} x {frames[0].image.shape[0]} px, made in {time.perf_counter() - t0:.1f} s")
        # Warm-up so import and first-call costs are not charged to whichever runs first.
        for fn in (zxing_texts, pyzbar_texts):
            fn(frames[0].image)
        decoder.decode(frames[0].image)
        results = [
            run("companion scanner", lambda g: frozenset(decoder.decode(g).cards), frames),
            run("plain pyzbar", lambda g: cards_of(pyzbar_texts(g)), frames),
            run("plain zxing-cpp", lambda g: cards_of(zxing_texts(g)), frames),
        ]
        report(results)
        per_seed.append(results)
    if len(seeds) > 1:
        print(f"\npooled over seeds {','.join(map(str, seeds))}:")
        report([pooled([r[k] for r in per_seed]) for k in range(3)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
