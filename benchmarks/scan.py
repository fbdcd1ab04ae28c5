"""Scanner benchmark: the project's decoder vs plain zxing-cpp vs plain pyzbar, at every capture size.

    .venv/bin/python benchmarks/scan.py [--scenes 400] [--seed 101] [--sizes 640x480,1280x720,1280x960]
                                        [--load both|off|on] [--csv FILE] [--art]

The corpus (companion.scan.synth.sample_scene) is a set of physical scenes, each rendered at every
capture size: the same cards at the same places with the same damage, seen by a 640 x 480 webcam,
a 1280 x 720 webcam (the centre band of the same view) and the Pi camera's 1280 x 960 stream. The
camera hangs at one of several heights (the tray width in view: synth.FIELDS_MM), so a sticker's
pixels per module vary over ~5x; stickers are the printed sizes (1.0 mm card modules, 0.6 mm token
modules). Scenes: one card, two cards, a card beside a distractor, distractors alone (a phone
showing a web-address QR, a printed leaflet with one), empty trays, stickers that are no card.
Damage: tilt, blur and motion blur, glare, dim light with noise, JPEG, clutter (synth.random_spoil).

Every frame records each symbol's pixels per module (its shortest side / 21) and the blur radius
applied (synth.blur_radius_px). A card frame is *readable in principle* when every card symbol in
it has at least 2 px per module and a blur radius under one module.

Every frame is decoded by all three decoders in turn (so a shared machine's load falls on all of
them alike), on one core each (OpenCV's own threads off), once with the machine as it is and once
with a parallel CPU load (one busy process per core, or --load-procs), in the same run. Times are
wall time and the decoding thread's CPU time (time.thread_time), each compared with pyzbar's in the
same run: on a shared machine a short decode's wall time carries the scheduler's waits, which its
CPU time does not. The scanner's budget is work, not wall time, so under load it does the same work
and reads the same frames; only its wall times grow, like everyone's.

Seeds: the decoder was developed on seeds 1-3; the default seed 101 (and any other) was not used
to tune it.

`--art` (issue 29): the art corpus (synth.sample_scene(art=True)): every sticker on a card whose
artwork runs up to its quiet zone, more two-card scenes with the second card smaller, stronger
keystone; a frame's px per module is then the smallest module anywhere in the symbol after tilt
(synth.Symbol.module_px_after_tilt), which also decides "readable in principle" and the blur in
modules. Without `--art` the corpus and its figures are the old ones. Art seeds 11 and 12 were
used to tune the art synthesiser and measure it (docs/scanning.md); ART_HELD_OUT seeds were never
run while tuning anything and are kept for the check of the scanner's changes for issue 29.
"""

from __future__ import annotations

import argparse
import csv
import multiprocessing as mp
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from cards_qr.codes import CardCode, Verdict, all_codes, classify, deck_of, parse_code
from cards_qr.sheet import STYLES
from companion.scan.decoder import Decoder, Gray
from companion.scan.synth import CAPTURES, Scene, Symbol, blur_radius_px, sample_scene
from companion.scan.traycheck import glare_share
from companion.scan.work import PI4_SLOWDOWN

GAME = "BGM"
FOREIGN = [
    "https://www.example.com/menu?table=12", "HTTPS://EXAMPLE.COM/MENU", "https://boardgamegeek.com/boardgame/256382",
    "WIFI:S:home;T:WPA;P:correct-horse;;", "https://shop.example.org/p/4711?utm_source=box&utm_medium=qr",
    "https://t.co/AbC123xyz", "BEGIN:VCARD\nVERSION:3.0\nFN:Ann Example\nTEL:+44123456789\nEND:VCARD",
]
NOT_CARDS = ["BGM:SRCH:99", "BGM:SRCH:00", "BGM:STOK:51", "bgm:srch:07", "BGM:XXXX:01", "BGM:SRCH:7"]
BINS = (0.0, 2.0, 3.0, 4.0, 6.0, 9.0, float("inf"))
WASHED = 0.05  # a card symbol with this share washed out by glare: said apart among the misses
DECODERS = ("scanner", "zxing-cpp", "pyzbar")
ART_TUNING = (11, 12)  # art seeds used while building the art synthesiser (and measured in docs/scanning.md)
ART_HELD_OUT = (2901, 2902, 2903)  # art seeds never run while tuning: run them once, for a final check


@dataclass
class Frame:
    scene: int
    kind: str
    image: Gray
    expected: frozenset[CardCode]
    ppm: float  # smallest card symbol's pixels per module (inf when the frame holds no card)
    blur_modules: float  # blur radius over that symbol's module (0 when no card)
    symbols: list[Symbol] = field(default_factory=list)
    glare: float = 0.0  # the largest share of a card symbol glare washes out (traycheck.glare_share)

    @property
    def readable(self) -> bool:
        return bool(self.expected) and self.ppm >= 2.0 and self.blur_modules < 1.0


def stickers() -> list[tuple[str, float]]:
    return [(c.text, STYLES[deck_of(c).sticker].module_mm) for c in all_codes(GAME)]


def make_scenes(n: int, seed: int, art: bool = False) -> list[Scene]:
    st = stickers()
    return [sample_scene(np.random.default_rng([seed, i]), seed * 100_003 + i, st, FOREIGN, NOT_CARDS, art=art)
            for i in range(n)]


def render(scenes: list[Scene], capture: tuple[int, int], art: bool = False) -> list[Frame]:
    """`art`: a symbol's px per module is its smallest module after tilt, not its shortest side / 21."""
    frames = []
    for i, sc in enumerate(scenes):
        img, syms = sc.render(capture)
        cards = [s for s in syms if s.text in sc.expected]
        ppm = min(((s.module_px_after_tilt if art else s.px_per_module) for s in cards), default=float("inf"))
        blur = blur_radius_px(sc.spoil, capture[0] / 640) / ppm if cards else 0.0
        glare = max((glare_share(img, np.array(s.corners, np.float32)) for s in cards), default=0.0)
        frames.append(Frame(i, sc.kind, img, frozenset(c for t in sc.expected if (c := parse_code(t)) is not None), ppm,
                            blur, syms, glare))
    return frames


def cards_of(texts: list[str]) -> frozenset[CardCode]:
    out = set()
    for t in texts:
        verdict, code = classify(t, GAME)
        if verdict is Verdict.CARD and code is not None:
            out.add(code)
    return frozenset(out)


def plain_zxing(g: Gray) -> frozenset[CardCode]:
    import zxingcpp

    return cards_of([b.text for b in zxingcpp.read_barcodes(g, formats=zxingcpp.BarcodeFormat.QRCode)])


def plain_pyzbar(g: Gray) -> frozenset[CardCode]:
    from pyzbar import pyzbar

    texts = []
    for sym in pyzbar.decode(g, symbols=[pyzbar.ZBarSymbol.QRCODE]):
        try:
            texts.append(sym.data.decode("ascii"))
        except UnicodeDecodeError:
            pass
    return cards_of(texts)


@dataclass
class Run:
    got: dict[str, list[frozenset[CardCode]]]
    ms: dict[str, list[float]]
    cpu: dict[str, list[float]]  # the decoding thread's CPU time (ms): what the load does not change
    work: list[float]  # the scanner's work units per frame


def decode_all(frames: list[Frame], decoder: Decoder) -> Run:
    fns: dict[str, Callable[[Gray], Any]] = {
        "scanner": decoder.decode, "zxing-cpp": plain_zxing, "pyzbar": plain_pyzbar}
    got: dict[str, list[frozenset[CardCode]]] = {k: [] for k in fns}
    ms: dict[str, list[float]] = {k: [] for k in fns}
    cpu: dict[str, list[float]] = {k: [] for k in fns}
    work: list[float] = []
    for f in frames:
        for name, fn in fns.items():  # interleaved: a load spike falls on every decoder alike
            c, t = time.thread_time(), time.perf_counter()
            r = fn(f.image)
            ms[name].append((time.perf_counter() - t) * 1000)
            cpu[name].append((time.thread_time() - c) * 1000)
            if name == "scanner":
                got[name].append(frozenset(r.cards))
                work.append(getattr(r, "work", 0.0))
            else:
                got[name].append(r)
    return Run(got, ms, cpu, work)


def _burn(stop: Any, parent: int) -> None:
    a = np.random.default_rng(0).random((300, 300))
    while not stop.is_set() and os.getppid() == parent:  # ends with the benchmark, even a killed one
        a = np.tanh(a @ a.T / 300.0)


class CpuLoad:
    """`procs` busy processes (default one per core) for the duration of a `with` block."""

    def __init__(self, procs: int = 0) -> None:
        self.n = procs or os.cpu_count() or 2

    def __enter__(self) -> "CpuLoad":
        ctx = mp.get_context("fork")
        self.stop = ctx.Event()
        self.procs = [ctx.Process(target=_burn, args=(self.stop, os.getpid()), daemon=True) for _ in range(self.n)]
        for p in self.procs:
            p.start()
        time.sleep(0.5)
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for p in self.procs:
            p.join(5)
            if p.is_alive():
                p.terminate()


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


def summarize(frames: list[Frame], run: Run) -> dict[str, Any]:
    out: dict[str, Any] = {}
    cards = [i for i, f in enumerate(frames) if f.expected]
    readable = [i for i in cards if frames[i].readable]
    empty = [i for i, f in enumerate(frames) if f.kind == "empty"]
    distract = [i for i, f in enumerate(frames) if f.kind == "distractor"]
    for name in DECODERS:
        got, ms, cpu = run.got[name], run.ms[name], run.cpu[name]
        ok = [got[i] == f.expected for i, f in enumerate(frames)]
        out[name] = {
            "cards": sum(ok[i] for i in cards), "readable": sum(ok[i] for i in readable),
            "all": sum(ok), "false": sum(len(got[i] - f.expected) for i, f in enumerate(frames)),
            "median": statistics.median(ms), "p95": pct(ms, 0.95), "mean": statistics.fmean(ms),
            "bins": [sum(ok[i] for i in cards if lo <= frames[i].ppm < hi) for lo, hi in zip(BINS, BINS[1:])],
            "empty_p95": pct([ms[i] for i in empty], 0.95), "distractor_p95": pct([ms[i] for i in distract], 0.95),
            "empty_median": statistics.median([ms[i] for i in empty]) if empty else float("nan"),
            "distractor_median": statistics.median([ms[i] for i in distract]) if distract else float("nan"),
            "cpu_median": statistics.median(cpu), "cpu_mean": statistics.fmean(cpu),
            "cpu_empty_p95": pct([cpu[i] for i in empty], 0.95), "cpu_distractor_p95": pct([cpu[i] for i in distract], 0.95),
            "ok": ok,
            "missed": [i for i in readable if not ok[i]],
        }
    out["n"] = {"all": len(frames), "cards": len(cards), "readable": len(readable), "empty": len(empty),
                "distractor": len(distract),
                "bins": [sum(1 for i in cards if lo <= frames[i].ppm < hi) for lo, hi in zip(BINS, BINS[1:])]}
    w = run.work
    out["work"] = {"median": statistics.median(w), "p95": pct(w, 0.95), "max": max(w),
                   "empty_p95": pct([w[i] for i in empty], 0.95), "distractor_p95": pct([w[i] for i in distract], 0.95)}
    return out


frames_of: dict[tuple[int, int], list[Frame]] = {}


def report_size(cap: tuple[int, int], runs: dict[str, dict[str, Any]]) -> list[str]:
    """Prints one capture size's tables; returns the targets it misses."""
    misses: list[str] = []
    print(f"\n== {cap[0]} x {cap[1]}")
    base = runs["off"]
    n = base["n"]
    print(f"   {n['all']} frames: {n['cards']} with cards, {n['readable']} of them readable in principle; "
          f"{n['empty']} empty, {n['distractor']} distractors only")
    for load, s in runs.items():
        print(f"  load {load}:")
        print(f"   {'decoder':10s} {'readable read':>18s} {'card frames read':>18s} {'all frames':>12s} "
              f"{'false':>5s} {'median ms':>9s} {'p95 ms':>8s} {'fps':>6s} {'cpu median':>10s}")
        for name in DECODERS:
            d = s[name]
            print(f"   {name:10s} {d['readable']:>5d}/{n['readable']:<4d} ({100 * d['readable'] / max(1, n['readable']):5.1f} %) "
                  f"{d['cards']:>5d}/{n['cards']:<4d} ({100 * d['cards'] / max(1, n['cards']):5.1f} %) "
                  f"{d['all']:>5d}/{n['all']:<5d} {d['false']:>5d} {d['median']:>9.2f} {d['p95']:>8.2f} "
                  f"{1000 / d['mean']:>6.1f} {d['cpu_median']:>10.2f}")
        sc, pz = s["scanner"], s["pyzbar"]
        ratio = sc["median"] / pz["median"]
        dratio = sc["distractor_p95"] / sc["empty_p95"]
        cratio = sc["cpu_median"] / pz["cpu_median"]
        cdratio = sc["cpu_distractor_p95"] / sc["cpu_empty_p95"]
        print(f"   scanner median / pyzbar median: {ratio:.2f} wall, {cratio:.2f} cpu (target <= 0.5); distractor-only p95 "
              f"{sc['distractor_p95']:.2f} ms / empty p95 {sc['empty_p95']:.2f} ms = {dratio:.2f} wall, "
              f"{cdratio:.2f} cpu (target <= 2); medians {sc['distractor_median']:.2f} / {sc['empty_median']:.2f} ms")
        w = s["work"]
        print(f"   scanner work units: median {w['median']:.1f}, p95 {w['p95']:.1f}, max {w['max']:.1f}; "
              f"empty p95 {w['empty_p95']:.1f}, distractor p95 {w['distractor_p95']:.1f}")
        readable = sc["readable"] / max(1, n["readable"])
        if readable < 0.98:
            misses.append(f"{cap[0]}x{cap[1]} load {load}: readable {100 * readable:.1f} % < 98 %")
        if sc["false"]:
            misses.append(f"{cap[0]}x{cap[1]} load {load}: {sc['false']} false cards")
        for what, r in (("wall", ratio), ("cpu", cratio)):
            if r > 0.5:
                misses.append(f"{cap[0]}x{cap[1]} load {load}: median ratio ({what}) {r:.2f} > 0.5")
        for what, r in (("wall", dratio), ("cpu", cdratio)):
            if r > 2.0:
                misses.append(f"{cap[0]}x{cap[1]} load {load}: distractor/empty p95 ({what}) {r:.2f} > 2")
    missed = base["scanner"]["missed"]
    fr = frames_of[cap]
    washed = [i for i in missed if fr[i].glare >= WASHED]
    small = [i for i in missed if i not in washed and fr[i].ppm < 3.0]
    soft = [i for i in missed if i not in washed and i not in small and fr[i].blur_modules >= 0.5]
    print(f"   readable frames the scanner missed (load off): {len(missed)}; {len(washed)} with >= {100 * WASHED:g} % of a "
          f"card symbol washed out by glare, {len(small)} others under 3 px per module, {len(soft)} others blurred "
          f">= 0.5 module, {len(missed) - len(washed) - len(small) - len(soft)} else")
    print("   missed (scene px/module blur glare): " + ", ".join(
        f"{fr[i].scene} {fr[i].ppm:.1f} {fr[i].blur_modules:.2f} {fr[i].glare:.2f}" for i in missed))
    print("   card frames read per px/module bin (smallest card symbol):")
    heads = [f"{lo:g}-{hi:g}" if hi != float("inf") else f">={lo:g}" for lo, hi in zip(BINS, BINS[1:])]
    print("   " + f"{'':16s}" + "".join(f"{h:>14s}" for h in heads))
    print("   " + f"{'frames':16s}" + "".join(f"{k:>14d}" for k in n["bins"]))
    for load, s in runs.items():
        for name in DECODERS:
            row = [f"{g}" + (f" ({100 * g / k:3.0f}%)" if k else "") for g, k in zip(s[name]["bins"], n["bins"])]
            print("   " + f"{name + ' ' + load:16s}" + "".join(f"{c:>14s}" for c in row))
    if "on" in runs and "off" in runs:
        a, b = runs["off"]["scanner"], runs["on"]["scanner"]
        same = sum(x == y for x, y in zip(a["ok"], b["ok"]))
        print(f"   load off vs on: scanner reads {a['readable']} vs {b['readable']} readable frames; same outcome on "
              f"{same} of {n['all']} frames; median {a['median']:.2f} vs {b['median']:.2f} ms "
              f"(pyzbar {runs['off']['pyzbar']['median']:.2f} vs {runs['on']['pyzbar']['median']:.2f}); cpu median "
              f"{a['cpu_median']:.2f} vs {b['cpu_median']:.2f} ms")
        if same < n["all"]:
            misses.append(f"{cap[0]}x{cap[1]}: {n['all'] - same} frames decode differently under load")
    return misses


def write_csv(path: str, per_size: dict[tuple[int, int], tuple[list[Frame], dict[str, Run]]]) -> None:
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["capture", "scene", "kind", "expected", "min_ppm", "blur_modules", "readable", "symbols",
                    "glare", "load", "decoder", "read", "ms", "cpu_ms"])
        for cap, (frames, runs) in per_size.items():
            for load, run in runs.items():
                for name in DECODERS:
                    for i, f in enumerate(frames):
                        syms = ";".join(f"{s.style}:{s.px_per_module:.2f}" for s in f.symbols)
                        w.writerow([f"{cap[0]}x{cap[1]}", f.scene, f.kind, " ".join(sorted(str(c) for c in f.expected)),
                                    f"{f.ppm:.2f}", f"{f.blur_modules:.2f}", int(f.readable), syms, f"{f.glare:.3f}", load, name,
                                    int(run.got[name][i] == f.expected), f"{run.ms[name][i]:.2f}",
                                    f"{run.cpu[name][i]:.2f}"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenes", type=int, default=400)
    ap.add_argument("--seed", type=int, default=101, help="corpus seed (1-3 were used to develop the decoder)")
    ap.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in CAPTURES))
    ap.add_argument("--load", choices=["both", "off", "on"], default="both")
    ap.add_argument("--load-procs", type=int, default=0, help="busy processes for --load on (default: one per core)")
    ap.add_argument("--csv", default="", help="write one row per frame, decoder and load")
    ap.add_argument("--art", action="store_true",
                    help="the art corpus: artwork up to the quiet zone, smaller second cards, stronger keystone")
    args = ap.parse_args(argv)
    import cv2

    cv2.setNumThreads(1)  # one core each: pyzbar and zxing-cpp are single-threaded; so is the Pi's scan thread
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    t0 = time.perf_counter()
    if args.art and args.seed in ART_HELD_OUT:
        print(f"art seed {args.seed} is held out (ART_HELD_OUT): its figures are the final check, not for tuning")
    scenes = make_scenes(args.scenes, args.seed, args.art)
    print(f"{len(scenes)} {'art ' if args.art else ''}scenes (seed {args.seed}) in {time.perf_counter() - t0:.1f} s; machine: "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    decoder = Decoder(game=GAME)
    from companion.scan import codebook
    from companion.scan.grid import LS_SIGMAS

    for sigma in LS_SIGMAS:  # the known stickers' tables: built once per process, not charged to any frame
        codebook._quadratic(float(sigma))
    misses: list[str] = []
    per_size: dict[tuple[int, int], tuple[list[Frame], dict[str, Run]]] = {}
    fps: dict[tuple[int, int], float] = {}
    for cap in sizes:
        frames = render(scenes, cap, args.art)  # type: ignore[arg-type]
        for f in frames[:3]:  # warm-up: imports and first calls are not charged to anyone
            decoder.decode(f.image), plain_zxing(f.image), plain_pyzbar(f.image)
        runs: dict[str, Run] = {}
        for load in (["off", "on"] if args.load == "both" else [args.load]):
            if load == "on":
                with CpuLoad(args.load_procs):
                    runs[load] = decode_all(frames, decoder)
            else:
                runs[load] = decode_all(frames, decoder)
        summ = {k: summarize(frames, r) for k, r in runs.items()}
        frames_of[cap] = frames  # type: ignore[index]
        misses += report_size(cap, summ)  # type: ignore[arg-type]
        fps[cap] = 1000 / summ[next(iter(summ))]["scanner"]["mean"]  # type: ignore[index]
        per_size[cap] = (frames, runs)  # type: ignore[index]
        del frames
    if args.csv:
        write_csv(args.csv, per_size)
    print("\nscanner frames per second on one core of this machine (mean over the corpus, load off): "
          + ", ".join(f"{w}x{h} {v:.0f}" for (w, h), v in fps.items()))
    print(f"expected on one core of a Pi 4 (~{PI4_SLOWDOWN:.0f}x this machine's time per work unit, docs/scanning.md): "
          + ", ".join(f"{w}x{h} {v / PI4_SLOWDOWN:.0f}" for (w, h), v in fps.items())
          + f"; a frame where nothing reads (the budget, {decoder.budget:.0f} units) ~{decoder.budget * PI4_SLOWDOWN:.0f} ms")
    print(f"\ntotal {time.perf_counter() - t0:.0f} s; load average at the end {os.getloadavg()[0]:.1f}")
    print("targets met" if not misses else "targets NOT met:\n  " + "\n  ".join(misses))
    return 0 if not misses else 1


if __name__ == "__main__":
    sys.exit(main())
