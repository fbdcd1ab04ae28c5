"""`companion bin board check [FILE]` and `companion bin cards check [FILE]`: check the house and
card files against what the rules need, listing every problem with its file and line."""

from __future__ import annotations

import argparse
from typing import Any

from companion.core.datafile import add_check_command, report_issues

HELP = "Bump in the Night (house tiles and card catalogue)"


def register(subparsers: Any) -> None:
    check = add_check_command(
        subparsers, "board", "the house tiles file (rooms, doors, walls, Scare symbols)", what="house file",
        description="Check a house file: its six tiles, both sides, and every way of turning them over in its "
                    "layout. With no FILE, the shipped tiles.",
        file_help="the house file (.toml)", func=_check_board, dest="board_command")
    check.add_argument("--layout", default="", help="six TILE SIDE TURNS codes, NW N NE SW S SE (e.g. "
                                                   "'1a0 2b0 3a0 4a0 5b0 6a0'), checked as well")
    ccheck = add_check_command(
        subparsers, "cards", "the card catalogue (what each QR sticker is)", what="card catalogue",
        description="Check a card catalogue. With no FILE, the shipped one.",
        file_help="the catalogue (.toml)", func=_check_cards, dest="cards_command")
    ccheck.add_argument("--house", default="", help="the house file whose rooms Bonus cards may name")


def _check_board(args: argparse.Namespace) -> int:
    from companion.games.bump_in_the_night.house_file import check_house, house_path, load_house

    path = str(house_path(args.file or ""))
    layout = tuple(args.layout.split()) if args.layout else ()
    issues = check_house(path, layout)
    if issues:
        return report_issues(path, issues)
    house = load_house(path, layout)
    outside = sum(1 for d in house.doors if d.outside)
    print(f"{path}: OK - {len(house.rooms)} rooms, {len(house.doors) - outside} doors, {outside} outside doors "
          f"(layout {' '.join(p.code for p in house.layout)})")
    return 0


def _check_cards(args: argparse.Namespace) -> int:
    from companion.games.bump_in_the_night.cards import default_cards_path, read_cards
    from companion.games.bump_in_the_night.house_file import house_path, read_tiles

    path = str(args.file or default_cards_path())
    tiles, _, _, tile_issues = read_tiles(house_path(args.house))
    rooms = frozenset(r.id for t in tiles.values() for _, s in t.sides for r in s.rooms) if not tile_issues else None
    catalogue, issues = read_cards(path, rooms)
    if issues:
        return report_issues(path, issues)
    assert catalogue is not None
    unknown = sum(1 for c in catalogue.cards if not c.playable)
    print(f"{path}: OK - {len(catalogue.cards)} cards, {unknown} without a known effect")
    return 0
