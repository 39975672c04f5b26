"""The Discord client: wires storage, tables, commands and persistent buttons together."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands

from bot import deadlines
from bot.action_commands import build_group
from bot.buttons import ChoiceButton, LobbyButton, OptionSelect
from bot.config import Settings
from bot.game_commands import GameCommands
from bot.storage import SqliteStore
from bot.tables import Tables
from engine.games import REGISTRY

log = logging.getLogger(__name__)


class GameBot(discord.Client):
    def __init__(self, settings: Settings, store: SqliteStore | None = None) -> None:
        intents = discord.Intents.default()
        super().__init__(
            intents=intents,
            allowed_mentions=discord.AllowedMentions.none(),
            chunk_guilds_at_startup=False,
        )
        self.settings = settings
        self.store = store or SqliteStore(settings.database_path)
        self.tables = Tables(self.store)
        self._deadlines: asyncio.Task[None] | None = None
        self.button_messages: dict[int, list[discord.Message]] = {}
        """Per channel, the bot's messages whose buttons are the current ones."""
        self.dm_failures_told: set[tuple[int, int]] = set()
        """(game, user) pairs already told in the channel that their DMs are closed."""
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self.on_tree_error  # type: ignore[method-assign]
        self.tree.add_command(GameCommands())
        self.action_commands: dict[str, list[tuple[str, str]]] = {}
        for game in REGISTRY.values():
            group = build_group(game)
            self.tree.add_command(group)
            self.action_commands[group.name] = [(c.name, c.description) for c in group.commands]

    async def setup_hook(self) -> None:
        await self.store.open()
        self.add_dynamic_items(LobbyButton, ChoiceButton, OptionSelect)
        self._deadlines = asyncio.create_task(deadlines.run(self), name="deadlines")
        if self.settings.guild_ids:
            for guild_id in self.settings.guild_ids:
                guild = discord.Object(id=guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        log.info("commands synced for %s", self.settings.guild_ids or "all guilds")

    async def close(self) -> None:
        if self._deadlines is not None:
            self._deadlines.cancel()
        await super().close()
        await self.store.aclose()

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))

    async def on_tree_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        log.error("command error in channel %s", interaction.channel_id, exc_info=error)
        text = "Sorry, something went wrong on my side; nothing was changed."
        if isinstance(error, app_commands.TransformerError | app_commands.CheckFailure):
            text = f"⚠️ {error}"
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
