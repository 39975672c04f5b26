"""Smoke test for the loopback Discord stand-in: a real discord.py bot logs in and plays along.

Covers a guild slash group with autocomplete, defer + follow-up with a file and a persistent
(DynamicItem) button, a DM that fails with 50007, and a bot restart after which the old button
still works.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator

import discord
import pytest
from discord import app_commands
from discord.ext import commands

try:  # repository root on sys.path (tests is a package or rootdir conftest)
    from tests.standin import StandIn
except ImportError:  # pytest's default rootdir-less import puts tests/ itself on sys.path
    from standin import StandIn  # type: ignore[no-redef]

PIECES = ["R1", "R2", "B1", "B2"]
PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 64


class JoinButton(discord.ui.DynamicItem[discord.ui.Button], template=r"join:(?P<game>\d+)"):
    """A button whose state lives in its custom_id, so it survives restarts."""

    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(label="Join", custom_id=f"join:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> JoinButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        user = interaction.user
        await interaction.response.send_message(
            f"{user.mention} joined game {self.game}",
            allowed_mentions=discord.AllowedMentions(users=[user]),
        )


game = app_commands.Group(name="game", description="Games")


@game.command(name="move", description="Move a piece")
async def move(interaction: discord.Interaction, piece: str, steps: int = 1) -> None:
    await interaction.response.send_message(f"moved {piece} by {steps}", ephemeral=True)


@move.autocomplete("piece")
async def piece_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=p, value=p) for p in PIECES if p.startswith(current.upper())]


@app_commands.command(name="board", description="Show the board")
async def board(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(7))
    await interaction.followup.send(
        "board", file=discord.File(__import__("io").BytesIO(PNG), "board.png"), view=view
    )


@app_commands.command(name="hand", description="DM me my hand")
async def hand(interaction: discord.Interaction) -> None:
    bot = interaction.client
    assert isinstance(bot, SmokeBot)
    try:
        await interaction.user.send("your hand: 3 cards")
    except discord.Forbidden as exc:
        bot.dm_errors.append(exc.code)
        await interaction.response.send_message("open your DMs", ephemeral=True)
    else:
        await interaction.response.send_message("sent by DM", ephemeral=True)


class SmokeBot(commands.Bot):
    def __init__(self, guild_id: int) -> None:
        super().__init__(
            command_prefix="!",
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions.none(),
            guild_ready_timeout=0.05,
            help_command=None,
        )
        self.guild = discord.Object(guild_id)
        self.dm_errors: list[int] = []

    async def setup_hook(self) -> None:
        for command in (game, board, hand):
            self.tree.add_command(command, guild=self.guild)
        self.add_dynamic_items(JoinButton)
        await self.tree.sync(guild=self.guild)


async def start_bot(standin: StandIn) -> tuple[SmokeBot, asyncio.Task[None]]:
    bot = SmokeBot(standin.guild.id)
    task = asyncio.create_task(bot.start("standin-token"))
    await standin.wait_ready()
    return bot, task


async def stop_bot(bot: SmokeBot, task: asyncio.Task[None]) -> None:
    await bot.close()
    await task


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    async with StandIn() as s:
        yield s


async def test_bot_round_trip_and_restart(standin: StandIn) -> None:
    general = standin.add_text_channel("general")
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    standin.close_dms(bob)
    bot, task = await start_bot(standin)
    try:
        assert {c["name"] for c in standin.commands(guild=True)} == {"game", "board", "hand"}

        choices = await standin.autocomplete(
            alice, general, ["game", "move"], focused="piece", value="r"
        )
        assert [c["value"] for c in choices] == ["R1", "R2"]

        moved = await (
            await standin.slash(alice, general, "game", "move", piece="R1", steps=2)
        ).done()
        assert moved.ephemeral and moved.reply is not None
        assert moved.reply.content == "moved R1 by 2"
        assert standin.ephemerals(alice) == [moved.reply]

        shown = await (await standin.slash(alice, general, "board")).done()
        assert shown.response_type == 5 and not shown.late
        post = shown.reply
        assert post is not None and standin.messages(general) == [post]
        assert post.attachments[0].filename == "board.png" and post.attachments[0].data == PNG
        assert post.custom_ids == ["join:7"]

        joined = await (await standin.click(alice, post, "join:7")).done()
        assert joined.reply is not None and joined.reply.content.endswith("joined game 7")
        assert joined.reply.pinged_ids == [alice.id]

        await (await standin.slash(alice, general, "hand")).done()
        assert [m.content for m in standin.dms(alice)] == ["your hand: 3 cards"]
        await (await standin.slash(bob, general, "hand")).done()
        assert bot.dm_errors == [50007]
        assert standin.dms(bob) == []
        assert [m.content for m in standin.ephemerals(bob)] == ["open your DMs"]
    finally:
        await stop_bot(bot, task)

    await standin.wait_disconnected()
    bot, task = await start_bot(standin)
    try:
        assert standin.connections == 2
        again = await (await standin.click(bob, post, "join:7")).done()
        assert again.reply is not None and again.reply.pinged_ids == [bob.id]
    finally:
        await stop_bot(bot, task)
    standin.assert_clean()
