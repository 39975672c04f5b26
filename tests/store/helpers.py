"""Games and waits the contract tests set up the same way whatever the store."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from bot.store.models import GameRow, Post, Wait
from bot.store.protocol import GameStore

NOW = datetime(2025, 1, 6, 12, 0, tzinfo=UTC)


async def running(store: GameStore, channel: int = 5) -> GameRow:
    row = await store.create_lobby(channel, 1, "not_on_my_block", 7)
    return await store.start(row, {"players": 2}, 42, '{"s": 0}', [])


def owing(row: GameRow, seat: int, **times: Any) -> Wait:
    return Wait(
        game_id=row.id,
        seat=seat,
        user_id=7 + seat,
        decision=1,
        out_of_turn=False,
        since=NOW - timedelta(days=2),
        **times,
    )


def turn(header: str) -> Post:
    return Post(kind="turn", body={"header": header})
