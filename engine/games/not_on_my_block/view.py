"""The view a renderer draws from: the whole board, all pieces, turn and scores.

Nothing in Not On My Block is hidden, but clients still read only the view, so it spells out
everything needed to draw the board without knowing the rules: block types, gentrification,
every piece's block, whose turn it is and what is being waited for.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core import Outcome
from engine.games.not_on_my_block import mechanics as mech
from engine.games.not_on_my_block.board import COLUMNS, BlockType
from engine.games.not_on_my_block.state import ApartmentStatus, Colour, NombState, TurnMode
from engine.games.not_on_my_block.text import pending_text
from engine.games.not_on_my_block.victory import resident_score
from engine.messages import Msg

Gentrified = Literal["", "luxury_housing", "luxury_store"]


class BlockView(BaseModel):
    """Frozen, so that views share the blocks of one board and gentrification (`_blocks`)."""

    model_config = ConfigDict(frozen=True)

    at: str
    """Block name such as C4; row 1 is the bottom row."""
    col: int
    """0-based column, left to right."""
    row: int
    """0-based row, bottom to top."""
    type: BlockType
    """What is printed on the board here."""
    gentrified: Gentrified = ""
    risk_zone: bool
    """A Risk Zone where agents can catch reps (not if covered)."""


class ApartmentView(BaseModel):
    id: str
    colour: Colour
    at: str | None
    status: ApartmentStatus
    temporarily_protected: bool


class PieceView(BaseModel):
    id: str
    label: Msg
    colour: Colour | Literal["developer"]
    at: str


class PendingView(BaseModel):
    seat: int
    seat_name: Msg
    msg: Msg
    """What the seat is asked."""


class SeatView(BaseModel):
    seat: int
    name: Msg
    colours: list[Colour]
    eliminated: bool
    apartments_on_board: int
    apartments_protected: int


class NombView(BaseModel):
    """Everything needed to draw the board and the score panel."""

    width: int
    height: int
    columns: list[str]
    blocks: list[BlockView]
    """Every block, top row first, left to right."""
    start: str
    apartments: list[ApartmentView]
    reps: list[PieceView]
    agents: list[PieceView]
    seats: list[SeatView]
    phase: Literal["placement", "play", "over"]
    round: int
    active_seat: int
    active_name: Msg
    developer_moves_left: int
    resident_moves_left: dict[str, int]
    """Colour -> moves left this turn."""
    developer_moves_per_turn: int
    """Moves the Developer gets each turn."""
    moves_per_colour: int
    """Moves each resident colour gets each turn."""
    turn_mode: TurnMode
    pending: PendingView | None
    pushed_out: int
    """Apartments pushed off the board."""
    surrounded: int
    """Apartments surrounded and given to the Developer."""
    developer_score: int
    """pushed_out + surrounded; 5 wins."""
    protected: int
    """Permanently protected apartments; 5 wins."""
    goal: int
    luxury_stores_left: int
    winners: list[int]
    result: Msg | None
    """How the game ended, once it has."""


@lru_cache(maxsize=256)
def _blocks(
    cells: tuple[tuple[str, int, int, BlockType], ...],
    luxury_stores: tuple[str, ...],
    luxury_housing: tuple[str, ...],
) -> tuple[BlockView, ...]:
    """The blocks as drawn, which change only when a block is gentrified: every view of a
    game built them all again, the largest part of a view's cost."""
    blocks = []
    for at, col, row, kind in cells:
        gentrified: Gentrified = (
            "luxury_store"
            if at in luxury_stores
            else "luxury_housing"
            if at in luxury_housing
            else ""
        )
        blocks.append(
            BlockView(
                at=at,
                col=col,
                row=row,
                type=kind,
                gentrified=gentrified,
                risk_zone=mech.uncovered_risk(kind, at, luxury_housing),
            )
        )
    return tuple(blocks)


def build_view(state: NombState, result: Outcome | None) -> NombView:
    board = state.board
    blocks = _blocks(board.cells(), tuple(state.luxury_stores), tuple(state.luxury_housing))
    seats = [
        SeatView(
            seat=seat,
            name=name,
            colours=mech.colours_of(state, seat),
            eliminated=seat in state.eliminated,
            apartments_on_board=resident_score(state, seat)[0] if seat else 0,
            apartments_protected=resident_score(state, seat)[1] if seat else 0,
        )
        for seat, name in enumerate(mech.seat_names(state.players))
    ]
    pending = None
    if state.pending and result is None:
        need = state.pending[0]
        pending = PendingView(
            seat=need.seat,
            seat_name=mech.seat_name(state, need.seat),
            msg=pending_text(state, need),
        )
    over = result is not None
    return NombView(
        width=board.width,
        height=board.height,
        columns=list(COLUMNS[: board.width]),
        blocks=list(blocks),
        start=board.start,
        apartments=[
            ApartmentView(
                id=apt.id,
                colour=apt.colour,
                at=apt.at,
                status=apt.status,
                temporarily_protected=mech.temporarily_protected(state, apt),
            )
            for apt in state.apartments
        ],
        reps=[
            PieceView(id=rep, label=mech.piece_label(rep), colour=mech.rep_colour(rep), at=at)
            for rep, at in state.reps.items()
        ],
        agents=[
            PieceView(id=agent, label=mech.piece_label(agent), colour="developer", at=at)
            for agent, at in state.agents.items()
        ],
        seats=seats,
        phase="over" if over else state.phase,
        round=state.round,
        active_seat=state.active,
        active_name=mech.seat_name(state, state.active),
        developer_moves_left=state.dev_moves,
        resident_moves_left=dict(state.rep_moves),
        developer_moves_per_turn=mech.DEVELOPER_MOVES,
        moves_per_colour=mech.MOVES_PER_COLOUR,
        turn_mode=state.mode,
        pending=pending,
        pushed_out=mech.count(state, "pushed"),
        surrounded=mech.count(state, "surrounded"),
        developer_score=mech.count(state, "pushed", "surrounded"),
        protected=mech.count(state, "protected"),
        goal=mech.GOAL,
        luxury_stores_left=mech.LUXURY_STORE_TOKENS - len(state.luxury_stores),
        winners=result.winners if result else [],
        result=result.msg if result else None,
    )
