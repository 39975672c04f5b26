"""Words for players: action labels, autocomplete labels, the status and the hand."""

from __future__ import annotations

from engine.core import ActionBase, OrderAction
from engine.games.space_insurrection.actions import Act, Declare, Deploy, Discard, Pass, Play
from engine.games.space_insurrection.content.models import content
from engine.games.space_insurrection.names import (
    actor,
    commas,
    seat_colour,
    semicolons,
    target_name,
    unit_where,
    verb,
    world_name,
    world_names,
)
from engine.games.space_insurrection.orders import KINDS, STAY, orders_of
from engine.games.space_insurrection.state import (
    SpaceState,
    chit_name,
    is_special,
    special_name,
    special_of,
    type_name,
    type_of,
)
from engine.games.space_insurrection.view import phase_name
from engine.messages import Arg, Msg, m
from engine.sheets import decode_orders

VERBS = (
    *("kill", "attack", "sabotage", "bombard", "spy", "control"),
    *("incite", "subdue", "heal", "repair", "deploy"),
)
"""Actions with a verb of their own (`space.verb.<act>`)."""


def describe(state: SpaceState, action: ActionBase) -> Msg:
    if isinstance(action, OrderAction):
        orders = orders_of(state.phase) if state.phase in KINDS else m("space.orders.any")
        return m("space.describe.submit", orders=orders)
    if isinstance(action, Declare):
        if action.to == STAY:
            return m("space.describe.declare_stay", chit=chit_name(action.unit))
        return m(
            "space.describe.declare_move", chit=chit_name(action.unit), world=world_name(action.to)
        )
    if isinstance(action, Discard):
        return m("space.describe.discard", chit=chit_name(action.chit))
    if isinstance(action, Act):
        return _act(state, action)
    if isinstance(action, Deploy):
        return m("space.describe.deploy", actor=actor(action.unit), chit=chit_name(action.chit))
    if isinstance(action, Play):
        name = special_name(action.chit)
        if action.target and action.unit:
            target = target_name(state, action.target)
            return m(
                "space.describe.play_on_put",
                special=name,
                target=target,
                chit=chit_name(action.unit),
            )
        if action.target:
            return m(
                "space.describe.play_on", special=name, target=target_name(state, action.target)
            )
        if action.unit:
            return m("space.describe.play_put", special=name, chit=chit_name(action.unit))
        return m("space.describe.play", special=name)
    assert isinstance(action, Pass)
    return m("space.describe.pass")


def choice_label(state: SpaceState, action: ActionBase) -> Msg:
    """What the channel may read of an action: orders, discards, deployments and special
    chits name nothing from a reserve or a sheet."""
    if isinstance(action, OrderAction):
        return m("space.label.submit")
    if isinstance(action, Discard):
        return m("space.label.discard")
    if isinstance(action, Deploy):
        return m("space.label.deploy", actor=actor(action.unit))
    if isinstance(action, Play):
        return m("space.label.play")
    return describe(state, action)


def _verb(act: str) -> Msg:
    return verb(act) if act in VERBS else m("core.name", name=act)


def _act(state: SpaceState, action: Act) -> Msg:
    who = actor(action.unit)
    if action.action in ("heal", "repair") or action.target in world_names():
        if action.action == "bombard":
            return m("space.describe.bombard_industry", actor=who)
        return m("space.describe.act", actor=who, verb=_verb(action.action))
    return m(
        "space.describe.act_on",
        actor=who,
        verb=_verb(action.action),
        target=target_name(state, action.target),
    )


def label_value(state: SpaceState, field: str, value: object) -> Msg:
    text = str(value)
    if field == "orders":
        return _orders(state, text)
    if field == "action":
        return _verb(text)
    if text == STAY:
        return m("space.label.stay")
    if text in world_names():
        return world_name(text)
    if state.phase == "action" and text in state.units:
        return unit_where(state, text)  # a special chit may aim at another world
    try:
        return target_name(state, text)
    except (KeyError, ValueError, IndexError):
        return m("core.name", name=text)  # a value typed by hand, shown as it was typed


def hand(state: SpaceState, seat: int) -> Msg:
    reserve = state.reserves[seat]
    limit = content().numbers.reserve_limit
    chits = [chit_name(c) for c in sorted(reserve, key=chit_order)]
    if chits:
        said = m("space.hand.reserve", n=len(reserve), limit=limit, chits=chits)
    else:
        said = m("space.hand.reserve_empty", n=len(reserve), limit=limit)
    if seat in state.sheets:
        return m("space.hand.with_orders", reserve=said, orders=_orders(state, state.sheets[seat]))
    return said


def _orders(state: SpaceState, text: str) -> Msg:
    parts: list[Msg] = []
    for unit, value in decode_orders(text).items():
        if value in ("stay", "orbit", "rest"):
            continue
        parts.append(
            m("space.hand.order", chit=chit_name(unit), to=label_value(state, "to", value))
        )
    if not parts:
        return m("space.hand.no_orders")
    joined = semicolons(parts)
    assert isinstance(joined, Msg)  # clauses that are all messages join into one
    return joined


def chit_order(chit: str) -> tuple[int, str]:
    """Units first, then special chits, each by id."""
    return (1 if is_special(chit) else 0, chit)


def chit_text(chit: str) -> Msg:
    """What a chit does, in one line for a hand: a unit's kind, whether it moves and its
    actions with the roll each needs; a special chit's play and its reach."""
    if is_special(chit):
        special = special_of(chit)
        if special.note:
            return m("space.hand.special_note", note=m(f"space.special.{special.id}.note"))
        return m("space.hand.special")
    unit = type_of(chit)
    acts = [m("space.hand.action", verb=_verb(a.act), x=a.x) for a in unit.actions]
    moves = m("space.hand.moves" if unit.moves else "space.hand.stays")
    name = type_name(unit.id)
    if acts:
        return m("space.hand.unit_acts", type=name, moves=moves, acts=acts)
    return m("space.hand.unit", type=name, moves=moves)


def status(state: SpaceState, waiting: list[int]) -> Msg:
    loyal = commas(
        [
            m(
                "space.status.loyal",
                seat=seat_colour(state, s),
                n=sum(1 for w in state.worlds if w.loyal == s),
            )
            for s in range(len(state.seat_names))
        ]
    )
    phase = phase_name(state.phase)
    if state.phase == "action" and state.acting is not None:
        phase = m("space.phase.action_at", world=world_name(state.worlds[state.at].id))
    names = [seat_colour(state, s) for s in waiting]
    who = commas(names) if names else m("space.status.nobody")
    said: dict[str, Arg] = {"turn": state.turn, "phase": phase, "who": who, "loyal": loyal}
    if state.last_turn:
        return m("space.status.turn_of", last=state.last_turn, **said)
    return m("space.status.turn", **said)
