"""The play path, in one place: check, act, commit, publish from the outbox, answer truthfully.

Slash commands, decision buttons, the host's `/game table force` and the due sweep all come
through here, so every one of them binds to the decision it was meant for, stores the move and
what must be told in one transaction, and tells the player exactly what happened.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.buttons import undo_view
from bot.discord.interactions import Progress, answer, handling
from bot.table import binding, limits, present
from bot.table.model import Accepted, PlayerError, Table
from bot.table.tables import NO_GAME
from engine import QuickChoice, words

if TYPE_CHECKING:
    from bot.discord.app import GameBot

log = logging.getLogger(__name__)

NOT_POSTED = (
    "That counted, but I could not post it in the channel yet. I will keep trying; "
    "the board will follow there."
)
STALE = "That decision was already answered or is no longer open; nothing was changed."


class Turns:
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def command(
        self, interaction: discord.Interaction, kind: str, given: dict[str, Any], *, game: str
    ) -> None:
        """A typed action from the game's slash commands. Values picked from autocomplete name
        the decision they were offered for (`bot.table.binding`): the action answers that decision
        or nothing, so a retry of a command that already counted never lands on the next."""
        bot = self.bot
        channel_id = interaction.channel_id or 0
        user_id = interaction.user.id
        async with handling(interaction) as progress:
            mark, values = binding.unbind(given)
            data = {"kind": kind, **{k: v for k, v in values.items() if k != binding.DECISION}}
            refused = None
            async with bot.in_flight(), bot.tables.lock(channel_id):
                table = await bot.tables.current(channel_id)
                if mark is not None:
                    refused = await binding.stale(bot.store, table, channel_id, user_id, mark)
                if refused is None:
                    if table is None:
                        raise PlayerError(NO_GAME)
                    if table.game.id != game:
                        raise PlayerError(
                            f"This channel is playing {table.game.title}; "
                            f"use `/{table.game.short_name}`."
                        )
                    seat = None if mark is None else mark.seat
                    move = await bot.tables.act(table, user_id, data, seat)
                    progress.committed = _label(move)
            if refused is not None:
                await answer(interaction, refused)
                return
            await self.told(interaction, move)

    async def click(
        self, interaction: discord.Interaction, game_id: int, seat: int, decision: int, key: str
    ) -> None:
        """A decision button: it answers the one decision it was posted for, or nothing."""
        bot = self.bot
        channel_id = interaction.channel_id or 0
        async with handling(interaction) as progress, bot.in_flight():
            async with bot.tables.lock(channel_id):
                table = await bot.tables.by_id(game_id)
                if table is None or table.row.channel_id != channel_id:
                    raise PlayerError("That button belongs to a game in another channel.")
                choice = _open_choice(table, seat, decision, key)
                if choice is not None:
                    move = await bot.tables.act(table, interaction.user.id, choice.action, seat)
                    progress.committed = _label(move)
            if choice is None:  # refused outside the lock: the edit waits on Discord
                await self._retire_clicked(interaction, table)
                raise PlayerError(STALE)
            await self.told(interaction, move)
            row = await bot.store.get(game_id)
            living = None if row is None or row.living is None else row.living.get("message")
            if interaction.message is not None and interaction.message.id != living:
                # The clicked message is not the one this step edited in place: say on it who
                # answered, and how, as its buttons go; a picture it carries becomes the board
                # after that answer, so that its last line and its picture tell the same.
                picture = None
                if interaction.message.attachments:
                    after = move.after
                    picture = await bot.drawing.board(after, bot.publisher.players(after))
                await _mark_answered(interaction, choice.label, picture)

    async def force(
        self,
        table: Table,
        why: str,
        progress: Progress | None = None,
        seats: list[int] | None = None,
    ) -> int:
        """Apply the default of each decision open now (of `seats`, if given); the caller
        holds the channel lock.

        Decisions that a default itself opens are left alone: their players get the full
        deadline. The caller publishes the moves once it has let go of the lock.
        """
        progress = progress or Progress()
        applied = 0
        for seat, default in sorted(self.bot.tables.forceable(table).items()):
            if seats is not None and seat not in seats:
                continue
            if self.bot.tables.forceable(table).get(seat) != default:
                continue  # an earlier default already settled or changed this decision
            move = await self.bot.tables.force(table, seat, why)
            table = move.after
            applied += 1
            progress.committed = f"Applied {words.count(applied, 'default')}."
        return applied

    async def told(
        self, interaction: discord.Interaction, move: Accepted, label: str | None = None
    ) -> None:
        """Publish the committed move, then answer: the answer says whether the post went out,
        and offers to take the move back while that is still allowed. `label` says what was
        done, when the game's own description of the action is not what the player reads."""
        label = label or _label(move)
        row = move.after.row
        shown = interaction.user.display_name
        if row.player_names.get(str(interaction.user.id)) != shown:
            await self.bot.store.name_players(row.id, {interaction.user.id: shown})
            row.player_names = {**row.player_names, str(interaction.user.id): shown}
        posted = await self.bot.publisher.publish(move.after.row.id)
        view = None
        if move.reversible:
            view = undo_view(move.after.row.id, move.after.row.version)
        text = f"✅ {label}" if posted else f"✅ {label}\n{NOT_POSTED}"
        await answer(interaction, text, view=view)

    async def _retire_clicked(self, interaction: discord.Interaction, table: Table) -> None:
        """A stale button's message loses its buttons, so nobody is caught by it again."""
        message = interaction.message
        if message is None or message.id in await self.bot.store.live_buttons(table.row.id):
            return  # still current for another decision: publication retires it in time
        try:
            await message.edit(view=None)
        except discord.HTTPException as exc:
            log.info("could not retire a stale button message: %s", exc)


def _open_choice(table: Table, seat: int, decision: int, key: str) -> QuickChoice | None:
    if table.row.status != "active":
        return None
    prompt = table.prompts().get(seat)
    if prompt is None or prompt.decision != decision:
        return None
    return present.find_choice(prompt, key)


def _label(move: Accepted) -> str:
    return move.after.game.describe(move.before.state, move.action)


async def _mark_answered(
    interaction: discord.Interaction, label: str, picture: discord.File | None = None
) -> None:
    """Note on the clicked message who answered and how (its buttons are already retired), and
    replace its picture with `picture`, when given, in the same edit."""
    message = interaction.message
    if message is None:
        return
    extra: dict[str, Any] = {} if picture is None else {"attachments": [picture]}
    try:
        await message.edit(
            content=limits.clip(
                f"{message.content}\n✔️ {interaction.user.mention}: {label}", limits.MESSAGE
            ),
            view=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **extra,
        )
    except discord.HTTPException as exc:
        log.info("could not mark a decision message as answered: %s", exc)
