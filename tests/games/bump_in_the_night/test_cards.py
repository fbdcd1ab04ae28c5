"""The cards: the catalogue, Action cards in your turn, Block cards in Step 5, Bonus cards when
another player uses your monster, and the cards drawn for scaring."""

from __future__ import annotations

from pathlib import Path

import pytest

from bin_helpers import C, H, play, table, where
from companion import cli
from companion.core.errors import IllegalInput
from companion.games.bump_in_the_night import moves, scare
from companion.games.bump_in_the_night.cards import (
    ACTION,
    BLOCK,
    BONUS,
    DECK_SIZES,
    check_cards,
    code,
    default_cards_path,
    load_cards,
)
from companion.games.bump_in_the_night.game import RULES
from companion.games.bump_in_the_night.inputs import Bonus, Done, Draw, PlayCard, Run, Scare
from companion.games.bump_in_the_night.rules import apply
from companion.games.bump_in_the_night.state import GHOST, GOBLIN, SUPPLY, Options

FREEDOM, PANIC, QUICK, RATTLE, SURPRISE, TERROR, EVERYWHERE, VISION, UNKNOWN = (
    code(ACTION, n) for n in (1, 4, 7, 10, 13, 16, 18, 21, 23))
LIGHTS, CHARM, KEY, RETURN, REVIVE, UNKNOWN_BLOCK = (code(BLOCK, n) for n in (1, 3, 4, 9, 11, 13))
DEN_OF_EVIL, LOST_FOREVER = code(BONUS, 1), code(BONUS, 5)
CATALOGUE = default_cards_path().read_text(encoding="utf-8")


def test_fifty_two_cards_in_three_decks():
    """BIN-04, Parts List, Cards: "52 assorted cards": "Red Action cards (25)", "Yellow Block cards
    (20)", "Purple Bonus cards (7, one each)", with the titles the table lists."""
    cards = load_cards().cards
    assert len(cards) == 52 and DECK_SIZES == {ACTION: 25, BLOCK: 20, BONUS: 7}
    names = {c.name for c in cards}
    for title in ("Freedom's Gate", "Panic", "Quick, in here!", "Rattle the Chains", "Surprise", "Terror",
                  "They're Everywhere", "Vision of Death", "Bright Lights", "A Charm Against Ghosts",
                  "I've Got a Key", "Protected from Poltergeists", "Ready for the Goblin's Tricks",
                  "Return to the Shadows", "Revive", "Den of Evil", "Descent Into Hell", "Final Resting Place",
                  "Infernal Tools", "Lost Forever", "Midnight in the Garden of Goo", "Sleep of the Dead"):
        assert title in names
    assert sum(1 for c in cards if c.name == "Freedom's Gate") == 3


def test_the_counts_that_do_not_add_up_are_unknown_cards():
    """BIN-G3: the listed titles make 22 Action and 12 Block cards against 25 and 20: the other 3
    and 8 are "Unknown" cards (no effect until named), and the deck keeps its 52."""
    cards = load_cards().cards
    assert sum(1 for c in cards if c.deck == ACTION and c.name.startswith("Unknown")) == 3
    assert sum(1 for c in cards if c.deck == BLOCK and c.name.startswith("Unknown")) == 8
    s = table(step=1, hands={"red": (UNKNOWN,)})
    with pytest.raises(IllegalInput, match="not in the catalogue"):
        apply(s, PlayCard(UNKNOWN))
    assert not [x for x in moves.legal(s, C) if isinstance(x, PlayCard)]


def test_card_texts_live_in_the_catalogue_which_says_it_is_a_guess():
    """BIN-G4: no card text is printed: every effect is catalogue data the table checks."""
    assert "CHECK THIS AGAINST YOUR PRINTED CARDS" in CATALOGUE
    assert check_cards(default_cards_path(), frozenset(r.id for r in H.rooms)) == []


@pytest.mark.parametrize(("old", "new", "needle", "words"), [
    ('effect = "open_gates"', 'effect = "fly"', 'effect = "fly"', "effect must be one of"),
    ("copies = [21, 22]", "copies = [21, 26]", "copies = [21, 26]", "past the deck"),
    ("numbers = [3, 4]\neffect = \"extra_scare\"", "numbers = [3, 9]\neffect = \"extra_scare\"", "numbers = [3, 9]",
     "corner number"),
    ('room = "den"', 'room = "attic"', 'room = "attic"', "no tile has a room"),
    ('monster = "ghost"', 'monster = "vampire"', 'monster = "vampire"', "monster must be"),
    ('n = 2', 'n = 0', 'n = 0', "needs n"),
])
def test_catalogue_mistakes_name_their_line(tmp_path: Path, old: str, new: str, needle: str, words: str):
    assert CATALOGUE.count(old) == 1, old
    text = CATALOGUE.replace(old, new)
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    line = [i + 1 for i, ln in enumerate(text.splitlines()) if needle in ln][0]
    issues = check_cards(path, frozenset(r.id for r in H.rooms))
    assert any(i.line == line and words in i.message for i in issues), issues


def test_cards_check_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    assert cli.main(["bin", "cards", "check"]) == 0
    assert "52 cards, 11 without a known effect" in capsys.readouterr().out
    path = tmp_path / "cards.toml"
    path.write_text(CATALOGUE.replace("copies = [1, 2, 3]\nnumbers = [1, 2, 3]\neffect = \"open_gates\"",
                                      "copies = [1, 2]\nnumbers = [1, 2]\neffect = \"open_gates\""), encoding="utf-8")
    assert cli.main(["bin", "cards", "check", str(path)]) == 1
    assert "BIN:ACTN:03" in capsys.readouterr().err


# ---------------------------------------------------------------- Action cards


def test_action_cards_are_played_any_time_in_your_own_turn():
    """BIN-20, Figure 4 and Glossary: "Action Cards are only played during a player's turn" /
    "Played by the active player anytime during their turn." In any step, never by another seat."""
    for step in (1, 2, 3, 4, 5):
        s = table(step=step, hands={"red": (FREEDOM,)})
        assert PlayCard(FREEDOM) in moves.legal(s, C)
        assert apply(s, PlayCard(FREEDOM)).turn.gates_open
    s = table(step=2, hands={"yellow": (FREEDOM,)})
    assert not [x for x in RULES.legal_inputs(s, "yellow") if isinstance(x, PlayCard)]
    with pytest.raises(IllegalInput, match="does not hold"):
        apply(s, PlayCard(FREEDOM))


def test_freedoms_gate_opens_the_gates_only_for_this_turn():
    """BIN-58: "only open for that player's turn": the gates are shut again at the next turn."""
    s = apply(table(step=4, hands={"red": (FREEDOM,)}), PlayCard(FREEDOM))
    assert s.turn.gates_open and s.deck.discard_pile == (FREEDOM,)
    with pytest.raises(IllegalInput, match="already open"):
        apply(table(step=4, hands={"red": (FREEDOM,)}, gates_open=True), PlayCard(FREEDOM))
    nxt = play(s, Done(), Done())
    assert nxt.seats[nxt.active] == "yellow" and not nxt.turn.gates_open


def test_panic_and_terror_raise_the_next_scare():
    """BIN-20 (catalogue effects scare_plus and terror_plus, BIN-G4): Panic gives 2 more free
    moves, Terror 1 more starting terror, to the next scare this turn only."""
    s = table(step=3, moved={"laundry": 1}, monsters={"red": {"cat": "laundry"}}, hands={"red": (PANIC, TERROR)})
    s = play(s, PlayCard(PANIC), PlayCard(TERROR))
    assert scare.initial_value(s, C, 0, 0)[0] == 0 + 1 + 2
    after = play(s, Scare("red", "cat"))
    assert any("= 3: 3 free moves, terror starts at 2" in n for n in after.notices)
    assert after.turn.scare_plus == 0 and after.turn.terror_plus == 0
    with pytest.raises(IllegalInput, match="no scare is left"):
        apply(table(step=4, hands={"red": (PANIC,)}), PlayCard(PANIC))


def test_vision_of_death_gives_a_second_scare_and_draws_stay_once_per_monster():
    """BIN-24/BIN-34, Card Overview: "The player owning the monster draws a card. Note that this
    can only be done once per monster per player turn." Yellow's Ghost used twice in one turn
    (Vision of Death): one card for yellow."""
    s = table(step=3, moved={"laundry": 1, "closet": 1}, monsters={"yellow": {"ghost": "laundry"}},
              hands={"red": (VISION,)}, locks=("den/front_hall", "closet/front_hall", "conservatory/den", "study/den"))
    s = play(s, PlayCard(VISION), Scare("yellow", "ghost"))
    while s.running:
        s = apply(s, moves.legal(s, C)[0])
    assert [p.seat for p in s.pending] == [1]
    s = apply(s, Draw(None))
    assert s.turn.step == 3 and s.turn.scares_left == 1  # Vision of Death: one more scare
    # A second scare with the same Ghost in the same turn draws yellow nothing more.
    s2 = table(step=3, moved={"laundry": 2}, monsters={"yellow": {"ghost": "laundry"}}, scares_left=2,
               drawn=frozenset({(1, GHOST)}))
    s2 = play(s2, Scare("yellow", "ghost"))
    while s2.running:
        s2 = apply(s2, moves.legal(s2, C)[0])
    assert not s2.pending  # already drew for the Ghost this turn


def test_a_borrowed_monster_draws_its_owner_a_card_once():
    """BIN-34, Step 3, Using other players' monsters: "If using another player's monster, the
    player owning the monster draws a card.\""""
    s = play(table(step=3, moved={"laundry": 1}, monsters={"yellow": {"ghost": "laundry"}}), Scare("yellow", "ghost"))
    while s.running:
        s = apply(s, moves.legal(s, C)[0])
    assert [(p.kind, p.seat, p.why) for p in s.pending] == [("draw", 1, "used")]
    assert len(apply(s, Draw(None)).hands[1]) == 1


def test_monsters_met_while_running_count_as_used():
    """BIN-G15: default, the monster that terrifies a girl who runs into its room counts as used:
    its owner draws (once per monster per turn); setting met_monsters_used off: only the
    initiating monster."""
    base = dict(moved={"laundry": 1}, monsters={"red": {"cat": "laundry"}, "yellow": {"ghost": "den"}},
                locks=("conservatory/den", "study/den", "den/closet", "closet/front_hall", "front_hall/parlour",
                       "front_door"))
    after = play(table(**base), Scare("red", "cat"))
    assert [p.seat for p in after.pending] == [1]
    off = play(table(options=Options(met_monsters_used=False), **base), Scare("red", "cat"))
    assert not off.pending


def test_extra_step_two_and_surprise_and_quick_in_here():
    """BIN-20 catalogue effects: They're Everywhere (another Step-2 action), Surprise (place a
    monster even where there are people), Quick, in here! (move a person next door)."""
    s = table(step=2, moved={"den": 2}, hands={"red": (EVERYWHERE, SURPRISE, QUICK)})
    s = play(s, PlayCard(EVERYWHERE))
    assert s.turn.step2_left == 2
    s = play(s, PlayCard(SURPRISE, monster="specter", room="den"))
    assert s.monsters[0][5] == H.room("den")
    s = play(s, PlayCard(QUICK, room="den", to="laundry"))
    assert where(s) == {"den": (0, 1), "laundry": (0, 1)}
    with pytest.raises(IllegalInput, match="Step 2 is over"):
        apply(table(step=3, hands={"red": (EVERYWHERE,)}), PlayCard(EVERYWHERE))


def test_while_people_run_only_cards_that_change_how_they_run():
    """BIN-20/BIN-46: during a scare, Freedom's Gate may be played (it changes where people may
    run); Surprise may not (it would move the monsters under them)."""
    s = table(step=3, moved={"garage": 1}, monsters={"red": {"cat": "garage", "goblin": "kitchen"},
                                                   "yellow": {"ghost": "workshop"}}, hands={"red": (FREEDOM, SURPRISE)})
    s = play(s, Scare("red", "cat"))
    assert s.running is not None
    with pytest.raises(IllegalInput, match="while people are running"):
        apply(s, PlayCard(SURPRISE, monster="ghost", room="den"))
    opened = apply(s, PlayCard(FREEDOM))
    assert apply(opened, Run(0, "outside")).claimed[0] == 1


# ---------------------------------------------------------------- Block cards


def test_block_cards_send_monsters_home_change_locks_and_move_people():
    """BIN-61 (catalogue effects, BIN-G4): Return to the Shadows, A Charm Against Ghosts (Ghosts
    only), Bright Lights (a whole room), I've Got a Key (a lock), Revive (a person next door)."""
    ms = {"yellow": {"ghost": "den", "goblin": "den"}, "red": {"cat": "cellar"}}
    s = table(step=5, moved={"den": 1}, monsters=ms, hands={"red": (RETURN,)})
    assert apply(s, PlayCard(RETURN, colour="yellow", monster="goblin")).monsters[1][GOBLIN] == SUPPLY
    s = table(step=5, monsters=ms, hands={"red": (CHARM,)})
    with pytest.raises(IllegalInput, match="sends a ghost home"):
        apply(s, PlayCard(CHARM, colour="yellow", monster="goblin"))
    s = table(step=5, monsters=ms, hands={"red": (LIGHTS,)})
    cleared = apply(s, PlayCard(LIGHTS, room="den"))
    assert cleared.monsters[1] == (SUPPLY,) * 6
    with pytest.raises(IllegalInput, match="no monster"):
        apply(s, PlayCard(LIGHTS, room="kitchen"))
    s = table(step=5, hands={"red": (KEY,)})
    assert apply(s, PlayCard(KEY, door="front_door")).locks == {"front_door"}
    s = table(step=5, moved={"den": 1}, hands={"red": (REVIVE,)})
    assert where(apply(s, PlayCard(REVIVE, room="den", to="laundry"))) == {"laundry": (0, 1)}


def test_one_block_card_a_turn():
    """BIN-61, Step 5: "a player may play a Yellow "Block" card" (one: setting blocks_per_turn)."""
    s = table(step=5, hands={"red": (KEY, KEY.replace("04", "05"))}, blocks_left=1)
    after = apply(s, PlayCard(KEY, door="den/laundry"))
    assert after.seats[after.active] == "yellow"


# ---------------------------------------------------------------- Bonus cards


def test_a_bonus_card_when_another_player_uses_your_monster_in_its_room():
    """BIN-22/BIN-23, Figure 4, Bonus Cards: "can only be played whenever another player uses one
    of your monsters to scare a person in that room ... immediately play the bonus card to gain the
    extra point. In addition, one person immediately stops moving in that room and cannot be forced
    to move any farther." Red scares two girls in the Den with yellow's Ghost; yellow plays Den of
    Evil: a point, and one girl stays in the Den."""
    s = table(step=3, moved={"den": 2}, monsters={"yellow": {"ghost": "den"}}, hands={"yellow": (DEN_OF_EVIL,)})
    s = play(s, Scare("yellow", "ghost"))
    assert [p.kind for p in s.pending] == ["bonus"] and RULES.to_act(s).seat == "yellow"
    assert RULES.legal_inputs(s, "yellow") == [Bonus(""), Bonus(DEN_OF_EVIL)]
    played = apply(s, Bonus(DEN_OF_EVIL))
    assert played.bonuses[1] == (DEN_OF_EVIL,) and played.score(1) == 1 and not played.hands[1]
    while played.running:
        played = apply(played, moves.legal(played, C)[0])
    assert played.moved[H.room("den")] == 1


def test_a_bonus_card_for_a_monster_and_declining():
    """BIN-22 ("or uses your monster as specified on the card"): Lost Forever names the Ghost.
    The owner may decline; the question is asked whatever the hand holds, so it tells nothing."""
    s = table(step=3, moved={"den": 1}, monsters={"yellow": {"ghost": "den"}}, hands={"yellow": (FREEDOM,)})
    asked = play(s, Scare("yellow", "ghost"))
    assert [p.kind for p in asked.pending] == ["bonus"] and RULES.legal_inputs(asked, "yellow") == [Bonus("")]
    with pytest.raises(IllegalInput, match="not a Bonus card"):
        apply(asked, Bonus(FREEDOM))
    s = table(step=3, moved={"den": 1}, monsters={"yellow": {"ghost": "den"}}, hands={"yellow": (LOST_FOREVER,)})
    assert apply(play(s, Scare("yellow", "ghost")), Bonus(LOST_FOREVER)).score(1) == 1
    empty_hand = play(table(step=3, moved={"den": 1}, monsters={"yellow": {"ghost": "den"}}), Scare("yellow", "ghost"))
    assert not [p for p in empty_hand.pending if p.kind == "bonus"]
    own = play(table(step=3, moved={"den": 1}, monsters={"red": {"ghost": "den"}}, hands={"red": (DEN_OF_EVIL,)}),
               Scare("red", "ghost"))
    assert not [p for p in own.pending if p.kind == "bonus"]  # your own monster: no Bonus


# ---------------------------------------------------------------- the deck


def test_an_empty_deck_is_reshuffled_from_the_discards():
    """BIN-G18: deck exhaustion is not stated: the discards are shuffled into a new deck; setting
    hand_limit (default none)."""
    s = table(step=5, hands={"red": (KEY,)})
    from companion.core.deck import Deck
    from companion.games.bump_in_the_night.fast import evolve

    s = evolve(s, deck=Deck("cards", (), (PANIC,)), turn=evolve(s.turn, scared=True))
    s = apply(s, Done())
    assert [p.kind for p in s.pending] == ["draw"]
    s = apply(s, Draw(None))
    assert s.hands[0] == (PANIC, KEY)
    dry = evolve(table(step=5), deck=Deck("cards", (), ()))
    dry = apply(evolve(dry, turn=evolve(dry.turn, scared=True)), Done())
    assert not dry.pending and any("empty" in n for n in dry.notices)
    full = table(step=5, hands={"red": (KEY,)}, options=Options(hand_limit=1), scared=True)
    assert not apply(full, Done()).pending


@pytest.mark.parametrize(("old", "new", "words"), [
    ("# Bump in the Night: the card catalogue", 'colour = "red"\n# Bump in the Night: the card catalogue',
     "unknown key 'colour' at the top"),
    ('deck = "ACTN"\nname = "Panic"', 'deck = "ACTN"\nname = "Panic"\ncolour = "red"', "unknown key 'colour' in a [[card]]"),
    ('deck = "ACTN"\nname = "Panic"', 'deck = "XXXX"\nname = "Panic"', "deck must be one of"),
    ('deck = "ACTN"\nname = "Panic"', 'deck = "ACTN"\nname = ""', "needs a name"),
    ('name = "Panic"\ncopies = [4, 5, 6]', 'name = "Panic"\ncopies = "4"', "copies is the list"),
    ('name = "Panic"\ncopies = [4, 5, 6]', 'name = "Panic"\ncopies = [1, 5, 6]', "is both"),
    ('room = "den"', 'room = "den"\nmonster = "ghost"', "names one room"),
    ('kind = "goblin"', 'kind = "troll"', "kind must be"),
])
def test_every_kind_of_catalogue_mistake(tmp_path: Path, old: str, new: str, words: str):
    assert CATALOGUE.count(old) == 1, old
    path = tmp_path / "cards.toml"
    path.write_text(CATALOGUE.replace(old, new), encoding="utf-8")
    assert any(words in i.message for i in check_cards(path)), check_cards(path)


def test_an_empty_or_broken_catalogue(tmp_path: Path):
    path = tmp_path / "cards.toml"
    path.write_text("# nothing\n", encoding="utf-8")
    assert "no [[card]]" in check_cards(path)[0].message
    path.write_text("[[card]\n", encoding="utf-8")
    assert "TOML syntax error" in check_cards(path)[0].message
    path.write_text("card = [1]\n", encoding="utf-8")
    assert "each [[card]] is a table" in check_cards(path)[0].message
