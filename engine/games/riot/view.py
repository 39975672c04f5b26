"""What a seat (or the channel) sees: the whole board, everyone's credits, points and card
counts, the Public Opinion cards turned over and how many remain; its own hand and, for the
Nationalists, their goal. Other hands, deck orders and the goal (until the game ends) stay
hidden. Names come as messages, so the board draws them in the table's language."""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict

from engine.games.riot import board as b
from engine.games.riot import clash as c
from engine.games.riot import names
from engine.games.riot.content.models import content
from engine.games.riot.prompts import acting
from engine.games.riot.state import RiotState
from engine.messages import Msg


class SeatView(BaseModel):
    seat: int
    name: str
    faction: str
    faction_name: Msg
    credits: int
    points: int
    cards: int
    out: bool


class UnitView(BaseModel):
    """Frozen: one is shared by every view showing the unit as it is (`_unit`)."""

    model_config = ConfigDict(frozen=True)

    id: str
    type: str
    type_name: Msg
    faction: str
    at: str
    force: int
    shield: bool
    wounded: bool
    spent: bool


class BuildingView(BaseModel):
    """Frozen: one is shared by every view showing the building so held (`_building`)."""

    model_config = ConfigDict(frozen=True)

    id: str
    area: str
    value: int
    holder: str | None


class ClashView(BaseModel):
    attacker: str
    defender: str
    target: str
    stage: str
    attackers: list[str]
    defenders: list[str]


class RiotView(BaseModel):
    seat: int | None
    round: int
    active: int
    acting: int | None
    phase: str
    seats: list[SeatView]
    areas: list[str]
    buildings: list[BuildingView]
    units: list[UnitView]
    opinion_left: int
    revealed: list[str]
    revealed_names: list[Msg]
    penalties: list[str]
    clash: ClashView | None
    hand: list[str]
    hand_names: list[Msg]
    goal: str | None
    goal_text: Msg | None
    ended: str
    winners: list[int]
    outcome: Msg | None
    """How the game ended, in words, once it has."""


def build(state: RiotState, seat: int | None, outcome: Msg | None) -> RiotView:
    clash = c.current(state)
    held = b.holders(state)
    own_hand = state.hands[seat] if seat is not None else []
    sees_goal = state.goal and (
        state.ended or (seat is not None and state.factions[seat] == "nationalists")
    )
    return RiotView(
        seat=seat,
        round=state.round.number,
        active=state.active,
        acting=acting(state),
        phase=state.phase,
        seats=[
            SeatView(
                seat=s,
                name=state.seat_names[s],
                faction=f,
                faction_name=names.faction(f),
                credits=state.credits[s],
                points=state.points[s],
                cards=len(state.hands[s]),
                out=s in state.out,
            )
            for s, f in enumerate(state.factions)
        ],
        areas=b.areas(),
        buildings=[_building(x, held.get(x)) for x in b.building_values()],
        units=[
            _unit(
                u.id, u.type, u.faction, u.at, u.wounded, u.attacked or (u.steps == 0 and u.moved)
            )
            for u in state.units
        ],
        opinion_left=len(state.opinion),
        revealed=list(state.revealed),
        revealed_names=[names.opinion(p) for p in state.revealed],
        penalties=list(state.penalties),
        clash=None
        if clash is None
        else ClashView(
            attacker=state.factions[clash.attacker],
            defender=state.factions[clash.defender],
            target=clash.target,
            stage=clash.stage,
            attackers=list(clash.attackers),
            defenders=list(clash.defenders),
        ),
        hand=list(own_hand),
        hand_names=[names.card(x) for x in own_hand],
        goal=state.goal if sees_goal else None,
        goal_text=names.goal(state.goal) if sees_goal else None,
        ended=state.ended,
        winners=list(state.winners),
        outcome=outcome,
    )


@cache
def _unit(unit_id: str, kind: str, faction: str, at: str, wounded: bool, spent: bool) -> UnitView:
    """A unit as every view shows it. Each seat's view of every step shows the same units
    again, and validating a new model for each was most of a fuzzed or searched game's time;
    the arguments are all a unit view depends on (its type's figures are fixed), and they
    take a few thousand values in all: ids times places times two flags."""
    figures = content().unit(kind)
    return UnitView(
        id=unit_id,
        type=kind,
        type_name=names.unit_type(kind),
        faction=faction,
        at=at,
        force=figures.force,
        shield=figures.shield,
        wounded=wounded,
        spent=spent,
    )


@cache
def _building(building: str, holder: str | None) -> BuildingView:
    """A building as every view shows it, for the same reason as `_unit`."""
    return BuildingView(
        id=building,
        area=b.area_of()[building],
        value=b.building_values()[building],
        holder=holder,
    )
