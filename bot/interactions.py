"""How every interaction is handled: defer first, act under the channel lock, answer once.

Player mistakes become short ephemeral answers; anything unexpected is logged with the game id
and answered with an apology instead of a traceback.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

import discord

from bot import publish
from bot.tables import PlayerError, Table
from engine import IllegalAction

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger(__name__)


def bot_of(interaction: discord.Interaction) -> GameBot:
    return interaction.client  # type: ignore[return-value]


async def answer(interaction: discord.Interaction, text: str, *, ephemeral: bool = True) -> None:
    """Reply whether or not the interaction was already deferred."""
    text = text[:2000]
    none = discord.AllowedMentions.none()
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=ephemeral, allowed_mentions=none)
    else:
        await interaction.response.send_message(text, ephemeral=ephemeral, allowed_mentions=none)


@asynccontextmanager
async def handling(
    interaction: discord.Interaction, *, defer: bool = True, ephemeral: bool = True
) -> AsyncIterator[None]:
    """Defer within Discord's 3 seconds, then turn exceptions into the right kind of answer."""
    if defer and not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    try:
        yield
    except (PlayerError, IllegalAction) as exc:
        await answer(interaction, f"⚠️ {exc}")
    except Exception:
        game = await _game_id(interaction)
        log.exception("unexpected error (channel %s, game %s)", interaction.channel_id, game)
        await answer(interaction, "Sorry, something went wrong on my side; nothing was changed.")


async def _game_id(interaction: discord.Interaction) -> int | None:
    try:
        table = await bot_of(interaction).tables.current(interaction.channel_id or 0)
    except Exception:
        return None
    return None if table is None else table.row.id


async def perform(
    interaction: discord.Interaction,
    data: dict[str, Any],
    *,
    game_id: int | None = None,
    seat: int | None = None,
    expect_game: str | None = None,
) -> Table | None:
    """Apply one action for the interaction's user and tell the channel about it."""
    bot = bot_of(interaction)
    channel = interaction.channel
    async with handling(interaction), bot.tables.lock(interaction.channel_id or 0):
        if game_id is None:
            table = await bot.tables.require(interaction.channel_id or 0)
        else:
            table = await bot.tables.by_id(game_id)
            if table is None or table.row.status != "active":
                raise PlayerError("That game is no longer running.")
        if expect_game is not None and table.game.id != expect_game:
            raise PlayerError(
                f"This channel is playing {table.game.title}; use `/{table.game.command}`."
            )
        move = await bot.tables.act(table, interaction.user.id, data, seat)
        assert channel is not None
        await publish.announce_move(bot, channel, move)  # type: ignore[arg-type]
        label = move.after.game.describe(move.before.state, move.action)
        await answer(interaction, f"✅ {label}")
        return move.after
    return None
