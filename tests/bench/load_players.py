"""The players of `tests.bench.load`: one busy channel each, Not On My Block (2 players) or Bloc
by Bloc (4 players), seen from the loopback stand-in.

A move counts as shown when the channel shows something new: the first message the bot posts
there (or a deferred answer it fills in) or the first edit of one of its channel messages
after the command was sent. Private answers do not count: the table has not seen the move.
A refused command (the channel shows nothing) is counted apart and not timed.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any

from bot.table.model import Table
from bot.table.tables import Tables
from engine import ActionBase
from tests.bot.driver import seated
from tests.standin import ChannelRecord, StandIn, UserRecord
from tests.standin.model import MessageRecord

Policy = Callable[[Table], tuple[int, ActionBase]]
GAMES = {"not_on_my_block": 2, "bloc_by_bloc": 4}
"""The games mixed on the busy channels, with the players each seats."""
REFUSED_AFTER = 2.0
"""Seconds after the bot's answer with nothing new in the channel: the move was refused."""


class Watch:
    """Wakes the channel that waits for its move to show, on every message the stand-in's world
    publishes or edits in a channel (wraps the world's two methods that every such change goes
    through)."""

    def __init__(self, standin: StandIn) -> None:
        self.waiting: dict[int, asyncio.Future[float]] = {}
        world = standin.world
        publish, edit = world.publish, world.edit

        def published(m: MessageRecord) -> None:
            publish(m)
            self.shown(m)

        def edited(m: MessageRecord, *args: Any) -> MessageRecord:
            result = edit(m, *args)
            self.shown(m)
            return result

        world.publish = published  # type: ignore[method-assign]
        world.edit = edited  # type: ignore[method-assign]

    def shown(self, m: MessageRecord) -> None:
        if m.ephemeral_for is not None:
            return
        waiter = self.waiting.pop(m.channel_id, None)
        if waiter is not None and not waiter.done():
            waiter.set_result(time.monotonic())

    def expect(self, channel_id: int) -> asyncio.Future[float]:
        waiter: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.waiting[channel_id] = waiter
        return waiter


class Channel:
    """One busy channel: its players open a game, then think and move until told to stop,
    opening a new game when one ends."""

    def __init__(
        self,
        standin: StandIn,
        watch: Watch,
        tables: Tables,
        index: int,
        game: str,
        guild: int | None = None,
    ) -> None:
        self.standin = standin
        self.watch = watch
        self.tables = tables
        self.game = game
        self.channel: ChannelRecord = standin.add_text_channel(f"load-{index}", guild)
        self.users = [standin.add_user(f"p{index}-{n}") for n in range(GAMES[game])]
        self.by_id: dict[int, UserRecord] = {u.id: u for u in self.users}
        self.rnd = random.Random(index)
        self.policy = self._policy(index)
        self.latencies: list[float] = []
        self.refused = 0

    def _policy(self, index: int) -> Policy:
        """The table's seats played by the game's own players, from what each seat sees."""
        return seated(index)

    async def send(self, user: UserRecord, *path: str, **options: object) -> None:
        record = await self.standin.slash(user, self.channel, *path, **options)
        await record.done(timeout=60)

    async def open(self) -> None:
        await self.send(self.users[0], "game", "new", game=self.game)
        for user in self.users[1:]:
            await self.send(user, "game", "join")
        await self.send(self.users[0], "game", "start")
        self.policy = self._policy(self.rnd.randrange(1 << 30))

    async def play(self, until: float, think: tuple[float, float]) -> None:
        while time.monotonic() < until:
            await asyncio.sleep(self.rnd.uniform(*think))
            table = await self.tables.current(self.channel.id)
            if table is None or table.row.status != "active":
                await self.open()
                continue
            await self.move(table)

    async def move(self, table: Table) -> None:
        seat, action = self.policy(table)
        user = self.by_id[table.holder(seat)]
        data = action.model_dump(mode="json")
        shown = self.watch.expect(self.channel.id)
        sent = time.monotonic()
        button = self._button(table, seat, data)
        if button is not None:
            record = await self.standin.click(user, *button)
        else:
            fields = {k: v for k, v in data.items() if k != "kind" and v != ""}
            record = await self.standin.slash(
                user, self.channel, table.game.short_name, action.kind, **fields
            )

        async def answered() -> None:
            await record.done(timeout=60, quiet=0)
            await asyncio.sleep(REFUSED_AFTER)

        refused = asyncio.ensure_future(answered())
        await asyncio.wait({shown, refused}, return_when=asyncio.FIRST_COMPLETED)
        if shown.done():
            self.latencies.append(shown.result() - sent)
            await record.done(timeout=60, quiet=0)
        else:
            self.refused += 1
            self.watch.waiting.pop(self.channel.id, None)
        refused.cancel()

    def _button(
        self, table: Table, seat: int, data: dict[str, Any]
    ) -> tuple[MessageRecord, str] | None:
        """The channel message and button that play `data` with one click, as a player would
        press it, if the bot offers one."""
        prompt = table.prompts().get(seat)
        if prompt is None:
            return None
        labels = [c.label for c in prompt.choices if c.action == data]
        if not labels:
            return None
        prefix = f"choice:{table.row.id}:{seat}:"
        for message in reversed(self.standin.messages(self.channel)):
            for component in message.iter_components():
                custom_id = str(component.get("custom_id", ""))
                if component.get("label") == labels[0] and custom_id.startswith(prefix):
                    return message, custom_id
        return None
