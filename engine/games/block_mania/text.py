"""Actions in words: `describe` for the acting seat (it may name a card) and `label` for the
table (a card played is not named before it is played)."""

from __future__ import annotations

from engine.core import ActionBase
from engine.games.block_mania import board, names, walkways
from engine.games.block_mania.actions import (
    Activate,
    Arm,
    Attack,
    Deploy,
    Draw,
    Drop,
    End,
    Move,
    Play,
    SetUp,
    Switch,
)
from engine.games.block_mania.content.models import content
from engine.games.block_mania.state import ManiaState
from engine.messages import Msg, m


def _unit(state: ManiaState, blocker_id: str) -> Msg | str:
    b = board.find(state, blocker_id)
    return names.blocker(b) if b is not None else blocker_id


def _square(square: str) -> Msg | str:
    return names.square(square) if square in board.all_squares() else square


def describe(state: ManiaState, action: ActionBase) -> Msg:
    if isinstance(action, Play):
        if not action.target:
            return m("mania.do.play", card=names.card(action.card))
        target = (
            _unit(state, action.target)
            if board.find(state, action.target)
            else _square(action.target)
        )
        return m("mania.do.play_on", card=names.card(action.card), target=target)
    return label(state, action)


def label(state: ManiaState, action: ActionBase) -> Msg:
    if isinstance(action, Activate):
        return m("mania.do.activate", unit=_unit(state, action.blocker))
    if isinstance(action, Deploy):
        return m("mania.do.deploy")
    if isinstance(action, Move):
        return m("mania.do.move", unit=_unit(state, action.blocker), square=_square(action.to))
    if isinstance(action, Attack):
        target: Msg | str = ""
        if action.how in ("shoot", "melee", "dog"):
            target = _unit(state, action.target)
        elif action.how == "walkway":
            target = walkways.name(action.target)
        elif action.target:
            target = _square(action.target)
        said = m(f"mania.do.{action.how}", unit=_unit(state, action.blocker), target=target)
        if action.weapon:
            return m("mania.do.with", action=said, weapon=names.item(action.weapon))
        return said
    if isinstance(action, Arm):
        return _arm(state, action)
    if isinstance(action, SetUp):
        return m("mania.do.set_up", unit=_unit(state, action.blocker), item=names.item(action.item))
    if isinstance(action, Drop):
        return m("mania.do.drop", unit=_unit(state, action.blocker), item=names.item(action.item))
    if isinstance(action, Draw):
        return m("mania.do.draw", unit=_unit(state, action.blocker))
    if isinstance(action, Switch):
        return m("mania.do.switch", unit=_unit(state, action.blocker))
    if isinstance(action, Play):
        return m("mania.do.play_hidden")
    if isinstance(action, End):
        return m("mania.do.end")
    return m("mania.do.unknown", kind=action.kind)


def _arm(state: ManiaState, action: Arm) -> Msg:
    """A face-down charge is not named to the table."""
    unit = _unit(state, action.blocker)
    if content().item(action.item).charge == "mine":
        return m("mania.do.arm_face_down", unit=unit, square=_square(action.to))
    if action.to:
        return m(
            "mania.do.arm_leave",
            unit=unit,
            item=names.item(action.item),
            square=_square(action.to),
        )
    return m("mania.do.arm", unit=unit, item=names.item(action.item))


def value(state: ManiaState, field: str, given: str) -> Msg:
    """A field's value as autocomplete shows it."""
    if field in ("blocker", "target") and board.find(state, given) is not None:
        return names.blocker(board.find(state, given))  # type: ignore[arg-type]
    if field in ("to", "target") and given in board.all_squares():
        return names.square(given)
    if field == "card":
        return names.card(given)
    if field in ("item", "weapon") and given:
        return names.item(given)
    if field == "target" and given in {w.id for w in content().tables.walkways}:
        return walkways.name(given)
    if field == "how":
        return m(f"mania.how.{given}")
    return m("mania.value", value=given)
