"""Out-of-turn decisions that nobody answers get their default after a deadline.

A game played over days must not stall because one player went quiet. The deadline counts from
when the decision started waiting, which the store keeps in an indexed column: a sweep reads
only the games that are due, in batches, whatever the number of games stored. Each game is
handled on its own: one that fails is logged and the sweep goes on with the others.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import GameBot
    from bot.storage import DueGame

log = logging.getLogger(__name__)

BATCH = 100
"""Games handled per sweep; a backlog (after downtime) clears over the next sweeps."""


async def sweep(bot: GameBot) -> int:
    hours = bot.settings.decision_deadline_hours
    if hours <= 0:
        return 0
    cutoff = datetime.now(UTC) - timedelta(hours=hours)
    applied = 0
    for game in await bot.store.due_defaults(cutoff, BATCH):
        try:
            applied += await _force(bot, game, hours)
        except Exception:
            log.exception("deadline sweep failed for game %s", game.id)
    return applied


async def _force(bot: GameBot, game: DueGame, hours: float) -> int:
    async with bot.in_flight():
        async with bot.tables.lock(game.channel_id):
            table = await bot.tables.by_id(game.id)
            if table is None or table.row.version != game.version:
                return 0  # it moved on meanwhile; its new deadline is its own
            if not bot.tables.forceable(table):
                await bot.store.clear_default(game.id, game.version)
                return 0
            applied = await bot.turns.force(table, f"⏰ No answer within {hours:g} hours.")
        await bot.publisher.publish(game.id)
    return applied


async def run(bot: GameBot) -> None:
    """Sweep forever; errors are logged per sweep so one bad game cannot stop the others."""
    while not bot.is_closed():
        try:
            await sweep(bot)
        except Exception:
            log.exception("deadline sweep failed")
        await asyncio.sleep(bot.settings.deadline_check_seconds)
