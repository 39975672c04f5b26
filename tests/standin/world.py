"""The stand-in's in-memory Discord: one guild, its users and channels, every message.

REST handlers and the test-facing API both mutate this object; it owns the rules that are not
HTTP details (attachments on edit, who gets pinged, limit checks, ephemeral routing).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import limits, mentions, payloads
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
)
from .waiting import Activity

log = logging.getLogger("standin")

Dispatch = Callable[[str, dict[str, Any]], None]


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

    def __init__(self, *, strict: bool = True, bot_name: str = "standin-bot") -> None:
        self.strict = strict
        self.activity = Activity()
        self.created_at = now_iso()
        self.base_url = "http://127.0.0.1:0"
        self.bot = UserRecord(snowflake(), bot_name, bot=True)
        self.app_id = self.bot.id
        self.owner = UserRecord(snowflake(), "guild-owner")
        self.guild_id = snowflake()
        self.guild_name = "Stand-in Guild"
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

    def add_text_channel(self, name: str) -> ChannelRecord:
        ch = ChannelRecord(snowflake(), name, TEXT, guild_id=self.guild_id)
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
            guild_id=self.guild_id,
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
        try:
            return self.channels[channel_id]
        except KeyError:
            raise ApiError(404, 10003, "Unknown Channel") from None

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
    ) -> MessageRecord:
        """Create a message; ephemeral ones (flags 64 on an interaction) go to the user only."""
        self._check_body(body, uploads, route)
        flags = int(body.get("flags") or 0)
        m = MessageRecord(snowflake(), channel.id, author_id, flags=flags)
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
                data["guild_id"] = str(self.guild_id)
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
            self.dispatch("MESSAGE_CREATE", payloads.message(self, m))
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
