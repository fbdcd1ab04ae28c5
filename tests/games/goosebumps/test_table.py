"""The physical Goosebumps table as data (issue 25, companion/games/goosebumps/table.py): what
lies on it at set-up, the steps a scripted turn makes, and that random games keep it well formed
(test track: START 0, STEAL 4, R.L. Stine's House 6, ...: gsb_helpers)."""

from __future__ import annotations

from companion.core.table import Thing, steps, table_of
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.game import RULES
from companion.games.goosebumps.state import Options, State

from gsb_helpers import TRACK, play, random_states, scene


def _new(hand: str = "holder") -> State:
    o = Options(players=2, names=("Player 1", "Device"), automated=("Device",), board=TRACK, device_hand=hand)
    return RULES.setup(o, 3)


def _said(before: State, after: State) -> list[str]:
    return [s.text for s in steps(table_of(RULES, before), table_of(RULES, after))]


def test_at_set_up_every_monster_stands_on_start_and_nothing_else_is_on_the_table() -> None:
    """"To Begin": "All players choose a Monster Character and place it on the START space." The
    deal is still to come: no card lies on the table."""
    t = table_of(RULES, _new())
    assert t == {"monster:0": Thing("Player 1's monster", "START"), "monster:1": Thing("Device's monster", "START")}


def test_the_deal_fills_the_holder_face_down_and_a_persons_hand_stays_off_the_table() -> None:
    """"To Begin": "deals each player FOUR cards": Player 1 holds theirs (not on the table); the
    device's go face down into the holder, one a slot, and their values are nowhere in the table."""
    s = _new()
    s1 = play(s, I.Draw(("?",) * 4))
    assert _said(s, s1) == []
    s2 = play(s1, I.Draw(("5", "3", "pal", "1")))
    assert _said(s1, s2) == [f"Put a card on slot {k} of Device's holder, face down" for k in (1, 2, 3, 4)]
    names = {(t.name, t.face) for k, t in table_of(RULES, s2).items() if k.startswith("holder:")}
    assert names == {("a card", "face down")}


def test_issue25_5_the_devices_first_turn_is_each_a_step() -> None:
    """Issue 25 #5: the device's first turn played a 5, moved to space 5 and bumped Player 1 back to
    START ("Moving Back": "The player that was landed on must move back to the spot previously
    occupied by the player that landed on them"): each a step, the card from its holder slot."""
    s = play(_new(), I.Draw(("?",) * 4), I.Draw(("5", "3", "pal", "1")))
    s = play(s, I.Draw(("?",)), I.Play(("5",)))  # Player 1's first turn: a 5, to space 5
    assert [t.place for t in table_of(RULES, s).values() if t.name == "Player 1's monster"] == ["space 5"]
    before = play(s, I.Draw(("2",)))  # the device's first pick-up: one card, into slot 5
    after = RULES.apply(before, I.Play(("5",)))
    assert _said(before, after) == [
        "Take a card off slot 1 of Device's holder",
        "Move Player 1's monster from space 5 to START",
        "Move Device's monster from START to space 5",
        "Put a 5 on the discard pile, face up",
    ]
    # Undo says the same backwards: the 5 back off the pile, both monsters back, the card into slot 1.
    assert _said(after, before) == [
        "Take a 5 off the discard pile",
        "Move Player 1's monster from START to space 5",
        "Move Device's monster from space 5 to START",
        "Put a card on slot 1 of Device's holder, face down",
    ]


def test_a_steal_from_the_holder_is_a_slot_emptied_and_the_stolen_card_played() -> None:
    """Steal: "pick a player (and without looking) steal one of their cards. Play it immediately
    and move accordingly" (rules version 2: the stealer picks the slot, issue 25 #14)."""
    s = scene([1, 0], [("3", "1", "1", "2", "2"), ("4", "4", "6", "2", "6")], automated=("Bob",))
    s = play(s, I.Play(("3",)))  # Ann to space 4: STEAL; Bob is the only one to steal from
    after = play(s, I.Take(slot=3))  # the 6: 4 + 6 = space 10
    assert _said(s, after) == [
        "Take a card off slot 3 of Bob's holder",
        "Move Ann's monster from space 4 (STEAL) to space 10",
        "Put a 6 on the discard pile, face up",
    ]


def test_the_devices_hand_on_the_screen_is_never_on_the_table() -> None:
    """Option device_hand "screen" (issue 25 #8): the device deals from its own shuffle; no real
    card is dealt to it, so its hand is not on the table; the card it plays is (the set-up tells
    the table to find it in the draw pile and lay it face up on the discard pile)."""
    s = play(_new("screen"), I.Draw(("?",) * 4), I.Draw(("*",) * 4))
    assert not [k for k in table_of(RULES, s) if k.startswith("holder:")]
    s = play(s, I.Draw(("?",)), I.Play(("1",)), I.Draw(("*",)))
    card = next(c for c in s.hands[1] if c in "123456" and c)
    after = RULES.apply(s, I.Play((card,)))
    said = _said(s, after)
    assert said[-1] == f"Put a {card} on the discard pile, face up"
    assert not any("holder" in line for line in said)


def test_random_games_keep_every_thing_named_placed_and_its_key_stable() -> None:
    """Over random games (a real table: the holder scanned, people's cards unseen): every Thing has
    a name and a place and a face from the known few; a monster is always keyed by its seat; an
    input that touches no component (a person's pick-up, a decision) leaves the table as it was,
    and a card already on the discard pile keeps its key while the pile only grows."""
    states = random_states(12, seed=4, table=True)
    assert len(states) > 500
    quiet = grew = 0
    for before, after in zip(states, states[1:]):
        t, u = table_of(RULES, before), table_of(RULES, after)
        for key, thing in u.items():
            assert thing.name and thing.place and isinstance(thing.face, str), key
            assert thing.face in ("", "face", "face down"), key
            if key.startswith("holder:"):
                assert thing.name == "a card" and thing.face == "face down"  # never its value
        assert {k for k in u if k.startswith("monster:")} == {f"monster:{i}" for i in range(len(after.seats))}
        if after.seats != before.seats:
            continue  # the next random game
        slots = [h for h, auto in zip(after.hands, after.automated) if auto]
        if (after.positions, after.discard, slots) == (before.positions, before.discard,
                                                        [h for h, a in zip(before.hands, before.automated) if a]):
            assert u == t and not steps(t, u)
            quiet += 1
        if after.discard[:len(before.discard)] == before.discard:
            assert all(u[k] == t[k] for k in t if k.startswith("discard:"))
            grew += 1
    assert quiet > 50 and grew > 200


def test_the_table_is_the_same_in_every_world_a_seat_cannot_tell_apart() -> None:
    """Hidden information (tests/core/test_spoilers.py's property, for the table): a world resampled
    for any seat differs only in what that seat may not know (the other hands, the holder's cards,
    the draw pile), and the table lies the same in it. So the table never shows a hidden card."""
    from companion.core.rng import Rng

    checked = 0
    for k, s in enumerate(random_states(6, seed=9, table=True)[::7]):
        for seat in s.seats:
            world, _ = RULES.resample(s, seat, Rng(k))
            assert table_of(RULES, world) == table_of(RULES, s)
            checked += 1
    assert checked > 100


def test_the_cards_a_person_deals_into_the_holder_are_theirs_done() -> None:
    """"To Begin" (GSB-03): whoever deals puts the device's four cards in its holder, then names
    them: those steps come ticked (`table_entered`); a monster put right by a tap on the track too."""
    s1 = play(_new(), I.Draw(("?",) * 4))
    deal = I.Draw(("5", "3", "pal", "1"))
    after = play(s1, deal)
    assert RULES.table_entered(s1, deal) == {f"holder:1:{k}" for k in (1, 2, 3, 4)}
    assert {k for k in table_of(RULES, after)} - {k for k in table_of(RULES, s1)} == RULES.table_entered(s1, deal)
    fix = I.Place(after.seats[0], 3)
    assert RULES.table_entered(after, fix) == {"monster:0"}
    assert RULES.table_entered(after, I.Pass()) == frozenset()  # what the device works out is to do
