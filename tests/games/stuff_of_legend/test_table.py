"""The physical Stuff of Legend table as data (issue 25, companion/games/stuff_of_legend/table.py):
what lies on it at set-up, the steps scripted inputs make (the starting Locations turned up, a
basic Move paid with a card, the party moved, the Boy advanced on the Time track, a Personal
Attention card laid out), and random games keep it well formed."""

from __future__ import annotations

import random

from audit_kit import PERSONAL, go, to_phase2, votes
from companion.core.evolve import evolve
from companion.core.table import Thing, step_text, steps, table_of
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.game import RULES
from companion.games.stuff_of_legend.state import Options, State
from companion.games.stuff_of_legend.world import default_world
from tests.core.random_play import random_steps

WORLD = default_world()
PHYSICAL = Options(players=3, rifle="max", exits="physical", loyalty="physical")


def _said(before: State, after: State) -> list[str]:
    return [s.text for s in steps(table_of(RULES, before), table_of(RULES, after))]


def _turned(name: str, place: str) -> str:
    """A "Turn ... face up" sentence as companion/core/table.py words it (whether it says the place
    is that module's choice); every other sentence here is literal."""
    return step_text(Thing(name, place, "face down"), Thing(name, place, "face"))


def _revealed(options: Options = PHYSICAL, seed: int = 4) -> State:
    s = RULES.setup(options, seed)
    for space, code in (("hollow", "SOL:LOCN:02"), ("briar", "SOL:LOCN:05"), ("crossing", "SOL:LOCN:03")):
        s = go(s, I.Reveal(space, code))
    return s


def test_at_set_up_the_table_is_the_rulebooks_set_up() -> None:
    """Game Setup 1a-e: the Boogeyman marker "on the yellow number 2 of the Attention Level track",
    the Boy "on the Time track according to the number of players", the Wound marker "to the left
    of the first division", the Hero Party marker "in the Brooklyn space", an Exit token face down
    "in each Exit space"; 2-3: one Encounter (two on a "+" space) and one Location face down on each
    space, the spare Encounters face down above the board; 4: an Army on each toy-soldier space;
    Loyalty: "Deal each player one Loyalty card face down". No card names a title: all face down."""
    s = RULES.setup(PHYSICAL, 4)
    t = table_of(RULES, s)
    assert t["marker:boogeyman"] == Thing("the Boogeyman marker", "the yellow 2 of the Attention Level track")
    assert t["marker:boy"] == Thing("the Boy marker", f"division {WORLD.time.start[3] + 1} of the Time track")
    assert t["marker:wound"] == Thing("the Wound marker", "the start of the Wound track (left of division A)")
    assert t["marker:party"] == Thing("the Hero Party marker", "Brooklyn")
    assert t["rifle"] == Thing("the Rifle token", "the table in front of Max")  # the option: Max holds it
    exits = {k: v for k, v in t.items() if k.startswith("exit:")}
    assert len(exits) == 4 and all(v.face == "face down" and v.name == f"the Exit token of {v.place}"
                                   for v in exits.values())
    cards = [sp for sp in WORLD.spaces if sp.takes_cards]
    assert sum(k.startswith("location:") for k in t) == len(cards)
    assert sum(k.startswith("encounter:") for k in t) == sum(sp.encounters for sp in cards)
    assert sum(k.startswith("extra:") for k in t) == len(s.extras)
    soldiers = sorted(sp.name for sp in WORLD.spaces if sp.soldier)
    assert sorted(v.place for k, v in t.items() if k.startswith("army:")) == soldiers
    assert [v.place for k, v in t.items() if k.startswith("loyalty:")] == [
        "the table in front of Max", "the table in front of Percy", "the table in front of Harmony"]
    faces = {v.face for k, v in t.items() if not k.startswith(("marker:", "army:", "rifle"))}
    assert faces == {"face down"}
    assert not any(k.startswith(("hero:", "leader", "ally:", "discard:", "played:", "held:")) for k in t)


def test_set_up_step_10_and_a_basic_move_paid_with_a_card_then_the_party_moves() -> None:
    """Game Setup 10: "Turn the Location cards in the three spaces adjacent to the Brooklyn space
    face up" (a one-time Location is resolved and discarded, Entering a Space). Then Max performs
    a basic Move: "take your Hero marker and place it in one of the three spots on the Hero Action
    board", "discard one Action card of your choice from your hand face down" (issue 25 #13: the
    table is told the card it pays), and when "For" wins, "move the Hero Party marker to the
    designated space"."""
    s = RULES.setup(PHYSICAL, 4)
    said = []
    for space, code in (("hollow", "SOL:LOCN:02"), ("briar", "SOL:LOCN:05"), ("crossing", "SOL:LOCN:03")):
        t = go(s, I.Reveal(space, code))
        said += _said(s, t)
        s = t
    assert said == [_turned("the Location card of Hollow Oak (Fallen Log)", "Hollow Oak"),
                    "Take the Location card of Briar Path off Briar Path",
                    _turned("the Location card of Crossroads (Owl's Nest)", "Crossroads")]
    assert said[0].startswith("Turn the Location card of Hollow Oak (Fallen Log) ") and said[0].endswith(" face up")
    moved = go(s, I.ChooseActorInput("max"), I.Move("max", "hollow", ""))
    assert _said(s, moved) == ["Put Max's Hero marker on the Hero Action board",
                               "Put a card on the Action discard pile, face down"]
    voted = votes(moved, "for")
    assert _said(moved, voted) == ["Move the Hero Party marker from Brooklyn to Hollow Oak"]


def test_the_boy_face_of_the_coin_moves_the_boy_marker_one_division() -> None:
    """Getting a New Hand: a player who runs out "must immediately pick up and flip the Boogeyman
    coin"; Boy Face: "Move the Boy marker one division down the Time track"."""
    s = _revealed()
    s = evolve(s, hands=(("",),) + s.hands[1:])  # Max holds his last card
    s = go(s, I.ChooseActorInput("max"), I.Skip("max", ""))
    assert s.head is not None and s.head.kind == "coin"
    after = go(s, I.CoinFlip("boy"))
    assert after.boy == s.boy + 1
    assert _said(s, after) == [f"Move the Boy marker from division {s.boy + 1} of the Time track "
                               f"to division {s.boy + 2} of the Time track"]


def test_a_personal_attention_card_lies_face_up_beside_its_hero_sheet() -> None:
    """Boogeyman Face, Personal Attention: "When you draw one of these cards, place it face up next
    to your Hero sheet. It affects you for the rest of the game." Drawn from the real Boogeyman deck
    (scanned) after a wound's coin."""
    s = to_phase2(_revealed(), armies=("brooklyn",) * 2, wound=3)
    s = go(s, I.ActivateInput("army:brooklyn"), I.TakeWoundInput("max"), I.CoinFlip("boogeyman"))
    assert s.head is not None and s.head.kind == "boogeyman_draw"
    after = go(s, I.BoogeymanCardInput(PERSONAL))
    said = _said(s, after)
    assert len(said) == 1 and said[0].startswith("Put the Boogeyman card ")
    assert said[0].endswith(" beside Max's Hero sheet, face up")


def test_what_the_device_holds_is_not_on_the_table() -> None:
    """The device's digital modes (docs/games/SOL.md): it deals the board's cards, the Exit tokens,
    the Loyalty cards, the Action and Boogeyman decks. None of them is on the table; the markers
    and Armies are."""
    digital = Options(players=4, rifle="max", action_deck="digital", board_cards="digital",
                      boogeyman_deck="digital", exits="digital", loyalty="digital")
    t = table_of(RULES, RULES.setup(digital, 2))
    kinds = {k.split(":")[0] for k in t}
    assert kinds == {"marker", "army", "rifle"}


def test_random_games_keep_every_thing_named_placed_and_never_name_a_face_down_card() -> None:
    """Over random legal games (the table's default set-up and the physical tokens): every Thing has
    a name and a place and a face from the known few; a face-down card's name is its place only;
    an input that changes none of the public components leaves the table as it was."""
    quiet = total = 0
    shown = 0
    for g, options in enumerate((PHYSICAL, Options(players=4, rifle="max"), Options(players=5))):
        for s, _, after in random_steps(RULES, options, g, 250):
            t, u = table_of(RULES, s), table_of(RULES, after)
            total += 1
            for key, thing in u.items():
                assert thing.name and thing.place and isinstance(thing.face, str), key
                assert thing.face in ("", "face", "face down"), key
                if thing.face == "face down":  # named by its place, never by its title
                    assert "(" not in thing.name, key
                    if key.startswith(("location:", "encounter:")):
                        assert thing.name.endswith(f" {key.split(':')[0].capitalize()} card of {thing.place}"), key
                    if key.startswith(("extra:", "discard:")):
                        assert thing.name in ("a spare Encounter card", "a card"), key
                elif thing.face == "face":
                    shown += 1
            public = ("attention", "boy", "wound", "party", "on_board", "exhausted", "armies", "leaders",
                      "bridge", "allies", "held", "sinister", "action", "rifle")
            same = all(getattr(s, f) == getattr(after, f) for f in public) and len(s.discard_pile) == len(
                after.discard_pile) and [(x.location.up if x.location else None, [e.up for e in x.encounters])
                                         for x in s.board] == [(x.location.up if x.location else None,
                                                                [e.up for e in x.encounters]) for x in after.board]
            if same and s.phase != "over" and after.phase != "over":
                assert t == u
                quiet += 1
    assert total > 300 and quiet > 50 and shown > 100


def test_the_table_is_the_same_in_every_world_a_seat_cannot_tell_apart() -> None:
    """Hidden information (tests/core/test_spoilers.py's property, for the table): a world resampled
    for any seat differs only in what that seat may not know (hands, face-down cards, Exit tokens,
    Loyalty cards, the decks' order), and the table lies the same in it."""
    from companion.core.rng import Rng

    checked = 0
    digital = dict(action_deck="digital", board_cards="digital", boogeyman_deck="digital")
    for g, options in enumerate((PHYSICAL, Options(players=4, rifle="max", **digital))):  # type: ignore[arg-type]
        for k, (s, _, _) in enumerate(random_steps(RULES, options, g, 160, random.Random(200 + g))):
            if k % 5 == 0:
                for seat in (*s.seats, "table"):
                    world, _ = RULES.resample(s, seat, Rng(k))
                    assert table_of(RULES, world) == table_of(RULES, s)
                    checked += 1
    assert checked > 60


def _todo(before: State, inp: I.Input) -> list[tuple[str, bool]]:
    """What the shell shows after a person enters `inp`: each step and whether it comes ticked."""
    from companion.core.table import entered_by, to_do

    after = RULES.apply(before, inp)
    return [(t.step.text, t.done) for t in to_do(RULES, before, after, entered_by(RULES, before, inp))]


def test_what_a_person_did_on_the_table_comes_ticked_what_the_device_decides_is_to_do() -> None:
    """A person's own act, entered, is shown done; the rules' consequences are steps to do.
    Game Setup 10 ("Turn the Location cards in the three spaces adjacent to the Brooklyn space face
    up"): the card the table turned up and scanned is ticked, a one-time Location the device then
    discards ("Take ... off") is to do. Phase 1, Performing an Action: Max must "first take your
    Hero marker and place it in one of the three spots on the Hero Action board" and discards a card
    face down ("Whenever a card goes to the discard pile ... it must be placed face down"): both
    ticked; when "For" wins, "move the Hero Party marker to the designated space" follows the vote:
    to do. The Rifle handed over (Calling a Vote: "the player holding the Colonel's Rifle") is
    ticked."""
    s = RULES.setup(PHYSICAL, 4)
    assert _todo(s, I.Reveal("hollow", "SOL:LOCN:02")) == [
        (_turned("the Location card of Hollow Oak (Fallen Log)", "Hollow Oak"), True)]
    s = go(s, I.Reveal("hollow", "SOL:LOCN:02"))
    assert _todo(s, I.Reveal("briar", "SOL:LOCN:05")) == [("Take the Location card of Briar Path off Briar Path", False)]
    s = go(s, I.Reveal("briar", "SOL:LOCN:05"), I.Reveal("crossing", "SOL:LOCN:03"))
    moved = go(s, I.ChooseActorInput("max"))
    assert _todo(moved, I.Move("max", "hollow", "")) == [("Put Max's Hero marker on the Hero Action board", True),
                                                         ("Put a card on the Action discard pile, face down", True)]
    moved = go(moved, I.Move("max", "hollow", ""))
    last = moved
    while go(last, I.Cast(last.head.voter, "for")).head.kind == "vote":  # type: ignore[union-attr]
        last = go(last, I.Cast(last.head.voter, "for"))  # type: ignore[union-attr]
    todo = _todo(last, I.Cast(last.head.voter, "for"))  # type: ignore[union-attr]
    assert ("Move the Hero Party marker from Brooklyn to Hollow Oak", False) in todo and not any(d for _, d in todo)
    assert _todo(s, I.Rifle("percy")) == [("Move the Rifle token from the table in front of Max to the table in "
                                              "front of Percy", True)]


def test_the_device_s_coin_and_its_boogeyman_card_are_steps_to_do() -> None:
    """Boy Face: "Move the Boy marker one division down the Time track", the device's to tell; a
    Boogeyman card drawn from the real deck and scanned goes where the device says (Personal
    Attention: "place it face up next to your Hero sheet"): both steps to do, none ticked."""
    s = _revealed()
    s = evolve(s, hands=(("",),) + s.hands[1:])
    s = go(s, I.ChooseActorInput("max"), I.Skip("max", ""))
    assert _todo(s, I.CoinFlip("boy")) == [(f"Move the Boy marker from division {s.boy + 1} of the Time track to "
                                            f"division {s.boy + 2} of the Time track", False)]
    s = to_phase2(_revealed(), armies=("brooklyn",) * 2, wound=3)
    s = go(s, I.ActivateInput("army:brooklyn"), I.TakeWoundInput("max"), I.CoinFlip("boogeyman"))
    todo = _todo(s, I.BoogeymanCardInput(PERSONAL))
    assert len(todo) == 1 and not todo[0][1] and todo[0][0].endswith(" beside Max's Hero sheet, face up")


def test_the_last_hero_s_marker_comes_back_with_the_others_and_nothing_is_ticked_for_it() -> None:
    """Phase 1, Performing an Action: Hero markers stay "until all players have placed their Hero
    markers on the Hero Action board, after which the players immediately retrieve all Hero
    markers": the third hero's own marker never stays, so no step names it; the others' coming
    back is to do; the card paid is ticked."""
    s = _revealed()
    for seat in ("max", "percy"):
        s = go(s, I.ChooseActorInput(seat), I.Skip(seat, ""))
    assert s.head is not None and s.head.kind == "actor_turn"  # the only hero left acts
    todo = _todo(s, I.Skip("harmony", ""))
    assert todo == [("Take Max's Hero marker off the Hero Action board", False),
                    ("Take Percy's Hero marker off the Hero Action board", False),
                    ("Put a card on the Action discard pile, face down", True)]


def test_the_action_deck_shuffled_from_the_discard_pile_is_one_step() -> None:
    """An empty Action deck: the discard pile is shuffled face down into a new deck (SOL-G12, the
    pack's gap rule): one step that takes every card off the pile, not one step per card."""
    from companion.games.stuff_of_legend import hands as H

    s = _revealed()
    s = evolve(s, draw_pile=(), discard_pile=tuple(f"SOL:ACTN:{k:02}" for k in range(1, 13)))
    _, after = H.draw(s, 1)
    said = steps(table_of(RULES, s), table_of(RULES, after))
    assert [x.text for x in said] == ["Take 12 cards off the Action discard pile"]


def test_random_games_tick_only_a_person_s_own_changes() -> None:
    """Over random legal games of the physical set-up: what comes ticked is a step that was shown
    (never a change that did not happen), and the inputs the device or the rules answer (the coin,
    a Boogeyman card, an enemy activated, a vote, a wound taken) tick nothing."""
    from companion.core.table import entered_by

    ticked = device = 0
    for g, options in enumerate((PHYSICAL, Options(players=4, rifle="max"))):
        for s, inp, after in random_steps(RULES, options, g, 300, random.Random(50 + g)):
            keys = {k for x in steps(table_of(RULES, s), table_of(RULES, after)) for k in x.keys}
            mine = entered_by(RULES, s, inp)
            assert mine <= keys, (inp, mine - keys)
            if isinstance(inp, (I.CoinFlip, I.BoogeymanCardInput, I.ActivateInput, I.Cast, I.TakeWoundInput)):
                assert not mine, inp
                device += bool(keys)
            ticked += len(mine)
    assert ticked > 30 and device > 10, (ticked, device)
