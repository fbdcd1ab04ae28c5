"""Game Setup (SOL-01, SOL-10..25, SOL-118/119) and the defaults for the steps the text skips
(SOL-G1, G2, G6, G13, G19)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalInput
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.common import hand_size, side
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.setup import LOYALTY_TABLE, loyalty_deck
from companion.games.stuff_of_legend.state import AskRifle, ChooseActor, Options, RevealLocations
from companion.core.rng import Rng
from sol_helpers import CAT, WORLD, new, options


def test_three_to_six_players() -> None:
    """SOL-01, Introduction: "a cooperative game for 3-6 players" - set-up refuses 2 or 7."""
    for n in (3, 4, 5, 6):
        assert len(new(n).seats) == n
    for n in (2, 7):
        with pytest.raises(IllegalInput, match="3-6 players"):
            RULES.setup(options(n), 1)


def test_deck_sizes_are_the_boxes() -> None:
    """SOL-02, Components: 78 Action, 13 Boogeyman, 9 Loyalty, 19 Location, 35 Encounter cards, 7 Exit
    tokens, 10 Hero sheets, 20 Army markers; the catalogue's codes are the stickers of cards_qr/decks.toml."""
    assert (len(CAT.actions), len(CAT.boogeyman), len(CAT.loyalty), len(CAT.locations), len(CAT.encounters),
            len(CAT.heroes)) == (78, 13, 9, 19, 35, 10)
    assert {c.code for c in CAT.actions} == {f"SOL:ACTN:{i:02d}" for i in range(1, 79)}
    s = new(4)
    assert sorted(list(s.exits) + list(s.box)) == list(range(1, 8))
    assert s.options.army_supply == 20


def test_board_markers_at_setup() -> None:
    """SOL-10, SOL-11, SOL-13, SOL-14, Game Setup 1: the boards are shown; the Boogeyman marker on "the
    yellow number 2" of the Attention Level track, the Wound marker "to the left of the first division",
    the Hero Party in Brooklyn ("marked with a tree image")."""
    s = RULES.setup(options(4), 3)
    text = " ".join(s.notices)
    assert "Hero Action board" in text and "yellow 2 of the Attention Level track" in text
    att = WORLD.attention
    assert (att.values[s.attention], att.colours[s.attention]) == (2, "yellow")
    assert s.wound == 0 and s.party == "brooklyn" == WORLD.start
    obs = RULES.observe(s, "max")
    assert obs["tracks"]["wound"] == "" and obs["tracks"]["attention"]["value"] == 2


def test_boy_starts_by_player_count() -> None:
    """SOL-12, Game Setup 1b: "Place the Boy marker on the Time track according to the number of
    players" - the division comes from the Time track data."""
    for n in (3, 4, 5, 6):
        s = new(n)
        assert s.boy == WORLD.time.start[n]
        assert f"the Boy on division {s.boy + 1}" in " ".join(RULES.setup(options(n), 1).notices)


def test_exit_tokens_four_placed_three_unseen() -> None:
    """SOL-15, Game Setup 1e: seven tokens shuffled, one face down in each of the four Exit spaces, three
    back in the box unseen: nobody's observation holds a number."""
    s = new(4)
    assert len(s.exits) == 4 and len(s.box) == 3 and len(set(s.exits) | set(s.box)) == 7
    for seat in s.seats + ("table",):
        assert all(e["number"] is None for e in RULES.observe(s, seat)["exits"])
    physical = RULES.setup(options(4, exits="physical"), 1)
    assert physical.exits == (0, 0, 0, 0) and physical.box == ()
    assert "place one face down in each Exit space without looking" in " ".join(physical.notices)


def test_encounters_by_colour_plus_spaces_two() -> None:
    """SOL-16, SOL-17, Game Setup 2: one Encounter card of the matching colour per space, two on a "+"
    space; the rest laid out face down above the board (a reserve the device counts, SOL-G18)."""
    s = RULES.setup(options(4), 5)
    for sp, sc in zip(WORLD.spaces, s.board):
        if sp.exit:
            assert sc.location is None and sc.encounters == ()
            continue
        assert len(sc.encounters) == (2 if sp.plus else 1)
        assert all(CAT.encounter(e.code).colour == sp.colour and not e.up for e in sc.encounters)
    placed = sum(len(sc.encounters) for sc in s.board)
    assert placed + len(s.extras) == 31  # the 35 less the four Colonel-icon cards
    assert RULES.observe(s, "table")["extras"] == len(s.extras)
    assert all(not e.up for e in s.extras)


def test_colonel_icon_cards_left_out() -> None:
    """SOL-18, Game Setup 2: "do not use any of the 4 Encounter cards marked with a Colonel icon ... unless
    you are using the Alternate Heroes"."""
    s = RULES.setup(options(4), 2)
    used = {e.code for sc in s.board for e in sc.encounters} | {e.code for e in s.extras}
    alts = {c.code for c in CAT.encounters if c.alternate}
    assert len(alts) == 4 and not used & alts
    assert "Leave out the four Encounter cards with a Colonel icon." in s.notices


def test_one_location_per_space_on_top() -> None:
    """SOL-19, SOL-51, Game Setup 3, Locations: one Location of the matching colour on each space, on the
    Encounters; "There should be no additional Location cards" (19 spaces, 19 cards)."""
    s = RULES.setup(options(4), 4)
    locs = [sc.location.code for sc in s.board if sc.location is not None]
    assert len(locs) == len(set(locs)) == 19 == len(WORLD.card_spaces)
    for sp, sc in zip(WORLD.spaces, s.board):
        if sc.location is not None:
            assert CAT.location(sc.location.code).colour == sp.colour


def test_starting_armies_on_toy_soldiers() -> None:
    """SOL-20, Game Setup 4: an Army on every toy-soldier space; the rest of the 20 are the supply."""
    s = RULES.setup(options(4), 1)
    assert sorted(s.armies) == sorted(sp.id for sp in WORLD.spaces if sp.soldier)
    assert RULES.observe(s, "table")["army_supply"] == 20 - len(s.armies)


def test_missing_steps_have_documented_defaults() -> None:
    """SOL-21, SOL-G1, Game Setup 5-8 (not printed): heroes chosen as options, opening hands dealt by the
    normal rule with no coin (SOL-G13), the Boogeyman deck shuffled with the Sinister Games spot empty, the
    Loyalty deck built and dealt, and the Rifle holder asked (SOL-G6)."""
    s = RULES.setup(Options(players=4, action_deck="digital", boogeyman_deck="digital"), 9)
    assert s.seats == ("max", "percy", "harmony", "princess")
    assert [len(h) for h in s.hands] == [7, 7, 7, 7]
    assert len(s.boogeyman_pile) == 13 and s.sinister == ""
    assert all(s.loyalty)
    assert isinstance(s.head, AskRifle) and s.rifle == ""
    assert RULES.to_act(s).kind == "table"
    s = RULES.apply(s, I.Rifle("harmony"))
    assert s.rifle == "harmony" and isinstance(s.head, RevealLocations)


def test_opening_hand_sizes() -> None:
    """SOL-G13, SOL-G1 (6): 7 cards, the Jester 9, less the Time track reduction of the start; no coin."""
    s = new(5, heroes=("max", "percy", "harmony", "princess", "jester"))
    assert [len(h) for h in s.hands] == [7, 7, 7, 7, 9]
    assert not any(type(p).__name__ == "Coin" for p in s.pending)
    physical = RULES.setup(options(5, heroes=("max", "percy", "harmony", "princess", "jester"),
                                   action_deck="physical"), 1)
    assert [len(h) for h in physical.hands] == [7, 7, 7, 7, 9] and set(physical.hands[0]) == {""}
    assert "deal the opening hands: Max 7, Percy 7, Harmony 7, The Princess 7, The Jester 9" in " ".join(
        physical.notices)
    assert hand_size(s, "jester") == 9


def test_loyalty_table_is_one_short_and_completed() -> None:
    """SOL-22, SOL-G2, Game Setup (Loyalty table): the table gives one card fewer than the players; the
    default completion adds one drawn unseen from one Boy and one Boogeyman card, the other hidden."""
    for n, (boy, boog, succ, friend) in LOYALTY_TABLE.items():
        assert boy + boog + succ + friend == n - 1
        deck, unused, _ = loyalty_deck(options(n), CAT, Rng(n))
        assert len(deck) == n and unused
        sides = sorted(CAT.loyalty_card(c).side for c in deck + (unused,))
        expected = ["boy"] * (boy + 1) + ["boogeyman"] * (boog + 1) + ["successor"] * succ + ["friend"] * friend
        assert sides == sorted(expected)
    three = [c for c in CAT.loyalty if c.side in ("boy", "successor")]
    assert three  # the 3-player table: 1 Loyalty to the Boy, 1 Colonel's Successor, + the completion


def test_completion_settings() -> None:
    """SOL-G2: the completion is a setting: "boy" and "boogeyman" add that card and leave none unused."""
    deck, unused, _ = loyalty_deck(options(3, loyalty_completion="boogeyman"), CAT, Rng(1))
    assert unused == "" and sum(CAT.loyalty_card(c).side == "boogeyman" for c in deck) == 1
    deck, unused, _ = loyalty_deck(options(3, loyalty_completion="boy"), CAT, Rng(1))
    assert unused == "" and sum(CAT.loyalty_card(c).side == "boogeyman" for c in deck) == 0


def test_completion_gives_an_even_chance_of_no_traitor() -> None:
    """SOL-G2: with the default completion, at 3-4 players nobody is loyal to the Boogeyman in about half
    the games; at 5-6 someone always is."""
    s = new(4)
    for n in (3, 4):
        none = sum(all(side(s, c) != "boogeyman" for c in loyalty_deck(options(n), CAT, Rng(seed))[0])
                   for seed in range(400))
        assert 160 <= none <= 240, none
    for n in (5, 6):
        assert all(any(side(s, c) == "boogeyman" for c in loyalty_deck(options(n), CAT, Rng(seed))[0])
                   for seed in range(50))
    dealt = RULES.setup(options(3), 11)
    assert sorted(dealt.loyalty) == sorted(loyalty_deck(options(3), CAT, _rng_at_loyalty(11))[0])


def _rng_at_loyalty(seed: int) -> Rng:
    """The set-up generator as it stands when the Loyalty deck is built (after tokens and cards)."""
    from companion.games.stuff_of_legend import setup as setup_module

    seen: list[Rng] = []
    real = setup_module.loyalty_deck

    def spy(o: Options, c: object, rng: Rng) -> object:
        seen.append(rng)
        return real(o, c, rng)  # type: ignore[arg-type]

    setup_module.loyalty_deck = spy  # type: ignore[assignment]
    try:
        RULES.setup(options(3), seed)
    finally:
        setup_module.loyalty_deck = real
    return seen[0]


def test_loyalty_dealt_privately() -> None:
    """SOL-23, Game Setup c.: "Deal each player one Loyalty card face down. Players may look at their own"
    - only the holder's observation names its card."""
    s = new(4)
    for seat in s.seats:
        mine = RULES.observe(s, seat)["private"]["loyalty"]["card"]
        assert mine == s.loyalty[s.index(seat)]
        others = [RULES.observe(s, o)["private"]["loyalty"]["card"] for o in s.seats if o != seat]
        assert mine not in others or s.loyalty.count(mine) > 1
    assert RULES.observe(s, "table")["private"] == {}


def test_leaders_and_bridge_set_aside() -> None:
    """SOL-24, Game Setup 9: "Place the Leader markers and the Rope Bridge token next to the game board"."""
    s = RULES.setup(options(4), 1)
    assert "Put the Leader markers and the Rope Bridge token beside the board." in s.notices
    assert s.leaders == () and s.bridge is None


def test_three_locations_beside_brooklyn_turned_up() -> None:
    """SOL-25, Game Setup 10: "Turn the Location cards in the three spaces adjacent to the Brooklyn space
    face up", resolved as on entering; then the turn begins."""
    s = RULES.setup(options(4), 1)
    r = s.head
    assert isinstance(r, RevealLocations) and set(r.spaces) == set(WORLD.neighbours("brooklyn")) and len(r.spaces) == 3
    s = new(4)
    assert isinstance(s.head, ChooseActor) and s.phase == "actions"
    for sp in WORLD.neighbours("brooklyn"):
        loc = s.board[WORLD.ids.index(sp)].location
        assert loc is None or loc.up


def test_brooklyn_own_cards_stay_down() -> None:
    """SOL-G19: Brooklyn's own Location and Encounter stay face down at set-up (the party starts there
    without entering)."""
    s = new(4)
    here = s.board[WORLD.ids.index("brooklyn")]
    assert here.location is not None and not here.location.up
    assert all(not e.up for e in here.encounters)


def test_alternate_heroes_off_by_default() -> None:
    """SOL-118, Using the Alternate Heroes: "We recommend not using any of the Alternate Heroes in your
    first few games" - the default heroes are the six standard ones."""
    assert not any(CAT.hero(h).alternate for h in new(6).seats)


def test_alternate_heroes_replace_their_encounters() -> None:
    """SOL-119: Monty -> Izzira (Jungle), the Mayor (Fillmore) -> Hangman Hank (Hopscotch), the General ->
    O'Neal and Homer -> Torgest (Ruined Zoo): only the chosen heroes' cards are replaced."""
    s = RULES.setup(options(4, heroes=("max", "percy", "monty", "general")), 1)
    used = {e.code for sc in s.board for e in sc.encounters} | {e.code for e in s.extras}
    by = {c.title: c.code for c in CAT.encounters}
    assert by["Izzira - Ally (Alt.)"] in used and by["Monty"] not in used
    assert by["O'Neal - Leader (Alt.)"] in used and by["The General"] not in used
    assert by["Homer"] in used and by["Torgest - Leader (Alt.)"] not in used
    assert by["The Mayor"] in used and by["Hangman Hank - Leader (Alt.)"] not in used
    assert CAT.encounter(by["Izzira - Ally (Alt.)"]).colour == "purple"
    assert "Alternate Heroes (Monty, The General)" in " ".join(s.notices)


def test_bad_options_are_refused_clearly() -> None:
    """SOL-01: set-up errors say what is wrong (unknown hero, duplicate, wrong count, Rifle holder)."""
    for kw, msg in ((dict(heroes=("max", "percy", "harmony", "nobody")), "no Hero sheet"),
                    (dict(heroes=("max", "max", "percy", "harmony")), "different hero"),
                    (dict(heroes=("max", "percy")), "need 4 heroes"),
                    (dict(rifle="quackers"), "not at the table"),
                    (dict(hand_size=0), "hand_size")):
        with pytest.raises(IllegalInput, match=msg):
            RULES.setup(options(4, **kw), 1)
