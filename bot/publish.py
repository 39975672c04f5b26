"""Posting to the channel and to DMs: narration, the board image, pings and decision buttons.

Every message allows exactly the mentions it means to ping; rendering runs in an executor so
the gateway heartbeat never waits on Pillow.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Iterable

import discord

from bot import present
from bot.tables import Move, Table
from engine import Prompt
from render import board_png

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
    channel: discord.abc.Messageable,
    table: Table,
    header: str,
    *,
    already_pinged: set[int] = frozenset(),  # type: ignore[assignment]
) -> None:
    """Narration + board + who acts next. Seats still acting from before are named, not pinged."""
    prompts = table.prompts()
    lines = [header] if header else []
    ping_users: list[int] = []
    decisions: list[Prompt] = []
    for seat, prompt in prompts.items():
        if prompt.choices:
            decisions.append(prompt)
            continue
        lines.append(present.prompt_line(table, prompt))
        if seat not in already_pinged:
            ping_users.append(table.holder(seat))
    await send_chunked(channel, "\n".join(lines), ping=ping_users, file=await board_file(table))
    for prompt in decisions:
        ping_user = [] if prompt.seat in already_pinged else [table.holder(prompt.seat)]
        await send_chunked(
            channel,
            present.prompt_line(table, prompt),
            ping=ping_user,
            view=choice_view(table, prompt),
        )


async def announce_move(
    client: discord.Client, channel: discord.abc.Messageable, move: Move, prefix: str = ""
) -> None:
    after = move.after
    public = [e.text for e in move.events if e.seat is None]
    header = "\n".join([prefix, *public] if prefix else public)
    header = header or move.after.game.describe(after.state, move.action)
    if move.outcome is not None:
        header += "\n" + present.outcome_text(after, move.outcome)
        everyone = after.row.players
        await send_chunked(channel, header, ping=everyone, file=await board_file(after))
    else:
        await post_turn(channel, after, header, already_pinged=set(move.before.prompts()))
    await deliver_private_events(client, channel, move)


async def deliver_private_events(
    client: discord.Client, channel: discord.abc.Messageable, move: Move
) -> None:
    by_seat: dict[int, list[str]] = {}
    for event in move.events:
        if event.seat is not None:
            by_seat.setdefault(event.seat, []).append(event.text)
    for seat, texts in by_seat.items():
        await send_private(client, channel, move.after, seat, "\n".join(texts))


async def send_private(
    client: discord.Client, channel: discord.abc.Messageable, table: Table, seat: int, text: str
) -> bool:
    """DM the seat's holder. When DMs are closed, say so in the channel without the content."""
    user_id = table.holder(seat)
    where = getattr(channel, "mention", "the game channel")
    try:
        user = client.get_user(user_id) or await client.fetch_user(user_id)
        await user.send(f"**{table.game.title}** in {where}:\n{text}"[:2000])
        return True
    except discord.Forbidden:
        await channel.send(
            f"{present.mention(user_id)}, I could not send you a direct message (DMs closed?). "
            "Use `/game hand` here to see your private information; only you will see it.",
            allowed_mentions=pings([user_id]),
        )
        return False


async def announce_start(
    client: discord.Client, channel: discord.abc.Messageable, table: Table
) -> None:
    assert table.state is not None
    header = f"🎲 **{table.game.title}** begins! Seats were dealt at random:\n" + present.seating(
        table
    )
    await post_turn(channel, table, header)
    for seat in range(len(table.state.seat_names)):
        secret = table.game.hand_text(table.state, seat)
        if secret is not None:
            await send_private(client, channel, table, seat, secret)
