"""Per-game card catalogue in the user's data directory: what each scanned code stands for.

The rulebooks do not print every card, so the table tells the companion once (title, type,
effects from the game's menu) and it is remembered in `<data dir>/catalogue/<GAME>.json`:

    {"version": 1, "game": "BGM",
     "cards": {"BGM:SRCH:07": {"title": "Flashlight", "type": "Search",
                               "effects": [{"effect": "gain_candy", "n": 2}]}}}

A malformed file never crashes the app: `Catalogue.load` returns a catalogue holding whatever
entries were valid plus `error` (file and line) for the UI to show, and refuses to save over the
file until it is fixed, so a typo never costs the user their catalogue. A key written twice (the
same card, or a field of one) is such a problem, named at its second line: the first entry is
used and both stay in the file. A file from a newer
companion (a higher `version`) is read but never saved over; fields this version does not know,
at the top or in a card, are kept as they are when the file is saved. Devices, FIFOs, huge files,
deep nesting and huge numbers are refused with the line where they are.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cards_qr.codes import CardCode, parse_code
from companion.core.codec import check_depth
from companion.core.errors import DecodeError
from companion.core.files import read_bounded, write_text_atomic
from companion.scan.errors import CatalogueError

FORMAT_VERSION = 1
ENV_DATA_DIR = "COMPANION_DATA_DIR"
MAX_BYTES = 16 << 20  # some 50,000 cards: far beyond any box
MAX_DEPTH = 16  # a catalogue nests four levels deep
MAX_N = 1000  # an effect's number


@dataclass(frozen=True)
class Effect:
    effect: str  # a name from the game's effect menu; free text for games without an engine yet
    n: int = 0


@dataclass(frozen=True)
class CardInfo:
    title: str
    type: str
    effects: tuple[Effect, ...] = (Effect("none"),)

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "type": self.type,
                "effects": [{"effect": e.effect, "n": e.n} for e in self.effects]}


@dataclass(frozen=True)
class CardScanned:
    """The game-agnostic input a scan becomes. `info` None: unknown card, ask the table."""

    code: CardCode
    info: CardInfo | None


def data_dir() -> Path:
    env = os.environ.get(ENV_DATA_DIR)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("companion", appauthor=False))


def catalogue_path(game: str, base: Path | None = None) -> Path:
    return (base or data_dir()) / "catalogue" / f"{game}.json"


def _effect_menu(game: str) -> dict[str, bool] | None:
    """Effect name -> takes N, for games whose engine has a menu; None: free text allowed."""
    from companion.core.packs import PackNotInstalled, get_pack
    from companion.core.errors import IllegalInput

    try:
        pack = get_pack(game)
    except (PackNotInstalled, IllegalInput):
        return None
    if not pack.has("cards"):
        return None
    effects = getattr(pack.part("cards"), "EFFECTS", None)  # the pack's card-effect menu
    return {e.name: e.takes_n for e in effects} if effects is not None else None


def validate_info(game: str, info: CardInfo) -> None:
    """Raises ValueError if `info` is not storable for `game`."""
    if not info.title.strip():
        raise ValueError("a card needs a title")
    if not info.effects:
        raise ValueError("a card needs at least one effect (use 'none')")
    menu = _effect_menu(game)
    for e in info.effects:
        if not isinstance(e.n, int) or isinstance(e.n, bool) or not 0 <= e.n <= MAX_N:
            raise ValueError(f"effect {e.effect!r}: n must be a whole number from 0 to {MAX_N}")
        if menu is None:
            if not e.effect.strip():
                raise ValueError("an effect needs a name or text")
            continue
        if e.effect not in menu:
            raise ValueError(f"unknown effect {e.effect!r}; choose one of {', '.join(sorted(menu))}")
        if not menu[e.effect] and e.n:
            raise ValueError(f"effect {e.effect!r} takes no number")
        if menu[e.effect] and e.n < 1:
            raise ValueError(f"effect {e.effect!r} needs a number n >= 1")


def _line_of(text: str, needle: str) -> int | None:
    idx = text.find(needle)
    return text.count("\n", 0, idx) + 1 if idx >= 0 else None


def _too_deep_line(text: str, limit: int) -> int:
    """The line where the JSON text first nests deeper than `limit` (strings skipped)."""
    depth, line, in_str, escaped = 0, 1, False, False
    for ch in text:
        if ch == "\n":
            line += 1
        if in_str:
            escaped, in_str = (False, in_str) if escaped else (ch == "\\", ch != '"')
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return line
        elif ch in "]}":
            depth -= 1
    return 1


def _first_wins(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's keys as written: a key written twice keeps its first value (json.loads would
    keep the last, silently); `_duplicate_keys` reports it."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        out.setdefault(key, value)
    return out


def _duplicate_keys(text: str) -> list[tuple[int, int, str]]:
    """(line, line of the first, key) for every key written twice in one object of a JSON text
    that parses: one pass, skipping strings that are values."""
    found: list[tuple[int, int, str]] = []
    frames: list[dict[str, int] | None] = []  # per open bracket: an object's keys and their lines, None for an array
    expect_key, line, i, n = False, 1, 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
        elif ch == '"':
            start, start_line, i = i, line, i + 1
            while text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            if expect_key and frames and frames[-1] is not None:
                key = json.loads(text[start:i + 1])
                seen = frames[-1]
                if key in seen:
                    found.append((start_line, seen[key], key))
                else:
                    seen[key] = start_line
            expect_key = False
        elif ch in "{[":
            frames.append({} if ch == "{" else None)
            expect_key = ch == "{"
        elif ch in "}]":
            frames.pop()
        elif ch == ",":
            expect_key = bool(frames) and frames[-1] is not None
        i += 1
    return found


def _parse(text: str, path: str) -> Any:
    """json.loads within bounds; CatalogueError with the line for every way the text is bad."""
    try:
        data = json.loads(text, object_pairs_hook=_first_wins)
    except json.JSONDecodeError as exc:
        raise CatalogueError(path, exc.lineno, f"not valid JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise CatalogueError(path, _too_deep_line(text, MAX_DEPTH), f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:  # an integer of thousands of digits
        m = re.search(r"\d{4000,}", text)
        line = text.count("\n", 0, m.start()) + 1 if m else None
        raise CatalogueError(path, line, f"a number out of range ({exc})") from None
    try:
        check_depth(data, MAX_DEPTH)
    except DecodeError:
        raise CatalogueError(path, _too_deep_line(text, MAX_DEPTH), f"nested deeper than {MAX_DEPTH} levels") from None
    return data


def _info_from_json(game: str, raw: Any) -> CardInfo:
    if not isinstance(raw, dict):
        raise ValueError("entry must be an object with title, type, effects")
    effects_raw = raw.get("effects", [{"effect": "none", "n": 0}])
    if not isinstance(effects_raw, list):
        raise ValueError("effects must be a list")
    effects = []
    for e in effects_raw:
        if not isinstance(e, dict) or not isinstance(e.get("effect"), str):
            raise ValueError("each effect must be an object with an 'effect' name")
        effects.append(Effect(e["effect"], e.get("n", 0)))
    title, kind = raw.get("title"), raw.get("type", "")
    if not isinstance(title, str) or not isinstance(kind, str):
        raise ValueError("title and type must be text")
    info = CardInfo(title, kind, tuple(effects))
    validate_info(game, info)
    return info


def _info_from_json_quiet(game: str, raw: Any) -> CardInfo | None:
    try:
        return _info_from_json(game, raw)
    except ValueError:
        return None


@dataclass
class Catalogue:
    game: str
    path: Path
    cards: dict[CardCode, CardInfo] = field(default_factory=dict)
    error: CatalogueError | None = None  # set when the file on disk is malformed
    # Unreadable as a whole (syntax error): saving would destroy what the user typed.
    _blocked: bool = False
    version: int = FORMAT_VERSION
    extra: dict[str, Any] = field(default_factory=dict)  # top-level fields this version does not know
    _raw: dict[str, Any] = field(default_factory=dict)  # each card as the file has it (unknown fields too)

    @classmethod
    def load(cls, game: str, base: Path | None = None) -> "Catalogue":
        """The catalogue of `game`; never raises for a bad file (see `error`)."""
        path = catalogue_path(game, base)
        cat = cls(game, path)
        try:
            text = read_bounded(path, MAX_BYTES).decode("utf-8")
        except FileNotFoundError:
            return cat
        except (OSError, UnicodeDecodeError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            cat.error = CatalogueError(str(path), None, f"cannot read: {why}")
            cat._blocked = True
            return cat
        try:
            data = _parse(text, str(path))
        except CatalogueError as exc:
            cat.error, cat._blocked = exc, True
            return cat
        if not isinstance(data, dict) or not isinstance(data.get("cards"), dict):
            cat.error = CatalogueError(str(path), 1, 'expected an object with a "cards" object')
            cat._blocked = True
            return cat
        if data.get("game", game) != game:
            cat.error = CatalogueError(str(path), _line_of(text, '"game"'), f"holds game {data.get('game')!r}, not {game}")
            cat._blocked = True
            return cat
        version = data.get("version", 1)
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            cat.error = CatalogueError(str(path), _line_of(text, '"version"'),
                                       f"version must be a whole number from 1, not {version!r}")
            cat._blocked = True
            return cat
        cat.version = version
        cat.extra = {k: v for k, v in data.items() if k not in ("version", "game", "cards")}
        # A key written twice: the first is used, and the file is never saved over, so neither
        # entry is lost until the table removes one.
        problems: list[tuple[int | None, str]] = [
            (at, f"{json.dumps(key)} is written twice (first on line {first}): the first is used; "
                 f"remove one, nothing is saved here until then")
            for at, first, key in _duplicate_keys(text)]
        if version > FORMAT_VERSION:
            # Read what we can; never save over it (a newer companion wrote things we would drop).
            cat._blocked = True
            problems.append((_line_of(text, '"version"'), f"written by a newer companion (version {version}; "
                                                           f"this one reads {FORMAT_VERSION}): update it to save cards here"))
        for key, raw in data["cards"].items():
            code = parse_code(key)
            line = _line_of(text, json.dumps(key))
            if code is None or code.game != game:
                problems.append((line, f"{key!r} is not a {game} card code"))
                continue
            try:
                cat.cards[code] = _info_from_json(game, raw)
                cat._raw[key] = raw
            except ValueError as exc:
                problems.append((line, f"{key}: {exc}"))
        if problems:
            problems.sort(key=lambda p: (p[0] is None, p[0] or 0))
            line, msg = problems[0]
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            cat.error = CatalogueError(str(path), line, msg + more)
            cat._blocked = True  # bad entries would be dropped by a save: keep the user's text
        return cat

    def lookup(self, code: CardCode) -> CardInfo | None:
        return self.cards.get(code)

    def scanned(self, code: CardCode) -> CardScanned:
        return CardScanned(code, self.lookup(code))

    def remember(self, code: CardCode, info: CardInfo) -> None:
        """Store what the table said a card is, in memory and on disk (atomically).

        Raises ValueError for an invalid entry and CatalogueError if the file on disk is broken:
        the entry is still kept in memory for this session."""
        if code.game != self.game:
            raise ValueError(f"{code} is not a {self.game} card")
        validate_info(self.game, info)
        self.cards[code] = info
        self.save()

    def save(self) -> None:
        """Write the catalogue (atomically); refused while the file on disk is one this session
        could not read whole (a syntax error, a bad entry, a duplicate key, a newer version)."""
        if self._blocked and self.error is not None:
            why = "update the companion first" if self.version > FORMAT_VERSION else "fix this file first"
            raise CatalogueError(self.error.path, self.error.line, f"not saved: {why} ({self.error.message})")
        cards = {}
        for code, info in sorted(self.cards.items()):
            raw = self._raw.get(str(code))
            known = info.to_json()
            if isinstance(raw, dict) and _info_from_json_quiet(self.game, raw) == info:
                cards[str(code)] = raw  # unchanged: as the file had it, unknown fields and all
            else:
                keep = {k: v for k, v in raw.items() if k not in known} if isinstance(raw, dict) else {}
                cards[str(code)] = {**keep, **known}
        data = {**self.extra, "version": self.version, "game": self.game, "cards": cards}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomic(self.path, json.dumps(data, indent=2, sort_keys=True) + "\n", prefix=f".{self.game}.")
        except OSError as exc:
            raise CatalogueError(str(self.path), None, f"cannot write: {exc}") from exc

