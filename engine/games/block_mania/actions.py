"""The actions of Block Mania; summaries and field descriptions are catalog entries."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from engine.core import ActionBase
from engine.messages import m

How = Literal["shoot", "square", "melee", "loot", "arson", "firefight", "scrawl"]


class Activate(ActionBase):
    summary: ClassVar[str] = str(m("mania.action.activate"))
    kind: Literal["activate"] = "activate"
    blocker: str = Field(description=str(m("mania.field.blocker")))


class Deploy(ActionBase):
    summary: ClassVar[str] = str(m("mania.action.deploy"))
    kind: Literal["deploy"] = "deploy"


class Move(ActionBase):
    summary: ClassVar[str] = str(m("mania.action.move"))
    kind: Literal["move"] = "move"
    blocker: str = Field(description=str(m("mania.field.blocker")))
    to: str = Field(description=str(m("mania.field.to")))


class Play(ActionBase):
    summary: ClassVar[str] = str(m("mania.action.play"))
    kind: Literal["play"] = "play"
    card: str = Field(description=str(m("mania.field.card")))
    target: str = Field(default="", description=str(m("mania.field.card_target")))


class Attack(ActionBase):
    summary: ClassVar[str] = str(m("mania.action.attack"))
    kind: Literal["attack"] = "attack"
    blocker: str = Field(description=str(m("mania.field.attacker")))
    how: How = Field(description=str(m("mania.field.how")))
    target: str = Field(default="", description=str(m("mania.field.target")))


class End(ActionBase):
    summary: ClassVar[str] = str(m("mania.action.end"))
    kind: Literal["end"] = "end"


ACTION_TYPES: tuple[type[ActionBase], ...] = (Activate, Deploy, Move, Play, Attack, End)
