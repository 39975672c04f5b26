"""``StandIn``: the object end-to-end tests use to run the fake Discord and act as users."""

from __future__ import annotations

import copy
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import discord

from . import actions, discordpatch, permissions
from .faults import Fault
from .interaction import InteractionRecord
from .model import ChannelRecord, MessageRecord, UserRecord, Violation, snowflake
from .server import Server
from .world import NONCE_WINDOW_S, World

REPO_ROOT = Path(__file__).resolve().parents[2]

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

    def __init__(
        self,
        *,
        strict: bool = True,
        bot_name: str = "standin-bot",
        nonce_window: float = NONCE_WINDOW_S,
        server_error_backoff: float = 1.0,
    ) -> None:
        """``nonce_window``: seconds within which ``enforce_nonce`` returns the earlier message
        (Discord says "a few minutes"; 0 turns dedupe off). ``server_error_backoff`` scales
        discord.py's 1 + 2n s sleeps between retries of 500/502/504/524 in this process and in
        children (1.0 = real timing; 0.01 makes "Discord keeps failing" take 0.25 s)."""
        self.world = World(strict=strict, bot_name=bot_name, nonce_window=nonce_window)
        self.server = Server(self.world)
        self.server_error_backoff = server_error_backoff
        self._restore: Callable[[], None] | None = None

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
        self.unpatch_discord()
        self._restore = discordpatch.patch(
            self.api_base, self.gateway_url, backoff=self.server_error_backoff
        )

    def unpatch_discord(self) -> None:
        if self._restore is not None:
            self._restore()
            self._restore = None

    def child_env(self, base: Mapping[str, str] | None = None) -> dict[str, str]:
        """Environment for a child process running ``child_argv``: ``base`` (default: this
        process's environment) plus the stand-in's API base and gateway URL, the back-off
        scale, and the repository on ``PYTHONPATH`` so ``tests.standin.child`` imports."""
        env = dict(os.environ if base is None else base)
        env.update(
            discordpatch.env(self.api_base, self.gateway_url, backoff=self.server_error_backoff)
        )
        paths = [str(REPO_ROOT), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
        env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
        return env

    def child_argv(self, *target: str) -> list[str]:
        """argv running ``target`` against the stand-in in a child: ``child_argv("-m", "bot")``
        is ``python -m bot``; also ``("-c", code)`` or ``(script, args...)``. Use with
        ``child_env()``. The child is an ordinary process: SIGKILL it whenever a test needs to."""
        return [sys.executable, "-m", "tests.standin.child", *target]

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

    def add_guild(self, name: str, shard: tuple[int, int] | None = None) -> int:
        """Another guild the bot is in, on `shard` = (shard id, count) if given; its id."""
        return self.world.add_guild(name, shard)

    def add_text_channel(self, name: str, guild_id: int | None = None) -> ChannelRecord:
        """A text channel in the first guild, or in the one `guild_id` names."""
        return self.world.add_text_channel(name, guild_id)

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

    def delete_channel(self, channel: ChannelRecord) -> None:
        """Delete a text channel (with its threads) or a thread, as a moderator would.

        Connected bots get CHANNEL_DELETE / THREAD_DELETE; every later request on it, interaction
        answers from it included, is 404 / 10003 Unknown Channel, and test users can no longer
        start interactions there (LookupError)."""
        self.world.delete_channel(channel)

    def delete_message(self, message: MessageRecord) -> None:
        """Delete a message as a user or moderator would (e.g. someone removes a lobby post).

        Bots get MESSAGE_DELETE (unless it was ephemeral); later edits, fetches and follow-up
        edits of it answer 404 / 10008 Unknown Message."""
        if message.deleted:
            raise LookupError(f"message {message.id} is already deleted")
        self.world.delete(message)

    def revoke(self, channel: ChannelRecord, *names: str) -> None:
        """Deny the bot permissions in a text channel, and so in its threads, by overwrite
        (threads have no overwrites of their own: ValueError for a thread or a DM).

        Names as discord.py spells them: ``send_messages``, ``attach_files``, ``embed_links``,
        ``view_channel``, ``send_messages_in_threads``, ``read_message_history``... Posting
        without the right to send answers 403 / 50013 (files without ``attach_files`` too;
        anything without ``view_channel`` is 403 / 50001 Missing Access); embeds without
        ``embed_links`` are dropped silently, as Discord does. Interactions from the channel
        carry the reduced ``app_permissions``, and bots get a CHANNEL_UPDATE with the overwrite.
        """
        self.world.set_bot_denied(channel, channel.bot_denied | permissions.bits(names))

    def restore(self, channel: ChannelRecord, *names: str) -> None:
        """Undo ``revoke`` for ``names`` (all of them when none are given)."""
        gone = permissions.bits(names) if names else channel.bot_denied
        self.world.set_bot_denied(channel, channel.bot_denied & ~gone)

    def bot_permissions(self, channel: ChannelRecord) -> discord.Permissions:
        """The bot's effective permissions in ``channel`` (what ``app_permissions`` says)."""
        return discord.Permissions(self.world.bot_permissions(channel))

    @property
    def nonce_window(self) -> float:
        """Seconds within which a repeated ``enforce_nonce`` returns the earlier message."""
        return self.world.nonce_window

    @nonce_window.setter
    def nonce_window(self, seconds: float) -> None:
        self.world.nonce_window = seconds

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

    # ----- making Discord misbehave --------------------------------------------------------

    def fail(
        self,
        method: str,
        path: str | re.Pattern[str],
        *,
        status: int | None = None,
        code: int = 0,
        message: str = "",
        times: int | None = 1,
        retry_after: float | None = None,
        hang: float | None = None,
        takes_effect: bool = False,
    ) -> Fault:
        """Make matching REST requests fail, stall, or both; returns the ``Fault`` to inspect.

        ``method`` is an HTTP method or ``"*"``. ``path`` is a glob (fnmatch, ``*`` also
        crosses ``/``) or a compiled regex over the path under ``/api/v10``, e.g.
        ``f"/channels/{ch.id}/messages"``, ``"/channels/*/messages"``,
        ``"/interactions/*/callback"``, ``"/webhooks/*/messages/@original"`` (interaction
        routes included). ``status``/``code``/``message`` form the Discord error answer;
        ``times`` requests are caught (``None``: until cleared). A 429 carries ``retry_after``
        (default 0.05 s) in the body and the ``Retry-After``/``X-RateLimit-*``/``Via`` headers,
        so discord.py waits and retries it as it would on Discord. ``hang`` holds the request
        that many seconds (less if the client hangs up) before answering; ``takes_effect``
        carries the request out first, so the effect exists although the client sees the
        error or nothing. Faults never count as stand-in errors or violations.
        """
        fault = Fault(
            method,
            path,
            status=status,
            code=code,
            message=message,
            times=times,
            retry_after=retry_after,
            hang=hang,
            takes_effect=takes_effect,
        )
        self.world.faults.append(fault)
        return fault

    def hang(
        self,
        method: str,
        path: str | re.Pattern[str],
        seconds: float,
        *,
        times: int | None = 1,
        takes_effect: bool = False,
    ) -> Fault:
        """``fail`` with only a hang: matching requests are answered normally, late (or never,
        if the client gives up first; with ``takes_effect`` they happen regardless)."""
        return self.fail(method, path, hang=seconds, times=times, takes_effect=takes_effect)

    @property
    def faults(self) -> list[Fault]:
        """Every fault added since the last ``clear_faults``, used up or not."""
        return list(self.world.faults)

    def clear_faults(self, faults: Iterable[Fault] | None = None) -> None:
        """Stop the given faults, or every fault when ``faults`` is None (requests already held
        finish as they started). Naming them lets two lanes of play on one stand-in each stop
        only the faults they set."""
        chosen = list(self.world.faults if faults is None else faults)
        for fault in chosen:
            fault.clear()
        self.world.faults[:] = [f for f in self.world.faults if f not in chosen]

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

    def shard_connected(self, shard: int) -> bool:
        """A ready session of a sharded bot runs `shard` (any shard's number counts)."""
        gateway = self.server.gateway
        return any(s.open and s.ready and s.shard and s.shard[0] == shard for s in gateway.sessions)

    def interactions_sent_to(self, shard: int) -> int:
        """How many interactions the gateway sent to sessions of `shard`."""
        return sum(
            1
            for s in self.server.gateway.sessions
            if s.shard and s.shard[0] == shard
            for frame in s.sent
            if frame["t"] == "INTERACTION_CREATE"
        )

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
        guild = payload.get("guild_id")
        session = self.server.gateway.serving(None if guild is None else int(guild))
        if session is None:
            raise RuntimeError("no bot is connected to the stand-in gateway for that shard")
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

    async def click_stale(
        self, user: UserRecord, seen: MessageRecord, custom_id: str
    ) -> InteractionRecord:
        """Press the button ``custom_id`` as a client still shows it on ``seen``, an earlier
        copy of a message the bot has edited since (a double press, a client behind on the
        edit). As on Discord, the interaction carries the message as it is now, which may no
        longer hold that button."""
        return self._component(user, seen, custom_id, None, now=self.world.messages[seen.id])

    async def click_forged(
        self, user: UserRecord, message: MessageRecord, custom_id: str
    ) -> InteractionRecord:
        """Press a button ``custom_id`` that ``message`` never carried, as a hand-made payload
        would: the interaction names the real message, but the copy of it that it carries
        shows that button in place of the message's first one (or as its only one)."""
        forged = copy.deepcopy(self.world.messages[message.id])
        buttons = [c for c in forged.iter_components() if c.get("type") == 2]
        if buttons:
            buttons[0]["custom_id"] = custom_id
        else:
            button = {"type": 2, "style": 2, "label": "…", "custom_id": custom_id}
            forged.components.append({"type": 1, "components": [button]})
        return self._component(user, forged, custom_id, None)

    def _component(
        self,
        user: UserRecord,
        message: MessageRecord,
        custom_id: str,
        values: list[str] | None,
        now: MessageRecord | None = None,
    ) -> InteractionRecord:
        if message.deleted or (now is not None and now.deleted):
            raise LookupError(f"message {message.id} was deleted")
        if message.ephemeral_for not in (None, user.id):
            raise PermissionError(f"{user.name} cannot see ephemeral message {message.id}")
        data = actions.component_data(message, custom_id, values)
        channel = self.world.channels[message.channel_id]
        payload = actions.base_payload(
            self.world, actions.COMPONENT, user, channel, data, message=now or message
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
