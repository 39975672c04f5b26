"""How the game ends: at the end of a turn, a seat to which every world is loyal, or the last
seat with units on the board, wins; several seats meeting a condition together share the win.
A table may set a last turn (most loyal worlds wins then). A house rule ends a game that nobody
plays any more: a turn in which every decision was a default played for an absent player, and
nothing was done, ends it with no winner. A player's own choice, even a pass, is never such a
turn, and the last turn's scoring comes before it."""

from __future__ import annotations

from engine.core import Outcome, Termination
from engine.games.space_insurrection.names import seat_colour
from engine.games.space_insurrection.state import SpaceState
from engine.messages import Msg, m


def _every(state: SpaceState) -> list[int]:
    """Seats to which every world is loyal."""
    return [s for s in range(len(state.seat_names)) if all(w.loyal == s for w in state.worlds)]


def _last(state: SpaceState) -> list[int]:
    """The seat with units on the board, when it is the only one."""
    present = {u.owner for u in state.units.values()}
    return sorted(present) if len(present) == 1 else []


def _loyal(state: SpaceState) -> dict[int, int]:
    return {s: sum(1 for w in state.worlds if w.loyal == s) for s in range(len(state.seat_names))}


def judge(state: SpaceState) -> None:
    """Called as a turn ends: records the end in the state if the game is over."""
    every, last = _every(state), _last(state)
    if every or last:
        state.winners = sorted(set(every) | set(last))
        state.ended = "goal" if every else "elimination"
        return
    if state.last_turn and state.turn >= state.last_turn:
        loyal = _loyal(state)
        best = max(loyal.values())
        state.winners = [s for s, n in loyal.items() if n == best]
        state.ended = "time_limit"
        return
    if not state.busy:
        state.winners = []
        state.ended = "standstill"


def _reason(state: SpaceState, winners: list[int]) -> Msg:
    """How the game ended, told from the final position (which no move changes any more)."""
    if state.ended in ("goal", "elimination"):
        every, last = _names(state, _every(state)), _names(state, _last(state))
        if every and last:
            return m("space.end.every_and_last", every=every, last=last)
        if every:
            return m("space.end.every", seats=every)
        return m("space.end.last", seats=last)
    if state.ended == "time_limit":
        best = max(_loyal(state).values())
        worlds = m("space.count.worlds", n=best)
        return m("space.end.last_turn", n=len(winners), seats=_names(state, winners), worlds=worlds)
    return m("space.end.standstill")


def outcome(state: SpaceState) -> Outcome | None:
    if state.winners is None:
        return None
    return Outcome(
        termination=Termination(state.ended),
        winners=state.winners,
        msg=_reason(state, state.winners),
    )


def _names(state: SpaceState, seats: list[int]) -> list[Msg]:
    return [seat_colour(state, s) for s in seats]
