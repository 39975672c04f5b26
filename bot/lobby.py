"""Opening a lobby, joining, leaving and starting: shared by the `/game` commands and buttons."""

from __future__ import annotations

import discord

from bot import present, publish
from bot.buttons import lobby_view
from bot.interactions import answer, bot_of, handling
from bot.options import option_fields, value_label
from bot.tables import PlayerError, Table


def lobby_embed(table: Table, note: str = "") -> discord.Embed:
    text = present.lobby_text(table)
    embed = discord.Embed(title=text["title"], description=text["description"], colour=0x0072B2)
    if note:
        embed.set_footer(text=note)
    return embed


async def open_lobby(interaction: discord.Interaction, game_id: str) -> None:
    bot = bot_of(interaction)
    channel = interaction.channel
    async with handling(interaction), bot.tables.lock(interaction.channel_id or 0):
        if channel is None or interaction.guild_id is None:
            raise PlayerError("Games are played in server channels and threads, not in DMs.")
        table = await bot.tables.open_lobby(
            interaction.channel_id or 0, interaction.guild_id, game_id, interaction.user.id
        )
        message = await channel.send(  # type: ignore[union-attr]
            f"{interaction.user.mention} opened a lobby for **{table.game.title}**.",
            embed=lobby_embed(table),
            view=lobby_view(table.row.id, table.game, table.row.options),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await bot.tables.remember_lobby_message(table, message.id)
        await answer(interaction, "Lobby opened. Press **Start** (or `/game start`) when ready.")


async def _refresh(channel: discord.abc.Messageable, table: Table, *, started: bool) -> None:
    if table.row.lobby_message_id is None:
        return
    message = channel.get_partial_message(table.row.lobby_message_id)  # type: ignore[attr-defined]
    if started:
        await message.edit(embed=lobby_embed(table, "Started."), view=None)
    else:
        await message.edit(
            embed=lobby_embed(table), view=lobby_view(table.row.id, table.game, table.row.options)
        )


async def lobby_op(interaction: discord.Interaction, op: str, game_id: int | None = None) -> None:
    bot = bot_of(interaction)
    channel = interaction.channel
    user = interaction.user.id
    async with handling(interaction), bot.tables.lock(interaction.channel_id or 0):
        table = await (
            bot.tables.require(interaction.channel_id or 0)
            if game_id is None
            else bot.tables.by_id(game_id)
        )
        if table is None or table.row.status not in ("lobby", "active"):
            raise PlayerError("That lobby is closed.")
        assert channel is not None
        if op == "join":
            table = await bot.tables.join(table, user)
            await _refresh(channel, table, started=False)  # type: ignore[arg-type]
            await answer(interaction, f"You joined {table.game.title}.")
        elif op == "leave":
            table = await bot.tables.leave(table, user)
            await _refresh(channel, table, started=False)  # type: ignore[arg-type]
            await answer(interaction, "You left the lobby.")
        elif op == "start":
            table = await bot.tables.start(table, user)
            await _refresh(channel, table, started=True)  # type: ignore[arg-type]
            await publish.announce_start(bot, channel, table)  # type: ignore[arg-type]
            await answer(interaction, "Started.")
        else:
            raise PlayerError(f"Unknown lobby action {op}.")


async def choose_option(
    interaction: discord.Interaction, game_id: int, name: str, text: str
) -> None:
    bot = bot_of(interaction)
    async with handling(interaction), bot.tables.lock(interaction.channel_id or 0):
        table = await bot.tables.by_id(game_id)
        if table is None or table.row.status != "lobby":
            raise PlayerError("Options can only be set while a lobby is open in this channel.")
        field = next((f for f in option_fields(table.game) if f.name == name), None)
        if field is None:
            raise PlayerError(f"{table.game.title} has no option called {name}.")
        try:
            value = field.parse(text)
        except ValueError as exc:
            raise PlayerError(str(exc)) from None
        table = await bot.tables.set_options(table, interaction.user.id, **{name: value})
        assert interaction.channel is not None
        await _refresh(interaction.channel, table, started=False)  # type: ignore[arg-type]
        await answer(interaction, f"{name.replace('_', ' ')} set to {value_label(value)}.")
