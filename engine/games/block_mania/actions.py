"""The actions of Block Mania. Their summaries and field descriptions are catalog keys
(mania.action.*, mania.field.*): the bot says them in each reader's language through
`engine.messages.term`."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from engine.core import ActionBase

How = Literal["shoot", "square", "walkway", "melee", "loot", "arson", "firefight", "scrawl", "dog"]


class Activate(ActionBase):
    summary: ClassVar[str] = "mania.action.activate"
    kind: Literal["activate"] = "activate"
    blocker: str = Field(description="mania.field.blocker")


class Deploy(ActionBase):
    summary: ClassVar[str] = "mania.action.deploy"
    kind: Literal["deploy"] = "deploy"


class Move(ActionBase):
    summary: ClassVar[str] = "mania.action.move"
    kind: Literal["move"] = "move"
    blocker: str = Field(description="mania.field.blocker")
    to: str = Field(description="mania.field.to")


class Switch(ActionBase):
    summary: ClassVar[str] = "mania.action.switch"
    kind: Literal["switch"] = "switch"
    blocker: str = Field(description="mania.field.blocker")


class Arm(ActionBase):
    summary: ClassVar[str] = "mania.action.arm"
    kind: Literal["arm"] = "arm"
    blocker: str = Field(description="mania.field.blocker")
    item: str = Field(description="mania.field.item")
    to: str = Field(default="", description="mania.field.leave_to")


class SetUp(ActionBase):
    summary: ClassVar[str] = "mania.action.set_up"
    kind: Literal["set_up"] = "set_up"
    blocker: str = Field(description="mania.field.blocker")
    item: str = Field(description="mania.field.heavy")


class Drop(ActionBase):
    summary: ClassVar[str] = "mania.action.drop"
    kind: Literal["drop"] = "drop"
    blocker: str = Field(description="mania.field.blocker")
    item: str = Field(description="mania.field.drop")


class Draw(ActionBase):
    summary: ClassVar[str] = "mania.action.draw"
    kind: Literal["draw"] = "draw"
    blocker: str = Field(description="mania.field.blocker")


class Play(ActionBase):
    summary: ClassVar[str] = "mania.action.play"
    kind: Literal["play"] = "play"
    card: str = Field(description="mania.field.card")
    target: str = Field(default="", description="mania.field.card_target")


class Attack(ActionBase):
    summary: ClassVar[str] = "mania.action.attack"
    kind: Literal["attack"] = "attack"
    blocker: str = Field(description="mania.field.attacker")
    how: How = Field(description="mania.field.how")
    target: str = Field(default="", description="mania.field.target")
    weapon: str = Field(default="", description="mania.field.weapon")


class End(ActionBase):
    summary: ClassVar[str] = "mania.action.end"
    kind: Literal["end"] = "end"


ACTION_TYPES: tuple[type[ActionBase], ...] = (
    Activate,
    Deploy,
    Move,
    Switch,
    Arm,
    SetUp,
    Drop,
    Draw,
    Play,
    Attack,
    End,
)
