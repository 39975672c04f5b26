"""The channel permissions a game needs, and the refusal that names the missing ones.

Kept apart from the lobby so that every command that opens or draws a table can check them
without importing the lobby's buttons."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.table.model import PlayerError
from engine.messages import Msg, m

NEEDED = {
    "view_channel": m("bot.permissions.view_channel"),
    "send_messages": m("bot.permissions.send_messages"),
    "embed_links": m("bot.permissions.embed_links"),
    "attach_files": m("bot.permissions.attach_files"),
    "read_message_history": m("bot.permissions.read_message_history"),
}
"""What the bot needs in a game's channel: to post turns with boards and to check, after a
crash, whether a post already went out. Each is named as Discord names it in the reader's
language."""
IN_THREADS = m("bot.permissions.send_messages_in_threads")


POSTING = {k: NEEDED[k] for k in ("view_channel", "send_messages", "attach_files")}
"""What posting a board picture in a channel takes."""


def missing_permissions(
    interaction: discord.Interaction, wanted: dict[str, Msg] = NEEDED
) -> list[Msg]:
    """The permissions in `wanted` the bot lacks where `interaction` happened, by name."""
    have = interaction.app_permissions
    needed = dict(wanted)
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and "send_messages" in needed:
        del needed["send_messages"]
        needed["send_messages_in_threads"] = IN_THREADS
    return [label for flag, label in needed.items() if not getattr(have, flag)]


def require_permissions(interaction: discord.Interaction) -> None:
    """Refuse to run a game in a channel where the bot lacks a permission it needs there."""
    missing = missing_permissions(interaction)
    if missing:
        raise PlayerError(m("bot.permissions.cannot_run", **named_permissions(missing)))


def named_permissions(missing: Sequence[Msg]) -> dict[str, int | list[Msg]]:
    """Every permission an admin must grant, as the arguments of a sentence that agrees with
    their number ("the **Attach Files** permission", "the **Send Messages** and **Attach
    Files** permissions"): `n` chooses the plural form, `names` lists them in bold."""
    return {"n": len(missing), "names": [m("bot.permissions.bold", name=p) for p in missing]}
