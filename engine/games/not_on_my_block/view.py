"""The view a renderer draws from: the whole board, all pieces, turn and scores.

Nothing in Not On My Block is hidden, but clients still read only the view, so it spells out
everything needed to draw the board without knowing the rules: block types, gentrification,
every piece's block, whose turn it is and what is being waited for.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import Outcome
from engine.games.not_on_my_block import mechanics as m
from engine.games.not_on_my_block.board import COLUMNS, BlockType, parse_block
from engine.games.not_on_my_block.state import ApartmentStatus, Colour, NombState, TurnMode
from engine.games.not_on_my_block.text import pending_text
from engine.games.not_on_my_block.victory import resident_score


class BlockView(BaseModel):
    at: str = Field(description="Block name such as C4; row 1 is the bottom row")
    col: int = Field(description="0-based column, left to right")
    row: int = Field(description="0-based row, bottom to top")
    type: BlockType = Field(description="What is printed on the board here")
    gentrified: Literal["", "luxury_housing", "luxury_store"] = ""
    risk_zone: bool = Field(description="A Risk Zone where agents can catch reps (not if covered)")


class ApartmentView(BaseModel):
    id: str
    colour: Colour
    at: str | None
    status: ApartmentStatus
    temporarily_protected: bool


class PieceView(BaseModel):
    id: str
    label: str
    colour: Colour | Literal["developer"]
    at: str


class PendingView(BaseModel):
    seat: int
    seat_name: str
    text: str


class SeatView(BaseModel):
    seat: int
    name: str
    colours: list[Colour]
    eliminated: bool
    apartments_on_board: int
    apartments_protected: int


class NombView(BaseModel):
    """Everything needed to draw the board and the score panel."""

    width: int
    height: int
    columns: list[str]
    blocks: list[BlockView] = Field(description="Every block, top row first, left to right")
    start: str
    apartments: list[ApartmentView]
    reps: list[PieceView]
    agents: list[PieceView]
    seats: list[SeatView]
    phase: Literal["placement", "play", "over"]
    round: int
    active_seat: int
    active_name: str
    developer_moves_left: int
    resident_moves_left: dict[str, int] = Field(description="Colour -> moves left this turn")
    developer_moves_per_turn: int = Field(description="Moves the Developer gets each turn")
    moves_per_colour: int = Field(description="Moves each resident colour gets each turn")
    turn_mode: TurnMode
    pending: PendingView | None
    pushed_out: int = Field(description="Apartments pushed off the board")
    surrounded: int = Field(description="Apartments surrounded and given to the Developer")
    developer_score: int = Field(description="pushed_out + surrounded; 5 wins")
    protected: int = Field(description="Permanently protected apartments; 5 wins")
    goal: int
    luxury_stores_left: int
    winners: list[int]
    result: str


def build_view(state: NombState, result: Outcome | None) -> NombView:
    board = state.board
    blocks = []
    for at in board.all_blocks():
        col, row = parse_block(at) or (0, 0)
        gentrified: Literal["", "luxury_housing", "luxury_store"] = (
            "luxury_store"
            if at in state.luxury_stores
            else "luxury_housing"
            if at in state.luxury_housing
            else ""
        )
        blocks.append(
            BlockView(
                at=at,
                col=col,
                row=row,
                type=board.type_of(at),
                gentrified=gentrified,
                risk_zone=m.risk_zone(state, at),
            )
        )
    seats = [
        SeatView(
            seat=seat,
            name=name,
            colours=m.colours_of(state, seat),
            eliminated=seat in state.eliminated,
            apartments_on_board=resident_score(state, seat)[0] if seat else 0,
            apartments_protected=resident_score(state, seat)[1] if seat else 0,
        )
        for seat, name in enumerate(state.seat_names)
    ]
    pending = None
    if state.pending and result is None:
        need = state.pending[0]
        pending = PendingView(
            seat=need.seat,
            seat_name=state.seat_names[need.seat],
            text=pending_text(state, need),
        )
    over = result is not None
    return NombView(
        width=board.width,
        height=board.height,
        columns=list(COLUMNS[: board.width]),
        blocks=blocks,
        start=board.start,
        apartments=[
            ApartmentView(
                id=apt.id,
                colour=apt.colour,
                at=apt.at,
                status=apt.status,
                temporarily_protected=m.temporarily_protected(state, apt),
            )
            for apt in state.apartments
        ],
        reps=[
            PieceView(id=rep, label=m.piece_label(rep), colour=m.rep_colour(rep), at=at)
            for rep, at in state.reps.items()
        ],
        agents=[
            PieceView(id=agent, label=m.piece_label(agent), colour="developer", at=at)
            for agent, at in state.agents.items()
        ],
        seats=seats,
        phase="over" if over else state.phase,
        round=state.round,
        active_seat=state.active,
        active_name=state.seat_names[state.active],
        developer_moves_left=state.dev_moves,
        resident_moves_left=dict(state.rep_moves),
        developer_moves_per_turn=m.DEVELOPER_MOVES,
        moves_per_colour=m.MOVES_PER_COLOUR,
        turn_mode=state.mode,
        pending=pending,
        pushed_out=m.count(state, "pushed"),
        surrounded=m.count(state, "surrounded"),
        developer_score=m.count(state, "pushed", "surrounded"),
        protected=m.count(state, "protected"),
        goal=m.GOAL,
        luxury_stores_left=m.LUXURY_STORE_TOKENS - len(state.luxury_stores),
        winners=result.winners if result else [],
        result=result.reason if result else "",
    )
