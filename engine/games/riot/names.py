"""How the rules name things in messages: factions, unit types, units, places and cards, each
a catalog entry keyed by its content id, so every language names them its own way."""

from __future__ import annotations

from functools import cache

from engine.games.riot.board import area_of, building_values, is_building, is_entry, is_street
from engine.games.riot.content.models import content
from engine.games.riot.state import HOSPITAL, HQ, RiotState, Unit
from engine.messages import Msg, m


@cache
def faction(name: str) -> Msg:
    return m(f"riot.faction.{name}")


def seat(state: RiotState, seat_: int) -> Msg:
    return faction(state.factions[seat_])


@cache
def unit_type(type_id: str) -> Msg:
    return m(f"riot.unit.{type_id}")


def unit(u: Unit) -> Msg:
    return m("riot.unit.label", id=u.id, type=unit_type(u.type))


def units(us: list[Unit]) -> list[Msg]:
    return [unit(u) for u in us]


def place(where: str) -> Msg:
    if where == HQ:
        return m("riot.place.hq")
    if where == HOSPITAL:
        return m("riot.place.hospital")
    if is_street(where):
        return m("riot.place.street", area=area_of()[where])
    if is_entry(where):
        return m("riot.place.entry", area=area_of()[where])
    if is_building(where):
        return m("riot.place.building", id=where, value=building_values()[where])
    return m("riot.place.supply")


def card(card_id: str) -> Msg:
    return m(f"riot.card.{card_id.split('.')[-1]}.name")


def card_text(card_id: str) -> Msg:
    return m(f"riot.card.{card_id.split('.')[-1]}.text")


def opinion(card_id: str) -> Msg:
    return m(f"riot.opinion.{card_id}.name")


def goal(goal_id: str) -> Msg:
    return m(f"riot.goal.{goal_id}", n=content().goal(goal_id).amount)
