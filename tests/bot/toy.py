"""A position in the test-only sealed-bid game where a decision is owed out of turn."""

from __future__ import annotations

from bot.table.model import Table
from tests.bot.harness import Session
from tests.engine.toy_game import GAME as TOY
from tests.standin import UserRecord


async def owe_a_decision(session: Session) -> tuple[Table, UserRecord, UserRecord]:
    """Start a 2-player toy game and build a tie, so the loser owes a decision out of turn."""
    host, guest = session.user("host"), session.user("guest")
    await session.command(host, "game", "new", game=TOY.id)
    await session.command(guest, "game", "join")
    await session.command(host, "game", "start")
    table = await session.table()
    table.state.hands = [[4, 1, 2], [4, 3, 5]]  # equal bids force a tie
    for seat in (0, 1):
        await session.bot.tables.act(table, table.holder(seat), {"kind": "bid", "card": 4})
        table = await session.table()
    assert table.prompts()[table.state.pending_loser].out_of_turn
    return table, host, guest
