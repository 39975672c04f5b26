"""Sending the outbox: every committed change reaches the channel and DMs exactly once.

The outbox is written in the same transaction as the change it tells of, so a crash can only
leave a post unsent, never lost. A post is marked `sending` (with the exact messages it will be)
before anything goes out and each message is counted once Discord has it. After a crash, a
message whose fate is unknown is looked up in the channel's recent history (the bot's own
message with the same text, posted after the attempt began) before it is sent again, and every
send carries a nonce so Discord itself drops a quick duplicate. A post that could not go out at
the time says so when it finally does.

Failures are per game: a refusal or an outage postpones that game's posts with a growing delay
and never stops another game's. A channel that is gone or closed to the bot closes its game as
orphaned after repeated failures, logged once.
"""

from __future__ import annotations

import asyncio
import logging
import random
import weakref
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import aiohttp
import discord

from bot.discord.buttons import ChoiceButton, controls_view
from bot.discord.interactions import sending
from bot.logs import about
from bot.store.models import OutboxRow, Shown
from bot.store.protocol import worker_name
from bot.table import limits, posts
from bot.table.computer_ids import is_computer
from bot.table.model import Table
from bot.table.pace import Pace
from bot.table.posts import Piece
from bot.table.speech import person_language, table_language
from engine.messages import m, say

if TYPE_CHECKING:
    from collections.abc import Callable

    from bot.config import Settings
    from bot.discord.drawing import Drawing
    from bot.store.protocol import GameStore
    from bot.table.tables import Tables

log = logging.getLogger(__name__)

LATE_AFTER = timedelta(seconds=30)
"""A post composed this long after its change is marked late: the table sees when it happened."""
SWEEP_GRACE = timedelta(seconds=2)
"""The sweep leaves a fresh post to the move that is publishing it right now."""
LEASE = timedelta(minutes=5)
"""How long a game's posts stay this process's once its sweep takes them: another process
sharing the store takes them over after that, should this one have stopped while sending."""
PRUNE_BATCH = 200
"""Delivered posts trimmed per sweep at most, so one sweep's transaction stays short."""
GONE = {10003, 50001}
"""Unknown Channel and Missing Access: the game's channel is gone or closed to the bot."""
RETRY_CAP = timedelta(minutes=15)
"""The longest a failed post waits before its next try."""


class Publisher:
    def __init__(
        self,
        client: discord.Client,
        store: GameStore,
        tables: Tables,
        drawing: Drawing,
        settings: Settings,
        rng: random.Random | None = None,
    ) -> None:
        self.client = client
        """Sends the posts: to the game's channel, and to players by DM."""
        self.store = store
        self.tables = tables
        self.drawing = drawing
        self.settings = settings
        self.rng = rng or random.Random()
        """Draws each retry's share of its wait; a test seeds its own."""
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._retiring: set[asyncio.Task[None]] = set()
        """Button retirements under way: cosmetic, so no player's answer waits for them."""
        self.computer_due: Callable[[], None] | None = None
        """Called once a game's posts are out while a computer owes a decision in it (the
        due sweep's `wake`): the computer answers the move the channel now shows."""

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def publish(
        self, game_id: int, *, catching_up: bool = False, spare: int | None = None
    ) -> bool:
        """Send the game's outstanding posts in order; True when nothing is left to send.

        `catching_up`: called by the sweep, not right after the change, so whatever is sent
        now did not go out when it happened (a crash, an outage) and says so. `spare`: a
        message whose buttons its clicker's answer takes off in the edit that marks it answered,
        so it is not edited twice (it stays tracked until then)."""
        async with self._lock(game_id):
            with about(game_id=game_id):
                try:
                    return await self._drain(game_id, catching_up, spare)
                except Exception:
                    log.exception("publishing game %s failed; it will be retried", game_id)
                    return False

    async def sweep(self) -> int:
        """Publish every game with a post that is due (a crash, an outage, a backoff) and that
        no other process holds, then trim the posts delivered longer ago than the safe delay
        (`SqlOutbox.prune`). Each game's posts are given back once its publishing stops."""
        store = self.store
        done = 0
        worker = worker_name(self.settings.shard_ids)
        now = datetime.now(UTC)
        for game_id in await store.claim_posts(worker, now, LEASE, 100, grace=SWEEP_GRACE):
            try:
                if await self.publish(game_id, catching_up=True):
                    done += 1
            finally:
                await store.release_posts(worker, game_id)
        keep = timedelta(minutes=self.settings.outbox_keep_minutes)
        await store.prune(datetime.now(UTC) - keep, limit=PRUNE_BATCH)
        return done

    async def run(self) -> None:
        """Heal at start-up, then keep sweeping; each game's failure stays with that game."""
        await self.client.wait_until_ready()
        while not self.client.is_closed():
            try:
                await self.sweep()
            except Exception:
                log.exception("publication sweep failed")
            await asyncio.sleep(self.settings.publish_check_seconds)

    # ----- one game --------------------------------------------------------------------------
    async def _drain(self, game_id: int, catching_up: bool, spare: int | None = None) -> bool:
        """Send posts oldest first, stopping at the first that fails, so order is kept; posts
        queued meanwhile (a closed-DMs notice) go out in the same call."""
        store = self.store
        while True:
            worker = worker_name(self.settings.shard_ids)
            taken = await store.take_posts(worker, game_id, datetime.now(UTC), LEASE)
            if taken is None:  # nothing open, or another worker is sending it
                return not await store.open_posts(game_id)
            table = await self.tables.loaded(taken.row)
            newest = max(p.seq for p in taken.posts)
            queued = False
            for index, post in enumerate(taken.posts):
                later_turn = any(p.kind == "turn" for p in taken.posts[index + 1 :])
                # An older change still unposted when a newer one is published was missed.
                late = catching_up or post.seq < newest
                current = not later_turn and table.row.version == post.body.get("version")
                try:
                    await self._send_post(
                        table,
                        post,
                        current=current,
                        late=late,
                        last=taken.last_message,
                        spare=spare,
                    )
                except Exception as exc:
                    if not await self._failed(table, post, exc):
                        return False
                    queued = True
            if not queued:
                waits = taken.row.waits.values()
                if self.computer_due is not None and any(is_computer(w.user_id) for w in waits):
                    self.computer_due()
                return True

    async def _send_post(
        self,
        table: Table,
        post: OutboxRow,
        *,
        current: bool,
        late: bool,
        last: int | None,
        spare: int | None = None,
    ) -> None:
        store = self.store
        pieces = [Piece.model_validate(p) for p in post.pieces or []]
        if post.pieces is None:
            pieces = posts.compose(
                table,
                post,
                current=current,
                show=self._show(table, last),
                late=_late_note(post, late, _reading(table, post)),
            )
            await store.mark_sending(post.id, posts.dump(pieces))
        target = await self._target(table, post)
        telling = post.kind == "turn" and (current or post.body["final"])
        shown_by = next((p for p in pieces if p.shows is not None), None) if telling else None
        sent: list[discord.Message] = []
        for number in range(post.parts_sent, len(pieces)):
            piece = pieces[number]
            message = None
            if post.state == "sending" and number == post.parts_sent:
                message = await self._already_sent(target, post, piece)
            if message is None:
                drawn = await self._timelapse(table) if piece.timelapse else []
                message = await asyncio.wait_for(
                    self._send_piece(
                        target, table, piece, nonce=f"{post.id}.{number}", drawn=drawn
                    ),
                    self.settings.post_timeout_seconds,
                )
            if piece.living is not None:
                piece.living.message = message.id
            sent.append(message)
            done = number + 1 == len(pieces)
            shown = None
            if done and shown_by is not None and shown_by.shows is not None:
                living = shown_by.living if shown_by is pieces[-1] else None
                dumped = None if living is None else living.model_dump(mode="json")
                shown = Shown(announced=shown_by.shows, living=dumped)
                table.row.announced, table.row.living = shown.announced, shown.living
            live = await store.mark_part_sent(
                post.id,
                number + 1,
                done=done,
                message_id=message.id,
                buttons=(table.row.id, table.row.channel_id) if piece.buttons else None,
                shown=shown,
            )
            if shown is not None:
                # Every message of this post keeps its buttons, those an earlier attempt sent too.
                keep = {*post.message_ids, *(m.id for m in sent), spare}
                self._retire_later(table, [m for m in live if m not in keep])
                table.row.channel_failures = 0  # told by the same write
        if post.kind != "private" and table.row.channel_failures:
            await store.channel_worked(table.row.id)  # the channel works again
            table.row.channel_failures = 0

    async def _target(self, table: Table, post: OutboxRow) -> discord.abc.Messageable:
        if post.kind == "private":
            assert post.recipient is not None
            return await self.client.create_dm(discord.Object(id=post.recipient))
        return self.client.get_partial_messageable(
            table.row.channel_id, guild_id=table.row.guild_id
        )

    def _show(self, table: Table, last: int | None) -> posts.Show:
        """How the table shows itself now; its living turn message counts only while it is
        still the game's latest message in the channel (`last`)."""
        pace = Pace.model_validate(table.row.pace)
        living = board_turn = None
        if table.row.living is not None:
            living = posts.Living.model_validate(table.row.living)
            board_turn = living.board_turn
            if living.message != last:
                living = None
        return posts.Show(
            board=pace.board,
            narration=pace.narration,
            announced=set(table.row.announced),
            living=living,
            grace=timedelta(minutes=pace.ping_grace_minutes),
            overview=table.game.id in self.drawing.overviews,
            board_turn=board_turn,
        )

    async def _timelapse(self, table: Table) -> list[discord.File]:
        """A finished game's timelapse, drawn before its message's send is timed: a long game's
        takes seconds in a worker, which are not Discord's to answer for."""
        picture = await self.drawing.timelapse(table, await self.store.action_log(table.row.id))
        return [] if picture is None else [picture]

    async def _send_piece(
        self,
        target: discord.abc.Messageable,
        table: Table,
        piece: Piece,
        *,
        nonce: str,
        drawn: list[discord.File] | None = None,
    ) -> discord.Message:
        """`drawn`: pictures drawn beforehand (a timelapse), attached after the board; without
        them a piece meant to carry a timelapse says it could not be drawn."""
        view = None
        if piece.buttons:
            view = ChoiceButton.choices_view(table.row.id, piece.buttons)
        elif piece.controls:
            view = controls_view(piece.controls)
        files: list[discord.File] = []
        content = piece.content
        if piece.timelapse and not drawn:
            content = posts.without_timelapse(table, content)
        if piece.board:
            before = self.tables.before_of(table)
            files.append(await self.drawing.turn(table, self.players(table), before))
        elif piece.step:
            before = self.tables.before_of(table)
            if before is not None:
                image = await self.drawing.step(before, table, self.players(table))
                files += [] if image is None else [image]
        files += drawn or []
        with sending(view):
            if piece.edit is not None:
                try:
                    return await self._edit(table, piece, view, files)
                except discord.NotFound:
                    pass  # the living message was deleted: this step starts a new one
            kwargs: dict = {"allowed_mentions": pings(piece.ping), "nonce": nonce}
            if files:
                kwargs["files"] = files
            if view is not None:
                kwargs["view"] = view
            return await target.send(content, **kwargs)

    async def _edit(
        self,
        table: Table,
        piece: Piece,
        view: discord.ui.View | None,
        files: list[discord.File],
    ) -> discord.Message:
        """One write for the whole step: text, picture and buttons replaced together (editing
        again after a crash gives the same message, so an edit needs no history check)."""
        assert piece.edit is not None
        channel = self.client.get_partial_messageable(table.row.channel_id)
        kwargs: dict = {
            "content": piece.content,
            "view": view,
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        if files or piece.board:
            kwargs["attachments"] = files
        return await channel.get_partial_message(piece.edit).edit(**kwargs)

    @staticmethod
    def players(table: Table) -> list[str] | None:
        """Each seat's holder by display name, for the board's labels (None before a start)."""
        if table.state is None:
            return None
        names = table.row.player_names
        return [names.get(str(table.holder(s)), "") for s in range(len(table.state.seat_names))]

    async def _already_sent(
        self, target: discord.abc.Messageable, post: OutboxRow, piece: Piece
    ) -> discord.Message | None:
        """The message a crashed attempt may have posted: ours, with the same text, after the
        last message known to have gone out to that place (so an earlier post that read the
        same is never mistaken for it); with none known yet, after the attempt began."""
        me = self.client.user
        if me is None or post.sending_at is None:
            return None
        last = await self.store.last_message(post.game_id, post.recipient)
        if last is None:
            last = discord.utils.time_snowflake(post.sending_at - timedelta(seconds=5))
        since = discord.Object(id=last)
        async for message in target.history(
            limit=limits.HISTORY_PAGE, after=since, oldest_first=True
        ):
            if message.author.id == me.id and message.content.strip() == piece.content.strip():
                log.info("post %s of game %s was already in the channel", post.id, post.game_id)
                return message
        return None

    async def _stale_buttons(self, table: Table, keep: set[int]) -> list[int]:
        """Every older message of the game that still has buttons, including ones posted
        before a restart; decided now, under the game's lock, so a later post is never hit."""
        return [m for m in await self.store.live_buttons(table.row.id) if m not in keep]

    def _retire_later(self, table: Table, stale: list[int]) -> None:
        if not stale:
            return
        task = asyncio.create_task(self._retire(table, stale), name=f"retire-{table.row.id}")
        self._retiring.add(task)
        task.add_done_callback(self._retiring.discard)

    async def _retire(self, table: Table, stale: list[int]) -> None:
        """Take the buttons off; a message someone deleted simply stops being tracked, one
        that cannot be edited now stays tracked and is tried again after the next post."""
        channel = self.client.get_partial_messageable(table.row.channel_id)
        done = []
        for message_id in stale:
            try:
                await channel.get_partial_message(message_id).edit(view=None)
                done.append(message_id)
            except discord.NotFound:
                done.append(message_id)
            except discord.HTTPException as exc:
                log.info(
                    "could not retire buttons on %s (game %s): %s", message_id, table.row.id, exc
                )
        await self.store.drop_live_buttons(done)

    async def retire_all(self, table: Table) -> None:
        async with self._lock(table.row.id):
            stale = await self._stale_buttons(table, set())
        await self._retire(table, stale)

    async def stop(self) -> None:
        """Cancel retirements under way (their messages stay tracked for the next start)."""
        for task in list(self._retiring):
            task.cancel()
        await asyncio.gather(*self._retiring, return_exceptions=True)

    # ----- failures --------------------------------------------------------------------------
    async def _failed(self, table: Table, post: OutboxRow, exc: BaseException) -> bool:
        """Settle a post that could not be sent; True if publication may go on past it."""
        store = self.store
        game_id = table.row.id
        if post.kind == "private" and isinstance(exc, discord.Forbidden):
            await store.mark_undeliverable(post.id)
            await self._tell_dms_closed(table, post)
            told = posts.fallback(post)
            if told is not None:
                await store.add_posts(game_id, [told])
            return True
        if isinstance(exc, discord.HTTPException) and post.parts_sent == 0:
            # Discord answered with a refusal, so nothing went out: the post is composed anew
            # next time, when it can say that it is late. (A timeout keeps its exact text, which
            # is how a message that did go out is recognised.)
            await store.reset_post(post.id)
        attempts = post.attempts + 1
        delay = retry_delay(attempts, self.settings.retry_base_seconds, self.rng.random())
        due = datetime.now(UTC) + delay
        await store.postpone(post.id, attempts, due)
        for later in await store.open_posts(game_id):
            if later.id > post.id:  # sent after this one, so due no sooner: else the sweep
                await store.postpone(later.id, later.attempts, due)  # would retry it at once
        code = getattr(exc, "code", None)
        if post.kind != "private" and isinstance(exc, discord.HTTPException) and code in GONE:
            failures = await store.channel_failed(game_id)
            if failures >= self.settings.orphan_after_failures:
                await self._orphan(table)
            return False
        if isinstance(exc, discord.HTTPException | aiohttp.ClientError | TimeoutError):
            log.warning("could not post for game %s (try %s): %s", game_id, attempts, exc)
        else:
            log.error("unexpected error posting for game %s", game_id, exc_info=exc)
        return False

    async def _tell_dms_closed(self, table: Table, post: OutboxRow) -> None:
        """Say once per game and player, in the channel, that their DMs are closed."""
        user_id = post.recipient or 0
        if await self.store.note_dm_closed(table.row.id, user_id):
            closed = m("bot.publication.dms_closed", who=f"<@{user_id}>")
            await self.store.add_posts(
                table.row.id, [posts.tell(table, closed, [user_id], to=user_id)]
            )

    async def _orphan(self, table: Table) -> None:
        if table.row.status not in ("lobby", "active"):
            return
        await self.store.orphan(table.row.id)
        self.tables.forget(table.row.id)
        log.warning(
            "game %s closed as orphaned: its channel %s is gone or closed to the bot",
            table.row.id,
            table.row.channel_id,
        )


def retry_delay(attempts: int, base: float, draw: float) -> timedelta:
    """The wait after a post's `attempts`-th failure: `base` seconds doubled for each earlier
    failure, at most `RETRY_CAP`, of which `draw` (uniform in [0, 1)) takes off up to half.

    An outage holds back the posts of every game at once; without the random share they would
    all be tried again in the same instant when it ends, and again together at each doubling.
    Taking off at most half keeps each wait long enough to spare a struggling Discord.
    """
    doubled = base * 2 ** min(attempts - 1, 32)
    longest = min(RETRY_CAP.total_seconds(), doubled)
    return timedelta(seconds=longest * (1 - draw / 2))


def _reading(table: Table, post: OutboxRow) -> str:
    """The language `post` is read in: its recipient's for a DM, else the channel's."""
    said = table_language(table.row)
    if post.kind != "private" or post.recipient is None:
        return said
    return person_language(table.row.prefs.get(post.recipient), None, said)


def _late_note(post: OutboxRow, catching_up: bool, language: str) -> str:
    recent = datetime.now(UTC) - post.created_at < LATE_AFTER
    if post.attempts == 0 and recent and not catching_up:
        return ""
    when = f"<t:{int(post.created_at.timestamp())}:R>"
    return say(m("bot.publication.late", when=when), language) + "\n"


def pings(user_ids: list[int]) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        users=[discord.Object(id=u) for u in dict.fromkeys(user_ids)],
        everyone=False,
        roles=False,
        replied_user=False,
    )
