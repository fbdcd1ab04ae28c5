"""'The Boogeyman', 'The Apparitions Ladder', the game-run vs player-run chart, 'The Stress Scale'."""

from dataclasses import replace

import pytest

from companion.core.errors import IllegalInput
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.game import RULES
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.state import (
    ChooseCard,
    ChooseRoomTokens,
    Difficulty,
    DrawCard,
    NeedRoll,
    Phase,
    Switch,
    TieRoll,
)

from bgm_helpers import clear_room, competitive, ladder, new_game, noise, play, put


def end_round(s, n_children: int = 2):  # type: ignore[no-untyped-def]
    for _ in range(n_children):
        s = play(s, I.EndTurn())
    return s


def test_game_run_reveals_the_last_token_at_the_end_of_the_round_and_draws_a_new_one() -> None:
    # "At the end of each round ... the last Room token on the Ladder is flipped over and the
    # Boogeyman is placed in the Room shown." Then "a new, random Room token is drawn".
    s = ladder(put(new_game(), babysitter="10"), "24")
    s = end_round(s)
    assert s.boogeyman == ("24",)
    assert s.ladder[0].face_up and len(s.ladder) == 2 and not s.ladder[1].face_up
    assert s.room("24").switch == Switch.DARK  # type: ignore[union-attr]
    assert s.round == 2 and s.active == "mike"


def test_one_child_in_the_revealed_room_faces_the_boogeyman() -> None:
    s = ladder(put(new_game(), mike="24", daphne="C1", babysitter="10"), "24")
    s = end_round(s)
    assert s.pending == (DrawCard("BOOG", "mike", encounter=True),)
    s = play(s, I.CardDrawn("BGM:BOOG:07"))
    assert s.stress_boogeyman == 1


def test_two_children_in_the_revealed_room_roll_and_the_lowest_faces_it() -> None:
    # "If there are two or more Children in the Room, they must each roll 1 die: whoever rolls the
    # lowest number will be forced to face the Boogeyman." Their own dice, entered at the table.
    s = ladder(put(new_game(), mike="24", daphne="24", babysitter="10"), "24")
    s = end_round(s)
    assert s.pending == (TieRoll(("mike", "daphne"), "boogeyman", on_turn=False),)
    s = play(s, I.RollDie(4), I.RollDie(1))
    assert s.pending == (DrawCard("BOOG", "daphne", encounter=True),)


def test_only_the_babysitter_there_is_possessed() -> None:
    s = ladder(put(new_game(), mike="1", daphne="1", babysitter="C2"), "C2")
    s = replace(s, reserve=tuple(r for r in s.reserve))
    s = ladder(s, "9")
    s = put(s, babysitter="9")
    s = end_round(s)
    assert any("Possessed" in n for n in s.notices)
    # "roll 1 die and move the Babysitter that many Rooms toward the nearest Child": the table's die.
    assert s.pending == (NeedRoll("", "possessed", on_turn=False),)
    s = play(s, I.RollDie(2))
    # Both children are equally near: "they each must roll 1 die and the Babysitter will go toward
    # the Child who rolled the lowest number".
    assert s.pending == (TieRoll(("mike", "daphne"), "possessed", steps=2, on_turn=False),)
    s = play(s, I.RollDie(5), I.RollDie(3))
    assert s.babysitter != "9" and not s.pending


def test_adults_and_children_together_nothing_happens() -> None:
    # "If both the Babysitter and any Children are in the Room, nothing happens"
    s = ladder(put(new_game(), mike="9", daphne="C1", babysitter="9"), "9")
    s = end_round(s)
    assert s.pending == () and s.boogeyman == ("9",)
    assert any("shadows" in n for n in s.notices)


def test_entering_the_room_of_the_last_token_reveals_and_encounters() -> None:
    # "If a Child or the Babysitter moves into the Room that the Boogeyman is in at that moment
    # (matching the last token played), ... they must place the Boogeyman in that Room and encounter it"
    s = ladder(put(new_game(), babysitter="10"), "3")
    s = play(s, I.Move("mike", "3"))
    assert s.boogeyman == ("3",) and s.ladder[-1].face_up
    assert s.room("3").switch == Switch.DARK  # type: ignore[union-attr]
    assert s.pending == (DrawCard("BOOG", "mike", encounter=True, ends_turn=True),)


def test_the_revealed_miniature_stays_and_entering_its_room_is_an_encounter() -> None:
    # "If a Child decides to enter that Room in the meantime, they must immediately draw a Boogeyman card"
    s = ladder(put(new_game(), babysitter="10", boogeyman="4"), "24", face_up=False)
    s = play(s, I.Move("mike", "4"))
    assert s.pending == (DrawCard("BOOG", "mike", encounter=True, ends_turn=True),)
    with pytest.raises(IllegalInput, match="Not yet: the game waits for \u201cMike: draw the top Boogeyman card"):
        play(s, I.Move("mike", "C1"))


def test_tommy_example_player_run_reveals_older_tokens_only_for_children() -> None:
    # Example: tokens 14, 23 and 8 on the Ladder. The Babysitter moves into Room 23: not the last
    # token, nothing happens. Tommy moves into Room 14: that token is flipped, the Light turns Dark.
    s = competitive(children=("tommy", "mike"))
    s = ladder(put(s, tommy="C3", babysitter="C5"), "14", "23", "8")
    s = play(s, I.PlaceFigure("babysitter", "23"))
    assert [t.face_up for t in s.ladder] == [False, False, False]
    s = play(s, I.Move("tommy", "14"))
    assert [t.face_up for t in s.ladder] == [True, False, False]
    assert s.room("14").switch == Switch.DARK and s.pending == ()  # type: ignore[union-attr]
    assert s.boogeyman == ()


def test_player_run_no_automatic_reveal_and_the_player_chooses_the_token() -> None:
    # Chart: "Reveal a Room it was in only if one of the Children or the Babysitter enters that room."
    # Nobody is in Room 24 when its turn comes: it stays hidden.
    s = competitive()
    s = ladder(put(s, mike="23", daphne="C1"), "24")
    s = end_round(s)
    assert s.boogeyman == () and not s.ladder[0].face_up
    assert s.pending == (ChooseRoomTokens(1),)
    with pytest.raises(IllegalInput, match="on the Ladder"):
        play(s, I.PlaceRoomTokens(("24",)))
    s = play(s, I.PlaceRoomTokens(("7",)))
    assert s.ladder[-1].room == "7" and s.current_rooms == ("7",) and s.round == 2


def test_a_token_on_the_ladder_is_not_reused_until_the_ladder_is_full() -> None:
    # "any Room token placed on the Ladder cannot be used again until the entire Ladder is completely
    # full (10 Room tokens have been played). At this point, all of the Room tokens are taken back"
    s = new_game()
    seen: list[str] = [s.ladder[0].room]
    for _ in range(9):
        s = end_round(s)
        seen.append(s.ladder[-1].room)
        s = put(s, mike="C1", daphne="C1")
        s = replace(s, pending=(), turn_ending=False)
    assert len(seen) == 10 and len(set(seen)) == 10 and len(s.ladder) == 10
    s = end_round(s)
    assert len(s.ladder) == 1 and len(s.reserve) == 24


def test_event_symbol_draws_an_event_for_the_next_round() -> None:
    # "Each time a Room token is placed in a space on the Ladder with the Event symbol, an Event card
    # must be drawn" and "When it is the Boogeyman's turn again, they must discard this card".
    # The game-run Boogeyman's card is drawn from the real deck: the table is told to draw the top
    # Event card and says which it was.
    house = house_for("")
    s = put(new_game(), mike="C1", daphne="C1")
    first_event = min(house.ladder_event_spaces)
    while len(s.ladder) < first_event - 1:
        s = replace(end_round(s), pending=(), turn_ending=False)
    s = end_round(s)
    assert s.pending[-1] == DrawCard("EVNT", "")
    assert s.round == first_event  # drawn once the next round began: the prompt says "this round"
    assert RULES.view(s, "table")["prompt"] == ("Draw the top Event card (it lasts this round, until the "
                                                 "Boogeyman's next turn)")
    s = play(replace(s, pending=s.pending[-1:]), I.CardDrawn("BGM:EVNT:04", name="Blackout"))
    assert s.active_event == "BGM:EVNT:04" and "Event: Blackout. It lasts the whole next round" in s.notices
    assert "BGM:EVNT:04" not in s.deck("EVNT").remaining
    event = s.active_event
    s = replace(end_round(put(s, mike="C1", daphne="C1")), pending=())
    assert event in s.deck("EVNT").discard


def test_player_run_chooses_event_trouble_and_nightmare_cards() -> None:
    s = competitive()
    s = replace(s, stress_babysitter=2)
    s = play(s, I.Move("mike", "C2"), I.Move("mike", "10"))
    s = play(s, I.CardDrawn("BGM:SITR:01"))
    assert s.stress_babysitter == 3
    assert s.pending == (ChooseCard("TRBL", "mike"),)
    with pytest.raises(IllegalInput, match="choose a Trouble card"):
        play(s, I.ChooseCardInput("BGM:NGHT:01"))
    s = play(s, I.ChooseCardInput("BGM:TRBL:05"))
    assert "BGM:TRBL:05" not in s.deck("TRBL").remaining
    with pytest.raises(IllegalInput):
        play(s, I.ChooseCardInput("BGM:TRBL:05"))


def test_trouble_symbol_game_run_the_table_draws_the_top_trouble_card() -> None:
    # "If either the Boogeyman or the Babysitter token reaches a space with this symbol, you must
    # immediately draw a Trouble card and play it." A physical draw: no card number to look for.
    house = house_for("")
    s = replace(put(new_game(), babysitter="1"), stress_babysitter=min(house.stress_trouble) - 1)
    s = play(s, I.Move("mike", "1"), I.CardDrawn("BGM:SITR:01"))
    assert s.pending == (DrawCard("TRBL", "mike"),)
    assert RULES.view(s, "table")["prompt"] == "Draw the top Trouble card and play it now"
    s = play(s, I.CardDrawn("BGM:TRBL:03", name="Power cut"))
    assert s.trouble == "BGM:TRBL:03" and "Trouble: Power cut. Play it now" in s.notices
    # It is shown until the Boogeyman's next turn.
    assert end_round(replace(s, turn=1)).trouble == ""


def test_both_stress_tokens_at_the_top_the_children_lose() -> None:
    # "if both tokens ... reach the top ..., the game ends immediately and all the Children lose!"
    house = house_for("")
    s = replace(put(new_game(), babysitter="1"), stress_boogeyman=house.stress_top,
                stress_babysitter=house.stress_top - 1)
    s = play(s, I.Move("mike", "1"), I.CardDrawn("BGM:SITR:01"))
    assert s.phase == Phase.OVER and s.winner == "boogeyman"
    with pytest.raises(IllegalInput, match="over"):
        play(s, I.EndTurn())


def test_one_token_at_the_top_stays_there() -> None:
    house = house_for("")
    s = replace(put(new_game(), babysitter="1"), stress_babysitter=house.stress_top)
    s = play(s, I.Move("mike", "1"), I.CardDrawn("BGM:SITR:01"))
    assert s.stress_babysitter == house.stress_top and s.phase == Phase.PLAY


def test_a_card_cancelling_the_encounter_means_no_card_and_no_stress() -> None:
    # "if you play a card that cancels an encounter ..., you do not draw a card and you do not have
    # to advance their token on the Stress Scale"
    from companion.games.boogeyman.state import Effect

    s = put(new_game(), babysitter="1")
    s = play(s, I.Move("mike", "1"), I.PlayCard("mike", "BGM:SRCH:20", (Effect("cancel_encounter"),)))
    assert s.pending == () and s.stress_babysitter == 0


def test_nightmare_mode_plays_two_room_tokens_a_turn() -> None:
    # "in this mode, during the Boogeyman's turn you will draw 2 Room tokens instead of 1"
    s = new_game(difficulty=Difficulty.NIGHTMARE)
    s = put(s, mike="C1", daphne="C1")
    s = end_round(s)
    assert len(s.ladder) == 3 and len(s.current_rooms) == 2
    s = end_round(replace(s, pending=(), turn_ending=False))
    assert len(s.boogeyman) == 2


def test_meeting_it_at_the_end_of_the_round_does_not_cut_the_next_turn_short() -> None:
    # The reveal happens on the Boogeyman's turn; Mike (first next round) still gets his 3 Actions.
    s = ladder(put(new_game(), mike="24", daphne="C1", babysitter="10"), "24")
    s = end_round(s)
    s = play(s, I.CardDrawn("BGM:BOOG:07"))
    assert s.active == "mike" and s.actions_left == 3 and not s.turn_ending
    s = play(s, I.Move("mike", "C5"))
    assert s.child("mike").zone == "C5"


def test_only_one_miniature_when_the_babysitter_finds_it_with_a_child() -> None:
    s = ladder(put(new_game(), mike="1", daphne="4", babysitter="10", boogeyman="16"), "4")
    s = clear_room(s, "1", noise(3))
    s = play(s, I.Search("mike"))
    assert s.babysitter == "C1" or s.boogeyman in (("16",), ("4",))
    s2 = put(s, babysitter="C1")
    s2 = play(s2, I.PlaceFigure("babysitter", "4"))
    assert s2.boogeyman == ("4",)


def test_nightmare_mode_fills_the_tenth_space_before_the_ladder_clears() -> None:
    # 'The Boogeyman': a token "cannot be used again until the entire Ladder is completely full (10
    # Room tokens have been played). At this point, all of the Room tokens are taken back". Nightmare
    # Mode: "you will draw 2 Room tokens instead of 1 ... the Boogeyman will be in 2 rooms at the
    # same time". With 9 on the Ladder the first token fills space 10; the Ladder is full, so the
    # others go back; that first token is where the Boogeyman is now, so it stays (on space 1) and
    # the second is drawn from the new reserve.
    s = new_game(difficulty=Difficulty.NIGHTMARE)
    s = put(ladder(s, *[str(r) for r in range(1, 10)], face_up=True), mike="C1", daphne="C1")
    s = replace(s, boogeyman=())
    first = s.reserve[0]
    s = end_round(s)
    assert [t.room for t in s.ladder][0] == first and len(s.ladder) == 2
    assert len(s.current_rooms) == 2 and len(s.reserve) == 23 and first not in s.reserve
    assert any("shuffled back; this turn's first token stays" in n for n in s.notices)


def test_a_player_run_boogeyman_fills_space_10_then_may_replay_any_token() -> None:
    s = competitive(difficulty=Difficulty.NIGHTMARE)
    s = put(ladder(s, *[str(r) for r in range(1, 10)]), mike="C1", daphne="C1")
    s = end_round(s)
    assert s.pending == (ChooseRoomTokens(2),)
    with pytest.raises(IllegalInput, match="on the Ladder"):
        play(s, I.PlaceRoomTokens(("3", "12")))  # space 10 is filled from the reserve
    s = play(s, I.PlaceRoomTokens(("12", "3")))  # then the Ladder is full: 3 is back in the reserve
    assert [t.room for t in s.ladder] == ["12", "3"] and s.current_rooms == ("12", "3")
