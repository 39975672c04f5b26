"""``StandIn``: the object end-to-end tests use to run the fake Discord and act as users."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from . import actions
from .interaction import InteractionRecord
from .model import ChannelRecord, MessageRecord, UserRecord, Violation, snowflake
from .server import Server
from .world import World

T = TypeVar("T")
ChannelLike = ChannelRecord | int


@dataclass(frozen=True)
class GuildInfo:
    """The single guild the bot sees; ``everyone_role_id`` equals the guild id, as on Discord."""

    id: int
    name: str
    owner_id: int
    bot_role_id: int

    @property
    def everyone_role_id(self) -> int:
        return self.id


class StandIn:
    """A loopback Discord: REST + gateway on 127.0.0.1, plus a user-side API for tests.

    Typical use::

        standin = StandIn(); await standin.start(); standin.patch_discord()
        alice = standin.add_user("alice"); general = standin.add_text_channel("general")
        ... start the bot with any token ...
        await standin.wait_ready()
        rec = await standin.slash(alice, general, "game", "new", game="nomb")
        await rec.done()
        assert standin.violations == []
    """

    def __init__(self, *, strict: bool = True, bot_name: str = "standin-bot") -> None:
        self.world = World(strict=strict, bot_name=bot_name)
        self.server = Server(self.world)
        self._saved: tuple[str, yarl.URL] | None = None

    # ----- lifecycle -----------------------------------------------------------------------

    async def start(self) -> None:
        await self.server.start()

    async def stop(self) -> None:
        self.unpatch_discord()
        await self.server.stop()

    async def __aenter__(self) -> StandIn:
        await self.start()
        self.patch_discord()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def patch_discord(self) -> None:
        """Point discord.py's REST base and default gateway at this server (process-wide)."""
        if self._saved is None:
            self._saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
        Route.BASE = self.server.api_base
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.server.gateway_url)

    def unpatch_discord(self) -> None:
        if self._saved is not None:
            Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def api_base(self) -> str:
        return self.server.api_base

    @property
    def gateway_url(self) -> str:
        return self.server.gateway_url

    # ----- the world -----------------------------------------------------------------------

    @property
    def guild(self) -> GuildInfo:
        w = self.world
        return GuildInfo(w.guild_id, w.guild_name, w.owner.id, w.bot_role_id)

    @property
    def bot(self) -> UserRecord:
        return self.world.bot

    @property
    def owner(self) -> UserRecord:
        """The guild owner (has every permission); also the application owner."""
        return self.world.owner

    def add_user(self, name: str) -> UserRecord:
        return self.world.add_user(name)

    def add_text_channel(self, name: str) -> ChannelRecord:
        return self.world.add_text_channel(name)

    def add_thread(
        self,
        channel: ChannelRecord,
        name: str,
        *,
        owner: UserRecord | None = None,
        private: bool = False,
    ) -> ChannelRecord:
        return self.world.add_thread(
            channel, name, owner_id=owner.id if owner else None, private=private
        )

    def close_dms(self, user: UserRecord) -> None:
        """From now on the bot's DMs to ``user`` fail with 403 / code 50007."""
        user.dms_open = False

    def open_dms(self, user: UserRecord) -> None:
        user.dms_open = True

    def dm_channel(self, user: UserRecord) -> ChannelRecord:
        return self.world.dm_channel(user)

    def channel(self, channel_id: int) -> ChannelRecord:
        return self.world.channels[channel_id]

    def commands(self, *, guild: bool | None = None) -> list[dict[str, Any]]:
        """Registered commands: guild ones, global ones (guild=False) or both (None)."""
        scopes: list[int | None] = {
            True: [self.world.guild_id],
            False: [None],
            None: [self.world.guild_id, None],
        }[guild]
        return [c for s in scopes for c in self.world.commands.get(s, [])]

    # ----- what the bot did ----------------------------------------------------------------

    def _cid(self, channel: ChannelLike) -> int:
        return channel.id if isinstance(channel, ChannelRecord) else int(channel)

    def messages(
        self, channel: ChannelLike, *, include_deleted: bool = False
    ) -> list[MessageRecord]:
        """Every non-ephemeral message posted in the channel, oldest first."""
        log = self.world.channel_log.get(self._cid(channel), [])
        return [m for m in log if include_deleted or not m.deleted]

    def dms(self, user: UserRecord) -> list[MessageRecord]:
        """Messages the bot posted in its DM channel with ``user`` (successful sends only)."""
        return self.messages(self.world.dm_channel(user))

    def ephemerals(self, user: UserRecord) -> list[MessageRecord]:
        """Ephemeral interaction replies and follow-ups only ``user`` saw, oldest first."""
        return [m for m in self.world.ephemeral_log.get(user.id, []) if not m.deleted]

    def message(self, message_id: int) -> MessageRecord:
        return self.world.messages[message_id]

    @property
    def interactions(self) -> list[InteractionRecord]:
        return list(self.world.interactions.values())

    @property
    def violations(self) -> list[Violation]:
        """Broken Discord limits and late first responses, in order."""
        return self.world.violations

    @property
    def unknown_routes(self) -> list[str]:
        """``METHOD /path`` of requests the stand-in has no route for (they got a 404)."""
        return self.world.unknown_routes

    @property
    def connections(self) -> int:
        """How many IDENTIFYs the gateway has seen (one per bot start)."""
        return self.server.gateway.identifies

    @property
    def connected(self) -> bool:
        return self.server.gateway.current is not None

    @property
    def errors(self) -> list[str]:
        """Exceptions inside the stand-in's own handlers (a stand-in bug, answered with 400)."""
        return self.world.errors

    def assert_clean(self) -> None:
        """No violations, unknown routes, stand-in errors or refused interaction calls."""
        assert not self.violations, [str(v) for v in self.violations]
        assert not self.unknown_routes, self.unknown_routes
        assert not self.errors, self.errors
        refused = {i.id: i.refused for i in self.interactions if i.refused}
        assert not refused, refused

    # ----- waiting -------------------------------------------------------------------------

    async def wait_until(
        self,
        predicate: Callable[[], T | None],
        *,
        timeout: float = 5.0,
        what: str = "condition",
        quiet: float = 0.0,
    ) -> T:
        """Return the first truthy ``predicate()``, re-checked whenever anything happens."""
        return await self.world.activity.wait_for(predicate, timeout, what, quiet=quiet)

    async def wait_idle(self, *, quiet: float = 0.1, timeout: float = 5.0) -> None:
        """Wait until no request has been in flight for ``quiet`` seconds."""
        await self.wait_until(lambda: True, timeout=timeout, what="idle", quiet=quiet)

    async def wait_for_messages(
        self, channel: ChannelLike, count: int, *, timeout: float = 5.0
    ) -> list[MessageRecord]:
        """Wait until the channel holds at least ``count`` messages; return them all."""

        def enough() -> list[MessageRecord] | None:
            msgs = self.messages(channel)
            return msgs if len(msgs) >= count else None

        return await self.wait_until(enough, timeout=timeout, what=f"{count} messages")

    async def wait_ready(self, *, timeout: float = 10.0, commands: bool = True) -> None:
        """Wait for an open gateway session that got its GUILD_CREATE (and, by default, for
        at least one command sync; commands persist across bot restarts, as on Discord)."""

        def ready() -> bool:
            synced = self.world.command_syncs > 0 or not commands
            return self.connected and synced

        await self.wait_until(ready, timeout=timeout, what="the bot to connect")

    async def wait_disconnected(self, *, timeout: float = 10.0) -> None:
        """Wait until no bot session is connected (after ``await bot.close()``)."""
        await self.wait_until(lambda: not self.connected, timeout=timeout, what="disconnect")

    async def reconnect(self) -> None:
        """Send op 7 RECONNECT to connected bots; they resume on a new socket."""
        await self.server.gateway.reconnect()

    # ----- acting as users -----------------------------------------------------------------

    def _send(self, payload: dict[str, Any], user: UserRecord) -> InteractionRecord:
        session = self.server.gateway.current
        if session is None:
            raise RuntimeError("no bot is connected to the stand-in gateway")
        rec = actions.record(self.world, payload, user)
        self.server.gateway.dispatch_to(session, "INTERACTION_CREATE", payload)
        return rec

    async def slash(
        self, user: UserRecord, channel: ChannelRecord, *path: str, **options: Any
    ) -> InteractionRecord:
        """Run ``/path[0] path[1:]...`` with options (UserRecord/ChannelRecord for snowflakes)."""
        data = actions.command_data(self.world, list(path), options)
        payload = actions.base_payload(self.world, actions.APPLICATION_COMMAND, user, channel, data)
        return self._send(payload, user)

    async def autocomplete(
        self,
        user: UserRecord,
        channel: ChannelRecord,
        path: list[str] | str,
        options: dict[str, Any] | None = None,
        *,
        focused: str,
        value: str = "",
        timeout: float = 3.0,
    ) -> list[dict[str, Any]]:
        """Type ``value`` into option ``focused``; return the bot's choices ``[{name, value}]``."""
        parts = [path] if isinstance(path, str) else list(path)
        data = actions.command_data(
            self.world, parts, dict(options or {}), focused=focused, focused_value=value
        )
        payload = actions.base_payload(self.world, actions.AUTOCOMPLETE, user, channel, data)
        rec = self._send(payload, user)
        await rec.answered(timeout)
        return list(rec.choices or [])

    async def click(
        self, user: UserRecord, message: MessageRecord, custom_id: str
    ) -> InteractionRecord:
        """Press the button ``custom_id`` on a recorded message (channel or ephemeral)."""
        return self._component(user, message, custom_id, None)

    async def select(
        self, user: UserRecord, message: MessageRecord, custom_id: str, values: list[str]
    ) -> InteractionRecord:
        """Pick ``values`` in the select menu ``custom_id`` on a recorded message."""
        return self._component(user, message, custom_id, values)

    def _component(
        self, user: UserRecord, message: MessageRecord, custom_id: str, values: list[str] | None
    ) -> InteractionRecord:
        if message.deleted:
            raise LookupError(f"message {message.id} was deleted")
        if message.ephemeral_for not in (None, user.id):
            raise PermissionError(f"{user.name} cannot see ephemeral message {message.id}")
        data = actions.component_data(message, custom_id, values)
        channel = self.world.channels[message.channel_id]
        payload = actions.base_payload(
            self.world, actions.COMPONENT, user, channel, data, message=message
        )
        return self._send(payload, user)

    async def submit_modal(
        self, user: UserRecord, source: InteractionRecord, values: dict[str, Any]
    ) -> InteractionRecord:
        """Submit the modal the bot opened in answer to ``source`` (values by custom_id)."""
        if source.modal is None:
            raise LookupError(f"interaction {source.id} was not answered with a modal")
        data = actions.modal_data(source.modal, values)
        channel = self.world.channels[source.channel_id]
        raw = source.payload.get("message")
        message = self.world.messages.get(int(raw["id"])) if raw else None
        payload = actions.base_payload(
            self.world, actions.MODAL_SUBMIT, user, channel, data, message=message
        )
        return self._send(payload, user)

    async def say(self, user: UserRecord, channel: ChannelRecord, content: str) -> MessageRecord:
        """Post a plain user message (dispatched as MESSAGE_CREATE)."""
        m = MessageRecord(snowflake(), channel.id, user.id, content=content)
        self.world.messages[m.id] = m
        self.world.apply_body(m, {}, [], ping=True)
        self.world.publish(m)
        return m


__all__ = ["GuildInfo", "StandIn"]
