"""Out-of-turn decisions that nobody answers get their default after a deadline.

A game played over days must not stall because one player went quiet. The deadline counts from
the game's last change, which is when the decision was posted or last became relevant. Each
game is handled on its own: one that fails is logged and the sweep goes on with the others.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger(__name__)


async def sweep(bot: GameBot) -> int:
    hours = bot.settings.decision_deadline_hours
    if hours <= 0:
        return 0
    cutoff = datetime.now(UTC) - timedelta(hours=hours)
    applied = 0
    for row in await bot.store.idle_games(cutoff):
        try:
            async with bot.in_flight(), bot.tables.lock(row.channel_id):
                table = await bot.tables.by_id(row.id)
                if table is None or table.row.version != row.version:
                    continue
                applied += await bot.turns.force(table, f"⏰ No answer within {hours:g} hours.")
        except Exception:
            log.exception("deadline sweep failed for game %s", row.id)
    return applied


async def run(bot: GameBot) -> None:
    """Sweep forever; errors are logged per sweep so one bad game cannot stop the others."""
    while not bot.is_closed():
        try:
            await sweep(bot)
        except Exception:
            log.exception("deadline sweep failed")
        await asyncio.sleep(bot.settings.deadline_check_seconds)
