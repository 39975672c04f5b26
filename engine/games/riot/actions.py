"""The actions of RIOT, one per kind of command; every field is a plain str or int. Their
summaries and field descriptions are catalog entries, said in English for the command list."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from engine.core import ActionBase
from engine.messages import m


class Place(ActionBase):
    summary: ClassVar[str] = str(m("riot.action.place"))
    kind: Literal["place"] = "place"
    building: str = Field(description=str(m("riot.field.building")))


class Buy(ActionBase):
    summary: ClassVar[str] = str(m("riot.action.buy"))
    kind: Literal["buy"] = "buy"
    unit: str = Field(description=str(m("riot.field.unit_type")))


class BuyCard(ActionBase):
    summary: ClassVar[str] = str(m("riot.action.card"))
    kind: Literal["card"] = "card"


class Ready(ActionBase):
    summary: ClassVar[str] = str(m("riot.action.ready"))
    kind: Literal["ready"] = "ready"


class Deploy(ActionBase):
    summary: ClassVar[str] = str(m("riot.action.deploy"))
    kind: Literal["deploy"] = "deploy"
    unit: str = Field(description=str(m("riot.field.unit")))
    to: str = Field(description=str(m("riot.field.deploy_to")))


class Move(ActionBase):
    summary: ClassVar[str] = str(m("riot.action.move"))
    kind: Literal["move"] = "move"
    unit: str = Field(description=str(m("riot.field.unit")))
    to: str = Field(description=str(m("riot.field.move_to")))


class Attack(ActionBase):
    summary: ClassVar[str] = str(m("riot.action.attack"))
    kind: Literal["attack"] = "attack"
    target: str = Field(description=str(m("riot.field.target")))
    defender: str = Field(description=str(m("riot.field.defender")))
    units: str = Field(description=str(m("riot.field.units")))


class Play(ActionBase):
    summary: ClassVar[str] = str(m("riot.action.play"))
    kind: Literal["play"] = "play"
    card: str = Field(description=str(m("riot.field.card")))
    target: str = Field(default="", description=str(m("riot.field.card_target")))


class Pass(ActionBase):
    summary: ClassVar[str] = str(m("riot.action.pass"))
    kind: Literal["pass"] = "pass"


class Press(ActionBase):
    summary: ClassVar[str] = str(m("riot.action.press"))
    kind: Literal["press"] = "press"
    answer: Literal["continue", "stop"] = Field(description=str(m("riot.field.press")))


class Obstruct(ActionBase):
    summary: ClassVar[str] = str(m("riot.action.obstruct"))
    kind: Literal["obstruct"] = "obstruct"
    answer: Literal["block", "allow"] = Field(description=str(m("riot.field.obstruct")))


class Order(ActionBase):
    summary: ClassVar[str] = str(m("riot.action.order"))
    kind: Literal["order"] = "order"
    order: str = Field(description=str(m("riot.field.order")))


class End(ActionBase):
    summary: ClassVar[str] = str(m("riot.action.end"))
    kind: Literal["end"] = "end"


ACTION_TYPES: tuple[type[ActionBase], ...] = (
    Place,
    Buy,
    BuyCard,
    Ready,
    Deploy,
    Move,
    Attack,
    Play,
    Pass,
    Press,
    Obstruct,
    Order,
    End,
)
