"""Audit: what each seat may know - Exit peeks, the accidental reveal, Scout Ahead, Muddy the Waters -
and a sweep over played games that no observation shows a seat another's hand, loyalty or exit."""

from __future__ import annotations

import pytest
from audit_kit import MUDDY, SCOUT, SCOUT1, SCOUT2, TALK1, WORLD, at_phase1, go, hands, obs_text, quiet, table

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.core.rng import Rng
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.state import Peek, ScanExit, Slot, SpaceCards, Stated

EXITS = WORLD.exits


def _board(s, **spaces):
    board = list(s.board)
    for sid, cards in spaces.items():
        board[WORLD.ids.index(sid)] = cards
    return evolve(s, board=tuple(board))


def _peeked(s, seat, exit, number):
    i = EXITS.index(exit)
    return evolve(s, peeks=s.peeks + (Peek(seat, exit, number, s.exit_epochs[i]),))


# ------------------------------------------------------------------ peeks

def test_a_peek_is_private_and_the_stated_number_may_be_a_lie() -> None:
    """SOL-03, SOL-64, Peeking at an Exit: "No other player is allowed to see this number ... The peeking
    player may choose to fool the other players with a false number if they wish, but they must state a
    number." Percy sees the 5 on his private screen; he says 7; the table sees only who peeked where and
    the 7."""
    s = at_phase1(quiet(table()), exits=(5, 1, 2, 3), box=(4, 6, 7))
    s = evolve(s, pending=(s.pending[0],))
    from companion.games.stuff_of_legend.state import ChooseExit

    s = go(evolve(s, pending=(ChooseExit("percy", EXITS),) + s.pending), I.PeekExit("percy", "exit_north"))
    assert s.head.kind == "state_number"
    with pytest.raises(IllegalInput):
        go(s, I.StateNumberInput("percy", 9))  # a number an Exit token can show
    s = go(s, I.StateNumberInput("percy", 7))
    assert RULES.observe(s, "percy")["private"]["peeks"] == [{"exit": "exit_north", "number": 5}]
    for seat in ("max", "harmony", "table"):
        view = RULES.observe(s, seat)
        north = view["exits"][0]
        assert north["number"] is None and north["peeked_by"] == ["percy"]
        assert [x["number"] for x in north["stated"]] == [7]
        assert view["private"].get("peeks", []) == []


def test_an_accidental_reveal_replaces_the_token_and_the_peekers_look_again() -> None:
    """SOL-65, Peeking at an Exit: "If an Exit token is accidentally revealed during the game, take that
    token and shuffle it face down with the other Exit tokens in the box, then place one of those Exit
    tokens at random in the space from which the Exit token came. Finally, all players who managed to
    peek at that Exit during the game may immediately peek at it again." """
    s = _peeked(at_phase1(quiet(table()), exits=(2, 4, 5, 7), box=(1, 3, 6)), "percy", "exit_north", 2)
    s = go(s, I.AccidentalReveal("exit_north", 0))
    new = s.exits[0]
    assert new in (1, 2, 3, 6) and sorted(s.box + (new,)) == [1, 2, 3, 6]
    assert RULES.observe(s, "percy")["private"]["peeks"] == [{"exit": "exit_north", "number": new}]
    assert RULES.observe(s, "max")["private"]["peeks"] == []
    assert RULES.observe(s, "max")["exits"][0]["exposed"] == [2]
    # Over many seeds the token put back is any of the four, the revealed one included.
    got = {go(evolve(s0, rng=Rng.from_seed(k)), I.AccidentalReveal("exit_north", 0)).exits[0]
           for s0 in [_peeked(at_phase1(quiet(table()), exits=(2, 4, 5, 7), box=(1, 3, 6)), "percy",
                              "exit_north", 2)] for k in range(40)}
    assert got == {1, 2, 3, 6}


def test_an_accidental_reveal_of_physical_tokens_asks_the_peekers_to_scan_again() -> None:
    """SOL-65, SOL-15, with physical Exit tokens the table shuffles and places the token; each player
    who had peeked there scans the new one unseen."""
    s = at_phase1(quiet(table(exits="physical")))
    s = _peeked(evolve(s, exits=(5, 0, 0, 0)), "percy", "exit_north", 5)
    s = go(s, I.AccidentalReveal("exit_north", 5))
    assert s.head.kind == "scan_exit" and s.head.seat == "percy" and s.exits[0] == 0
    s = go(s, I.ExitScanned("SOL:EXIT:03"))
    assert RULES.observe(s, "percy")["private"]["peeks"] == [{"exit": "exit_north", "number": 3}]
    assert RULES.observe(s, "harmony")["private"]["peeks"] == []


def test_physical_exit_scans_tell_no_seat_what_another_scanned() -> None:
    """SOL-03, SOL-15, SOL-64: with physical Exit tokens, Percy scanned the North Exit's token; when Max
    scans the East Exit's, nothing offered to Max (legal inputs, the worlds the AI imagines for him, an
    error message) depends on Percy's number."""
    base = at_phase1(quiet(table(exits="physical")))
    twins = []
    for n in (5, 6):
        s = _peeked(evolve(base, exits=(n, 0, 0, 0)), "percy", "exit_north", n)
        s = evolve(s, stated=(Stated("percy", "exit_north", 7, 0),))
        twins.append(evolve(s, pending=(ScanExit("max", "exit_east", "peek"),) + s.pending))
    a, b = twins
    assert RULES.observe(a, "max") == RULES.observe(b, "max")
    assert RULES.legal_inputs(a, "max") == RULES.legal_inputs(b, "max")
    wa, _ = RULES.resample(a, "max", Rng.from_seed(3))
    wb, _ = RULES.resample(b, "max", Rng.from_seed(3))
    assert wa == wb
    with pytest.raises(IllegalInput) as err:
        go(a, I.ExitScanned("SOL:EXIT:05"))  # a misread: the North Exit's token
    assert "5" not in str(err.value).replace("SOL:EXIT:05", "")


# ------------------------------------------------------------------ Scout Ahead

def _scout_table(**options):
    s = _board(quiet(table(**options)),
               brooklyn=SpaceCards(None, (Slot("SOL:ENCT:02", "green"),)),
               hollow=SpaceCards(Slot("SOL:LOCN:02", "green"), (Slot("SOL:ENCT:06", "green"),)),
               market=SpaceCards(None, (Slot("SOL:ENCT:08", "yellow"), Slot("SOL:ENCT:12", "yellow"))))
    s = hands(at_phase1(s), harmony=(SCOUT, SCOUT2[0], SCOUT1[0]))
    return go(s, I.ChooseActorInput("harmony"), I.Play("harmony", SCOUT), I.Boost("harmony", SCOUT2[0]),
              I.ResolveAction("harmony"))


def test_scout_ahead_peeks_adjacent_cards_or_encounters_here_and_shows_nobody() -> None:
    """SOL-113, Scout Ahead: "you may peek at cards in several adjacent spaces, or at Encounters that are in
    the same space. You may tell the other players what you see, but you may not show them the cards;
    only you are allowed to peek at them." """
    s = _scout_table()
    assert s.head.kind == "scout_peek" and s.head.left == 2
    looks = {x.slot for x in RULES.legal_inputs(s, "harmony") if isinstance(x, I.ScoutLook)}
    assert {"brooklyn:E0", "hollow:L", "hollow:E0"} <= looks and not any(x.startswith("market") for x in looks)
    s = go(s, I.ScoutLook("harmony", "hollow:E0"), I.ScoutLook("harmony", "brooklyn:E0"))
    assert {x["card"] for x in RULES.observe(s, "harmony")["private"]["seen"]} == {"SOL:ENCT:06", "SOL:ENCT:02"}
    for seat in ("max", "percy", "table"):
        text = obs_text(s, seat)
        assert "SOL:ENCT:06" not in text and "SOL:ENCT:02" not in text


def test_scout_ahead_swaps_two_face_down_adjacent_encounters_not_only_those_peeked() -> None:
    """SOL-114, SOL-G14, Scout Ahead: "After peeking, you may swap any two face-down adjacent Encounter
    cards on the game board. This swap is not limited to the Encounter cards you peeked at." By default
    (`scout_swap = "anywhere"`) two cards side by side in the Marble Market may be swapped; with
    `near_party` only cards in the party's space and the spaces next to it."""
    s = go(_scout_table(), I.ScoutLook("harmony", "hollow:E0"), I.ScoutDone("harmony"))
    assert s.head.kind == "scout_swapping"
    s2 = go(s, I.ScoutSwapInput("harmony", "market:E0", "market:E1"))
    assert [e.code for e in s2.board[WORLD.ids.index("market")].encounters] == ["SOL:ENCT:12", "SOL:ENCT:08"]
    s3 = go(s, I.ScoutSwapInput("harmony", "hollow:E0", "brooklyn:E0"))
    assert s3.board[0].encounters[0].code == "SOL:ENCT:06"
    near = go(_scout_table(scout_swap="near_party"), I.ScoutDone("harmony"))
    with pytest.raises(IllegalInput):
        go(near, I.ScoutSwapInput("harmony", "market:E0", "market:E1"))
    go(near, I.ScoutSwapInput("harmony", "hollow:E0", "brooklyn:E0"))


# ------------------------------------------------------------------ Muddy the Waters

def test_muddy_the_waters_swaps_loyalty_cards_and_only_the_two_know() -> None:
    """SOL-04, SOL-112, Muddy the Waters: "It allows you to swap Loyalty cards with another player." Each
    sees the card now in front of them; a third player learns nothing."""
    s = hands(at_phase1(quiet(table())), max=(MUDDY, TALK1[0], TALK1[1]))
    mine, his = s.loyalty[0], s.loyalty[1]
    s = go(s, I.ChooseActorInput("max"), I.Play("max", MUDDY), I.Boost("max", TALK1[0]), I.ResolveAction("max"))
    assert s.head.kind == "choose_target"
    with pytest.raises(IllegalInput):
        go(s, I.Target("max", "max"))
    s = go(s, I.Target("max", "percy"))
    assert RULES.observe(s, "max")["private"]["loyalty"]["card"] == his
    assert RULES.observe(s, "percy")["private"]["loyalty"]["card"] == mine
    harmony = obs_text(s, "harmony")
    assert his not in harmony and mine not in harmony


# ------------------------------------------------------------------ the sweep

def _random_game(options, seed, steps):
    rng = Rng.from_seed(seed)
    s = RULES.setup(options, seed)
    for _ in range(steps):
        if RULES.is_over(s):
            return
        yield s
        actor = RULES.to_act(s)
        if actor.kind == "chance":
            legal = [x for x, _ in RULES.chance_outcomes(s)]
        else:
            legal = RULES.legal_inputs(s, "device")
        k, rng = rng.below(len(legal))
        s = RULES.apply(s, legal[k])


@pytest.mark.parametrize("seed", [11, 12])
def test_no_observation_shows_another_seats_hand_loyalty_or_exit_number(seed) -> None:
    """SOL-03, SOL-23, SOL-34, SOL-64, Game Setup c.: "Players may look at their own Loyalty card, but must
    be careful to keep it secret"; the discard pile is never shown. Over random games (every deck held by
    the device), no seat's observation holds another seat's hand card, another seat's Loyalty card (unless
    a swap taught it), the unused Loyalty card, a discarded card, or an Exit number it did not peek at."""
    from audit_kit import DIGITAL
    from companion.games.stuff_of_legend.state import Options

    options = Options(players=4, rifle="max", **DIGITAL)  # type: ignore[arg-type]
    checked = 0
    for i, s in enumerate(_random_game(options, seed, 400)):
        if i % 5:
            continue
        face_up = {c for _, c in (s.action.cards if s.action else ())}
        for seat in s.seats + ("table",):
            view = RULES.observe(s, seat)
            text = obs_text(s, seat)
            known = {card for who, _, card in s.loyalty_known if who == seat}
            for other, hand, loyal in zip(s.seats, s.hands, s.loyalty):
                if other == seat:
                    continue
                assert not [c for c in hand if c in text], (seat, other)
                if loyal not in known:
                    assert loyal not in text, (seat, other)
            if s.loyalty_unused:
                assert s.loyalty_unused not in text
            assert not [c for c in s.discard_pile if c in text and c not in face_up
                        and c not in (s.hand(seat) if seat in s.seats else ())]
            assert all(e["number"] is None for e in view["exits"])
            mine = {(p.exit, p.value) for p in s.peeks if p.seat == seat}
            assert {(p["exit"], p["number"]) for p in view["private"].get("peeks", [])} <= mine
            checked += 1
    assert checked > 50
