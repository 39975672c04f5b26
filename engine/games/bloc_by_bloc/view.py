"""What each seat may see, as a model a renderer draws from.

Hidden information (loot hands, agendas, deck order, manifestations under tiles, the card in a
loot offer, the cards awaiting a discard, sunrise cards set aside) never appears here except a
seat's own hand, cards set aside and agenda in its own view. Face-up police ops (revealed by
manifestations) are public.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.city import rotate_corner, rotate_direction
from engine.games.bloc_by_bloc.content.effects import Paramilitary, PoliceMorale, Reinforcements
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.night import barricade_pile
from engine.games.bloc_by_bloc.places import (
    commas,
    difficulty,
    district_name,
    faction_name,
    faction_occupations,
    occupation_name,
)
from engine.games.bloc_by_bloc.police import morale_label, ops_name
from engine.games.bloc_by_bloc.state import BlocState
from engine.games.bloc_by_bloc.text import decision_text
from engine.messages import Msg, m

MARKS = ("clean", "graffiti", "burned")


class OccupationView(BaseModel):
    faction: str
    occupation: str
    name: Msg
    is_start: bool
    """A faction's starting occupation (the renderer labels it "Start")."""


class TileView(BaseModel):
    """Frozen: one is shared by every view showing the district as it is (`_tile_as`)."""

    model_config = ConfigDict(frozen=True)

    row: int
    col: int
    tile: str
    name: Msg
    type: str
    liberated: bool
    difficulty: int | None
    police_id: int
    exits: list[str]
    highways: list[tuple[str, str]]
    metro: bool
    shopping_centers: list[str]
    occupation: OccupationView | None
    blocs: dict[str, int]
    cops: int
    van_damage: int | None
    """None: no riot van here; else the hits it has taken tonight (0-2)."""
    occupation_circle: bool
    """The tile has a printed occupation circle (drawn empty while nobody occupies it)."""


class ConnectionView(BaseModel):
    a: str
    b: str
    kind: str
    via: list[tuple[int, int]]
    barricades: int


class FactionView(BaseModel):
    seat: int
    faction: str
    name: Msg
    colour: str
    player: int
    blocs_in_city: int
    blocs_on_mat: int
    hand_size: int
    metro_locked: bool
    occupation_names_on_mat: list[Msg]
    """The names of the occupations still on the faction's mat."""


class PoliceOpsView(BaseModel):
    """A face-up police ops card: its name and the short detail that tells twin cards apart
    ("highest ID first", "+1 morale"), since several cards share a name."""

    name: Msg
    detail: Msg | None


class MoraleStepView(BaseModel):
    """One space of the police morale track: its label and how many ops cards it draws."""

    label: Msg
    draws: int


class DieView(BaseModel):
    value: int
    used: bool


class BlocView(BaseModel):
    scenario: Msg
    mode: str
    night: int
    nights_left: int
    phase: str
    morale_step: int
    morale_label: Msg
    police_draws: int
    staging_cops: int
    staging_vans: int
    destroyed_vans: int
    barricade_pile: int
    loot_deck: int
    police_deck: int
    police_revealed: list[PoliceOpsView]
    last_police_ops: list[PoliceOpsView]
    tiles: list[TileView]
    connections: list[ConnectionView]
    factions: list[FactionView]
    current_seat: int
    first_seat: int
    dice: list[DieView]
    decision: Msg
    hand: list[str] | None = None
    set_aside: list[tuple[str, str]] | None = None
    """Own view only: the (card, district) pairs set aside for tonight's sunrise, still in
    `hand`."""
    agenda: str | None = None
    winners: list[int] | None = None
    morale_steps: list[MoraleStepView]
    """The whole morale track, so the board can draw it; `morale_step` indexes it."""


def _tile(state: BlocState, r: int, c: int) -> TileView:
    cell = state.city.rows[r][c]
    info = load_content().districts[cell.tile]
    occ = state.occupations.get(cell.tile)
    return _tile_as(
        r,
        c,
        cell.tile,
        cell.orientation,
        cell.liberated,
        None if info.is_highway else difficulty(state, cell.tile),
        tuple(state.loot_marks.get(cell.tile, [])),
        None if occ is None else (state.factions[occ.seat], occ.occ),
        tuple(
            (state.factions[s], n)
            for s in range(state.seats)
            if (n := state.blocs_of(s, cell.tile))
        ),
        state.cops.get(cell.tile, 0),
        state.vans.get(cell.tile),
    )


@lru_cache(maxsize=8192)
def _tile_as(
    r: int,
    c: int,
    tile: str,
    orientation: int,
    liberated: bool,
    hardness: int | None,
    marks: tuple[int, ...],
    occupied: tuple[str, str] | None,
    blocs: tuple[tuple[str, int], ...],
    cops: int,
    van_damage: int | None,
) -> TileView:
    """A district as every view shows it. Each seat's view of every step shows the 25
    districts again, and building them was most of a view's time; the arguments are all a
    district's view depends on, and most districts look the same from one step to the next.
    Bounded, since blocs and cops take many values over a long game."""
    info = load_content().districts[tile]
    return TileView(
        row=r,
        col=c,
        tile=tile,
        name=district_name(tile),
        type=str(info.type),
        liberated=liberated,
        difficulty=hardness,
        police_id=info.police_id,
        exits=sorted(rotate_direction(d, orientation) for d in info.exits),
        highways=[
            (rotate_corner(h.ends[0], orientation), rotate_corner(h.ends[1], orientation))
            for h in info.highways
        ],
        metro=info.metro,
        shopping_centers=[MARKS[m] for m in marks],
        occupation=None
        if occupied is None
        else OccupationView(
            faction=occupied[0],
            occupation=occupied[1],
            name=occupation_name(occupied[1]),
            is_start=load_content().occupations[occupied[1]].is_start,
        ),
        blocs=dict(blocs),
        cops=cops,
        van_damage=van_damage,
        occupation_circle=info.occupation_circle,
    )


def build_view(state: BlocState, seat: int | None) -> BlocView:
    content = load_content()
    board = board_of(state.city)
    step = content.morale.steps[state.morale]
    return BlocView(
        scenario=m(f"bloc.scenario.{state.victory_scenario}.name"),
        mode=state.options.mode,
        night=state.night,
        nights_left=state.nights_left,
        phase=state.phase,
        morale_step=state.morale,
        morale_label=morale_label(step.label),
        police_draws=step.draws,
        staging_cops=state.staging_cops,
        staging_vans=state.staging_vans,
        destroyed_vans=state.destroyed_vans,
        barricade_pile=barricade_pile(state),
        loot_deck=len(state.loot_deck),
        police_deck=len(state.police_deck),
        police_revealed=[police_ops_view(c) for c in state.police_deck[: state.police_revealed]],
        last_police_ops=[police_ops_view(c) for c in state.last_police_ops],
        tiles=[_tile(state, r, c) for r in range(5) for c in range(5)],
        connections=[
            ConnectionView(
                a=board.conn_ends[c.key][0],
                b=board.conn_ends[c.key][1],
                kind=c.kind,
                via=list(c.via),
                barricades=state.barricades.get(c.key, 0),
            )
            for c in board.connections
        ],
        factions=[_faction(state, s) for s in range(state.seats)],
        current_seat=state.current,
        first_seat=state.first,
        dice=[DieView(value=d.value, used=d.used) for d in state.dice],
        decision=decision_text(state),
        hand=None if seat is None else list(state.hands[seat]),
        set_aside=None
        if seat is None
        else [(a.card, a.district) for a in state.set_aside if a.seat == seat],
        agenda=None if seat is None else state.agendas[seat],
        winners=None if state.outcome is None else state.outcome.winners,
        morale_steps=[
            MoraleStepView(label=morale_label(s.label), draws=s.draws) for s in content.morale.steps
        ],
    )


def police_ops_view(card_id: str) -> PoliceOpsView:
    card = load_content().police_ops[card_id]
    bits = []
    for effect in card.effects:
        if isinstance(effect, Reinforcements):
            bits.append(m("bloc.ops.detail.per_van", n=effect.cops))
        elif isinstance(effect, Paramilitary):
            bits.append(m("bloc.ops.detail.per_occupation", n=effect.cops_per_district))
        elif isinstance(effect, PoliceMorale):
            bits.append(m("bloc.ops.detail.morale", delta=f"{effect.delta:+d}"))
        priority = getattr(effect, "priority", None)
        if priority is not None:
            bits.append(m(f"bloc.ops.detail.{priority}"))
    return PoliceOpsView(name=ops_name(card_id), detail=commas(bits) if bits else None)


def _faction(state: BlocState, s: int) -> FactionView:
    f = load_content().factions[state.factions[s]]
    return FactionView(
        seat=s,
        faction=f.id,
        name=faction_name(f.id),
        colour=f.colour,
        player=state.holders[s],
        blocs_in_city=state.blocs_in_city(s),
        blocs_on_mat=state.blocs_on_mat(s),
        hand_size=len(state.hands[s]),
        metro_locked=any(state.lockdowns),  # a Metro Lockdown shuts the metro to everyone
        occupation_names_on_mat=[
            occupation_name(o) for o in state.mat_occupations(s, faction_occupations(state, s))
        ],
    )
