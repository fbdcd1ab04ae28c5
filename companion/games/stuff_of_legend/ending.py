"""The end: an exit entered (SOL-05/48) or BOY LOST (SOL-83/109), the four tokens turned up,
the correct exit (SOL-09), the Loyalty cards revealed and who wins (SOL-06/07/108)."""

from __future__ import annotations

from companion.core.evolve import evolve
from companion.games.stuff_of_legend.common import Said, note, side, where, world
from companion.games.stuff_of_legend.state import Finish, Pending, ScanExit, ScanLoyalty, State
from companion.i18n import N_


def correct_exit(values: dict[str, int]) -> str:
    """The highest number, except that 1 is correct when both 1 and 7 are in play (SOL-09)."""
    numbers = set(values.values())
    if 1 in numbers and 7 in numbers:
        return next(e for e, v in values.items() if v == 1)
    return max(values, key=lambda e: values[e])


def end_game(s: State, reason: str, exit: str = "") -> State:
    """The game ends at once: nothing else waiting is done (even mid-wound-queue)."""
    steps: list[Pending] = []
    if reason == "exit" and s.options.exits == "physical":
        steps += [ScanExit("", e, "end") for e, v in zip(world(s).exits, s.exits) if v == 0]
    if s.options.loyalty == "physical":
        steps += [ScanLoyalty(seat) for seat, code in zip(s.seats, s.loyalty) if not code]
    steps.append(Finish())
    s = evolve(s, phase="end", pending=tuple(steps), action=None, activations=(),
               end="boy_lost" if reason == "boy_lost" else "wrong_exit", end_exit=exit)
    if reason == "boy_lost":
        return note(s, Said(N_("The Boy is lost: the game ends at once.")))
    return note(s, Said(N_("The party entered {space}: the game ends. Turn all four Exit tokens face up."), space=where(s, exit)))


def finish(s: State) -> State:
    """Every token and card is known now: the correct exit and the winners."""
    s = evolve(s, pending=s.pending[1:])
    if s.end == "boy_lost":
        winner = "boogeyman"
    else:
        values = dict(zip(world(s).exits, s.exits))
        right = correct_exit(values)
        s = evolve(s, correct_exit=right)
        winner = "boy" if right == s.end_exit else "boogeyman"
        s = evolve(s, end="correct_exit" if winner == "boy" else "wrong_exit")
        shown = ", ".join(f"{where(s, e)} {v}" for e, v in values.items())
        s = note(s, Said(N_("The Exit tokens: {n}. The correct exit is {space}."), n=shown, space=where(s, right)))
    loyal = [seat for seat, code in zip(s.seats, s.loyalty) if side(s, code) == winner]
    whom = "Boy" if winner == "boy" else "Boogeyman"
    s = evolve(s, winner=winner, phase="over")
    if not loyal:
        return note(s, Said(N_("Nobody at the table is loyal to the Boy: nobody wins.") if whom == "Boy" else N_(
            "Nobody at the table is loyal to the Boogeyman: nobody wins.")))
    return note(s, Said(N_("The heroes loyal to the Boy win.") if whom == "Boy" else N_(
        "The heroes loyal to the Boogeyman win.")))
