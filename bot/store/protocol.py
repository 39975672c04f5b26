"""What every store of games provides, whichever database holds them: the protocol alone.

The bot's other rooms hold a `GameStore` and never know which implementation is behind it:
`bot.store.sqlite.SqliteStore`, one file and one process, or `bot.store.postgres.PostgresStore`,
one database several processes share. Every update carries the version the caller
read, and a write against another version is refused with `StaleVersion`, never merged; work
that any process could pick up (posts to send, waits that fell due) is claimed by one worker at
a time under a lease. The rows handed back and the errors raised are in `bot.store.models`, and
`tests/store` holds every implementation to this protocol.
"""

from __future__ import annotations

import socket
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, Protocol

from bot.store.gauges import Backlog
from bot.store.lease import Holder
from bot.store.models import (
    Closure,
    DueWait,
    GameRow,
    ListedGame,
    LoggedAction,
    OutboxRow,
    Outgoing,
    OwedGame,
    Post,
    Prefs,
    Rewind,
    Shown,
    Status,
    Told,
    Wait,
)
from bot.store.owed import PendingAnswer
from bot.store.privacy import Forgotten, KeptAbout


class WaitStore(Protocol):
    """Keeping games moving: waits (a due one taken by one worker at a time, under a lease
    like the outbox's), players' settings, time away and rewinds."""

    async def waits(self, game_id: int) -> dict[int, Wait]: ...
    async def put_waits(self, game_id: int, waits: list[Wait]) -> None: ...
    async def update_wait(self, wait: Wait, posts: list[Post]) -> bool: ...
    async def due_waits(self, now: datetime, limit: int) -> list[DueWait]: ...
    async def claim_due_waits(
        self, worker: str, now: datetime, lease: timedelta, limit: int
    ) -> list[DueWait]: ...
    async def release_waits(self, worker: str, waits: list[DueWait]) -> None: ...
    async def prefs(self, user_ids: list[int]) -> dict[int, Prefs]: ...
    async def set_prefs(self, user_id: int, prefs: Prefs) -> None: ...
    async def away(self, game_id: int) -> dict[int, datetime]: ...
    async def set_away(
        self,
        row: GameRow,
        user_id: int,
        until: datetime | None,
        posts: list[Post],
        waits: list[Wait],
    ) -> None: ...
    async def open_rewind(
        self,
        row: GameRow,
        seqs: list[int],
        asked_by: int,
        announce: Callable[[int], list[Post]],
    ) -> Rewind: ...
    async def rewind(self, rewind_id: int) -> Rewind | None: ...
    async def settle_rewind(
        self, rewind: Rewind, *, agreed: list[int], state: str, posts: list[Post] | None = None
    ) -> bool: ...


class OutboxStore(Protocol):
    """Publication's part: the outbox, what the channel shows, live buttons. A game's open
    posts are taken by one worker at a time (`claim_posts`), under a lease that a delivered,
    given-up or postponed post gives back and that another worker takes over once it runs out.
    """

    async def open_posts(self, game_id: int) -> list[OutboxRow]: ...
    async def take_posts(
        self, worker: str, game_id: int, now: datetime, lease: timedelta
    ) -> Outgoing | None: ...
    async def due_games(self, now: datetime, limit: int) -> list[int]: ...
    async def claim_posts(
        self,
        worker: str,
        now: datetime,
        lease: timedelta,
        limit: int,
        grace: timedelta = ...,
    ) -> list[int]: ...
    async def release_posts(self, worker: str, game_id: int) -> None: ...
    async def mark_sending(self, post_id: int, pieces: list[dict[str, Any]]) -> None: ...
    async def mark_part_sent(
        self,
        post_id: int,
        parts_sent: int,
        done: bool,
        message_id: int,
        *,
        buttons: tuple[int, int] | None = None,
        shown: Shown | None = None,
    ) -> list[int]: ...
    async def last_message(self, game_id: int, recipient: int | None) -> int | None: ...
    async def prune(self, before: datetime, limit: int) -> int: ...
    async def postpone(self, post_id: int, attempts: int, due_at: datetime) -> None: ...
    async def mark_undeliverable(self, post_id: int) -> None: ...
    async def reset_post(self, post_id: int) -> None: ...
    async def channel_failed(self, game_id: int) -> int: ...
    async def channel_worked(self, game_id: int) -> None: ...
    async def live_buttons(self, game_id: int) -> list[int]: ...
    async def drop_live_buttons(self, ids: list[int]) -> None: ...
    async def note_dm_closed(self, game_id: int, user_id: int) -> bool: ...
    async def add_posts(self, game_id: int, posts: list[Post]) -> None: ...
    async def last_narration(self, game_id: int) -> str | None: ...


class RecordStore(Protocol):
    """The record of a game: /game log, board, since, export, import, list, mine."""

    async def latest_game(self, channel_id: int, *, finished: bool = False) -> GameRow | None: ...
    async def narration(
        self,
        game_id: int,
        *,
        first_seq: int = 0,
        last_seq: int | None = None,
        after_id: int = 0,
        upto_id: int | None = None,
    ) -> list[Told]: ...
    async def last_acted(self, game_id: int, user_id: int) -> int | None: ...
    async def steps(self, game_id: int) -> int: ...
    async def held(self, *, host_id: int | None, guild_id: int | None) -> int: ...
    async def import_game(
        self,
        row: GameRow,
        log: list[LoggedAction],
        told: list[tuple[int, Post]],
        posts: list[Post],
        waits: list[Wait],
        caps: tuple[int, int] | None = None,
    ) -> GameRow: ...
    async def live_games(
        self, guild_id: int, offset: int, limit: int
    ) -> tuple[int, list[ListedGame]]: ...
    async def owed_by(
        self, user_id: int, offset: int, limit: int
    ) -> tuple[int, list[OwedGame]]: ...


class DraftStore(Protocol):
    """Drafts of secret orders, one per (game, seat), bound to the decision they answer."""

    async def draft(self, game_id: int, seat: int, decision: int) -> dict[str, str]: ...
    async def put_draft(
        self, game_id: int, seat: int, decision: int, lines: dict[str, str]
    ) -> None: ...


class LeaseStore(Protocol):
    """One bot per database: the lease its running bot holds and renews (`bot.store.lease`)."""

    async def hold(
        self, me: Holder, now: datetime, lease: timedelta, replacing: str | None = None
    ) -> Holder | None: ...
    async def let_go(self, me: Holder) -> None: ...


class GaugeStore(Protocol):
    """Work due and not yet done, for the health endpoint (`bot.store.gauges`)."""

    async def backlog(self, now: datetime) -> Backlog: ...


class PrivacyStore(Protocol):
    """What the database keeps about a person, forgetting them, and ended games expiring
    (`bot.store.privacy`)."""

    async def kept_about(self, user_id: int) -> KeptAbout: ...
    async def forget(self, user_id: int) -> Forgotten: ...
    async def expire(self, before: datetime, limit: int) -> int: ...


class AnswerStore(Protocol):
    """Answers owed to players, marked by every write made for their command."""

    async def owe(
        self,
        interaction_id: int,
        application_id: int,
        token: str,
        expires_at: datetime,
        channel_id: int,
        user_id: int,
        language: str,
        holder: str | None = None,
    ) -> None: ...
    async def settle(self, interaction_id: int) -> None: ...
    async def claim_owed(self, now: datetime, holder: str | None = None) -> list[PendingAnswer]: ...


class SpectatorStore(Protocol):
    """Each game's spectator page link: its token, or none once its host turned it off."""

    async def spectator_link(self, game_id: int) -> tuple[bool, str | None]: ...
    async def set_spectator_link(self, game_id: int, token: str | None) -> None: ...
    async def spectated(self, token: str) -> GameRow | None: ...


class GameStore(
    WaitStore,
    OutboxStore,
    RecordStore,
    DraftStore,
    AnswerStore,
    SpectatorStore,
    LeaseStore,
    GaugeStore,
    PrivacyStore,
    Protocol,
):
    """The whole store: its games and their logs, and each part above."""

    async def open(self) -> None: ...
    async def aclose(self) -> None: ...

    async def live_game(self, channel_id: int) -> GameRow | None: ...
    async def get(self, game_id: int) -> GameRow | None: ...
    async def create_lobby(
        self, channel_id: int, guild_id: int | None, game: str, host_id: int
    ) -> GameRow: ...
    async def update_lobby(
        self,
        row: GameRow,
        *,
        players: list[int] | None = None,
        options: dict[str, Any] | None = None,
        lobby_message_id: int | None = None,
    ) -> GameRow: ...
    async def start(
        self,
        row: GameRow,
        options: dict[str, Any],
        seed: int,
        state: str,
        posts: list[Post],
        waits: list[Wait] | None = None,
    ) -> GameRow: ...
    async def record_action(
        self,
        row: GameRow,
        seat: int,
        user_id: int,
        action: str,
        state: str,
        finished: bool,
        posts: list[Post],
        waits: list[Wait] | None = None,
        reversible: bool = False,
    ) -> GameRow: ...
    async def update_game(
        self,
        row: GameRow,
        posts: list[Post],
        waits: list[Wait] | None = None,
        back: int | None = None,
        **changes: Any,
    ) -> GameRow: ...
    async def close(
        self, row: GameRow, status: Status, posts: list[Post], reason: Closure | None = None
    ) -> GameRow: ...
    async def orphan(self, game_id: int) -> None: ...
    async def action_log(self, game_id: int) -> list[LoggedAction]: ...
    async def rewrite_snapshot(self, game_id: int, version: int, state: str) -> None: ...
    async def name_players(self, game_id: int, names: dict[int, str]) -> None: ...


def worker_name(shards: list[int] | None = None) -> str:
    """The name this process claims work under: its host's, and the shards it runs
    (`SHARD_IDS`) if it runs some. A bot restarted on the same host takes back at once what it
    held when it stopped, rather than waiting for the leases to run out; processes sharing one
    database on one host run shards of their own (`bot.store.lease`), so their names differ."""
    host = socket.gethostname()
    return host if shards is None else f"{host}/shards {','.join(map(str, shards))}"
