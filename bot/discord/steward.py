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
from bot.discord.interactions import Progress, answer, handling, later, reader
from bot.discord.plays import ELSEWHERE, plays
from bot.store.models import Prefs
from bot.table import attendance, posts, takebacks
from bot.table.model import PlayerError, Table
from bot.table.pace import SNOOZE, Pace, refusal
from engine.messages import Msg, m, say

if TYPE_CHECKING:
    from bot.discord.app import GameBot
    from bot.discord.lobby import Lobbies
    from bot.discord.publication import Publisher
    from bot.discord.turns import Turns
    from bot.store.protocol import GameStore
    from bot.table.tables import Tables


MANAGERS_ONLY = {
    "abandon": m("bot.steward.managers.abandon"),
    "force": m("bot.steward.managers.force"),
    "replace": m("bot.steward.managers.replace"),
    "rewind": m("bot.steward.managers.rewind"),
}
"""Why someone who neither hosts nor manages the channel may not do each of these."""
RACED = m("bot.steward.raced")
DONE = {
    "pause": m("bot.steward.paused"),
    "resume": m("bot.steward.resumed"),
    "back": m("bot.steward.back"),
    "away": m("bot.steward.away"),
    "resign": m("bot.steward.resigned"),
}
"""What the simple table changes answer (and tell the channel)."""


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
            raise PlayerError(ELSEWHERE)
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
            if op in MANAGERS_ONLY and not manage:
                raise PlayerError(MANAGERS_ONLY[op])
            text: Msg
            if op == "abandon":
                text = m("bot.steward.ask.abandon", game=table.game.title)
            elif op == "force":
                if not self.tables.forceable(table):
                    raise PlayerError(m("bot.steward.nobody_waited_for"))
                lines = [
                    m(
                        "bot.steward.ask.force_line",
                        who=f"<@{table.holder(seat)}>",
                        label=self.tables.default_label(table, seat),
                    )
                    for seat in sorted(self.tables.forceable(table))
                ]
                said = reader(interaction)
                text = m("bot.steward.ask.force", lines="\n".join(say(x, said) for x in lines))
            elif op == "replace":
                member = interaction.guild.get_member(b) if interaction.guild else None
                seats = attendance.check_replace(table, a, b, bool(member and member.bot))
                assert table.state is not None
                names = [table.game.seat_name(table.state, s) for s in seats]
                text = m("bot.steward.ask.replace", old=f"<@{a}>", seats=names, new=f"<@{b}>")
                await self.store.name_players(table.row.id, {b: name})
            elif op == "rewind":
                plan = await takebacks.plan_rewind(self.tables, table, count)
                text = m("bot.steward.ask.rewind", n=count, moves=plan.moves())
                a = count
            else:
                plan = await takebacks.plan_undo(self.tables, table, user, count)
                text = m("bot.steward.ask.undo", moves=plan.moves())
                a = count
            view = confirm_view(table.row.id, op, a, b, table.row.version, reader(interaction))
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
                raise PlayerError(m("bot.steward.undo_moved_on"))
            plan = await takebacks.plan_undo(self.tables, table, interaction.user.id, count)
            view = confirm_view(
                table.row.id, "undo", count, 0, table.row.version, reader(interaction)
            )
            await answer(interaction, m("bot.steward.ask.undo", moves=plan.moves()), view=view)

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
                raise PlayerError(m("bot.steward.changed_since"))
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
    ) -> Msg:
        user = interaction.user.id
        manage = may_manage(interaction, table.row.host_id)
        if op == "abandon":
            await self.lobbies.close(table, user, can_manage=manage)
            progress.committed = m("bot.lobbies.abandoned")
        elif op == "force":
            if not manage:
                raise PlayerError(MANAGERS_ONLY["force"])
            why = m("bot.steward.forced", who=interaction.user.mention)
            count = await self.turns.force(table, why, progress)
            progress.committed = m("bot.steward.played_defaults", n=count)
        elif op == "replace":
            await attendance.replace(self.tables, table, a, b, user, manage)
            progress.committed = m("bot.steward.replaced", old=f"<@{a}>", new=f"<@{b}>")
        elif op == "rewind":
            if not manage:
                raise PlayerError(MANAGERS_ONLY["rewind"])
            plan = await takebacks.plan_rewind(self.tables, table, a)
            await takebacks.ask_rewind(self.tables, table, plan, user)
            progress.committed = m("bot.steward.rewind_asked")
        else:
            plan = await takebacks.plan_undo(self.tables, table, user, a)
            await takebacks.take_back(self.tables, table, plan, user, rewind=False)
            progress.committed = m("bot.steward.taken_back", moves=plan.moves())
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
                raise PlayerError(m("bot.steward.vote_elsewhere"))
            voters = takebacks.voters(table)
            user = interaction.user.id
            if user not in voters:
                raise PlayerError(m("bot.steward.voters_only"))
            if rewind.state != "open" or table.row.version != rewind.version:
                await self._strike(interaction)
                raise PlayerError(m("bot.steward.rewind_closed"))
            settled = False
            text: Msg
            if not yes:
                refused = m("bot.steward.refused_notice", who=f"<@{user}>")
                told = posts.tell(table, refused)
                if not await self.store.settle_rewind(
                    rewind, agreed=rewind.agreed, state="refused", posts=[told]
                ):
                    raise PlayerError(RACED)
                progress.committed = m("bot.steward.refused")
                text = m("bot.steward.refused_told")
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
                    text = m("bot.steward.rewound")
                    progress.committed = text
                    await self.store.settle_rewind(rewind, agreed=agreed, state="done")
                    settled = True
                else:
                    if not await self.store.settle_rewind(rewind, agreed=agreed, state="open"):
                        raise PlayerError(RACED)
                    progress.committed = m("bot.steward.agreed")
                    text = m("bot.steward.agreed_waiting", waiting=[f"<@{v}>" for v in waiting])
            if not yes or settled:
                play.afterwards(lambda: self._strike(interaction))
            assert progress.committed is not None  # every branch above stored its change
            play.changed(game_id, progress.committed)
            play.reply(text, unposted=later(text))

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
                raise PlayerError(m("bot.steward.snooze.over"))
            async with self.tables.lock(table.row.channel_id):
                wait = (await self.store.waits(game_id)).get(seat)  # as of the lock
                if seat not in table.seats_of(interaction.user.id):
                    raise PlayerError(m("bot.steward.snooze.other"))
                if wait is None or wait.decision != decision:
                    raise PlayerError(m("bot.steward.snooze.moved"))
                again = self.tables.clock() + SNOOZE
                await self.store.update_wait(wait.model_copy(update={"remind_at": again}), [])
            when = f"<t:{int(again.timestamp())}:R>"
            await answer(interaction, m("bot.steward.snooze.again", when=when))

    # ----- settings ------------------------------------------------------------------------
    async def settings(
        self, interaction: discord.Interaction[GameBot], changes: dict[str, Any]
    ) -> None:
        async with plays(interaction) as play:
            table = play.table
            if not changes:
                pace = Pace.model_validate(table.row.pace)
                play.reply(m("bot.steward.pace", pace=pace.summary()))
                return
            manage = may_manage(interaction, table.row.host_id)
            table = await attendance.set_pace(
                self.tables, table, interaction.user.id, manage, changes
            )
            set_to = Pace.model_validate(table.row.pace).summary()
            play.tell(table.row.id, m("bot.steward.pace_set", pace=set_to))
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
                    why = refusal(exc, Prefs)
                    raise PlayerError(m("bot.steward.me.refused", why=why)) from None
                if (prefs.quiet_from is None) != (prefs.quiet_to is None):
                    raise PlayerError(m("bot.steward.me.quiet_both"))
                await self.store.set_prefs(user, prefs)
                if prefs.language:
                    interaction.client.chosen_languages[user] = prefs.language
                else:
                    interaction.client.chosen_languages.pop(user, None)
                await answer(interaction, m("bot.steward.me.saved", settings=prefs.summary()))
                return
            await answer(interaction, m("bot.steward.me.shown", settings=prefs.summary()))

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
                done = DONE["pause"]
            elif op == "resume":
                await attendance.resume(self.tables, table, user, manage)
                done = DONE["resume"]
            elif op == "vacation":
                await attendance.vacation(self.tables, table, user, args["days"])
                done = DONE["away" if args["days"] else "back"]
            else:
                await attendance.resign(self.tables, table, user)
                done = DONE["resign"]
            play.tell(table.row.id, done)
