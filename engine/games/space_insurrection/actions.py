"""The actions of Space Insurrection. Secret orders (blockades, surveillance, movement) are
submitted as whole sheets; everything else is one typed action a player can type or click."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from engine.core import ActionBase, OrderAction


class Blockades(OrderAction):
    summary: ClassVar[str] = "Submit your blockade declarations"
    kind: Literal["blockades"] = "blockades"


class Surveillance(OrderAction):
    summary: ClassVar[str] = "Submit your Agents' surveillance orders"
    kind: Literal["surveillance"] = "surveillance"


class Moves(OrderAction):
    summary: ClassVar[str] = "Submit your movement orders"
    kind: Literal["moves"] = "moves"


class Declare(ActionBase):
    summary: ClassVar[str] = "Declare an observed unit's movement order to the table"
    kind: Literal["declare"] = "declare"
    unit: str = Field(description="The observed unit")
    to: str = Field(description="Where it will move (its own world to stay)")


class Discard(ActionBase):
    summary: ClassVar[str] = "Discard a chit from your reserve back to the recruit pile"
    kind: Literal["discard"] = "discard"
    chit: str = Field(description="The chit to discard")


class Act(ActionBase):
    summary: ClassVar[str] = "One unit (or your loyal world) takes one action here"
    kind: Literal["act"] = "act"
    unit: str = Field(description="The unit that acts, or your loyal world")
    action: str = Field(description="What it does")
    target: str = Field(default="", description="Its target, if the action has one")


class Deploy(ActionBase):
    summary: ClassVar[str] = "A unit (or your loyal world) deploys a chit from your reserve here"
    kind: Literal["deploy"] = "deploy"
    unit: str = Field(description="The unit that deploys, or your loyal world")
    chit: str = Field(description="The chit from your reserve")


class Play(ActionBase):
    summary: ClassVar[str] = "Play a special chit from your reserve as your action"
    kind: Literal["play"] = "play"
    chit: str = Field(description="The special chit")
    target: str = Field(default="", description="Its target unit or world")
    unit: str = Field(default="", description="For a deployment: the chit it puts down")


class Pass(ActionBase):
    summary: ClassVar[str] = "Take no more actions at this world this turn"
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
