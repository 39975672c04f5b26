"""The channel permissions a game needs, and the refusal that names the missing ones.

Kept apart from the lobby so that every command that opens or draws a table can check them
without importing the lobby's buttons."""

from __future__ import annotations

import discord

from bot.table.model import PlayerError
from engine.words import listing

NEEDED = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
    "read_message_history": "Read Message History",
}
"""What the bot needs in a game's channel: to post turns with boards and to check, after a
crash, whether a post already went out."""


POSTING = {k: NEEDED[k] for k in ("view_channel", "send_messages", "attach_files")}
"""What posting a board picture in a channel takes."""


def missing_permissions(
    interaction: discord.Interaction, wanted: dict[str, str] = NEEDED
) -> list[str]:
    """The permissions in `wanted` the bot lacks where `interaction` happened, by name."""
    have = interaction.app_permissions
    needed = dict(wanted)
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and "send_messages" in needed:
        del needed["send_messages"]
        needed["send_messages_in_threads"] = "Send Messages in Threads"
    return [label for flag, label in needed.items() if not getattr(have, flag)]


def require_permissions(interaction: discord.Interaction) -> None:
    """Refuse to run a game in a channel where the bot lacks a permission it needs there."""
    missing = missing_permissions(interaction)
    if missing:
        raise PlayerError(
            f"I cannot run a game here: I am missing {named_permissions(missing)} in this "
            f"channel. Ask a server admin to grant {'them' if len(missing) > 1 else 'it'}, then "
            "try again."
        )


def named_permissions(missing: list[str]) -> str:
    """Every permission an admin must grant, in one phrase that agrees with their number: "the
    **Attach Files** permission", "the **Send Messages** and **Attach Files** permissions"."""
    names = listing([f"**{m}**" for m in missing])
    return f"the {names} permission{'s' if len(missing) > 1 else ''}"
