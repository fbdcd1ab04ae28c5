#!/usr/bin/env python3
"""The message catalogs (docs/i18n.md): extract each domain's .pot from the code (Babel, with
babel.cfg), bring each language's .po up to it, compile its .mo (committed: the app reads it,
and a Pi set up with `scripts/setup.sh run` has no Babel).

Usage: .venv/bin/python scripts/i18n.py [--check]   (`make i18n`)
  --check: write nothing; list the files that would change and exit 1 if any would
  (tests/test_i18n.py asks the same).
Then translate the new empty entries in companion/locale/de/LC_MESSAGES/companion.po (and each
pack's companion/games/<pack>/locale/de/LC_MESSAGES/<pack>.po) and run it again to compile.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.i18n_tools import build, domains, languages, untranslated  # noqa: E402


def main(argv: list[str]) -> int:
    check = "--check" in argv
    changed = build(check=check)
    for path in changed:
        print(f"{'would change' if check else 'wrote'}: {path}")
    for where in domains():
        for lang in languages():
            left = untranslated(where, lang) if where.po(lang).exists() else []
            if left:
                print(f"{where.name} {lang}: {len(left)} text(s) not translated yet")
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
