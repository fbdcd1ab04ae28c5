"""The exits, peeks and loyalty: who wins (SOL-03..09, SOL-64, SOL-65, SOL-107..109, SOL-112, SOL-G3, G20)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.ending import correct_exit
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.protocol import observe
from companion.games.stuff_of_legend.state import ChooseExit, ChooseTarget, ScanExit, ScanLoyalty, StateNumber
from sol_helpers import (
    CAT, WORLD, act, apply, card, encounter, everyone_votes, hand, legal, loyalty, notices, plain, quest_here, ready,
)

EXITS = WORLD.exits


def enter_exit(s, exit):  # type: ignore[no-untyped-def]
    gate = WORLD.neighbours(exit, ("aviary", "vines"))[0]
    s = evolve(s, party=gate, bridge=("aviary", "vines"))
    return everyone_votes(apply(act(s, "max"), I.Move("max", exit, s.hand("max")[0])))


def with_exits(s, *values):  # type: ignore[no-untyped-def]
    rest = tuple(sorted(set(range(1, 8)) - set(values)))
    return evolve(s, exits=tuple(values), box=rest)


def seated(s, *sides):  # type: ignore[no-untyped-def]
    """Loyalty cards by side, in seat order."""
    got: dict[str, int] = {}
    cards = []
    for side in sides:
        cards.append(loyalty(side, got.get(side, 0)))
        got[side] = got.get(side, 0) + 1
    return evolve(s, loyalty=tuple(cards), dealt=tuple(cards), loyalty_unused="")


def test_loyalty_private_until_the_end() -> None:
    """SOL-03, Overview: "loyalty is revealed only at the end of the game" - then every observation shows all."""
    s = seated(ready(4), "boy", "boogeyman", "boy", "successor")
    for seat in s.seats:
        seen = str(observe(s, seat))
        for other, code in zip(s.seats, s.loyalty):
            if other != seat and code not in (s.loyalty[s.index(seat)],):
                assert code not in seen
    s = enter_exit(with_exits(s, 2, 4, 5, 7), "exit_falls")
    assert RULES.is_over(s)
    res = observe(s, "table")["result"]["loyalty"]
    assert [res[x]["card"] for x in s.seats] == list(s.loyalty)


def test_loyalty_can_change_hands() -> None:
    """SOL-04, SOL-112, Muddy the Waters: loyalty per seat can change; Muddy the Waters swaps two Loyalty
    cards, and each of the two knows the other's now."""
    muddy = card("Muddy the Waters")
    s = seated(ready(4), "boogeyman", "boy", "boy", "boy")
    s = hand(s, "percy", muddy, plain("talk"), plain("fight"))
    s = apply(act(s, "percy"), I.Play("percy", muddy), I.ResolveAction("percy"))  # 1 + Percy's 2 Talk
    assert isinstance(s.head, ChooseTarget)
    with pytest.raises(IllegalInput, match="another player"):
        RULES.apply(s, I.Target("percy", "percy"))
    s = RULES.apply(s, I.Target("percy", "max"))
    assert CAT.loyalty_card(s.loyalty[1]).side == "boogeyman" and CAT.loyalty_card(s.loyalty[0]).side == "boy"
    assert observe(s, "max")["private"]["loyalty_known"][0]["seat"] == "percy"
    assert observe(s, "harmony")["private"]["loyalty_known"] == []


def test_pass_loyalty_left() -> None:
    """SOL-04: a Boogeyman card may change loyalties (the stand-in Whispers in the Dark passes every Loyalty
    card to the left)."""
    from companion.games.stuff_of_legend.effects import pass_loyalty

    s = seated(ready(4), "boogeyman", "boy", "boy", "successor")
    t = pass_loyalty(s)
    assert t.loyalty == s.loyalty[-1:] + s.loyalty[:-1]


def test_entering_an_exit_ends_the_game() -> None:
    """SOL-05, Winning the Game: "When the Hero Party enters a space that contains an Exit token, the game
    ends"."""
    s = enter_exit(with_exits(ready(4), 1, 2, 3, 4), "exit_north")
    assert RULES.is_over(s) and RULES.to_act(s).kind == "nobody"
    with pytest.raises(IllegalInput, match="over"):
        RULES.apply(s, I.ChooseActorInput("max"))


def test_wrong_exit_or_boy_lost_for_the_boogeyman() -> None:
    """SOL-06, SOL-07, SOL-108: the Boogeyman's side wins at a wrong exit (or when the Boy is lost); the Boy's
    side wins at the correct exit."""
    base = seated(with_exits(ready(4), 2, 4, 5, 7), "boy", "boogeyman", "boy", "successor")
    right = enter_exit(base, "exit_falls")  # 7 is the highest
    r = RULES.result(right)
    assert right.winner == "boy" and r is not None and set(r.winners) == {"max", "harmony", "princess"}
    assert r.reason == "correct_exit" and r.scores["percy"] == 0.0
    wrong = enter_exit(base, "exit_north")
    r = RULES.result(wrong)
    assert wrong.winner == "boogeyman" and r is not None and r.winners == ("percy",) and r.reason == "wrong_exit"


def test_nobody_wins_when_nobody_is_on_that_side() -> None:
    """SOL-108, SOL-109: with nobody loyal to the Boogeyman, a wrong exit or BOY LOST leaves no winner."""
    s = enter_exit(seated(with_exits(ready(4), 2, 4, 5, 7), "boy", "boy", "boy", "successor"), "exit_north")
    r = RULES.result(s)
    assert r is not None and r.winners == () and "nobody wins" in notices(s)


def test_four_exits_one_correct() -> None:
    """SOL-08: four exits in play, numbers 1 to 7, one correct; three tokens stay in the box."""
    s = ready(4)
    assert len(EXITS) == 4 and len(s.exits) == 4 and all(1 <= v <= 7 for v in s.exits)


def test_correct_exit_examples() -> None:
    """SOL-09, Finding the Exit, Examples A and B; Ending the Game: the highest number, except exit 1 when 1
    and 7 are both in play."""
    assert correct_exit(dict(zip("abcd", (2, 4, 5, 7)))) == "d"  # Example A
    assert correct_exit(dict(zip("abcd", (1, 3, 6, 7)))) == "a"  # Example B
    assert correct_exit(dict(zip("abcd", (2, 4, 6, 7)))) == "d"  # Ending the Game
    assert correct_exit(dict(zip("abcd", (1, 2, 3, 6)))) == "d"
    s = enter_exit(seated(with_exits(ready(4), 7, 3, 6, 1), "boy", "boy", "boy", "boy"), "exit_falls")
    assert s.correct_exit == "exit_falls" and s.winner == "boy"


def test_peek_is_private_and_the_peeker_states_a_number() -> None:
    """SOL-64, Peeking at an Exit: the actor looks secretly, then must tell the table a number, true or not;
    only the peeker's observation holds the real one."""
    quest = encounter("Read the Signs")
    s = with_exits(quest_here(ready(4), quest), 3, 6, 2, 5)
    s = hand(s, "harmony", plain("scout"), plain("scout", 2), plain("talk"))
    s = apply(act(s, "harmony"), I.AttemptQuest("harmony", quest), I.Boost("harmony", plain("scout")),
              I.Boost("harmony", plain("scout", 2)), I.ResolveAction("harmony"))
    assert isinstance(s.head, ChooseExit) and set(s.head.choices) == set(EXITS)
    s = RULES.apply(s, I.PeekExit("harmony", "exit_east"))
    assert isinstance(s.head, StateNumber)
    assert observe(s, "harmony")["private"]["peeks"] == [{"exit": "exit_east", "number": 6}]
    for other in ("max", "percy", "table"):
        assert observe(s, other)["exits"][1]["number"] is None
    assert observe(s, "max")["exits"][1]["peeked_by"] == ["harmony"]
    with pytest.raises(IllegalInput, match="1 to 7"):
        RULES.apply(s, I.StateNumberInput("harmony", 9))
    s = RULES.apply(s, I.StateNumberInput("harmony", 2))  # a lie is allowed
    assert observe(s, "max")["exits"][1]["stated"] == [{"seat": "harmony", "number": 2, "current": True}]
    assert "says the Exit token of East Exit shows 2" in notices(s)
    assert RULES.label(s, I.PeekExit("harmony", "exit_east")) == "Harmony peeked at East Exit"


def test_physical_exit_tokens_scanned_unseen() -> None:
    """SOL-64, SOL-15: physical Exit tokens: the peeker scans the token's sticker without showing it; the
    device learns the number for the end and shows it only to the peeker."""
    s = ready(4, exits="physical")
    from companion.games.stuff_of_legend.board import peek

    s = peek(s, "max", "exit_north")
    assert isinstance(s.head, ScanExit) and RULES.to_act(s).seat == "max"
    assert len(RULES.chance_outcomes(s)) == 7
    with pytest.raises(IllegalInput, match="not an Exit token's sticker"):
        RULES.apply(s, I.ExitScanned("SOL:EXIT:09"))
    s = RULES.apply(s, I.ExitScanned("SOL:EXIT:04"))
    assert s.exits[0] == 4 and observe(s, "max")["private"]["peeks"] == [{"exit": "exit_north", "number": 4}]
    assert observe(s, "percy")["exits"][0]["number"] is None and isinstance(s.head, StateNumber)
    assert RULES.label(s, I.ExitScanned("SOL:EXIT:04")) == "An Exit token was scanned"


def test_accidental_reveal_digital() -> None:
    """SOL-65: a token seen by accident is shuffled face down with the three unused ones, one of those four is
    placed at random, and everyone who had peeked there may peek again."""
    s = with_exits(ready(4), 3, 6, 2, 5)
    from companion.games.stuff_of_legend.board import peek

    s = apply(peek(s, "harmony", "exit_east"), I.StateNumberInput("harmony", 6))
    s = RULES.apply(s, I.AccidentalReveal("exit_east", 0))
    assert "it showed 6" in notices(s) and sorted(s.box + (s.exits[1],)) == [1, 4, 6, 7]
    assert observe(s, "harmony")["private"]["peeks"] == [{"exit": "exit_east", "number": s.exits[1]}]
    assert observe(s, "max")["exits"][1]["exposed"] == [6]
    assert observe(s, "max")["exits"][1]["stated"][0]["current"] is False
    seen = {RULES.apply(evolve(s, rng=evolve(s.rng, state=k), exits=(3, 6, 2, 5), box=(1, 4, 7)),
                        I.AccidentalReveal("exit_east", 0)).exits[1] for k in range(60)}
    assert seen == {1, 4, 6, 7}


def test_accidental_reveal_physical() -> None:
    """SOL-65 with physical tokens: the table shuffles and places one; each past peeker scans it again."""
    s = ready(4, exits="physical")
    from companion.games.stuff_of_legend.board import peek

    s = apply(peek(s, "harmony", "exit_east"), I.ExitScanned("SOL:EXIT:06"), I.StateNumberInput("harmony", 6))
    s = RULES.apply(s, I.AccidentalReveal("exit_east", 6))
    assert isinstance(s.head, ScanExit) and s.head.why == "repeek" and s.head.seat == "harmony" and s.exits[1] == 0
    s = RULES.apply(s, I.ExitScanned("SOL:EXIT:01"))
    assert observe(s, "harmony")["private"]["peeks"] == [{"exit": "exit_east", "number": 1}]
    with pytest.raises(IllegalInput, match="1 to 7"):
        RULES.apply(s, I.AccidentalReveal("exit_east", 0))


def test_end_turns_all_exit_tokens_up() -> None:
    """SOL-107, Ending the Game: "First, turn all four Exit tokens face up" - physical tokens are scanned
    face up at the end; then the Loyalty cards."""
    s = evolve(ready(4, exits="physical", loyalty="physical"), loyalty=("",) * 4)
    s = enter_exit(s, "exit_north")
    assert isinstance(s.head, ScanExit) and s.head.why == "end" and not RULES.is_over(s)
    for e, n in zip(EXITS, (3, 5, 2, 1)):
        s = RULES.apply(s, I.ExitScanned(f"SOL:EXIT:{n:02d}"))
    assert isinstance(s.head, ScanLoyalty) and s.head.seat == "max"
    for seat, side in zip(s.seats, ("boy", "boogeyman", "boy", "boy")):
        s = RULES.apply(s, I.LoyaltyShown(seat, loyalty(side, 0 if seat in ("max", "percy") else
                                                         (1 if seat == "harmony" else 2))))
    assert RULES.is_over(s) and s.correct_exit == "exit_east" and s.winner == "boogeyman"
    assert RULES.result(s).winners == ("percy",)  # type: ignore[union-attr]


def test_successor_and_friend_sides_are_settings() -> None:
    """SOL-G3: the Colonel's Successor and the Scout's Friend count as loyal to the Boy (settings)."""
    s = seated(with_exits(ready(6), 2, 4, 5, 7), "boy", "boy", "boogeyman", "successor", "friend", "boy")
    won = enter_exit(s, "exit_falls")
    assert set(RULES.result(won).winners) == {"max", "percy", "princess", "jester", "quackers"}  # type: ignore[union-attr]
    t = evolve(s, options=evolve(s.options, successor_side="boogeyman"))
    lost = enter_exit(t, "exit_north")
    assert set(RULES.result(lost).winners) == {"harmony", "princess"}  # type: ignore[union-attr]


def test_no_page_references() -> None:
    """SOL-G20: the rulebook's page numbers and figure letters point to a missing layout; the device's words
    never send the table to a page."""
    s = ready(4)
    texts = [observe(s, "max")["prompt"], *RULES.setup(s.options, 1).notices]
    assert not any(" p. " in t or "(A)" in t for t in texts)
    assert legal(s)
