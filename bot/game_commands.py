"""`/game ...`: everything that is the same whatever game the channel plays."""

from __future__ import annotations

import discord
from discord import app_commands

from bot import limits, present
from bot.interactions import answer, bot_of, handling
from bot.options import OptionField, option_fields, value_label
from bot.table import PlayerError
from bot.turns import NOT_POSTED
from engine.games import REGISTRY

GUILD_ONLY = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
"""Games live in server channels and threads: every command group declares it (`contexts`)."""


async def game_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    needle = current.lower()
    return [
        app_commands.Choice(name=game.title, value=game.id)
        for game in REGISTRY.values()
        if needle in game.title.lower() or needle in game.id
    ][: limits.CHOICES]


def may_manage(interaction: discord.Interaction, host_id: int | None) -> bool:
    """The host, or a member allowed to manage the channel, may steer a game from outside."""
    if interaction.user.id == host_id:
        return True
    return interaction.permissions.manage_channels


async def _lobby_fields(interaction: discord.Interaction) -> list[OptionField]:
    table = await bot_of(interaction).tables.current(interaction.channel_id or 0)
    if table is None or table.row.status != "lobby":
        return []
    return option_fields(table.game)


async def option_name_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(
            name=f"{f.name.replace('_', ' ')}: {f.description}"[: limits.CHOICE_NAME], value=f.name
        )
        for f in await _lobby_fields(interaction)
        if current.lower() in f.name
    ][: limits.CHOICES]


async def option_value_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    chosen = interaction.namespace.name
    field = next((f for f in await _lobby_fields(interaction) if f.name == chosen), None)
    if field is None:
        return []
    return [
        app_commands.Choice(
            name=value_label(v)[: limits.CHOICE_NAME], value=str(v)[: limits.CHOICE_NAME]
        )
        for v in field.values
        if current.lower() in str(v).lower()
    ][: limits.CHOICES]


class GameCommands(app_commands.Group, name="game", description="Start and manage board games"):
    def __init__(self) -> None:
        super().__init__(allowed_contexts=GUILD_ONLY)

    @app_commands.command(name="new", description="Open a lobby for a new game in this channel")
    @app_commands.describe(game="Which game to play")
    @app_commands.autocomplete(game=game_autocomplete)
    async def new(self, interaction: discord.Interaction, game: str) -> None:
        await bot_of(interaction).lobbies.open(interaction, game)

    @app_commands.command(name="option", description="Set a setup option in the lobby (host only)")
    @app_commands.describe(name="Which option", value="Its new value")
    @app_commands.autocomplete(name=option_name_autocomplete, value=option_value_autocomplete)
    async def option(self, interaction: discord.Interaction, name: str, value: str) -> None:
        bot = bot_of(interaction)
        table = await bot.tables.current(interaction.channel_id or 0)
        if table is None:
            async with handling(interaction):
                raise PlayerError("There is no lobby in this channel. Open one with `/game new`.")
            return
        await bot.lobbies.choose_option(interaction, table.row.id, name, value)

    @app_commands.command(name="join", description="Take a seat in this channel's lobby")
    async def join(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).lobbies.op(interaction, "join")

    @app_commands.command(name="leave", description="Leave this channel's lobby")
    async def leave(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).lobbies.op(interaction, "leave")

    @app_commands.command(name="start", description="Deal the seats and begin (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).lobbies.op(interaction, "start")

    @app_commands.command(name="board", description="Post the current board for everyone")
    async def board(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        async with handling(interaction):
            table = await bot.tables.require(interaction.channel_id or 0)
            if table.state is None:
                raise PlayerError("The game has not started yet.")
            status = table.game.status_text(table.state, None)
            assert interaction.channel is not None
            await interaction.channel.send(  # type: ignore[union-attr]
                status[: limits.MESSAGE],
                file=await bot.drawing.board(table),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            await answer(interaction, "Board posted.")

    @app_commands.command(name="status", description="Where the game stands and who must act")
    async def status(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        async with handling(interaction):
            table = await bot.tables.require(interaction.channel_id or 0)
            if table.state is None:
                text = present.lobby_text(table)
                await answer(interaction, f"**{text['title']}**\n{text['description']}")
                return
            seats = table.seats_of(interaction.user.id)
            lines = [f"**{table.game.title}**", present.seating(table), ""]
            last = await bot.store.last_narration(table.row.id)
            if last:
                lines += ["**Last move:** " + limits.clip(last, 600), ""]
            lines.append(table.game.status_text(table.state, seats[0] if seats else None))
            lines += [present.prompt_line(table, p) for p in table.prompts().values()]
            await answer(interaction, "\n".join(lines))

    @app_commands.command(name="hand", description="Your private information (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        async with handling(interaction):
            table = await bot.tables.require(interaction.channel_id or 0)
            seats = table.seats_of(interaction.user.id)
            if table.state is None or not seats:
                raise PlayerError("You hold no seat in a running game here.")
            parts = []
            for seat in seats:
                secret = table.game.hand_text(table.state, seat)
                name = table.state.seat_names[seat]
                parts.append(f"**{name}**: {secret or 'this game keeps nothing hidden from you.'}")
            await answer(interaction, "\n".join(parts))

    @app_commands.command(name="help", description="How to play with this bot")
    async def help(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        async with handling(interaction):
            table = await bot.tables.current(interaction.channel_id or 0)
            await answer(interaction, present.help_text(table, bot.action_commands))

    @app_commands.command(
        name="force", description="Apply the default to decisions nobody answered (host only)"
    )
    async def force(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        async with handling(interaction) as progress:
            async with bot.in_flight(), bot.tables.lock(interaction.channel_id or 0):
                table = await bot.tables.require(interaction.channel_id or 0)
                if not may_manage(interaction, table.row.host_id):
                    raise PlayerError("Only the host or someone with Manage Channels can force.")
                if not bot.tables.forceable(table):
                    raise PlayerError("No decision with a default is waiting.")
                count = await bot.turns.force(
                    table, f"⏩ {interaction.user.mention} forced a waiting decision.", progress
                )
            posted = await bot.publisher.publish(table.row.id)
            text = f"Applied {count} default(s)."
            await answer(interaction, text if posted else f"{text} {NOT_POSTED}")

    @app_commands.command(name="abandon", description="End this channel's game without a result")
    async def abandon(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).lobbies.abandon(
            interaction, can_manage=may_manage(interaction, None)
        )
