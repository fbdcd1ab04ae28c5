"""The shapes of the sentences Bump in the Night's rules write in English (notices, the prompt, the
journal's labels, the choices' captions, the device's steps), as the table reads them (rule IDs
left out, "(s)" settled: companion/ui/plain.py), so the screens can say them in the language shown
(`Domain.said`, docs/i18n.md). The rules keep writing English into the state, as every earlier
version did, so a game recorded before the catalogs reads in German too. A shape missing here shows
in English, and `companion readability --game BIN --lang de` lists it. Room, door, card and monster
names are printed on the components and stay as printed (`printed_names`)."""

from __future__ import annotations

from companion.i18n import N_

COLOUR_WORDS = (N_("Red"), N_("Yellow"), N_("Mustard"), N_("Green"), N_("Blue"), N_("Black"),
                N_("red"), N_("yellow"), N_("mustard"), N_("green"), N_("blue"), N_("black"))

SHAPES = (
    # places and things on the table (core/table.py's steps say them)
    N_("in the {room}"), N_("the {room}"), N_("the {room} door"), N_("{who}'s {monster}"), N_("a girl"),
    N_("a locked marker"), N_("{who}'s trophies"), N_("the table in front of {who}"), N_("the discard pile"),
    N_("Put {thing} in the {room}"), N_("Put {thing} in the {room}, {face}"), N_("standing up"), N_("Take {thing} from the {room}"), N_("{who}'s"), N_("Your"),
    N_("Move {thing} from {start} to {end}"),
    N_("outside (she flees)"), N_("Outside (she flees)"), N_("{a} and {b}"), N_("{a}, {b}"),
    # the prompt
    N_("{who} won."), N_("The game is over: nobody won."),
    N_("Roll a die (or draw a card) for the Group Creation Chart."),
    N_("Put a group of {n} girls into a room and say which."), N_("The device places the girls."),
    N_("{who} draws a card."), N_("Deal a card to {who}."), N_("{who}: does your Goblin hide?"),
    N_("{who}: play a Bonus card for the {room} or the {monster}?"),
    N_("{who}: choose where the scared people run."), N_("{who}: Step {n}, {step}."),
    N_("adjust locks"), N_("place, replace or move a monster"), N_("scare people"),
    N_("move a monster or a person"), N_("play a block card"), N_("end of the turn"),
    # what happened
    N_("Roll a die (or draw a card and read its corner number) for the Group Creation Chart."),
    N_("{how}: six groups of {groups} girls (Group Creation Chart)."),
    N_("{how}: {n} is not in the printed Group Creation Chart, roll again."),
    N_("{card} shows {n}"), N_("the device rolled {n}"), N_("the die shows {n}"),
    N_("Put the first group of {n} into a room and say which."), N_("Place the girls: {lines}."),
    N_("{n} in the {room}"), N_("{n} girls in the {room}."), N_("Next, a group of {n}."),
    N_("Deal three cards to each player."), N_("Remove the lock marker from {door}."),
    N_("Put a lock marker on {door}."), N_("{who} places the {monster} in the {room}."),
    N_("{who} moves the {monster} from the {start} to the {end}."),
    N_("{who} moves {whose} {monster} from the {start} to the {end}."),
    N_("{who} discards {card} and replaces {whose}'s {monster} in the {room} with their own."),
    N_("{who} wants to use {whose}'s Goblin: {owner}, does it hide?"),
    N_("{who}'s Goblin hides: it is not there for the rest of this turn."), N_("{who}'s Goblin does not hide."),
    N_("{who} plays no Bonus card."),
    N_("{who} plays {card}: one more point ({n} in all), and one girl stops in the {room}."),
    N_("{who} has {n} and wins at once."), N_("Move a girl from the {start} to the {end}."),
    N_("{who} plays {card}."), N_("Return {whose}'s {monster} from the {room} to its owner."),
    N_("Return every monster in the {room} to its owner."),
    N_("{who} takes the first turn (the table's choice: the rulebook does not say who starts); then play passes "
       "clockwise."),
    N_("{who} takes the first turn (the first colour at the table: the rulebook does not say who starts); then "
       "play passes clockwise."),
    N_("{who} holds {n} cards, the hand limit: no draw."), N_("The deck is empty: {who} draws nothing."),
    N_("No card is left for {who} to draw."), N_("{who}'s turn."),
    N_("{who} has {n} claimed at the start of their turn and wins!"),
    N_("No girls are left in the house: the most claimed win."),
    N_("No girls are left in the house and nobody has five: nobody wins."),
    N_("{n} rounds without a claim: the game ends, the most claimed win."),
    N_("A girl flees the house from the {room}: claimed."),
    N_("A girl runs from the {start} into the {end}: terror {n}, claimed."),
    N_("A girl runs from the {start} into the {end} (a free move): terror {n}, claimed."),
    N_("A girl runs from the {start} into the {end}, terrified by {who}'s {monster}: terror {n}."),
    N_("A girl runs from the {start} into the {end} (a free move), terrified by {who}'s {monster}: terror {n}."),
    N_("A girl runs from the {start} into the {end}: terror {n}."),
    N_("A girl runs from the {start} into the {end} (a free move): terror {n}."),
    N_("{who} scares {n} person in the {room} with their own {monster}: scare value {value} = {total}: {free} free "
       "move, terror starts at {terror}."),
    N_("{who} scares {n} people in the {room} with their own {monster}: scare value {value} = {total}: {free} free "
       "moves, terror starts at {terror}."),
    N_("{who} scares {n} person in the {room} with {whose} {monster}: scare value {value} = {total}: {free} free "
       "move, terror starts at {terror}."),
    N_("{who} scares {n} people in the {room} with {whose} {monster}: scare value {value} = {total}: {free} free "
       "moves, terror starts at {terror}."),
    # a scare of one person with several free moves, and of several with one (play-test of 6 Dec 2026)
    N_("{who} scares {n} person in the {room} with their own {monster}: scare value {value} = {total}: {free} free "
       "moves, terror starts at {terror}."),
    N_("{who} scares {n} people in the {room} with their own {monster}: scare value {value} = {total}: {free} free "
       "move, terror starts at {terror}."),
    N_("{who} scares {n} person in the {room} with {whose} {monster}: scare value {value} = {total}: {free} free "
       "moves, terror starts at {terror}."),
    N_("{who} scares {n} people in the {room} with {whose} {monster}: scare value {value} = {total}: {free} free "
       "move, terror starts at {terror}."),
    N_("their own"), N_("cat"), N_("bat"), N_("goblin"), N_("poltergeist"), N_("ghost"), N_("specter"),
    N_("{value} {mod} for the group"), N_("{value} + {s} Scare symbol"), N_("{value} + {s} Scare symbols"),
    N_("{value} + {plus} (card)"),
    # the journal's labels
    N_("A card was drawn for the chart: {n}"), N_("The device rolled the die for the chart"),
    N_("The die shows {n}"), N_("The device placed the girls"), N_("A group of girls went into {room}"),
    N_("{who} drew a card"), N_("{who} changed the lock on {door}"),
    N_("{who} changed the lock on {door} (Poltergeist)"),
    N_("{who} placed the {monster} in {room}"), N_("{who} placed the {monster} in {room} and the Scary Bat in {bat}"),
    N_("{who} moved the {monster} to {room}"), N_("{who} moved {whose}'s {monster} to {room}"),
    N_("{who} replaced {whose}'s {monster} (discarding {card})"), N_("{who} scares with {whose}'s {monster}"),
    N_("The Goblin hides"), N_("The Goblin does not hide"), N_("A scared girl runs to {room}"),
    N_("The scared people run ({n} moves)"), N_("Bonus card {card} played"), N_("No Bonus card played"),
    N_("{who} moved a girl from {start} to {end}"), N_("{who} played {card}"), N_("{who} ended step {n}"),
    # the choices' captions and groups
    N_("A card's corner number: {n}"), N_("Roll for us (the device's die)"), N_("Roll for us"),
    N_("Into the {room}"), N_("Let the device deal it (nobody sees it)"), N_("Lock {door}"), N_("Unlock {door}"),
    N_("Lock {door} (Poltergeist)"), N_("Unlock {door} (Poltergeist)"), N_("Cat: {room}, Bat: {bat}"),
    N_("In the {room}"), N_("To the {room}"), N_("{whose}'s {monster} (discard {card})"),
    N_("{whose} {monster} in the {room}"), N_("It does not hide"), N_("A girl runs to the {room}"),
    N_("Play {card}"), N_("No Bonus card"), N_("{who}: {start} to {end}"), N_("Do not scare: end Step 3"),
    N_("End step {n}"), N_("Send {whose} {monster} home"), N_("Your {monster} into the {room}"),
    # the pieces that may move, on the house's panel (board.pieces; play-test of 6 Dec 2026)
    N_("Your {monster}"), N_("{whose}'s {monster}"), N_("A girl at terror {n}"), N_("A girl who never moved"),
    N_("A girl who has moved"), N_("The group of {n}"), N_("The Cat and the Bat"), N_("The Poltergeist's lock"),
    N_("Terrified by your {monster}"), N_("Terrified by {whose}'s {monster}"),
    N_("A girl: {start} to {end}"), N_("Clear the {room}"), N_("Roll for the chart"),
    N_("Where does the group of {n} go?"), N_("The girls"), N_("{who} draws a card"), N_("The Poltergeist's door"),
    N_("Lock or unlock a door"), N_("Place the Cat and the Bat"), N_("Place your {monster}"),
    N_("Move {whose} {monster}"), N_("Move your {monster}"), N_("Replace a monster (discard a card)"),
    N_("Scare with a monster"), N_("Does the Goblin hide?"), N_("Where do the scared girls run?"), N_("Move a girl"),
    N_("Other"), N_("An Action card (red)"), N_("A Block card (yellow)"), N_("A Bonus card (purple)"),
    N_("your {monster}"), N_("Unknown Action card"), N_("Unknown Block card"), N_("Unknown Bonus card"),
    # the device's moves told (choices.instruction)
    N_("Take the lock marker off {door}"), N_("Put a lock marker on {door}"),
    N_("Put {who}'s {monster} in the {room}"), N_("Put {who}'s {monster} in the {room}, and its Scary Bat in the {bat}"),
    N_("Move {who}'s {monster} to the {room}"),
    N_("{who} discards {card}: send {whose}'s {monster} home and put {owner}'s there"),
    N_("{who} scares with {whose}'s {monster}: the girls there start to run"),
    N_("{who}'s Goblin hides: lay it down until the end of the turn"), N_("{who}'s Goblin does not hide"),
    N_("{who} plays the Bonus card {card}: that girl stops there"), N_("Move a girl from the {start} to the {end}"),
    N_("The scared girls run: nobody moves on the board"), N_("The scared girls run: {moves}"),
    N_("each girl's move is a step in this list"), N_("{a}; {b}"),
    N_("a girl runs from the {start} through {rooms} to the {end}"),
    N_("{who} scares with {whose}'s {monster}: the girls there start to run; {moves}"),
    N_("{who} scares with {whose}'s {monster}: {moves}"), N_("nobody moves"), N_("{n} claimed"),
    N_("{n} to the {room}"), N_("then a Bonus card may be played"), N_("{who} draws"),
    N_("Put {n} girl in the {room}"), N_("Put {n} girls in the {room}"),
    N_("Move {n} girl from the {start} to the {end}"), N_("Move {n} girls from the {start} to the {end}"),
    # what a card does (cards.py's ACTION_EFFECTS and BLOCK_EFFECTS, as choices.effect_words says them)
    N_("{who} plays {card} ({does})"), N_("{who} plays {card} ({does}): {target}"), N_("{who} plays {card}: {target}"),
    N_("{who} plays {card}"),
    N_("the Garage Door and the Cemetery Gate are open until the end of this turn"),
    N_("scared people may run through locked doors until the end of this turn"),
    N_("the next scare this turn gets {n} more free moves"), N_("the next scare this turn gets {n} more free move"),
    N_("people scared next this turn start {n} terror levels higher"),
    N_("people scared next this turn start {n} terror level higher"),
    N_("one more scare this turn (before Step 4)"), N_("one more place, replace or move this turn (before Step 3)"),
    N_("place one of your monsters now in any room, even one with people"),
    N_("move one person now to a room next door, through an unlocked door"),
    N_("no known effect: name the card in the catalogue to play it"),
    N_("return one monster on the board to its owner"), N_("return one {kind} on the board to its owner"),
    N_("return every monster in one room to its owner"), N_("place or remove one lock marker"),
    N_("move one person to a room next door, through an unlocked door"),
)
