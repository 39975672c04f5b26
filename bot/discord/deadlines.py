"""The due sweep: reminders, turn limits and deadlines, for exactly the seats they fall due for.

Every seat that owes a decision has a wait in the store with the time its next reminder or
limit falls due, indexed; a sweep reads only the waits that are due, in batches, whatever the
number of games stored, and each is handled on its own (one that fails is logged and the sweep
goes on). A reminder counts the next one from when it went out, so after downtime a player
gets one reminder, not the ones missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import timedelta
from typing import TYPE_CHECKING

from bot.discord.buttons import SNOOZE
from bot.discord.computer_seats import thinker
from bot.logs import about
from bot.metrics import WAITS_HANDLED
from bot.store.models import Post, Wait
from bot.store.protocol import worker_name
from bot.table import computer, pace, posts
from bot.table.computer_ids import is_computer
from bot.table.model import ShuttingDown, Table
from bot.table.pace import Pace
from bot.table.posts import Control
from bot.table.speech import to_seat
from engine.messages import m

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractAsyncContextManager

    from bot.discord.publication import Publisher
    from bot.discord.turns import Turns
    from bot.store.models import DueWait
    from bot.store.protocol import GameStore
    from bot.table.tables import Tables

log = logging.getLogger(__name__)

BATCH = 100
"""Waits handled per sweep; a backlog (after downtime) clears over the next sweeps."""
LEASE = timedelta(minutes=5)
"""How long a due wait stays this process's once taken: another process sharing the store
takes it over after that, should this one have stopped while handling it."""


def _once(post: Post, what: str, wait: Wait) -> Post:
    """`post` keyed so that the game holds it once, however many processes' sweeps take its
    wait: by the seat, the person, the decision they owe and the reminders counted so far."""
    key = f"{what}:{wait.seat}:{wait.user_id}:{wait.decision}:{wait.reminders}"
    return post.model_copy(update={"once_key": key})


class DueSweep:
    """Runs the sweep every `every` seconds until `closed()`; each wait is handled while
    `in_flight` holds off shutdown, in its channel's lock, and published once that is let go."""

    def __init__(
        self,
        tables: Tables,
        store: GameStore,
        turns: Turns,
        publisher: Publisher,
        in_flight: Callable[[], AbstractAsyncContextManager[None]],
        closing: Callable[[], bool],
        every: float,
        worker: str | None = None,
    ) -> None:
        self.tables = tables
        self.store = store
        self.turns = turns
        self.publisher = publisher
        self.in_flight = in_flight
        self.closing = closing
        """Whether shutdown has begun: `in_flight` then refuses every move, so sweeping stops."""
        self.every = every
        self.worker = worker or worker_name()
        """The name its claims go under (`worker_name`, with the process's shards)."""
        self._woken = asyncio.Event()

    def wake(self) -> None:
        """Sweep now rather than at the next interval: a computer's move fell due, and a
        person playing against it should not wait a whole interval for each of its moves."""
        self._woken.set()

    async def sweep(self) -> int:
        """Handle every wait that is due now and no other process holds; the number handled. The
        waits are given back afterwards, handled or not, so a failed one is tried at the next
        sweep."""
        handled = 0
        worker = self.worker
        taken = await self.store.claim_due_waits(worker, self.tables.clock(), LEASE, BATCH)
        try:
            for due in taken:
                with about(game_id=due.game_id, channel_id=due.channel_id):
                    try:
                        await self._handle(due)
                        handled += 1
                        WAITS_HANDLED.inc()
                    except ShuttingDown:  # not a failure, and no use trying the rest
                        log.info("shutting down: the due waits left wait for the next start")
                        break
                    except Exception:
                        log.exception("due sweep failed for game %s seat %s", due.game_id, due.seat)
        finally:
            await self.store.release_waits(worker, taken)
        return handled

    async def _handle(self, due: DueWait) -> None:
        """The wait's reminder, limit, deadline or computer's move; a computer then plays on
        while computers owe moves, up to `MOVES_AT_ONCE`, each move published before the
        next is thought of, so the channel shows them one by one as a person's."""
        moved = await self._settle(due)
        for _ in range(computer.MOVES_AT_ONCE - 1):
            if not moved:
                return
            moved = await self._computer_plays_on(due)

    async def _computer_plays_on(self, due: DueWait) -> bool:
        async with self.in_flight():
            async with self.tables.lock(due.channel_id):
                table = await self.tables.by_id(due.game_id)
                asked = None if table is None else computer.owed(table)
            moved = asked is not None and await self._computer_moves(due, asked)
            await self.publisher.publish(due.game_id)
        return moved

    async def _settle(self, due: DueWait) -> bool:
        """The due wait handled; whether a computer moved."""
        asked = None
        async with self.in_flight():
            async with self.tables.lock(due.channel_id):
                table = await self.tables.by_id(due.game_id)
                if table is None or table.row.status != "active" or table.state is None:
                    await self.store.put_waits(due.game_id, [])
                    return False
                wait = table.row.waits.get(due.seat)
                prompt = table.prompts().get(due.seat)
                if wait is None or prompt is None or prompt.decision != wait.decision:
                    # A game from before waits were kept, or one whose waits are out of step.
                    await self.store.put_waits(due.game_id, self.tables.waits_after(table, None))
                    return False
                if is_computer(wait.user_id):
                    # A computer's move is due as soon as it is asked.
                    asked = computer.owed(table)
                else:
                    await self._due(table, wait)
            moved = asked is not None and await self._computer_moves(due, asked)
            await self.publisher.publish(due.game_id)
        return moved

    async def _computer_moves(self, due: DueWait, asked: computer.Asked) -> bool:
        """A computer thinks of the decision it was asked, in the worker processes and without
        the channel's lock (the table's other commands wait for its move, not its thinking),
        then plays it if the table has not moved on meanwhile; whether it moved."""
        action = await computer.decide(asked, thinker(self.turns.drawing, due.game_id))
        async with self.tables.lock(due.channel_id):
            table = await self.tables.by_id(due.game_id)
            if table is None:
                return False
            return await computer.answer(self.tables, table, asked, action) is not None

    async def _due(self, table: Table, wait: Wait) -> None:
        """What a person's wait calls for now."""
        now = self.tables.clock()
        table_pace = Pace.model_validate(table.row.pace)
        assert table.state is not None
        name = table.game.seat_name(table.state, wait.seat)
        if wait.limit_at is not None and not wait.limit_told and wait.limit_at <= now:
            away = table.row.away.get(wait.user_id)
            if away is not None and table_pace.on_vacation == "default":
                why = m("bot.deadlines.away", name=name)
                await self.turns.force(table, why, seats=[wait.seat])
            elif wait.out_of_turn:
                hours = f"{self.tables.deadline_hours:g}"
                why = m("bot.deadlines.no_answer", hours=hours)
                await self.turns.force(table, why, seats=[wait.seat])
            elif table_pace.on_limit == "default":
                limit = f"{table_pace.turn_limit:g}"
                why = m("bot.deadlines.passed_limit", name=name, limit=limit)
                await self.turns.force(table, why, seats=[wait.seat])
            elif table_pace.on_limit == "computer" and computer.may_stand_in(table, wait.seat):
                await computer.stand_in(self.tables, table, wait.seat, table_pace.turn_limit)
            else:
                await self._tell_host(table, wait, table_pace)
            return
        if wait.remind_at is not None and wait.remind_at <= now:
            prefs = (await self.store.prefs([wait.user_id]))[wait.user_id]
            quiet_end = prefs.quiet_until(now)
            if quiet_end is not None:
                await self.store.update_wait(wait.model_copy(update={"remind_at": quiet_end}), [])
                return
            await self._remind(table, wait, table_pace)
            return
        # Due by a time that has since moved (settings changed): store the wait as it stands.
        await self.store.update_wait(wait, [])

    async def _tell_host(self, table: Table, wait: Wait, table_pace: Pace) -> None:
        assert table.state is not None
        host = table.row.host_id
        said = m(
            "bot.deadlines.tell_host",
            who=f"<@{wait.user_id}>",
            name=table.game.seat_name(table.state, wait.seat),
            hours=f"{table_pace.turn_limit:g}",
            host=f"<@{host}>",
            label=self.tables.default_label(table, wait.seat),
        )
        told = wait.model_copy(update={"limit_told": True})
        await self.store.update_wait(told, [_once(posts.tell(table, said, [host]), "limit", wait)])

    async def _remind(self, table: Table, wait: Wait, table_pace: Pace) -> None:
        assert table.state is not None
        prompt = table.prompts()[wait.seat]
        name = table.game.seat_name(table.state, wait.seat)
        controls = []
        message = await self.store.last_message(table.row.id, None)
        if message is not None and table.row.guild_id is not None:
            url = f"https://discord.com/channels/{table.row.guild_id}/{table.row.channel_id}/{message}"
            go = to_seat(table, wait.seat, m("bot.deadlines.go_to_game"))
            controls.append(Control(label=go, url=url))
        controls.append(
            Control(
                label=to_seat(table, wait.seat, SNOOZE),
                custom_id=f"snooze:{table.row.id}:{wait.seat}:{wait.decision}",
            )
        )
        text = to_seat(table, wait.seat, m("bot.deadlines.reminder", name=name, what=prompt.msg))
        fallback = m("bot.deadlines.reminder_here", who=f"<@{wait.user_id}>", name=name)
        after = pace.after_reminder(wait, table_pace, self.tables.clock())
        nudge = posts.reminder(table, wait.user_id, text, controls, fallback)
        told = [_once(nudge, "reminder", after)]
        if after.reminders >= table_pace.reminders:
            host = table.row.host_id
            said = m(
                "bot.deadlines.absent",
                who=f"<@{wait.user_id}>",
                name=name,
                n=after.reminders,
                host=f"<@{host}>",
            )
            absent = posts.tell(table, said, [host])
            told.append(_once(absent, "absent", after))
        await self.store.update_wait(after, told)

    async def run(self) -> None:
        """Sweep forever; errors are logged per sweep so one bad game cannot stop the others."""
        while not self.closing():
            self._woken.clear()  # a wake-up from here on is for a move this sweep may miss
            try:
                await self.sweep()
            except Exception:
                log.exception("due sweep failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._woken.wait(), self.every)
