"""`companion qr-sheet`, `companion scan`, `companion catalogue`."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from companion.core.argtypes import out_file

GAMES_HELP = "BGM, SOL, BIN, GSB"
MAX_PIXELS = 50_000_000  # a 50-megapixel photo; a card's code needs far fewer
MIN_SIDE = 21  # pixels: the smallest QR symbol has 21 modules a side


def register(sub: Any) -> None:
    p = sub.add_parser("qr-sheet", help="print QR sticker sheets (PDF) for a game's cards and tokens")
    p.add_argument("--game", required=True, help=f"{GAMES_HELP} or all")
    p.add_argument("--paper", choices=["a4", "letter"], default="a4")
    p.add_argument("--out", type=out_file, required=True, help="the PDF file to write")
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


def game_code(text: str) -> str:
    """--game: a registered game's code, in any case; anything else is an error before work starts."""
    from companion.core.errors import IllegalInput
    from companion.core.packs import get_pack

    code = text.strip().upper()
    if not code:
        raise IllegalInput(f"--game: give a game's code ({GAMES_HELP}), not {text!r}")
    return get_pack(code).code  # IllegalInput: unknown game 'XYZ'; known games: ...


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

    if args.game is not None:
        args.game = game_code(args.game)
    decoder = Decoder(game=args.game, budget_ms=1000.0)  # stills: no frame rate to keep up with
    failures = 0
    for name in args.images:
        t0 = time.perf_counter()
        try:
            image = read_image(name)
            t0 = time.perf_counter()
            result = decoder.decode(image)
        except (ImageReadError, Exception) as exc:  # noqa: BLE001 - one bad image never stops the batch
            failures += 1
            text = str(exc) if isinstance(exc, ImageReadError) else f"{name}: cannot scan: {exc}".strip()
            print(f"companion: error: {text}", file=sys.stderr)
            if args.json:
                print(json.dumps({"image": name, "error": text}), flush=True)
            continue
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

    game = game_code(args.game) if args.game is not None else None
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
    from companion.scan.decoder import calibrate

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

    size = image_size(data)
    if size is not None and size[0] * size[1] > MAX_PIXELS:
        raise ImageReadError(f"{name}: {size[0]}x{size[1]} pixels is more than the {MAX_PIXELS // 1_000_000} "
                             "megapixels a card photo needs; make it smaller")
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED) if data else None
    if image is None:
        raise ImageReadError(f"{name}: not a readable image")
    h, w = image.shape[:2]
    if min(h, w) < MIN_SIDE or h * w > MAX_PIXELS:
        raise ImageReadError(f"{name}: {w}x{h} pixels cannot hold a card code (at least {MIN_SIDE} a side, "
                             f"at most {MAX_PIXELS // 1_000_000} megapixels)")
    return image


def image_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG or JPEG header, before decoding a byte of pixels."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:2] != b"\xff\xd8":
        return None
    i = 2
    while i + 9 <= len(data):  # walk the JPEG markers to the frame header
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        length = int.from_bytes(data[i + 2:i + 4], "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            return int.from_bytes(data[i + 7:i + 9], "big"), int.from_bytes(data[i + 5:i + 7], "big")
        i += 2 + length
    return None


def cmd_catalogue(args: argparse.Namespace) -> int:
    from companion.scan.catalogue import Catalogue

    cat = Catalogue.load(game_code(args.game))
    if cat.error is not None:
        print(f"companion: catalogue problem: {cat.error}", file=sys.stderr)
    print(f"{cat.path}: {len(cat.cards)} cards known")
    for code, info in sorted(cat.cards.items()):
        effects = ", ".join(f"{e.effect}({e.n})" if e.n else e.effect for e in info.effects)
        print(f"  {code}  {info.title} [{info.type}]  {effects}")
    return 1 if cat.error is not None else 0
