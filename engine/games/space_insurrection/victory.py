"""How the game ends: at the end of a turn, a seat to which every world is loyal, or the last
seat with units on the board, wins; several seats meeting a condition together share the win.
A table may set a last turn (most loyal worlds wins then). A house rule ends a game that nobody
plays any more: a turn in which every decision was a default played for an absent player, and
nothing was done, ends it with no winner. A player's own choice, even a pass, is never such a
turn, and the last turn's scoring comes before it."""

from __future__ import annotations

from engine.core import Outcome, Termination
from engine.games.space_insurrection.state import SpaceState
from engine.messages import raw
from engine.words import count, listing, verb


def judge(state: SpaceState) -> None:
    """Called as a turn ends: records the end in the state if the game is over."""
    seats = range(len(state.seat_names))
    every = [s for s in seats if all(w.loyal == s for w in state.worlds)]
    present = {u.owner for u in state.units.values()}
    last = [s for s in present] if len(present) == 1 else []
    if every or last:
        state.winners = sorted(set(every) | set(last))
        reasons = []
        if every:
            reasons.append("every world is loyal to " + _names(state, every))
        if last:
            reasons.append(_names(state, last) + " alone has units left on the board")
        state.ended = "goal" if every else "elimination"
        said = "; ".join(reasons)
        state.ended_text = said[0].upper() + said[1:]
        return
    if state.last_turn and state.turn >= state.last_turn:
        loyal = {s: sum(1 for w in state.worlds if w.loyal == s) for s in seats}
        best = max(loyal.values())
        state.winners = [s for s in seats if loyal[s] == best]
        state.ended = "time_limit"
        state.ended_text = (
            f"The last turn is over: {_names(state, state.winners)} "
            f"{verb(len(state.winners), 'hold')} the most loyal worlds ({count(best, 'world')})"
            + (" and share the win" if len(state.winners) > 1 else "")
        )
        return
    if not state.busy:
        state.winners = []
        state.ended = "standstill"
        state.ended_text = (
            "A whole turn went by with every player away and nothing done: the game stops "
            "with no winner"
        )


def outcome(state: SpaceState) -> Outcome | None:
    if state.winners is None:
        return None
    return Outcome(
        termination=Termination(state.ended), winners=state.winners, msg=raw(state.ended_text + ".")
    )


def _names(state: SpaceState, seats: list[int]) -> str:
    return listing([state.seat_names[s] for s in seats])
