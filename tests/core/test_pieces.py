"""The shared pieces every game uses: decks, tracks, dice and coins, turn order, the decision queue."""

from __future__ import annotations

import pytest

from companion.core import codec
from companion.core.chance import check_face, coin_odds, die_odds, flip, roll
from companion.core.deck import Deck
from companion.core.errors import IllegalInput
from companion.core.rng import Rng
from companion.core.track import TrackSpec
from companion.core.turns import Decisions, TurnOrder


def test_a_deck_draws_from_the_top_and_reshuffles_its_discards_when_empty() -> None:
    rng = Rng.from_seed(1)
    deck, rng = Deck.shuffled("Event", ("a", "b", "c"), rng)
    seen = []
    for _ in range(3):
        card, deck, rng = deck.draw(rng)
        seen.append(card)
        deck = deck.discard(card)
    assert sorted(seen) == ["a", "b", "c"] and len(deck) == 0 and len(deck.discard_pile) == 3
    card, deck, rng = deck.draw(rng)  # the discards became the new draw pile
    assert card in "abc" and len(deck) == 2 and deck.discard_pile == ()


def test_a_card_the_table_drew_leaves_the_pile_wherever_it_was() -> None:
    rng = Rng.from_seed(2)
    deck = Deck("Boogeyman", ("x", "y", "z"))
    deck, rng = deck.take("z", rng)
    assert deck.draw_pile == ("x", "y")
    with pytest.raises(IllegalInput, match="not in the Boogeyman draw pile"):
        deck.take("z", rng)
    deck = deck.discard("z")
    with pytest.raises(IllegalInput, match="in the discard pile"):
        deck.take("z", rng)
    with pytest.raises(IllegalInput, match="both empty"):
        Deck("Empty", ()).draw(rng)


def test_the_next_draw_odds_follow_the_cards_left() -> None:
    assert Deck("d", ("a", "a", "b", "c")).next_draw_odds() == [("a", 0.5), ("b", 0.25), ("c", 0.25)]
    assert Deck("d", (), ("q",)).next_draw_odds() == [("q", 1.0)]  # after the reshuffle
    assert Deck("d", ()).next_draw_odds() == []


def test_decks_survive_the_json_round_trip() -> None:
    d = Deck("d", ("a", "b"), ("c",))
    assert codec.decode(Deck, codec.to_jsonable(d)) == d


def test_dice_and_coins() -> None:
    assert sum(p for _, p in die_odds()) == pytest.approx(1.0) and len(die_odds(8)) == 8
    assert sum(p for _, p in coin_odds()) == 1.0
    rng = Rng.from_seed(3)
    faces = set()
    for _ in range(200):
        v, rng = roll(rng)
        f, rng = flip(rng, ("Boy", "Boogeyman"))
        faces.add(v)
        assert f in ("Boy", "Boogeyman")
    assert faces == {1, 2, 3, 4, 5, 6}
    assert check_face(4) == 4
    for bad in (0, 7, True, "3"):
        with pytest.raises(IllegalInput, match="shows 1 to 6"):
            check_face(bad)  # type: ignore[arg-type]


def test_a_track_reports_the_marks_entered_on_the_way() -> None:
    t = TrackSpec("Time", 10, {3: ("hand -1",), 6: ("hand -1",), 9: ("BOY LOST",)})
    assert t.marks_passed(2, 6) == ((3, "hand -1"), (6, "hand -1"))
    assert t.marks_passed(6, 3) == ((3, "hand -1"),)  # backwards, the start excluded
    assert t.clamp(12) == 9 and t.clamp(-1) == 0 and t.first_with("BOY LOST") == 9
    with pytest.raises(ValueError, match="outside"):
        TrackSpec("bad", 3, {5: ("x",)})


def test_turn_order_to_the_left_with_skips_and_passes() -> None:
    order = TurnOrder(("ann", "bob", "cy", "dee"), 0)
    assert order.active == "ann" and order.advanced().active == "bob"
    # 'play continues to the left of the last stealer, skipping players'
    assert order.left_of("cy") == "dee" and order.left_of("dee") == "ann"
    assert order.advanced(skip=("bob",)).active == "cy"
    assert order.passed_to("dee").active == "dee"
    assert order.order_from("cy") == ("cy", "dee", "ann", "bob")
    with pytest.raises(ValueError, match="no seat"):
        order.index("zed")
    with pytest.raises(ValueError, match="distinct"):
        TurnOrder(("a", "a"))


def test_the_decision_queue_answers_its_head_first() -> None:
    q: Decisions[str] = Decisions(("vote",))
    q = q.then("discard").first("wound")
    assert q.head == "wound" and len(q) == 3
    q = q.done()
    assert q.items == ("vote", "discard") and bool(q)
    assert not Decisions().done() and Decisions().head is None
    assert codec.from_jsonable(Decisions[str], codec.to_jsonable(q)) == q
