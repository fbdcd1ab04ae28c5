"""`companion ...`: the console entry point.

Each capability package that has a `commands.py` with `register(subparsers)` adds its own
subcommands, so packages stay independent and `companion --help` lists them all.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path
from typing import Sequence

import companion
from companion.core.errors import CompanionError


def _command_modules() -> list[str]:
    # Found on disk rather than by importing every package: --help stays fast and a package
    # whose __init__ pulls in Kivy or OpenCV is only imported when its command runs. Game packs
    # are not searched here: their commands go under the game's code (below).
    root = Path(companion.__file__).parent
    names = []
    for path in root.rglob("commands.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if "__pycache__" not in parts and parts[:2] != ("companion", "games"):
            names.append(".".join(parts))
    return sorted(names)


def _game_command_modules() -> list[tuple[str, str]]:
    """(code, module) for every registered pack with a `commands` module beside its `pack`
    module, found without importing the game."""
    import importlib.util

    from companion.core.packs import _modules

    out = []
    for code, pack_module in _modules().items():
        name = pack_module.rsplit(".", 1)[0] + ".commands"
        try:
            found = importlib.util.find_spec(name) is not None
        except ModuleNotFoundError:
            found = False
        if found:
            out.append((code, name))
    return out


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Plays the adversary beside a physical board game (Boogeyman and more).",
    )
    parser.add_argument("--version", action="version", version=f"companion {companion.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _command_modules():
        module = importlib.import_module(name)
        module.register(sub)
    for code, name in _game_command_modules():
        module = importlib.import_module(name)
        group = sub.add_parser(code.lower(), help=getattr(module, "HELP", f"commands of the game {code}"))
        group.set_defaults(func=lambda args, g=group: _usage(g))
        module.register(group.add_subparsers(dest=f"{code.lower()}_command", metavar="SUBCOMMAND"))
        legacy = getattr(module, "register_legacy", None)
        if legacy is not None:
            legacy(sub)  # spellings from before the game had its own group
    return parser


def _chosen(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.ArgumentParser:
    """The innermost (sub)command parser the arguments chose."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            name = getattr(args, action.dest, None)
            if name in action.choices:
                return _chosen(action.choices[name], args)
    return parser


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    # A usage error exits 2 with argparse's message, as usual; an argument no parser knows is
    # reported by the command it was given to, with that command's usage (argparse alone would
    # print the top level's: `companion run --bogus`).
    try:
        args, extras = parser.parse_known_args(argv)
        if extras:
            _chosen(parser, args).error(f"unrecognized arguments: {' '.join(extras)}")
    except SystemExit:
        _flush_quietly()  # --help's text, before the interpreter's exit flush could fail on it
        raise
    except BrokenPipeError as exc:
        # argparse before Python 3.11.3 (3.11.2 is Debian bookworm's and Raspberry Pi OS's) writes
        # --help's text unguarded: with stdout unbuffered, a reader gone away raises here
        return error(exc)
    func = getattr(args, "func", None)
    if func is None:
        try:
            parser.print_help()
        except BrokenPipeError:
            _drop_stdout()
        _flush_quietly()
        return 2
    try:
        status = int(func(args) or 0)
        # What is still in stdout's buffer is written here, inside the error handling: left to the
        # interpreter's exit, a reader gone away (`replay --json | head`) is a BrokenPipeError
        # outside `main` ("Exception ignored", exit status 120) whenever stdout is buffered.
        sys.stdout.flush()
        return status
    except KeyboardInterrupt:
        return 130
    except BaseException as exc:  # noqa: BLE001 - every failure becomes one line, never a traceback
        if isinstance(exc, SystemExit):
            _flush_quietly()
            raise
        if os.environ.get("COMPANION_DEBUG") and not isinstance(exc, CompanionError):
            raise
        return error(exc)


def error(exc: BaseException) -> int:
    """Print `companion: error: ...` for any exception and return the exit status 1."""
    if isinstance(exc, BrokenPipeError):
        _drop_stdout()
        text = "the output was closed before everything was written (broken pipe)"
    elif isinstance(exc, CompanionError):
        text = str(exc)
    elif isinstance(exc, OSError):
        where = f"{exc.filename}: " if exc.filename else ""
        text = f"{where}{exc.strerror or exc}"
    elif isinstance(exc, MemoryError):
        text = "out of memory (the input is too large)"
    elif isinstance(exc, RecursionError):
        text = "the input is nested too deeply"
    else:
        text = (f"internal error: {type(exc).__name__}: {exc} (this is a bug; "
                f"COMPANION_DEBUG=1 shows the traceback)")
    try:
        print(f"companion: error: {text}", file=sys.stderr)
    except OSError:
        pass
    return 1


def _flush_quietly() -> None:
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _drop_stdout()
    except (OSError, ValueError):
        pass


def _drop_stdout() -> None:
    # The reader went away: point the stdout file descriptor at /dev/null, so what is still
    # buffered goes nowhere and the interpreter's flush at exit does not fail again.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    raise SystemExit(main())
