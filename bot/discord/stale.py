"""Clicks on controls the bot has already replaced: every one still gets an answer.

discord.py finds the clicked control on the message as Discord holds it now, and drops a click
whose id is no longer there without a word, which Discord shows as "This interaction failed".
That is what a double press looks like (an order panel's Submit, an undo's Confirm), and a
click from a client that has not yet shown an edit (a lobby's Join after the start, a decision
already answered). `GameBot.on_interaction` sends such clicks here: the clicker reads, in a new
private answer, that it was already answered and what stands now, and the clicked message is
never rewritten with it. When the message is the bot's own, public, and still shows buttons
that answer nothing any more, they are taken off.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import discord

from bot.discord.checked import payload
from bot.discord.interactions import answer, handling
from bot.store.models import GameRow
from engine.messages import Msg, m

if TYPE_CHECKING:
    from bot.discord.app import GameBot
    from bot.store.protocol import GameStore
    from bot.table.tables import Tables

log = logging.getLogger(__name__)

GAME_ID = re.compile(r"(?P<kind>[a-z]+):(?P<game>[1-9]\d{0,17}):")
"""The kind and game every game-bound control id starts with (`bot.discord.buttons`)."""
DECISION = re.compile(
    r"(?P<kind>choice|orders):(?P<game>[1-9]\d{0,17}):(?P<seat>\d{1,2}):(?P<decision>\d{1,9}):"
)
"""A decision's control: the seat and the decision it answers."""
DECISIONS = ("choice", "orders")
BUTTON = 2


def on_message(message: discord.Message | None, component_type: int, custom_id: str) -> bool:
    """Whether the clicked control is on the message as Discord sent it: the lookup discord.py
    makes before it calls a handler, so exactly the clicks it drops come here."""
    if message is None:
        return False
    return any(
        item.type.value == component_type and getattr(item, "custom_id", None) == custom_id
        for item in _walk(message.components)
    )


def _walk(components: Sequence[discord.Component]) -> Iterator[discord.Component]:
    """Every component of a message, rows and containers opened: read from the message's
    components as they are, since a view rebuilt from them for each click would leave a
    view and its items referring to each other for the collector to find."""
    for component in components:
        yield component
        yield from _walk(getattr(component, "children", ()))
        accessory = getattr(component, "accessory", None)
        if isinstance(accessory, discord.Component):
            yield accessory


class StaleClicks:
    def __init__(self, client: discord.Client, tables: Tables, store: GameStore) -> None:
        self.client = client
        """Tells the bot's own messages from others'."""
        self.tables = tables
        self.store = store

    async def answer(self, interaction: discord.Interaction[GameBot], custom_id: str) -> None:
        """Tell the clicker the control was already answered, then retire stale buttons."""
        data = payload(interaction)
        button = data.get("component_type", BUTTON) == BUTTON
        said: Msg = m("bot.stale.button" if button else "bot.stale.menu")
        row = None
        async with handling(interaction):
            row = await self._row(interaction, custom_id)
            now = await self._now(row, custom_id) if row is not None else None
            if now is not None:
                said = m("bot.stale.and_now", what=said, now=now)
            await answer(interaction, said)
        if row is not None:
            await self._retire(interaction, row)

    async def _row(
        self, interaction: discord.Interaction[GameBot], custom_id: str
    ) -> GameRow | None:
        """The game the control names, if it is this channel's (ids are untrusted input)."""
        match = GAME_ID.match(custom_id)
        if match is None:
            return None
        row = await self.store.get(int(match["game"]))
        if row is None or row.channel_id != interaction.channel_id:
            return None
        return row

    async def _now(self, row: GameRow, custom_id: str) -> Msg | None:
        """What stands now, in one sentence: cheap, and only what the channel may see."""
        lobby = custom_id.startswith(("lobby:", "option:"))
        if row.status == "lobby":
            return m("bot.stale.lobby_open")
        if row.status in ("finished", "abandoned", "orphaned"):
            return m("bot.stale.over" if row.status == "finished" else "bot.stale.closed")
        table = await self.tables.by_id(row.id)
        if table is None or table.state is None:
            return None
        waiting = [table.game.seat_name(table.state, s) for s in sorted(table.prompts())]
        key = "bot.stale.started" if lobby else "bot.stale.moved_on"
        return m(key, waiting=waiting or m("bot.stale.nobody"))

    async def _retire(self, interaction: discord.Interaction[GameBot], row: GameRow) -> None:
        """Take the buttons off the clicked message when it is the bot's own, public, and none
        of them answers anything now: every control of a game no longer running, or a running
        game's decision buttons whose decisions have all been answered or replaced."""
        message = interaction.message
        me = self.client.user
        if message is None or me is None or message.author.id != me.id or not message.components:
            return
        if message.flags.ephemeral:
            return  # a private answer belongs to the interaction that made it
        ids = [
            str(getattr(item, "custom_id", "") or "")
            for item in discord.ui.View.from_message(message, timeout=None).walk_children()
        ]
        found = [DECISION.match(i) or GAME_ID.match(i) for i in ids]
        if not all(m is not None and int(m["game"]) == row.id for m in found):
            return
        if row.status == "lobby":
            return
        if row.status == "active":
            table = await self.tables.by_id(row.id)
            if table is None:
                return
            prompts = table.prompts()
            for m in found:
                assert m is not None
                if m["kind"] not in DECISIONS:
                    return
                prompt = prompts.get(int(m["seat"]))
                if prompt is not None and prompt.decision == int(m["decision"]):
                    return
        try:
            await message.edit(view=None)
        except discord.HTTPException as exc:
            log.info("could not retire stale buttons on %s: %s", message.id, exc)
            return
        await self.store.drop_live_buttons([message.id])
