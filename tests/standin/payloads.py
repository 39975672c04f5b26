"""Discord JSON payloads built from the stand-in's records.

Only the fields discord.py 2.7 reads (and a few it tolerates) are produced; ids are strings as on
the real API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import permissions
from .model import DM, ChannelRecord, MessageRecord, UserRecord

if TYPE_CHECKING:
    from .world import World

# VIEW_CHANNEL, SEND_MESSAGES, EMBED_LINKS, ATTACH_FILES, READ_MESSAGE_HISTORY, ADD_REACTIONS,
# USE_EXTERNAL_EMOJIS, USE_APPLICATION_COMMANDS, CREATE_PUBLIC_THREADS, SEND_MESSAGES_IN_THREADS.
EVERYONE_PERMISSIONS = (
    (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 6) | (1 << 18) | (1 << 31)
)
EVERYONE_PERMISSIONS |= (1 << 35) | (1 << 38)
# The bot's role adds MANAGE_MESSAGES, MANAGE_THREADS, CREATE_PRIVATE_THREADS, MENTION_EVERYONE.
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | (1 << 13) | (1 << 34) | (1 << 36) | (1 << 17)


def user(u: UserRecord) -> dict[str, Any]:
    return {
        "id": str(u.id),
        "username": u.name,
        "global_name": u.name,
        "discriminator": "0",
        "avatar": None,
        "bot": u.bot,
        "public_flags": 0,
        "flags": 0,
    }


def member(world: World, u: UserRecord, *, with_user: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {
        "roles": [str(world.bot_role_id)] if u.bot else [],
        "joined_at": world.created_at,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "nick": None,
        "pending": False,
        "avatar": None,
    }
    if with_user:
        data["user"] = user(u)
    return data


def permissions_for(world: World, u: UserRecord) -> int:
    if u.id == world.owner.id:
        return (1 << 41) - 1
    return BOT_PERMISSIONS if u.bot else EVERYONE_PERMISSIONS


def app_permissions(world: World, ch: ChannelRecord) -> int:
    """The bot's permissions in ``ch``, as interactions from it carry in ``app_permissions``."""
    return permissions.for_bot(world, ch, BOT_PERMISSIONS)


def overwrites(world: World, ch: ChannelRecord) -> list[dict[str, Any]]:
    """The bot's member overwrite (type 1) when a test revoked something, so discord.py's
    ``channel.permissions_for(guild.me)`` agrees with what REST enforces."""
    if not ch.bot_denied:
        return []
    return [{"id": str(world.bot.id), "type": 1, "allow": "0", "deny": str(ch.bot_denied)}]


def channel(world: World, ch: ChannelRecord) -> dict[str, Any]:
    last = world.channel_log.get(ch.id) or []
    base: dict[str, Any] = {
        "id": str(ch.id),
        "type": ch.type,
        "name": ch.name,
        "last_message_id": str(last[-1].id) if last else None,
        "flags": 0,
    }
    if ch.type == DM:
        recipient = world.users[ch.recipient_id or 0]
        base.pop("name")
        base["recipients"] = [user(recipient)]
        return base
    base.update(guild_id=str(ch.guild_id or world.guild_id), rate_limit_per_user=0, nsfw=False)
    if ch.is_thread:
        base.update(
            parent_id=str(ch.parent_id),
            owner_id=str(ch.owner_id or world.bot.id),
            message_count=len(last),
            total_message_sent=len(last),
            member_count=len(ch.member_ids),
            thread_metadata={
                "archived": False,
                "auto_archive_duration": 10080,
                "archive_timestamp": world.created_at,
                "locked": False,
                "invitable": True,
                "create_timestamp": world.created_at,
            },
        )
    else:
        base.update(
            position=list(world.channels).index(ch.id),
            permission_overwrites=overwrites(world, ch),
            parent_id=None,
            topic=None,
        )
    return base


def attachment_url(world: World, channel_id: int, att_id: int, filename: str) -> str:
    return f"{world.base_url}/attachments/{channel_id}/{att_id}/{filename}"


def message(world: World, m: MessageRecord, *, with_nonce: bool = False) -> dict[str, Any]:
    """A message object; ``with_nonce`` only for the create answer and MESSAGE_CREATE, the two
    places Discord echoes a nonce (fetches and MESSAGE_UPDATE never carry it)."""
    ch = world.channels.get(m.channel_id)
    author = world.users[m.author_id]
    data: dict[str, Any] = {
        "id": str(m.id),
        "channel_id": str(m.channel_id),
        "author": user(author),
        "content": m.content,
        "embeds": m.embeds,
        "components": m.components,
        "attachments": [
            {
                "id": str(a.id),
                "filename": a.filename,
                "size": a.size,
                "url": attachment_url(world, m.channel_id, a.id, a.filename),
                "proxy_url": attachment_url(world, m.channel_id, a.id, a.filename),
                "content_type": a.content_type,
                "description": a.description,
            }
            for a in m.attachments
        ],
        "mentions": [user(world.users[i]) for i in m.pinged_ids if i in world.users],
        "mention_roles": [str(r) for r in m.pinged_role_ids],
        "mention_everyone": m.pinged_everyone,
        "pinned": False,
        "tts": m.tts,
        "flags": m.flags,
        "type": m.type,
        "timestamp": m.timestamp,
        "edited_timestamp": m.edited_timestamp,
    }
    if ch is not None and ch.type != DM:
        data["guild_id"] = str(ch.guild_id or world.guild_id)
    if m.webhook_id is not None:
        data["webhook_id"] = str(m.webhook_id)
        data["application_id"] = str(world.app_id)
    if m.reference is not None:
        data["message_reference"] = m.reference
    if with_nonce and m.nonce is not None:
        data["nonce"] = m.nonce
    return data


def guild_create(world: World, guild_id: int | None = None) -> dict[str, Any]:
    """The first guild, or the one `guild_id` names, with its channels and threads."""
    guild_id = guild_id or world.guild_id
    members = [u for u in world.users.values() if u.id in world.guild_member_ids]
    here = [c for c in world.channels.values() if c.guild_id == guild_id and not c.deleted]
    texts = [c for c in here if c.type == 0]
    threads = [c for c in here if c.is_thread]
    return {
        "id": str(guild_id),
        "name": world.guilds[guild_id],
        "icon": None,
        "owner_id": str(world.owner.id),
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "preferred_locale": "en-US",
        "system_channel_flags": 0,
        "roles": [
            {
                "id": str(guild_id),
                "name": "@everyone",
                "permissions": str(EVERYONE_PERMISSIONS),
                "position": 0,
                "color": 0,
                "hoist": False,
                "managed": False,
                "mentionable": False,
                "flags": 0,
            },
            {
                "id": str(world.bot_role_id),
                "name": world.bot.name,
                "permissions": str(BOT_PERMISSIONS),
                "position": 1,
                "color": 0,
                "hoist": False,
                "managed": True,
                "mentionable": False,
                "flags": 0,
                "tags": {"bot_id": str(world.bot.id)},
            },
        ],
        "channels": [channel(world, c) for c in texts],
        "threads": [channel(world, c) for c in threads],
        "members": [member(world, u) for u in members],
        "member_count": len(members),
        "voice_states": [],
        "presences": [],
        "emojis": [],
        "stickers": [],
        "features": [],
        "large": False,
        "unavailable": False,
        "joined_at": world.created_at,
        "lazy": True,
    }


def application(world: World) -> dict[str, Any]:
    return {
        "id": str(world.app_id),
        "name": world.bot.name,
        "description": "loopback stand-in application",
        "icon": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": user(world.owner),
        "verify_key": "0" * 64,
        "flags": 0,
        "team": None,
        "summary": "",
        "bot": user(world.bot),
    }
