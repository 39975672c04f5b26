"""How every interaction is answered: defer privately at once, then edit that one answer.

Editing the deferred response (rather than sending follow-ups, which Discord documents as
deprecated after a deferral and which it may show publicly) keeps refusals private. What the
player reads is always true: a refusal changed nothing, and once a change has been committed
no error can be reported as "nothing was changed".
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import TypeVar

import discord

from bot.discord.owed_answers import OwedAnswers
from bot.logs import about
from bot.metrics import COMMAND_SECONDS
from bot.store.answers import OWED
from bot.table import limits
from bot.table.model import PlayerError
from engine import IllegalAction
from engine.messages import Msg, Said, known, m, say

log = logging.getLogger(__name__)

V = TypeVar("V", bound=discord.ui.View | None)

APOLOGY = m("bot.answers.apology")
REFUSAL = 400
"""The longest refusal shown: room for the reason, never for a long input echoed back."""
WORKING = "⏳ …"
"""What a confirmation shows, without its buttons, between the click and the answer: no words,
so it reads the same in every language (and it shows for a moment only)."""


@dataclass
class Progress:
    """What a handler has already done, so an error after a commit is reported truthfully."""

    committed: Msg | None = None
    """Set to a sentence describing the committed change as soon as it is stored."""


def later(committed: Msg) -> Msg:
    """An answer whose change is stored but whose post has not gone out yet."""
    return m("bot.answers.later", what=committed)


def reader(interaction: discord.Interaction) -> str:
    """The language a private answer to this interaction is said in: the one its person chose
    in `/game me` (as the bot last read their settings), else their Discord client's."""
    chosen: dict[int, str] = getattr(interaction.client, "chosen_languages", {})
    return chosen.get(interaction.user.id) or known(str(interaction.locale.value))


def let_go_when_handled(interaction: discord.Interaction) -> None:
    """Once the task handling `interaction` is over, part it from its response.

    discord.py's interaction keeps its response, and the response keeps its interaction, so
    every command, click and autocomplete request left a cycle holding the interaction with
    its member, user, options and response for the cyclic collector, about a thousand
    objects a second at 50 busy channels. Nothing answers an interaction once its handling task is
    done (the answers owed after a crash go by its token), so the cycle is cut then and the
    whole interaction is freed at once. A late use of the response would fail loudly rather
    than answer twice: it keeps saying it was answered, but can no longer send anything."""
    task = asyncio.current_task()
    if task is not None:
        task.add_done_callback(lambda _: _part(interaction))


def _part(interaction: discord.Interaction) -> None:
    response = getattr(interaction, "_cs_response", None)
    if response is not None and hasattr(response, "_parent"):
        delattr(response, "_parent")


@contextmanager
def sending(view: V) -> Iterator[V]:
    """A view for one send or edit, let go of afterwards, sent or not.

    Every click on the bot's buttons reaches a dynamic item by its custom id, so a view is
    only the shape of one message's components. discord.py keeps a sent view of plain
    buttons in its view store for the life of the process, and a view and its items refer
    to each other, which leaves every message's buttons to the cyclic collector. Stopping
    the view takes it out of the store and emptying it breaks the cycle.
    """
    try:
        yield view
    finally:
        if view is not None:
            view.stop()
            view.clear_items()


async def answer(
    interaction: discord.Interaction,
    said: Msg | Said,
    view: discord.ui.View | None = None,
    embed: discord.Embed | None = None,
) -> None:
    """The player's private answer, in their language (`reader`): the deferred response
    edited, or a first private reply. Without a view, the answer carries no buttons (a
    confirmation answered in place loses its own)."""
    text = limits.clip(say(said, reader(interaction)), limits.MESSAGE)
    none = discord.AllowedMentions.none()
    embeds = [] if embed is None else [embed]
    if interaction.response.is_done():
        with sending(view):
            await interaction.edit_original_response(
                content=text, allowed_mentions=none, view=view, embeds=embeds
            )
    elif view is not None:
        with sending(view):
            await interaction.response.send_message(
                text, ephemeral=True, allowed_mentions=none, view=view, embeds=embeds
            )
    else:
        await interaction.response.send_message(
            text, ephemeral=True, allowed_mentions=none, embeds=embeds
        )
    owed = OWED.get()
    if owed is not None and owed.interaction_id == interaction.id:
        owed.answered = True


@asynccontextmanager
async def handling(
    interaction: discord.Interaction, *, in_place: bool = False
) -> AsyncIterator[Progress]:
    """`_handling`, with every line logged meanwhile naming the interaction's channel, and
    timed for the metrics by command (clicks and menus under one name, since their ids are
    untrusted input)."""
    command = interaction.command
    started = time.perf_counter()
    with about(channel_id=interaction.channel_id):
        try:
            async with _handling(interaction, in_place=in_place) as progress:
                yield progress
        finally:
            name = command.qualified_name if command is not None else "component"
            COMMAND_SECONDS.labels(command=name).observe(time.perf_counter() - started)


@asynccontextmanager
async def _handling(
    interaction: discord.Interaction, *, in_place: bool = False
) -> AsyncIterator[Progress]:
    """Defer within Discord's 3 seconds, then turn exceptions into the right, true answer.

    `in_place`: a button on a private message (a confirmation) is answered by editing that
    message: its buttons go at once, so they cannot be pressed twice.

    The answer is owed from before the deferral until the player has it
    (`bot.discord.owed_answers`): should the bot die in between, its next start tells them what
    became of the command."""
    owing: OwedAnswers | None = getattr(interaction.client, "owed_answers", None)
    writing = None if owing is None else owing.begin(interaction, reader(interaction))
    await OwedAnswers.head_start(writing)
    try:
        if not interaction.response.is_done():
            if in_place:
                await interaction.response.edit_message(content=WORKING, view=None)
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
    except BaseException:
        owed = None if writing is None else await writing
        if owing is not None and owed is not None:
            await owing.end(owed)  # Discord refused the deferral: nobody waits for this answer
        raise
    owed = None if writing is None else await writing
    marked = None if owed is None else OWED.set(owed)
    progress = Progress()
    try:
        yield progress
    except (PlayerError, IllegalAction) as exc:
        # A refusal is a sentence or two; anything longer is echoing what the player typed.
        said = say(exc.text if isinstance(exc, PlayerError) else exc.msg, reader(interaction))
        await _safely(interaction, Said(f"⚠️ {limits.clip(said, REFUSAL)}"))
    except Exception:
        log.exception("unexpected error (channel %s)", interaction.channel_id)
        if progress.committed is None:
            await _safely(interaction, APOLOGY)
        else:
            await _safely(interaction, m("bot.answers.counted", what=progress.committed))
    finally:
        if marked is not None:
            OWED.reset(marked)
        if owing is not None and owed is not None:
            await owing.end(owed)


async def _safely(interaction: discord.Interaction, text: Msg | Said) -> None:
    try:
        await answer(interaction, text)
    except discord.HTTPException as exc:
        log.warning("could not answer interaction in channel %s: %s", interaction.channel_id, exc)
