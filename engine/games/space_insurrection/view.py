"""What a seat (or the channel) sees of a game: the board in full, everyone's public counts,
and only its own reserve and its own secret orders."""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict

from engine.core import Outcome
from engine.games.space_insurrection.content.models import content
from engine.games.space_insurrection.names import colour_of, seat_colour, world_name
from engine.games.space_insurrection.state import SpaceState, chit_name, type_of
from engine.messages import Msg, m


class UnitView(BaseModel):
    """Frozen: one is shared by every view showing the unit as it is (`_unit_as`)."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: Msg
    """`Star Cruiser #3`"""
    letter: Msg
    """The type's abbreviation for the board, in the reader's language (`SC`; `CE` in
    Spanish): a catalog term, so a chit never shows English letters at a Spanish table."""
    kind: str
    """pp, ep, m or mi."""
    owner: int
    wounded: bool
    disrupted: bool
    blockading: bool
    spied: bool


class WorldView(BaseModel):
    id: str
    name: Msg
    loyal: int | None
    uprising: bool
    disrupted: bool
    units: list[UnitView]
    resolving: bool
    """Its actions are being resolved now."""


class SeatView(BaseModel):
    colour: str
    """The colour the seat plays (`red`): what the board paints it in, whatever the language."""
    name: Msg
    """The colour's name in the reader's language (Red, Rojo)."""
    initial: Msg
    """The letter on the seat's badge: a catalog term of its own, because two Spanish colours
    share a first letter (Azul, Amarillo)."""
    reserve: int
    """How many chits the seat holds in reserve (their faces are secret)."""
    loyal: int
    units: int
    submitted: bool | None
    """In a phase of secret orders: whether the seat has submitted (None: not asked)."""


class SpaceView(BaseModel):
    turn: int
    last_turn: int
    phase: str
    phase_text: Msg
    first: int
    worlds: list[WorldView]
    seats: list[SeatView]
    acting: list[int]
    """Seats asked to act now."""
    declared: dict[str, str]
    pile: int
    outcome: Msg | None
    me: int | None = None
    reserve: list[Msg] | None = None
    """The viewing seat's own reserve, by name."""
    orders: str | None = None
    """The viewing seat's own submitted orders, before they are revealed."""


def phase_name(phase: str) -> Msg:
    """The phase of the turn, as a heading ("Blockade declarations")."""
    return m(f"space.phase.{phase}")


def build_view(
    state: SpaceState, seat: int | None, acting: list[int], outcome: Outcome | None
) -> SpaceView:
    here = state.worlds[state.at].id if state.phase == "action" else None
    worlds = [
        WorldView(
            id=w.id,
            name=world_name(w.id),
            loyal=w.loyal,
            uprising=w.uprising,
            disrupted=w.disrupted,
            units=[
                _unit(state, u.id)
                for u in sorted(state.units_at(w.id), key=lambda u: (u.owner, _order(u.id)))
            ],
            resolving=w.id == here,
        )
        for w in state.worlds
    ]
    sheet_phase = state.phase in ("blockade", "surveillance", "movement")
    seats = [
        SeatView(
            colour=colour_of(state, s),
            name=seat_colour(state, s),
            initial=m(f"space.colour.{colour_of(state, s)}.initial"),
            reserve=len(state.reserves[s]),
            loyal=sum(1 for w in state.worlds if w.loyal == s),
            units=sum(1 for u in state.units.values() if u.owner == s),
            submitted=(s in state.sheets)
            if sheet_phase and (s in state.sheets or s in state.owing)
            else None,
        )
        for s in range(len(state.seat_names))
    ]
    phase_text = phase_name(state.phase)
    if here is not None:
        phase_text = m("space.phase.action_at", world=world_name(here))
    view = SpaceView(
        turn=state.turn,
        last_turn=state.last_turn,
        phase=state.phase,
        phase_text=phase_text,
        first=state.first,
        worlds=worlds,
        seats=seats,
        acting=acting,
        declared=dict(state.declared),
        pile=len(state.pile),
        outcome=None if outcome is None else outcome.msg,
    )
    if seat is not None:
        view.me = seat
        view.reserve = [chit_name(c) for c in state.reserves[seat]]
        view.orders = state.sheets.get(seat)
    return view


def _unit(state: SpaceState, unit_id: str) -> UnitView:
    unit = state.units[unit_id]
    return _unit_as(
        unit_id,
        unit.owner,
        unit.wounded,
        unit.disrupted,
        unit.blockading,
        unit_id in state.spied,
    )


@cache
def _unit_as(
    unit_id: str, owner: int, wounded: bool, disrupted: bool, blockading: bool, spied: bool
) -> UnitView:
    """A unit as every view shows it. Each seat's view of every step shows the same units
    again, and building them was half of a fuzzed game's time; the arguments are all a unit's
    view depends on, and they take a few thousand values in all (ids times owners times four
    flags)."""
    kind = type_of(unit_id)
    return UnitView(
        id=unit_id,
        name=chit_name(unit_id),
        letter=m(f"space.abbr.{kind.id}"),
        kind=kind.kind,
        owner=owner,
        wounded=wounded,
        disrupted=disrupted,
        blockading=blockading,
        spied=spied,
    )


@cache
def _order(unit_id: str) -> tuple[int, int]:
    kind, number = unit_id.rsplit("-", 1)
    types = [t.id for t in content().types]
    return types.index(kind), int(number)
