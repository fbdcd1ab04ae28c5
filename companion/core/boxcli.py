"""`companion box export|import|show`: the owner's box of a game as a file to share (core/ownbox.py).

Registered by core/commands.py; the handlers import the box and the packs only when they run.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(subparsers: Any) -> None:
    box = subparsers.add_parser(
        "box", help="export, import or show the owner's box (the table's checks of the guessed boards and cards)",
        description="The owner's box of a game: what the table confirmed or corrected over the shipped guesses "
                    "(docs/board-files.md, \"The owner's box\"). One file per game.")
    box.set_defaults(func=lambda args: _usage(box))
    sub = box.add_subparsers(dest="box_command", metavar="SUBCOMMAND")
    ex = sub.add_parser("export", help="write a game's box to FILE (to give to another owner)",
                        description="Write the owner's box of --game to FILE. A box nothing was checked in is "
                                    "written too, and said so.")
    ex.add_argument("file", metavar="FILE", help="the file to write (replaced whole, never half written)")
    ex.add_argument("--game", required=True, type=_code, metavar="CODE", help="the game's code (e.g. SOL)")
    ex.set_defaults(func=cmd_export)
    im = sub.add_parser("import", help="lay a box file over this companion's box of its game",
                        description="Check FILE and lay its facts over the owner's box of its game (a fact in both "
                                    "takes FILE's value). A bad file is refused with its line and changes nothing.")
    im.add_argument("file", metavar="FILE", help="a box file written by `companion box export`")
    im.add_argument("--game", type=_code, metavar="CODE", help="refuse a box of any other game")
    im.set_defaults(func=cmd_import)
    sh = sub.add_parser("show", help="list a game's guessed facts and which the table checked",
                        description="Every guessed fact of --game: its value, and [checked] or [guess].")
    sh.add_argument("--game", required=True, type=_code, metavar="CODE", help="the game's code (e.g. SOL)")
    sh.set_defaults(func=cmd_show)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _code(text: str) -> str:
    from companion.core.packs import _modules

    code = text.strip().upper()
    if code not in _modules():
        raise argparse.ArgumentTypeError(f"no game {text!r} (one of {', '.join(sorted(_modules()))})")
    return code


def cmd_export(args: argparse.Namespace) -> int:
    from companion.core import ownbox
    from companion.core.files import write_text_atomic

    box = ownbox.load_box(args.game)
    total = ownbox.count_facts(args.game)
    write_text_atomic(args.file, ownbox.dump_box(box))
    if not box.facts:
        print(f"{args.file}: the box of {args.game} is unchecked: none of its {total} guessed facts was confirmed "
              "or corrected by a table (the file holds no facts)", file=sys.stderr)
    else:
        print(f"{args.file}: {len(box.facts)} of {total} guessed facts of {args.game} checked by the table")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from companion.core import ownbox

    given, before, now = ownbox.import_box(args.file, args.game)
    changed = sum(1 for f in given.facts if (b := before.get(f.file, f.at)) is None or b.value != f.value)
    print(f"{ownbox.box_path(given.game)}: {len(given.facts)} facts imported for {given.game} "
          f"({changed} new or changed); the box now holds {len(now.facts)}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from companion.core import ownbox

    box = ownbox.load_box(args.game)
    for gf in ownbox.declared(args.game):
        print(f"{gf.name} ({gf.title}):")
        for fact in ownbox.facts_of(gf, box):
            mark = "checked" if fact.confirmed else "guess"
            print(f"  [{mark}] {fact.at} = {ownbox.show_value(fact.value)}")
    return 0
