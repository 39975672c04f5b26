"""The record of one interaction a test user started, and how the bot answered it."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .model import EPHEMERAL, LOADING, CallbackRecord, MessageRecord
from .waiting import Activity

FIRST_RESPONSE_S = 3.0
TOKEN_LIFETIME_S = 15 * 60.0

APPLICATION_COMMAND = 2
COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5


@dataclass(eq=False)
class InteractionRecord:
    """What Discord would know about one interaction: callbacks, original reply, follow-ups.

    ``late`` is True when the first callback came more than 3 s after dispatch (Discord would
    have shown "interaction failed"); the request is still served so the test can finish and
    assert on it. An interaction whose bot died before answering stays unanswered for good
    (``acknowledged`` False, no callbacks): Discord never delivers it to another session.
    """

    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    payload: dict[str, Any]
    activity: Activity = field(repr=False)
    created: float = field(default_factory=time.monotonic)
    callbacks: list[CallbackRecord] = field(default_factory=list)
    original: MessageRecord | None = None
    followups: list[MessageRecord] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    refused: list[str] = field(default_factory=list)

    @property
    def expired(self) -> bool:
        return time.monotonic() - self.created > TOKEN_LIFETIME_S

    @property
    def acknowledged(self) -> bool:
        """Whether the bot's first callback was accepted (the user saw no "failed")."""
        return bool(self.callbacks)

    @property
    def answered_in(self) -> float | None:
        """Seconds from dispatch to the first callback, None while unanswered."""
        return self.callbacks[0].elapsed if self.callbacks else None

    @property
    def late(self) -> bool:
        return bool(self.callbacks and self.callbacks[0].late)

    @property
    def response_type(self) -> int | None:
        return self.callbacks[0].type if self.callbacks else None

    @property
    def deferred(self) -> bool:
        return self.response_type in (5, 6)

    @property
    def loading(self) -> bool:
        """A deferred "thinking…" reply not yet replaced by an edit or first follow-up."""
        return self.original is not None and bool(self.original.flags & LOADING)

    @property
    def ephemeral(self) -> bool:
        """Whether the original reply is ephemeral (flags 64)."""
        if self.original is not None:
            return self.original.ephemeral
        data = self.callbacks[0].data if self.callbacks else None
        return bool(data and int(data.get("flags") or 0) & EPHEMERAL)

    @property
    def messages(self) -> list[MessageRecord]:
        """Visible replies: the original (once it has content) then follow-ups, not deleted."""
        out = [] if self.original is None or self.loading else [self.original]
        return [m for m in out + self.followups if not m.deleted]

    @property
    def reply(self) -> MessageRecord | None:
        """The last visible reply, i.e. what the user ends up reading.

        A deferral answered by editing ``@original`` has no follow-ups, so this is the original
        response in its edited state (ephemeral if the deferral was).
        """
        msgs = self.messages
        return msgs[-1] if msgs else None

    @property
    def original_content(self) -> str | None:
        """The text of the original response as the user sees it now, after every edit.

        None when there is no original response, it is still "thinking" (the edit never came or
        failed), or it was deleted.
        """
        m = self.original
        if m is None or m.deleted or m.flags & LOADING:
            return None
        return m.content

    @property
    def data(self) -> dict[str, Any]:
        return self.payload.get("data", {})

    async def answered(self, timeout: float = 5.0) -> CallbackRecord:
        """Wait for the bot's first callback."""
        return await self.activity.wait_for(
            lambda: self.callbacks[0] if self.callbacks else None,
            timeout,
            f"a callback to interaction {self.id} ({self.data.get('name') or self.data})",
        )

    async def done(self, timeout: float = 5.0, quiet: float = 0.05) -> InteractionRecord:
        """Wait until answered, a deferred reply has its content, and the bot has gone quiet.

        ``quiet`` seconds without any request lets trailing calls (follow-ups, channel posts)
        land before the test looks.
        """

        def finished() -> InteractionRecord | None:
            return self if self.callbacks and not self.loading else None

        return await self.activity.wait_for(
            finished, timeout, f"interaction {self.id} to be answered", quiet=quiet
        )
