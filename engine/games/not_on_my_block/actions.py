"""The actions players take, one per kind of command; every field is a plain str or int.

Pieces are named "red1".."yellow3" (reps) and "agent1".."agent6"; blocks like chess squares
("C4"); apartments by the block they stand on.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from engine.core import ActionBase


class Place(ActionBase):
    summary: ClassVar[str] = "nomb.action.place"
    kind: Literal["place"] = "place"
    colour: str = Field(description="nomb.action.place.colour")
    block: str = Field(description="nomb.action.place.block")


class Move(ActionBase):
    summary: ClassVar[str] = "nomb.action.move"
    kind: Literal["move"] = "move"
    piece: str = Field(description="nomb.action.move.piece")
    to: str = Field(description="nomb.action.move.to")


class Suppress(ActionBase):
    summary: ClassVar[str] = "nomb.action.suppress"
    kind: Literal["suppress"] = "suppress"
    agent: str = Field(description="nomb.action.suppress.agent")
    to: str = Field(description="nomb.action.suppress.to")


class Develop(ActionBase):
    summary: ClassVar[str] = "nomb.action.develop"
    kind: Literal["develop"] = "develop"
    store: str = Field(description="nomb.action.develop.store")


class Bonus(ActionBase):
    summary: ClassVar[str] = "nomb.action.bonus"
    kind: Literal["bonus"] = "bonus"
    apartment: str = Field(description="nomb.action.bonus.apartment")
    direction: Literal["up", "down", "left", "right"] = Field(
        description="nomb.action.bonus.direction"
    )


class Skip(ActionBase):
    summary: ClassVar[str] = "nomb.action.skip"
    kind: Literal["skip"] = "skip"


class Protect(ActionBase):
    summary: ClassVar[str] = "nomb.action.protect"
    kind: Literal["protect"] = "protect"
    apartment: str = Field(description="nomb.action.protect.apartment")
    center: str = Field(description="nomb.action.protect.center")


class SendBack(ActionBase):
    summary: ClassVar[str] = "nomb.action.sendback"
    kind: Literal["sendback"] = "sendback"
    rep: str = Field(description="nomb.action.sendback.rep")
    to: str = Field(description="nomb.action.sendback.to")


class Return(ActionBase):
    summary: ClassVar[str] = "nomb.action.return"
    kind: Literal["return"] = "return"
    agent: str = Field(description="nomb.action.return.agent")
    to: str = Field(description="nomb.action.return.to")


class Collude(ActionBase):
    summary: ClassVar[str] = "nomb.action.collude"
    kind: Literal["collude"] = "collude"
    rep: str = Field(description="nomb.action.collude.rep")
    agent: str = Field(description="nomb.action.collude.agent")


class Consent(ActionBase):
    summary: ClassVar[str] = "nomb.action.consent"
    kind: Literal["consent"] = "consent"
    answer: Literal["accept", "decline"] = Field(description="nomb.action.consent.answer")


class End(ActionBase):
    summary: ClassVar[str] = "nomb.action.end"
    kind: Literal["end"] = "end"


ACTION_TYPES: tuple[type[ActionBase], ...] = (
    Place,
    Move,
    Suppress,
    Develop,
    Bonus,
    Skip,
    Protect,
    SendBack,
    Return,
    Collude,
    Consent,
    End,
)
