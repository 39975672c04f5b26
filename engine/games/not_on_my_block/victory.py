"""Who has won: the Developer once five apartments are pushed out or surrounded, the Residents
once five are permanently protected. With four players the Residents are then ranked by the
apartments each still has on the board, then by those protected; a tie shares the win.

The rulebook has no clock, so a table where nobody plays would never end. A house rule stands
in for absent players only: once every seat still in play has, one after another, had its turn
ended by default while its player was away, with nothing done, the game ends in a standstill
that nobody wins. Players who end their turns themselves, even all at once, play on.
"""

from __future__ import annotations

from engine.core import Outcome, Termination
from engine.games.not_on_my_block import mechanics as mech
from engine.games.not_on_my_block.state import DEVELOPER, NombState
from engine.messages import m


def resident_score(state: NombState, seat: int) -> tuple[int, int]:
    """(apartments still on the board, of which protected): how 4-player Residents are ranked."""
    colours = mech.colours_of(state, seat)
    mine = [a for a in state.apartments if a.colour in colours]
    return (
        sum(a.status in ("standing", "protected") for a in mine),
        sum(a.status == "protected" for a in mine),
    )


def outcome(state: NombState) -> Outcome | None:
    lost = mech.count(state, "pushed", "surrounded")
    protected = mech.count(state, "protected")
    if lost >= mech.GOAL:
        return Outcome(
            termination=Termination.GOAL,
            winners=[DEVELOPER],
            msg=m("nomb.outcome.developer", lost=lost),
        )
    if protected < mech.GOAL:
        return standstill(state)
    if state.players == 2:
        return Outcome(
            termination=Termination.GOAL,
            winners=[1],
            msg=m("nomb.outcome.resident", protected=protected),
        )
    scores = {seat: resident_score(state, seat) for seat in (1, 2, 3)}
    best = max(scores.values())
    winners = [seat for seat, score in scores.items() if score == best]
    return Outcome(
        termination=Termination.GOAL,
        winners=winners,
        msg=m(
            "nomb.outcome.residents",
            protected=protected,
            winners=[mech.seat_name(state, s) for s in winners],
            n=len(winners),
            standing=best[0],
            kept=best[1],
        ),
    )


def returns(state: NombState) -> list[float] | None:
    """What an ended game is worth to each seat: 1 to the Developer for its win; with two
    players, 1 to the Resident for theirs. Four-player Residents win together and are then
    ranked: the shared win is worth 0.5 to each of them and the ranking's winners get 1. A
    standstill is worth nothing to anyone."""
    result = outcome(state)
    if result is None:
        return None
    seats = range(state.players)
    if result.termination != Termination.GOAL or DEVELOPER in result.winners:
        return [1.0 if s in result.winners else 0.0 for s in seats]
    shared = 0.0 if state.players == 2 else 0.5
    return [0.0 if s == DEVELOPER else 1.0 if s in result.winners else shared for s in seats]


def standstill(state: NombState) -> Outcome | None:
    """A whole round of turns ended for absent players with nothing done: nobody is playing
    any more, and nobody wins."""
    in_play = state.players - len(state.eliminated)
    if state.phase != "play" or state.idle_turns < in_play:
        return None
    return Outcome(
        termination=Termination.STANDSTILL,
        winners=[],
        msg=m("nomb.outcome.standstill"),
    )
