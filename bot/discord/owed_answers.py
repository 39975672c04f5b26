"""Every player whose command a crash cut off is told, after the restart, what became of it.

Discord keeps an interaction's token valid for 15 minutes, far longer than a restart, and the
player's reply ("thinking…", or a confirmation showing that it is working) can be edited with
the token alone. So each command is written down before its work begins (`bot.store.answers`),
every write made for it marks the row in that write's own transaction, and the row goes once
the player has their answer. At start-up the rows an earlier run left behind are claimed, and
each reply still within its token's lifetime is edited to the truth: the move counted, with the
channel's narration of what it did; something else went through; or nothing was changed and
the command may be tried again, in the language the player read when they sent it (kept with
the row). Tokens never reach the log and are deleted once used or stale.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import aiohttp
import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

from bot.store.answers import OWED, Owed, PendingAnswer
from bot.table import limits, record
from engine.messages import ENGLISH, m, say

if TYPE_CHECKING:
    from collections.abc import Callable

    from bot.store.protocol import GameStore

log = logging.getLogger(__name__)

TOKEN_LIFETIME = timedelta(minutes=15)
"""How long Discord lets a bot edit its reply to an interaction, from the interaction's time."""
HEAD_START = 1.0
"""Seconds the row may take to be written before the deferral goes out regardless: Discord
wants a first response within 3 s, and a busy writer must not cost the player that."""
TRIES = 3
"""Attempts at telling one player, when Discord fails for a moment, before giving up."""

COUNTED = m("bot.owed.counted")
CHANGED = m("bot.owed.changed")
NOT_DONE = m("bot.owed.not_done")


class OwedAnswers:
    """Writes down the commands being worked on, and tells the players a crash left waiting."""

    def __init__(
        self,
        client: discord.Client,
        store: GameStore,
        closing: Callable[[], bool],
        holder: str | None = None,
    ) -> None:
        self.client = client
        """Its connection edits a reply with the token alone."""
        self.store = store
        self.closing = closing
        """Whether shutdown has begun: an answer it cut off is then left for the next start."""
        self.holder = holder
        """This process's hold on the database: the rows it writes and claims carry it, so a
        process sharing the database claims them only once that hold is gone."""
        self._telling: asyncio.Task[None] | None = None

    # ----- while a command runs --------------------------------------------------------------
    def begin(
        self, interaction: discord.Interaction, language: str
    ) -> asyncio.Task[Owed | None] | None:
        """Start writing the command down, with the `language` its asker reads; None when this
        task already owes its answer (a handler inside another's handling)."""
        if OWED.get() is not None:
            return None
        return asyncio.create_task(self._owe(interaction, language))

    @staticmethod
    async def head_start(writing: asyncio.Task[Owed | None] | None) -> None:
        """Let the row be written before Discord is told the bot is thinking, so that a crash
        in between leaves nothing unanswered; but never past `HEAD_START`."""
        if writing is not None:
            await asyncio.wait([writing], timeout=HEAD_START)

    async def _owe(self, interaction: discord.Interaction, language: str) -> Owed | None:
        expires = interaction.created_at + TOKEN_LIFETIME
        try:
            await self.store.owe(
                interaction.id,
                interaction.application_id,
                interaction.token,
                expires,
                interaction.channel_id or 0,
                interaction.user.id,
                language,
                self.holder,
            )
        except Exception:
            log.exception("could not note the command in channel %s", interaction.channel_id)
            return None
        return Owed(interaction.id)

    async def end(self, owed: Owed) -> None:
        """The command is over. Its row goes, unless no answer reached the player because the
        bot is shutting down: then the next start tells them."""
        if not owed.answered and self.closing():
            return
        try:
            await self.store.settle(owed.interaction_id)
        except Exception:
            log.exception("could not forget the answered interaction %s", owed.interaction_id)

    # ----- after a restart -------------------------------------------------------------------
    async def recover(self) -> int:
        """Claim what earlier runs left unanswered (before any new command can arrive) and
        tell those players in the background; returns how many are owed an answer."""
        try:
            owed = await self.store.claim_owed(datetime.now(UTC), self.holder)
        except Exception:  # the players wait for the next start; the bot still starts
            log.exception("could not read the answers a previous run owed")
            return 0
        if owed:
            log.info("telling %d player(s) what became of commands cut off by a restart", len(owed))
            self._telling = asyncio.create_task(self._tell_all(owed), name="owed answers")
        return len(owed)

    async def _tell_all(self, owed: list[PendingAnswer]) -> None:
        for pending in owed:
            try:
                await self._tell(pending)
            except Exception:
                log.exception("could not tell the player of interaction %s", pending.interaction_id)
            await self.store.settle(pending.interaction_id)  # told, or never will be

    async def _tell(self, pending: PendingAnswer) -> None:
        text = await self.truth(pending)
        for attempt in range(1, TRIES + 1):
            try:
                await self._edit_reply(pending, text)
                return
            except (discord.DiscordServerError, aiohttp.ClientError, TimeoutError) as exc:
                if attempt == TRIES:
                    # Only the kind of failure: a network error's text may carry the address,
                    # and the address carries the token.
                    why = type(exc).__name__
                    log.warning("interaction %s was not told (%s)", pending.interaction_id, why)
                    return
                await asyncio.sleep(attempt * 2.0)
            except discord.HTTPException as exc:
                # The reply is gone, was never made (the bot died before deferring, and Discord
                # told the player the command failed), or the token is no longer valid.
                log.info("interaction %s could not be told: %s", pending.interaction_id, exc)
                return

    async def truth(self, pending: PendingAnswer) -> str:
        """What became of the command, from its row, in the asker's language: the steps it
        logged (as the channel was told them, in the asker's language where they were kept as
        messages), some other change, or nothing."""
        language = pending.language or ENGLISH
        if pending.game_id is not None and pending.last_seq is not None:
            told = await self.store.narration(
                pending.game_id,
                first_seq=pending.first_seq or pending.last_seq,
                last_seq=pending.last_seq,
            )
            turns = [record.text_in(t, language) for t in told if t.kind == "turn"]
            said = "\n".join(text for text in turns if text)
            return limits.clip(f"{say(COUNTED, language)}\n{said}".strip(), limits.MESSAGE)
        return say(CHANGED if pending.changed else NOT_DONE, language)

    async def _edit_reply(self, pending: PendingAnswer, text: str) -> None:
        """Edit the player's reply with the token alone: the interaction itself is gone."""
        hook = discord.Webhook.partial(pending.application_id, pending.token, client=self.client)
        with handle_message_parameters(
            content=text, embeds=[], view=None, allowed_mentions=discord.AllowedMentions.none()
        ) as params:
            await async_context.get().edit_original_interaction_response(
                pending.application_id,
                pending.token,
                session=hook.session,
                proxy=hook.proxy,
                proxy_auth=hook.proxy_auth,
                payload=params.payload,
            )

    def stop(self) -> None:
        if self._telling is not None:
            self._telling.cancel()
