"""Friendly text for clients: action labels, autocomplete labels, prompts and the status line.

Everything here is a message (`engine.messages`): the words are in `locale/<language>.po`."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import ActionBase
from engine.games.not_on_my_block import mechanics as mech
from engine.games.not_on_my_block.actions import (
    Bonus,
    Collude,
    Consent,
    Develop,
    End,
    Move,
    Place,
    Protect,
    Return,
    SendBack,
    Skip,
    Suppress,
)
from engine.games.not_on_my_block.state import (
    COLOURS,
    AgentHome,
    NombState,
    Pending,
    SendHome,
    StorePush,
)
from engine.messages import Arg, Msg, m
from engine.words import excerpt


def describe(state: NombState, action: ActionBase) -> Msg:
    """A short label for a complete action, e.g. "Red rep 2 C4 → C5 (1 move)". Raises
    KeyError, IndexError or ValueError when a piece or block is not named as the board spells
    it."""
    if isinstance(action, Place):
        block = mech.block_text(state, action.block)
        return m("nomb.label.place", colour=mech.colour_name(action.colour.lower()), block=block)
    if isinstance(action, Move):
        return _describe_move(state, action.piece, action.to)
    if isinstance(action, Suppress):
        src = state.agents[action.agent]
        return m(
            "nomb.label.agent_catch", piece=mech.piece_label(action.agent), at=src, to=action.to
        )
    if isinstance(action, Develop):
        return m("nomb.label.develop", at=action.store)
    if isinstance(action, Bonus):
        direction = mech.direction_word(action.direction)
        return m("nomb.label.bonus", at=action.apartment, direction=direction)
    if isinstance(action, Skip):
        return m("nomb.label.skip")
    if isinstance(action, Protect):
        apt = mech.apartment_at(state, action.apartment)
        if apt is None:
            return m("nomb.label.protect_unknown", at=action.apartment, center=action.center)
        colour = mech.colour_word(apt.colour)
        return m("nomb.label.protect", colour=colour, at=action.apartment, center=action.center)
    if isinstance(action, SendBack):
        return m(
            "nomb.label.send", piece=mech.piece_label(action.rep), home=_home(state, action.to)
        )
    if isinstance(action, Return):
        return m(
            "nomb.label.send", piece=mech.piece_label(action.agent), home=_home(state, action.to)
        )
    if isinstance(action, Collude):
        return m(
            "nomb.label.collude",
            rep=mech.piece_label(action.rep),
            rep_at=state.reps[action.rep],
            agent=mech.piece_label(action.agent),
            agent_at=state.agents[action.agent],
        )
    if isinstance(action, Consent):
        return m("nomb.label.accept") if action.answer == "accept" else m("nomb.label.decline")
    if isinstance(action, End):
        return m("nomb.label.end")
    raise ValueError(action.kind)


def plain_label(action: ActionBase) -> Msg:
    """An action named as typed, for one that names a piece or block as the board does not
    spell it: its kind and values, each clipped."""
    values = [excerpt(v, 20) for v in action.model_dump(exclude={"kind"}).values()]
    return m("nomb.label.typed", text=excerpt(" ".join([action.kind.capitalize(), *values]), 99))


def _describe_move(state: NombState, piece: str, to: str) -> Msg:
    if piece in state.reps:
        at = state.reps[piece]
        label = mech.piece_label(piece)
        if mech.gentrified(state, to):
            return m("nomb.label.rep_move_luxury", piece=label, at=at, to=to, n=2)
        return m("nomb.label.rep_move", piece=label, at=at, to=to, n=1)
    src = state.agents[piece]
    named: dict[str, Arg] = {"piece": mech.piece_label(piece), "at": src, "to": to}
    apt = mech.apartment_at(state, to)
    if apt is not None and apt.status == "standing":
        if len(mech.reps_at(state, to)) >= 2:
            return m("nomb.label.agent_revoke", **named)
        direction = state.board.direction_between(src, to)
        assert direction is not None
        return m(
            "nomb.label.agent_push",
            **named,
            colour=mech.colour_word(apt.colour),
            direction=mech.direction_word(direction),
        )
    if mech.reps_at(state, to) and mech.risk_zone(state, to):
        return m("nomb.label.agent_catch", **named)
    return m("nomb.label.agent_move", **named)


def _home(state: NombState, at: str) -> Msg:
    if at == state.board.start:
        return m("nomb.label.home_start", at=at)
    if at in state.luxury_stores:
        return m("nomb.label.home_luxury_store", at=at)
    return m("nomb.label.home_store", at=at)


def label_value(state: NombState, field: str, value: object) -> Msg:
    """Autocomplete label for one field value: pieces with their block, blocks with their type."""
    raw = str(value)
    key = raw.strip().lower()
    if key in state.reps:
        return m("nomb.label.piece_at", piece=mech.piece_label(key), at=state.reps[key])
    if key in state.agents:
        return m("nomb.label.piece_at", piece=mech.piece_label(key), at=state.agents[key])
    if key in COLOURS:
        return mech.colour_name(key)
    if field == "direction" and key in ("up", "down", "left", "right"):
        return mech.direction_word(key)
    if field == "answer" and key in _ANSWERS:
        return m(_ANSWERS[key])
    at = state.board.normalise(raw)
    if at is not None and field in ("to", "block", "store", "center", "apartment"):
        apt = mech.apartment_at(state, at)
        block = mech.block_text(state, at)
        if apt is None:
            return block
        return m("nomb.label.block_apartment", block=block, colour=mech.colour_word(apt.colour))
    return m("nomb.label.typed", text=excerpt(raw))


_ANSWERS = {"accept": "nomb.label.answer.accept", "decline": "nomb.label.answer.decline"}
"""A swap's answers, as autocomplete lists them."""


def comma_list(items: Sequence[Arg]) -> Arg:
    """Items one after another, separated the reader's way: "E5, A1, I9"."""
    joined = items[0]
    for item in items[1:]:
        joined = m("nomb.list.comma", head=joined, item=item)
    return joined


def or_list(items: Sequence[Arg]) -> Arg:
    """Alternatives: "E5, A1 or I9"."""
    if len(items) == 1:
        return items[0]
    return m("nomb.list.or", head=comma_list(items[:-1]), last=items[-1])


def pending_text(state: NombState, need: Pending) -> Msg:
    """What the seat owing a follow-up decision is asked."""
    if isinstance(need, SendHome):
        homes = or_list(mech.rep_homes(state))
        reps = mech.piece_list(need.reps)
        if len(need.reps) == 1:
            return m("nomb.prompt.send_one", reps=reps, homes=homes)
        if need.send_all:
            return m("nomb.prompt.send_all", reps=reps, homes=homes)
        return m("nomb.prompt.send_choose", reps=or_list(reps), homes=homes)
    if isinstance(need, AgentHome):
        homes = or_list(mech.agent_homes(state))
        return m("nomb.prompt.agent_home", piece=mech.piece_label(need.agent), homes=homes)
    if isinstance(need, StorePush):
        return m("nomb.prompt.store_push", store=need.store, radius=mech.BONUS_RADIUS)
    return m(
        "nomb.prompt.swap",
        seat=mech.seat_name(state, need.proposer),
        rep=mech.piece_label(need.rep),
        rep_at=state.reps[need.rep],
        agent=mech.piece_label(need.agent),
        agent_at=state.agents[need.agent],
    )


def _sentences(parts: Sequence[Msg | None]) -> Msg:
    """Sentences said one after another."""
    present = [part for part in parts if part is not None]
    joined = present[0]
    for part in present[1:]:
        joined = m("nomb.prompt.then", head=joined, tail=part)
    return joined


def turn_text(state: NombState) -> Msg:
    """The active seat's prompt when nothing else is waiting."""
    seat = state.active
    if state.phase == "placement":
        if state.players == 2:
            return m("nomb.prompt.place_all", left=mech.count(state, "unplaced"))
        return m("nomb.prompt.place_one")
    first = state.round == 1
    if seat == 0:
        mode = {"": None, "push": m("nomb.prompt.pushed"), "suppress": m("nomb.prompt.suppressed")}
        how = DEVELOPER_HOW if first and state.dev_moves == mech.DEVELOPER_MOVES else None
        moves = m("nomb.prompt.developer", n=state.dev_moves)
        return _sentences([moves, how, mode[state.mode], _standstill_warning(state)])
    left = [
        m("nomb.prompt.colour_moves", colour=mech.colour_word(c), left=n)
        for c, n in state.rep_moves.items()
    ]
    full = all(n == mech.MOVES_PER_COLOUR for n in state.rep_moves.values())
    how = RESIDENT_HOW if first and full else None
    moves = m("nomb.prompt.resident", moves=comma_list(left))
    return _sentences([moves, how, _standstill_warning(state)])


DEVELOPER_HOW = m("nomb.prompt.developer_how")
RESIDENT_HOW = m("nomb.prompt.resident_how")
"""How a turn is played, said at the start of a seat's first turn only (and in `/game help`):
every later prompt is just the moves left."""


def _standstill_warning(state: NombState) -> Msg | None:
    """Said to the last seat of a round whose other turns were all ended for absent players:
    this turn ended for them too would end the game, though ending it themselves would not."""
    others = state.players - len(state.eliminated) - 1
    if state.acted or state.idle_turns < others:
        return None
    if others == 1:
        return m("nomb.prompt.standstill_one")
    return m("nomb.prompt.standstill_all")


def score_line(state: NombState) -> Msg:
    return m(
        "nomb.status.score",
        gone=mech.count(state, "pushed", "surrounded"),
        protected=mech.count(state, "protected"),
        goal=mech.GOAL,
    )


def status(state: NombState) -> Msg:
    """The /game status summary: round, whose turn, moves left, scores."""
    who = mech.seat_name(state, state.active)
    if state.pending:
        need = state.pending[0]
        return m(
            "nomb.status.waiting",
            score=score_line(state),
            seat=mech.seat_name(state, need.seat),
            asked=pending_text(state, need),
        )
    if state.phase == "placement":
        return m("nomb.status.placing", seat=who, left=mech.count(state, "unplaced"))
    return m(
        "nomb.status.playing",
        round=state.round,
        seat=who,
        turn=turn_text(state),
        score=score_line(state),
    )
