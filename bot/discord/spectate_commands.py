"""`/game spectate` and `/game timelapse`: a game's spectator page link, and its timelapse.

The link opens the page `bot.web` serves (when the admin set `WEB_PORT` and `WEB_BASE_URL`):
anyone in the channel may ask for it, since it shows only what the channel sees; its host may
replace it (the old link stops working at once) or turn the page off. A finished game keeps
its link. Both answers are private: whoever asked decides where to share them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord.interactions import answer, handling, reader
from bot.discord.record_commands import shown_game
from bot.table.model import PlayerError, Table
from bot.table.spectate import new_token
from engine.games import REGISTRY
from engine.messages import m, say

if TYPE_CHECKING:
    from bot.discord.app import GameBot

WEB_OFF = m("bot.spectate.web_off")
HOST_ONLY = m("bot.spectate.host_only")
TURNED_OFF = m("bot.spectate.turned_off")
NOW_OFF = m("bot.spectate.now_off")
NOT_FINISHED = m("bot.spectate.not_finished")


@app_commands.command(name="spectate", description="A web page to watch this game (a link)")
@app_commands.describe(link="Show the link (default), make a new one, or turn the page off (host)")
@app_commands.choices(
    link=[
        app_commands.Choice(name="show the link", value="show"),
        app_commands.Choice(name="make a new link; the old one stops working (host)", value="new"),
        app_commands.Choice(name="turn the page off (host)", value="off"),
    ]
)
async def spectate_command(interaction: discord.Interaction[GameBot], link: str = "show") -> None:
    bot = interaction.client
    async with handling(interaction):
        base = bot.settings.web_base_url
        if bot.site is None or base is None:
            raise PlayerError(WEB_OFF)
        row, game = await shown_game(bot.store, interaction.channel_id or 0)
        if link in ("new", "off") and interaction.user.id != row.host_id:
            raise PlayerError(HOST_ONLY)
        if link == "off":
            await bot.store.set_spectator_link(row.id, None)
            await answer(interaction, NOW_OFF)
            return
        exists, token = await bot.store.spectator_link(row.id)
        if link == "new" or not exists:
            token = new_token()
            await bot.store.set_spectator_link(row.id, token)
        if token is None:
            raise PlayerError(TURNED_OFF)
        await answer(interaction, m("bot.spectate.shown", game=game.title, url=f"{base}/s/{token}"))


@app_commands.command(name="timelapse", description="The channel's finished game, step by step")
async def timelapse_command(interaction: discord.Interaction[GameBot]) -> None:
    bot = interaction.client
    async with handling(interaction):
        row = await bot.store.latest_game(interaction.channel_id or 0, finished=True)
        game = None if row is None else REGISTRY.get(row.game)
        if row is None or game is None:  # a game no longer installed has nothing to draw
            raise PlayerError(NOT_FINISHED)
        table = Table(row=row, game=game, state=None)
        picture = await bot.drawing.timelapse(table, await bot.store.action_log(row.id))
        if picture is None:
            raise PlayerError(m("bot.spectate.no_timelapse"))
        await interaction.edit_original_response(
            content=say(m("bot.spectate.timelapse", game=game.title), reader(interaction)),
            attachments=[picture],
            allowed_mentions=discord.AllowedMentions.none(),
        )
