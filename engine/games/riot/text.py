"""Actions in words: what a seat's own list shows (`describe`, which may name a card) and what
the table may read (`choice_label`, which never does)."""

from __future__ import annotations

from engine.core import ActionBase
from engine.games.riot import board as b
from engine.games.riot import names
from engine.games.riot.actions import (
    Attack,
    Buy,
    BuyCard,
    Deploy,
    End,
    Hospital,
    Move,
    Obstruct,
    Order,
    Pass,
    Place,
    Play,
    Press,
    Ready,
)
from engine.games.riot.content.models import content
from engine.games.riot.state import Obstruction, RiotState
from engine.games.riot.turn import card_price
from engine.messages import Msg, m

NAMED_UNITS = 5
"""An attack with more units than this counts them instead of naming each, so its button
label stays one short line."""


def describe(state: RiotState, action: ActionBase) -> Msg:
    if isinstance(action, Play):
        return _play(state, action)
    return label(state, action)


def label(state: RiotState, action: ActionBase) -> Msg:
    """The action as anyone may read it: a card played is not named before it is played."""
    if isinstance(action, Place):
        return m("riot.do.place", place=names.place(action.building))
    if isinstance(action, Buy):
        kind = content().unit(action.unit)
        return m("riot.do.buy", type=names.unit_type(kind.id), n=kind.cost)
    if isinstance(action, BuyCard):
        return m("riot.do.card", n=card_price(state))
    if isinstance(action, Ready):
        return m("riot.do.ready")
    if isinstance(action, Deploy):
        piece = b.unit(state, action.unit)
        what = names.unit(piece) if piece else action.unit
        return m("riot.do.deploy", unit=what, place=names.place(action.to))
    if isinstance(action, Move):
        piece = b.unit(state, action.unit)
        what = names.unit(piece) if piece else action.unit
        return m("riot.do.move", unit=what, place=names.place(action.to))
    if isinstance(action, Attack):
        faction = (
            names.faction(action.defender) if action.defender in state.factions else action.defender
        )
        ids = [x for x in action.units.split(",") if x.strip()]
        place = names.place(action.target)
        if len(ids) > NAMED_UNITS:
            return m("riot.do.attack_many", defender=faction, place=place, n=len(ids))
        return m("riot.do.attack", defender=faction, place=place, units=action.units)
    if isinstance(action, Play):
        return m("riot.do.play_hidden")
    if isinstance(action, Pass):
        return m("riot.do.pass")
    if isinstance(action, Press):
        return m(f"riot.do.press.{action.answer}")
    if isinstance(action, Obstruct):
        return m(f"riot.do.obstruct.{_obstruct_why(state)}.{action.answer}")
    if isinstance(action, Hospital):
        piece = b.unit(state, action.unit)
        return m("riot.do.hospital", unit=names.unit(piece) if piece else action.unit)
    if isinstance(action, Order):
        factions = [names.faction(f) for f in action.order.split(",") if f in state.factions]
        return m("riot.do.order", factions=factions)
    if isinstance(action, End):
        return m("riot.do.end")
    return m("riot.do.unknown", kind=action.kind)


def _obstruct_why(state: RiotState) -> str:
    """Whether the obstruction answered now guards a building ("way") or a street attack
    ("interpose"): the buttons say "Block the way" or "Step in between" accordingly."""
    need = state.pending[0] if state.pending else None
    return need.why if isinstance(need, Obstruction) else "way"


def _play(state: RiotState, action: Play) -> Msg:
    card = names.card(action.card)
    if not action.target:
        return m("riot.do.play", card=card)
    piece = b.unit(state, action.target)
    target = names.unit(piece) if piece else names.place(action.target)
    return m("riot.do.play_on", card=card, target=target)


def value(state: RiotState, field: str, given: str) -> Msg:
    """One field's value as autocomplete shows it: a unit, place, kind, card or faction by
    its name, the id players type beside it."""
    piece = b.unit(state, given) if field in ("unit", "target") else None
    if piece is not None:
        return names.unit(piece)
    if field == "unit" and given in {u.id for u in content().units}:
        return names.unit_type(given)
    if field == "card" and given in {c.id for c in content().cards}:
        return names.card(given)
    if field == "defender" and given in state.factions:
        return names.faction(given)
    if field in ("to", "target", "building") and (
        b.is_street(given) or b.is_entry(given) or b.is_building(given) or given in ("hq",)
    ):
        return names.place(given)
    if field == "order":
        return m(
            "riot.do.order",
            factions=[names.faction(f) for f in given.split(",") if f in state.factions],
        )
    if field == "answer" and given in ("continue", "stop"):
        return m(f"riot.do.press.{given}")
    if field == "answer" and given in ("block", "allow"):
        return m(f"riot.do.obstruct.{_obstruct_why(state)}.{given}")
    if field == "units":
        pieces = [b.unit(state, x) for x in given.split(",")]
        return m("riot.value.units", units=[names.unit(p) for p in pieces if p is not None])
    return m("riot.value.plain", value=given)
