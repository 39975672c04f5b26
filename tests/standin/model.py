"""Plain records of what the stand-in knows: users, channels, messages and interactions.

Tests read these directly, so they are simple dataclasses with no behaviour beyond small
queries; building Discord JSON payloads from them lives in ``payloads.py``.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000
_counter = itertools.count()

ChannelType = int
TEXT: ChannelType = 0
DM: ChannelType = 1
PUBLIC_THREAD: ChannelType = 11
PRIVATE_THREAD: ChannelType = 12

EPHEMERAL = 64
LOADING = 128


def snowflake() -> int:
    """A fresh, increasing snowflake, so ids sort in creation order as on Discord."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def shard_of(guild_id: int, count: int) -> int:
    """The gateway shard a guild's events go to when the bot runs `count` shards."""
    return (guild_id >> 22) % count


def snowflake_on(shard: int, count: int) -> int:
    """A fresh snowflake whose guild would be on `shard` of `count` (its moment nudged on)."""
    made = snowflake()
    return made + (((shard - shard_of(made, count)) % count) << 22)


def now_iso() -> str:
    """Timestamps in the ISO format Discord uses (discord.py parses them with fromisoformat)."""
    return datetime.now(UTC).isoformat()


@dataclass
class UserRecord:
    """A Discord account, test user or the bot itself."""

    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    locale: str = "en-US"
    """The language of the person's Discord client, sent with each of their interactions."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class ChannelRecord:
    """A guild text channel, a thread (``parent_id`` set) or a DM (``recipient_id`` set).

    ``bot_denied`` is a deny overwrite for the bot (permission bits), set by
    ``StandIn.revoke``; ``deleted`` channels answer every request with 404 / 10003.
    """

    id: int
    name: str
    type: ChannelType = TEXT
    guild_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    recipient_id: int | None = None
    member_ids: set[int] = field(default_factory=set)
    bot_denied: int = 0
    deleted: bool = False

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass
class AttachmentRecord:
    """An uploaded file, with its bytes kept so tests can decode images."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass
class MessageRecord:
    """One message as the bot (or a test user) posted it, updated in place by edits.

    ``mentioned_ids`` are the users named by ``<@id>`` tokens in the content; ``pinged_ids`` are
    those Discord would notify, i.e. the mentions that ``allowed_mentions`` lets through at the
    time the message was created (edits do not ping again).

    ``nonce`` is what the bot sent with ``POST /channels/{id}/messages`` (discord.py always
    sends one); Discord echoes it in the create answer and MESSAGE_CREATE only. ``created`` is
    a monotonic clock reading, for the nonce window.
    """

    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[AttachmentRecord] = field(default_factory=list)
    allowed_mentions: dict[str, Any] | None = None
    mentioned_ids: list[int] = field(default_factory=list)
    pinged_ids: list[int] = field(default_factory=list)
    pinged_role_ids: list[int] = field(default_factory=list)
    pinged_everyone: bool = False
    flags: int = 0
    type: int = 0
    tts: bool = False
    interaction_id: int | None = None
    webhook_id: int | None = None
    ephemeral_for: int | None = None
    reference: dict[str, Any] | None = None
    timestamp: str = field(default_factory=now_iso)
    edited_timestamp: str | None = None
    deleted: bool = False
    history: list[dict[str, Any]] = field(default_factory=list)
    nonce: str | int | None = None
    created: float = field(default_factory=time.monotonic, repr=False)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def edited(self) -> bool:
        return self.edited_timestamp is not None

    def iter_components(self) -> list[dict[str, Any]]:
        """Every component, flattened out of action rows and containers."""
        found: list[dict[str, Any]] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for item in items:
                found.append(item)
                walk(item.get("components", []))
                if isinstance(item.get("accessory"), dict):
                    found.append(item["accessory"])

        walk(self.components)
        return found

    @property
    def custom_ids(self) -> list[str]:
        """custom_ids of all interactive components, in layout order."""
        return [c["custom_id"] for c in self.iter_components() if "custom_id" in c]

    @property
    def button_labels(self) -> list[str]:
        """The labels of its buttons, in layout order (a button without one reads as "")."""
        return [str(c.get("label", "")) for c in self.iter_components() if c.get("type") == 2]

    def find_button(self, label: str) -> dict[str, Any]:
        """The button with this label (or a label containing it); KeyError if none."""
        buttons = [c for c in self.iter_components() if c.get("type") == 2]
        for exact in (True, False):
            for b in buttons:
                text = b.get("label") or ""
                if text == label or (not exact and label in text):
                    return b
        raise KeyError(f"no button labelled {label!r} on message {self.id}: {buttons}")


@dataclass
class CallbackRecord:
    """One ``POST /interactions/{id}/{token}/callback`` the bot made."""

    type: int
    data: dict[str, Any] | None
    elapsed: float
    late: bool


@dataclass
class Violation:
    """A Discord limit the bot broke (Discord would have refused the request)."""

    rule: str
    detail: str
    route: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.detail} ({self.route})"
