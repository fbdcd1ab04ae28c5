"""`companion qr-sheet`, `companion scan`, `companion catalogue`."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

GAMES_HELP = "BGM, SOL, BIN, GSB"


def register(sub: Any) -> None:
    p = sub.add_parser("qr-sheet", help="print QR sticker sheets (PDF) for a game's cards and tokens")
    p.add_argument("--game", required=True, help=f"{GAMES_HELP} or all")
    p.add_argument("--paper", choices=["a4", "letter"], default="a4")
    p.add_argument("--out", required=True, help="the PDF file to write")
    p.set_defaults(func=cmd_qr_sheet)

    p = sub.add_parser("scan", help="decode card QR codes in still images; `scan check`: the tray check",
                       description="companion scan IMAGE...: decode card QR codes in still images.\n"
                       "companion scan check [IMAGE...]: the tray check, on live frames of the camera (or on "
                       "images) of the tray check sticker or any card: pixels per module, sharpness, glare, "
                       "exposure, resolution, and what to change.",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("images", nargs="+", metavar="IMAGE", help="images to scan, or `check` then optional images")
    p.add_argument("--json", action="store_true", help="one JSON object per image per line (check: one object)")
    p.add_argument("--game", default=None, help=f"count only this game's cards ({GAMES_HELP}); default: any")
    p.add_argument("--camera", default=None, help="check: the camera (picamera2[:N], opencv:N, file:PATH, mock); "
                   "default $COMPANION_CAMERA, else the Pi camera or the first webcam, at its best mode")
    p.add_argument("--frames", type=int, default=12, help="check: live frames to look at (default 12)")
    p.set_defaults(func=cmd_scan)

    p = sub.add_parser("catalogue", help="list what the companion knows about a game's cards")
    p.add_argument("--game", required=True, help=GAMES_HELP)
    p.set_defaults(func=cmd_catalogue)


def cmd_qr_sheet(args: argparse.Namespace) -> int:
    from cards_qr.sheet import write_sheet

    # A typed game name, not a scanned code: case does not matter here.
    game = "all" if args.game.lower() == "all" else args.game.upper()
    pages = write_sheet(game, args.out, args.paper)
    n = sum(len(p.stickers) for p in pages)
    print(f"wrote {args.out}: {n} stickers on {len(pages)} pages ({args.paper})")
    return 0


def cmd_scan(args: argparse.Namespace) -> int:
    if args.images and args.images[0] == "check":
        return cmd_tray_check(args, args.images[1:])
    from companion.scan.decoder import Decoder
    from companion.scan.errors import ImageReadError

    decoder = Decoder(game=args.game, budget_ms=1000.0)  # stills: no frame rate to keep up with
    failures = 0
    for name in args.images:
        try:
            image = read_image(name)
        except ImageReadError as exc:
            failures += 1
            print(f"companion: error: {exc}", file=sys.stderr)
            if args.json:
                print(json.dumps({"image": name, "error": str(exc)}), flush=True)
            continue
        t0 = time.perf_counter()
        result = decoder.decode(image)
        ms = round((time.perf_counter() - t0) * 1000, 2)
        cards = sorted(str(c) for c in result.cards)
        for c in result.other_game:
            from cards_qr.codes import other_game_message

            print(f"companion: {name}: {other_game_message(c, args.game)}", file=sys.stderr)
        if args.json:
            print(json.dumps({"image": name, "cards": cards, "ms": ms}), flush=True)
        else:
            print(f"{name}: {' '.join(cards) if cards else '(no cards)'}  [{ms} ms]")
    return 1 if failures else 0


def cmd_tray_check(args: argparse.Namespace, images: list[str]) -> int:
    """0: ready; 1: something to change (the advice says what); 2: no camera or no frames."""
    from companion.scan.camera import open_camera
    from companion.scan.errors import CameraError, ImageReadError
    from companion.scan.traycheck import check, measure, summarize

    game = args.game.upper() if args.game else None
    if images:
        measures = []
        for name in images:
            try:
                measures.append(measure(read_image(name)))
            except ImageReadError as exc:
                print(f"companion: error: {exc}", file=sys.stderr)
                return 2
        report = summarize(measures, game=game)
    else:
        try:
            source = open_camera(args.camera)
        except CameraError as exc:
            print(f"companion: error: {exc}", file=sys.stderr)
            return 2
        try:
            print(f"tray check: looking at {args.frames} frames...", file=sys.stderr, flush=True)
            report = check(source, args.frames, game)
        finally:
            source.close()
        if report.frames == 0:
            print("companion: error: the camera gave no frames", file=sys.stderr)
            return 2
    from companion.scan.decoder import BUDGET
    from companion.scan.work import calibrate

    unit = calibrate()  # what a unit of the decoder's work budget takes here
    if args.json:
        from dataclasses import asdict

        print(json.dumps(dict(asdict(report), ok=report.ok, verdict=report.verdict, ms_per_unit=round(unit, 3))))
    else:
        print("\n".join(report.lines()))
        print(f"this machine: a unit of decoding work takes {unit:.2f} ms (the reference box: about 1); "
              f"a frame that needs every rescue step takes up to {BUDGET * unit:.0f} ms")
    return 0 if report.ok else 1


def read_image(name: str) -> Any:
    import cv2

    from companion.scan.errors import ImageReadError

    path = Path(name)
    if not path.is_file():
        raise ImageReadError(f"{name}: no such image file")
    # imdecode from bytes: cv2.imread cannot tell "missing" from "not an image" and fails on
    # some non-ASCII paths.
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ImageReadError(f"{name}: cannot read: {exc.strerror or exc}") from exc
    import numpy as np

    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED) if data else None
    if image is None:
        raise ImageReadError(f"{name}: not a readable image")
    return image


def cmd_catalogue(args: argparse.Namespace) -> int:
    from companion.scan.catalogue import Catalogue

    cat = Catalogue.load(args.game.upper())
    if cat.error is not None:
        print(f"companion: catalogue problem: {cat.error}", file=sys.stderr)
    print(f"{cat.path}: {len(cat.cards)} cards known")
    for code, info in sorted(cat.cards.items()):
        effects = ", ".join(f"{e.effect}({e.n})" if e.n else e.effect for e in info.effects)
        print(f"  {code}  {info.title} [{info.type}]  {effects}")
    return 1 if cat.error is not None else 0
