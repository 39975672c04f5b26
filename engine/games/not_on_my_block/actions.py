"""The actions players take, one per kind of command; every field is a plain str or int.

Pieces are named "red1".."yellow3" (reps) and "agent1".."agent6"; blocks like chess squares
("C4"); apartments by the block they stand on.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from engine.core import ActionBase


class Place(ActionBase):
    summary: ClassVar[str] = "Set-up: place one of your apartments on an empty block or Risk Zone"
    kind: Literal["place"] = "place"
    colour: str = Field(description="Apartment colour: red, blue or yellow")
    block: str = Field(description="Empty block or Risk Zone, e.g. C4")


class Move(ActionBase):
    summary: ClassVar[str] = (
        "Move a rep or agent one block (an agent entering an apartment pushes it)"
    )
    kind: Literal["move"] = "move"
    piece: str = Field(description="Rep (red1..yellow3) or agent (agent1..agent6)")
    to: str = Field(description="Neighbouring block, up, down, left or right, e.g. C5")


class Suppress(ActionBase):
    summary: ClassVar[str] = "Developer: step an agent onto reps in a Risk Zone to send them home"
    kind: Literal["suppress"] = "suppress"
    agent: str = Field(description="Agent (agent1..agent6)")
    to: str = Field(description="Neighbouring Risk Zone block holding reps")


class Develop(ActionBase):
    summary: ClassVar[str] = "Developer: turn a Store with 2 of your agents into a Luxury Store"
    kind: Literal["develop"] = "develop"
    store: str = Field(description="The Store block, e.g. E8")


class Bonus(ActionBase):
    summary: ClassVar[str] = "Developer: push an apartment within 2 blocks of your new Luxury Store"
    kind: Literal["bonus"] = "bonus"
    apartment: str = Field(description="Block of the apartment to push")
    direction: Literal["up", "down", "left", "right"] = Field(description="up, down, left or right")


class Skip(ActionBase):
    summary: ClassVar[str] = "Developer: give up the new Luxury Store's push"
    kind: Literal["skip"] = "skip"


class Protect(ActionBase):
    summary: ClassVar[str] = "Resident: permanently protect an eligible apartment"
    kind: Literal["protect"] = "protect"
    apartment: str = Field(description="Block of the apartment (one rep of its colour on it)")
    center: str = Field(description="Community Center holding reps of two different colours")


class SendBack(ActionBase):
    summary: ClassVar[str] = "Send a rep that must go home to Start or a Store"
    kind: Literal["sendback"] = "sendback"
    rep: str = Field(description="The rep to send (red1..yellow3)")
    to: str = Field(description="Start or a Store block")


class Return(ActionBase):
    summary: ClassVar[str] = "Developer: send an agent back to Start or a Luxury Store"
    kind: Literal["return"] = "return"
    agent: str = Field(description="The agent that acted")
    to: str = Field(description="Start or a Luxury Store block")


class Collude(ActionBase):
    summary: ClassVar[str] = "4 players: propose swapping the places of a rep and an agent"
    kind: Literal["collude"] = "collude"
    rep: str = Field(description="The rep (yours, if you are a Resident)")
    agent: str = Field(description="The Developer's agent")


class Consent(ActionBase):
    summary: ClassVar[str] = "Answer a collusion proposal"
    kind: Literal["consent"] = "consent"
    answer: Literal["accept", "decline"] = Field(description="accept or decline the swap")


class End(ActionBase):
    summary: ClassVar[str] = "End your turn"
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
