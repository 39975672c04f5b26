"""The game state: what is stored, and all that the rules read."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from engine.core import GameState
from engine.games.not_on_my_block.board import BoardSpec

DEVELOPER = 0
"""The Developer's seat; the Residents sit after it, in turn order."""
Colour = Literal["red", "blue", "yellow"]
COLOURS: tuple[Colour, ...] = ("red", "blue", "yellow")
ApartmentStatus = Literal["unplaced", "standing", "protected", "pushed", "surrounded"]
Phase = Literal["placement", "play"]
TurnMode = Literal["", "push", "suppress"]
"""What the Developer's turn has committed to: pushing excludes sending reps home, and back."""


CollusionLimit = Literal["unlimited", "one_per_turn"]


class NombOptions(BaseModel):
    """The lobby's choices; descriptions and value labels are catalog keys (nomb.option.*)."""

    players: Literal[2, 4] = Field(description="nomb.option.players")
    collusion_limit: CollusionLimit = Field(
        default="unlimited",
        description="nomb.option.collusion_limit",
        json_schema_extra={
            "labels": {
                "unlimited": "nomb.option.collusion_limit.unlimited",
                "one_per_turn": "nomb.option.collusion_limit.one_per_turn",
            }
        },
    )


class Apartment(BaseModel):
    """One of the nine apartments; a protected one keeps `at`, as its tile stays on the board."""

    id: str
    colour: Colour
    at: str | None = None
    status: ApartmentStatus = "unplaced"


class SendHome(BaseModel):
    """Reps that must leave their block: `seat` sends every one of `reps` to Start or a Store
    (`send_all`, after a suppression or a protection), or picks the one that goes (a revoke)."""

    kind: Literal["sendback"] = "sendback"
    seat: int
    reps: list[str]
    send_all: bool = False


class AgentHome(BaseModel):
    """The agent that just pushed, caught or revoked goes back to Start or a Luxury Store."""

    kind: Literal["return"] = "return"
    seat: int
    agent: str


class StorePush(BaseModel):
    """The one push granted by the Luxury Store just built at `store`, or its refusal."""

    kind: Literal["bonus"] = "bonus"
    seat: int
    store: str


class SwapOffer(BaseModel):
    """`seat` accepts or declines swapping `rep` and `agent`, as `proposer` asked."""

    kind: Literal["consent"] = "consent"
    seat: int
    rep: str
    agent: str
    proposer: int


Pending = Annotated[SendHome | AgentHome | StorePush | SwapOffer, Field(discriminator="kind")]
"""A follow-up decision that `seat` must settle before anything else happens."""


class NombState(GameState):
    schema_version: int = 2
    """2: decision ids (`decisions`); older snapshots are rebuilt from the log on load."""
    players: Literal[2, 4]
    board: BoardSpec
    phase: Phase = "placement"
    apartments: list[Apartment]
    reps: dict[str, str]
    """Rep id ("red1".."yellow3") -> block."""
    agents: dict[str, str]
    """Agent id ("agent1".."agent6") -> block."""
    luxury_housing: list[str] = Field(default_factory=list)
    luxury_stores: list[str] = Field(default_factory=list)
    active: int = 1
    round: int = 1
    dev_moves: int = 0
    rep_moves: dict[str, int] = Field(default_factory=dict)
    mode: TurnMode = ""
    collusion_limit: CollusionLimit = "unlimited"
    """The table's setting (see NombOptions); the rulebook itself sets no limit."""
    colluded: bool = False
    """A collusion swap was already proposed this turn (matters under `one_per_turn`)."""
    protection_rights: dict[str, int] = Field(default_factory=dict)
    """4 players: Community Center -> the Resident who completed its requirements for permanent
    protection, and so alone may trigger it there (kept while the requirements stand)."""
    pending: list[Pending] = Field(default_factory=list)
    eliminated: list[int] = Field(default_factory=list)
    acted: bool = False
    """This turn so far holds something besides an end played for an absent player: a move,
    a decision, or the seat's player ending it themselves (the standstill rule)."""
    idle_turns: int = 0
    """Turns in a row, during play, ended for absent players with nothing done; once every
    seat still in play has had a turn ended that way, the game ends in a standstill (see
    victory.py)."""

    @property
    def acting_seat(self) -> int:
        """The one seat that may act: the seat owing the first queued decision, else the
        active one."""
        return self.pending[0].seat if self.pending else self.active

    def __deepcopy__(self, memo: dict[int, object] | None = None) -> NombState:
        """Copy every mutable part by hand: `apply` copies the state on each action, and the
        generic deep copy dominated the cost of long playouts. The board is immutable and shared.
        """
        copied: dict[str, Any] = {
            name: _copy_value(value) for name, value in self.__dict__.items() if name != "board"
        }
        return type(self).model_construct(
            _fields_set=set(self.model_fields_set), board=self.board, **copied
        )


def _copy_value(value: object) -> object:
    """Deep copy of the plain data a state holds (models of str/int fields, lists, dicts)."""
    if isinstance(value, BaseModel):
        return value.model_construct(
            _fields_set=set(value.model_fields_set),
            **{k: _copy_value(v) for k, v in value.__dict__.items()},
        )
    if isinstance(value, list):
        return [_copy_value(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy_value(v) for k, v in value.items()}
    return value
