"""Block Mania's stored state: both blocks square by square (fire, structural damage,
collapses, scrawls), every Blocker, the Mania deck and hands, the Justice cards set aside for
the Endgame, the turn's phase and command points, and each block's Defeat Points."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import GameState
from engine.kit.turns import Window

BLOCKS = ("A", "B")
"""Seat 0 runs block A (on the left), seat 1 block B (on the right, its mirror image); in a
four-player game seat 2 joins block A and seat 3 block B (see `content/teams.json`)."""
MAX_STEPS = 6
"""Steps a Blocker may take in one turn (reconstructed: keeps a turn finite)."""
SHARED = -1
"""The owner of a Futsie, which anyone may activate."""
RESERVE = "reserve"
GONE = "gone"
"""Where an eliminated or arrested Blocker goes."""

Phase = Literal["justice", "command", "defensive", "combat"]


class ManiaOptions(BaseModel):
    players: Literal[2, 4] = Field(description="mania.option.players")


class Square(BaseModel):
    fire: int = 0
    damage: int = 0
    """Structural Damage counters."""
    collapsed: bool = False
    scrawl: bool = False
    exploded: bool = False
    """An Armoury or Vehicle Park blows up once."""


class Blocker(BaseModel):
    id: str
    type: str
    owner: int
    """The seat whose block it fights for, or SHARED for a Futsie."""
    at: str
    kit: list[str] = Field(default_factory=list)
    active: bool = False
    """Activated this turn (by the seat whose turn it is)."""
    mp: int = 0
    steps: int = 0
    """Squares moved this turn (at most MAX_STEPS, since Civic and Plaza squares cost 0 MP)."""
    attacked: bool = False
    fired: bool = False
    """Has fired in this turn's Defensive Fire."""
    suckered: bool = False
    """Crossed the gap by Sucker Gun this turn: immune to Defensive Fire, +1 in its first close
    combat."""
    locked: bool = False
    """Tied in close combat: may not leave until one side is eliminated."""
    set_up: list[str] = Field(default_factory=list)
    """Heavy weapons set up where it stands (moving packs them up)."""


class Charge(BaseModel):
    """A charge, gas, virus or mine armed and left in a square (see ordnance.py)."""

    id: str
    item: str
    at: str
    owner: int
    """The seat that armed it."""
    face_down: bool = False
    """Only its owner knows what it is (a Trip Mine)."""


class ManiaState(GameState):
    squares: dict[str, Square]
    blockers: list[Blocker]
    reserves: list[list[str]]
    """Blocker types each seat may still put in play, drawn at random."""
    hands: list[list[str]]
    deck: list[str]
    discard: list[str] = Field(default_factory=list)
    justice: list[str]
    """The Justice cards set aside, top first; they become the deck at the Endgame."""
    endgame: bool = False
    active: int = 0
    turn: int = 1
    phase: Phase = "command"
    cp: int = 0
    stage: int = 0
    """How far the Combat phase has gone through the attack kinds, in their order (an index of
    `combat.ORDER`): no attack of an earlier kind may follow."""
    bonus: list[int] = Field(default_factory=lambda: [0, 0])
    """Attack bonus from A cards per seat, spent on the seat's next attack roll this turn."""
    window: Window | None = None
    """The defender's Defensive Fire window."""
    defeat: list[int] = Field(default_factory=lambda: [0, 0])
    power: list[bool] = Field(default_factory=lambda: [True, True])
    """Whether each block's energy is on (a Power House switches it off for good)."""
    tanks: list[bool] = Field(default_factory=lambda: [True, True])
    """Whether each block's Water Tank still stands."""
    crashed: list[bool] = Field(default_factory=lambda: [False, False])
    charges: list[Charge] = Field(default_factory=list)
    walkways: dict[str, int] = Field(default_factory=dict)
    """Hits taken by each way across the gap (pedway, sky_rail, mega_way); absent is none."""
    collapsed_now: list[bool] = Field(default_factory=lambda: [False, False])
    """Blocks with a collapse this turn: checked for Catastrophic Damage in the End phase."""
    ended: str = ""
    """"crash" or "endgame" once over."""
    winners: list[int] = Field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def defender(self) -> int:
        """The seat that answers with Defensive Fire: the next in turn order, always on the
        other block (seats alternate between the blocks)."""
        return (self.active + 1) % self.players
