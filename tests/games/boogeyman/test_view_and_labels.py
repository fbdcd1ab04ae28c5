"""Hidden information reaches a screen only through view(state, seat); journal labels read well."""

import json

from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.game import RULES, label
from companion.games.boogeyman.state import Effect, SearchToken

from bgm_helpers import clear_room, competitive, ladder, new_game, play, put


def test_the_table_never_sees_face_down_ladder_tokens_or_search_stacks() -> None:
    s = ladder(new_game(), "14", "23", face_up=False, current=1)
    v = RULES.view(s, "table")
    assert [t["room"] for t in v["ladder"]] == [None, None]
    assert all("stack" not in r for r in v["rooms"].values())
    assert "reserve" not in v and "decks" not in v
    text = json.dumps(v)
    assert "noise" not in text and "skeleton_key" not in text


def test_a_player_run_boogeyman_sees_its_ladder_and_reserve() -> None:
    s = ladder(competitive(), "14", "23")
    v = RULES.view(s, "boogeyman")
    assert [t["room"] for t in v["ladder"]] == ["14", "23"]
    assert v["current_rooms"] == ["23"] and len(v["reserve"]) == 23
    assert RULES.view(s, "table")["ladder"][0]["room"] is None


def test_the_game_run_boogeyman_has_no_player_to_show_secrets_to() -> None:
    s = new_game()
    assert RULES.view(s, "boogeyman")["ladder"][0]["room"] is None
    assert RULES.view(s, "device")["ladder"][0]["room"] == s.ladder[0].room


def test_revealed_tokens_are_public() -> None:
    s = ladder(new_game(), "14", face_up=True)
    assert RULES.view(s, "table")["ladder"][0]["room"] == "14"


def test_the_prompt_says_what_to_do_now() -> None:
    s = put(new_game(), babysitter="1")
    assert RULES.view(s, "table")["prompt"] == "Mike: 3 Actions left"
    s = play(s, I.Move("mike", "1"))
    assert RULES.view(s, "table")["prompt"] == "Mike: draw the top Babysitter card"
    s = play(s, I.CardDrawn("BGM:SITR:01"))
    assert RULES.view(s, "table")["prompt"] == "Daphne: 3 Actions left"


def test_labels_for_the_journal() -> None:
    s = clear_room(put(new_game(), mike="12"), "12", SearchToken("candy"))
    assert label(s, I.Search("mike")) == "Mike searched Room 12"
    assert label(s, I.Move("mike", "C3")) == "Mike moved to corridor C3"
    assert label(s, I.EndTurn()) == "Mike ended the turn"
    assert label(s, I.RollDie(4)) == "The die showed 4"
    assert label(s, I.RollDie()) == "The die: rolled by the device"  # never the number to come: hidden
    assert label(s, I.SpendCandy(-2)) == "Spent 2 Candy (-2)"
    assert label(s, I.PlaceRoomTokens(("7",))) == "The Boogeyman played a Room token"
    assert "7" not in label(s, I.PlaceRoomTokens(("7",)))
    assert label(s, I.ApplyEffects("mike", (Effect("lose_candy", 1),))) == "Mike: lose_candy 1"
    assert label(s, I.FinaleOutcome(True)) == "The Finale ended: the Children won"
    for inp in (I.FlipSwitch("mike"), I.BreakLock("mike"), I.UseKey("mike"), I.Revive("mike", "daphne"),
                I.SpendCandy(0), I.PlayCard("mike", "BGM:SRCH:01"), I.PlaceFigure("babysitter", "3"),
                I.ChooseCardInput("BGM:EVNT:01"), I.SteerBabysitterInput(()),
                I.HideTokensInput((), "1", "2"), I.MissionComplete(), I.StartFinale("mike"),
                I.FinaleOutcome(False)):
        assert label(s, inp)[0].isupper()
    s = play(put(s, babysitter="C3"), I.Move("mike", "C3"))
    # Cards by the name the table gave them, never by code.
    assert label(s, I.CardDrawn("BGM:SITR:04")) == "Mike drew Babysitter card 4"
    assert label(s, I.CardDrawn("BGM:SITR:04", name="Lights out")) == "Mike drew the Babysitter card \u201cLights out\u201d"
    s = play(s, I.CardDrawn("BGM:SITR:04", name="Lights out"))
    assert label(s, I.PlayCard("daphne", "BGM:SITR:04")) == "Daphne played the Babysitter card \u201cLights out\u201d"

