"""Looking after a running table from Discord: confirmations, undo, rewind votes, snoozes,
pace, pauses, time away and replacing players.

Destructive commands answer with what they would do and a Confirm button bound to the game's
version, so a confirmation can only carry out exactly what its asker read. The rules of who
may do what live in `attendance` and `takebacks`; this module only talks to Discord.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import discord
from pydantic import ValidationError

from bot.discord.buttons import confirm_view
from bot.discord.interactions import LATER, Progress, answer, handling
from bot.discord.plays import plays
from bot.store.models import Prefs
from bot.table import attendance, posts, takebacks
from bot.table.model import PlayerError, Table
from bot.table.pace import SNOOZE, Pace, refusal
from engine import words

if TYPE_CHECKING:
    from bot.discord.app import GameBot
    from bot.discord.lobby import Lobbies
    from bot.discord.publication import Publisher
    from bot.discord.turns import Turns
    from bot.store.protocol import GameStore
    from bot.table.tables import Tables


def may_manage(interaction: discord.Interaction[GameBot], host_id: int | None) -> bool:
    """The host, or a member allowed to manage the channel, may steer a game from outside."""
    if interaction.user.id == host_id:
        return True
    return interaction.permissions.manage_channels


class Steward:
    def __init__(
        self,
        tables: Tables,
        store: GameStore,
        turns: Turns,
        lobbies: Lobbies,
        publisher: Publisher,
    ) -> None:
        self.tables = tables
        self.store = store
        self.turns = turns
        self.lobbies = lobbies
        self.publisher = publisher

    async def _here(
        self, interaction: discord.Interaction[GameBot], game_id: int | None = None
    ) -> Table:
        channel_id = interaction.channel_id or 0
        if game_id is None:
            return await self.tables.require(channel_id)
        table = await self.tables.by_id(game_id)
        if table is None or table.row.channel_id != channel_id:
            raise PlayerError("That button belongs to a game in another channel.")
        return table

    # ----- asking for confirmation ---------------------------------------------------------
    async def ask(
        self,
        interaction: discord.Interaction[GameBot],
        op: str,
        a: int = 0,
        b: int = 0,
        count: int = 1,
        name: str = "",
    ) -> None:
        """Say what a destructive command would do and offer the button that does it."""
        async with handling(interaction):
            table = await self._here(interaction)
            manage = may_manage(interaction, table.row.host_id)
            user = interaction.user.id
            if op == "abandon":
                if not manage:
                    raise PlayerError(
                        "Only the host or someone with Manage Channels can abandon a game."
                    )
                text = f"Abandon this game of {table.game.title}? It ends without a result."
            elif op == "force":
                if not manage:
                    raise PlayerError("Only the host or someone with Manage Channels can force.")
                text = "Play the default for everyone the table is waiting for?\n" + "\n".join(
                    f"- <@{table.holder(seat)}>: {self.tables.default_label(table, seat)}"
                    for seat in sorted(self.tables.forceable(table))
                )
                if not self.tables.forceable(table):
                    raise PlayerError("Nobody is being waited for.")
            elif op == "replace":
                if not manage:
                    raise PlayerError(
                        "Only the host or someone with Manage Channels can replace a player."
                    )
                member = interaction.guild.get_member(b) if interaction.guild else None
                seats = attendance.check_replace(table, a, b, bool(member and member.bot))
                assert table.state is not None
                names = ", ".join(table.state.seat_names[s] for s in seats)
                text = (
                    f"Give <@{a}>'s seat ({names}) to <@{b}>? They get its secrets by DM at "
                    f"once and <@{a}> can no longer act for it."
                )
                await self.store.name_players(table.row.id, {b: name})
            elif op == "rewind":
                if not manage:
                    raise PlayerError(
                        "Only the host or someone with Manage Channels can ask for a rewind."
                    )
                plan = await takebacks.plan_rewind(self.tables, table, count)
                text = (
                    f"Ask the table to take back {words.count(count, 'move')}? {plan.text()}. "
                    "Every player must agree with the buttons I post in the channel."
                )
                a = count
            else:
                plan = await takebacks.plan_undo(self.tables, table, user, count)
                text = f"Take back: {plan.text()}?"
                a = count
            view = confirm_view(table.row.id, op, a, b, table.row.version)
            await answer(interaction, text, view=view)

    async def ask_undo(
        self,
        interaction: discord.Interaction[GameBot],
        count: int,
        game_id: int | None = None,
        version: int | None = None,
    ) -> None:
        """The Undo button on a move's answer (bound to the game as that move left it), or
        `/game undo`: show what would be undone."""
        if game_id is None:
            await self.ask(interaction, "undo", count=count)
            return
        async with handling(interaction, in_place=True):
            table = await self._here(interaction, game_id)
            if table.row.version != version:
                raise PlayerError(
                    "The game moved on since that move, so this button no longer undoes it; "
                    "`/game undo` shows what you can still take back."
                )
            plan = await takebacks.plan_undo(self.tables, table, interaction.user.id, count)
            view = confirm_view(table.row.id, "undo", count, 0, table.row.version)
            await answer(interaction, f"Take back: {plan.text()}?", view=view)

    async def confirmed(
        self,
        interaction: discord.Interaction[GameBot],
        game_id: int,
        op: str,
        a: int,
        b: int,
        version: int,
    ) -> None:
        """Carry out a confirmed command, if the game is as its asker saw it."""
        async with plays(interaction, game_id=game_id, in_place=True) as play:
            table = play.table
            if table.row.version != version or table.row.status not in ("lobby", "active"):
                raise PlayerError("The game changed since you asked; nothing was done. Ask again.")
            play.tell(game_id, await self._carry_out(interaction, table, op, a, b, play.progress))
            if op == "abandon":
                play.afterwards(lambda: self.publisher.retire_all(table))

    async def _carry_out(
        self,
        interaction: discord.Interaction[GameBot],
        table: Table,
        op: str,
        a: int,
        b: int,
        progress: Progress,
    ) -> str:
        user = interaction.user.id
        manage = may_manage(interaction, table.row.host_id)
        if op == "abandon":
            await self.lobbies.close(table, user, can_manage=manage)
            progress.committed = "Abandoned."
        elif op == "force":
            if not manage:
                raise PlayerError("Only the host or someone with Manage Channels can force.")
            why = f"⏩ {interaction.user.mention} played the default for the table."
            count = await self.turns.force(table, why, progress)
            progress.committed = f"Played {words.count(count, 'default')}."
        elif op == "replace":
            await attendance.replace(self.tables, table, a, b, user, manage)
            progress.committed = f"<@{b}> now holds <@{a}>'s seat."
        elif op == "rewind":
            if not manage:
                raise PlayerError(
                    "Only the host or someone with Manage Channels can ask for a rewind."
                )
            plan = await takebacks.plan_rewind(self.tables, table, a)
            await takebacks.ask_rewind(self.tables, table, plan, user)
            progress.committed = "I asked the table; the rewind happens once everyone agrees."
        else:
            plan = await takebacks.plan_undo(self.tables, table, user, a)
            await takebacks.take_back(self.tables, table, plan, user, rewind=False)
            progress.committed = f"Taken back: {plan.text()}."
        return progress.committed

    # ----- rewind votes --------------------------------------------------------------------
    async def vote(
        self, interaction: discord.Interaction[GameBot], game_id: int, rewind_id: int, yes: bool
    ) -> None:
        async with plays(interaction, game_id=game_id) as play:
            progress = play.progress
            table = play.table
            rewind = await self.store.rewind(rewind_id)
            if rewind is None or rewind.game_id != game_id:
                raise PlayerError("That vote belongs to another game.")
            voters = takebacks.voters(table)
            user = interaction.user.id
            if user not in voters:
                raise PlayerError("Only the players of this game vote on a rewind.")
            if rewind.state != "open" or table.row.version != rewind.version:
                await self._strike(interaction)
                raise PlayerError(
                    "That rewind is no longer open (the game moved on, or it was settled)."
                )
            if not yes:
                told = posts.notice(f"⏪ <@{user}> refused the rewind; the game goes on as it is.")
                if not await self.store.settle_rewind(
                    rewind, agreed=rewind.agreed, state="refused", posts=[told]
                ):
                    raise PlayerError("Someone answered at the same moment; press again.")
                progress.committed = "You refused the rewind."
                text = "You refused the rewind; the table was told."
            else:
                agreed = sorted({*rewind.agreed, user})
                waiting = [v for v in voters if v not in agreed]
                if not waiting:
                    # The rewind itself is stored first: a crash before the vote is marked
                    # leaves a rewind that went stale with the game's version, never one
                    # marked done but not applied.
                    plan = await takebacks.plan_rewind(self.tables, table, len(rewind.seqs))
                    await takebacks.take_back(
                        self.tables, table, plan, rewind.asked_by, rewind=True
                    )
                    progress.committed = "Everyone agreed: the game was rewound."
                    await self.store.settle_rewind(rewind, agreed=agreed, state="done")
                    text = progress.committed
                else:
                    if not await self.store.settle_rewind(rewind, agreed=agreed, state="open"):
                        raise PlayerError("Someone answered at the same moment; press again.")
                    progress.committed = "You agreed."
                    text = "You agreed. Still waiting for " + ", ".join(f"<@{v}>" for v in waiting)
            if not yes or "rewound" in text:
                play.afterwards(lambda: self._strike(interaction))
            play.changed(game_id, progress.committed or text)
            play.reply(text, unposted=f"{text} {LATER}")

    async def _strike(self, interaction: discord.Interaction[GameBot]) -> None:
        """The vote is settled: its buttons come off the message."""
        if interaction.message is not None:
            with contextlib.suppress(discord.HTTPException):
                await interaction.message.edit(view=None)

    # ----- reminders -----------------------------------------------------------------------
    async def snooze(
        self, interaction: discord.Interaction[GameBot], game_id: int, seat: int, decision: int
    ) -> None:
        async with handling(interaction):
            table = await self.tables.by_id(game_id)
            if table is None or table.row.status != "active" or table.state is None:
                raise PlayerError("That game is over; there is nothing to remind you of.")
            async with self.tables.lock(table.row.channel_id):
                wait = (await self.store.waits(game_id)).get(seat)  # as of the lock
                if seat not in table.seats_of(interaction.user.id):
                    raise PlayerError("That reminder is for another player.")
                if wait is None or wait.decision != decision:
                    raise PlayerError("You have already moved since; nothing to remind you of.")
                later = self.tables.clock() + SNOOZE
                await self.store.update_wait(wait.model_copy(update={"remind_at": later}), [])
            await answer(interaction, f"I will remind you again <t:{int(later.timestamp())}:R>.")

    # ----- settings ------------------------------------------------------------------------
    async def settings(
        self, interaction: discord.Interaction[GameBot], changes: dict[str, Any]
    ) -> None:
        async with plays(interaction) as play:
            table = play.table
            if not changes:
                pace = Pace.model_validate(table.row.pace)
                play.reply(f"This table's pace: {pace.summary()}.")
                return
            manage = may_manage(interaction, table.row.host_id)
            table = await attendance.set_pace(
                self.tables, table, interaction.user.id, manage, changes
            )
            play.tell(table.row.id, f"Pace set: {Pace.model_validate(table.row.pace).summary()}.")
            if table.row.status == "lobby":
                await self.lobbies.refresh(table)

    async def me(self, interaction: discord.Interaction[GameBot], changes: dict[str, Any]) -> None:
        async with handling(interaction):
            user = interaction.user.id
            prefs = (await self.store.prefs([user]))[user]
            if changes:
                try:
                    prefs = Prefs.model_validate({**prefs.model_dump(), **changes})
                except ValidationError as exc:
                    raise PlayerError(f"Nothing was changed. {refusal(exc, Prefs)}") from None
                if (prefs.quiet_from is None) != (prefs.quiet_to is None):
                    raise PlayerError(
                        "Nothing was changed: quiet hours need both a start and an end hour."
                    )
                await self.store.set_prefs(user, prefs)
                if prefs.language:
                    interaction.client.chosen_languages[user] = prefs.language
                else:
                    interaction.client.chosen_languages.pop(user, None)
                await answer(interaction, f"Saved. {prefs.summary()}.")
                return
            await answer(interaction, f"Your settings: {prefs.summary()}.")

    async def table_op(
        self, interaction: discord.Interaction[GameBot], op: str, **args: Any
    ) -> None:
        """Pause, resume, vacation and resign: simple changes told to the channel."""
        async with plays(interaction) as play:
            table = play.table
            user = interaction.user.id
            manage = may_manage(interaction, table.row.host_id)
            if op == "pause":
                await attendance.pause(self.tables, table, user, manage)
                done = "Paused."
            elif op == "resume":
                await attendance.resume(self.tables, table, user, manage)
                done = "Resumed."
            elif op == "vacation":
                await attendance.vacation(self.tables, table, user, args["days"])
                done = "Welcome back." if not args["days"] else "Enjoy!"
            else:
                await attendance.resign(self.tables, table, user)
                done = "I asked the host to replace you."
            play.tell(table.row.id, done)
