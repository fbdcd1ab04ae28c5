"""`companion replay` and `companion journal export|list`.

Imports of the journal, session and game modules happen inside the handlers, so building the
CLI parser stays fast.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.core.game import GameRules
    from companion.core.journal import GameRecord, Journal


def lookup_rules(code: str) -> GameRules[Any, Any, Any]:
    """The rules of a game by code; an unknown or missing game is a clean user error."""
    from companion.core.errors import JournalError
    from companion.core.game import get_rules

    try:
        return get_rules(code)
    except ImportError as exc:
        raise JournalError(f"game {code!r} is not installed in this companion ({exc})") from exc


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "replay",
        help="re-run a journal (SQLite or JSON-lines export) and print the final state",
        description="Re-run every committed input of a game through the rules and print the final state.",
    )
    _journal_arg(p, game_id=True)
    p.add_argument("--game-id", type=game_id_arg, help="game to replay (SQLite journals; default: the latest)")
    p.add_argument("--json", action="store_true", help="print the final state as canonical JSON")
    p.set_defaults(func=cmd_replay)

    j = subparsers.add_parser("journal", help="inspect and export the game journal")
    jsub = j.add_subparsers(dest="journal_command", metavar="SUBCOMMAND", required=True)
    e = jsub.add_parser("export", help="write a game as JSON lines (docs/journal.md)")
    _journal_arg(e, game_id=True)
    e.add_argument("--game-id", type=game_id_arg, help="game to export (default: the latest)")
    e.add_argument("--out", help="output file (default: standard output)")
    e.set_defaults(func=cmd_export)
    ls = jsub.add_parser("list", help="list the games in a journal")
    _journal_arg(ls)
    ls.set_defaults(func=cmd_list)
    ck = jsub.add_parser("check", help="check a journal and its second copies for damage (changes nothing)",
                         description="Exit status 0: no damage; 1: damage, described game by game.")
    _journal_arg(ck)
    ck.set_defaults(func=cmd_check)
    rp = jsub.add_parser("repair", help="repair a damaged journal from its second copies",
                         description="Sets the damaged files aside (byte for byte) and rebuilds the journal from "
                                     "what is good. Stop the companion app first.")
    _journal_arg(rp)
    rp.set_defaults(func=cmd_repair)

    from companion.core import boxcli

    boxcli.register(subparsers)


def game_id_arg(text: str) -> int:
    """--game-id: a positive whole number that SQLite can hold."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 1 <= value < 1 << 63:
        raise argparse.ArgumentTypeError(f"must be between 1 and {(1 << 63) - 1}, not {text}")
    return value


def _journal_arg(p: argparse.ArgumentParser, game_id: bool = False) -> None:
    also = "; a whole number with no file of that name: that game's id in the default journal" if game_id else ""
    p.add_argument(
        "journal",
        metavar="JOURNAL",
        nargs="?",
        help=f"journal file (default: journal.sqlite in the data dir, or $COMPANION_DATA_DIR){also}",
    )


def _game_given_as_journal(args: argparse.Namespace) -> None:
    """`companion journal export 99`: a whole number where the journal goes, naming no file, is
    the id of a game in the default journal (it was read as a file named 99)."""
    import os

    from companion.core.errors import JournalError

    text = args.journal
    if text is None or not text.isdigit() or os.path.exists(text):
        return
    if args.game_id is not None:
        raise JournalError(f"{text} is not a journal file, and --game-id {args.game_id} names the game: "
                           "give the game's id once (JOURNAL is a file)")
    args.game_id = game_id_arg(text)
    args.journal = None


def _journal_path(args: argparse.Namespace) -> str:
    from companion.core.journal import default_journal_path

    return str(args.journal) if args.journal else str(default_journal_path())


def open_for_reading(path: str) -> Journal:
    """A journal to read: opened for writing when the folder allows, so a change a crash left half
    done is finished first (what the kiosk would show), else read-only as it is."""
    from companion.core.errors import JournalUnavailable
    from companion.core.journal import Journal

    try:
        return Journal(path, create=False)
    except JournalUnavailable:
        return Journal(path, create=False, readonly=True)


def _load_record(path: str, game_id: int | None) -> GameRecord:
    from companion.core.errors import JournalError
    from companion.core.journal import is_sqlite_file, read_export

    if is_sqlite_file(path):
        with open_for_reading(path) as journal:
            if game_id is None:
                row = journal.latest_game()
                if row is None:
                    raise JournalError(f"{path}: the journal holds no games")
                game_id = row.id
            return journal.record(game_id)
    if game_id is not None:
        raise JournalError(f"{path}: --game-id applies to SQLite journals; a JSON-lines export holds one game")
    return read_export(path)


def cmd_replay(args: argparse.Namespace) -> int:
    from companion.core import codec
    from companion.core.session import replay

    _game_given_as_journal(args)
    record = _load_record(_journal_path(args), args.game_id)
    rules = lookup_rules(record.code)
    final = replay(rules, record)[-1]
    if args.json:
        print(codec.dumps(final))
        return 0
    which = f"game {record.game_id}" if record.game_id is not None else "exported game"
    print(f"{rules.title} ({record.code}) {which}, seed {record.seed}, from {record.source}")
    over = "yes" if rules.is_over(final) else "no"
    print(f"{len(record.inputs)} inputs replayed; game over: {over}")
    if record.inputs:
        print(f"last: {record.inputs[-1].label}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    import os

    from companion.core.errors import JournalError
    from companion.core.files import write_text_atomic
    from companion.core.journal import export_lines

    _game_given_as_journal(args)
    record = _load_record(_journal_path(args), args.game_id)
    text = "".join(line + "\n" for line in export_lines(record))
    if not args.out:
        sys.stdout.write(text)
        return 0
    out = os.path.abspath(args.out)
    if os.path.isdir(out):
        raise JournalError(f"{args.out}: is a directory; give a file name for the export")
    try:
        # Write then rename, so an interrupted export never leaves half a file under the name.
        write_text_atomic(out, text, prefix=".export-")
    except OSError as exc:
        raise JournalError(f"{args.out}: cannot write export: {exc}") from exc
    print(f"wrote {len(record.inputs)} inputs of a {record.code} game to {args.out}", file=sys.stderr)
    return 0


def cmd_list(args: argparse.Namespace) -> int:

    path = _journal_path(args)
    with open_for_reading(path) as journal:
        games = journal.games()
    if not games:
        print(f"{path}: no games")
        return 0
    print(f"{'id':>4}  {'game':<5} {'inputs':>6} {'redo':>5}  {'over':<4}  created")
    for g in games:
        over = "yes" if g.finished else "no"
        print(f"{g.id:>4}  {g.code:<5} {g.committed:>6} {g.undone:>5}  {over:<4}  {g.created}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from companion.core.errors import JournalDamaged
    from companion.core.journal import Journal

    path = _journal_path(args)
    try:
        with Journal(path, create=False, readonly=True) as journal:
            report, games = journal.report, journal.games()
    except JournalDamaged as exc:
        print(f"{path}: DAMAGED", file=sys.stderr)
        for line in getattr(exc.report, "damage", []) + getattr(exc.report, "copy_damage", []):
            print(f"  {line}", file=sys.stderr)
        print("  `companion journal repair` sets the damaged files aside and recovers what is listed above.",
              file=sys.stderr)
        return 1
    if not report.clean:
        print(f"{path}: the journal is sound; its second copies need repair:", file=sys.stderr)
        for line in report.copy_damage:
            print(f"  {line}", file=sys.stderr)
        return 1
    inputs = sum(g.committed + g.undone for g in games)
    print(f"{path}: OK: {len(games)} games, {inputs} inputs, no damage")
    if report.finished_writes:
        print(f"  {report.finished_writes} change(s) a crash left half done are finished the next time "
              "it is opened for writing")
    return 0


def cmd_repair(args: argparse.Namespace) -> int:
    from companion.core.journal import Journal

    path = _journal_path(args)
    with Journal(path, create=False, repair=True) as journal:
        report = journal.report
    if report.clean and not report.finished_writes:
        print(f"{path}: nothing to repair")
        return 0
    for line in report.damage + report.copy_damage:
        print(line)
    if report.finished_writes:
        print(f"{report.finished_writes} change(s) a crash had interrupted were finished.")
    for kept in report.kept:
        print(f"kept: {kept}")
    return 0
