"""Opening a lobby, joining, leaving, options and starting: shared by `/game` and the buttons.

The lobby message is a convenience, the stored lobby is the truth: if someone deleted the
message, a join still counts and a fresh lobby message is posted.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.discord.buttons import lobby_view
from bot.discord.interactions import sending
from bot.discord.permissions import require_permissions
from bot.discord.plays import Play, plays
from bot.table import computer, present
from bot.table.computer_ids import LEVELS, is_computer
from bot.table.model import PlayerError, Table
from bot.table.options import option_fields
from bot.table.speech import table_language
from engine.computer import Level
from engine.messages import Msg, known, m, say

if TYPE_CHECKING:
    from bot.discord.app import GameBot
    from bot.store.protocol import GameStore
    from bot.table.tables import Tables

log = logging.getLogger(__name__)

STARTED = m("bot.lobbies.started")
LEVEL_NAMES = {
    Level.CASUAL: m("bot.lobbies.level.casual"),
    Level.STRONG: m("bot.lobbies.level.strong"),
}
"""A computer's level as a lobby says it."""

ELSEWHERE = m("bot.lobbies.elsewhere")


def lobby_embed(table: Table, note: Msg | None = None) -> discord.Embed:
    """The lobby as it stands, with `note` (what just happened to it) in its footer, all in the
    table's language."""
    text = present.lobby_text(table)
    embed = discord.Embed(title=text["title"], description=text["description"], colour=0x0072B2)
    if note is not None:
        embed.set_footer(text=say(note, table_language(table.row)))
    return embed


def _view(table: Table) -> discord.ui.View:
    """The lobby's buttons and menus, in the table's language."""
    computers = any(is_computer(p) for p in table.row.players)
    return lobby_view(
        table.row.id, table.game, table.row.options, table_language(table.row), computers=computers
    )


def _noted(done: Msg, note: Msg | None) -> Msg:
    """What a join or a leave did, and what it reset (`note`)."""
    return done if note is None else m("bot.lobbies.noted", what=done, note=note)


class Lobbies:
    def __init__(self, client: discord.Client, tables: Tables, store: GameStore) -> None:
        self.client = client
        """Posts and edits the lobby message."""
        self.tables = tables
        self.store = store

    async def open(self, interaction: discord.Interaction[GameBot], game_key: str) -> None:
        channel = interaction.channel
        user = interaction.user
        async with plays(interaction) as play:
            if channel is None or interaction.guild_id is None:
                raise PlayerError(m("bot.lobbies.not_in_dms"))
            require_permissions(interaction)
            server = interaction.guild_locale
            table = await self.tables.open_lobby(
                interaction.channel_id or 0,
                interaction.guild_id,
                game_key,
                user.id,
                known(server.value if server else None),
            )
            try:
                opened = m("bot.lobbies.opened", who=user.mention, game=table.game.title)
                with sending(_view(table)) as view:
                    message = await channel.send(  # type: ignore[union-attr]
                        say(opened, table_language(table.row)),
                        embed=lobby_embed(table),
                        view=view,
                        allowed_mentions=discord.AllowedMentions.none(),
                    )
            except discord.HTTPException:
                await self.tables.discard_lobby(table)
                raise PlayerError(m("bot.lobbies.not_posted")) from None
            await self.tables.remember_lobby_message(table, message.id)
            await self.store.name_players(table.row.id, {user.id: user.display_name})
            play.reply(m("bot.lobbies.open"))

    async def refresh(self, table: Table, *, note: Msg | None = None, closed: bool = False) -> None:
        """Show the lobby as it stands; a deleted lobby message is posted afresh."""
        with sending(None if closed else _view(table)) as view:
            await self._show(table, lobby_embed(table, note), view)

    async def _show(self, table: Table, embed: discord.Embed, view: discord.ui.View | None) -> None:
        channel = self.client.get_partial_messageable(table.row.channel_id)
        if table.row.lobby_message_id is not None:
            try:
                await channel.get_partial_message(table.row.lobby_message_id).edit(
                    embed=embed, view=view
                )
                return
            except discord.NotFound:
                pass
            except discord.HTTPException as exc:
                log.warning("could not update the lobby of game %s: %s", table.row.id, exc)
                return
        if view is None:  # a closed lobby is not posted again
            return
        try:
            message = await channel.send(
                embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException as exc:
            log.warning("could not repost the lobby of game %s: %s", table.row.id, exc)
            return
        await self.tables.remember_lobby_message(table, message.id)

    @staticmethod
    def _open(play: Play) -> Table:
        if play.table.row.status not in ("lobby", "active"):
            raise PlayerError(m("bot.lobbies.closed"))
        return play.table

    async def op(
        self, interaction: discord.Interaction[GameBot], op: str, game_id: int | None = None
    ) -> None:
        user = interaction.user.id
        async with plays(interaction, game_id=game_id, elsewhere=ELSEWHERE) as play:
            table = self._open(play)
            if op == "join":
                table = await self.tables.join(table, user)
                await self.store.name_players(table.row.id, {user: interaction.user.display_name})
                table, note = await self.tables.fit_options(table)
                done = _noted(m("bot.lobbies.joined", game=table.game.title), note)
                await self.refresh(table, note=note)
            elif op in LEVELS:
                await self.seat_computer(play, user, Level(op))
                return
            elif op == "uncomputer":
                table = await computer.unseat(self.tables, table, user)
                table, note = await self.tables.fit_options(table)
                done = _noted(m("bot.lobbies.computer_gone"), note)
                await self.refresh(table, note=note)
            elif op == "leave":
                table = await self.tables.leave(table, user)
                table, note = await self.tables.fit_options(table)
                done = _noted(m("bot.lobbies.left"), note)
                await self.refresh(table, note=note)
            else:
                table = await self.tables.start(table, user)
                await self.refresh(table, note=STARTED, closed=True)
                play.tell(table.row.id, STARTED)
                return
            play.progress.committed = done
            play.reply(done)

    async def seat_computer(self, play: Play, user_id: int, level: Level) -> None:
        """Seat one more computer of `level` in the play's lobby (the host's button or
        `/game seat computer`)."""
        table = await computer.seat(self.tables, self._open(play), user_id, level)
        table, note = await self.tables.fit_options(table)
        done = _noted(m("bot.lobbies.computer", level=LEVEL_NAMES[level]), note)
        await self.refresh(table, note=note)
        play.progress.committed = done
        play.reply(done)

    async def choose_option(
        self, interaction: discord.Interaction[GameBot], game_id: int, name: str, text: str
    ) -> None:
        async with plays(interaction, game_id=game_id, elsewhere=ELSEWHERE) as play:
            table = self._open(play)
            if table.row.status != "lobby":
                raise PlayerError(m("bot.lobbies.options_in_lobby"))
            field = next((f for f in option_fields(table.game) if f.name == name), None)
            if field is None:
                raise PlayerError(m("bot.lobbies.no_option", game=table.game.title, name=name))
            value = field.parse(text)
            table = await self.tables.set_options(table, interaction.user.id, **{name: value})
            done = m("bot.lobbies.option_set", option=field.title, value=field.named(value))
            play.progress.committed = done
            play.reply(done)
            await self.refresh(table)

    async def close(self, table: Table, user_id: int, *, can_manage: bool) -> Table:
        """Abandon the channel's game (the caller holds its lock and publishes); a lobby's
        message says so and loses its buttons."""
        was_lobby = table.row.status == "lobby"
        table = await self.tables.abandon(table, user_id, can_manage=can_manage)
        if was_lobby:
            await self.refresh(table, note=m("bot.lobbies.abandoned"), closed=True)
        return table
