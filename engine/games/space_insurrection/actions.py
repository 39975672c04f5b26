"""The actions of Space Insurrection. Secret orders (blockades, surveillance, movement) are
submitted as whole sheets; everything else is one typed action a player can type or click."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from engine.core import ActionBase, OrderAction


class Blockades(OrderAction):
    summary: ClassVar[str] = "space.action.blockades"
    kind: Literal["blockades"] = "blockades"


class Surveillance(OrderAction):
    summary: ClassVar[str] = "space.action.surveillance"
    kind: Literal["surveillance"] = "surveillance"


class Moves(OrderAction):
    summary: ClassVar[str] = "space.action.moves"
    kind: Literal["moves"] = "moves"


class Declare(ActionBase):
    summary: ClassVar[str] = "space.action.declare"
    kind: Literal["declare"] = "declare"
    unit: str = Field(description="space.action.declare.unit")
    to: str = Field(description="space.action.declare.to")


class Discard(ActionBase):
    summary: ClassVar[str] = "space.action.discard"
    kind: Literal["discard"] = "discard"
    chit: str = Field(description="space.action.discard.chit")


class Act(ActionBase):
    summary: ClassVar[str] = "space.action.act"
    kind: Literal["act"] = "act"
    unit: str = Field(description="space.action.act.unit")
    action: str = Field(description="space.action.act.action")
    target: str = Field(default="", description="space.action.act.target")


class Deploy(ActionBase):
    summary: ClassVar[str] = "space.action.deploy"
    kind: Literal["deploy"] = "deploy"
    unit: str = Field(description="space.action.deploy.unit")
    chit: str = Field(description="space.action.deploy.chit")


class Play(ActionBase):
    summary: ClassVar[str] = "space.action.play"
    kind: Literal["play"] = "play"
    chit: str = Field(description="space.action.play.chit")
    target: str = Field(default="", description="space.action.play.target")
    unit: str = Field(default="", description="space.action.play.unit")


class Pass(ActionBase):
    summary: ClassVar[str] = "space.action.pass"
    kind: Literal["pass"] = "pass"


ACTION_TYPES: tuple[type[ActionBase], ...] = (
    Blockades,
    Surveillance,
    Moves,
    Declare,
    Discard,
    Act,
    Deploy,
    Play,
    Pass,
)
