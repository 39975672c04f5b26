"""What the store hands back and refuses with: the rows it reads and writes, and its errors.

These are the same for every implementation of `bot.store.protocol.GameStore`: a PostgreSQL
store would return these rows and raise these errors, so nothing outside the store needs to know
which database holds a game. A player's `Prefs` and a seat's `Wait` are rows too: the store reads
and writes them, and `bot.table.pace` works out their schedule.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, Field, field_validator

from engine.messages import Msg, known, languages, m
from engine.words import quoted

Status = Literal["lobby", "active", "finished", "abandoned"]
Closure = Literal["abandoned", "orphaned"]
PostKind = Literal["turn", "private", "notice"]


class StaleVersion(Exception):
    """Someone else changed the game between our read and our write."""


class ChannelBusy(Exception):
    """The channel already holds a game in its lobby or in play."""


class GameRow(BaseModel):
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    host_id: int
    status: Status
    options: dict[str, Any]
    players: list[int]
    seed: int | None
    state: str | None
    version: int
    lobby_message_id: int | None
    announced: list[tuple[int, int]] = []
    """The (seat, decision) pairs the channel was last shown as owed: they are not pinged
    again, while a seat with a new decision is."""
    living: dict[str, Any] | None = None
    """The turn message being edited in place (see `posts.Living`), if any."""
    player_names: dict[str, str] = {}
    """Each player's display name by user id, as they last showed it to the bot."""
    channel_failures: int = 0
    closed_reason: str | None = None
    pace: dict[str, Any] = {}
    paused_at: str | None = None
    steps: int = 0
    """How many moves the game's log holds, when the row was read."""
    waits: dict[int, Wait] = {}
    """Each seat owing a decision, with its reminders and limits, when the row was read."""
    away: dict[int, datetime] = {}
    """Until when each player away from the game is away, when the row was read."""
    prefs: dict[int, Prefs] = {}
    """Each player's own settings, when the row was read."""


SYSTEM_USER = 0
"""User id logged for actions the bot takes itself: a default played for an absent player (a
host's force, a deadline or turn limit, a vacation). No Discord user has this id."""
IMPORTED_USER = -1
"""User id logged for a move read from a record file that was a player's own choice: the
player is not known here (a record names nobody), and the move was no default."""


class LoggedAction(BaseModel):
    seq: int
    seat: int
    user_id: int
    action: str
    reversible: bool = False

    @property
    def absent(self) -> bool:
        """A default the bot played for an absent player, which the game is told on replay
        (`history.Entry`): the log needs no column of its own, since the bot logs exactly those
        moves, and no other, under `SYSTEM_USER`."""
        return self.user_id == SYSTEM_USER


# ----- publication --------------------------------------------------------------------------
class Post(BaseModel):
    """Something the channel (or one player's DMs) must be told, decided when the change commits.

    `body` holds what is known at commit time (the narration, who was already waiting); how it
    is cut into messages is decided once, when it is first sent, and kept in `pieces`.
    """

    kind: PostKind
    recipient: int | None = None
    body: dict[str, Any]
    once_key: str | None = None
    """A post the game may hold only once, whichever process writes it (a reminder, by seat,
    decision and count): a second write of the same key is dropped whole (`AlreadyTold`)."""


class AlreadyTold(Exception):
    """A write's keyed post (`Post.once_key`) is in the outbox already: another process did
    the same work first, so this write is rolled back and nothing of it is stored."""


class Shown(BaseModel):
    """What the channel shows of a game once a turn post is out: who it shows as owing, and
    the turn message later steps of the same turn may edit."""

    announced: list[tuple[int, int]]
    living: dict[str, Any] | None


class OutboxRow(Post):
    id: int
    game_id: int
    seq: int
    state: Literal["pending", "sending", "sent", "undeliverable"]
    pieces: list[dict[str, Any]] | None
    parts_sent: int
    attempts: int
    created_at: datetime
    sending_at: datetime | None
    message_ids: list[int] = []
    """The messages already sent for this post (by an attempt a crash may have cut short)."""


class Outgoing(BaseModel):
    """A game's posts taken for sending, with what composing them needs: the game as it
    stands and the newest message it has in its channel (a living turn message is edited
    only while it is still that message)."""

    row: GameRow
    posts: list[OutboxRow]
    last_message: int | None


# ----- keeping games moving -----------------------------------------------------------------
class DueWait(BaseModel):
    """A seat the sweep must look at: a reminder or a limit of its wait has come."""

    game_id: int
    seat: int
    channel_id: int


class Rewind(BaseModel):
    """A rewind the host asked for, open until every player agrees or one refuses."""

    id: int
    game_id: int
    seqs: list[int]
    version: int
    asked_by: int
    agreed: list[int]
    state: Literal["open", "done", "refused", "stale"]


# ----- the record of a game -----------------------------------------------------------------
class Told(BaseModel):
    """One thing the channel was told of a game: an outbox row addressed to the channel."""

    id: int
    seq: int
    kind: str
    text: str
    to: int | None = None
    """The one player a notice is meant for (`posts.notice`), or None: meant for everyone."""
    said: list[Msg] = []
    """The same words as messages, one a line, when the post kept them (`text` is how the
    channel read them), so a reader of another language reads them in theirs; none for a post
    that kept only its text."""

    @staticmethod
    def words(kind: str, body: dict[str, Any]) -> str:
        """A channel post's words as stored: a turn's narration, or a notice."""
        return str(body.get("header" if kind == "turn" else "text", ""))


class Waiting(BaseModel):
    """A seat a listed game waits for."""

    seat: int
    user_id: int
    since: datetime
    out_of_turn: bool


class ListedGame(BaseModel):
    """A lobby or running game of a server, as `/game list` shows it."""

    game_id: int
    channel_id: int
    game: str
    status: str
    players: list[int]
    waiting: list[Waiting] = []


class OwedGame(BaseModel):
    """A running game where one person owes a decision, as `/game mine` shows it."""

    game_id: int
    channel_id: int
    guild_id: int | None
    game: str
    since: datetime
    seats: int
    out_of_turn: bool
    """Every decision they owe there is asked out of turn (a consent, a card window)."""


class Prefs(BaseModel):
    """What one person chose for all their games with `/game me`."""

    timezone: str = "UTC"
    quiet_from: int | None = Field(
        default=None,
        ge=0,
        le=23,
        json_schema_extra={"bounds": "bot.prefs.bounds.quiet_from"},
    )
    quiet_to: int | None = Field(
        default=None,
        ge=0,
        le=23,
        json_schema_extra={"bounds": "bot.prefs.bounds.quiet_to"},
    )
    on_deck: bool = False
    turn_dm: bool = False
    """Told by direct message, not by a ping in the channel, when it becomes their turn after
    they have been away from the table longer than its grace."""
    language: str | None = None
    """The language they chose for their DMs and private answers; None follows their client."""
    client_locale: str | None = None
    """Their Discord client's language when they last used the bot (for DMs sent meanwhile)."""

    @field_validator("language")
    @classmethod
    def _spoken(cls, value: str | None) -> str | None:
        if value is not None and value not in languages():
            raise ValueError(f"The bot speaks {', '.join(languages())}.")
        return value

    def reads(self) -> str | None:
        """The catalog language this person reads, or None when nothing tells (the table's
        language is used then)."""
        chosen = self.language or self.client_locale
        return known(chosen) if chosen else None

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a folder, like America
            raise ValueError(
                f"There is no time zone called {quoted(value)}; pick one from the list."
            ) from None
        return value

    def quiet_until(self, now: datetime) -> datetime | None:
        """The end of the quiet hours `now` falls in, or None when the player may be reminded.

        Quiet hours run from `quiet_from` o'clock up to `quiet_to` o'clock local time and may
        span midnight (22 to 7)."""
        if self.quiet_from is None or self.quiet_to is None or self.quiet_from == self.quiet_to:
            return None
        zone = ZoneInfo(self.timezone)
        local = now.astimezone(zone)
        hour = local.hour
        start, end = self.quiet_from, self.quiet_to
        inside = start <= hour < end if start < end else hour >= start or hour < end
        if not inside:
            return None
        day = local.date() if hour < end else local.date() + timedelta(days=1)
        return datetime.combine(day, time(end), zone)

    def summary(self) -> Msg:
        """Their settings in one line, as `/game me settings` and `/game me data` say them."""
        quiet = (
            m("bot.prefs.quiet", start=self.quiet_from, end=self.quiet_to)
            if self.quiet_from is not None and self.quiet_to is not None
            else m("bot.prefs.no_quiet")
        )
        return m(
            "bot.prefs.summary",
            zone=self.timezone,
            quiet=quiet,
            deck=m("bot.prefs.on_deck.on" if self.on_deck else "bot.prefs.on_deck.off"),
            turn=m("bot.prefs.turn_dm.on" if self.turn_dm else "bot.prefs.turn_dm.off"),
            language=self.language or m("bot.prefs.as_client"),
        )


class Wait(BaseModel):
    """One seat owing one decision, and what is next due for it."""

    game_id: int
    seat: int
    user_id: int
    decision: int
    out_of_turn: bool
    since: datetime
    reminders: int = 0
    remind_at: datetime | None = None
    limit_at: datetime | None = None
    limit_told: bool = False

    @property
    def due_at(self) -> datetime | None:
        times = [t for t in (self.remind_at, None if self.limit_told else self.limit_at) if t]
        return min(times) if times else None


GameRow.model_rebuild()
Outgoing.model_rebuild()
