"""The few shapes every kind of Bloc by Bloc content shares: read-only models, district types."""

from __future__ import annotations

from enum import StrEnum, auto
from typing import Literal

from pydantic import BaseModel, ConfigDict

Priority = Literal["highest", "lowest"]
"""Which district goes first when a card picks among several: the highest or lowest ID."""


class Frozen(BaseModel):
    """Content is read-only once loaded: game states refer to it by id and never mutate it."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class DistrictType(StrEnum):
    """The eight district types printed on the tiles (colour in the comment).

    A value is the type's id as the content files and the view spell it ("Workers"), made from
    the member's name; a player reads the type through the catalog (`bloc.type.<name>`)."""

    @staticmethod
    def _generate_next_value_(name: str, start: int, count: int, last_values: list[str]) -> str:
        return name.capitalize()

    WORKERS = auto()  # yellow
    STUDENTS = auto()  # purple
    NEIGHBORS = auto()  # green
    PRISONERS = auto()  # orange
    STATE = auto()  # white
    PUBLIC = auto()  # gray
    COMMERCIAL = auto()
    HIGHWAY = auto()
