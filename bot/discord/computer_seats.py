"""Computer seats from Discord: the lobby's computer buttons and `/game seat computer` seat one,
`/game seat computer` during play hands a player's seat to the computer, `/game seat return`
hands a computer's seat to a member, and the due sweep lets computers move. The rules of who
may do what live in `bot.table.computer`; the thinking runs in the drawing worker processes
(`Drawing.work`, `Drawing.each`), never on the event loop."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.discord.lobby import LEVEL_NAMES
from bot.discord.plays import plays
from bot.discord.steward import may_manage
from bot.table import computer
from bot.table.model import PlayerError
from engine.computer import STRONG, Level, Tally, best, merge
from engine.computer.levels import choose_json, think_json
from engine.messages import m

if TYPE_CHECKING:
    from bot.discord.app import GameBot
    from bot.discord.drawing import Drawing


def thinker(drawing: Drawing, game_id: int) -> computer.Think:
    """A `Think` for the worker processes: the strong level searches in every worker at once,
    each with its own seed, and plays the choice of their merged tallies (root parallelism);
    the casual level decides in the worker home to the game `game_id`."""

    async def think(game: str, state: str, seat: int, level: str, seed: int) -> dict[str, Any]:
        if level != Level.STRONG.value:
            return await drawing.work(game_id, game, choose_json, game, state, seat, level, seed)
        seconds = STRONG.seconds or 1.0
        found = await drawing.each(think_json, lambda n: (game, state, seat, seed + n, seconds))
        tally = merge(Tally.model_validate(t) for t in found)
        return tally.choices[best(tally)].action

    return think


async def hand_over(
    interaction: discord.Interaction[GameBot], level: str, player: discord.User | None
) -> None:
    """`/game seat computer`: in a lobby, seat a computer (as the lobby's button does); during
    play, give `player`'s seat to the computer."""
    async with plays(interaction) as play:
        table = play.table
        if table.row.status == "lobby":
            if player is not None:
                raise PlayerError(m("bot.commands.computer_in_lobby"))
            await interaction.client.lobbies.seat_computer(play, interaction.user.id, Level(level))
            return
        if player is None:
            raise PlayerError(m("bot.commands.computer_whose"))
        manage = may_manage(interaction, table.row.host_id)
        after = await computer.hand_over(
            interaction.client.tables, table, player.id, Level(level), interaction.user.id, manage
        )
        level_name = LEVEL_NAMES[Level(level)]
        play.tell(
            after.row.id, m("bot.commands.computer_plays", level=level_name, who=player.mention)
        )


async def hand_back(
    interaction: discord.Interaction[GameBot], seat: str, newcomer: discord.User
) -> None:
    """`/game seat return`: give a computer's seat to a member."""
    async with plays(interaction) as play:
        if newcomer.bot:
            raise PlayerError(m("bot.commands.bot_seat"))
        table = play.table
        manage = may_manage(interaction, table.row.host_id)
        client = interaction.client
        await client.store.name_players(table.row.id, {newcomer.id: newcomer.display_name})
        after = await computer.hand_back(
            client.tables, table, seat, newcomer.id, interaction.user.id, manage
        )
        assert after.state is not None
        names = [after.game.seat_name(after.state, s) for s in after.seats_of(newcomer.id)]
        play.tell(after.row.id, m("bot.commands.plays_now", who=newcomer.mention, seat=names))
