"""Runs the real bot against the loopback stand-in and plays as users, the way people would.

Used by the end-to-end tests and by the demo (`python -m tests.demo`).
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.config import Settings
from bot.discord.app import GameBot
from bot.discord.interactions import WORKING
from bot.table import binding, limits, posts, timelapse
from bot.table.binding import DECISION
from bot.table.model import Table
from bot.table.speech import table_language
from engine.messages import say
from tests.standin import ChannelRecord, InteractionRecord, MessageRecord, StandIn, UserRecord

STEP_TIMEOUT = 20.0


class QuickSettings(Settings):
    """Settings whose sweeps may run every fraction of a second, so a test waits for less."""

    shortest_interval = 0.01


class Session:
    """A stand-in server, one channel, and the bot, which can be restarted on the same database."""

    def __init__(self, database: Path, channel_name: str = "games", **settings: Any) -> None:
        self.database = database
        self.settings = {
            "decision_deadline_hours": 0,
            "render_workers": 0,
            "timelapse_frames": 4,
            **settings,
        }
        """Bot settings for this session; deadlines are off unless a test turns them on,
        boards are drawn in a thread (the process pool is the child-process suites' to show),
        and a finished game's timelapse has a few frames, so that drawing it in that thread
        neither slows a whole game's test nor holds up the bot's event loop."""
        self.standin = StandIn(server_error_backoff=0.01)
        """Server errors are retried quickly, so an outage takes a fraction of a second."""
        self.channel_name = channel_name
        self.bot: GameBot | None = None
        self._task: asyncio.Task[None] | None = None
        self.channel: ChannelRecord
        self.game_id = 0
        self.now = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
        """The bot's clock for reminders and limits: it stands still until a test moves it."""

    async def __aenter__(self) -> Session:
        await self.standin.start()
        self.standin.patch_discord()
        self.channel = self.standin.add_text_channel(self.channel_name)
        await self.start_bot()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop_bot()
        await self.standin.stop()

    async def start_bot(self) -> None:
        settings = QuickSettings(
            discord_token="standin-token",
            database_path=self.database,
            guild_ids=[self.standin.guild.id],
            **self.settings,
        )
        self.bot = GameBot(settings)
        self.bot.tables.clock = lambda: self.now
        self._task = asyncio.create_task(self.bot.start("standin-token"))
        await self.standin.wait_ready(timeout=STEP_TIMEOUT)

    async def stop_bot(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        if self._task is not None:
            await self._task
        self.bot = self._task = None
        await self.standin.wait_disconnected()

    async def restart(self) -> None:
        await self.stop_bot()
        await self.start_bot()

    async def restart_unchanged(self) -> None:
        """Restart the bot and check the table comes back as it was: the same state at the
        same version."""
        before = await self.table()
        await self.restart()
        after = await self.table()
        assert after.state == before.state and after.row.version == before.row.version

    async def advance(self, hours: float) -> int:
        """Move the clock on and run the due sweep once, as the bot's loop would; how many
        waits it handled."""
        self.now += timedelta(hours=hours)
        assert self.bot is not None
        return await self.bot.due_sweep.sweep()

    async def confirm(self, user: UserRecord, *path: str, **options: Any) -> str:
        """Run a command that asks for confirmation and press its Confirm button; the answer
        it ends with (the refusal, if it never offered the button)."""
        asked = await self.command(user, *path, **options)
        message = asked.reply
        assert message is not None, f"no answer to /{' '.join(path)}"
        if "Confirm" not in str(message.components):
            return message.content
        await self.click(user, message, "Confirm")
        return self.standin.message(message.id).content

    def user(self, name: str) -> UserRecord:
        return self.standin.add_user(name)

    async def table(self) -> Table:
        assert self.bot is not None
        table = await self.bot.tables.current(self.channel.id)
        assert table is not None, "no game in the channel"
        return table

    async def command(self, user: UserRecord, *path: str, **options: Any) -> InteractionRecord:
        record = await self.standin.slash(user, self.channel, *path, **options)
        return await record.done(timeout=STEP_TIMEOUT)

    async def press(
        self, user: UserRecord, message: MessageRecord, custom_suffix: str
    ) -> InteractionRecord:
        """Click the button whose custom id ends with `custom_suffix` (":start", ":submit"),
        whatever language its label is in."""
        button = next(
            b
            for b in message.iter_components()
            if b.get("type") == 2 and str(b.get("custom_id", "")).endswith(custom_suffix)
        )
        return await self.click(user, message, str(button["label"]))

    async def click(
        self, user: UserRecord, message: MessageRecord, label: str
    ) -> InteractionRecord:
        button = message.find_button(label)
        record = await self.standin.click(user, message, button["custom_id"])
        await record.done(timeout=STEP_TIMEOUT)
        # A button answered in place shows that it is working until its answer replaces it.
        await self.standin.wait_until(
            lambda: not self.standin.message(message.id).content.startswith(WORKING),
            timeout=STEP_TIMEOUT,
            what="the clicked message to show its answer",
        )
        return record

    async def offered(
        self,
        user: UserRecord,
        path: list[str],
        filled: dict[str, Any],
        focused: str,
        typed: str = "",
    ) -> list[Any]:
        """The values autocomplete suggests while the user has typed `typed` into `focused`."""
        choices = await self.standin.autocomplete(
            user, self.channel, path, filled, focused=focused, value=typed
        )
        return [c["value"] for c in choices]

    async def picked(
        self, user: UserRecord, group: str, kind: str, **fields: Any
    ) -> dict[str, Any]:
        """The options as the user sends them, picked from autocomplete (`pick`)."""
        return await pick(self.standin, user, self.channel, [group, kind], fields)

    async def play(self, user: UserRecord, group: str, kind: str, **fields: Any) -> str:
        """Send the command with its options picked from autocomplete (`picked`)."""
        filled = await self.picked(user, group, kind, **fields)
        record = await self.command(user, group, kind, **filled)
        return reply_text(record)

    async def open_game(
        self,
        game: str,
        host: UserRecord,
        *others: UserRecord,
        seed: int | None = None,
        **options: str,
    ) -> dict[int, UserRecord]:
        """Open a lobby, let the others join with the button, pick options, start with the button.

        Returns the players by their Discord user id.
        """
        await self.command(host, "game", "new", game=game)
        lobby = self.posts()[-1]
        for user in others:
            await self.press(user, lobby, ":join")
        for name, value in options.items():
            lobby = self.standin.message(lobby.id)
            custom_id = next(c for c in lobby.custom_ids if c.endswith(f":{name}"))
            record = await self.standin.select(host, lobby, custom_id, [value])
            await record.done(timeout=STEP_TIMEOUT)
        if seed is not None:
            assert self.bot is not None
            self.bot.tables.seed_source = lambda: seed
        await self.press(host, self.standin.message(lobby.id), ":start")
        self.game_id = (await self.table()).row.id
        return {u.id: u for u in (host, *others)}

    def posts(self) -> list[MessageRecord]:
        return [m for m in self.standin.messages(self.channel) if not m.ephemeral]


async def game_end(session: Session, *, drawn: bool = True) -> tuple[MessageRecord, MessageRecord]:
    """The channel's finished game as its players saw it close: its end (result, pings, last
    board), then right after it the timelapse in a message of its own, checked here: the line in
    the table's language with the picture attached (`drawn`; else the line saying it could not
    be drawn, with no picture), nothing to press, nobody pinged. The end does not wait for the
    timelapse to be drawn, so the timelapse is waited for."""
    assert session.bot is not None
    row = await session.bot.store.latest_game(session.channel.id, finished=True)
    assert row is not None, "no finished game in the channel"
    lines = {
        True: say(posts.TIMELAPSE, table_language(row)),
        False: say(posts.TIMELAPSE_MISSING, table_language(row)),
    }
    await session.standin.wait_until(
        lambda: session.posts()[-1].content in lines.values(),
        timeout=STEP_TIMEOUT,
        what="the game's timelapse after its end",
    )
    *_, end, lapse = session.posts()
    assert lapse.content == lines[drawn], lapse.content
    assert [a.filename for a in lapse.attachments] == ([timelapse.NAME] if drawn else [])
    assert lapse.components == [] and lapse.embeds == []
    assert lapse.mentioned_ids == [] and lapse.pinged_ids == []
    assert not lapse.pinged_everyone and lapse.pinged_role_ids == []
    assert not any(line in end.content for line in lines.values())
    assert timelapse.NAME not in [a.filename for a in end.attachments]
    return end, lapse


def whole_post(session: Session, message: MessageRecord) -> list[MessageRecord]:
    """The channel's messages of the one post `message` belongs to, in order: a post too long
    for one message (a long game's end) is cut in several, sent with nonces `post.part`."""
    post = (message.nonce or "").split(".")[0]
    assert post, "a message the bot sent carries its post's nonce"
    return [m for m in session.posts() if (m.nonce or "").split(".")[0] == post]


BINDING_OPTIONS = (DECISION, "sheet")
"""Options that only name the decision a command answers (`bot.table.binding`)."""


TYPED_BY_HAND = limits.CHOICE_NAME - len(binding.bind(binding.Mark(10**12, 9, 10**6, 10**6), ""))
"""Values longer than this cannot be suggested with their decision's mark (Discord's 100
characters): a player types them (a long list of units, say), and they are sent unmarked."""


async def pick(
    standin: StandIn, user: UserRecord, channel: ChannelRecord, path: list[str], fields: dict
) -> dict[str, Any]:
    """Type each field and pick it from autocomplete (it must be offered): the options as
    Discord sends them, each value marked with the decision it was offered for. A command sent
    with no field names its decision through its binding option, when it has one."""
    filled: dict[str, Any] = {}
    for name, value in fields.items():
        choices = await standin.autocomplete(
            user, channel, path, filled, focused=name, value=str(value)
        )
        found = [c["value"] for c in choices if binding.bare(c["value"]) == str(value)]
        if not found and len(str(value)) > TYPED_BY_HAND:
            filled[name] = str(value)  # longer than a suggestion may be: the player types it
            continue
        assert found, f"/{' '.join(path)} {name}={value!r} not offered: {choices}"
        filled[name] = found[0]
    if not fields:
        for option in set(BINDING_OPTIONS) & set(option_names(standin, path)):
            choices = await standin.autocomplete(user, channel, path, {}, focused=option)
            filled.update({option: choices[0]["value"]} if choices else {})
    return filled


def option_names(standin: StandIn, path: list[str]) -> list[str]:
    """The options of a registered (sub)command, as Discord holds them."""
    command = standin.world.find_command(path[0])
    assert command is not None, f"/{path[0]} is not registered"
    specs = command.get("options") or []
    for name in path[1:]:
        specs = next(o for o in specs if o["name"] == name).get("options") or []
    return [o["name"] for o in specs]


def reply_text(record: InteractionRecord) -> str:
    reply = record.reply
    return "" if reply is None else reply.content
