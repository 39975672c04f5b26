"""The stand-in's in-memory Discord: one guild, its users and channels, every message.

REST handlers and the test-facing API both mutate this object; it owns the rules that are not
HTTP details (attachments on edit, who gets pinged, limit checks, ephemeral routing).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import limits, mentions, payloads, permissions
from .faults import Fault
from .interaction import InteractionRecord
from .model import (
    DM,
    EPHEMERAL,
    LOADING,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    TEXT,
    AttachmentRecord,
    ChannelRecord,
    MessageRecord,
    UserRecord,
    Violation,
    now_iso,
    snowflake,
    snowflake_on,
)
from .waiting import Activity

log = logging.getLogger("standin")

Dispatch = Callable[[str, dict[str, Any]], None]

# Discord documents only that nonces are checked "in the past few minutes".
NONCE_WINDOW_S = 180.0
MAX_NONCE_LENGTH = 25
MAX_HISTORY_LIMIT = 100


class ApiError(Exception):
    """An error Discord would answer with: HTTP status plus JSON ``{code, message}``."""

    def __init__(self, status: int, code: int, message: str, errors: Any = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


@dataclass
class Upload:
    """One ``files[n]`` part of a multipart request."""

    filename: str
    data: bytes
    content_type: str | None = None


class World:
    """Users, channels, messages, interactions, registered commands and recorded violations."""

    def __init__(
        self,
        *,
        strict: bool = True,
        bot_name: str = "standin-bot",
        nonce_window: float = NONCE_WINDOW_S,
    ) -> None:
        self.strict = strict
        self.nonce_window = nonce_window
        self.faults: list[Fault] = []
        self.stopping = False
        self.activity = Activity()
        self.created_at = now_iso()
        self.base_url = "http://127.0.0.1:0"
        self.bot = UserRecord(snowflake(), bot_name, bot=True)
        self.app_id = self.bot.id
        self.owner = UserRecord(snowflake(), "guild-owner")
        self.guild_id = snowflake()
        self.guild_name = "Stand-in Guild"
        self.guilds: dict[int, str] = {self.guild_id: self.guild_name}
        self.guild_locales: dict[int, str] = {}
        """A guild's preferred language where it is not US English (a community server's
        setting, sent with every interaction from it)."""
        """Every guild the bot is in, by id: the first one, and those `add_guild` adds. They
        share the world's users, roles and registered commands."""
        self.bot_role_id = snowflake()
        self.users: dict[int, UserRecord] = {u.id: u for u in (self.bot, self.owner)}
        self.guild_member_ids: set[int] = {self.bot.id, self.owner.id}
        self.channels: dict[int, ChannelRecord] = {}
        self.messages: dict[int, MessageRecord] = {}
        self.channel_log: dict[int, list[MessageRecord]] = {}
        self.ephemeral_log: dict[int, list[MessageRecord]] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.command_syncs = 0
        self.violations: list[Violation] = []
        self.unknown_routes: list[str] = []
        self.errors: list[str] = []
        self.dispatch: Dispatch = lambda event, data: None

    # ----- people and places -------------------------------------------------------------

    def add_user(self, name: str) -> UserRecord:
        u = UserRecord(snowflake(), name)
        self.users[u.id] = u
        self.guild_member_ids.add(u.id)
        self.dispatch(
            "GUILD_MEMBER_ADD", {**payloads.member(self, u), "guild_id": str(self.guild_id)}
        )
        self.activity.changed()
        return u

    def add_guild(self, name: str, shard: tuple[int, int] | None = None) -> int:
        """Another guild the bot is in (on `shard` = (id, count) of a sharded bot, if given)."""
        guild_id = snowflake() if shard is None else snowflake_on(*shard)
        self.guilds[guild_id] = name
        self.dispatch("GUILD_CREATE", payloads.guild_create(self, guild_id))
        self.activity.changed()
        return guild_id

    def add_text_channel(self, name: str, guild_id: int | None = None) -> ChannelRecord:
        ch = ChannelRecord(snowflake(), name, TEXT, guild_id=guild_id or self.guild_id)
        self.channels[ch.id] = ch
        self.channel_log[ch.id] = []
        self.dispatch("CHANNEL_CREATE", payloads.channel(self, ch))
        return ch

    def add_thread(
        self,
        parent: ChannelRecord,
        name: str,
        *,
        owner_id: int | None = None,
        private: bool = False,
    ) -> ChannelRecord:
        ch = ChannelRecord(
            snowflake(),
            name,
            PRIVATE_THREAD if private else PUBLIC_THREAD,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=owner_id or self.bot.id,
        )
        ch.member_ids.add(ch.owner_id or self.bot.id)
        self.channels[ch.id] = ch
        self.channel_log[ch.id] = []
        self.dispatch("THREAD_CREATE", {**payloads.channel(self, ch), "newly_created": True})
        self.activity.changed()
        return ch

    def dm_channel(self, u: UserRecord) -> ChannelRecord:
        for ch in self.channels.values():
            if ch.type == DM and ch.recipient_id == u.id:
                return ch
        ch = ChannelRecord(snowflake(), f"dm-{u.name}", DM, recipient_id=u.id)
        self.channels[ch.id] = ch
        self.channel_log[ch.id] = []
        return ch

    def channel(self, channel_id: int) -> ChannelRecord:
        """The channel a REST call names; deleted or unknown ones are Unknown Channel."""
        ch = self.channels.get(channel_id)
        if ch is None or ch.deleted:
            raise ApiError(404, 10003, "Unknown Channel")
        return ch

    def delete_channel(self, ch: ChannelRecord) -> None:
        """Delete a guild channel or thread (a parent takes its threads with it)."""
        if ch.type == DM:
            raise ValueError("DM channels cannot be deleted; use close_dms for a closed DM")
        doomed = [ch] + [c for c in self.channels.values() if c.parent_id == ch.id]
        for c in doomed:
            if c.deleted:
                continue
            c.deleted = True
            if c.is_thread:
                data = {
                    "id": str(c.id),
                    "guild_id": str(c.guild_id),
                    "parent_id": str(c.parent_id),
                    "type": c.type,
                }
                self.dispatch("THREAD_DELETE", data)
            else:
                self.dispatch("CHANNEL_DELETE", payloads.channel(self, c))
        self.activity.changed()

    # ----- the bot's permissions ----------------------------------------------------------

    def set_bot_denied(self, ch: ChannelRecord, denied: int) -> None:
        """Replace the bot's deny overwrite on a text channel and tell connected bots."""
        if ch.type == DM:
            raise ValueError("DM channels have no permission overwrites")
        if ch.is_thread:
            raise ValueError("threads use their parent's overwrites; change the parent channel")
        ch.bot_denied = denied
        self.dispatch("CHANNEL_UPDATE", payloads.channel(self, ch))
        self.activity.changed()

    def bot_permissions(self, ch: ChannelRecord) -> int:
        return payloads.app_permissions(self, ch)

    def require(self, ch: ChannelRecord, needed: int = 0) -> None:
        """403 as Discord answers: 50001 without VIEW_CHANNEL, else 50013 for ``needed``."""
        if ch.type == DM:
            return
        have = self.bot_permissions(ch)
        if not have & permissions.VIEW_CHANNEL:
            raise ApiError(403, 50001, "Missing Access")
        if needed & ~have:
            raise ApiError(403, 50013, "Missing Permissions")

    def _strip_embeds(self, ch: ChannelRecord, body: dict[str, Any]) -> dict[str, Any]:
        """Without EMBED_LINKS Discord drops a bot's embeds silently instead of refusing."""
        if body.get("embeds") and not self.bot_permissions(ch) & permissions.EMBED_LINKS:
            return {**body, "embeds": []}
        return body

    def message(self, channel_id: int, message_id: int) -> MessageRecord:
        m = self.messages.get(message_id)
        if m is None or m.channel_id != channel_id or m.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return m

    # ----- limits ------------------------------------------------------------------------

    def check(self, problems: list[limits.Problem], route: str) -> None:
        """Record every broken limit; in strict mode refuse like Discord (400, code 50035)."""
        for rule, detail in problems:
            v = Violation(rule, detail, route)
            log.warning("stand-in violation: %s", v)
            self.violations.append(v)
        if problems and self.strict:
            errors = {rule: {"_errors": [{"message": detail}]} for rule, detail in problems}
            raise ApiError(400, 50035, "Invalid Form Body", errors)

    # ----- messages ----------------------------------------------------------------------

    def create_message(
        self, ch: ChannelRecord, body: dict[str, Any], uploads: list[Upload], route: str
    ) -> tuple[MessageRecord, bool]:
        """``POST /channels/{id}/messages`` from the bot; returns the message and whether it is
        new (False when ``enforce_nonce`` matched an earlier one, which Discord returns as is).
        """
        if ch.type == DM and not self.users[ch.recipient_id or 0].dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        send = permissions.SEND_MESSAGES_IN_THREADS if ch.is_thread else permissions.SEND_MESSAGES
        self.require(ch, send | (permissions.ATTACH_FILES if uploads else 0))
        nonce = body.get("nonce")
        if isinstance(nonce, str) and len(nonce) > MAX_NONCE_LENGTH:
            self.check([("nonce", f"{len(nonce)} > {MAX_NONCE_LENGTH} chars")], route)
        if nonce is not None and body.get("enforce_nonce"):
            earlier = self.by_nonce(self.bot.id, nonce)
            if earlier is not None:
                return earlier, False
        stripped = self._strip_embeds(ch, body)
        if stripped is not body and not _has_content(stripped, uploads):
            raise ApiError(400, 50006, "Cannot send an empty message")
        m = self.post(ch, self.bot.id, stripped, uploads, route, nonce=nonce)
        return m, True

    def edit_channel_message(
        self, m: MessageRecord, body: dict[str, Any], uploads: list[Upload], route: str
    ) -> MessageRecord:
        """``PATCH /channels/{id}/messages/{id}``: the bot's permissions apply as on create."""
        ch = self.channels[m.channel_id]
        self.require(ch, permissions.ATTACH_FILES if uploads else 0)
        return self.edit(m, self._strip_embeds(ch, body), uploads, route)

    def by_nonce(self, author_id: int, nonce: str | int) -> MessageRecord | None:
        """The author's live message with this nonce created within ``nonce_window`` seconds.

        Keyed on author and nonce, not channel: Discord documents the check as "another message
        created by the same author with the same nonce", so a nonce reused in another channel
        returns the first channel's message.
        """
        now = time.monotonic()
        for m in reversed(list(self.messages.values())):
            if now - m.created >= self.nonce_window:
                break
            if m.author_id == author_id and m.nonce == nonce and not m.deleted:
                return m
        return None

    def history(
        self,
        ch: ChannelRecord,
        *,
        limit: int = 50,
        before: int | None = None,
        after: int | None = None,
        around: int | None = None,
    ) -> list[MessageRecord]:
        """``GET /channels/{id}/messages``, newest first, with Discord's snowflake cursors.

        ``before``: the newest ``limit`` older than the id. ``after``: the ``limit`` messages
        right after the id (the oldest ones after it), still newest first, which is why
        discord.py pages on with the first element. ``around``: the message itself (if it
        exists) plus ``limit // 2`` on each side, so an even limit can give ``limit + 1``, as
        discord.py documents. A deferred public reply still "thinking" is listed (it is
        visible in the channel); ephemeral messages never are. Without READ_MESSAGE_HISTORY
        the list is empty.
        """
        route = "GET /channels/{id}/messages"
        problems: list[limits.Problem] = []
        if not 1 <= limit <= MAX_HISTORY_LIMIT:
            problems.append(("history.limit", f"limit {limit} not in 1..{MAX_HISTORY_LIMIT}"))
        if sum(x is not None for x in (before, after, around)) > 1:
            problems.append(("history.cursor", "before, after and around are exclusive"))
        self.check(problems, route)
        self.require(ch)
        if ch.type != DM and not self.bot_permissions(ch) & permissions.READ_MESSAGE_HISTORY:
            return []
        msgs = sorted(
            (
                m
                for m in self.messages.values()
                if m.channel_id == ch.id and not m.deleted and m.ephemeral_for is None
            ),
            key=lambda m: m.id,
        )
        if around is not None:
            half = limit // 2
            older = [m for m in msgs if m.id < around][-half:] if half else []
            newer = [m for m in msgs if m.id > around][:half]
            middle = [m for m in msgs if m.id == around]
            picked = older + middle + newer
        elif after is not None:
            picked = [m for m in msgs if m.id > after][:limit]
        elif before is not None:
            picked = [m for m in msgs if m.id < before][-limit:]
        else:
            picked = msgs[-limit:]
        return picked[::-1]

    def post(
        self,
        channel: ChannelRecord,
        author_id: int,
        body: dict[str, Any],
        uploads: list[Upload],
        route: str,
        *,
        interaction: InteractionRecord | None = None,
        loading: bool = False,
        nonce: str | int | None = None,
    ) -> MessageRecord:
        """Create a message; ephemeral ones (flags 64 on an interaction) go to the user only."""
        self._check_body(body, uploads, route)
        flags = int(body.get("flags") or 0)
        m = MessageRecord(snowflake(), channel.id, author_id, flags=flags, nonce=nonce)
        if interaction is not None:
            m.interaction_id = interaction.id
            m.webhook_id = self.app_id
            m.type = 20 if interaction.type == 2 else 19
            if flags & EPHEMERAL:
                m.ephemeral_for = interaction.user_id
        if loading:
            m.flags |= LOADING
        self.apply_body(m, body, uploads, ping=not loading)
        self.messages[m.id] = m
        if not loading:
            self.publish(m)
        return m

    def edit(
        self, m: MessageRecord, body: dict[str, Any], uploads: list[Upload], route: str
    ) -> MessageRecord:
        """Edit in place; filling a deferred "thinking" reply counts as creating it (it pings)."""
        self._check_body(body, uploads, route)
        m.history.append(payloads.message(self, m))
        filling = bool(m.flags & LOADING)
        if filling:
            m.flags &= ~LOADING
        else:
            m.edited_timestamp = now_iso()
        self.apply_body(m, body, uploads, ping=filling)
        if filling:
            self.publish(m)
        elif m.ephemeral_for is None:
            self.dispatch("MESSAGE_UPDATE", payloads.message(self, m))
        self.activity.changed()
        return m

    def delete(self, m: MessageRecord) -> None:
        m.deleted = True
        if m.ephemeral_for is None:
            data = {"id": str(m.id), "channel_id": str(m.channel_id)}
            if self.channels[m.channel_id].type != DM:
                data["guild_id"] = str(self.channels[m.channel_id].guild_id)
            self.dispatch("MESSAGE_DELETE", data)
        self.activity.changed()

    def _check_body(self, body: dict[str, Any], uploads: list[Upload], route: str) -> None:
        problems = limits.message_problems(body, [(u.filename, len(u.data)) for u in uploads])
        allowed = body.get("allowed_mentions") or {}
        if "users" in (allowed.get("parse") or []) and allowed.get("users"):
            problems.append(("allowed_mentions", "parse 'users' together with a users list"))
        self.check(problems, route)

    def publish(self, m: MessageRecord) -> None:
        if m.ephemeral_for is not None:
            self.ephemeral_log.setdefault(m.ephemeral_for, []).append(m)
        else:
            self.channel_log.setdefault(m.channel_id, []).append(m)
            self.dispatch("MESSAGE_CREATE", payloads.message(self, m, with_nonce=True))
        self.activity.changed()

    def apply_body(
        self, m: MessageRecord, body: dict[str, Any], uploads: list[Upload], *, ping: bool
    ) -> None:
        if "content" in body:
            m.content = body["content"] or ""
        if "embeds" in body:
            m.embeds = list(body["embeds"] or [])
        if "components" in body:
            m.components = list(body["components"] or [])
        if "allowed_mentions" in body:
            m.allowed_mentions = body["allowed_mentions"]
        if "flags" in body and body["flags"] is not None:
            keep = m.flags & (EPHEMERAL | LOADING)
            m.flags = keep | (int(body["flags"]) & ~(EPHEMERAL | LOADING))
        if "message_reference" in body:
            m.reference = body["message_reference"]
        m.tts = bool(body.get("tts", m.tts))
        m.attachments = self._attachments(m, body, uploads)
        replied = None
        if m.reference and m.reference.get("message_id"):
            ref = self.messages.get(int(m.reference["message_id"]))
            replied = ref.author_id if ref else None
            m.type = 19
        pings = mentions.compute(m.content, m.allowed_mentions, replied)
        m.mentioned_ids = pings.mentioned_ids
        if ping:
            m.pinged_ids = pings.pinged_ids
            m.pinged_role_ids = pings.pinged_role_ids
            m.pinged_everyone = pings.everyone

    def _attachments(
        self, m: MessageRecord, body: dict[str, Any], uploads: list[Upload]
    ) -> list[AttachmentRecord]:
        """New files are ``{"id": index}`` entries; kept ones repeat their snowflake id."""
        if "attachments" not in body or body["attachments"] is None:
            return m.attachments + [self._attach(u, None) for u in uploads]
        existing = {a.id: a for a in m.attachments}
        out: list[AttachmentRecord] = []
        used: set[int] = set()
        for entry in body["attachments"]:
            ident = int(entry.get("id", -1))
            if ident in existing:
                out.append(existing[ident])
            elif 0 <= ident < len(uploads):
                used.add(ident)
                out.append(self._attach(uploads[ident], entry))
        out.extend(self._attach(u, None) for i, u in enumerate(uploads) if i not in used)
        return out

    @staticmethod
    def _attach(upload: Upload, entry: dict[str, Any] | None) -> AttachmentRecord:
        entry = entry or {}
        return AttachmentRecord(
            snowflake(),
            entry.get("filename") or upload.filename,
            upload.data,
            upload.content_type,
            entry.get("description"),
        )

    # ----- commands ----------------------------------------------------------------------

    def set_commands(self, guild_id: int | None, commands: list[dict[str, Any]]) -> list[dict]:
        """Bulk overwrite, as ``tree.sync()`` does; ids stay stable for unchanged names."""
        old = {c["name"]: c for c in self.commands.get(guild_id, [])}
        stored = []
        for c in commands:
            prev = old.get(c["name"])
            cid = prev["id"] if prev else str(snowflake())
            stored.append(
                {
                    **c,
                    "id": cid,
                    "application_id": str(self.app_id),
                    "version": str(snowflake()),
                    "type": c.get("type", 1),
                    **({"guild_id": str(guild_id)} if guild_id else {}),
                }
            )
        self.commands[guild_id] = stored
        self.command_syncs += 1
        self.activity.changed()
        return stored

    def find_command(self, name: str) -> dict[str, Any] | None:
        for scope in (self.guild_id, None):
            for c in self.commands.get(scope, []):
                if c["name"] == name and c.get("type", 1) == 1:
                    return c
        return None


def _has_content(body: dict[str, Any], uploads: list[Upload]) -> bool:
    """Discord refuses a message with nothing to show (code 50006)."""
    keys = ("content", "embeds", "components", "sticker_ids", "poll")
    return bool(uploads) or any(body.get(k) for k in keys)
