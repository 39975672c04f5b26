"""Follow-up decisions: what a move leaves a seat to settle before play goes on.

A push, a catch or a revoke sends an agent home and maybe reps too, a new Luxury Store grants a
push, a protection sends the Center reps home, a swap proposal waits for the other side. Each
is queued in `state.pending` and settled in order, by the seat it names. For each kind, the
answers it offers, the check of an answer and what the answer does sit together below.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import ActionBase, IllegalAction
from engine.games.not_on_my_block import mechanics as m
from engine.games.not_on_my_block.actions import Bonus, Consent, Return, SendBack, Skip
from engine.games.not_on_my_block.state import (
    AgentHome,
    NombState,
    Pending,
    SendHome,
    StorePush,
    SwapOffer,
)
from engine.games.not_on_my_block.text import pending_text

# ----- reps sent home: after a suppression, a revoke or a protection -------------------------


def _send_home_answers(state: NombState, need: SendHome) -> Iterator[ActionBase]:
    for rep in need.reps:
        for home in m.rep_homes(state):
            yield SendBack(rep=rep, to=home)


def _check_send_back(state: NombState, need: SendHome, action: SendBack) -> None:
    if action.rep.strip().lower() not in need.reps:
        names = ", ".join(m.piece_label(r) for r in need.reps)
        raise IllegalAction(f"The rep to send home is one of: {names}.")
    if m.norm_block(state, action.to) not in m.rep_homes(state):
        raise IllegalAction(
            "Reps go back to Start or a Store: " + ", ".join(m.rep_homes(state)) + "."
        )


def _send_back(state: NombState, need: SendHome, action: SendBack) -> list[str]:
    rep = action.rep.strip().lower()
    to = m.norm_block(state, action.to)
    state.reps[rep] = to
    if need.send_all:
        need.reps.remove(rep)
    if not need.send_all or not need.reps:
        state.pending.pop(0)
    return [f"{m.piece_label(rep)} is sent back to {m.block_text(state, to)}"]


# ----- an agent back home: after a push, a catch or a revoke ---------------------------------


def _agent_home_answers(state: NombState, need: AgentHome) -> Iterator[ActionBase]:
    for home in m.agent_homes(state):
        yield Return(agent=need.agent, to=home)


def _check_return(state: NombState, need: AgentHome, action: Return) -> None:
    if action.agent.strip().lower() != need.agent:
        raise IllegalAction(f"{m.piece_label(need.agent)} is the agent going back.")
    if m.norm_block(state, action.to) not in m.agent_homes(state):
        raise IllegalAction(
            "Agents go back to Start or a Luxury Store: " + ", ".join(m.agent_homes(state)) + "."
        )


def _return(state: NombState, need: AgentHome, action: Return) -> list[str]:
    state.pending.pop(0)
    to = m.norm_block(state, action.to)
    state.agents[need.agent] = to
    return [f"{m.piece_label(need.agent)} returns to {m.block_text(state, to)}"]


# ----- the push of a new Luxury Store --------------------------------------------------------


def _store_push_answers(state: NombState, need: StorePush) -> Iterator[ActionBase]:
    for at, direction in m.bonus_targets(state, need.store):
        yield Bonus(apartment=at, direction=direction)
    yield Skip()


def _check_bonus(state: NombState, need: StorePush, action: Bonus) -> None:
    at = m.norm_block(state, action.apartment)
    apt = m.apartment_at(state, at)
    if apt is None or apt.status != "standing":
        raise IllegalAction(f"There is no apartment that can be pushed on {at}.")
    if state.board.distance(need.store, at) > m.BONUS_RADIUS:
        raise IllegalAction(
            f"{at} is more than {m.BONUS_RADIUS} blocks from the Luxury Store at {need.store}."
        )
    m.plan_push(state, at, action.direction)


def _bonus(state: NombState, need: StorePush, action: Bonus) -> list[str]:
    state.pending.pop(0)
    at = m.norm_block(state, action.apartment)
    chain = m.plan_push(state, at, action.direction)
    notes = [f"The Luxury Store on {need.store} pushes the apartment on {at} {action.direction}"]
    notes += m.do_push(state, chain, action.direction)
    return notes + m.surround(state) + m.eliminate(state)


def _skip(state: NombState, need: StorePush) -> list[str]:
    state.pending.pop(0)
    return [f"The Developer gives up the push of the Luxury Store on {need.store}"]


# ----- a swap proposal (4 players) -----------------------------------------------------------


def _consent(state: NombState, seat: int, need: SwapOffer, action: Consent) -> list[str]:
    state.pending.pop(0)
    if action.answer == "decline":
        return [f"{state.seat_names[seat]} declines the swap"]
    rep_at, agent_at = state.reps[need.rep], state.agents[need.agent]
    state.reps[need.rep], state.agents[need.agent] = agent_at, rep_at
    return [
        f"{state.seat_names[seat]} accepts: {m.piece_label(need.rep)} goes to {agent_at} "
        f"and {m.piece_label(need.agent)} to {rep_at}"
    ]


# ----- the decision at the head of the queue -------------------------------------------------


def answers(state: NombState) -> Iterator[ActionBase]:
    """Every legal answer to the decision at the head of the queue."""
    match state.pending[0]:
        case SendHome() as need:
            yield from _send_home_answers(state, need)
        case AgentHome() as need:
            yield from _agent_home_answers(state, need)
        case StorePush() as need:
            yield from _store_push_answers(state, need)
        case SwapOffer():
            yield Consent(answer="accept")
            yield Consent(answer="decline")


def default(state: NombState, need: Pending) -> ActionBase:
    """The answer given for a seat that does not answer, for every kind of decision: the one
    that changes least. A swap is declined (nothing moves); a rep sent home goes to Start, the
    first listed when one must be picked (Start is always a home, and a Store would put it
    somewhere nobody chose); the agent returns to Start (ditto); the Luxury Store's push is
    skipped (a push is a choice the Developer makes, not one made for them)."""
    match need:
        case SwapOffer():
            return Consent(answer="decline")
        case SendHome():
            return SendBack(rep=need.reps[0], to=state.board.start)
        case AgentHome():
            return Return(agent=need.agent, to=state.board.start)
        case StorePush():
            return Skip()


def settle(state: NombState, seat: int, action: ActionBase) -> list[str]:
    """Check `action` as the answer `seat` owes, then carry it out; refused, nothing changes."""
    need = state.pending[0]
    match need, action:
        case SendHome(), SendBack() if seat == need.seat:
            _check_send_back(state, need, action)
            return _send_back(state, need, action)
        case AgentHome(), Return() if seat == need.seat:
            _check_return(state, need, action)
            return _return(state, need, action)
        case StorePush(), Bonus() if seat == need.seat:
            _check_bonus(state, need, action)
            return _bonus(state, need, action)
        case StorePush(), Skip() if seat == need.seat:
            return _skip(state, need)
        case SwapOffer(), Consent() if seat == need.seat:
            return _consent(state, seat, need, action)
    raise IllegalAction(pending_text(state, need))


def settle_forced(state: NombState) -> list[str]:
    """Settle queued decisions that have only one possible answer (e.g. no Luxury Store yet)."""
    notes = []
    while state.pending:
        match state.pending[0]:
            case SendHome(send_all=True) as need if len(m.rep_homes(state)) == 1:
                for rep in need.reps:
                    state.reps[rep] = state.board.start
                notes.append(m.piece_list(need.reps) + " go back to Start")
            case AgentHome() as need if len(m.agent_homes(state)) == 1:
                state.agents[need.agent] = state.board.start
                notes.append(f"{m.piece_label(need.agent)} returns to Start")
            case _:
                break
        state.pending.pop(0)
    return notes
