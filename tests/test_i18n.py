"""The message catalogs (issue 28; docs/i18n.md): the committed .pot/.po/.mo are what
`scripts/i18n.py` makes from the code today, every German text is translated and keeps its
placeholders, the .kv extraction finds kv texts, each pack's domain is its own folder's, and Pig's
sentences are made when shown, in the language of that moment (rules.md 2-5)."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Iterator

import pytest

from companion import i18n
from companion.i18n_tools import ROOT, build, domains, extract_kv, languages, untranslated


@pytest.fixture
def german() -> Iterator[None]:
    i18n.set_language("de")
    try:
        yield
    finally:
        i18n.set_language("en")


def test_the_committed_catalogs_are_what_the_code_makes() -> None:
    """Run `make i18n` (scripts/i18n.py) after changing a marked text, and commit what it writes."""
    assert build(check=True) == [], "the catalogs are not up to date: run .venv/bin/python scripts/i18n.py"


def test_every_domain_has_a_german_catalog_with_every_text_translated() -> None:
    names = [d.name for d in domains()]
    assert names[0] == "companion" and "pig" in names
    for where in domains():
        for lang in languages():
            assert where.mo(lang).exists(), where.mo(lang)
            assert untranslated(where, lang) == [], f"{where.po(lang).relative_to(ROOT)}: not translated yet"


def test_every_translation_keeps_the_placeholders_of_its_text() -> None:
    """"{who} rolled a {value}" -> "{who} hat eine {value} gewürfelt": the same names in braces."""
    from babel.messages.pofile import read_po

    braces = re.compile(r"\{(\w*)\}")
    checked = 0
    for where in domains():
        for lang in languages():
            with where.po(lang).open("rb") as f:
                catalog = read_po(f, locale=lang)
            for m in catalog:
                if not m.id:
                    continue
                ids = [m.id] if isinstance(m.id, str) else list(m.id)
                strings = [m.string] if isinstance(m.string, str) else list(m.string)
                want = set(braces.findall(ids[-1])) | set(braces.findall(ids[0]))
                for s in strings:
                    assert set(braces.findall(s)) == want, (m.id, s)
                    checked += 1
    assert checked > 100


def test_kv_texts_are_extracted() -> None:
    kv = b'#:import T companion.ui.theme\n<X>:\n    Title:\n        text: "\\u2620  " + app.tr._("Who plays?")\n' \
         b'    BigButton:\n        action: "settings"\n        caption: app.tr.ngettext("{n} game", "{n} games", 2)\n'
    got = [(line, msg) for line, _f, msg, _c in extract_kv(io.BytesIO(kv), {"_": None, "ngettext": (1, 2)}, [], {})]
    assert got == [(4, "Who plays?"), (7, ("{n} game", "{n} games", None))]


def test_the_language_is_one_for_the_device_and_says_when_it_changes(german: None) -> None:
    heard: list[str] = []
    stop = i18n.on_change(heard.append)
    try:
        i18n.set_language("en")
        i18n.set_language("en")  # no change: nobody told
        i18n.set_language("de")
    finally:
        stop()
    assert heard == ["en", "de"]
    assert i18n._("Settings") == "Einstellungen" and i18n.N_("Settings") == "Settings"
    assert [i18n.ngettext("{n} move", "{n} moves", n).format(n=n) for n in (1, 2)] == ["1 Zug", "2 Züge"]
    with pytest.raises(ValueError, match="no language 'fr'"):
        i18n.set_language("fr")


def test_a_pack_has_its_own_domain_in_its_folder() -> None:
    from companion.games.pig.rules import RULES

    pig = i18n.domain_of(RULES)
    assert pig is not None and pig.name == "pig"
    assert pig.localedir == Path(ROOT, "companion/games/pig/locale")
    ui = i18n.pack_domain(str(ROOT / "companion/games/goosebumps/ui/__init__.py"))
    assert ui.name == "goosebumps"  # a module in a pack's ui/ folder: its pack's domain
    assert i18n.pack_text(RULES, "Players") == "Players" and i18n.pack_text(None, "Back") == "Back"


def test_pack_words_read_in_the_pack_then_the_shell(german: None) -> None:
    from companion.games.pig.rules import RULES

    assert i18n.pack_text(RULES, "Players") == "Spieler"  # the pack's catalog
    assert i18n.pack_text(RULES, "Who plays each seat") == "Wer spielt welchen Platz"  # the shell's
    assert i18n.pack_text(RULES, "Pig") == "Pig"  # a name, kept on purpose


def test_pig_tells_what_happened_when_it_is_shown() -> None:
    """The state keeps facts; the same states tell in English, then in German (rules.md 3, 4)."""
    from companion.core.game import told
    from companion.games.pig.rules import RULES, Face, Hold, Options, Roll, Said

    s0 = RULES.setup(Options(), 1)
    s1 = RULES.apply(s0, Face(5))
    again = RULES.apply(s1, Roll())
    s2 = RULES.apply(again, Face(1))  # Player 1 rolls a 1: the turn's 5 points are lost (rules.md 3)
    six = RULES.apply(s2, Face(6))
    s3 = RULES.apply(six, Hold())  # Player 2 holds 6 (rules.md 4)
    assert s2.notices == (Said("rolled", 0, value=1, pot=5),)
    english = [told(RULES, s1, Roll(), again), told(RULES, again, Face(1), s2),
               RULES.observe(s3, "table")["prompt"], RULES.observe(s3, "table")["status"]]
    assert english == ["Player 1 rolls again", "Player 1 rolled a 1: the turn's 5 points are lost",
                       "Player 1: roll the die and tap what it shows", "Pig to 100 \u00b7 Player 1's turn"]
    i18n.set_language("de")
    try:
        german = [told(RULES, again, Face(1), s2), RULES.observe(s3, "table")["prompt"],
                  RULES.observe(s3, "table")["status"], told(RULES, six, Hold(), s3), RULES.label(s1, Hold())]
    finally:
        i18n.set_language("en")
    assert german == ["Spieler 1 hat eine 1 gew\u00fcrfelt: die 5 Punkte dieses Zugs sind verloren",
                      "Spieler 1: w\u00fcrfeln und die Zahl antippen", "Pig bis 100 \u00b7 Spieler 1 ist dran",
                      "Spieler 2 sichert 6: 6 Punkte", "5 sichern"]
    assert told(RULES, again, Face(1), s2) == english[1]  # and English again: the state held no sentence
    assert RULES.observe(s3, "table")["scores"] == {"Player 1": 0, "Player 2": 6}  # the seats' ids stay


def test_the_shells_sentences_made_in_english_are_said_by_their_shapes(german: None) -> None:
    """The sensors' and the tray check's sentences are made in English (logged, printed by the
    command line) and said in German where shown; a format with no words (the resume list's date)
    is no sentence's shape: it would match any sentence of four words."""
    assert i18n.pack_said(None, "Put one piece on zone 5. (the mat sees 2 pieces; leave just one)") == (
        "Stelle eine Figur auf Zone 5. (die Matte sieht 2 Figuren; lass nur eine stehen)")
    assert i18n.pack_said(None, "resolution: 1280x720 chosen, highest unknown") == "Aufl\u00f6sung: 1280x720 gew\u00e4hlt, h\u00f6chste unbekannt"
    assert i18n.pack_said(None, "Who moved?") == "Wer hat sich bewegt?"
    sentence = "Turn up the Location in Hollow Oak and scan it (then Brooklyn, The Crossroads)."
    assert i18n.pack_said(None, sentence) == sentence


def test_a_sentence_is_said_by_the_split_of_its_shape_that_says_most(german: None) -> None:
    """docs/i18n.md, "Or said by its shape": every split of a shape is tried and the one with the
    most fields said wins; a sentence is said whole or left in English; a German sentence begins
    with a capital where the English did; a title the table typed stays as typed."""
    from companion.core.packs import get_pack

    bgm, sol = get_pack("BGM").rules, get_pack("SOL").rules
    # "Turn {thing} in {where} {face} up": "Room 5" and "Dark", not "Room" and "5 Dark"
    assert i18n.pack_said(bgm, "Turn the Light/Dark token in Room 5 Dark up") == (
        "Das Licht/Dunkel-Plättchen in Raum 5 auf Dunkel drehen")
    # the shell's step shape with SOL's things and places inside it, begun with a capital
    assert i18n.pack_said(sol, "Move an Army marker from Broken Cages to Zoo Gate") == (
        "Einen Armeemarker von Broken Cages auf Zoo Gate setzen")
    assert i18n.pack_said(sol, "Turn the Exit token of Zoo Gate (3) on Zoo Gate face up") == (
        "Das Ausgangsplättchen von Zoo Gate (3) auf Zoo Gate offen drehen")
    # a card's title as the table typed it (not capitalised) stays as it is, in a name or card field
    assert i18n.pack_said(bgm, "Event: A cold hand 05. It lasts the whole next round") == (
        "Ereignis: A cold hand 05. Es gilt die ganze nächste Runde")
    assert i18n.pack_said(bgm, "The round's Event is over: discard \u201cA cold hand\u201d.") == (
        "Das Ereignis der Runde ist vorbei: \u201cA cold hand\u201d ablegen.")
    # a field the catalog cannot say leaves the whole sentence in English, for the check to find
    half = "Move the lamp of the green room from Broken Cages to Zoo Gate"
    assert i18n.pack_said(sol, half) == half


def test_a_step_above_the_board_reads_as_english() -> None:
    """A place with its own preposition is said as it is: "above the board", not "on above the board"."""
    from companion.core.table import Thing, step_text

    card = Thing("a spare Encounter card", "above the board", "face down")
    assert step_text(None, card) == "Put a spare Encounter card above the board, face down"
    assert step_text(card, None) == "Take a spare Encounter card from above the board"
