"""RIOT's stored state: every unit where it stands, credits, hands and decks, the round, the
turn's phase, and the decisions the table waits for (an obstruction, a clash)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from engine.core import GameState
from engine.games.riot.content.models import FACTIONS, Faction
from engine.kit.turns import Round, Window

FACTION_SETS: dict[int, tuple[Faction, ...]] = {n: FACTIONS[:n] for n in (2, 3, 4)}
"""Who plays at each table size: the Police against the Autonomen (2), the Anarchists join
(3), then the Nationalists (4), as the publisher's rules set them."""
POLICE = 0
"""The Police's seat; the protester factions sit after it in the order of FACTIONS."""

SUPPLY = "supply"
"""Where a unit waits until it is bought, and where it goes back when eliminated."""
NEW = "new"
"""Bought this turn and not yet deployed."""
HQ = "hq"
HOSPITAL = "hospital"

Phase = Literal["placement", "buy", "deploy", "act", "order"]


class RiotOptions(BaseModel):
    """The lobby's choices; descriptions are catalog keys (riot.option.*), the title of an
    option its `.title` entry."""

    players: Literal[2, 3, 4] = Field(description="riot.option.players")
    opening: Literal[4, 3] = Field(default=4, description="riot.option.opening")


class Unit(BaseModel):
    id: str
    type: str
    faction: Faction
    at: str = SUPPLY
    wounded: bool = False
    steps: int = 0
    """Steps of movement left this turn."""
    moved: bool = False
    """Has left where it started this turn (it may still attack in the area it stands in)."""
    attacked: bool = False
    fresh: bool = False
    """Deployed this turn (a SWAT or Paramilitary may assault a building directly)."""


class Obstruction(BaseModel):
    """`seat` may stand in `mover`'s way: block its units from entering or attacking a building
    across a street it holds (`why` "way"), or step into the attack `mover` just declared on
    another faction in a street it holds (`why` "interpose"); `waiting` lists the other seats
    still to answer."""

    kind: Literal["obstruct"] = "obstruct"
    why: Literal["way", "interpose"] = "way"
    seat: int
    mover: int
    action: dict[str, str | int]
    waiting: list[int] = Field(default_factory=list)


class Clash(BaseModel):
    """A clash under way: who attacks what with which units, its Blitz windows, the cards
    played and what they change."""

    kind: Literal["clash"] = "clash"
    attacker: int
    defender: int
    target: str
    attackers: list[str]
    defenders: list[str]
    involved: list[str] = Field(default_factory=list)
    """Every unit declared on either side (a Mediactivist among them spares Public Opinion)."""
    stage: Literal["distance", "press", "hand"] = "distance"
    window: Window
    bonus: dict[int, int] = Field(default_factory=dict)
    capped: list[int] = Field(default_factory=list)
    """Seats that played a "+1 but at most a tie" card."""
    no_opinion: bool = False
    shielded: list[str] = Field(default_factory=list)
    """Units whose shield has taken its first distance damage in this clash."""
    street_attack: list[str] = Field(default_factory=list)
    """Attacking units that set out from a street (a Black Bloc's street force)."""


class Casualty(BaseModel):
    """A Public Opinion card sends one Police unit from the streets to the Hospital: the Police
    choose which before the turn that turned the card over ends."""

    kind: Literal["casualty"] = "casualty"


Pending = Annotated[Obstruction | Clash | Casualty, Field(discriminator="kind")]


class RiotState(GameState):
    players: int
    factions: list[Faction]
    units: list[Unit]
    credits: list[int]
    points: list[int]
    hands: list[list[str]]
    decks: list[list[str]]
    discards: list[list[str]]
    opinion: list[str]
    """Public Opinion cards still face down, top first."""
    revealed: list[str] = Field(default_factory=list)
    goal: str = ""
    """The Nationalists' secret goal ("" without Nationalists)."""
    set_aside_goals: list[str] = Field(default_factory=list)
    phase: Phase = "placement"
    placing: list[int] = Field(default_factory=list)
    """First round: the protesters' placement order, repeated until each has placed."""
    round: Round
    cards_bought: int = 0
    clash_with_police: bool = False
    """A hand-to-hand clash with the Police won by someone this turn: a card is revealed at
    its end."""
    attacks: dict[str, int] = Field(default_factory=dict)
    """This turn's attacks per "<attacker>:<place>:<defender>" (at most 2 on one group)."""
    penalties: list[str] = Field(default_factory=list)
    """Public Opinion penalties that bind the Police on their next turn."""
    eliminations: list[int] = Field(default_factory=lambda: [0, 0, 0, 0])
    """Autonomen and Anarchist units each seat has eliminated (the Nationalists' purge)."""
    out: list[int] = Field(default_factory=list)
    """Protester seats eliminated from the game."""
    pending: list[Pending] = Field(default_factory=list)
    idle_turns: int = 0
    """Turns in a row ended for absent players with nothing done (the standstill rule)."""
    acted: bool = False
    ended: str = ""
    """How the game ended, once it has: "police", "points", "goal", "elimination" or
    "standstill"."""
    winners: list[int] = Field(default_factory=list)

    @property
    def active(self) -> int:
        current = self.round.current
        return POLICE if current is None else current
