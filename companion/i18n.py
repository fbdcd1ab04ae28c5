"""Two languages, English and German, through gettext message catalogs (docs/i18n.md).

Every text a person reads is English in the code (the msgid) and goes through a catalog at the
moment it is shown, in the language of that moment:

- `_(text)` and `ngettext(one, many, n)`: the shell's domain ("companion", catalogs under
  companion/locale/<lang>/LC_MESSAGES/companion.mo);
- `N_(text)`: marks a text for extraction where it is defined (a class attribute, an option's
  label) and leaves it as it is; it is translated where it is shown;
- a pack's own domain, named after its folder, with its catalogs inside that folder
  (companion/games/pig/locale/de/LC_MESSAGES/pig.mo): `pack_domain(__file__)` in the pack's
  modules gives the same `_`/`ngettext` for it, and `pack_text(rules, text)` is how the shell
  shows a word the pack declared (an option's label, a seat's name) in the pack's words.

The language is one for the whole device (`set_language`, kept with the settings); a change is
told to whoever listens (`on_change`: the app re-renders its kv texts). Nothing here imports
Kivy, so the rules, the simulation and the command line use it too. English needs no catalog:
its texts are the msgids.
"""

from __future__ import annotations

import gettext
import importlib.util
import itertools
import re
from pathlib import Path
from typing import Any, Callable, Iterator

LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}  # each in its own words
DEFAULT = "en"
SHELL = "companion"
LOCALE = Path(__file__).parent / "locale"

_language = DEFAULT
_listeners: list[Callable[[str], None]] = []


def language() -> str:
    """The language texts are shown in now ("en", "de")."""
    return _language


def set_language(lang: str) -> None:
    """Show every text from now on in `lang`; whoever listens re-renders."""
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}: one of {', '.join(LANGUAGES)}")
    if lang == _language:
        return
    _language = lang
    for fn in list(_listeners):
        fn(lang)


def on_change(fn: Callable[[str], None]) -> Callable[[], None]:
    """Call `fn(lang)` after every change of language; returns what stops it."""
    _listeners.append(fn)

    def stop() -> None:
        if fn in _listeners:
            _listeners.remove(fn)

    return stop


class Domain:
    """One message catalog family: `name`.mo files under `localedir`/<lang>/LC_MESSAGES."""

    def __init__(self, name: str, localedir: Path) -> None:
        self.name = name
        self.localedir = localedir
        self._catalogs: dict[str, gettext.NullTranslations] = {}
        self._shape_cache: dict[str, list[tuple[int, re.Pattern[str], str, list[str]]]] = {}
        self._printed: dict[str, frozenset[str]] = {}

    def catalog(self, lang: str | None = None) -> gettext.NullTranslations:
        """The compiled catalog of `lang` (the current language by default); an empty one when
        there is none (English, or a pack not translated yet)."""
        lang = lang or _language
        if lang not in self._catalogs:
            self._catalogs[lang] = (gettext.NullTranslations() if lang == DEFAULT else
                                    gettext.translation(self.name, str(self.localedir), [lang], fallback=True))
        return self._catalogs[lang]

    def knows(self, text: str, lang: str | None = None) -> bool:
        """Whether the catalog of `lang` has a translation for `text`."""
        return self.catalog(lang).gettext(text) != text

    def gettext(self, text: str) -> str:
        return self.catalog().gettext(text) if text else text

    def ngettext(self, one: str, many: str, n: int) -> str:
        return self.catalog().ngettext(one, many, n)

    def said(self, text: str, _depth: int = 0, _by: "Domain | None" = None) -> str:
        """A sentence the rules made in English (a notice, a prompt), in the current language: its
        own msgid if the catalog has it, else a msgid with named fields whose English shape it
        has ("{who} plays {card}."), each field's value said again in turn ("Player 1" ->
        "Spieler 1"). Games recorded by earlier versions keep their English notices in their
        states; this says them in German too. Else the shell's word ("Undo"), else as it is.

        The pack's shapes and the shell's (a table step: "Move {thing} from {start} to {end}")
        are tried together, the most fixed words first, and a shape is taken only when every
        field is itself said (or is a name or a number), so a sentence is said whole or left in
        English for the check to find, never half-said: "Move Yellow's Black Cat from the
        Den to the Hall" is a move from the Den, not a Black Cat "from the Den" moved to the Hall."""
        if not text or _language == DEFAULT:
            return text
        by = _by or self  # a shell shape's names and places are the pack's words
        if text in by.printed():  # a card's title as printed: "Gate of Freedom" is no "{a} of {b}", and
            return text           # the card "Terror" no section heading "Terror" (Schrecken)
        exact = self.catalog().gettext(text)
        # four deep at most: a scare's line, its "{a}; {b}", a girl's way, the rooms "{a} and {b}"
        if exact != text or _depth > 3:
            return exact
        for fixed, rx, german, parts in self._all_shapes():
            if not rx.match(text):
                continue
            # a format with no words ("{weekday} {day} {month}, {time}") matches any four names
            fixed_words = bool(_LETTER.search("".join(parts[0::2])))
            # Every way the sentence splits into the shape's fields ("Turn {thing} in {where}
            # {face} up": "Room 5" and "Dark", not "Room" and "5 Dark"): of those said whole, the
            # one with the most fields said in the language (not just kept as names)
            best: tuple[int, dict[str, str]] | None = None
            for raw in itertools.islice(_splits(parts, text), _MOST_SPLITS):
                fields = {k: by.said(v, _depth + 1) for k, v in raw.items()}
                open_ = sum(1 for k, v in raw.items() if fields[k] == v and not (
                    k in _AS_PRINTED or _name_like(v) or v in by.printed()))
                said_ = sum(1 for k, v in raw.items() if fields[k] != v)
                if not fixed_words and said_ < len(raw):
                    continue  # a shape of no words ("{a}; {b}") joins sentences each said, never names
                if open_ == 0 and (best is None or said_ > best[0]):
                    best = (said_, fields)
            if best is not None:  # the most fixed words among those said whole (the list is in that order)
                out = german.format(**best[1])
                # a sentence begins with a capital, as the English did ("einen Armeemarker ..." -> "Einen ...")
                return out[:1].upper() + out[1:] if _depth == 0 and text[:1].isupper() else out
        return SHELL_DOMAIN.gettext(text) if self is not SHELL_DOMAIN else text

    def printed(self) -> frozenset[str]:
        """The names the components of this domain's pack print (`GameRules.printed_names`): a
        field holding one is said as it is ("Pal of the Praying Mantis")."""
        if "printed" not in self._printed:
            from companion.core.packs import all_packs

            names: set[str] = set()
            for pack in all_packs():
                fn = getattr(pack.rules, "printed_names", None)
                if callable(fn) and domain_of(pack.rules) is self:
                    names.update(fn())
            self._printed["printed"] = frozenset(names)
        return self._printed["printed"]

    def _all_shapes(self) -> list[tuple[int, re.Pattern[str], str, list[str]]]:
        """This catalog's shapes and the shell's, the most fixed words first."""
        if self is SHELL_DOMAIN:
            return self._shapes()
        key = "all:" + _language
        if key not in self._shape_cache:
            self._shape_cache[key] = sorted(self._shapes() + SHELL_DOMAIN._shapes(), key=lambda f: -f[0])
        return self._shape_cache[key]

    def _shapes(self) -> list[tuple[int, re.Pattern[str], str, list[str]]]:
        """The current catalog's msgids with named fields as patterns, the most fixed words first."""
        key = "shapes:" + _language
        if key not in self._shape_cache:
            table = getattr(self.catalog(), "_catalog", {})
            found = []
            for msgid, german in table.items():
                if not isinstance(msgid, str) or "{" not in msgid or not german:
                    continue
                parts = _FIELD.split(msgid)
                names = parts[1::2]
                if not names or len(set(names)) != len(names):
                    continue
                body = "".join(re.escape(x) if i % 2 == 0 else f"(?P<{x}>{_NUMBER if x in _NUMBERS else '.+?'})"
                               for i, x in enumerate(parts))
                found.append((len("".join(parts[0::2])), re.compile(body + r"\Z", re.S), str(german), parts))
            found.sort(key=lambda f: -f[0])
            self._shape_cache[key] = found
        return self._shape_cache[key]

    def reload(self) -> None:
        """Read the .mo files again (after compiling them while running)."""
        self._catalogs.clear()
        self._shape_cache.clear()
        self._printed.clear()


_FIELD = re.compile(r"\{(\w+)\}")  # a named field of a msgid: "{who}"
_NUMBERS = frozenset({"n", "slot", "count", "seconds", "round"})  # fields that are a number in every shape
_NUMBER = r"-?\d+"
# fields that hold a component's printed name in every shape ("Event: {name}. ..."): a title the
# table typed mid-game ("A cold hand") is shown as printed, as it is
_MOST_SPLITS = 64  # ways one sentence is tried: a long list of fields is said whole or left
_AS_PRINTED = frozenset({"name", "title", "card"})
_LETTER = re.compile(r"[^\W\d_]")


def _splits(parts: list[str], text: str, at: int = 0) -> Iterator[dict[str, str]]:
    """Every way `text` (from `at`) fills a shape's fields: `parts` alternate fixed words and
    field names (`_FIELD.split`), each field at least one character; a number field only digits."""
    if not text.startswith(parts[0], at):
        return
    at += len(parts[0])
    if len(parts) == 1:
        if at == len(text):
            yield {}
        return
    name, rest = parts[1], parts[2:]
    ends = ([len(text)] if rest == [""] else
            [i for i in range(at + 1, len(text) + 1) if text.startswith(rest[0], i)])
    for end in ends:
        value = text[at:end]
        if name in _NUMBERS and not re.fullmatch(_NUMBER, value):
            continue
        for more in _splits(rest, text, end):
            yield {name: value, **more}


def _name_like(value: str) -> bool:
    """A field's value that reads the same in every language: a number, or a name whose every
    word is capitalised ("Freeze Ray!", "R.L. Stine's House", "12"), or a title in quotes."""
    if len(value) > 2 and value[0] == "\u201c" and value[-1] == "\u201d" and "\u201c" not in value[1:]:
        return True  # a title as the table typed it, quoted: \u201cA cold hand\u201d
    return all(w[:1].isupper() or w[:1].isdigit() or not w[:1].isalpha() for w in value.split())

SHELL_DOMAIN = Domain(SHELL, LOCALE)


def _(text: str) -> str:
    """`text` (English, the msgid) in the current language, from the shell's catalog."""
    return SHELL_DOMAIN.gettext(text)


def ngettext(one: str, many: str, n: int) -> str:
    """The form of a count's sentence for `n` in the current language ("1 move", "12 moves")."""
    return SHELL_DOMAIN.ngettext(one, many, n)


def N_(text: str) -> str:
    """Marks `text` for the catalog where it is defined; it is translated where it is shown."""
    return text


_PACKS: dict[str, Domain] = {}


def pack_domain(module_file: str) -> Domain:
    """The domain of the pack whose module is `module_file` (pass `__file__`): named after the
    pack's folder (companion/games/pig -> "pig"), catalogs in its `locale/` folder."""
    folder = Path(module_file).resolve().parent
    while folder.parent.name != "games" and folder.parent != folder:  # a pack's ui/ module: its pack's folder
        folder = folder.parent
    if folder.parent == folder:
        folder = Path(module_file).resolve().parent
    key = str(folder)
    if key not in _PACKS:
        _PACKS[key] = Domain(folder.name, folder / "locale")
    return _PACKS[key]


def domain_of(rules: Any) -> Domain | None:
    """The domain of the pack whose rules object this is (None: its module has no file)."""
    spec = importlib.util.find_spec(type(rules).__module__)
    origin = spec.origin if spec is not None else None
    return pack_domain(origin) if origin else None


def pack_text(rules: Any, text: str) -> str:
    """A word a pack declared (an option's label, a seat's name, a choice) as the table reads it
    now: the pack's catalog, else the shell's (a word every game shares), else as it is."""
    domain = domain_of(rules) if rules is not None else None
    said = domain.gettext(text) if domain is not None else text
    return said if said != text else _(text)


def pack_said(rules: Any, text: str) -> str:
    """A sentence a pack's rules (or the shell's core, a table step) made in English, as the table
    reads it now: the pack's catalog and its sentence shapes, else the shell's (`Domain.said`)."""
    domain = domain_of(rules) if rules is not None else None
    return (domain or SHELL_DOMAIN).said(text)


def kv_text(text: str) -> str:
    """A kv rule's text (`app.tr._`): the shell's catalog, else the catalog of a pack whose
    modules are loaded (a pack's own .kv screens are extracted into its catalog)."""
    said = _(text)
    if said != text:
        return said
    for d in _PACKS.values():
        said = d.gettext(text)
        if said != text:
            return said
    return text


def reload() -> None:
    """Read every catalog again (the tools compile them while an app may run)."""
    SHELL_DOMAIN.reload()
    for d in _PACKS.values():
        d.reload()
