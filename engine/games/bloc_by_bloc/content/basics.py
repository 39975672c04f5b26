"""The few shapes every kind of Bloc by Bloc content shares: read-only models, district types."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict

Priority = Literal["highest", "lowest"]
"""Which district goes first when a card picks among several: the highest or lowest ID."""


class Frozen(BaseModel):
    """Content is read-only once loaded: game states refer to it by id and never mutate it."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class DistrictType(StrEnum):
    """The eight district types printed on the tiles (colour in the comment)."""

    WORKERS = "Workers"  # yellow
    STUDENTS = "Students"  # purple
    NEIGHBORS = "Neighbors"  # green
    PRISONERS = "Prisoners"  # orange
    STATE = "State"  # white
    PUBLIC = "Public"  # gray
    COMMERCIAL = "Commercial"
    HIGHWAY = "Highway"
