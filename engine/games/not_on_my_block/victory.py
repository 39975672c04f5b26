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
from engine.games.not_on_my_block import mechanics as m
from engine.games.not_on_my_block.state import DEVELOPER, NombState
from engine.messages import raw
from engine.words import listing


def resident_score(state: NombState, seat: int) -> tuple[int, int]:
    """(apartments still on the board, of which protected): how 4-player Residents are ranked."""
    colours = m.colours_of(state, seat)
    mine = [a for a in state.apartments if a.colour in colours]
    return (
        sum(a.status in ("standing", "protected") for a in mine),
        sum(a.status == "protected" for a in mine),
    )


def outcome(state: NombState) -> Outcome | None:
    lost = m.count(state, "pushed", "surrounded")
    protected = m.count(state, "protected")
    if lost >= m.GOAL:
        return Outcome(
            termination=Termination.GOAL,
            winners=[DEVELOPER],
            msg=raw(f"The Developer wins: {lost} apartments are gone from the neighbourhood."),
        )
    if protected < m.GOAL:
        return standstill(state)
    if state.players == 2:
        return Outcome(
            termination=Termination.GOAL,
            winners=[1],
            msg=raw(f"The Resident wins: {protected} apartments are protected."),
        )
    scores = {seat: resident_score(state, seat) for seat in (1, 2, 3)}
    best = max(scores.values())
    winners = [seat for seat, score in scores.items() if score == best]
    names = listing([state.seat_names[s] for s in winners])
    return Outcome(
        termination=Termination.GOAL,
        winners=winners,
        msg=(
            raw(
                f"The Residents win with {protected} apartments protected; {names} "
                f"{'wins' if len(winners) == 1 else 'share the win'} with {best[0]} "
                f"apartments still standing ({best[1]} protected)."
            )
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
        msg=raw(
            "A whole round passed with every player away and nothing done: the "
            "neighbourhood is at a standstill, and nobody wins."
        ),
    )
