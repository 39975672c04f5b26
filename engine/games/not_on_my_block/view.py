"""Build the view a renderer draws from: the whole board, all pieces, turn and scores."""

from __future__ import annotations

from engine.core import Outcome
from engine.games.not_on_my_block import mechanics as m
from engine.games.not_on_my_block.board import COLUMNS, parse_block
from engine.games.not_on_my_block.state import (
    ApartmentView,
    BlockView,
    NombState,
    NombView,
    PendingView,
    PieceView,
    SeatView,
)
from engine.games.not_on_my_block.text import pending_text, resident_score


def build_view(
    state: NombState, *, waiting_for: list[int], status: str, result: Outcome | None
) -> NombView:
    board = state.board
    blocks = []
    for at in board.all_blocks():
        col, row = parse_block(at) or (0, 0)
        gentrified = (
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
    if state.pending:
        need = state.pending[0]
        pending = PendingView(
            kind=need.kind,
            seat=need.seat,
            seat_name=state.seat_names[need.seat],
            text=pending_text(state, need),
        )
    over = result is not None
    return NombView(
        board_name=board.name,
        width=board.width,
        height=board.height,
        columns=list(COLUMNS[: board.width]),
        blocks=blocks,
        start=board.start,
        stores=board.of_type("store"),
        centers=board.of_type("center"),
        apartments=[
            ApartmentView(
                id=apt.id,
                colour=apt.colour,
                at=apt.at,
                status=apt.status,
                temporarily_protected=m.temporarily_protected(state, apt),
                reps_on_it=m.reps_at(state, apt.at) if apt.at else [],
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
        collusion=state.players == 4,
        waiting_for=waiting_for,
        status=status,
        winners=result.winners if result else [],
        result=result.reason if result else "",
    )
