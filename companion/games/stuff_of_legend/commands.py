"""`companion sol board check [FILE]` and `companion sol cards check [FILE]`: check the world map
(with its tracks) and the card catalogue against what the rules need, every problem with its line."""

from __future__ import annotations

import argparse
from typing import Any

from companion.core.datafile import add_check_command, report_issues

HELP = "The Stuff of Legend (check the map, tracks and card files)"


def register(subparsers: Any) -> None:
    check = add_check_command(
        subparsers, "board", "the world map, the Time and Attention tracks (world.toml)", what="map file",
        description="Check a world map file (and that the card catalogue fits it). With no FILE, checks the "
                    "shipped map.",
        file_help="the map file (.toml)", func=_board_check, dest="sol_board_command")
    check.add_argument("--cards", metavar="FILE", help="the card catalogue to check it with (default: shipped)")
    add_check_command(subparsers, "cards", "the card catalogue (cards.toml)", what="card catalogue",
                      description="Check a card catalogue file. With no FILE, checks the shipped one.",
                      file_help="the catalogue file (.toml)", func=_cards_check, dest="sol_cards_command")


def _board_check(args: argparse.Namespace) -> int:
    from companion.games.stuff_of_legend.catalogue import check_catalogue, default_catalogue_path, load_catalogue
    from companion.games.stuff_of_legend.setup import check_pair
    from companion.games.stuff_of_legend.world import check_world, default_world_path, load_world

    path = args.file if args.file is not None else str(default_world_path())
    issues = check_world(path)
    if issues:
        return report_issues(path, issues)
    world = load_world(path)
    cards = args.cards if args.cards else str(default_catalogue_path())
    card_issues = check_catalogue(cards)
    if card_issues:
        return report_issues(cards, card_issues)
    problems = check_pair(world, load_catalogue(cards))
    if problems:
        return report_issues(path, (f"{path}: {p} (with {cards})" for p in problems))
    print(f"{path}: OK - {len(world.spaces)} spaces ({len(world.card_spaces)} with cards, {len(world.exits)} exits), "
          f"{len(world.trails)} trails, {len(world.bridges)} bridge places, {len(world.time.marks)} Time track "
          f"divisions, {len(world.attention.values)} Attention Level divisions")
    return 0


def _cards_check(args: argparse.Namespace) -> int:
    from companion.games.stuff_of_legend.catalogue import check_catalogue, default_catalogue_path, load_catalogue

    path = args.file if args.file is not None else str(default_catalogue_path())
    issues = check_catalogue(path)
    if issues:
        return report_issues(path, issues)
    c = load_catalogue(path)
    print(f"{path}: OK - {len(c.heroes)} Hero sheets, {len(c.actions)} Action, {len(c.boogeyman)} Boogeyman, "
          f"{len(c.loyalty)} Loyalty, {len(c.locations)} Location and {len(c.encounters)} Encounter cards")
    return 0
