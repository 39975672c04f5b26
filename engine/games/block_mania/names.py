"""How the rules name things in messages, each a catalog entry keyed by its content id."""

from __future__ import annotations

from engine.games.block_mania import board
from engine.games.block_mania.state import BLOCKS, SHARED, Blocker, ManiaState
from engine.messages import Msg, m


def seat(state: ManiaState, seat_: int) -> Msg:
    """The block a seat runs, and in a four-player game which of its two players."""
    if state.players > len(BLOCKS):
        return m("mania.block.player", block=board.block_of(seat_), n=seat_ // len(BLOCKS) + 1)
    return seat_label(board.block_of(seat_))


def seat_label(block: str) -> Msg:
    """A seat's name: the block it runs."""
    return m("mania.block", block=block)


def square(square_: str) -> Msg:
    block, col, level = board.parse(square_)
    return m("mania.square", block=block, col=col, level=level, kind=kind(board.kind(square_)))


def kind(type_: str) -> Msg:
    return m(f"mania.square.{type_}")


def blocker_type(type_id: str) -> Msg:
    return m(f"mania.blocker.{type_id}")


def blocker(b: Blocker) -> Msg:
    if b.owner == SHARED:
        return m("mania.unit.shared", id=b.id, type=blocker_type(b.type))
    return m("mania.unit", id=b.id, type=blocker_type(b.type), block=board.block_of(b.owner))


def item(item_id: str) -> Msg:
    return m(f"mania.item.{item_id}")


def card(card_id: str) -> Msg:
    return m(f"mania.card.{card_id}.name")


def card_text(card_id: str) -> Msg:
    return m(f"mania.card.{card_id}.text")


def phase(phase_: str) -> Msg:
    return m(f"mania.phase.{phase_}")
