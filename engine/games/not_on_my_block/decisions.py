"""Follow-up decisions: what a move leaves a seat to settle before play goes on.

A push, a catch or a revoke sends an agent home and maybe reps too, a new Luxury Store grants a
push, a protection sends the Center reps home, a swap proposal waits for the other side. Each
is queued in `state.pending` and settled in order, by the seat it names. For each kind, the
answers it offers, the check of an answer and what the answer does sit together below.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import ActionBase, IllegalAction
from engine.games.not_on_my_block import mechanics as mech
from engine.games.not_on_my_block.actions import Bonus, Consent, Return, SendBack, Skip
from engine.games.not_on_my_block.state import (
    AgentHome,
    NombState,
    Pending,
    SendHome,
    StorePush,
    SwapOffer,
)
from engine.games.not_on_my_block.text import comma_list, pending_text
from engine.messages import Msg, m

# ----- reps sent home: after a suppression, a revoke or a protection -------------------------


def _send_home_answers(state: NombState, need: SendHome) -> Iterator[ActionBase]:
    for rep in need.reps:
        for home in mech.rep_homes(state):
            yield SendBack(rep=rep, to=home)


def _check_send_back(state: NombState, need: SendHome, action: SendBack) -> None:
    if action.rep.strip().lower() not in need.reps:
        raise IllegalAction(
            m("nomb.refuse.rep_to_send", reps=comma_list(mech.piece_list(need.reps)))
        )
    if mech.norm_block(state, action.to) not in mech.rep_homes(state):
        raise IllegalAction(m("nomb.refuse.rep_homes", homes=comma_list(mech.rep_homes(state))))


def _send_back(state: NombState, need: SendHome, action: SendBack) -> list[Msg]:
    rep = action.rep.strip().lower()
    to = mech.norm_block(state, action.to)
    state.reps[rep] = to
    if need.send_all:
        need.reps.remove(rep)
    if not need.send_all or not need.reps:
        state.pending.pop(0)
    return [
        m("nomb.event.sent_back", piece=mech.piece_label(rep), block=mech.block_text(state, to))
    ]


# ----- an agent back home: after a push, a catch or a revoke ---------------------------------


def _agent_home_answers(state: NombState, need: AgentHome) -> Iterator[ActionBase]:
    for home in mech.agent_homes(state):
        yield Return(agent=need.agent, to=home)


def _check_return(state: NombState, need: AgentHome, action: Return) -> None:
    if action.agent.strip().lower() != need.agent:
        raise IllegalAction(m("nomb.refuse.agent_going", piece=mech.piece_label(need.agent)))
    if mech.norm_block(state, action.to) not in mech.agent_homes(state):
        raise IllegalAction(m("nomb.refuse.agent_homes", homes=comma_list(mech.agent_homes(state))))


def _return(state: NombState, need: AgentHome, action: Return) -> list[Msg]:
    state.pending.pop(0)
    to = mech.norm_block(state, action.to)
    state.agents[need.agent] = to
    return [
        m(
            "nomb.event.returns",
            piece=mech.piece_label(need.agent),
            block=mech.block_text(state, to),
        )
    ]


# ----- the push of a new Luxury Store --------------------------------------------------------


def _store_push_answers(state: NombState, need: StorePush) -> Iterator[ActionBase]:
    for at, direction in mech.bonus_targets(state, need.store):
        yield Bonus(apartment=at, direction=direction)
    yield Skip()


def _check_bonus(state: NombState, need: StorePush, action: Bonus) -> None:
    at = mech.norm_block(state, action.apartment)
    apt = mech.apartment_at(state, at)
    if apt is None or apt.status != "standing":
        raise IllegalAction(m("nomb.refuse.nothing_to_push", at=at))
    if state.board.distance(need.store, at) > mech.BONUS_RADIUS:
        raise IllegalAction(
            m("nomb.refuse.too_far", at=at, radius=mech.BONUS_RADIUS, store=need.store)
        )
    mech.plan_push(state, at, action.direction)


def _bonus(state: NombState, need: StorePush, action: Bonus) -> list[Msg]:
    state.pending.pop(0)
    at = mech.norm_block(state, action.apartment)
    chain = mech.plan_push(state, at, action.direction)
    notes = [
        m(
            "nomb.event.store_pushes",
            store=need.store,
            at=at,
            direction=mech.direction_word(action.direction),
        )
    ]
    notes += mech.do_push(state, chain, action.direction)
    return notes + mech.surround(state) + mech.eliminate(state)


def _skip(state: NombState, need: StorePush) -> list[Msg]:
    state.pending.pop(0)
    return [m("nomb.event.store_skips", store=need.store)]


# ----- a swap proposal (4 players) -----------------------------------------------------------


def _consent(state: NombState, seat: int, need: SwapOffer, action: Consent) -> list[Msg]:
    state.pending.pop(0)
    if action.answer == "decline":
        return [m("nomb.event.declines", seat=mech.seat_name(state, seat))]
    rep_at, agent_at = state.reps[need.rep], state.agents[need.agent]
    state.reps[need.rep], state.agents[need.agent] = agent_at, rep_at
    return [
        m(
            "nomb.event.accepts",
            seat=mech.seat_name(state, seat),
            rep=mech.piece_label(need.rep),
            rep_to=agent_at,
            agent=mech.piece_label(need.agent),
            agent_to=rep_at,
        )
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


def settle(state: NombState, seat: int, action: ActionBase) -> list[Msg]:
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


def settle_forced(state: NombState) -> list[Msg]:
    """Settle queued decisions that have only one possible answer (e.g. no Luxury Store yet)."""
    notes: list[Msg] = []
    while state.pending:
        match state.pending[0]:
            case SendHome(send_all=True) as need if len(mech.rep_homes(state)) == 1:
                for rep in need.reps:
                    state.reps[rep] = state.board.start
                notes.append(
                    m("nomb.event.reps_to_start", n=len(need.reps), reps=mech.piece_list(need.reps))
                )
            case AgentHome() as need if len(mech.agent_homes(state)) == 1:
                state.agents[need.agent] = state.board.start
                notes.append(m("nomb.event.agent_to_start", piece=mech.piece_label(need.agent)))
            case _:
                break
        state.pending.pop(0)
    return notes
