"""Words for players: action labels, autocomplete labels, the status and the hand."""

from __future__ import annotations

from engine.core import ActionBase, OrderAction
from engine.games.space_insurrection.actions import Act, Declare, Deploy, Discard, Pass, Play
from engine.games.space_insurrection.content.models import content
from engine.games.space_insurrection.names import (
    VERBS,
    actor,
    target_name,
    unit_where,
    world_name,
    world_names,
)
from engine.games.space_insurrection.orders import STAY, TITLES
from engine.games.space_insurrection.state import (
    SpaceState,
    chit_name,
    is_special,
    special_of,
    type_of,
)
from engine.games.space_insurrection.view import PHASE_TEXT
from engine.sheets import decode_orders
from engine.words import count, listing


def describe(state: SpaceState, action: ActionBase) -> str:
    if isinstance(action, OrderAction):
        return f"submit your {TITLES.get(state.phase, 'orders').lower()}"
    if isinstance(action, Declare):
        where = "stay" if action.to == STAY else f"move to {world_name(action.to)}"
        return f"declare: {chit_name(action.unit)} will {where}"
    if isinstance(action, Discard):
        return f"discard {chit_name(action.chit)}"
    if isinstance(action, Act):
        return _act(state, action)
    if isinstance(action, Deploy):
        return f"{actor(action.unit)}: deploy {chit_name(action.chit)}"
    if isinstance(action, Play):
        name = special_of(action.chit).name
        aim = f" on {target_name(state, action.target)}" if action.target else ""
        put = f" ({chit_name(action.unit)})" if action.unit else ""
        return f"play {name}{aim}{put}"
    assert isinstance(action, Pass)
    return "pass"


def choice_label(state: SpaceState, action: ActionBase) -> str:
    """What the channel may read of an action: orders, discards, deployments and special
    chits name nothing from a reserve or a sheet."""
    if isinstance(action, OrderAction):
        return "submit orders"
    if isinstance(action, Discard):
        return "discard a chit"
    if isinstance(action, Deploy):
        return f"{actor(action.unit)}: deploy from the reserve"
    if isinstance(action, Play):
        return "play a special chit"
    return describe(state, action)


def _act(state: SpaceState, action: Act) -> str:
    verb = VERBS.get(action.action, action.action)
    who = actor(action.unit)
    if action.action in ("heal", "repair") or action.target in world_names():
        if action.action == "bombard":
            return f"{who}: bombard the industry"
        return f"{who}: {verb}"
    return f"{who}: {verb} {target_name(state, action.target)}"


def label_value(state: SpaceState, field: str, value: object) -> str:
    text = str(value)
    if field == "orders":
        return _orders(state, text)
    if field == "action":
        return VERBS.get(text, text)
    if text == STAY:
        return "stay"
    if text in world_names():
        return world_name(text)
    if state.phase == "action" and text in state.units:
        return unit_where(state, text)  # a special chit may aim at another world
    try:
        return target_name(state, text)
    except (KeyError, ValueError, IndexError):
        return text


def hand(state: SpaceState, seat: int) -> str:
    reserve = state.reserves[seat]
    limit = content().numbers.reserve_limit
    lines = [
        f"Your reserve ({count(len(reserve), 'chit')}, limit {limit}): "
        + (listing([chit_name(c) for c in sorted(reserve, key=chit_order)]) or "empty")
    ]
    if seat in state.sheets:
        lines.append("Your submitted orders: " + _orders(state, state.sheets[seat]))
    return "\n".join(lines)


def _orders(state: SpaceState, text: str) -> str:
    parts = []
    for unit, value in decode_orders(text).items():
        if value in ("stay", "orbit", "rest"):
            continue
        parts.append(f"{chit_name(unit)} → {label_value(state, 'to', value)}")
    return "; ".join(parts) or "nothing (every unit as it is)"


def chit_order(chit: str) -> tuple[int, str]:
    """Units first, then special chits, each by id."""
    return (1 if is_special(chit) else 0, chit)


def chit_text(chit: str) -> str:
    """What a chit does, in one line for a hand: a unit's kind, whether it moves and its
    actions with the roll each needs; a special chit's play and its reach."""
    if is_special(chit):
        special = special_of(chit)
        return "Special chit, played as an action" + (f": {special.note}." if special.note else ".")
    unit = type_of(chit)
    acts = listing([f"{VERBS.get(a.act, a.act)} ({a.x} or less)" for a in unit.actions])
    moves = "moves" if unit.moves else "does not move"
    return f"{unit.name}, {moves}" + (f"; actions: {acts}." if acts else ".")


def status(state: SpaceState, waiting: list[int]) -> str:
    loyal = ", ".join(
        f"{name} {sum(1 for w in state.worlds if w.loyal == s)}"
        for s, name in enumerate(state.seat_names)
    )
    phase = PHASE_TEXT[state.phase]
    if state.phase == "action" and state.acting is not None:
        phase = f"Actions at {world_name(state.worlds[state.at].id)}"
    last = f" of {state.last_turn}" if state.last_turn else ""
    who = ", ".join(state.seat_names[s] for s in waiting) or "nobody"
    return f"Turn {state.turn}{last}: {phase}. Waiting for: {who}.\nLoyal worlds: {loyal}."
