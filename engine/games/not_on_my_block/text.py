"""Friendly text for clients: action labels, autocomplete labels, prompts and the status line."""

from __future__ import annotations

from engine.core import ActionBase
from engine.games.not_on_my_block import mechanics as m
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
from engine.words import count, excerpt, listing


def describe(state: NombState, action: ActionBase) -> str:
    """A short label for a complete action, e.g. "Red rep 2 C4 → C5 (1 move)". Raises
    KeyError, IndexError or ValueError when a piece or block is not named as the board spells
    it."""
    if isinstance(action, Place):
        return f"{action.colour.capitalize()} apartment on {m.block_text(state, action.block)}"
    if isinstance(action, Move):
        return _describe_move(state, action.piece, action.to)
    if isinstance(action, Suppress):
        src = state.agents[action.agent]
        return f"{m.piece_label(action.agent)} {src} → {action.to}: catch the reps there"
    if isinstance(action, Develop):
        return f"Build a Luxury Store on {action.store}"
    if isinstance(action, Bonus):
        return f"Store push: apartment on {action.apartment} {action.direction}"
    if isinstance(action, Skip):
        return "Skip the Luxury Store push"
    if isinstance(action, Protect):
        apt = m.apartment_at(state, action.apartment)
        colour = apt.colour if apt else "the"
        return f"Protect {colour} apartment on {action.apartment} (Center {action.center})"
    if isinstance(action, SendBack):
        return f"{m.piece_label(action.rep)} → {_home(state, action.to)}"
    if isinstance(action, Return):
        return f"{m.piece_label(action.agent)} → {_home(state, action.to)}"
    if isinstance(action, Collude):
        return (
            f"Swap {m.piece_label(action.rep)} ({state.reps[action.rep]}) with "
            f"{m.piece_label(action.agent)} ({state.agents[action.agent]})"
        )
    if isinstance(action, Consent):
        return "Accept the swap" if action.answer == "accept" else "Decline the swap"
    if isinstance(action, End):
        return "End turn"
    raise ValueError(action.kind)


def plain_label(action: ActionBase) -> str:
    """An action named as typed, for one that names a piece or block as the board does not
    spell it: its kind and values, each clipped."""
    values = [excerpt(v, 20) for v in action.model_dump(exclude={"kind"}).values()]
    return excerpt(" ".join([action.kind.capitalize(), *values]), 99)


def _describe_move(state: NombState, piece: str, to: str) -> str:
    if piece in state.reps:
        cost = 2 if m.gentrified(state, to) else 1
        extra = ", Luxury" if cost == 2 else ""
        return f"{m.piece_label(piece)} {state.reps[piece]} → {to} ({count(cost, 'move')}{extra})"
    src = state.agents[piece]
    label = f"{m.piece_label(piece)} {src} → {to}"
    apt = m.apartment_at(state, to)
    if apt is not None and apt.status == "standing":
        if len(m.reps_at(state, to)) >= 2:
            return f"{label}: revoke protection"
        direction = state.board.direction_between(src, to)
        return f"{label}: push {apt.colour} apartment {direction}"
    if m.reps_at(state, to) and m.risk_zone(state, to):
        return f"{label}: catch the reps there"
    return label


def _home(state: NombState, at: str) -> str:
    if at == state.board.start:
        return f"Start ({at})"
    kind = "Luxury Store" if at in state.luxury_stores else "Store"
    return f"{kind} {at}"


def label_value(state: NombState, field: str, value: object) -> str:
    """Autocomplete label for one field value: pieces with their block, blocks with their type."""
    raw = str(value)
    key = raw.strip().lower()
    if key in state.reps:
        return f"{m.piece_label(key)} (at {state.reps[key]})"
    if key in state.agents:
        return f"{m.piece_label(key)} (at {state.agents[key]})"
    if key in COLOURS:
        return key.capitalize()
    at = state.board.normalise(raw)
    if at is not None and field in ("to", "block", "store", "center", "apartment"):
        apt = m.apartment_at(state, at)
        text = m.block_text(state, at)
        return f"{text}, {apt.colour} apartment" if apt is not None else text
    return excerpt(raw)


def pending_text(state: NombState, need: Pending) -> str:
    """What the seat owing a follow-up decision is asked."""
    if isinstance(need, SendHome):
        homes = listing(m.rep_homes(state), "or")
        if len(need.reps) == 1:
            return f"Send {_names(need.reps)} back to Start or a Store: {homes}."
        if need.send_all:
            return f"Send {_names(need.reps)} back to Start or a Store ({homes}), one at a time."
        return (
            f"Choose one of {_names(need.reps, 'or')} to send back to Start or a Store ({homes})."
        )
    if isinstance(need, AgentHome):
        homes = listing(m.agent_homes(state), "or")
        return f"Return {m.piece_label(need.agent)} to Start or a Luxury Store: {homes}."
    if isinstance(need, StorePush):
        return (
            f"Your new Luxury Store on {need.store} may push one apartment within "
            f"{m.BONUS_RADIUS} blocks, in any direction. Choose one, or skip."
        )
    return (
        f"{state.seat_names[need.proposer]} proposes swapping {m.piece_label(need.rep)} "
        f"({state.reps[need.rep]}) with {m.piece_label(need.agent)} "
        f"({state.agents[need.agent]}). Accept or decline?"
    )


def turn_text(state: NombState) -> str:
    """The active seat's prompt when nothing else is waiting."""
    seat = state.active
    if state.phase == "placement":
        if state.players == 2:
            left = m.count(state, "unplaced")
            return f"Place your apartments on empty blocks or Risk Zones ({left} left)."
        return "Place one of your apartments on an empty block or Risk Zone."
    first = state.round == 1
    if seat == 0:
        mode = {
            "": "",
            "push": " You pushed this turn: no sending reps home.",
            "suppress": " You sent reps home this turn: no pushing.",
        }[state.mode]
        how = DEVELOPER_HOW if first and state.dev_moves == m.DEVELOPER_MOVES else ""
        moves = count(state.dev_moves, "move")
        return f"{moves} left across your agents.{how}{mode}{_standstill_warning(state)}"
    moves = ", ".join(f"{c} {n}" for c, n in state.rep_moves.items())
    full = all(n == m.MOVES_PER_COLOUR for n in state.rep_moves.values())
    how = RESIDENT_HOW if first and full else ""
    return f"Moves left: {moves}.{how}{_standstill_warning(state)}"


DEVELOPER_HOW = (
    " Step onto an apartment to push it, onto reps in a Risk Zone to catch them, develop a "
    "Store, or end your turn."
)
RESIDENT_HOW = " Move reps, protect an apartment, or end your turn."
"""How a turn is played, said at the start of a seat's first turn only (and in `/game help`):
every later prompt is just the moves left."""


def _standstill_warning(state: NombState) -> str:
    """Said to the last seat of a round whose other turns were all ended for absent players:
    this turn ended for them too would end the game, though ending it themselves would not."""
    others = state.players - len(state.eliminated) - 1
    if state.acted or state.idle_turns < others:
        return ""
    whose = "The other player's last turn was" if others == 1 else "The other players' turns were"
    return (
        f" {whose} ended for them while they were away: if yours is ended for you too, the "
        "game stops in a standstill with no winner."
    )


def score_line(state: NombState) -> str:
    gone = m.count(state, "pushed", "surrounded")
    return (
        f"Developer {gone}/{m.GOAL} apartments pushed out · "
        f"Residents {m.count(state, 'protected')}/{m.GOAL} protected"
    )


def status(state: NombState) -> str:
    """The /game status summary: round, whose turn, moves left, scores."""
    who = state.seat_names[state.active]
    if state.pending:
        need = state.pending[0]
        return f"{score_line(state)}\nWaiting for {state.seat_names[need.seat]}: " + pending_text(
            state, need
        )
    if state.phase == "placement":
        return f"Set-up: {who} is placing apartments ({m.count(state, 'unplaced')} to go)."
    return f"Round {state.round}, {who} to play. {turn_text(state)}\n{score_line(state)}"


def _names(reps: list[str], conjunction: str = "and") -> str:
    return listing([m.piece_label(r) for r in reps], conjunction)
