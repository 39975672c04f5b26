"""Posting to the channel and to DMs: narration, the board image, pings and decision buttons.

Every message allows exactly the mentions it means to ping; rendering runs in an executor so
the gateway heartbeat never waits on Pillow.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING

import discord

from bot import present
from bot.tables import Move, Table
from engine import Prompt
from render import board_png

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger(__name__)


def pings(user_ids: Iterable[int]) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        users=[discord.Object(id=u) for u in dict.fromkeys(user_ids)],
        everyone=False,
        roles=False,
        replied_user=False,
    )


async def board_file(table: Table) -> discord.File:
    assert table.state is not None
    view = table.game.view(table.state, None)
    png = await asyncio.get_running_loop().run_in_executor(None, board_png, table.game.id, view)
    return discord.File(io.BytesIO(png), filename="board.png")


def choice_view(table: Table, prompt: Prompt) -> discord.ui.View:
    from bot.buttons import ChoiceButton

    view = discord.ui.View(timeout=None)
    for choice in prompt.choices[:25]:
        view.add_item(ChoiceButton(table.row.id, prompt.seat, choice))
    return view


async def send_chunked(
    channel: discord.abc.Messageable,
    text: str,
    *,
    ping: Iterable[int] = (),
    file: discord.File | None = None,
    view: discord.ui.View | None = None,
) -> discord.Message:
    """Send text that may exceed one message; the file and buttons ride on the last piece."""
    pieces = present.split_text(text) or [""]
    allowed = pings(ping)
    for piece in pieces[:-1]:
        await channel.send(piece, allowed_mentions=allowed)
    kwargs: dict = {"allowed_mentions": allowed}
    if file is not None:
        kwargs["file"] = file
    if view is not None:
        kwargs["view"] = view
    return await channel.send(pieces[-1], **kwargs)


async def post_turn(
    client: GameBot,
    channel: discord.abc.Messageable,
    table: Table,
    header: str,
    *,
    already_pinged: frozenset[int] | set[int] = frozenset(),
) -> None:
    """Narration, board, who acts next, and their buttons, in one message where possible.

    Seats that were already prompted before this action are named but not pinged again. The
    first prompt with buttons rides on the board message; any other seat owed a decision gets
    a message of its own so each set of buttons clearly belongs to one player.
    """
    prompts = list(table.prompts().values())
    with_buttons = [p for p in prompts if p.choices]
    main_buttons = with_buttons[0] if with_buttons else None
    lines = [header] if header else []
    ping_users: list[int] = []
    for prompt in prompts:
        if prompt.choices and prompt is not main_buttons:
            continue
        lines.append(present.prompt_line(table, prompt))
        if prompt.seat not in already_pinged:
            ping_users.append(table.holder(prompt.seat))
    await retire_buttons(client, channel)
    sent = [
        await send_chunked(
            channel,
            "\n".join(lines),
            ping=ping_users,
            file=await board_file(table),
            view=None if main_buttons is None else choice_view(table, main_buttons),
        )
    ]
    for prompt in with_buttons[1:]:
        ping_user = [] if prompt.seat in already_pinged else [table.holder(prompt.seat)]
        sent.append(
            await send_chunked(
                channel,
                present.prompt_line(table, prompt),
                ping=ping_user,
                view=choice_view(table, prompt),
            )
        )
    key = getattr(channel, "id", 0)
    client.button_messages[key] = [m for m in sent if m.components]


async def retire_buttons(client: GameBot, channel: discord.abc.Messageable) -> None:
    """Take the buttons off the previous turn's messages so only current choices are clickable.

    Old buttons would be refused anyway (each click is checked against the live prompt); this
    only keeps the channel tidy. After a restart the list is empty and old buttons simply stay.
    """
    for message in client.button_messages.pop(getattr(channel, "id", 0), []):
        try:
            await message.edit(view=None)
        except discord.HTTPException:
            log.info("could not retire buttons on message %s", message.id)


async def announce_move(
    client: GameBot, channel: discord.abc.Messageable, move: Move, prefix: str = ""
) -> None:
    after = move.after
    public = [e.text for e in move.events if e.seat is None]
    header = "\n".join([prefix, *public] if prefix else public)
    header = header or move.after.game.describe(after.state, move.action)
    if move.outcome is not None:
        header += "\n" + present.outcome_text(after, move.outcome, narrated=header)
        everyone = after.row.players
        header += "\nThanks for playing, " + " ".join(map(present.mention, everyone)) + "!"
        await retire_buttons(client, channel)
        await send_chunked(channel, header, ping=everyone, file=await board_file(after))
    else:
        await post_turn(client, channel, after, header, already_pinged=set(move.before.prompts()))
    await deliver_private_events(client, channel, move)


async def deliver_private_events(
    client: GameBot, channel: discord.abc.Messageable, move: Move
) -> None:
    by_seat: dict[int, list[str]] = {}
    for event in move.events:
        if event.seat is not None:
            by_seat.setdefault(event.seat, []).append(event.text)
    for seat, texts in by_seat.items():
        await send_private(client, channel, move.after, seat, "\n".join(texts))


async def send_private(
    client: GameBot, channel: discord.abc.Messageable, table: Table, seat: int, text: str
) -> bool:
    """DM the seat's holder. When DMs are closed, say so in the channel without the content."""
    user_id = table.holder(seat)
    where = getattr(channel, "mention", "the game channel")
    try:
        dm = await client.create_dm(discord.Object(id=user_id))  # type: ignore[arg-type]
        await dm.send(f"**{table.game.title}** in {where}:\n{text}"[:2000])
        return True
    except discord.HTTPException as exc:
        if not isinstance(exc, discord.Forbidden):
            log.warning("DM to a player failed (game %s): %s", table.row.id, exc)
        told: set[tuple[int, int]] = client.dm_failures_told
        if (table.row.id, user_id) in told:
            return False  # said once already; the hand command always has the latest
        told.add((table.row.id, user_id))
        await channel.send(
            f"{present.mention(user_id)}, I could not send you a direct message (DMs closed?). "
            "Use `/game hand` here to see your private information; only you will see it.",
            allowed_mentions=pings([user_id]),
        )
        return False


async def announce_start(client: GameBot, channel: discord.abc.Messageable, table: Table) -> None:
    assert table.state is not None
    header = f"🎲 **{table.game.title}** begins! Seats were dealt at random:\n" + present.seating(
        table
    )
    await post_turn(client, channel, table, header)
    for seat in range(len(table.state.seat_names)):
        secret = table.game.hand_text(table.state, seat)
        if secret is not None:
            await send_private(client, channel, table, seat, secret)
