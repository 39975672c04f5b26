"""The bot's permissions in a channel, after the deny overwrites a test put on it.

Resolved the way Discord does (and discord.py mirrors in ``permissions_for``): threads take their
parent's overwrites; without VIEW_CHANNEL nothing in the channel is allowed; without the right
to send (SEND_MESSAGES, or SEND_MESSAGES_IN_THREADS in a thread) embeds, files, TTS and
@everyone go too. The result is both what REST enforces and the ``app_permissions`` that
interactions from the channel carry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from .model import DM, ChannelRecord

if TYPE_CHECKING:
    from .world import World

VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
SEND_TTS_MESSAGES = 1 << 12
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38

_SEND_DEPENDENT = SEND_TTS_MESSAGES | MENTION_EVERYONE | EMBED_LINKS | ATTACH_FILES
_ALL_CHANNEL = discord.Permissions.all_channel().value


def bits(names: tuple[str, ...]) -> int:
    """Permission names as discord.py spells them (``send_messages``, ``view_channel``...)."""
    value = 0
    for name in names:
        if name not in discord.Permissions.VALID_FLAGS:
            raise ValueError(f"unknown permission {name!r}")
        value |= discord.Permissions(**{name: True}).value
    return value


def overwrite_holder(world: World, channel: ChannelRecord) -> ChannelRecord:
    """The channel whose overwrites apply: a thread's parent, else the channel itself."""
    if channel.is_thread and channel.parent_id is not None:
        return world.channels[channel.parent_id]
    return channel


def for_bot(world: World, channel: ChannelRecord, base: int) -> int:
    """``base`` (the bot's guild permissions) resolved for ``channel``."""
    if channel.type == DM:
        return base
    value = base & ~overwrite_holder(world, channel).bot_denied
    send = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
    if not value & send:
        value &= ~_SEND_DEPENDENT
    if not value & VIEW_CHANNEL:
        value &= ~_ALL_CHANNEL
    return value
