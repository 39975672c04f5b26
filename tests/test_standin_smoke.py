"""Smoke test for the loopback Discord stand-in: a real discord.py bot logs in and plays along.

Covers a guild slash group with autocomplete, defer + follow-up with a file and a persistent
(DynamicItem) button, a DM that fails with 50007, and a bot restart after which the old button
still works.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import Route

from tests.standin import StandIn
from tests.standin.actions import record

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
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(9))
        await interaction.user.send("your hand: 3 cards", view=view)
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
        in_dm = await (await standin.click(alice, standin.dms(alice)[0], "join:9")).done()
        assert in_dm.reply is not None and in_dm.reply in standin.dms(alice)
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


class Extras(commands.Bot):
    """Exercises the less common routes: threads, selects, modals, edits, limits, RESUME."""

    def __init__(self, guild_id: int) -> None:
        super().__init__(
            command_prefix="!",
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions.none(),
            guild_ready_timeout=0.05,
            help_command=None,
        )
        self.guild = discord.Object(guild_id)
        self.errors: list[int] = []

    async def setup_hook(self) -> None:
        tree = self.tree

        @tree.command(name="extras", description="x", guild=self.guild)
        async def extras(interaction: discord.Interaction, target: discord.Member) -> None:
            await interaction.response.defer(ephemeral=True)
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            thread = await channel.create_thread(
                name="game-1", type=discord.ChannelType.public_thread
            )
            await thread.add_user(target)
            sent = await thread.send(
                f"{target.mention} and {interaction.user.mention}: pick",
                allowed_mentions=discord.AllowedMentions(users=[target]),
                view=Picker(),
            )
            await sent.edit(content="pick one")
            try:
                await thread.send("x" * 2001)
            except discord.HTTPException as exc:
                self.errors.append(exc.code)
            await interaction.edit_original_response(content=f"thread {thread.id}")

        @tree.command(name="ask", description="x", guild=self.guild)
        async def ask(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(Ask())

        await tree.sync(guild=self.guild)


class Picker(discord.ui.View):
    @discord.ui.select(
        custom_id="pick",
        options=[discord.SelectOption(label=s, value=s) for s in ("red", "blue")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}", view=None)


class Ask(discord.ui.Modal, title="Name?"):
    name = discord.ui.TextInput(label="Name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}")


async def test_threads_selects_modals_limits_and_resume(standin: StandIn) -> None:
    general = standin.add_text_channel("general")
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    bot = Extras(standin.guild.id)
    task = asyncio.create_task(bot.start("standin-token"))
    try:
        await standin.wait_ready()
        rec = await (await standin.slash(alice, general, "extras", target=bob)).done()
        assert rec.ephemeral and rec.reply is not None
        thread_id = int(rec.reply.content.split()[1])
        thread = standin.channel(thread_id)
        assert thread.parent_id == general.id and bob.id in thread.member_ids
        (post,) = standin.messages(thread)
        assert post.content == "pick one" and post.edited
        # the first version named both but allowed only bob; the edit pings nobody new
        assert post.history[0]["content"].startswith(f"<@{bob.id}> and <@{alice.id}>")
        assert post.pinged_ids == [bob.id] and post.mentioned_ids == []
        assert bot.errors == [50035]
        assert [v.rule for v in standin.violations] == ["content"]
        standin.violations.clear()

        picked = await (await standin.select(alice, post, "pick", ["blue"])).done()
        assert picked.response_type == 7 and post.content == "picked blue" and not post.components

        await standin.reconnect()  # op 7: the bot resumes on a new socket
        await standin.wait_until(lambda: standin.connected, what="resume")
        asked = await (await standin.slash(bob, thread, "ask")).answered()
        assert asked.type == 9
        (source,) = [i for i in standin.interactions if i.modal]
        said = await (await standin.submit_modal(bob, source, {"name": "Bob"})).done()
        assert said.reply is not None and said.reply.content == "hello Bob"
        assert standin.connections == 1
        standin.assert_clean()
    finally:
        await bot.close()
        await task


async def test_late_answers_and_limits_are_recorded(standin: StandIn) -> None:
    """Without a bot: drive the REST side directly, as discord.py would."""
    general = standin.add_text_channel("general")
    alice = standin.add_user("alice")
    standin.world.set_commands(standin.guild.id, [{"name": "ping", "description": "x"}])
    payload = {"id": "1", "token": "t", "type": 2, "channel_id": str(general.id), "data": {}}
    late = record(standin.world, payload, alice)
    late.created -= 4.0
    rows = [
        {"type": 1, "components": [{"type": 2, "style": 1, "custom_id": "x" * 101, "label": "a"}]}
    ] * 6
    async with aiohttp.ClientSession() as http:
        url = f"{Route.BASE}/interactions/1/t/callback?with_response=1"
        body = {"type": 4, "data": {"content": "hi", "components": rows}}
        async with http.post(url, json=body) as resp:
            assert resp.status == 400 and resp.headers["Content-Type"] == "application/json"
        async with http.post(url, json={"type": 4, "data": {"content": "hi"}}) as resp:
            assert resp.status == 200 and (await resp.json())["resource"]["type"] == 4
        async with http.get(f"{Route.BASE}/nope") as resp:
            assert resp.status == 404
    assert late.late and late.reply is not None and late.reply.content == "hi"
    rules = {v.rule for v in standin.violations}
    assert rules == {"components.rows", "custom_id", "custom_id.duplicate", "interaction.late"}
    assert standin.unknown_routes == ["GET /api/v10/nope"]
