"""What the one seat that may act is asked: a follow-up decision when one is queued (out of
turn when it is not that seat's turn), else its turn.

Every prompt carries a default, the action taken when the table stops waiting: a decision's
answer that changes least (`decisions.default`), the least exposed placement
or ending the turn (`turn.default_action`). Defaults alone always finish a game: a whole round
of turns ended by defaults for absent players, with nothing done, is a standstill, which ends it.

Only the few free actions of a turn come as quick choices; moves are typed, and autocomplete
lists them.
"""

from __future__ import annotations

from typing import Any

from engine.core import Game, Prompt, in_phase
from engine.games.not_on_my_block import decisions, text, turn
from engine.games.not_on_my_block.actions import End
from engine.games.not_on_my_block.state import NombState


def phase_key(state: NombState) -> str:
    """The phase the channel follows in one message (`Prompt.phase`). The apartments are
    placed in one phase (with four players the Residents take turns, one apartment each).
    In play each turn is its own, with the answers it asks of another seat on the way (a
    collusion swap offered, a Resident choosing where its Reps go home, the Developer where
    an Agent goes back), so those do not break the turn into new messages."""
    if state.phase == "placement":
        return "placement"
    return f"round-{state.round}-seat-{state.active}"


def prompts(game: Game[NombState, Any], state: NombState) -> dict[int, Prompt]:
    """The prompt of the seat that may act now, in a game still running, in the phase of
    `phase_key`."""
    return in_phase(_asked(game, state), phase_key(state))


def _asked(game: Game[NombState, Any], state: NombState) -> dict[int, Prompt]:
    seat = state.acting_seat
    if state.pending:
        need = state.pending[0]
        offered = list(decisions.answers(state))
        return {
            seat: Prompt(
                seat=seat,
                msg=text.pending_text(state, need),
                kinds=sorted({a.kind for a in offered}),
                choices=game.quick_choices(state, offered),
                out_of_turn=seat != state.active,
                default=decisions.default(state, need).model_dump(),
            )
        }
    if state.phase == "placement":
        return {
            seat: Prompt(
                seat=seat,
                msg=text.turn_text(state),
                kinds=["place"],
                default=turn.default_action(state, seat).model_dump(),
            )
        }
    free = [*turn.legal(state, seat, ("develop", "protect")), End()]
    kinds = {"move", "end", *(a.kind for a in free)}
    if any(True for _ in turn.legal(state, seat, ("suppress",))):
        kinds.add("suppress")
    if turn.may_collude(state):
        kinds.add("collude")
    return {
        seat: Prompt(
            seat=seat,
            msg=text.turn_text(state),
            kinds=sorted(kinds),
            choices=game.quick_choices(state, free),
            default=turn.default_action(state, seat).model_dump(),
        )
    }
