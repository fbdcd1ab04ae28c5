"""The message catalogs' tools (docs/i18n.md): extract each domain's .pot with Babel, bring each
language's .po up to it, compile the .mo the app reads. `scripts/i18n.py` (`make i18n`) runs them;
tests/test_i18n.py checks the committed catalogs are what they would make.

Domains: the shell's ("companion": every .py and .kv under companion/ outside companion/games/)
and one per pack that has a `locale/` folder (its folder's name: "pig" for companion/games/pig/,
every .py and .kv inside it). Babel is a test/development package: the app itself only reads the
.mo files (companion/i18n.py, the standard library's gettext).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from companion.i18n import LANGUAGES, DEFAULT, SHELL

ROOT = Path(__file__).resolve().parent.parent
COMPANION = ROOT / "companion"
GAMES = COMPANION / "games"
MAPPING = ROOT / "babel.cfg"
PROJECT = "companion"
BUGS = "the companion's issues"


@dataclass(frozen=True)
class Where:
    """One domain: its name, the folder its sources are under, and its locale folder."""

    name: str
    sources: Path
    locale: Path
    skip: tuple[Path, ...] = ()  # folders under `sources` that belong to other domains

    @property
    def pot(self) -> Path:
        return self.locale / f"{self.name}.pot"

    def po(self, lang: str) -> Path:
        return self.locale / lang / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, lang: str) -> Path:
        return self.locale / lang / "LC_MESSAGES" / f"{self.name}.mo"


def domains() -> list[Where]:
    """The shell's domain, then every pack with a `locale/` folder (a pack opts in by having one)."""
    packs = sorted(p for p in GAMES.iterdir() if (p / "locale").is_dir())
    out = [Where(SHELL, COMPANION, COMPANION / "locale", skip=(GAMES,))]
    out += [Where(p.name, p, p / "locale") for p in packs]
    return out


def languages() -> list[str]:
    """The languages that have catalogs (every one but English, whose texts are the msgids)."""
    return [lang for lang in LANGUAGES if lang != DEFAULT]


# ---- extraction ----------------------------------------------------------------------------

def extract_kv(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, Any, Any, Any]]:
    """Babel's extractor for Kivy's .kv files: each property's value is a Python expression, so
    each line's value (after `name:`) goes through Babel's Python extractor (`_("...")`,
    `app.tr._("...")`, `ngettext(...)`). A value is one line in this project's .kv files."""
    from babel.messages.extract import extract_python

    for lineno, raw in enumerate(fileobj.read().decode("utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#") or "_(" not in line and "gettext(" not in line:
            continue
        _, sep, value = line.partition(":")
        if not sep:
            continue
        for _n, funcname, messages, comments in extract_python(io.BytesIO(value.encode("utf-8")), keywords,
                                                                comment_tags, options):
            yield lineno, funcname, messages, comments


def _method_map() -> list[tuple[str, str]]:
    from babel.messages.frontend import parse_mapping_cfg

    with MAPPING.open(encoding="utf-8") as f:
        method_map, _options = parse_mapping_cfg(f, str(MAPPING))  # type: ignore[no-untyped-call]
    return list(method_map)


def template(where: Where) -> Any:
    """The domain's catalog template: every marked text in its sources, with where it is."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

    catalog = Catalog(project=PROJECT, msgid_bugs_address=BUGS, fuzzy=False, charset="utf-8")
    skipped = [str(s.relative_to(where.sources)) for s in where.skip]

    def wanted(path: str) -> bool:
        rel = Path(path)
        return not any(rel.parts[:len(Path(s).parts)] == Path(s).parts for s in skipped)

    for filename, lineno, message, comments, context in extract_from_dir(
            str(where.sources), _method_map(), keywords=DEFAULT_KEYWORDS,
            callback=lambda *a: None):
        if not wanted(filename):
            continue
        catalog.add(message, None, [(str(Path(where.sources.name) / filename), lineno)],
                    auto_comments=comments, context=context)
    return catalog


def _written(catalog: Any, po: bool) -> bytes:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    # No dates, no line wrapping, no line numbers (the file names stay): the files change only when
    # a text or the file it is in does, so branches that edit the same module merge cleanly.
    write_po(out, catalog, width=0, omit_header=False, sort_output=True, include_lineno=False,
             ignore_obsolete=True)
    return out.getvalue()


def _stable(catalog: Any) -> None:
    """Fixed header fields, so extracting twice writes the same bytes."""
    from datetime import datetime, timezone

    fixed = datetime(2026, 12, 4, tzinfo=timezone.utc)
    catalog.creation_date = fixed
    catalog.revision_date = fixed
    catalog.version = "1"
    catalog.fuzzy = False
    catalog.last_translator = "the companion's developers"
    catalog.language_team = catalog.language_team if catalog.locale else ""


def updated(where: Where, lang: str, pot: Any) -> Any:
    """The language's catalog brought up to the template: new texts added (empty), texts no
    longer in the code dropped; translations kept."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = where.po(lang)
    if path.exists():
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang, domain=where.name)
    else:
        catalog = Catalog(locale=lang, domain=where.name, project=PROJECT, msgid_bugs_address=BUGS)
    catalog.update(pot, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    _stable(catalog)
    catalog.language_team = f"{LANGUAGES[lang]}"
    return catalog


def compiled(catalog: Any) -> bytes:
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def build(check: bool = False) -> list[str]:
    """Extract every domain's .pot, update each language's .po, compile its .mo. With `check`,
    write nothing and return the files that would change (the test's question)."""
    changed: list[str] = []

    def put(path: Path, data: bytes) -> None:
        if path.exists() and path.read_bytes() == data:
            return
        changed.append(str(path.relative_to(ROOT)))
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)

    for where in domains():
        pot = template(where)
        _stable(pot)
        put(where.pot, _written(pot, po=False))
        for lang in languages():
            catalog = updated(where, lang, pot)
            put(where.po(lang), _written(catalog, po=True))
            put(where.mo(lang), compiled(catalog))
    return changed


def untranslated(where: Where, lang: str) -> list[str]:
    """The texts of a domain's .po with no translation yet (empty or fuzzy)."""
    from babel.messages.pofile import read_po

    with where.po(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    return [str(m.id) for m in catalog if m.id and (not m.string or m.fuzzy or
                                                   (isinstance(m.string, tuple) and not all(m.string)))]
