"""The actions of RIOT, one per kind of command; every field is a plain str or int. Their
summaries and field descriptions are catalog keys (riot.action.*, riot.field.*): the bot says
them in each reader's language through `engine.messages.term`."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from engine.core import ActionBase


class Place(ActionBase):
    summary: ClassVar[str] = "riot.action.place"
    kind: Literal["place"] = "place"
    building: str = Field(description="riot.field.building")


class Buy(ActionBase):
    summary: ClassVar[str] = "riot.action.buy"
    kind: Literal["buy"] = "buy"
    unit: str = Field(description="riot.field.unit_type")


class BuyCard(ActionBase):
    summary: ClassVar[str] = "riot.action.card"
    kind: Literal["card"] = "card"


class Ready(ActionBase):
    summary: ClassVar[str] = "riot.action.ready"
    kind: Literal["ready"] = "ready"


class Deploy(ActionBase):
    summary: ClassVar[str] = "riot.action.deploy"
    kind: Literal["deploy"] = "deploy"
    unit: str = Field(description="riot.field.unit")
    to: str = Field(description="riot.field.deploy_to")


class Move(ActionBase):
    summary: ClassVar[str] = "riot.action.move"
    kind: Literal["move"] = "move"
    unit: str = Field(description="riot.field.unit")
    to: str = Field(description="riot.field.move_to")


class Attack(ActionBase):
    summary: ClassVar[str] = "riot.action.attack"
    kind: Literal["attack"] = "attack"
    target: str = Field(description="riot.field.target")
    defender: str = Field(description="riot.field.defender")
    units: str = Field(description="riot.field.units")


class Play(ActionBase):
    summary: ClassVar[str] = "riot.action.play"
    kind: Literal["play"] = "play"
    card: str = Field(description="riot.field.card")
    target: str = Field(default="", description="riot.field.card_target")


class Pass(ActionBase):
    summary: ClassVar[str] = "riot.action.pass"
    kind: Literal["pass"] = "pass"


class Press(ActionBase):
    summary: ClassVar[str] = "riot.action.press"
    kind: Literal["press"] = "press"
    answer: Literal["continue", "stop"] = Field(description="riot.field.press")


class Obstruct(ActionBase):
    summary: ClassVar[str] = "riot.action.obstruct"
    kind: Literal["obstruct"] = "obstruct"
    answer: Literal["block", "allow"] = Field(description="riot.field.obstruct")


class Hospital(ActionBase):
    summary: ClassVar[str] = "riot.action.hospital"
    kind: Literal["hospital"] = "hospital"
    unit: str = Field(description="riot.field.hospital_unit")


class Order(ActionBase):
    summary: ClassVar[str] = "riot.action.order"
    kind: Literal["order"] = "order"
    order: str = Field(description="riot.field.order")


class End(ActionBase):
    summary: ClassVar[str] = "riot.action.end"
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
    Hospital,
    Order,
    End,
)
