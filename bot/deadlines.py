"""Out-of-turn decisions that nobody answers get their default after a deadline.

A game played over days must not stall because one player went quiet. The deadline counts from
the game's last change, which is when the decision was posted or last became relevant.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import discord

from bot import present, publish
from bot.tables import PlayerError, Table

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger(__name__)


async def force_decisions(
    bot: GameBot, channel: discord.abc.Messageable, table: Table, why: str
) -> int:
    """Apply the default of each decision open now; the caller holds the channel lock.

    Decisions that a default itself opens are left alone: their players get the full deadline.
    """
    applied = 0
    for seat, default in sorted(bot.tables.forceable(table).items()):
        if bot.tables.forceable(table).get(seat) != default:
            continue  # an earlier default already settled or changed this decision
        assert table.state is not None
        name = table.state.seat_names[seat]
        move = await bot.tables.force(table, seat)
        label = table.game.describe(table.state, move.action)
        await publish.announce_move(
            bot,
            channel,
            move,
            prefix=f"{why} Default for {present.mention(table.holder(seat))} ({name}): {label}.",
        )
        table = move.after
        applied += 1
    return applied


async def sweep(bot: GameBot) -> int:
    hours = bot.settings.decision_deadline_hours
    if hours <= 0:
        return 0
    cutoff = datetime.now(UTC) - timedelta(hours=hours)
    applied = 0
    for row in await bot.store.idle_games(cutoff):
        async with bot.tables.lock(row.channel_id):
            table = await bot.tables.by_id(row.id)
            if table is None or table.row.version != row.version:
                continue
            channel = bot.get_channel(row.channel_id) or await bot.fetch_channel(row.channel_id)
            try:
                applied += await force_decisions(
                    bot,
                    channel,
                    table,
                    f"⏰ No answer within {hours:g} hours.",  # type: ignore[arg-type]
                )
            except PlayerError:
                log.info("game %s changed during the deadline sweep", row.id)
    return applied


async def run(bot: GameBot) -> None:
    """Sweep forever; errors are logged per sweep so one bad game cannot stop the others."""
    while not bot.is_closed():
        try:
            await sweep(bot)
        except Exception:
            log.exception("deadline sweep failed")
        await asyncio.sleep(bot.settings.deadline_check_seconds)
