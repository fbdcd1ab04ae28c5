import pytest
from hypothesis import given, strategies as st

from cards_qr.codes import (
    CardCode, InvalidCode, OtherGameCard, Verdict, all_codes, classify, manifest, parse_code, require_code,
)

SPEC_TABLE = {
    ("BGM", "SRCH"): 55, ("BGM", "BOOG"): 32, ("BGM", "SITR"): 32, ("BGM", "LGHT"): 32, ("BGM", "DARK"): 32,
    ("BGM", "NGHT"): 10, ("BGM", "TRBL"): 10, ("BGM", "EVNT"): 10, ("BGM", "OBJC"): 10, ("BGM", "MISN"): 10,
    ("BGM", "STOK"): 50, ("SOL", "ACTN"): 78, ("SOL", "BOOG"): 13, ("SOL", "LOYL"): 9, ("SOL", "LOCN"): 19,
    ("SOL", "ENCT"): 35, ("SOL", "EXIT"): 7, ("BIN", "ACTN"): 25, ("BIN", "BLCK"): 20, ("BIN", "BONS"): 7,
    ("GSB", "NUMB"): 54, ("GSB", "MAYH"): 11,
}


def test_manifest_matches_the_spec_table_exactly() -> None:
    got = {(d.game, d.code): d.size for g in manifest().games for d in g.decks}
    assert got == SPEC_TABLE
    assert manifest().game_codes == ("BGM", "SOL", "BIN", "GSB")


def test_spec_examples_and_edges() -> None:
    assert parse_code("BGM:SRCH:07") == CardCode("BGM", "SRCH", 7)
    assert str(parse_code("SOL:EXIT:03")) == "SOL:EXIT:03"
    assert parse_code("GSB:MAYH:11") == CardCode("GSB", "MAYH", 11)
    assert parse_code("BGM:SRCH:55") is not None and parse_code("BGM:SRCH:01") is not None


@pytest.mark.parametrize("text", [
    "BGM:SRCH:56", "BGM:SRCH:00", "BGM:SRCH:99", "SOL:EXIT:08", "BGM:SRCH:7", "BGM:SRCH:007",
    "bgm:srch:07", "Bgm:SRCH:07", " BGM:SRCH:07", "BGM:SRCH:07 ", "BGM:SRCH:07\n", "BGM: SRCH:07",
    "BGM:XXXX:01", "XYZ:SRCH:01", "SOL:SRCH:01", "BGM:SRCH", "BGM:SRCH:07:01", "BGM;SRCH;07",
    "BGM:SRCH:٠٧", "BGM:SRCH:０７", "HTTPS://EXAMPLE.COM", "", "BGMSRCH07",
])
def test_not_cards(text: str) -> None:
    assert parse_code(text) is None
    assert classify(text, "BGM") == (Verdict.FOREIGN, None)


def test_other_game_is_distinct_from_foreign() -> None:
    verdict, code = classify("SOL:EXIT:03", "BGM")
    assert verdict is Verdict.OTHER_GAME and code == CardCode("SOL", "EXIT", 3)
    assert classify("BGM:SRCH:07", "BGM")[0] is Verdict.CARD
    with pytest.raises(OtherGameCard, match="Stuff of Legend"):
        require_code("SOL:EXIT:03", "BGM")
    with pytest.raises(InvalidCode):
        require_code("BGM:SRCH:56")


def test_all_codes_are_unique_valid_and_complete() -> None:
    codes = [str(c) for c in all_codes()]
    assert len(codes) == len(set(codes)) == sum(SPEC_TABLE.values())
    assert all(parse_code(c) is not None for c in codes)
    # Fits QR alphanumeric mode, version 1 level Q holds at most 16 such characters.
    assert all(len(c) <= 16 and set(c) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:") for c in codes)


@given(st.text(max_size=14))
def test_parse_accepts_only_manifest_codes(text: str) -> None:
    code = parse_code(text)
    if code is not None:
        assert str(code) == text
        assert (code.game, code.deck) in SPEC_TABLE and 1 <= code.number <= SPEC_TABLE[(code.game, code.deck)]
